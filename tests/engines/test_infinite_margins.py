"""Margins that are exactly infinite once the oracles are derived (engines.exact.infinite).

renyi(N(0, 2^2), N(0, 1), alpha) is +inf from alpha = 4/3 on (alpha * 1 + (1 - alpha) * 4 <= 0:
the integrand p^alpha q^(1 - alpha) no longer decays).  At alpha = 4/3 exactly the integrand
is constant: no ball of 4/3 decides it, and mpmath gives finite values that grow with the
precision (red round 11: SUPPORTED, a false claim).  The derivation at the one point decides
it exactly; a finite value nearby is not taken for infinite."""

import sympy

from dpproof.claims import Interval
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict
from dpproof.runner import check_claim
from tests.helpers import make_claim

R = sympy.Rational
RENYI = "renyi(Normal(0, 2), Normal(0, 1), alpha)"


def _at(text, alpha):
    return make_claim("t.inf", text, alpha=Interval(alpha, alpha))


def test_an_infinite_divergence_at_the_point_refutes_an_upper_bound():
    ev = load("symbolic").check(_at(f"{RENYI} <= 1000", R(4, 3)), Config())
    assert ev.verdict is Verdict.REFUTED and ev.witness == {"alpha": "4/3"}
    assert ev.violation == "-inf (exactly)"
    got = check_claim(_at(f"{RENYI} <= 10^30", R(4, 3)), Config())
    assert got.verdict is Verdict.REFUTED and got.witness == {"alpha": "4/3"}


def test_and_proves_a_lower_bound():
    ev = load("symbolic").check(_at(f"{RENYI} >= 10^30", R(4, 3)), Config())
    assert ev.verdict is Verdict.PROVED


def test_a_finite_value_next_to_the_boundary_is_not_infinite():
    # alpha = 13/10: sigma_alpha^2 = 13/10 - 12/10 = 1/10, D = log(1/2) + log(10)/(2 * 3/10)
    value = sympy.log(R(1, 2)) + sympy.log(10) / R(3, 5)
    assert abs(float(value) - 3.14449) < 1e-5
    assert check_claim(_at(f"{RENYI} <= 1000", R(13, 10)), Config()).verdict in (
        Verdict.PROVED, Verdict.CERTIFIED)
    below = check_claim(_at(f"{RENYI} <= 3144/1000", R(13, 10)), Config())
    assert below.verdict is Verdict.REFUTED
    assert check_claim(_at(f"{RENYI} <= 3145/1000", R(13, 10)), Config()).verdict in (
        Verdict.PROVED, Verdict.CERTIFIED)


def test_a_hypothesis_keeps_the_exact_route_from_refuting():
    # the hypothesis alpha > 2 fails at 4/3: the implication holds there (vacuously)
    ev = load("symbolic").check(_at(f"alpha > 2 => {RENYI} <= 1000", R(4, 3)), Config())
    assert ev.verdict is not Verdict.REFUTED


def test_mpmath_values_that_disagree_everywhere_support_nothing():
    ev = load("numeric").check(_at(f"{RENYI} <= 1000", R(4, 3)), Config())
    assert ev.verdict is Verdict.INCONCLUSIVE and "disagree at every grid point" in ev.detail


def test_a_margin_of_minus_inf_in_balls_is_written_so():
    ev = load("interval").check(make_claim("t.b", f"{RENYI} <= 1000",
                                           alpha=Interval(R(3, 2), 2)), Config())
    assert ev.verdict is Verdict.REFUTED and ev.violation == "-inf"


def test_infinite_on_a_whole_range_and_not_beyond_it():
    # alpha in [4/3, 2]: the quadratic coefficient 3(alpha - 4/3)/8 >= 0, +inf on the range
    on = dict(alpha=Interval(R(4, 3), 2))
    symbolic = load("symbolic")
    assert symbolic.check(make_claim("t.a", f"{RENYI} >= 10^6", **on),
                          Config()).verdict is Verdict.PROVED
    refuted = symbolic.check(make_claim("t.b", f"{RENYI} <= 10^6", **on), Config())
    assert refuted.verdict is Verdict.REFUTED
    assert R(4, 3) <= R(refuted.witness["alpha"]) <= 2
    # from 13/10 on, the divergence is finite below 4/3: never PROVED, refuted below 4/3
    below = check_claim(make_claim("t.c", f"{RENYI} >= 10^6", alpha=Interval(R(13, 10), 2)),
                        Config())
    assert below.verdict is Verdict.REFUTED and R(below.witness["alpha"]) < R(4, 3)


def test_q_without_mass_where_p_has_some_and_an_end_where_p_has_none():
    # renyi(Bernoulli(p), Bernoulli(0), 2) is +inf for p > 0 and 0 at p = 0
    text = "renyi(Bernoulli(p), Bernoulli(0), 2) >= 10^9"
    open_end = make_claim("t.o", text, p=Interval(0, 1, lo_open=True))
    assert check_claim(open_end, Config()).verdict is Verdict.PROVED
    closed = check_claim(make_claim("t.c", text, p=Interval(0, 1)), Config())
    assert closed.verdict is Verdict.REFUTED and closed.witness == {"p": "0"}
