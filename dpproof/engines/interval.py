"""Branch and bound in ball arithmetic (python-flint ``arb``) over the domain box.

Every sub-box is a product of closed intervals with exact rational ends, turned into balls
by ``arb_box``.  On a box the claim's margin is enclosed; a box is *certified* when the
enclosure is >= 0 (> 0 for a strict relation), *vacuous* when a hypothesis is certified to
fail on it, and *violating* when the margin is certified < 0 with the hypotheses certified
to hold -- then its midpoint is certified as an exact witness.  Undecided boxes are
bisected along their relatively widest side (integer parameters split at integers) until
the box budget, the depth limit or the deadline.

Unbounded parameters: documented truncation.  An unbounded end is cut at +-10^6
(``base.TRUNCATE_AT``); a claim certified on the truncated box is reported SUPPORTED with
that box as its scope, never CERTIFIED.  Open ends are enclosed in their closure, which is
sound (a superset); a function undefined at an open end leaves undecided boxes there, and
the verdict says so.

Identities (``==``) cannot be certified by balls (an enclosure of ``lhs - rhs`` always has
a radius); the engine refutes them where the difference is certified non-zero and
otherwise reports SUPPORTED with the largest enclosure of ``|lhs - rhs|`` seen.
"""

from __future__ import annotations

import heapq
import time

import sympy
from flint import arb

from ..claims import Claim
from ..definedness import MaybeUndefined, Undefined
from ..evidence import Evidence, Verdict
from ..lowering import arb_box, at_precision
from . import witness as W
from .base import Compiled, Config, Deadline, describe_box, effective_bounds, lowers
from .defined import probes

NAME = "interval"
_AFTER_UNDEFINED = 300   # boxes searched for a violation once the claim is undefined somewhere


def supports(claim: Claim) -> bool:
    return lowers(claim, "arb")


def check(claim: Claim, config: Config) -> Evidence:
    t0 = time.perf_counter()
    compiled = Compiled(claim, "arb")
    names = compiled.names
    root, truncated, integer = [], [], []
    for name, iv in claim.domain.params:
        lo, hi, cut = effective_bounds(iv)
        if iv.integer:
            lo, hi = sympy.ceiling(lo), sympy.floor(hi)
        root.append((lo, hi))
        truncated.append(cut)
        integer.append(iv.integer)
    search = _Search(compiled, config, integer, root)
    found = search.run(Deadline(config.engine_timeout))
    data = search.figures()
    seconds = time.perf_counter() - t0
    if found is not None:
        also = ("" if search.undefined_at is None else "; also " +
                W.undefined_message(*search.undefined_at))
        return Evidence(NAME, Verdict.REFUTED, f"certified violation on a box at depth "
                        f"{found[1]}; margin at the witness {found[0].violation}{also}", seconds,
                        scope=f"witness at {found[0].point}", witness=found[0].point,
                        violation=found[0].violation, data=data)
    if search.undefined_at is not None:
        return W.undefined_evidence(NAME, *search.undefined_at, seconds, data)
    return _conclude(claim, search, names, root, any(truncated), data, seconds)


def _conclude(claim, search, names, root, truncated, data, seconds) -> Evidence:
    whole = describe_box(names, root) or "the single instance"
    if claim.statement.rel == "==":
        return _identity_verdict(search, whole, data, seconds)
    if not search.undecided:
        if truncated:
            return Evidence(NAME, Verdict.SUPPORTED, "certified on the truncated box only",
                            seconds, scope=f"certified on {whole} (unbounded ends cut at "
                            "1e6)", data=data)
        return Evidence(NAME, Verdict.CERTIFIED, f"margin certified on all "
                        f"{data['certified_boxes']} boxes; tightest lower bound "
                        f"{data['tightest_margin']}", seconds, scope=f"whole domain: {whole}",
                        data=data)
    frac = data["certified_fraction"]
    left = "; ".join(describe_box(names, b) for b in search.undecided_boxes(3))
    limit = data["stopped_by"]
    if frac == 0:
        return Evidence(NAME, Verdict.INCONCLUSIVE, f"no box certified before the {limit}",
                        seconds, scope=f"undecided, e.g. {left}", data=data)
    return Evidence(NAME, Verdict.SUPPORTED, f"{frac:.4%} of the box volume certified; "
                    f"stopped by the {limit}", seconds,
                    scope=f"certified on {frac:.4%} of {whole}; undecided near {left}",
                    data=data)


def _identity_verdict(search, whole, data, seconds) -> Evidence:
    if search.undecided_nan:
        return Evidence(NAME, Verdict.INCONCLUSIVE, "the difference could not be enclosed on "
                        f"some boxes ({data['stopped_by']})", seconds, scope=whole, data=data)
    if search.undecided:
        frac = data["certified_fraction"]
        return Evidence(NAME, Verdict.INCONCLUSIVE if frac == 0 else Verdict.SUPPORTED,
                        f"|lhs - rhs| enclosed below {data['widest_identity_gap']} on "
                        f"{frac:.4%} of the box volume; stopped by the {data['stopped_by']}",
                        seconds, scope=f"enclosed on {frac:.4%} of {whole}", data=data)
    return Evidence(NAME, Verdict.SUPPORTED, f"|lhs - rhs| enclosed below "
                    f"{data['widest_identity_gap']} on every box; balls cannot certify "
                    "equality", seconds, scope=f"enclosed on {whole}", data=data)


class _Search:
    """The branch-and-bound state: a priority queue of undecided boxes."""

    def __init__(self, compiled: Compiled, config: Config, integer, root):
        self.c, self.config, self.integer = compiled, config, integer
        self.root = root
        self.volume = _volume(root, integer)
        self.queue: list = [(0, 0, root)]
        self.counter = 1
        self.visited = self.certified_boxes = self.vacuous = self.max_depth = 0
        self.certified_volume = 0.0
        self.tightest = None
        self.widest_gap = arb(0)
        self.undecided: list = []
        self.undecided_nan = False
        self.undefined_at = None   # (point, Undefined) where the claim is certainly undefined
        self.undefined_seen = 0    # boxes visited when it was found
        self.stopped_by = "completion"

    def run(self, deadline: Deadline):
        with at_precision(self.config.prec):
            while self.queue:
                if self.visited >= self._budget() or deadline.passed:
                    self.stopped_by = ("box budget" if self.visited >= self._budget()
                                       else "time limit")
                    self.undecided.extend(b for _, _, b in self.queue)
                    self.queue = []
                    break
                depth, _, box = heapq.heappop(self.queue)
                found = self._visit(box, depth)
                if found is not None:
                    return found
        return None

    def _budget(self) -> int:
        """The box budget; once the claim is known undefined somewhere, only
        ``_AFTER_UNDEFINED`` more boxes are spent looking for a violation where it is defined."""
        if self.undefined_at is None:
            return self.config.max_boxes
        return min(self.config.max_boxes, self.undefined_seen + _AFTER_UNDEFINED)

    def _visit(self, box, depth):
        self.visited += 1
        self.max_depth = max(self.max_depth, depth)
        balls = [arb_box(lo, hi) for lo, hi in box]
        try:
            hyp = self.c.hypotheses_on(balls)
        except Undefined:
            return self._undefined(box, depth)
        if hyp is False:
            self.vacuous += 1
            self.certified_volume += _volume(box, self.integer)
            return None
        try:
            m, defined = _enclose(self.c.margin, balls), True
        except Undefined:
            if hyp is True:
                return self._undefined(box, depth)
            m, defined = arb.nan(), False
        except MaybeUndefined:  # never certify a box that may hold an undefined point
            m, defined = arb.nan(), False
        for point in probes(self.c.names, box, self.integer) if not defined else ():
            if self.undefined_at is not None:
                break
            self._probe(box, self.config.witness_precs[:1], point)
        if self.c.claim.statement.rel == "==":
            return self._visit_identity(box, depth, m, hyp)
        ok = (m > 0) if self.c.strict else (m >= 0)
        if not ok and defined and hyp is True and depth >= 2:
            m2 = self._monotone_margin(box, balls)
            if m2 is not None and ((m2 > 0) if self.c.strict else (m2 >= 0)):
                ok, m = True, m2
        if ok:
            self.certified_boxes += 1
            self.certified_volume += _volume(box, self.integer)
            low = m.lower()
            self.tightest = low if self.tightest is None else self.tightest.min(low)
            return None
        if m < 0 and hyp is True or _is_point(box, self.integer) or depth >= self.config.max_depth:
            found = self._try_point(box)
            if found is not None:
                return found, depth
            if _is_point(box, self.integer) or depth >= self.config.max_depth:
                self.undecided.append(box)
                return None
        self._split(box, depth)
        return None

    def _undefined(self, box, depth):
        """The claim is certainly undefined on the box: confirm at an exact point and drop the
        box (nothing there can be certified or refuted)."""
        if self._probe(box).status == "undefined":
            self.undecided.append(box)
            return None
        if not _is_point(box, self.integer) and depth < self.config.max_depth:
            self._split(box, depth)
        else:
            self.undecided.append(box)
        return None

    def _visit_identity(self, box, depth, m, hyp):
        if m.is_finite():
            if m >= 0:  # exactly zero enclosure
                self.certified_volume += _volume(box, self.integer)
                return None
            gap = abs(m).upper()
            if m < 0 and hyp is True:
                found = self._try_point(box)
                if found is not None:
                    return found, depth
            if _is_point(box, self.integer) or depth >= self.config.max_depth or gap < arb(
                    2) ** (-self.config.prec // 2):
                self.widest_gap = self.widest_gap.max(gap)
                self.certified_volume += _volume(box, self.integer)
                return None
        elif _is_point(box, self.integer) or depth >= self.config.max_depth:
            self.undecided_nan = True
            self.undecided.append(box)
            return None
        self._split(box, depth)
        return None

    def _monotone_margin(self, box, balls, worst: bool = True):
        """The margin with every coordinate along which it is certified monotone on the box
        moved to its worst end (``worst``; sound: moving there can only lower the margin)
        or its best end (an upper bound); None if no partial derivative has a certified
        sign or the gradient cannot be lowered."""
        grad = self.c.gradient
        if grad is None:
            return None
        moved, any_moved = list(balls), False
        try:
            for i, pair in enumerate(grad):
                sign = None if pair is None else self._derivative_sign(i, pair, box, balls)
                if sign is not None:
                    end = box[i][0] if (sign > 0) == worst else box[i][1]
                    moved[i], any_moved = arb_box(end, end), True
            return _enclose(self.c.margin, moved) if any_moved else None
        except (Undefined, MaybeUndefined):
            return None

    @staticmethod
    def _derivative_sign(i, pair, box, balls):
        """+1 if d margin/dx_i >= 0 on the box, -1 if <= 0, None if not certified.

        Falls back to the second derivative: if it has a certified sign, the first
        derivative is monotone in x_i and its extreme is at an end of the box."""
        first, second = pair
        d = first(*balls)
        if d >= 0:
            return 1
        if d <= 0:
            return -1
        h = second(*balls)
        if not (h >= 0 or h <= 0):
            return None
        lo_end, hi_end = list(balls), list(balls)
        lo_end[i], hi_end[i] = arb_box(box[i][0], box[i][0]), arb_box(box[i][1], box[i][1])
        # first derivative increasing (h >= 0): its min is at lo, its max at hi
        low, high = (first(*lo_end), first(*hi_end)) if h >= 0 else (
            first(*hi_end), first(*lo_end))
        if low >= 0:
            return 1
        if high <= 0:
            return -1
        return None

    def _mid(self, box):
        return {n: (lo + hi) / 2 if not integ else sympy.floor((lo + hi) / 2)
                for n, (lo, hi), integ in zip(self.c.names, box, self.integer)}

    def _probe(self, box, precs=None, point=None):
        """Examine ``point`` (the box's midpoint) exactly; remember it if the claim is
        undefined there."""
        point = point or self._mid(box)
        check = W.examine(self.c, point, precs or self.config.witness_precs)
        if check.status == "undefined" and self.undefined_at is None:
            self.undefined_at = (point, check.undefined)
            self.undefined_seen = self.visited
        return check

    def _try_point(self, box):
        return self._probe(box).witness

    def _split(self, box, depth):
        widths = [(hi - lo) / max(r_hi - r_lo, sympy.Rational(1, 10**9))
                  for (lo, hi), (r_lo, r_hi) in zip(box, self.root)]
        order = sorted(range(len(box)), key=lambda i: -widths[i])
        for i in order:
            lo, hi = box[i]
            if self.integer[i]:
                if hi - lo < 1:
                    continue
                cut = sympy.floor((lo + hi) / 2)
                halves = [(lo, cut), (cut + 1, hi)]
            else:
                mid = (lo + hi) / 2
                halves = [(lo, mid), (mid, hi)]
            for half in halves:
                child = list(box)
                child[i] = half
                heapq.heappush(self.queue, (depth + 1, self.counter, child))
                self.counter += 1
            return

    def undecided_boxes(self, n):
        return self.undecided[:n]

    def figures(self) -> dict:
        frac = (self.certified_volume / self.volume) if self.volume else (
            0.0 if self.undecided else 1.0)
        return {
            "boxes_visited": self.visited, "max_depth": self.max_depth,
            "certified_boxes": self.certified_boxes, "vacuous_boxes": self.vacuous,
            "undecided_boxes": len(self.undecided), "certified_fraction": min(frac, 1.0),
            "tightest_margin": None if self.tightest is None else self.tightest.str(5),
            "widest_identity_gap": self.widest_gap.str(3), "prec": self.config.prec,
            "stopped_by": self.stopped_by,
        }


def _enclose(fn, balls) -> arb:
    """``fn(*balls)``, or an indeterminate ball where an oracle rejects a wide parameter ball:
    undecided, so the box is split, never decided.  ``Undefined``/``MaybeUndefined`` (the
    edges of the claims language) propagate: the caller decides what they mean."""
    try:
        return fn(*balls)
    except (Undefined, MaybeUndefined):
        raise
    except (ValueError, ZeroDivisionError):
        return arb.nan()


def _volume(box, integer) -> float:
    """Lebesgue volume (integers counted); a degenerate side counts as 1."""
    v = 1.0
    for (lo, hi), integ in zip(box, integer):
        width = float(hi - lo + 1) if integ else float(hi - lo)
        v *= width if width > 0 else 1.0
    return v


def _is_point(box, integer) -> bool:
    return all(lo == hi or (integ and hi - lo < 1) for (lo, hi), integ in zip(box, integer))


def classify(claim: Claim, config: Config, max_boxes: int = 600,
             seconds: float = 10.0) -> list[tuple[list, str]]:
    """Partition the (truncated) domain box into sub-boxes that certifiably hold, certifiably
    fail (margin < 0 on the whole box, hypotheses certified), or stay undecided.

    Used to say how far a refuted claim is from true.  Boxes are split breadth-first until
    ``max_boxes`` evaluations or ``seconds``; the leaves are returned as (box, status).
    """
    compiled = Compiled(claim, "arb")
    integer = [iv.integer for _, iv in claim.domain.params]
    root = [effective_bounds(iv)[:2] for _, iv in claim.domain.params]
    search = _Search(compiled, config, integer, root)
    deadline = Deadline(seconds)
    queue, leaves, visited = [(0, root)], [], 0
    with at_precision(config.prec):
        while queue:
            depth, box = queue.pop(0)
            visited += 1
            status = _status(search, box) if visited <= max_boxes and not deadline.passed \
                else "undecided"
            if status != "undecided" or visited > max_boxes or deadline.passed or \
                    _is_point(box, integer) or depth >= config.max_depth:
                leaves.append((box, status))
                continue
            search.queue = []
            search._split(box, depth)
            queue.extend((d, b) for d, _, b in search.queue)
    return leaves


def _status(search: _Search, box) -> str:
    balls = [arb_box(lo, hi) for lo, hi in box]
    try:
        hyp = search.c.hypotheses_on(balls)
        if hyp is False:
            return "vacuous"
        m = _enclose(search.c.margin, balls)
    except (Undefined, MaybeUndefined):
        return "undecided"
    strict = search.c.strict
    if search.c.claim.statement.rel != "==" and ((m > 0) if strict else (m >= 0)):
        return "holds"
    if hyp is True and m < 0:
        return "fails"
    if search.c.claim.statement.rel != "==" and hyp is True:
        low = search._monotone_margin(box, balls, worst=True)
        if low is not None and ((low > 0) if strict else (low >= 0)):
            return "holds"
        high = search._monotone_margin(box, balls, worst=False)
        if high is not None and high < 0:
            return "fails"
    return "undecided"
