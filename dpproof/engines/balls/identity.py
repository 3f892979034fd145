"""What balls can say about an identity ``lhs == rhs`` (issue 11, item 4).

Balls never certify an equality.  They can bound the difference: the interval engine calls
an identity SUPPORTED only when, on every box of the domain, ``|lhs - rhs|`` is enclosed
below ``2^-50`` times a lower bound of ``max(|lhs|, |rhs|)`` on that box -- a relative gap
at every point, so that a difference of 1e-340 between numbers of size 1e-334 is not
"small" because the same box also holds numbers of size 1e-198 -- raising the precision on
the boxes where the working precision leaves the gap too wide.  Where every compared
quantity is indistinguishable from 0 even at 1024 bits (an oracle's true 0 returned with a
radius), a gap below 2^-512 counts; near a common zero of both sides a box that is not a
point never qualifies, and such identities need the symbolic engine.  Anything else is
INCONCLUSIVE with the widest gap seen.  Cancelling printed forms are evaluated in stable
forms by the lowering (``expr.stable``), so a right formula is not left with a wide gap
because of how it is written.
"""

from __future__ import annotations

import sympy
from flint import arb

from ...definedness import MaybeUndefined, Undefined
from ...lowering import LoweringError, at_precision, lower
from . import boxes as B
from .. import witness as W

#: the relative gap below which an identity is SUPPORTED on a box
RELATIVE_GAP = arb(2) ** -50
#: boxes whose midpoint is tried as a witness (each costs up to three evaluations)
MIDPOINTS = 64
#: precisions tried on a box whose gap is too wide at the working precision
ESCALATION = (256, 512, 1024)


def visit_identity(search, box, depth, m, hyp):
    """One box of the interval engine's search on an identity (``m`` encloses
    ``-|lhs - rhs|``): a witness where the difference is certified non-zero -- on the whole
    box, or at its midpoint (balls on a box straddle 0 long before the boxes are as narrow
    as a relative gap of 1e-5 would need) --, the box settled when the relative gap is
    small, or split.  Returns (witness, depth) or None, like ``_Search._visit``."""
    if m.is_finite():
        if m >= 0:  # exactly zero enclosure
            search.certified_volume += search._vol(box)
            return None
        gap = abs(m).upper()
        if m < 0 and hyp is True:
            found = search._try_points(box, None, False, deep=True)
            if found is not None:
                return found, depth
        if search.gaps.small(box, gap):
            search.widest_gap = search.widest_gap.max(gap)
            search.certified_volume += search._vol(box)
            return None
        if hyp is True and not B.is_point(box, search.integer) and \
                search.gaps.midpoints < MIDPOINTS:
            search.gaps.midpoints += 1
            finite = all(lo is not None and hi is not None for lo, hi in box)
            mid = B.midpoint(box, search.integer, search.c.names) if finite else None
            found = W.certify(search.c, mid, search.config.witness_precs) if mid else None
            if found is not None:
                return found, depth
        if B.is_point(box, search.integer) or depth >= search.config.max_depth:
            if search.gaps.settle(box):
                search.widest_gap = search.widest_gap.max(gap)
                search.certified_volume += search._vol(box)
            else:
                search.undecided.append(box)
            return None
    elif B.is_point(box, search.integer) or depth >= search.config.max_depth:
        search.undecided_nan = True
        search.undecided.append(box)
        return None
    search._split(box, depth, m)
    return None


def compared(st) -> list:
    """The quantities an identity compares, whose magnitudes scale its gap: ``lhs`` and
    ``rhs``; for a statement ``E == 0`` (a vector identity written ``Max(Abs(a - b),
    Abs(c - d)) == 0``) the terms inside its ``Abs``/``Max``/``Min`` and sums: a, b, c, d."""
    if st.lhs != 0 and st.rhs != 0:
        return [st.lhs, st.rhs]
    out, todo = [], [st.lhs if st.rhs == 0 else st.rhs]
    while todo:
        e = todo.pop()
        if isinstance(e, (sympy.Abs, sympy.Max, sympy.Min)) or e.is_Add:
            todo.extend(e.args)
        elif e.is_Mul and e.args[0] == -1:
            todo.extend(e.args[1:])
        else:
            out.append(e)
    return out or [sympy.S.Zero]


class Gaps:
    """Relative gaps of one identity on boxes: the compared quantities (``compared``) and
    the margin ``-|lhs - rhs|`` lowered once (both None when they do not lower)."""

    def __init__(self, claim, names, prec: int):
        st = claim.statement
        self.prec = prec
        try:
            self.quantities = tuple(lower(e, names, "arb") for e in compared(st))
            self.margin = lower(st.margin(), names, "arb")
        except (LoweringError, TypeError, ValueError):
            self.quantities = self.margin = None
        #: boxes at full depth (or points) whose relative gap stayed above RELATIVE_GAP
        self.wide = 0
        self.midpoints = 0
        #: the widest relative gap of such a box (arb), for the verdict line
        self.widest = arb(0)

    def small(self, box, gap: arb) -> bool:
        """``gap`` (an upper bound of |lhs - rhs| on the box) is below RELATIVE_GAP times
        max(|lhs|, |rhs|) at every point of the box (at the working precision)."""
        scale = self._scale(box)
        return scale is not None and bool(gap <= RELATIVE_GAP * scale)

    def settle(self, box) -> bool:
        """On a box that cannot be split further: the relative gap at raised precisions;
        False (and counted) when it stays too wide."""
        if self.margin is not None:
            for bits in ESCALATION:
                if bits <= self.prec:
                    continue
                with at_precision(bits):
                    try:
                        balls = B.balls(box)
                        m = self.margin(*balls)
                        scale = self._scale(box)
                    except (Undefined, MaybeUndefined, ValueError, ZeroDivisionError):
                        break
                    if not m.is_finite() or scale is None:
                        continue
                    gap = abs(m).upper()
                    # relative; or, where every compared quantity is indistinguishable
                    # from 0 at this precision (a true 0 an oracle cannot return
                    # exactly), a gap below 2^-(bits/2)
                    if gap <= RELATIVE_GAP * scale or (
                            scale == 0 and gap <= arb(2) ** -(bits // 2)):
                        return True
        self.wide += 1
        self.widest = self.widest.max(self._relative(box))
        return False

    def figures(self) -> dict:
        return {"wide_gap_boxes": self.wide, "widest_relative_gap": self.widest.str(3)}

    def _scale(self, box):
        """A lower bound of the largest compared quantity's magnitude on the box
        (``compared``; None if not finite)."""
        if self.quantities is None:
            return None
        try:
            balls = B.balls(box)
            values = [f(*balls) for f in self.quantities]
        except (Undefined, MaybeUndefined, ValueError, ZeroDivisionError, TypeError):
            return None
        if not all(v.is_finite() for v in values):
            return None
        out = arb(0)
        for v in values:
            out = out.max(abs(v).lower())
        return out

    def _relative(self, box) -> arb:
        try:
            m = self.margin(*B.balls(box)) if self.margin else arb.nan()
        except (Undefined, MaybeUndefined, ValueError, ZeroDivisionError):
            return arb.pos_inf()
        scale = self._scale(box)
        if not m.is_finite() or scale is None:
            return arb.pos_inf()
        if scale == 0:
            return arb(0) if abs(m).upper() == 0 else arb.pos_inf()
        return abs(m).upper() / scale
