"""Peers' test vectors (tests/accounting/data/*.json) classified with a certificate.

Each vector is a test's assertion ``peer value in [expected - tolerance, expected + tolerance]``
(a peer's bracket [low, up] is written as its midpoint +- half-width).  With the certified
bracket [lower, upper] of the true quantity:

* *contained*: [lower, upper] (tight) lies inside the peer's interval;
* *peer_loose*: upper < expected - tolerance: every value the test admits lies above the
  truth (safe for an epsilon, a delta or an RDP; looser than the test says);
* *peer_non_conservative*: a tight lower > expected + tolerance: every value the test admits
  lies below what two neighbouring datasets realise;
* *unresolved*: they overlap at the bracket's width; *unsupported*: the event is refused, or
  the peer's mechanism is no DpEvent (``event`` null, ``peer_mechanism`` says what it is).

An upper end alone (ZCDp, non-private steps) can only show *peer_loose*.  Quantities:
``delta``/``epsilon`` (``certify_delta``/``certify_epsilon``), ``rdp`` and ``log_a``
((alpha - 1) RDP; ``certify_rdp``), ``cks_delta``/``cks_epsilon`` (the optimal zCDP
conversion of Canonne-Kamath-Steinke, a function of (rho, .), certified both ends) and
``calibration``: the event has a noise parameter X, the peer returned X = expected, and
x* = min{x : eps*(x) <= target} is compared through eps* at expected +- tolerance (eps* is
non-increasing in X, ``calibrate`` module).  The class each vector gets is recorded in the
data and asserted here; ``compared`` in each vector says what was compared.
"""

import json
import math
from fractions import Fraction
from pathlib import Path

import pytest

dpa = pytest.importorskip("dp_accounting")
from dp_accounting import dp_event
from flint import arb

from dpproof.accounting import UnsupportedEvent, certify_delta, certify_epsilon
from dpproof.accounting.rdp import certify_rdp
from dpproof.accounting.rounding import down, up
from dpproof.accounting.zcdp import cks_delta, cks_epsilon
from dpproof.lowering import to_fmpq

DATA = Path(__file__).parent / "data"
NAMES = {n: getattr(dp_event, n) for n in dir(dp_event) if n.endswith("DpEvent")}


class _NotAnEvent(Exception):
    pass


def _vectors():
    for f in sorted(DATA.glob("*.json")):
        for i, v in enumerate(json.loads(f.read_text())["vectors"]):
            marks = [pytest.mark.slow] if v.get("slow") else []
            yield pytest.param(v, id=f"{f.stem}:{v['line']}:{v['quantity']}:{i}", marks=marks)


def _event(v, x=None):
    return eval(v["event"], {"__builtins__": {}, "math": math, "Fraction": Fraction,
                             "X": x, **NAMES})


def _width(v) -> float:
    """A bracket about half the peer's tolerance wide; the default 0.5% where that would
    need less than 1e-4 relative (such a vector stays unresolved unless its value is 0), or
    the vector's own ``rel_width``."""
    if "rel_width" in v:  # set where the default leaves the vector unresolved
        return v["rel_width"]
    w = min(0.005, v["tolerance"] / max(abs(v["expected"]), 1e-300) / 2)
    return w if w >= 1e-4 else 0.005


def _certified(v, rel, x=None):
    """(lower or None, upper) of the true quantity."""
    q, w = v["quantity"], _width(v)
    if q == "cks_delta":
        b = cks_delta(to_fmpq(v["rho"]), to_fmpq(v["argument"]))
        return down(b), up(b)
    if q == "cks_epsilon":
        d = to_fmpq(v["argument"])
        if d == 0:
            return math.inf, math.inf
        lo, hi = cks_epsilon(to_fmpq(v["rho"]), d)
        return down(arb(lo)), up(arb(hi))
    if v["event"] is None:  # the peer's mechanism is no DpEvent (``peer_mechanism``)
        raise _NotAnEvent(v.get("peer_mechanism"))
    event = _event(v, x)
    if q == "delta":
        c = certify_delta(event, v["argument"], rel, rel_width=w)
    elif q == "epsilon":
        c = certify_epsilon(event, v["argument"], rel, rel_width=w, dpsgd_rel_width=w,
                            rel_tol=Fraction(1, 2 ** 44))
    else:  # rdp, log_a
        c = certify_rdp(event, v["argument"], rel)
        if q == "log_a":  # (alpha - 1) RDP, the balls scaled exactly, rounded outward
            a1 = arb(to_fmpq(v["argument"]) - 1)
            return (None if c.lower_ball is None else down(c.lower_ball * a1),
                    up(c.upper_ball * a1))
    return (c.lower if c.tight else None), c.upper


def classify(v) -> str:
    rel = dpa.NeighboringRelation[v.get("neighbors", "ADD_OR_REMOVE_ONE")]
    e, tol = v["expected"], v["tolerance"]
    try:
        if v["quantity"] == "calibration":
            t = v["target_epsilon"]
            x_hi, x_lo = Fraction(e) + Fraction(tol), Fraction(e) - Fraction(tol)
            at_hi = _certified(dict(v, quantity="epsilon"), rel, x_hi)
            at_lo = _certified(dict(v, quantity="epsilon"), rel, x_lo)
            if at_hi[0] is not None and at_hi[0] > t:
                return "peer_non_conservative"  # even expected + tolerance misses the target
            if at_lo[1] <= t:
                return "peer_loose"  # expected - tolerance already meets it: x* below
            if at_lo[0] is not None and at_lo[0] > t and at_hi[1] <= t:
                return "contained"  # x* in (expected - tolerance, expected + tolerance]
            return "unresolved"
        lo, hi = _certified(v, rel)
    except UnsupportedEvent:
        return "unsupported"
    except _NotAnEvent:
        return "unsupported"
    lo_peer, hi_peer = e - tol, e + tol
    if lo is not None and lo_peer <= lo and hi <= hi_peer:
        return "contained"
    if hi < lo_peer:
        return "peer_loose"
    if lo is not None and lo > hi_peer:
        return "peer_non_conservative"
    return "unresolved"


@pytest.mark.parametrize("v", list(_vectors()))
def test_vector_classification(v):
    assert classify(v) == v["class"], v


def test_every_vector_has_its_source_and_a_class():
    for f in sorted(DATA.glob("*.json")):
        for v in json.loads(f.read_text())["vectors"]:
            assert v["source"] and v["line"] > 0 and v["class"] in {
                "contained", "peer_loose", "peer_non_conservative", "unresolved",
                "unsupported"}, v
            assert v["class"] != "unsupported" or v.get("note"), v  # the reason is given
