"""A refutation-only sweep in ball arithmetic: the cross-examination's (``dpproof.crossexam``).

Branch and bound over the domain box (unbounded sides truncated as ``base.effective_bounds``
does), the margin enclosed as lowered from the claim as written: no derivative forms,
rewrites, tails, reductions or derived oracles.  The sweep never certifies anything, so it
needs none of the interval engine's proof machinery -- which is where that engine spends its
work -- and shares none of the code whose verdicts it examines.

Boxes are taken alternately breadth-first and lowest-enclosure-first (every other box), so
that a needle is reached while the volume is swept.  A box whose enclosure has the claimed
sign is dropped; on every other box the midpoint is examined at an exact point in balls
(``witness.examine``: a certified violation, or a point where the claim is certainly
undefined), and on the lowest boxes also a float minimiser of the margin (scipy L-BFGS-B, at
most ``MINIMISATIONS`` per sweep).  A box that is a point, or at the depth limit, is not split.

A sweep that runs out of boxes to split, every box dropped because its hypotheses were
certainly false or certainly true and its enclosure had the claimed sign, on a domain whose
sides were not truncated, has enclosed the claim on all of it: ``Found.settled``, and no
other sweep can find a violation or a point where the claim is undefined.

Counted: ``boxes`` boxes, ``MINIMISATIONS`` minimisations; no clock is read.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from ...claims import Claim
from ...definedness import Undefined
from ...evidence import Evidence, Verdict
from ...lowering import LoweringError, at_precision, lower
from .. import witness as W
from ..base import Compiled, Config, effective_bounds
from ..compiled import fails, holds
from ..signs import enclose
from ..witness_search import candidates
from . import boxes as B

#: float minimisations (scipy L-BFGS-B, about 60 margin evaluations each) per sweep
MINIMISATIONS = 8


@dataclass
class Found:
    """What a sweep found: ``evidence`` (REFUTED at a certified witness, or ERROR where the
    claim is certainly undefined; None if nothing), the boxes it visited, and whether every
    box of the whole domain was dropped with the claimed sign (``settled``)."""

    evidence: Evidence | None
    boxes: int
    settled: bool = False


def sweep(claim: Claim, config: Config, boxes: int, engine: str = "sweep") -> Found:
    """Look for a certified violation of ``claim`` in at most ``boxes`` boxes."""
    compiled = Compiled(claim, "arb")
    names = compiled.names
    root, integer, whole = [], [], True
    for _, iv in claim.domain.params:
        lo, hi, truncated = effective_bounds(iv)
        root.append((lo, hi))
        integer.append(iv.integer)
        whole = whole and not truncated
    fm: list = []        # the float margin, lowered when a first minimisation needs it
    queues: tuple[list, list] = ([], [])
    taken: set[int] = set()
    counter = 0

    def push(box, depth, low):
        nonlocal counter
        counter += 1
        heapq.heappush(queues[0], (depth, counter, box))
        heapq.heappush(queues[1], (low, counter, box, depth))

    def pop(which):
        queue = queues[which]
        while queue:
            entry = heapq.heappop(queue)
            if entry[1] not in taken:
                taken.add(entry[1])
                return (entry[0], entry[2]) if which == 0 else (entry[3], entry[2])
        return None

    push(root, 0, -float("inf"))
    visited = minimised = 0
    with at_precision(config.prec):
        while visited < boxes:
            lowest = visited % 2 == 1
            item = pop(int(lowest)) or pop(int(not lowest))
            if item is None:     # every box dropped: settled, unless a leaf was left open
                return Found(None, visited, settled=whole)
            depth, box = item
            visited += 1
            balls = B.balls(box)
            try:
                hyp = compiled.hypotheses_on(balls)
            except Undefined:
                hyp = None          # the midpoint's examination says where
            if hyp is False:
                continue
            m = enclose(compiled.margin, balls)
            if holds(m, compiled.strict):
                # hypotheses undecided here may be undefined here, which the other sweeps
                # report (an ERROR): dropped, but the domain is not settled
                whole = whole and hyp is True
                continue
            minimise = lowest and minimised < MINIMISATIONS and _float_margin(claim, names, fm)
            minimised += minimise
            for point in candidates(names, box, integer, None, fm[0] if minimise else None):
                check = W.examine(compiled, point, config.witness_precs)
                if check.status == "violated":
                    w = check.witness
                    return Found(Evidence(
                        engine, Verdict.REFUTED, f"violation certified at {w.prec} bits on a "
                        f"box at depth {depth}; margin at the witness {w.violation}",
                        scope=f"witness at {w.point}" if w.point else "its one instance",
                        witness=w.point,
                        violation=w.violation, data={"boxes_visited": visited}), visited)
                if check.status == "undefined":
                    return Found(W.undefined_evidence(engine, point, check.undefined, 0.0,
                                                      {"boxes_visited": visited}), visited)
            children = (None if B.is_point(box, integer) or depth >= config.max_depth
                        else B.split(box, root, integer))
            if not children:
                whole = False     # a box left undecided: the sweep can no longer settle
                continue
            low = float(m.lower()) if m.is_finite() else -float("inf")
            if fails(m, compiled.strict):
                low = -float("inf")
            for child in children:
                push(child, depth + 1, low)
    return Found(None, visited)


def _float_margin(claim: Claim, names, lowered: list) -> bool:
    """Whether the claim's margin lowers to floats; lowered once, into ``lowered``."""
    if not lowered:
        try:
            lowered.append(lower(claim.statement.margin(), names, "float"))
        except (LoweringError, TypeError, ValueError):
            lowered.append(None)
    return lowered[0] is not None
