"""Symbolic oracles (derived in sympy from the densities) against the certified ball oracles.

Two independent derivations of the same quantity: the sympy form is lowered to arb and must
overlap the ball oracle's enclosure on random exact points of every family (>= 200 points).
"""

from __future__ import annotations

import random

import pytest
import sympy
from sympy import Rational as R

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.lowering import at_precision, lower
from dpproof.oracles.functions import (Bernoulli, Laplace, Normal, OSGT, TruncNormal, hockey_stick,
                                       kl, renyi, tv)
from dpproof.oracles.symbolic import Underivable, derive, derive_call

rng = random.Random(20261123)


def _q(lo, hi, den=64):
    return R(rng.randint(int(lo * den), int(hi * den)), den)


def _scale():
    return rng.choice([_q(R(1, 8), 4), R(1, 1000), R(1000), _q(1, 3)])


def _cases():
    out = []
    for _ in range(10):
        s, mu, e, a = _scale(), _q(-2, 2), _q(-1, 3), rng.choice([_q(1, 8) + R(1, 64),
                                                                 1 + R(1, 10 ** 6)])
        s2 = _q(R(1, 2), 3)
        P, Pq = Normal(0, s), Normal(mu, s)
        out += [renyi(P, Pq, a), kl(P, Pq), hockey_stick(P, Pq, e), tv(P, Pq),
                renyi(Normal(mu, s2), Normal(0, 1), a), kl(Normal(mu, s2), Normal(0, 1)),
                hockey_stick(P, P, e)]
        b = _q(R(1, 4), 3)
        L, Lq = Laplace(0, b), Laplace(mu, b)
        out += [renyi(L, Lq, a), kl(L, Lq), hockey_stick(L, Lq, e), tv(L, Lq)]
        m = _q(0, 2)
        O, Oq = OSGT(0, s2, m), OSGT(1, s2, m)
        out += [renyi(O, Oq, a), kl(O, Oq), hockey_stick(O, Oq, e)]
        p, q = _q(R(1, 64), R(63, 64)), _q(R(1, 64), R(63, 64))
        out += [renyi(Bernoulli(p), Bernoulli(q), a), kl(Bernoulli(p), Bernoulli(q)),
                hockey_stick(Bernoulli(p), Bernoulli(q), e), tv(Bernoulli(p), Bernoulli(q))]
        c = _q(R(1, 2), 3)
        out += [renyi(TruncNormal(0, s2, c), TruncNormal(0, 1, c), a),
                kl(TruncNormal(0, s2, c), TruncNormal(R(1, 4), s2, c + 1))]
    return out


CASES = _cases()


def test_enough_points():
    assert len(CASES) >= 200


@pytest.mark.parametrize("call", CASES, ids=[sympy.sstr(c)[:60] for c in CASES])
def test_symbolic_form_inside_ball_oracle(call):
    form = derive_call(call)
    with at_precision(256):
        oracle = lower(call, [], "arb")()
        if form == sympy.oo:
            assert oracle == oracle.pos_inf() or not oracle.is_finite() or oracle > 10 ** 6
            return
        value = lower(form, [], "arb")()
        assert value.is_finite(), (call, form)
        assert value.overlaps(oracle), (call, form, value, oracle)
        # the test can fail: both enclosures are tight where the oracle is tight
        if oracle.rad() < 1e-30:
            assert value.rad() < 1e-20 * (1 + abs(value.mid())), (call, value)


def test_identical_distributions_have_zero_divergence():
    s = sympy.Symbol("sigma", positive=True)
    e = sympy.Symbol("eps", nonnegative=True)
    assert sympy.simplify(derive_call(hockey_stick(Normal(0, s), Normal(0, s), e))) == 0
    assert sympy.simplify(derive_call(kl(Laplace(1, s), Laplace(1, s)))) == 0


def test_derivations_over_symbols():
    s, a, d = (sympy.Symbol(n, positive=True) for n in ("sigma", "alpha", "Delta"))
    g = derive_call(renyi(Normal(0, s), Normal(d, s), 1 + a))
    assert sympy.simplify(g - (1 + a) * d ** 2 / (2 * s ** 2)) == 0
    assert sympy.simplify(derive_call(kl(Normal(0, s), Normal(d, s))) - d ** 2 / (2 * s ** 2)) == 0


def test_undecided_sign_is_not_derived():
    t = sympy.Symbol("t", real=True)  # sign unknown: sigma > 0 cannot be decided
    with pytest.raises(Underivable):
        derive_call(renyi(Normal(0, t), Normal(1, 1), 2))
    a = sympy.Symbol("alpha", positive=True)  # alpha could equal 1
    with pytest.raises(Underivable):
        derive_call(renyi(Normal(0, 1), Normal(1, 1), a))
    assert derive(renyi(Normal(0, t), Normal(1, 1), 2) + 1) is None
    form, calls = derive(kl(Normal(0, 1), Normal(1, 1)) + 1)
    assert form == sympy.Rational(3, 2) and len(calls) == 1


def test_unequal_scales_hockey_stick_is_not_derived():
    with pytest.raises(Underivable):
        derive_call(hockey_stick(Normal(0, 1), Normal(0, 2), 1))
