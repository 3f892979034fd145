"""The cosine-series loss derived exactly in Q(sqrt(2)) (``oracles.symbolic.mechanisms``)
against the ball oracle (``oracles.mechanisms.cosine_series_loss_arb``), and the equality
case of wasserman.series.dp.repaired: CERTIFIED only where the bound is exactly attained,
never for twins off by a needle."""

import pytest
import sympy
from flint import arb

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.claims import Interval as I
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict
from dpproof.lowering import at_precision, lower
from dpproof.oracles.mechanisms import cosine_series_loss_arb
from dpproof.oracles.symbolic import RULES, Underivable
from dpproof.oracles.symbolic.mechanisms import _sign

from tests.helpers import make_claim

R = sympy.Rational
INTERVAL = load("interval")
CONFIG = Config(engine_timeout=30, max_boxes=2000)
INT = dict(n=I.closed(1, 20, integer=True), m=I.closed(1, 4, integer=True),
           c=I.closed(1, 8, integer=True))
LOSS = "cosine_series_loss(n, m, 8*sqrt(2)*m/(c*n))"


@pytest.mark.parametrize("n, m, b", [(1, 1, R(1)), (3, 2, R(7, 3)), (7, 4, R(1, 9)),
                                     (20, 3, R(5)), (2, 7, R(3, 2)), (11, 12, R(2))])
def test_exact_loss_agrees_with_the_ball_oracle(n, m, b):
    bs = sympy.Symbol("b", positive=True)
    form = RULES["cosine_series_loss"](sympy.Integer(n), sympy.Integer(m), bs)
    with at_precision(200):
        derived = lower(form, ("b",))(arb(b.p) / b.q)
        oracle = cosine_series_loss_arb(arb(n), arb(m), arb(b.p) / b.q)
    assert derived.overlaps(oracle) and derived.rad() < 1e-50, (derived, oracle)


def test_exact_signs_in_q_sqrt2():
    assert _sign(R(3), R(-2)) == 1 and _sign(R(-3), R(2)) == -1    # 3 > 2 sqrt 2
    assert _sign(R(1), R(-1)) == -1 and _sign(R(-1), R(1)) == 1
    assert _sign(R(0), R(0)) == 0 and _sign(R(0), R(-1)) == -1
    assert _sign(R(99, 70), R(-1)) == 1 and _sign(R(140, 99), R(-1)) == -1  # Pell bounds


def test_n_may_be_a_positive_integer_symbol_m_must_be_given():
    k = sympy.Symbol("k", integer=True, positive=True)
    # n enters as 1/n only: m = 1, the pair (0, 1) moves |psi_1| by 2 sqrt(2)
    assert sympy.simplify(RULES["cosine_series_loss"](k, sympy.Integer(1), R(1))
                          - 2 * sympy.sqrt(2) / k) == 0
    for n in (sympy.Symbol("x", positive=True), sympy.Symbol("j", integer=True)):
        with pytest.raises(Underivable):
            RULES["cosine_series_loss"](n, sympy.Integer(1), R(1))
    with pytest.raises(Underivable):
        RULES["cosine_series_loss"](sympy.Integer(2), k, R(1))
    with pytest.raises(Underivable):
        RULES["cosine_series_loss"](sympy.Integer(2), sympy.Integer(51), R(1))


def test_the_attained_bound_is_certified():
    ev = INTERVAL.check(make_claim("cs.tight", f"{LOSS} <= c/4", **INT), CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, (ev.detail, ev.scope)


@pytest.mark.parametrize("text", [f"{LOSS} <= c/4 - 1/10^30",
                                  f"{LOSS} <= c/4*(1 - 1/10^6)",
                                  "cosine_series_loss(n, m, 8*sqrt(2)*m/(c*n)*(1 - 1/10^6)) "
                                  "<= c/4"])
def test_needles_below_the_attained_bound_are_refuted(text):
    ev = INTERVAL.check(make_claim("cs.needle", text, **INT), CONFIG)
    assert ev.verdict is Verdict.REFUTED, (ev.detail, ev.scope)
    assert ev.witness["m"] == "1"


def test_a_needle_at_one_instance_is_not_certified():
    # true except at n = 3, m = 1, c = 7, where the bound is off by 10^-40
    text = f"{LOSS} <= c/4 - max(0, 1 - (n - 3)**2 - (m - 1)**2 - (c - 7)**2)/10^40"
    ev = INTERVAL.check(make_claim("cs.one", text, **INT), CONFIG)
    assert ev.verdict is Verdict.REFUTED, (ev.detail, ev.scope)
    assert (ev.witness["n"], ev.witness["m"], ev.witness["c"]) == ("3", "1", "7")


SYMBOLIC = load("symbolic")
KS = dict(n=I.closed(1, 4, integer=True), k=I.closed(1, 3, integer=True))


def test_ks_sensitivity_derives_to_the_ball_oracles_rational():
    from dpproof.oracles.mechanisms import ks_sensitivity_enum_arb
    for n in range(1, 5):
        for k in range(1, 4):
            exact = RULES["ks_sensitivity_enum"](sympy.Integer(n), sympy.Integer(k))
            assert exact == R(1, n)
            assert ks_sensitivity_enum_arb(arb(n), arb(k)).contains(arb(exact.p) / exact.q)
    with pytest.raises(Underivable):
        RULES["ks_sensitivity_enum"](sympy.Integer(5), sympy.Integer(1))
    with pytest.raises(Underivable):
        RULES["ks_sensitivity_enum"](sympy.Symbol("n", integer=True, positive=True),
                                     sympy.Integer(1))


def test_ks_sensitivity_is_proved_instance_by_instance_and_twins_are_not():
    from dpproof.claims import Kind
    true = make_claim("ks.true", "ks_sensitivity_enum(n, k) == 1/n", Kind.IDENTITY, **KS)
    assert SYMBOLIC.check(true, CONFIG).verdict is Verdict.PROVED
    # off everywhere; off by 10^-30 at n = 3, k = 2 only
    for text in ("ks_sensitivity_enum(n, k) == 1/(n + 1)",
                 "ks_sensitivity_enum(n, k) == 1/n + max(0, 1 - (n - 3)**2 - (k - 2)**2)/10^30"):
        ev = SYMBOLIC.check(make_claim("ks.false", text, Kind.IDENTITY, **KS), CONFIG)
        assert ev.verdict is not Verdict.PROVED, ev.detail
