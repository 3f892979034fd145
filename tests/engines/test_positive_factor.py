"""A positive factor of the margin divided out (``engines.balls.positive_factor``): a bound tight
at the corners of a box, divided by n over a wide range of n, is CERTIFIED through the
reduced claim; factors not certified positive are kept; needles are REFUTED with a witness
completed by a point of the dropped parameter and re-certified on the claim as written."""

import pytest

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.claims import Interval as I
from dpproof.engines.base import Config, load
from dpproof.engines.balls.positive_factor import reduced
from dpproof.evidence import Verdict

from tests.engines.test_conformance import _recertify
from tests.helpers import make_claim

INTERVAL = load("interval")
CONFIG = Config(engine_timeout=30, max_boxes=2000)
BOX = dict(x1=I.closed(0, 1), x2=I.closed(0, 1), y1=I.closed(0, 1), y2=I.closed(0, 1))
N = dict(n=I.closed(1, 10**6, integer=True))
L2 = "sqrt((x1 - y1)**2 + (x2 - y2)**2)"


def test_a_bound_tight_at_corners_over_a_wide_n_is_certified():
    ev = INTERVAL.check(make_claim("pf.l2", f"{L2}/n <= sqrt(2)/n", **BOX, **N), CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, (ev.detail, ev.scope)
    assert "positive factor" in ev.detail


@pytest.mark.parametrize("text", [f"{L2}/n <= sqrt(2)/n - 1/(10^30*n)",
                                  f"{L2}/n <= sqrt(2)*(1 - 1/10^6)/n",
                                  f"{L2}*n <= sqrt(2)*n - 1/10^20"])
def test_needles_are_refuted_never_certified(text):
    claim = make_claim("pf.needle", text, **BOX, **N)
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is not Verdict.CERTIFIED, (ev.detail, ev.scope)
    if ev.verdict is Verdict.REFUTED:
        assert set(ev.witness) == set(claim.domain.names)
        assert _recertify(claim, ev.witness) < 0


def test_factors_not_certified_positive_are_kept():
    # n - 2 changes sign on [1, 10]; n - 1 vanishes at n = 1; log(n) too
    for f in ("(n - 2)", "(n - 1)", "log(n)"):
        claim = make_claim("pf.keep", f"{L2}*{f} <= sqrt(2)*{f}", **BOX,
                           n=I.closed(1, 10, integer=True))
        got = reduced(claim)
        assert got is None or f.strip("()") not in got[1], (f, got)
    claim = make_claim("pf.sign", f"{L2}*(n - 2) <= sqrt(2)*(n - 2)", **BOX,
                       n=I.closed(1, 10, integer=True))
    assert INTERVAL.check(claim, CONFIG).verdict is Verdict.REFUTED


def test_identities_and_hypotheses_are_not_reduced():
    assert reduced(make_claim("pf.eq", f"{L2}/n == sqrt(2)/n", **BOX, **N)) is None
    assert reduced(make_claim("pf.h", f"x1 >= 1/2 => {L2}/n <= sqrt(2)/n", **BOX, **N)) is None
