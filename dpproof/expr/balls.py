"""Enclosures of one number in ball arithmetic: their intersection, and a monotone
function over a ball (its values at the ends, or the narrower of those and its own ball).

Several exact forms of one quantity (a sum and its rewrite without cancellation, a product
and the hull of its ends, a margin and its derived forms) each give a ball that contains it;
the intersection of the finite ones is the tightest sound enclosure.  Used by the lowering's
stable forms and the interval engine alike.
"""

from __future__ import annotations

from flint import arb

__all__ = ["at_ends", "intersect", "monotone"]


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


def at_ends(fn, x: arb) -> arb:
    """``fn`` (monotone on the reals) over the ball ``x``: the hull of its values at the exact
    ends, the image of the ball (an oracle's divergence in alpha or eps, whose enclosure over
    the ball itself widens with its root balls)."""
    if x.rad() == 0 or not x.is_finite():
        return fn(x)
    return fn(arb(x.lower())).union(fn(arb(x.upper())))


def monotone(fn, x: arb) -> arb:
    """``fn`` (monotone, one cheap flint call: erf, erfc) over the ball ``x``: the narrower of
    flint's own ball and ``at_ends``, both enclosures.  flint's propagation can lose it all:
    ``erfc(7.07e19 +/- 1.5e-57)`` is ``[+/- 1e-1.5e38]`` although erfc there is 1e-2.2e39 to
    37 digits at either end (the tail Q(x) at x = 1e20, red round 11); the union of the ends'
    balls rounds its midpoint, where flint's erf of 10 sqrt(2) keeps 1 - 5.5e-89 in it."""
    own = fn(x)
    if x.rad() == 0 or not x.is_finite():
        return own
    ends = at_ends(fn, x)
    return ends if ends.rad() < own.rad() or not own.is_finite() else own
