"""Tails and corners of the interval engine's boxes (issue 12), mixed into its search.

- A tail [X, inf) (or (-inf, X]) along one side is decided by the compactification
  x = sign/s, s in [0, 1/|X|] (``enclosures.Forms.tail``): certified if the rewritten margin
  is; or if d margin/dx has the sign that makes the face x = X the worst point (certified
  directly, or from a second derivative >= 0 and the slope at X), and that face is
  certified; or if the margin decreases towards infinity and its limit (s = 0) is; or,
  failing these, from its Gaussian tails scaled on the half-line (``half_lines``; also
  with several sides unbounded, or the box at an open end of another side), or with every
  erfc replaced by its expansion and certified remainder (``asymptotic``).
  Definedness on a tail is judged from the rewritten forms (the margin has no finite end
  to evaluate there).
- A margin homogeneous in the parameters with finite ranges (in u = x - L, f(t u) =
  t^k f(u), t > 0) settles a corner box C = [L, L + s]^S x R by scaling: a point p of C
  other than the corner is 2^-j times a point of 2C minus C, so f(p) = 2^-jk f(2^j p) has its
  sign, provided no undecided box meets 2C minus C; the corner itself is evaluated exactly.
"""

from __future__ import annotations

from flint import arb

from ...definedness import MaybeUndefined, Undefined
from ...lowering import arb_box
from . import boxes as B
from .enclosures import defined, enclose, intersect


class TailsAndCorners:
    """Methods of ``interval_search.Search`` for unbounded sides and homogeneous corners."""

    def _visit_tail(self, box, depth):
        inf = B.infinite(box)
        lo, hi = box[inf[0]]
        one_tail = len(inf) == 1 and (lo is None) != (hi is None)
        hyp = self._tail_hypotheses(box, inf)
        if hyp is False:
            self.vacuous += 1
            return self._certified(box)
        if hyp != "blocked" and (
                (one_tail and (self._tail_holds(box, inf[0]) or self._asymptotic_holds(box, inf[0])))
                or self._half_line_tail_holds(box, inf[0]) or self._open_end_holds(box)):
            return self._certified(box)
        found = self._try_points(box, None, False)
        if found is not None:
            return found, depth
        ends = [i for i, side in self._half_ends() if self._end_width(box, i, side)]
        if ends and depth % 2:     # every other cut along a side at an open end (there
            for child in B.halves(box, ends[0], False):     # the half-line decides)
                self._push(child, depth + 1, -float("inf"))
            return None
        self._split(box, depth, arb.nan())
        return None

    def _tail_hypotheses(self, box, inf):
        """The claim's hypotheses on a tail box: False (one certainly fails: the box holds
        vacuously), True (none, or all certainly hold) or None (undecided) when the tail
        routes may decide the conclusion alone, which proves the implication (every
        hypothesis is free of the unbounded sides and certainly defined on the box), or
        "blocked" (a hypothesis involves an unbounded
        side, or may be undefined: the routes that read the conclusion alone stay off)."""
        hyps = self.c.claim.statement.hypotheses
        if not hyps:
            return True
        names = {self.c.names[k] for k in inf}
        if any(x.name in names for h in hyps for x in h.free_symbols):
            return "blocked"
        balls = B.balls([(0, 0) if k in inf else side for k, side in enumerate(box)])
        try:
            for h, _strict in self.c.hypotheses:
                h(*balls)
            on = self.c.hypotheses_on(balls)
            return None if on is None else on
        except (Undefined, MaybeUndefined):
            return "blocked"

    def _tail_routes_off(self, box) -> bool:
        """Whether the routes that decide the conclusion alone must stay off on this tail."""
        return self._tail_hypotheses(box, B.infinite(box)) == "blocked"

    def _tail_holds(self, box, i) -> bool:
        """[X, inf) (or (-inf, X]) along side i: x = sign/s with s in [0, 1/|X|]."""
        lo, hi = box[i]
        sign, end = (1, lo) if hi is None else (-1, hi)
        u_end = end - self.shift[i]
        if sign * u_end <= 0:
            return False
        face = list(box)
        face[i] = (end, end)
        balls = self._ub(face)
        balls[i] = arb_box(0, 1 / abs(u_end))
        margin, deriv = self.forms.tail(i, sign)
        value = arb.nan()
        if margin is not None:
            value = margin(*balls)
            if self._ok(value) or margin.positive or (not self.c.strict and
                                                      margin.static == 1):
                return True
        slope = None if deriv is None else deriv.sign(balls)
        if slope is None:
            slope = self._convex_slope(i, sign, face, balls)
        if slope is None:
            return False
        if slope != sign:  # the margin decreases towards infinity: compare with its limit
            if margin is None or not defined(value):
                return False
            limit = list(balls)
            limit[i] = arb(0)
            return self._ok(margin(*limit))
        face_balls = B.balls(face)
        return self._ok(self._bound(face, face_balls, enclose(self.c.margin, face_balls)))

    def _convex_slope(self, i, sign, face, balls):
        """The sign of d margin/dx_i on a tail from the second derivative: if it is >= 0
        there, the slope only grows away from X (upper tail) / towards X (lower tail), so
        a slope of the right sign at X keeps its sign on the whole tail."""
        second = self.forms.tail_second(i, sign)
        if second is None or second.sign(balls) != 1:
            return None
        slope = self._derivative_at(i, face, face[i][0])
        return 1 if sign > 0 and slope >= 0 else (-1 if sign < 0 and slope <= 0 else None)

    @property
    def group(self):
        if self._group is False:
            self._group = self._homogeneous_group()
        return self._group

    def _homogeneous_group(self):
        if self.c.claim.statement.hypotheses or self.identity:
            return None
        group = tuple(i for i, (lo, hi) in enumerate(self.root)
                      if lo is not None and hi is not None and lo < hi and not self.integer[i])
        if len(group) == 0 or self.forms.homogeneity(group) is None:
            return None
        return group

    def _is_corner(self, box) -> bool:
        return self.group is not None and all(
            box[i][0] == self.root[i][0] and 16 * (box[i][1] - self.shift[i]) <=
            self.root[i][1] - self.shift[i] for i in self.group)

    def _settle_corners(self):
        """Corner boxes C = [0, s]^S x R hold if f >= 0 at x_S = 0 on R and no undecided box
        meets the interior of 2C \\ C (then f(p) = 2^-jk f(2^j p) >= 0 for p in C)."""
        corners, self.corners = self.corners, []
        for c in corners:
            origin = list(c)
            for i in self.group:
                origin[i] = (self.shift[i], self.shift[i])
            ub = self._ub(origin)
            values = [enclose(self.c.margin, B.balls(origin)), self.forms.whole(*ub)] + [
                f(*ub) for f in (self.forms.face(i, 0) for i in self.group) if f]
            doubled = [(lo, 2 * hi - lo) if i in self.group else (lo, hi)
                       for i, (lo, hi) in enumerate(c)]
            clear = not any(_meets_outside(doubled, c, other)
                            for other in self.undecided + [o for o in corners if o is not c])
            if clear and self._ok(intersect(values)):
                self._certified(c)
            else:
                self.undecided.append(c)


def _meets_outside(doubled, inner, other) -> bool:
    """Whether box ``other`` meets the interior of ``doubled`` outside ``inner``."""
    meet = []
    for (a, b), (c, d) in zip(doubled, other):
        c = a if c is None else c
        d = b if d is None else d
        lo, hi = max(a, c), min(b, d)
        if lo > hi or (lo == hi and a != b):
            return False
        meet.append((lo, hi))
    return not all(i_lo <= lo and hi <= i_hi for (lo, hi), (i_lo, i_hi) in zip(meet, inner))


