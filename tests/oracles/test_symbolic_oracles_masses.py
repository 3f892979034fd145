"""Symbolic density, privacy loss, loss masses and event sups (``oracles.symbolic.masses``)
against the certified ball oracles (``divergences.privacy_loss``), and end to end through the
symbolic engine.

On random exact points of every family and pair the sympy form, lowered to arb, must be a
tight ball that overlaps the ball oracle's enclosure; points exactly at a kink, at a support
end, and at eps equal to a loss value are checked against the exact value the (strict)
definition gives.
"""

from __future__ import annotations

import random

import pytest
import sympy
from sympy import Rational as R

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.claims import Interval as I
from dpproof.claims import Kind
from dpproof.engines.exact import engine as symbolic
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.lowering import at_precision, lower
from dpproof.oracles.distributions.transforms import Finite
from dpproof.oracles.divergences.privacy_loss import (bad_mass, density, hs_events, loss_at,
                                                      loss_tail)
from dpproof.oracles.functions import (Bernoulli, Laplace, Normal, OSGT, TruncNormal, hockey_stick,
                                       kl, renyi)
from dpproof.oracles.symbolic import Underivable, derive_call
from tests.helpers import make_claim

rng = random.Random(20261124)


def _q(lo, hi, den=64):
    return R(rng.randint(int(lo * den), int(hi * den)), den)


def _eps():
    return rng.choice([_q(-1, 3), _q(0, 1), R(0)])


def _weights(n):
    return [rng.randint(0, 9) for _ in range(n - 1)] + [rng.randint(1, 9)]


def _cases():
    out = []
    for _ in range(8):
        s, mu, y, e = _q(R(1, 4), 3), _q(-2, 2), _q(-4, 4), _eps()
        N, Nq = Normal(0, s), Normal(mu, s)
        out += [density(Nq, y), loss_at(N, Nq, y), bad_mass(N, Nq, e), loss_tail(N, Nq, e)]
        b = _q(R(1, 4), 3)
        L, Lq = Laplace(0, b), Laplace(mu, b)
        out += [density(Lq, y), density(Lq, mu), loss_at(L, Lq, y), loss_at(L, Lq, mu),
                bad_mass(L, Lq, e), loss_tail(L, Lq, e), bad_mass(L, Lq, abs(mu) / b),
                loss_tail(L, Lq, abs(mu) / b)]
        b2 = _q(R(1, 4), 3)   # unequal scales: the loss is still linear on every piece
        out += [bad_mass(L, Laplace(mu, b2), e), loss_tail(Laplace(mu, b2), L, e)]
        m = _q(0, 2)
        O, Oq = OSGT(0, s, m), OSGT(mu, s, m)
        out += [density(Oq, y), density(O, 0), loss_at(O, Oq, y), bad_mass(O, Oq, e),
                loss_tail(O, Oq, e)]
        c = _q(1, 3)
        T, Tq = TruncNormal(0, s, c), TruncNormal(mu / 4, s, c)
        out += [density(T, y), density(T, c), density(T, -c), loss_at(T, Tq, _q(-1, 1) / 4),
                bad_mass(T, Tq, e), loss_tail(T, Tq, e)]
        p, q = _q(0, 1), _q(0, 1)
        out += [bad_mass(Bernoulli(p), Bernoulli(q), e), loss_tail(Bernoulli(p), Bernoulli(q), e),
                hs_events(Bernoulli(p), Bernoulli(q), e)]
        n = rng.randint(3, 5)
        F, Fq = Finite(*_weights(n)), Finite(*_weights(n))
        out += [bad_mass(F, Fq, e), loss_tail(F, Fq, e), hs_events(F, Fq, e),
                hockey_stick(F, Fq, e), bad_mass(F, F, 0), loss_tail(F, F, 0)]
        if 0 not in Fq.args:
            out += [kl(F, Fq), renyi(F, Fq, R(3, 2))]
    return out


CASES = _cases()


def test_enough_points():
    assert len(CASES) >= 250


def _value(expr):
    with at_precision(256):
        return lower(expr, [], "arb")()


@pytest.mark.parametrize("call", CASES, ids=[sympy.sstr(c)[:70] for c in CASES])
def test_symbolic_form_inside_ball_oracle(call):
    form = derive_call(call)
    assert not form.has(sympy.Piecewise), (call, form)   # decided at an exact point
    value, oracle = _value(form), _value(call)
    assert value.is_finite(), (call, form)
    assert value.overlaps(oracle), (call, form, value, oracle)
    # informative: the derived form is an exact expression, its ball is tight
    assert value.rad() < 1e-60 * (1 + abs(value.mid())), (call, value)
    if oracle.rad() < 1e-30:
        assert abs(value.mid() - oracle.mid()) < 1e-25 * (1 + abs(value.mid()))


# -- exact values at kinks, support ends, and eps equal to a loss value ------------------------

EXACT = [
    # Finite(1,2,3,4) vs (4,3,2,1): losses log(1/4), log(2/3), log(3/2), log 4; strict > 0
    (bad_mass(Finite(1, 2, 3, 4), Finite(4, 3, 2, 1), 0), R(7, 10)),
    (loss_tail(Finite(1, 2, 3, 4), Finite(4, 3, 2, 1), 0), 1),
    # 8 outcomes, 5 of them null in both laws: the events of the other 3 are enumerated
    (hs_events(Finite(1, 0, 2, 0, 0, 0, 0, 3), Finite(2, 0, 1, 0, 0, 0, 0, 1), 0), R(1, 3)),
    (hs_events(Finite(1, 0, 2, 0, 0, 0, 0, 3), Finite(2, 0, 1, 0, 0, 0, 0, 1),
               sympy.log(R(3, 2)) / 2), R(5, 6) - sympy.sqrt(6) / 4),
    # the atom where p_i = q_i (loss 0) is not counted at eps = 0 (strict)
    (bad_mass(Finite(1, 2, 3), Finite(3, 2, 1), 0), R(1, 2)),
    (loss_tail(Finite(1, 2, 3), Finite(3, 2, 1), 0), R(2, 3)),
    (loss_tail(Finite(1, 2, 3), Finite(3, 2, 1), -1), 1),
    (bad_mass(Finite(1, 2, 3), Finite(3, 2, 1), -1), R(5, 6)),   # log(1/3) < -1
    # q_i = 0 < p_i counts fully, p_i = 0 not at all
    (bad_mass(Finite(1, 1, 0), Finite(0, 1, 1), 10), R(1, 2)),
    (loss_tail(Finite(0, 1, 1), Finite(1, 1, 0), 10), R(1, 2)),
    (hs_events(Finite(1, 1, 0), Finite(0, 1, 1), 0), R(1, 2)),
    (hs_events(Bernoulli(R(3, 4)), Bernoulli(R(1, 4)), 0), R(1, 2)),
    # Laplace at its kink, and the loss of Laplace(0,1) vs Laplace(1,1): 1 on (-oo, 0],
    # 1 - 2x on [0, 1], -1 on [1, oo); at eps = 1 (= the constant loss) strict gives 0
    (density(Laplace(0, 1), 0), R(1, 2)),
    (density(Laplace(R(1, 3), 2), R(1, 3)), R(1, 4)),
    (loss_at(Laplace(0, 1), Laplace(1, 1), 0), 1),
    (loss_at(Laplace(0, 1), Laplace(1, 1), 1), -1),
    (bad_mass(Laplace(0, 1), Laplace(1, 1), 1), 0),
    (loss_tail(Laplace(0, 1), Laplace(1, 1), 1), 0),
    (bad_mass(Laplace(0, 1), Laplace(1, 1), R(99, 100)), R(1, 2) + (1 - sympy.exp(-R(1, 200))) / 2),
    (bad_mass(Laplace(0, 1), Laplace(1, 1), -1), R(1, 2) + (1 - sympy.exp(-1)) / 2),
    # TruncNormal at the ends of its (closed) support, and just outside
    (density(TruncNormal(0, 1, 1), 1), sympy.exp(-R(1, 2)) / (sympy.sqrt(2 * sympy.pi)
                                                               * sympy.erf(1 / sympy.sqrt(2)))),
    (density(TruncNormal(0, 1, 1), -1), sympy.exp(-R(1, 2)) / (sympy.sqrt(2 * sympy.pi)
                                                                * sympy.erf(1 / sympy.sqrt(2)))),
    (density(TruncNormal(0, 1, 1), R(1001, 1000)), 0),
    (loss_at(TruncNormal(0, 1, 1), TruncNormal(2, 1, 1), 1), 0),
]


@pytest.mark.parametrize("call,exact", EXACT, ids=[sympy.sstr(c)[:70] for c, _ in EXACT])
def test_exact_values_at_kinks(call, exact):
    form = derive_call(call)
    assert sympy.simplify(form - exact) == 0, (call, form)
    assert _value(form).overlaps(_value(call))


def test_strict_condition_at_the_constant_loss():
    """bad_mass(Laplace(0, 1), Laplace(1, 1), eps) as eps crosses the constant loss 1 of
    the left piece: 1/2 + its linear part just below 1, 0 at and above 1."""
    e = sympy.Symbol("eps", nonnegative=True)
    form = derive_call(bad_mass(Laplace(0, 1), Laplace(1, 1), e))
    assert form.subs(e, 1) == 0 and form.subs(e, 2) == 0
    below = form.subs(e, R(999, 1000))
    assert below.has(sympy.exp) and _value(below) > R(1, 2)


def test_symbolic_piecewise_forms():
    y, b = sympy.Symbol("y", real=True), sympy.Symbol("b", positive=True)
    f = derive_call(density(Laplace(0, b), y))
    assert isinstance(f, sympy.Piecewise)
    assert sympy.simplify(f.subs(y, 0) - 1 / (2 * b)) == 0
    assert sympy.simplify(f.subs(y, -3) - sympy.exp(-3 / b) / (2 * b)) == 0
    t = derive_call(density(TruncNormal(0, 1, b), y))
    assert t.subs(y, b + 1) == 0 and t.subs(y, -b - 1) == 0 and t.subs(y, b) != 0
    e = sympy.Symbol("eps", real=True)   # sign unknown: loss_tail keeps the eps < 0 branch
    g = derive_call(loss_tail(Normal(0, 1), Normal(1, 1), e))
    assert g.subs(e, -1) == 1 and _value(g.subs(e, R(1, 3))).overlaps(
        _value(loss_tail(Normal(0, 1), Normal(1, 1), R(1, 3))))


UNDERIVABLE = [
    # unequal Gaussian scales: the loss is quadratic on the piece
    bad_mass(Normal(0, 1), Normal(0, 2), R(1, 2)),
    loss_tail(Normal(0, 1), Normal(1, 2), R(1, 2)),
    # unequal symbolic Laplace scales: the sign of the loss slope 1/b1 - 1/b2 is undecided
    bad_mass(Laplace(0, sympy.Symbol("b1", positive=True)),
             Laplace(1, sympy.Symbol("b2", positive=True)), R(1, 2)),
    # the order of the kinks 0 and mu is undecided
    bad_mass(Laplace(0, 1), Laplace(sympy.Symbol("mu", real=True), 2), R(1, 2)),
    # q(y) = 0 at y = 3/2 (outside Q's support), and q(y) may vanish for a symbolic y
    loss_at(TruncNormal(0, 1, 2), TruncNormal(0, 1, 1), R(3, 2)),
    loss_at(TruncNormal(0, 1, 1), TruncNormal(0, 1, 1), sympy.Symbol("y", real=True)),
    # a Finite weight of unknown sign; a scale of unknown sign
    bad_mass(Finite(1, sympy.Symbol("w", real=True), 1), Finite(1, 1, 1), 0),
    density(Normal(0, sympy.Symbol("s", real=True)), 0),
    # 7 outcomes: more events than the symbolic enumeration takes; continuous laws
    hs_events(Finite(*range(1, 8)), Finite(*range(7, 0, -1)), 0),
    hs_events(Normal(0, 1), Normal(1, 1), 0),
    # mixed discrete and continuous
    bad_mass(Bernoulli(R(1, 2)), Normal(0, 1), 0),
]


@pytest.mark.parametrize("call", UNDERIVABLE, ids=[sympy.sstr(c)[:70] for c in UNDERIVABLE])
def test_underivable(call):
    with pytest.raises(Underivable):
        derive_call(call)


# -- end to end: the symbolic engine proves true claims and not their false twins -------------

CONFIG = Config(engines=("symbolic",))
POS = I(0, None, lo_open=True)
TRUE_CLAIMS = [
    ("bad_mass(Laplace(0, 1), Laplace(1, 1), eps) == 0", dict(eps=I.closed(1, 5))),
    ("density(Laplace(0, b), 0) == 1/(2*b)", dict(b=POS)),
    ("loss_tail(Bernoulli(3/4), Bernoulli(1/4), eps) == 1", dict(eps=I.closed(0, 1))),
    ("loss_tail(Bernoulli(3/4), Bernoulli(1/4), eps) == 0", dict(eps=I.closed(R(11, 10), 5))),
    ("bad_mass(Finite(1, 2, 3, 4), Finite(4, 3, 2, 1), 0) == 7/10", {}),
]
FALSE_CLAIMS = [
    ("bad_mass(Laplace(0, 1), Laplace(1, 1), eps) == 0", dict(eps=I.closed(R(1, 2), 5))),
    ("density(Laplace(0, b), 0) == 1/b", dict(b=POS)),
    ("loss_tail(Bernoulli(3/4), Bernoulli(1/4), eps) == 1", dict(eps=I.closed(0, R(6, 5)))),
    ("loss_tail(Bernoulli(3/4), Bernoulli(1/4), eps) == 0", dict(eps=I.closed(1, 5))),
    ("bad_mass(Finite(1, 2, 3, 4), Finite(4, 3, 2, 1), 0) == 9/10", {}),
]


def _claim(text, params):
    return make_claim("sym.mass", text, Kind.IDENTITY, **params)


@pytest.mark.parametrize("text,params", TRUE_CLAIMS, ids=[c[0] for c in TRUE_CLAIMS])
def test_true_claim_proved(text, params):
    claim = _claim(text, params)
    assert symbolic.supports(claim)
    ev = symbolic.check(claim, CONFIG)
    assert ev.verdict is Verdict.PROVED, ev.detail
    assert ev.data["derived"]


@pytest.mark.parametrize("text,params", FALSE_CLAIMS, ids=[c[0] for c in FALSE_CLAIMS])
def test_false_twin_not_proved(text, params):
    claim = _claim(text, params)
    assert symbolic.supports(claim)
    assert symbolic.check(claim, CONFIG).verdict is not Verdict.PROVED


@pytest.mark.parametrize("sigma,m", [(1, 0), (R(1, 3), R(1, 2)), (2, 1), (R(7, 2), R(-1, 4)),
                                     (R(1, 10), 1)])
def test_osgt_kernel_mass_inside_ball_oracle(sigma, m):
    from dpproof.expr.functions import REGISTRY
    call = REGISTRY["osgt_kernel_mass"](sigma, m)
    form = derive_call(call)
    value, oracle = _value(form), _value(call)
    assert value.overlaps(oracle) and value.rad() < 1e-40 * abs(value.mid()), (value, oracle)
    # a false twin: the kernel of the other half-width differs
    assert not _value(derive_call(REGISTRY["osgt_kernel_mass"](sigma, m + 1))).overlaps(oracle)
