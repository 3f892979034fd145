"""Boxes of the interval engine: exact rational sides, ``None`` for an infinite end.

A side ``(lo, None)`` is the tail [lo, +inf), ``(None, hi)`` the tail (-inf, hi].  Tails are
decided by the compactification in ``enclosures.Forms.tail``; everything else is ordinary
bisection, on the log scale for a positive range spanning orders of magnitude.  Volumes are measured on the box clipped to the documented truncation
(``base.effective_bounds``), so a certified fraction stays a finite ratio.
"""

from __future__ import annotations

import math

import sympy

from ...lowering import arb_box

#: candidate cut points: a box side containing one of these strictly inside is cut there
#: (margins are often tight at 0; a tight point on a face is decided by monotonicity)
TIGHT_CUTS = (sympy.Integer(0),)
#: a positive range with hi >= GEOMETRIC * lo is bisected on the log scale (``split``)
GEOMETRIC = 1024


def balls(box):
    """Balls containing the sides; a side [0, hi] or [lo, 0] gets a ball with that end
    exactly 0 (flint rounds radii up, so a plain ball dips across 0)."""
    return [_ball(lo, hi) for lo, hi in box]


def _ball(lo, hi):
    x = arb_box(lo, hi)
    if lo == 0 and hi > 0:
        return x.nonnegative_part()
    if hi == 0 and lo < 0:
        return -((-x).nonnegative_part())
    return x


def mids(box, integer):
    return [arb_box(m, m) for m in midpoint(box, integer).values()]


def point_box(box, integer):
    """The degenerate box at the midpoint."""
    return [(m, m) for m in midpoint(box, integer).values()]


def midpoint(box, integer, names=None) -> dict:
    names = names or range(len(box))
    return {n: _mid(lo, hi, integ) for n, (lo, hi), integ in zip(names, box, integer)}


def _mid(lo, hi, integ):
    if lo is None and hi is None:
        return sympy.Integer(0)
    if hi is None:
        return 2 * lo + 1 if lo >= 0 else lo + 1
    if lo is None:
        return 2 * hi - 1 if hi <= 0 else hi - 1
    m = (lo + hi) / 2
    return sympy.floor(m) if integ else m


def infinite(box) -> list[int]:
    return [i for i, (lo, hi) in enumerate(box) if lo is None or hi is None]


def is_point(box, integer) -> bool:
    return all(lo is not None and hi is not None and (lo == hi or (integ and hi - lo < 1))
               for (lo, hi), integ in zip(box, integer))


def volume(box, integer, clip) -> float:
    """Lebesgue volume of the box clipped to ``clip`` (integers counted); a degenerate
    side of the clip box counts as 1."""
    v = 1.0
    for (lo, hi), (c_lo, c_hi), integ in zip(box, clip, integer):
        lo = c_lo if lo is None else max(lo, c_lo)
        hi = c_hi if hi is None else min(hi, c_hi)
        if c_hi == c_lo:
            continue
        width = float(hi - lo + 1) if integ else float(hi - lo)
        v *= max(width, 0.0)
    return v


def halves(box, i, integer, geometric=False):
    """The two children of ``box`` cut along side i (None if the side cannot be cut);
    ``geometric``: a side [lo, hi] with 0 < lo, 4 lo <= hi is cut at the power of 2 nearest
    its geometric mean (a parameter spanning orders of magnitude, ``split``)."""
    lo, hi = box[i]
    if geometric and not integer and lo is not None and hi is not None and 0 < 4 * lo <= hi:
        k = round((log2(lo) + log2(hi)) / 2)
        cut = min(max(sympy.Integer(2) ** k, 2 * lo), hi / 2)
        parts = [(lo, cut), (cut, hi)]
    elif lo is None or hi is None:
        cut = _mid(lo, hi, False)
        parts = [(lo, cut), (cut, hi)]
    elif integer:
        if hi - lo < 1:
            return None
        cut = sympy.floor((lo + hi) / 2)
        parts = [(lo, cut), (cut + 1, hi)]
    else:
        # 0 if inside; else an integer or a half in the middle half of the side (so the
        # split stays within 1:3, and only while the side is wider than 1); else the midpoint
        cut = next((c for c in TIGHT_CUTS if lo < c < hi), None)
        if cut is None:
            w = (hi - lo) / 4
            cut = simplest_between(lo + w, hi - w, max_q=2) if w > 0 else None
        if cut is None:
            cut = (lo + hi) / 2
        parts = [(lo, cut), (cut, hi)]
    out = []
    for part in parts:
        child = list(box)
        child[i] = part
        out.append(child)
    return out


def log2(x) -> float:
    """log2 of a positive rational, also beyond the double range (a domain end 1e400 or
    1e-400: ``math.log2(float(x))`` overflowed to an OverflowError in ``halves``)."""
    x = sympy.Rational(x)
    return math.log2(int(x.p)) - math.log2(int(x.q))


def simplest_between(a, b, max_q: int):
    """The rational of smallest denominator <= ``max_q`` in [a, b] (the one nearest the
    middle among those), or None.  Cutting there puts the points where bounds are often
    tight (eps = 1, alpha = 2, x = 1/2, a kink at Delta/b) on faces of the boxes, instead
    of inside ever smaller boxes around them."""
    a, b = sympy.Rational(a), sympy.Rational(b)
    for q in range(1, max_q + 1):
        lo, hi = sympy.ceiling(a * q), sympy.floor(b * q)
        if lo <= hi:
            mid = (a + b) * q / 2
            # the integers nearest the middle (not a scan of [lo, hi]: a side [0, 1e12]
            # or [1e399, 1e400] hung here)
            near = {min(max(k, lo), hi) for k in (sympy.floor(mid), sympy.ceiling(mid))}
            p = min(near, key=lambda k: (abs(k - mid), k))
            return sympy.Rational(p, q)
    return None


def split(box, root, integer):
    """Children along the relatively widest side (infinite sides first)."""
    inf = infinite(box)
    if inf:
        return halves(box, inf[0], False)

    def rel(i):
        lo, hi = box[i]
        r_lo, r_hi = root[i]
        if geometric[i]:   # widths on the log scale
            return (log2(hi) - log2(lo)) / (log2(r_hi) - log2(r_lo)) if lo > 0 else 1.0
        span = (r_hi - r_lo) if r_lo is not None and r_hi is not None else None
        return (hi - lo) / max(span, sympy.Rational(1, 10**9)) if span else hi - lo
    # a positive range spanning at least GEOMETRIC (delta in [1e-9, 1/10]) is cut on the
    # log scale: a midpoint split reaches delta ~ 1e-9 only after 27 cuts of every other side
    geometric = [not integer[i] and r_lo is not None and r_hi is not None and r_lo > 0 and
                 r_hi >= GEOMETRIC * r_lo for i, (r_lo, r_hi) in enumerate(root)]
    for i in sorted(range(len(box)), key=lambda i: -rel(i)):
        children = halves(box, i, integer[i], geometric[i])
        if children is not None:
            return children
    return None


def relative_width(box, root) -> float:
    """The widest side of a finite box relative to the domain's (0 for a point)."""
    out = 0.0
    for (lo, hi), (r_lo, r_hi) in zip(box, root):
        if lo is None or hi is None:
            return float("inf")
        span = (r_hi - r_lo) if r_lo is not None and r_hi is not None else 1
        out = max(out, float((hi - lo) / span) if span else 0.0)
    return out
