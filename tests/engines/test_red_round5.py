"""Red team, round 5: integer parameters in the interval engine's derived forms, products of
continuous laws (``oracles.symbolic.products.continuous_factors``), kinks on a half-line
[lo, oo), hs_events with null outcomes, conjunct-by-conjunct proofs, log groups.

Finding: the interval engine differentiated margins in their integer symbols, and sympy,
told n is an integer, takes DiracDelta(n - 5/2) = 0 in the second derivative of
max(n - 5/2, 0): the first derivative looked monotone, the margin increasing, and
max(n - 5/2, 0) <= n/10 on n = 0..30 was CERTIFIED on one box (false at n = 3).  The
derivatives are now those of the real relaxation (``enclosures.relaxed``)."""

from __future__ import annotations

import pytest
from sympy import Rational as R

from dpproof.claims import Interval as I, Kind
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict
from dpproof.runner import check_claim
from tests.helpers import make_claim

INTERVAL = load("interval")
CONFIG = Config(timeout=30, engine_timeout=10, search_examples=60)
DECIDED = (Verdict.PROVED, Verdict.CERTIFIED)
NI = dict(n=I.closed(0, 30, integer=True))

# each false on some integer n in 0..30 (every one was CERTIFIED on one box)
INTEGER_FALSE = [
    "max(n - 5/2, 0) <= n/10",
    "max(n - 5/2, 0) <= n/2",
    "min(n, 5/2) >= n/10 + 1/10*n^2 - n^2/10",
    "max(n - 5/2, 0) - max(n - 7/2, 0) <= 1/2",
]


@pytest.mark.parametrize("text", INTEGER_FALSE)
def test_a_kink_between_integers_is_not_smoothed_away(text):
    ev = INTERVAL.check(make_claim("r5.int", text, Kind.INEQUALITY, **NI), CONFIG)
    assert ev.verdict is Verdict.REFUTED, (ev.verdict, ev.detail)


@pytest.mark.parametrize("text", ["max(n - 5/2, 0) - max(n - 7/2, 0) <= 1",
                                  "abs(n - 5/2) >= 1/2"])
def test_integer_twins_stay_certified(text):
    ev = INTERVAL.check(make_claim("r5.int.twin", text, Kind.INEQUALITY, **NI), CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, ev.detail
