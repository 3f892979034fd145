"""hockey_stick on a ball of eps and renyi on a ball of alpha (``oracles.functions``): the
hull of the values at the exact ends (H_eps nonincreasing in eps; D_alpha nondecreasing in
alpha, van Erven and Harremoes 2014, Thm 3).  The enclosure contains the value at every point
of the ball and is about as wide as the variation; the RDP-to-DP conversion over an
(alpha, eps) box is then certified where it was not, and a false twin never is."""

import pytest
import sympy
from flint import arb, ctx

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.claims import Interval as I
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict
from dpproof.oracles import distributions as dist
from dpproof.oracles.functions import _hockey_stick, _renyi

from tests.helpers import make_claim

R = sympy.Rational
PAIRS = [(dist.Laplace(arb(0), arb(1)), dist.Laplace(arb(1), arb(1))),
         (dist.Normal(arb(0), arb(1)), dist.Normal(arb(1), arb(1))),
         (dist.OSGT(arb(0), arb(40).sqrt(), arb(3)), dist.OSGT(arb(1), arb(40).sqrt(), arb(3)))]


@pytest.mark.parametrize("P, Q", PAIRS, ids=["laplace", "normal", "osgt"])
@pytest.mark.parametrize("fn, lo, hi", [(_hockey_stick, "0.9", "1.1"), (_hockey_stick, "0", "3"),
                                        (_renyi, "1.5", "1.6"), (_renyi, "2", "10")])
def test_ends_enclose_every_point(P, Q, fn, lo, hi):
    old = ctx.prec
    ctx.prec = 128
    try:
        a, b = arb(lo), arb(hi)
        ball = a.union(b)
        wide = fn(P, Q, ball)
        assert wide.is_finite()
        points = [fn(P, Q, a + (b - a) * k / 9) for k in range(10)]
        assert all(wide.contains(v) for v in points)
        ends = [fn(P, Q, arb(ball.lower())), fn(P, Q, arb(ball.upper()))]
        assert wide.rad() <= 0.51 * abs(ends[1] - ends[0]).upper() + 1e-30
    finally:
        ctx.prec = old


CONFIG = Config(engine_timeout=40, max_boxes=3000)
INTERVAL = load("interval")
# the OSGT of osgt22.rdp_to_dp (sigma^2 = 40, m = 3): no derived forms, the arb oracles
# are enclosed on the boxes
OS = "OSGT(0, 2*sqrt(10), 3), OSGT(1, 2*sqrt(10), 3)"
CONV = f"hockey_stick({OS}, e) <= rdp_to_delta(a, renyi({OS}, a), e){{}}"
BOX = {"a": I.closed(R(3, 2), 4), "e": I.closed(0, 2)}


def test_rdp_to_dp_over_a_box_is_certified():
    ev = INTERVAL.check(make_claim("mo.conv", CONV.format(""), **BOX), CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, (ev.detail, ev.scope)


def test_a_false_conversion_is_never_certified():
    # the RDP bound halved: false at alpha = 4, e = 0
    ev = INTERVAL.check(make_claim("mo.half", CONV.format("/2"), **BOX), CONFIG)
    assert ev.verdict is not Verdict.CERTIFIED, (ev.detail, ev.scope)
