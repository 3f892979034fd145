"""The interval engine's branch and bound (``engines.balls.engine``): the search state over the
domain box -- two priority queues, by depth and by lower bound -- and how one box is
visited; the enclosure, tail, open-end and asymptotic methods come from its mixins.
"""

from __future__ import annotations

import heapq
import itertools

import sympy
from flint import arb

from ...definedness import MaybeUndefined, Undefined
from ...expr.functions import OracleFunction
from ...lowering import LoweringError, at_precision, lower
from . import boxes as B
from . import points as interval_points
from .. import witness as W
from ..base import Compiled, Config, Deadline
from .identity import Gaps, visit_identity
from .bounds import Bounds
from .defined import probes
from .enclosures import Forms, enclose
from ..exact.point import holds_at
from ..signs import Budget, guarded
from .root import guarded_claim, shifted_margin
from .open_ends import OpenEnds
from .tails import TailsAndCorners
from .asymptotic import AsymptoticTails
from ..witness_search import candidates, simple_points

MAX_PREC = interval_points.MAX_PREC
EXACT_POINT_BUDGET = 20.0  # sympy work per claim on point boxes decided exactly
_AFTER_UNDEFINED = 300   # boxes searched for a violation once the claim is undefined somewhere
HUNTED_BOXES, HUNTED_POINTS = 8, 24   # undecided boxes, points, searched at the end (_hunt)


class Search(Bounds, TailsAndCorners, OpenEnds, AsymptoticTails):
    """The branch-and-bound state: two priority queues (by depth, by lower bound)."""

    def __init__(self, compiled: Compiled, config: Config, integer, root, clip=None):
        self.c, self.config, self.integer = compiled, config, integer
        self.root, self.clip = root, clip or root
        #: Forms work in u = x - L (L the finite lower end of a real parameter, else 0):
        #: sympy then knows u >= 0, which decides signs and powers at the lower end
        shifted = guarded(shifted_margin, compiled, root, integer)
        if shifted is None:    # sympy took too long: forms in the parameters themselves
            shifted, root_u = compiled.claim.statement.margin(), [(None, None)] * len(root)
        else:
            root_u = root
        self.shift = [lo if lo is not None else sympy.Integer(0) for lo, _ in root_u]
        ranges = [(0, hi - lo) if lo is not None and hi is not None else None
                  for lo, hi in root_u]
        self.forms = Forms(shifted, compiled.names, ranges)
        self.big = sympy.count_ops(shifted) > 150
        #: whether the shifted/rewritten margin differs from the one already enclosed
        self.rewritten = (self.forms.margin != compiled.claim.statement.margin() or
                          bool(self.forms.atoms) or len(self.forms.whole.fns) > 1)
        self.identity = compiled.claim.statement.rel == "=="
        self.gaps = Gaps(compiled.claim, compiled.names, config.prec) if self.identity else None
        self.volume = B.volume(root, integer, self.clip)
        self.heaps: tuple[list, list] = ([], [])
        self.counter, self.taken = 0, set()
        self._push(root, 0, -float("inf"))
        self.visited = self.certified_boxes = self.vacuous = self.max_depth = 0
        self.certified_volume = 0.0
        self.tightest = None
        self.widest_gap = arb(0)
        self.undecided: list = []
        self.corners: list = []
        self.undecided_nan = False
        self.stopped_by = "completion"
        self.minimised = self.tries = self.form_tries = self.form_wins = self.form_skips = 0
        self.corners_tried = 0
        self.exact, self.exact_points = Budget(EXACT_POINT_BUDGET), 0
        self.undefined_at = None   # (point, Undefined) where the claim is certainly undefined
        self.undefined_seen = 0    # boxes visited when it was found
        self.maybe_undefined = {}  # box -> MaybeUndefined: no ball separates a term from 0
        self.guarded = guarded_claim(compiled.claim)
        # escalation to MAX_PREC only for elementary margins: an oracle (an integral, a
        # search) at 4096 bits can take longer than the whole claim's budget
        oracle = bool(compiled.claim.statement.margin().atoms(OracleFunction))
        self.max_prec = max(config.prec, max(config.witness_precs)) if oracle else MAX_PREC
        self.precs = interval_points.precisions(compiled.claim, config)
        self._group = False
        self._float = False
        #: face values worth a symbolic substitution: the domain's ends and the tight cuts
        self.special = [{e - s for e in side + B.TIGHT_CUTS if e is not None}
                        for side, s in zip(root, self.shift)]

    # -- queue -----------------------------------------------------------------------------
    def _push(self, box, depth, low):
        self.counter += 1
        heapq.heappush(self.heaps[0], (depth, self.counter, box))
        heapq.heappush(self.heaps[1], (low, self.counter, box, depth))

    def _pop(self, which):
        heap = self.heaps[which]
        while heap:
            entry = heapq.heappop(heap)
            if entry[1] not in self.taken:
                self.taken.add(entry[1])
                return (entry[0], entry[2]) if which == 0 else (entry[3], entry[2])
        return None

    def _pending(self):
        return [e[2] for e in self.heaps[0] if e[1] not in self.taken]

    def run(self, deadline: Deadline):
        with at_precision(self.config.prec):
            while True:
                which = int(self.visited % 4 == 3)  # every 4th box: the tightest
                item = self._pop(which) or self._pop(1 - which)
                if item is None:
                    break
                if self.visited >= self._budget() or deadline.passed:
                    self.stopped_by = ("box budget" if self.visited >= self._budget()
                                       else "engine budget")
                    self.undecided.extend([item[1]] + self._pending())
                    self.undecided.extend(self.corners)
                    self.heaps, self.corners = ([], []), []
                    break
                found = self._visit(item[1], item[0], tightest=which == 1)
                if found is not None:
                    return found
            self._settle_corners()
            return self._hunt(deadline) if self.undecided else None

    def _hunt(self, deadline: Deadline):
        """A witness at the simple points of the boxes left undecided (``simple_points``:
        the simplest rational, the corners), where a strict bound may be exactly 0 -- no
        ball certifies that, the exact sign does (``witness.exact_violation``, its sympy
        work charged to the claim's ``EXACT_POINT_BUDGET``).  At most ``HUNTED_POINTS``
        distinct points, from the first ``HUNTED_BOXES`` undecided boxes, while the engine's
        budget lasts; a non-strict bound or an identity (margin ``-|lhs - rhs|``), which
        balls refute wherever it fails, only at the simplest rational of each box (a needle
        1e-30 wide about x = 3/10)."""
        seen = []
        for box in self.undecided[:HUNTED_BOXES]:
            points = simple_points(self.c.names, box, self.integer)
            for point in points if self.c.strict else itertools.islice(points, 1):
                if point in seen:
                    continue
                if len(seen) >= HUNTED_POINTS or deadline.passed:
                    return None
                seen.append(point)
                found = W.exact_violation(self.c, point, self.config.witness_precs,
                                          self.exact)
                if found is not None:
                    return found, None
        return None

    # -- one box ---------------------------------------------------------------------------
    def _visit(self, box, depth, tightest=False):
        self.visited += 1
        self.max_depth = max(self.max_depth, depth)
        if B.infinite(box):
            return self._visit_tail(box, depth)
        balls = B.balls(box)
        try:
            hyp = self.c.hypotheses_on(balls)
        except Undefined:
            return self._undefined(box, depth)
        if hyp is False:
            self.vacuous += 1
            self.certified_volume += self._vol(box)
            return None
        try:
            m = enclose(self.c.margin, balls, edges=True)
        except Undefined:
            if hyp is True:
                return self._undefined(box, depth)
            m = arb.nan()
        except MaybeUndefined as exc:  # never certify a box that may hold an undefined point
            m = arb.nan()
            self.maybe_undefined[tuple(box)] = exc
            for point in probes(self.c.names, box, self.integer):
                if self.undefined_at is not None:
                    break
                self._probe(box, self.config.witness_precs[:1], point)
        if self.identity:
            return self._visit_identity(box, depth, m, hyp)
        m = self._bound(box, balls, m)
        if self._ok(m):
            return self._certified(box, m)
        if self._static(box, m):
            return self._certified(box, m.nonnegative_part())
        if self._open_end_holds(box):
            return self._certified(box)
        point = B.is_point(box, self.integer) or depth >= self.config.max_depth
        if hyp is not False and (m < 0 or tightest or point):
            found = self._try_points(box, balls, hyp is True and tightest,
                                     deep=bool(m < 0) or point)
            if found is not None:
                return found, depth
        # a box that is one exact point (not merely at the depth limit)
        if m.is_finite() and B.is_point(box, self.integer) and self._exact_point(box):
            return self._certified(box)
        if point:
            self.undecided.append(box)
        elif self._is_corner(box):
            self.corners.append(box)
        else:
            self._split(box, depth, m)
        return None

    def _exact_point(self, box, conclusion_only=False) -> bool:
        """A point box where balls cannot settle a tight bound, decided exactly
        (``exact_point``); the sympy work is bounded by ``EXACT_POINT_BUDGET`` per claim."""
        if holds_at(self.c.claim, B.midpoint(box, self.integer, self.c.names), self.exact,
                    conclusion_only):
            self.exact_points += 1
            return True
        return False

    def _undefined(self, box, depth):
        """The claim is certainly undefined on the box: confirm at an exact point and drop the
        box (nothing there can be certified or refuted)."""
        if self._probe(box).status == "undefined":
            self.undecided.append(box)
            return None
        if not B.is_point(box, self.integer) and depth < self.config.max_depth:
            self._split(box, depth, arb.nan())
        else:
            self.undecided.append(box)
        return None

    def _probe(self, box, precs=None, point=None):
        """Examine ``point`` (the box's midpoint) exactly; remember it if the claim is
        undefined there."""
        point = point or B.midpoint(box, self.integer, self.c.names)
        check = W.examine(self.c, point, precs or self.config.witness_precs)
        if check.status == "undefined" and self.undefined_at is None:
            self.undefined_at = (point, check.undefined)
            self.undefined_seen = self.visited
        return check

    def _budget(self) -> int:
        """The box budget; once the claim is known undefined somewhere, only
        ``_AFTER_UNDEFINED`` more boxes are spent looking for a violation where defined."""
        if self.undefined_at is None:
            return self.config.max_boxes
        return min(self.config.max_boxes, self.undefined_seen + _AFTER_UNDEFINED)

    def _ok(self, m) -> bool:
        return bool((m > 0) if self.c.strict else (m >= 0))

    def _certified(self, box, m=None):
        self.certified_boxes += 1
        self.certified_volume += self._vol(box)
        if m is None:
            return None
        low = m.lower()
        self.tightest = low if self.tightest is None else self.tightest.min(low)
        return None

    def _visit_identity(self, box, depth, m, hyp):
        return visit_identity(self, box, depth, m, hyp)

    # -- witnesses, splitting, figures -----------------------------------------------------
    def _try_points(self, box, balls, minimise, deep=False):
        """A certified witness among the candidate points of the box, or None; ``deep``
        certifies up to ``max_prec`` bits (point boxes, certified violations)."""
        self.tries += minimise
        minimise = minimise and self.minimised < 40 and self.tries % 3 == 1
        self.minimised += minimise
        worst = None if balls is None else self._monotone_corner(box, balls)
        fm = self.float_margin if minimise else None
        precs = self.precs if deep else self.config.witness_precs
        for point in candidates(self.c.names, box, self.integer, worst, fm):
            found = W.certify(self.c, point, precs)
            if found is not None:
                return found
        return None

    @property
    def float_margin(self):
        if self._float is False:
            try:
                self._float = lower(self.c.claim.statement.margin(), self.c.names, "float")
            except (LoweringError, TypeError, ValueError):
                self._float = None
        return self._float

    def _monotone_corner(self, box, balls):
        # derivative signs cost several evaluations: only while they pay, and a few times
        if self.big or not self._worth_it() or self.corners_tried >= 60:
            return None
        self.corners_tried += 1
        out, ub = [], self._ub(box)
        for i, (lo, hi) in enumerate(box):
            sign = self._derivative_sign(i, box, ub) if lo != hi else None
            out.append(None if sign is None else (lo if sign > 0 else hi))
        return out

    def _split(self, box, depth, m):
        children = B.split(box, self.root, self.integer)
        low = float(m.lower()) if m.is_finite() else -float("inf")
        for child in children or []:
            self._push(child, depth + 1, low)
        if children is None:
            self.undecided.append(box)

    def _vol(self, box) -> float:
        return B.volume(box, self.integer, self.clip)

    def undecided_beyond_clip(self) -> bool:
        """Whether every undecided box lies beyond the truncation of an unbounded side."""
        def beyond(box):
            return any((r_hi is None and lo is not None and lo >= c_hi) or
                       (r_lo is None and hi is not None and hi <= c_lo)
                       for (lo, hi), (r_lo, r_hi), (c_lo, c_hi)
                       in zip(box, self.root, self.clip))
        return all(beyond(b) for b in self.undecided)

    def undecided_boxes(self, n):
        return self.undecided[:n]

    def undefined_risk(self, box) -> MaybeUndefined | None:
        """The term no ball separated from its edge on this box, if that left it undecided."""
        return self.maybe_undefined.get(tuple(box))

    def figures(self) -> dict:
        frac = (self.certified_volume / self.volume) if self.volume else (
            0.0 if self.undecided else 1.0)
        return {
            "boxes_visited": self.visited, "max_depth": self.max_depth,
            "certified_boxes": self.certified_boxes, "vacuous_boxes": self.vacuous,
            "undecided_boxes": len(self.undecided), "certified_fraction": min(frac, 1.0),
            "tightest_margin": None if self.tightest is None else self.tightest.str(5),
            "widest_identity_gap": self.widest_gap.str(3), "prec": self.config.prec,
            **(self.gaps.figures() if self.gaps else {}),
            "stopped_by": self.stopped_by,
            **({"exact_points": self.exact_points} if self.exact_points else {}),
        }
