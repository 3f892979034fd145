"""Enclosures of one number in ball arithmetic: their intersection.

Several exact forms of one quantity (a sum and its rewrite without cancellation, a product
and the hull of its ends, a margin and its derived forms) each give a ball that contains it;
the intersection of the finite ones is the tightest sound enclosure.  Used by the lowering's
stable forms and the interval engine alike.
"""

from __future__ import annotations

from flint import arb

__all__ = ["intersect"]


def intersect(values) -> arb:
    """The intersection of the finite enclosures of one quantity (nan if none)."""
    out, nonneg, nonpos = None, False, False
    for v in values:
        if v.is_finite():
            out = v if out is None else _meet(out, v)
            nonneg, nonpos = nonneg or bool(v >= 0), nonpos or bool(v <= 0)
    if out is None:
        return arb.nan()
    # the meet is recomputed as midpoint and radius, rounded outward: keep a sign that
    # one of the enclosures certified
    if nonneg and not out >= 0:
        out = out.nonnegative_part()
    if nonpos and not out <= 0:
        out = -((-out).nonnegative_part())
    return out


def _meet(a: arb, b: arb) -> arb:
    try:
        return a.intersection(b)
    except ValueError:  # disjoint: cannot happen for two enclosures of one number
        return a
