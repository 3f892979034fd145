"""The substitution x = -q log y for exponential tails (``engines.balls.exp_substitution``).

A margin on x in (0, oo) that tends to 0 like e^(-x/2) is CERTIFIED in y = e^(-x/2); its
false twins (failing only far out, or only near 0) never are; ineligible claims are left
alone."""

import pytest
import sympy
from sympy import Rational as R

from dpproof.claims import Interval as I
from dpproof.engines.balls import exp_substitution as X
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict

from tests.helpers import make_claim

INTERVAL = load("interval")
CONFIG = Config(engine_timeout=20, max_boxes=3000)
POS = I(0, None, lo_open=True)
HALF = I(0, None)
# the exponential mechanism's lowest log-ratio (cesar_rogers21 Lemma 2.1): 0 at both ends
LSE = "log((1 + exp(-x) + exp(-3*x/2))/(1 + 2*exp(-x/2)))"


def _interval(text, iv=POS):
    return INTERVAL.check(make_claim("t", text, x=iv), CONFIG)


def test_rewrite_is_exact_and_names_the_map():
    claim, names = X.substituted(make_claim("t", LSE + " - x <= 0", x=POS))
    (y,) = claim.statement.lhs.free_symbols
    assert names == ("x = -2 log x'",)
    assert claim.domain.params[0][1] == I(0, 1, lo_open=True, hi_open=True)
    # at y = e^(-x/2) the rewritten margin equals the margin (x = 3/2)
    x0 = R(3, 2)
    xs = sympy.Symbol("x")
    old = sympy.sympify(LSE, locals={"x": xs}).subs(xs, x0) - x0
    new = claim.statement.lhs.subs(y, sympy.exp(-x0 / 2))
    assert abs(sympy.N(old - new, 50)) < 1e-45
    # [0, oo) maps onto (0, 1] (x = 0 is y = 1, kept)
    assert X.substituted(make_claim("t", LSE + " <= 0", x=HALF))[0].domain.params[0][1] \
        == I(0, 1, lo_open=True)


@pytest.mark.parametrize("text", ["sqrt(x)*exp(-x) <= 1", "exp(-x**2) <= 1", "log(x) <= x",
                                  "exp(-sqrt(2)*x) <= 1"])
def test_ineligible_claims_are_left_alone(text):
    assert X.substituted(make_claim("t", text, x=POS)) is None


def test_bounded_or_shifted_domains_are_left_alone():
    assert X.substituted(make_claim("t", LSE + " <= 0", x=I(0, 4))) is None
    assert X.substituted(make_claim("t", LSE + " <= 0", x=I(1, None))) is None


def test_exponentially_tight_tail_certified():
    ev = _interval(LSE + " <= 0")
    assert ev.verdict is Verdict.CERTIFIED
    assert "x = -2 log x'" in ev.detail


def test_true_twin_with_a_smaller_tail_certified():
    # LSE = -2y + 3y^2 + O(y^3) far out (y = e^(-x/2)), ~ -x/2 near 0: (1 - y^2) y^2/4
    # adds less at both ends
    assert _interval(LSE + " + (1 - exp(-x))*exp(-x)/4 <= 0").verdict is Verdict.CERTIFIED


@pytest.mark.parametrize("text", [
    LSE + " + 3*exp(-x/2) <= 0",                 # ~ y > 0: fails only as x -> oo
    LSE + " + 2*exp(-x/2) - exp(-x) <= 0",       # leading terms cancel: ~ 2y^2 > 0 far out
    LSE + " + x*exp(-x) <= 0",                   # ~ x/2 > 0: fails only near x = 0+
])
def test_false_twins_never_certified(text):
    assert _interval(text).verdict is not Verdict.CERTIFIED
