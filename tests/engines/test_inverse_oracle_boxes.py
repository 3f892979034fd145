"""The inverse oracles gauss_var_needed / osgt_var_needed on a ball of eps
(``oracles.conversions._sigma_for``): the two ends of the ball are solved as exact points
(H_eps is nonincreasing in eps), and the OSGT's E[Y^2] is taken at the ends of the sigma
bracket (it increases in sigma).  The enclosure must contain the value at every eps of the
ball and be about as wide as the true variation; over eps boxes the interval engine then
certifies osgt22.summary.less_noise-type claims, never a false twin (a constant off by 1e-6
at the tight end, an end needle)."""

import pytest
import sympy
from flint import arb, ctx

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.claims import Interval as I
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict
from dpproof.oracles.conversions import gauss_var_needed_value, osgt_var_needed_value

from tests.helpers import make_claim

CONFIG = Config(engine_timeout=120, max_boxes=2000)   # box budget decides; time only under load
INTERVAL = load("interval")
R = sympy.Rational
D5 = arb(10) ** -5


def _at(e):
    return arb(e)


@pytest.mark.parametrize("value", [lambda e: gauss_var_needed_value(e, D5, arb(1)),
                                   lambda e: osgt_var_needed_value(e, D5, arb(3), arb(1))],
                         ids=["gauss", "osgt"])
@pytest.mark.parametrize("lo,hi", [("0.35", "0.36"), ("1.5", "1.5001"), ("0.2", "2")])
def test_a_ball_of_eps_encloses_the_values_at_its_points(value, lo, hi):
    old = ctx.prec
    ctx.prec = 80
    try:
        a, b = arb(lo), arb(hi)
        ball = arb(lo).union(arb(hi))
        wide = value(ball)
        assert wide.is_finite()
        ends = [value(ball.lower()), value(ball.upper())]
        inner = [value(a + (b - a) * k / 7) for k in range(8)] + ends
        assert all(wide.contains(v) for v in inner)
        # as wide as the true variation (decreasing in eps), up to the bisection's width
        true = ends[0] - ends[1]
        assert true > 0 and wide.rad() * 2 < true.upper() * 1.01 + 1e-9 * wide.mid().abs_upper()
    finally:
        ctx.prec = old


def test_osgt_second_moment_increases_in_sigma():
    from dpproof.oracles.distributions import continuous as dist
    from dpproof.oracles.divergences.privacy_loss import moment2_value
    values = [moment2_value(dist.OSGT(arb(0), arb(s) / 4, arb(3))) for s in range(1, 120, 7)]
    assert all(x < y for x, y in zip(values, values[1:]))


E = I.closed(R(1, 5), 2)
TRUE = [
    make_claim("inv.less_noise", "osgt_var_needed(e, 1/10^5, 3, 1) < "
               "gauss_var_needed(e, 1/10^5, 1)", e=E),
    # decreasing in eps: a shift of 1/100 keeps a margin of order 1e-2 at e = 2
    make_claim("inv.decreasing", "gauss_var_needed(e + 1/100, 1/10^5, 1) < "
               "gauss_var_needed(e, 1/10^5, 1)", e=E),
]
FALSE = [
    # tight at the end e = 1: off by 1e-6 there
    make_claim("inv.end_off", "gauss_var_needed(e, 1/10^5, 1) <= "
               "gauss_var_needed(1, 1/10^5, 1) - 1/10^6", e=I.closed(1, 2)),
    # a needle of width 1e-4 at e = 0.7
    make_claim("inv.needle", "osgt_var_needed(e, 1/10^5, 3, 1) < gauss_var_needed(e, "
               "1/10^5, 1) - 10^6*max(0, 1/10^4 - abs(e - 7/10))", e=E),
]
TIGHT = make_claim("inv.tight_end", "gauss_var_needed(e, 1/10^5, 1) <= "
                   "gauss_var_needed(1, 1/10^5, 1)", e=I.closed(1, 2))


@pytest.mark.parametrize("claim", TRUE, ids=lambda c: c.id)
def test_true_claims_over_eps_are_certified(claim):
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, (ev.detail, ev.scope)


@pytest.mark.parametrize("claim", FALSE, ids=lambda c: c.id)
def test_false_twins_are_never_certified(claim):
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is not Verdict.CERTIFIED, (ev.detail, ev.scope)


def test_tight_at_the_end_is_not_refuted():
    ev = INTERVAL.check(TIGHT, CONFIG)
    assert ev.verdict in (Verdict.CERTIFIED, Verdict.SUPPORTED), (ev.detail, ev.scope)
