"""Bisection on the log scale for a positive range spanning orders of magnitude
(``engines.balls.boxes.split``, delta in [1e-9, 1/10] of cesar_rogers21's conversions): cuts are
exact powers of 2 inside the side; a true claim over such a range is CERTIFIED within the
box budget, false twins (a constant off by a factor 1 - 1e-6 at the tight end, a bound 100
times too small) never are."""

import pytest
import sympy

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.claims import Interval as I
from dpproof.engines.balls import boxes as B
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict

from tests.helpers import make_claim

CONFIG = Config(engine_timeout=40, max_boxes=3000)
INTERVAL = load("interval")
R = sympy.Rational
D = I.closed(R(1, 10**9), R(1, 10))


def test_cuts_are_powers_of_two_inside_the_side():
    root = [(R(1, 10**9), R(1, 10)), (R(0), R(1))]
    box, cuts = list(root), []
    for _ in range(40):
        children = B.split(box, root, [False, False])
        if children[0][0] != box[0] and box[0][1] >= 4 * box[0][0]:   # log-scale cut
            cut = children[0][0][1]
            assert box[0][0] < cut < box[0][1] and cut == children[1][0][0]
            cuts.append(cut)
        box = children[0]
    assert cuts and all(c.p == 1 and c.q & (c.q - 1) == 0 for c in cuts)   # 2^-k
    assert box[0][1] < R(1, 10**6)               # delta reached 1e-6 within 40 cuts


GAUSS = "gauss_delta(r + 2*sqrt(r*log(1/d)), 1, sqrt(2*r)) <= {}"


@pytest.mark.parametrize("claim", [
    make_claim("gs.zcdp", GAUSS.format("d"), r=I.closed(R(1, 10), 1), d=D),
    # tight at the upper end d = 1e-9 of [1e-18, 1e-9]
    make_claim("gs.tight", "x^2 <= x/10^9", x=I.closed(R(1, 10**18), R(1, 10**9))),
], ids=lambda c: c.id)
def test_true_claims_over_orders_of_magnitude_are_certified(claim):
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, (ev.detail, ev.scope)


@pytest.mark.parametrize("claim", [
    make_claim("gs.zcdp_small", GAUSS.format("d/100"), r=I.closed(R(1, 10), 1), d=D),
    make_claim("gs.off", "x^2 <= x*(1 - 1/10^6)/10^9", x=I.closed(R(1, 10**18), R(1, 10**9))),
], ids=lambda c: c.id)
def test_false_twins_are_never_certified(claim):
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is not Verdict.CERTIFIED, (ev.detail, ev.scope)


@pytest.mark.parametrize("root", [[(R(1), R(10)**400)], [(R(1, 10**400), R(1))],
                                  [(R(1, 10**400), R(10)**400)]])
def test_ends_beyond_the_doubles_are_cut_inside(root):
    """Red team: a domain end 1e400 made ``math.log2(float(end))`` overflow (the interval
    engine and the search ERROR on ``log(x) <= 1000`` over [1, 1e400])."""
    box = list(root)
    for _ in range(12):
        lo, hi = box[0]
        children = B.split(box, root, [False])
        assert children[0][0] == (lo, children[1][0][0]) and children[1][0][1] == hi
        assert lo < children[0][0][1] < hi
        box = children[1]


@pytest.mark.parametrize("text, want", [("log(x) <= 1000", Verdict.CERTIFIED),
                                        ("log(x) <= 900", Verdict.REFUTED)])
def test_a_claim_up_to_1e400_is_decided(text, want):
    from dpproof.engines.search import engine as search
    claim = make_claim("red.huge_end", text, x=I.closed(R(1), R(10)**400))
    assert INTERVAL.check(claim, CONFIG).verdict is want
    assert search.check(claim, Config(engine_timeout=10)).verdict is not Verdict.ERROR


def test_simplest_between_does_not_scan_a_wide_side():
    """Red team: ``simplest_between`` scanned every integer of [lo, hi]: the interval engine
    hung on ``log(1 + x) <= x`` over [0, 1e12] (and on a side [1e399, 1e400])."""
    assert B.simplest_between(R(25) * 10**10, R(75) * 10**10, 2) == 5 * 10**11
    assert B.simplest_between(R(3, 4), R(13, 4), 2) == 2
    assert B.simplest_between(R(1, 4), R(3, 4), 2) == R(1, 2)
    assert B.simplest_between(R(1, 3), R(2, 5), 2) is None
    claim = make_claim("red.wide", "log(1 + x) <= x", x=I.closed(R(0), R(10)**12))
    assert INTERVAL.check(claim, CONFIG).verdict is Verdict.CERTIFIED
