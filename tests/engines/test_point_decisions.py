"""Claims at a point, or a few points, decided by one certified evaluation at each
(``engines.balls.points``): no grid, no reduction, no box budget."""

import pytest

from dpproof.api import claim
from dpproof.checking import check_claim
from dpproof.engines.balls import engine as interval, points as interval_points
from dpproof.engines.numeric import engine as numeric
from dpproof.engines.search import engine as search
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.lowering import arb_ball, at_precision
from dpproof.oracles.composition.subsampled_pld import dpsgd_eps_ball

DPSGD = dict(q="0.004", sigma="0.8", T=1000, delta="1e-5")
AT = "q = 0.004, sigma = 0.8, T = 1000, delta = 0.00001"
WITNESS = {"q": "0.004", "sigma": "0.8", "T": "1000", "delta": "0.00001"}


def dpsgd(threshold: str):
    return claim(f"dpsgd_eps(q, sigma, T, delta) <= {threshold}", **DPSGD)


def test_the_dpsgd_bracket_straddles_1_28405():
    """The thresholds below are chosen from the bracket itself: 1.27 below its lower end,
    1.28405 inside it, 1.3 above its upper end."""
    import sympy
    with at_precision(128):
        ball = dpsgd_eps_ball(arb_ball(sympy.Rational(1, 250)), arb_ball(sympy.Rational(4, 5)),
                              arb_ball(sympy.Integer(1000)), arb_ball(sympy.Rational(1, 10**5)))
    assert 1.27 < ball.lower() < 1.28405 < ball.upper() < 1.3


def test_dpsgd_point_claim_certified_by_one_evaluation():
    ev = interval.check(dpsgd("1.3"), Config())
    assert ev.verdict is Verdict.CERTIFIED
    assert ev.scope == f"whole domain: the point {AT}"
    assert ev.data["ball_evaluations"] == 1 and ev.data["points"] == 1
    assert "grid" not in ev.scope


def test_dpsgd_point_claim_certified_by_the_runner_with_defaults():
    from dpproof.oracles.composition import subsampled_pld
    subsampled_pld._CACHE.clear()    # from cold, as `dpproof verify` meets it
    a = check_claim(dpsgd("1.3"), Config())
    assert a.verdict is Verdict.CERTIFIED
    assert a.label == "CERTIFIED on 1 instance"
    assert [e.engine for e in a.evidence if e.verdict is Verdict.CERTIFIED] == ["interval"]


def test_dpsgd_below_the_bracket_refuted_with_the_point():
    ev = interval.check(dpsgd("1.27"), Config())
    assert ev.verdict is Verdict.REFUTED
    assert ev.witness == WITNESS
    text = ev.violation.strip("[]")
    if "+/-" in text:       # printed as a ball: midpoint +/- radius
        mid, rad = (float(x) for x in text.split("+/-"))
        lo, hi = mid - rad, mid + rad
    else:                   # printed as its ends
        lo, hi = (float(x) for x in text.split(", "))
    assert lo < hi < 0      # the margin 1.27 - eps, certified negative


def test_dpsgd_inside_the_bracket_decided_neither_way():
    ev = interval.check(dpsgd("1.28405"), Config())
    assert ev.verdict is Verdict.INCONCLUSIVE
    assert ev.scope.startswith(f"undecided at {AT}: lhs in [1.28404, 1.28406] and rhs = 1.28405 "
                               "overlap")
    assert ev.data["ball_evaluations"] == 3      # 128, 256, 1024 bits: bounded and counted
    assert ev.data["stopped_by"].startswith("width of the oracle's own enclosure")
    a = check_claim(dpsgd("1.28405"), Config())
    assert a.verdict in (Verdict.SUPPORTED, Verdict.INCONCLUSIVE)
    assert "lhs in [1.28404, 1.28406] and rhs = 1.28405 overlap" in a.scope
    assert not any(e.verdict.decisive for e in a.evidence)


def test_tight_elementary_point_certified_never_refuted():
    """exp(x) >= 1 + x holds with equality at 0: certified (the ball of the margin is exactly
    0), and no engine claims a violation; the strict form is refuted by that exact 0."""
    ev = interval.check(claim("exp(x) >= 1 + x", x=0), Config())
    assert ev.verdict is Verdict.CERTIFIED and ev.scope == "whole domain: the point x = 0"
    a = check_claim(claim("exp(x) >= 1 + x", x=0), Config())
    assert a.verdict in (Verdict.PROVED, Verdict.CERTIFIED)
    assert not any(e.verdict is Verdict.REFUTED for e in a.evidence)
    strict = interval.check(claim("exp(x) > 1 + x", x=0), Config())
    assert strict.verdict is Verdict.REFUTED and strict.witness == {"x": "0"}


def test_tight_point_the_balls_straddle_decided_exactly():
    """exp(x log 2) = 2 at x = 1: every ball of the margin straddles 0 (up to 4096 bits,
    counted), and the exact decision certifies it; the strict form fails there, by the exact
    0 of its margin (``witness.exact_violation``), never by a ball."""
    ev = interval.check(claim("exp(x*log(2)) >= 2", x=1), Config())
    assert ev.verdict is Verdict.CERTIFIED
    assert ev.data["exact_points"] == 1
    assert ev.data["ball_evaluations"] == len(interval_points.precisions(
        claim("exp(x*log(2)) >= 2", x=1), Config())) == 5
    strict = interval.check(claim("exp(x*log(2)) > 2", x=1), Config())
    assert strict.verdict is Verdict.REFUTED and strict.witness == {"x": "1"}
    assert strict.violation == "0 (exactly)"
    lifted = interval.check(claim("exp(x*log(2)) + 10^-60 > 2", x=1), Config())
    assert lifted.verdict is not Verdict.REFUTED


def test_two_integer_points():
    c = claim("2^k >= k + 1", k=(0, 1), integers=["k"])
    ev = interval.check(c, Config())
    assert ev.verdict is Verdict.CERTIFIED
    assert ev.scope == "whole domain: all 2 points (k in [0, 1] integers)"
    assert ev.data["ball_evaluations"] == 2
    bad = interval.check(claim("2^k >= k + 2", k=(1, 2), integers=["k"]), Config())
    assert bad.verdict is Verdict.REFUTED and bad.witness == {"k": "1"}


def test_undefined_point_is_error_unless_refuted_elsewhere():
    ev = interval.check(claim("log(x) <= x", x=(0, 1), integers=["x"]), Config())
    assert ev.verdict is Verdict.ERROR and ev.data["undefined"]["point"] == {"x": "0"}
    ev = interval.check(claim("log(x) >= x", x=(0, 1), integers=["x"]), Config())
    assert ev.verdict is Verdict.REFUTED and ev.witness == {"x": "1"}
    assert "also undefined at x = 0" in ev.detail


def test_numeric_reports_a_point_not_a_grid():
    ev = numeric.check(claim("exp(x) >= 1 + x", x=0), Config())
    assert ev.verdict is Verdict.SUPPORTED and ev.scope == "1 point at 30 and 60 digits"
    assert ev.data["points"] == 1
    ev = numeric.check(claim("2^k >= k + 1", k=(0, 1), integers=["k"]), Config())
    assert ev.scope == "all 2 points at 30 and 60 digits"
    ev = numeric.check(claim("x^2 >= 0", x=(0, 1)), Config())
    assert ev.scope.endswith("grid points at 30 and 60 digits")


@pytest.mark.parametrize("statement, verdict", [("x >= 0.1", Verdict.SUPPORTED),
                                                ("x >= 0.2", Verdict.REFUTED)])
def test_search_evaluates_a_point_whose_double_is_inexact(statement, verdict):
    """The double nearest 1/10 reads back (17 digits) as a number outside {1/10}: the point
    is evaluated at 1/10 itself (it used to be dropped: 0 points, SUPPORTED), and a violation
    there is certified at the point as written."""
    ev = search.check(claim(statement, x="0.1"), Config(search_examples=20))
    assert ev.data["points_evaluated"] == 1
    assert ev.verdict is verdict
    if verdict is Verdict.REFUTED:
        assert ev.witness == {"x": "0.1"}


def test_constant_claim_is_one_point_too():
    """The issue's spelling, without parameters: the same single evaluation of each side."""
    ev = interval.check(claim("dpsgd_eps(0.004, 0.8, 1000, 1e-5) <= 1.3"), Config())
    assert ev.verdict is Verdict.CERTIFIED
    assert ev.scope == "whole domain: the single instance"
    assert ev.data["ball_evaluations"] == 1
    ev = interval.check(claim("dpsgd_eps(0.004, 0.8, 1000, 1e-5) <= 1.28405"), Config())
    assert ev.verdict is Verdict.INCONCLUSIVE
    assert ev.scope == "undecided: lhs in [1.28404, 1.28406] and rhs = 1.28405 overlap"
