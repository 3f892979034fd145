"""Branch and bound in ball arithmetic (python-flint ``arb``) over the domain box.

Every sub-box is a product of closed intervals with exact rational ends (``boxes``; ``None``
for an infinite end).  On a box the margin is enclosed as tightly as ``bounds.Bounds`` can
(derivative forms, monotone faces, exact rewrites, precision escalation); a box is
*certified* when the enclosure is >= 0 (> 0 for a strict relation) or sympy's sign rules
show the margin >= 0 on the whole domain, *vacuous* when a hypothesis is certified to fail
on it, and *violating* when a candidate point (midpoint, worst corner, a float minimiser of
the margin on the tightest boxes; ``witness_search``) is certified as an exact witness, up
to 4096 bits for elementary margins.  Boxes are taken alternately breadth-first and
tightest-first (lowest enclosure), so needles are reached while the volume is swept.  Tails
of unbounded ranges and corners of homogeneous margins are decided in ``tails``; the
verdict is written in ``interval_verdicts``.

Definedness (``dpproof.definedness``): a box on which the margin may be undefined is never
certified; one where it is certainly undefined is confirmed at an exact point, and the
claim is then ERROR unless a violation is certified where it is defined.  Boxes left
undecided because a term may be undefined there send the claim to ``guard_roots`` (an
exact root of a polynomial guard: ERROR at that point); otherwise the scope names them.

A finite domain (a point, a few points, no parameter) has no box to branch on: each point
is evaluated once, precision raised a counted number of times (``interval_points``), and
only points left open go further.

Oracle claims whose calls all derive from the densities are decided first on the derived
pure claim (``derived_oracles``: the claim as written is cross-checked with the arb oracles,
witnesses re-certified on it); otherwise the arb oracles are enclosed on the boxes.

Identities (``==``) cannot be certified by balls; the engine refutes them where the
difference is certified non-zero and otherwise reports SUPPORTED with the largest enclosure
of ``|lhs - rhs|`` seen.
"""

from __future__ import annotations

import dataclasses
import heapq
import time

import sympy
from flint import arb

from ..claims import Claim
from ..definedness import MaybeUndefined, Undefined
from ..evidence import Evidence, Verdict
from ..expr.functions import OracleFunction
from ..lowering import LoweringError, at_precision, lower
from . import boxes as B
from . import derived_oracles, exp_substitution, guard_roots, homogeneous, interval_points
from . import positive_factor
from . import witness as W
from .base import Compiled, Config, Deadline, lowers
from .identity import Gaps, visit_identity
from .bounds import Bounds
from .defined import probes
from .enclosures import Forms, enclose
from .exact_point import holds_at
from .signs import Budget, guarded
from .interval_root import guarded_claim, root_box, shifted_margin
from .interval_verdicts import conclude
from .substitution import substituted, transfer
from .open_ends import OpenEnds
from .tails import TailsAndCorners
from .asymptotic import AsymptoticTails
from .witness_search import candidates

NAME = "interval"
MAX_PREC = interval_points.MAX_PREC
EXACT_POINT_SECONDS = 20.0  # sympy work per claim on point boxes decided exactly
_AFTER_UNDEFINED = 300   # boxes searched for a violation once the claim is undefined somewhere


def supports(claim: Claim) -> bool:
    return lowers(claim, "arb")


def check(claim: Claim, config: Config) -> Evidence:
    """A finite domain point by point (``interval_points``); oracle claims first through
    their derived forms (``derived_oracles``), else (or when that decides nothing) with the
    arb oracles as written."""
    t0 = time.perf_counter()
    ev = interval_points.decide(claim, config, _decide)   # a point or a few: each once
    if ev is not None:
        return dataclasses.replace(ev, seconds=time.perf_counter() - t0)
    ev = derived_oracles.decide(claim, config, _decide) if derived_oracles.has_oracles(
        claim) else None
    if ev is None or ev.data.get("partial"):
        left = max(config.engine_timeout - (time.perf_counter() - t0), 1.0)
        own = _decide(claim, dataclasses.replace(config, engine_timeout=left))
        ev = own if ev is None or not derived_oracles.larger_share(ev, own) else ev
    return dataclasses.replace(ev, seconds=time.perf_counter() - t0)


def _left(config: Config, t0: float) -> Config:
    """``config`` with the engine's time that is left since ``t0`` (with the reductions'
    overheads, 20%, counted)."""
    used = (time.perf_counter() - t0) * 1.2
    return dataclasses.replace(config, engine_timeout=max(config.engine_timeout - used, 1.0))


def _decide(claim: Claim, config: Config) -> Evidence:
    t0 = time.perf_counter()
    # reductions first, each on a share of the time: exponential tails in y = e^(-x/q),
    # fewer parameters by homogeneity, then a positive factor divided out
    ev = exp_substitution.certified(claim, config, _check)
    if ev is not None:
        return dataclasses.replace(ev, seconds=time.perf_counter() - t0)
    ev = homogeneous.certified(claim, config, _check)
    if ev is None:
        ev = positive_factor.decide(claim, _left(config, t0), _check, transfer)
        if ev is not None:
            return dataclasses.replace(ev, seconds=time.perf_counter() - t0)
        ev = _check(claim, _left(config, t0))
    if ev.verdict in (Verdict.SUPPORTED, Verdict.INCONCLUSIVE) and claim.statement.rel != "==":
        left = config.engine_timeout - (time.perf_counter() - t0)
        moved = substituted(claim) if left > 1 else None
        if moved is not None:
            ev2 = _check(moved[0], dataclasses.replace(config, engine_timeout=left))
            ev = transfer(claim, ev, ev2, moved[1], config) or ev
    return dataclasses.replace(ev, seconds=time.perf_counter() - t0)


def _check(claim: Claim, config: Config) -> Evidence:
    t0 = time.perf_counter()
    compiled = Compiled(claim, "arb")
    root, clip, integer, truncated = root_box(claim)
    search = _Search(compiled, config, integer, root, clip)
    found = search.run(Deadline(config.engine_timeout))
    data = search.figures()
    seconds = time.perf_counter() - t0
    if found is not None:
        also = ("" if search.undefined_at is None else "; also " +
                W.undefined_message(*search.undefined_at))
        return Evidence(NAME, Verdict.REFUTED, f"certified violation on a box at depth "
                        f"{found[1]}; margin at the witness {found[0].violation}{also}",
                        seconds, scope=f"witness at {found[0].point}", witness=found[0].point,
                        violation=found[0].violation, data=data)
    if search.undefined_at is not None:
        return W.undefined_evidence(NAME, *search.undefined_at, seconds, data)
    if search.undecided and search.maybe_undefined:
        # no exact undefined point among the probes: an exact root of a polynomial guard
        at = guard_roots.undefined_root(claim)
        if at is not None:
            return guard_roots.evidence(NAME, at, time.perf_counter() - t0, data)
    return conclude(claim, search, compiled.names, root, truncated, data, seconds)


class _Search(Bounds, TailsAndCorners, OpenEnds, AsymptoticTails):
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
        self.exact, self.exact_points = Budget(EXACT_POINT_SECONDS), 0
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
                                       else "time limit")
                    self.undecided.extend([item[1]] + self._pending())
                    self.undecided.extend(self.corners)
                    self.heaps, self.corners = ([], []), []
                    break
                found = self._visit(item[1], item[0], tightest=which == 1)
                if found is not None:
                    return found
            self._settle_corners()
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
        (``exact_point``); the sympy work is bounded by ``EXACT_POINT_SECONDS`` per claim."""
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
