"""Partition of a claim's box into sub-boxes that hold, fail or stay undecided (used by
``repair`` to say how far a refuted claim is from true), with the interval engine's
enclosures."""

from __future__ import annotations

from ...claims import Claim
from ...definedness import MaybeUndefined, Undefined
from ...lowering import at_precision
from . import boxes as B
from ..base import Compiled, Config, Deadline, effective_bounds
from .enclosures import enclose
from .branch_and_bound import Search


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
    search = Search(compiled, config, integer, root)
    deadline = Deadline(seconds)
    queue, leaves, visited = [(0, root)], [], 0
    with at_precision(config.prec):
        while queue:
            depth, box = queue.pop(0)
            visited += 1
            status = _status(search, box) if visited <= max_boxes and not deadline.passed \
                else "undecided"
            children = None
            if not (status != "undecided" or visited > max_boxes or deadline.passed or
                    B.is_point(box, integer) or depth >= config.max_depth):
                children = B.split(box, root, integer)
            if children is None:
                leaves.append((box, status))
                continue
            queue.extend((depth + 1, b) for b in children)
    return leaves


def _status(search: Search, box) -> str:
    balls = B.balls(box)
    try:
        hyp = search.c.hypotheses_on(balls)
        if hyp is False:
            return "vacuous"
        m = enclose(search.c.margin, balls, edges=True)
    except (Undefined, MaybeUndefined):
        return "undecided"
    strict = search.c.strict
    if not search.identity and ((m > 0) if strict else (m >= 0)):
        return "holds"
    if hyp is True and m < 0:
        return "fails"
    if not search.identity and hyp is True:
        low = search._monotone_margin(box, balls, worst=True)
        if low is not None and ((low > 0) if strict else (low >= 0)):
            return "holds"
        high = search._monotone_margin(box, balls, worst=False)
        if high is not None and high < 0:
            return "fails"
    return "undecided"
