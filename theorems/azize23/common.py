"""azize23: the source, the claim builder, instance grids and the catalogue."""

from __future__ import annotations

from dpproof.claims import Catalogue, Claim, Domain, Interval, Kind, Source, Statement

SOURCE_FILE = "000_9898914606e568bb.txt"
closed = Interval.closed
POS = Interval(0, None, lo_open=True)
NONNEG = Interval(0, None)


def src(locator: str, note: str = "") -> Source:
    return Source("azize23", SOURCE_FILE, locator, note)


def sym(domain: Domain) -> dict:
    return domain.symbols()


def build_claim(cid, locator, lhs, rel, rhs, domain, note="", kind=None, steps=(), hyps=(),
                derived=None, narrowed=""):
    """A claim (a step, or declared through ``catalogue``); ``derived`` defaults to the source
    parameters of the grid (``GRID_OF``)."""
    kind = kind or (Kind.IDENTITY if rel == "==" else Kind.INEQUALITY)
    if derived is None:
        grid_, derived = GRID_OF.get(id(domain), (None, ()))
        derived = derived if grid_ is domain else ()
    return Claim(cid, src(locator), Statement(lhs, rel, rhs, tuple(hyps)), domain, kind,
                 steps=steps, note=note, derived=derived, narrowed=narrowed)


#: source parameters of each instance grid (Claim.derived): id() -> (the grid, parameters).
#: The grid is held, so that its id is never another object's (a grid freed, and an equal-sized
#: Domain allocated where it was, would have taken its parameters)
GRID_OF: dict[int, tuple[Domain, dict]] = {}


def grid(domain: Domain, **derived) -> Domain:
    """Register the source parameters of an instance grid (printed beside witnesses)."""
    GRID_OF[id(domain)] = (domain, derived)
    return domain


catalogue = Catalogue(__package__)   # by section: see __init__

__all__ = ["Catalogue", "Claim", "Domain", "GRID_OF", "Interval", "Kind", "NONNEG", "POS",
           "SOURCE_FILE", "Statement", "build_claim", "catalogue", "closed", "grid", "src",
           "sym"]
