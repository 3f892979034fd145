"""Half-lines at open upper ends and with unbounded sides (``engines.balls.half_lines``, issue 13).

An open upper end x -> U- is moved to a half-line by x = U - exp(-t) or U - 1/t (the mirror
image of the lower end); an unbounded side stays as it is (``Iv`` has infinite ends), also
next to an open end of another side.  True claims tight at the end are CERTIFIED; their
false twins, failing only near the end or only far out, never are."""

import pytest
import sympy
from sympy import Rational as R, log, sqrt

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.claims import Claim, Domain, Interval as I, Statement
from dpproof.engines.balls import half_lines as H
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict
from dpproof.expr import Q
from dpproof.expr.vocabulary import gauss_delta

from tests.helpers import TEST_SOURCE, make_claim

INTERVAL = load("interval")
CONFIG = Config(engine_timeout=40, max_boxes=3000)
TWIN = Config(engine_timeout=15, max_boxes=3000)     # a false twin runs to its limit
UPPER = I(R(1, 2), 1, hi_open=True)          # x in [1/2, 1): only the upper end is open
rho, delta = sympy.symbols("rho delta", positive=True)
L = log(1 / delta)


def _check(cid, lhs, rhs, config=CONFIG, **domain):
    return INTERVAL.check(Claim(cid, TEST_SOURCE, Statement(lhs, "<=", rhs),
                                Domain.of(**domain)), config)


def test_moved_to_an_upper_end_maps_onto_it():
    x = sympy.Symbol("x", positive=True)
    got = {is_log: e for (e,), t, is_log in H.moved([log(x)], x, 1, -1)}
    (t,) = got[True].free_symbols
    assert got[True] == log(1 - sympy.exp(-t))
    (r,) = got[False].free_symbols
    assert sympy.simplify(got[False].subs(r, 4) - log(R(3, 4))) == 0     # x = 1 - 1/r
    assert H.end_span(R(1, 2), True).lo > 0 and H.end_span(1, True) is None


def test_mirrored_chernoff_bound_certified_at_the_upper_end():
    """Q(1/(1-x)) <= exp(-1/(2 (1-x)^2)) on [1/2, 1): both sides vanish as x -> 1."""
    ev = INTERVAL.check(make_claim("t.up", "Q(1/(1-x)) <= exp(-1/(2*(1-x)^2))", x=UPPER),
                        CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, (ev.detail, ev.scope)


@pytest.mark.parametrize("text", ["Q(1/(1-x)) <= exp(-1/(2*(1-x)^2))*(1-x)/10",
                                  "Q(1/(1-x)) <= exp(-(1/(1-x)^2)*(1/2 + 1/1000))"])
def test_mirrored_false_twins_are_never_certified(text):
    """Each fails only as x -> 1 (Q(y) ~ exp(-y^2/2)/(y sqrt(2 pi)), y = 1/(1-x))."""
    ev = INTERVAL.check(make_claim("t.up_twin", text, x=UPPER), CONFIG)
    assert ev.verdict not in (Verdict.CERTIFIED, Verdict.PROVED), (ev.detail, ev.scope)


def test_chernoff_step_certified_as_delta_tends_to_one():
    """Q(sqrt(2 log(1/delta))) <= delta/2 on [1/2, 1): both sides -> 1/2 as delta -> 1
    (the proof's Chernoff step, adp_notes.gauss.bad_mass.step3)."""
    ev = _check("t.chernoff_one", Q(sqrt(2 * L)), delta / 2, delta=UPPER)
    assert ev.verdict is Verdict.CERTIFIED, (ev.detail, ev.scope)


def test_chernoff_twin_failing_only_next_to_one_is_never_certified():
    """delta/2 - Q(sqrt(2L)) ~ sqrt((1 - delta)/pi) as delta -> 1: the bound lowered by
    (1 - delta)^(2/5)/10 holds at delta = 1/2 (0.130 > 0.076), fails for 1 - delta < 3e-8."""
    ev = _check("t.chernoff_one_twin", Q(sqrt(2 * L)), delta / 2 - (1 - delta)**R(2, 5) / 10,
                delta=UPPER)
    assert ev.verdict not in (Verdict.CERTIFIED, Verdict.PROVED), (ev.detail, ev.scope)


POS = I(0, None, lo_open=True)
OPEN01 = I(0, 1, lo_open=True, hi_open=True)


def _zcdp(coef, shift=0):
    """Lemma 2.3 of cesar_rogers21 (rho-zCDP => (rho + 2 sqrt(rho log(1/delta)),
    delta)-DP for N(0,1) vs N(sqrt(2 rho), 1)), the coefficient 2 and a shift varied."""
    return gauss_delta(rho + coef * sqrt(rho * L) - shift, 1, sqrt(2 * rho))


def test_zcdp_conversion_certified_on_its_whole_domain():
    """rho in (0, oo) and delta in (0, 1): both ends of delta open, rho unbounded."""
    ev = _check("t.zcdp", _zcdp(2), delta, rho=POS, delta=OPEN01)
    assert ev.verdict is Verdict.CERTIFIED, (ev.detail, ev.scope)
    assert "certified on all" in ev.detail


@pytest.mark.parametrize("lhs", [_zcdp(R(19, 10)), _zcdp(2, rho / 100)],
                         ids=["coef_19_10", "shift_rho_100"])
def test_zcdp_false_twins_are_never_certified(lhs):
    """1.9 sqrt(rho L): fails as delta -> 0 (eps ~ 2 sqrt(rho L) is the exact decay);
    - rho/100: the Gaussian's eps is rho + sqrt(2 rho) z, so it fails far out in rho."""
    ev = _check("t.zcdp_twin", lhs, delta, TWIN, rho=POS, delta=OPEN01)
    assert ev.verdict not in (Verdict.CERTIFIED, Verdict.PROVED), (ev.detail, ev.scope)
