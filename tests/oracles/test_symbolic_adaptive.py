"""Lemma 5.1's recursion and the one-BR sup derived in sympy (``oracles.symbolic.adaptive``)
against the certified ball oracles (``oracles.composition.adaptive``, ``bounded_range``) at
exact points; the recursion's sups to 2^-100; wrong closed forms against the derived forms
never PROVED (issue 13)."""

import pytest
import sympy
from flint import arb, ctx

from dpproof.claims import Interval, Kind
from dpproof.engines.exact import instances, engine as symbolic
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.oracles.composition import adaptive as A, bounded_range as BC
from dpproof.oracles.symbolic import Underivable, adaptive as SA, derive_call
from dpproof.expr import vocabulary as V
from tests.helpers import make_claim

R, I = sympy.Rational, sympy.Integer
ORDERS = ["", "D", "B", "DB", "BD", "DDB", "DBD", "BDD", "DDDB", "BDDD", "DDBD"]


def _ball(q):
    return arb(q.p) / q.q


def _value(expr) -> arb:
    return arb(str(sympy.N(expr, 60)))


@pytest.mark.parametrize("order", ORDERS)
def test_recursion_agrees_with_the_ball_oracle(order):
    with ctx.workprec(200):
        for eps in (R(1, 2), R(1), R(3, 2)):
            for x in (R(-1, 2), R(0), R(1, 4), R(3, 4), R(1), R(3, 2), R(5, 2)):
                exact = _value(SA.recursion(order, eps, x))
                ball = A.adaptive_delta(order, _ball(eps), _ball(x))
                assert abs(float((exact - ball).mid())) <= float(ball.rad()) + 1e-40, \
                    (order, eps, x, exact, ball)


def test_reference_values():
    """B at eps = 1/2, x = -1/2: the sup is at t = 0 (1 - e^-1/2); DB at eps = 1/2, x = 0."""
    assert sympy.simplify(SA.recursion("B", R(1, 2), R(-1, 2)) - (1 - sympy.exp(R(-1, 2)))) == 0
    assert abs(float(SA.recursion("DB", R(1, 2), R(0))) - 0.24491866240370913) < 1e-15
    assert SA.recursion("DDB", R(1), R(5)) == 0


def test_default_tolerance_is_2_to_the_minus_100():
    assert A.TOL_BITS == 100
    with ctx.workprec(200):
        for order in ("B", "DB", "DDDB"):
            ball = A.adaptive_delta(order, arb(1) / 2, arb(3) / 4)
            assert ball.rad() < arb(2) ** -90, (order, ball)


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_br_sup_delta_agrees_with_the_certified_sup(k):
    with ctx.workprec(128):
        for d in (k - 1, k):
            for eps in (R(1, 2), R(1)):
                for g in (R(0), R(1, 2), R(1), R(3, 2)):
                    exact = _value(SA.br_sup_delta(I(k), I(d), eps, g))
                    ball = BC.sup_delta(k, d, _ball(eps), _ball(g))
                    assert abs(float((exact - ball).mid())) <= float(ball.rad()) + 1e-30, \
                        (k, d, eps, g, exact, ball)


def test_kinks_in_eps_units_derive_for_symbolic_eps():
    eps = sympy.Symbol("eps", positive=True)
    form = derive_call(V.br_adaptive_delta(2, 1, eps, eps / 3))
    at = form.subs(eps, R(3, 2))
    assert abs(float(at) - float(SA.recursion("DB", R(3, 2), R(1, 2)))) < 1e-12


def test_one_brs_sup_is_the_adaptive_step():
    """br_sup_delta(1, 0) and one adaptive BR step are the same sup (Lemma 5.1, k = 1)."""
    for eps, g in ((R(1, 2), R(1, 4)), (R(1), R(0)), (R(3, 2), R(1))):
        assert SA.br_sup_delta(I(1), I(0), eps, g) == SA.br_adaptive_delta(I(1), I(1), eps, g)


def test_what_is_not_derived():
    x = sympy.Symbol("x", real=True)
    for call in (V.br_adaptive_delta(3, 5, 1, R(1, 2)),       # two BR steps
                 V.br_sup_delta(3, 1, 1, R(1, 2)),            # two RR_{eps,t}
                 V.br_adaptive_delta(2, 1, 1, x)):            # kinks in no decided order
        with pytest.raises(Underivable):
            derive_call(call)


def _claim(text, **ranges):
    return make_claim("t.adaptive", text, Kind.IDENTITY, **ranges)


G = dict(g=Interval.closed(0, 3, integer=True))
TRUE = [
    # Proposition 2: one BR first, middle, last
    "br_adaptive_delta(3, 4, 1/2, g/4) == br_adaptive_delta(3, 1, 1/2, g/4)",
    # one adaptive BR step is the non-adaptive sup
    "br_adaptive_delta(2, 1, 1, g/2) == br_sup_delta(2, 1, 1, g/2)",
]
FALSE = [
    # a constant changed
    "br_adaptive_delta(3, 4, 1/2, g/4) == br_adaptive_delta(3, 1, 1/2, g/4 + 1/64)",
    # an exponent off by one (one DP step fewer)
    "br_adaptive_delta(2, 1, 1, g/2) == br_sup_delta(1, 0, 1, g/2)",
    # a factor off
    "br_adaptive_delta(2, 1, 1, g/2) == (1 + 1/1000) * br_sup_delta(2, 1, 1, g/2)",
]


@pytest.mark.parametrize("text", TRUE)
def test_true_identities_are_proved_instance_by_instance(text):
    claim = _claim(text, **G)
    assert instances.prove(claim, 60.0) is not None


@pytest.mark.parametrize("text", FALSE)
def test_false_identities_are_not_proved(text):
    claim = _claim(text, **G)
    assert instances.prove(claim, 60.0) is None
    ev = symbolic.check(claim, Config(engines=("symbolic",), engine_timeout=60))
    assert ev.verdict is not Verdict.PROVED
