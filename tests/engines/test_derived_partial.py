"""Partial evidence of the derived claim (``engines.exact.derived_oracles``): when the claim with
its oracles replaced by their forms derived from the densities is certified on a larger
share of the box than the claim evaluated with the arb oracles on balls, the interval
engine reports that share (SUPPORTED, saying so); a decisive verdict of the oracles' own
run always wins, and nothing partial is ever CERTIFIED."""

import pytest
import sympy

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.claims import Interval as I
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict

from tests.engines.test_conformance import _recertify
from tests.helpers import make_claim

INTERVAL = load("interval")
CONFIG = Config(engine_timeout=40, max_boxes=3000)
GAUSS = "gauss_delta(eps, sqrt(2*log(1/delta))/eps, 1)"
DOM = dict(eps=I(0, 1, lo_open=True), delta=I(0, sympy.Rational(49, 50), lo_open=True))


def test_the_derived_share_is_reported_when_larger():
    # the classic Gaussian theorem on delta <= 49/50, its bound written max(delta, delta^2)
    # (= delta there): the oracles on balls certify 14% of the box, the derived erfc form
    # 99.9%; delta -> 0, where both sides vanish, stays open (engines.balls.half_lines, which
    # settles it for "<= delta", does not enclose a max)
    ev = INTERVAL.check(make_claim("dp.classic", f"{GAUSS} <= max(delta, delta^2)", **DOM),
                        CONFIG)
    assert ev.verdict is Verdict.SUPPORTED, (ev.detail, ev.scope)
    assert ev.data["certified_fraction"] > 0.99 and ev.data.get("partial")
    assert "derived" in ev.scope


@pytest.mark.parametrize("text", [f"{GAUSS} <= delta*(1 - 1/100)",
                                  f"{GAUSS} <= delta - 1/10^6",
                                  f"{GAUSS} <= delta*(1 - 1/10^3)"])
def test_false_twins_are_never_certified(text):
    claim = make_claim("dp.twin", text, **DOM)
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is not Verdict.CERTIFIED, (ev.detail, ev.scope)
    if ev.verdict is Verdict.REFUTED:
        assert _recertify(claim, ev.witness) < 0

