"""Cross-examination of every PROVED and CERTIFIED (docs/design.md, the one rule).

Before a verdict that a claim holds counts, an independent certified sweep of the claim
as written looks for a violation.  It runs once per claim, in the claim's supervised
worker (``checking.check_claim``, under the claim's limits), after whichever route decided
-- an engine, the conjunction routes, the symbolic engine's full budget -- and, for a claim
with steps, whether or not a route decided: the chain's verdict is added in the parent
process once the steps are decided, and carries the record made here
(``Assessment.cross_examination``).  The sweep is lowered from the claim's own statement,
never from a route's rewritten margin, so it is independent of the route it checks.
``evidence.assess`` refuses a PROVED or CERTIFIED without a record: no route can skip it.

The sweeps are bounded by counts of work, so that two runs on machines of any speed do
the same work and write the same report; ``CROSS_EXAM_BUDGET`` (work-seconds, counted too) is
a backstop for the three together, for a claim whose single evaluations are costly (a sum
written out to a million terms); the record then says which sweep it stopped:

- a refutation-only branch and bound in balls over ``CROSS_EXAM_BOXES`` boxes
  (``engines.balls.sweep``: the margin as lowered, no proof machinery -- the interval engine
  itself spent 30% of the library's work here on forms, tails and reductions that only serve
  to certify);
- the search engine with ``CROSS_EXAM_EXAMPLES`` hypothesis examples, whose candidates it
  re-certifies in arb (``witness.certify``), skipped when it produced the verdict;
- the corners and midpoints of the box in arb (a claim without parameters: its instance).

A box sweep that settles the whole domain -- every box enclosed with the claimed sign, no
side truncated -- has shown in balls that no violation exists; the other two then do not run.

Only a certified violation counts: it is returned as REFUTED evidence next to the verdict
(or as the undefinedness the sweep certified), and ``evidence.assess`` turns the pair into
an ERROR flagged as a soundness failure.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from typing import Sequence

import sympy

from .claims import Claim
from .engines.base import (Compiled, Config, EngineTimeout, effective_bounds, load, lowers, now,
                           outer_limit_passed, time_limit, wall)
from .engines.balls.sweep import sweep
from .engines.witness import certify
from .evidence import CROSS_EXAMINATION, Evidence, Verdict

#: the counts of each sweep, and the work-seconds of all three together (a backstop)
CROSS_EXAM_BUDGET = 5.0
CROSS_EXAM_BOXES = 200
CROSS_EXAM_EXAMPLES = 25


def cross_examine(claim: Claim, config: Config,
                  evidence: Sequence[Evidence]) -> tuple[list[Evidence], str]:
    """(``evidence`` after the sweep of ``claim`` as written, the sweep's record).

    Every PROVED or CERTIFIED in ``evidence`` gets the record in its data
    (``CROSS_EXAMINATION``): a note of what each sweep found, or ``CONFLICT`` with the
    certified violation appended as evidence of its own.  Runs when some evidence holds
    or the claim has steps (its chain is assessed later, see the module docstring);
    otherwise ``(evidence, "")``."""
    evidence = list(evidence)
    held = [e for e in evidence if e.verdict.holds]
    if not held and not claim.steps:
        return evidence, ""
    engines = {e.engine for e in held}
    record, found = _sweep(claim, config, skip=engines.pop() if len(engines) == 1 else "")
    if found is None:
        return [_recorded(e, record) for e in evidence], record
    what = (" and ".join(f"{e.engine}'s {e.verdict.value}" for e in held) if held
            else "the claim as written (for the chain of its steps)")
    con = replace(found, detail=f"cross-examination of {what}: {found.detail}")
    return [_recorded(e, "CONFLICT") for e in evidence] + [con], f"CONFLICT: {con.detail}"


def _recorded(e: Evidence, record: str) -> Evidence:
    return replace(e, data={**e.data, CROSS_EXAMINATION: record}) if e.verdict.holds else e


def _sweep(claim: Claim, config: Config, skip: str = "") -> tuple[str, Evidence | None]:
    """(what the sweeps found, a certified violation as evidence or None); ``skip`` names
    the engine whose own verdict is examined: the search engine's sweep would repeat its run
    (the box sweep shares no code with the interval engine's proofs and always runs).  A box
    sweep that settles the whole domain (``sweep.Found.settled``) leaves nothing for the
    other two to find: they do not run."""
    t0, b0 = wall(), now()
    quick = replace(config, max_boxes=min(config.max_boxes, CROSS_EXAM_BOXES),
                    search_examples=min(config.search_examples, CROSS_EXAM_EXAMPLES),
                    engine_timeout=min(config.engine_timeout, CROSS_EXAM_BUDGET))
    in_balls = lowers(claim, "arb")
    sweeps = [("boxes", lambda: _boxes(claim, quick))] if in_balls else []
    if skip != "search":
        sweeps.append(("search", lambda: _search(claim, quick)))
    if in_balls:
        sweeps.append(("points", lambda: _corner_sweep(claim, config)))
    notes = []
    for name, run in sweeps:
        try:
            with time_limit(max(CROSS_EXAM_BUDGET - (now() - b0), 0.05)):
                found = run()
        except EngineTimeout:
            if outer_limit_passed():   # the enclosing limit's, not ours
                raise
            notes.append(f"{name}: budget spent")
            continue
        except Exception as exc:  # a failing sweep is recorded, it proves nothing
            notes.append(f"{name}: {type(exc).__name__}: {exc}")
            continue
        if found.evidence is not None:
            return "CONFLICT", replace(found.evidence, seconds=wall() - t0)
        notes += [found.note] if found.note else []
        if found.settled:
            break
    return "; ".join(notes) or "no independent sweep applies", None


@dataclass
class _Swept:
    """A sweep's outcome: a certified violation as evidence (or None) and its note."""

    evidence: Evidence | None
    note: str
    settled: bool = False


def _boxes(claim: Claim, quick: Config) -> _Swept:
    """The refutation-only branch and bound in balls (``engines.balls.sweep``)."""
    swept = sweep(claim, quick, CROSS_EXAM_BOXES, "cross-exam/boxes")
    if swept.settled:
        return _Swept(None, "boxes: no certified violation; the margin has the claimed sign "
                      f"in balls on the whole domain ({swept.boxes} boxes)", settled=True)
    return _Swept(swept.evidence, f"boxes: no certified violation in {swept.boxes} boxes")


def _search(claim: Claim, quick: Config) -> _Swept:
    """The search engine with the cross-examination's example count."""
    engine = load("search")
    if not engine.supports(claim):
        return _Swept(None, "")
    found = engine.check(claim, quick)
    if found.verdict is Verdict.REFUTED or (found.verdict is Verdict.ERROR
                                            and found.data.get("undefined")):
        return _Swept(replace(found, engine="cross-exam/search"), "")
    # counts of points and timings vary with the machine's load: kept out of the report so
    # that two runs with one seed write the same JSON
    return _Swept(None, f"search: no certified violation ({found.verdict.value})")


def _corner_sweep(claim: Claim, config: Config, limit: int = 27) -> _Swept:
    """The box's corners and midpoints in arb at the first two witness precisions (a claim
    without parameters: its one instance)."""
    compiled = Compiled(claim, "arb")
    axes = []
    for _, iv in claim.domain.params:
        lo, hi, _ = effective_bounds(iv)
        axis = [lo, hi, (lo + hi) / 2]
        axes.append([sympy.floor(v) if iv.integer else v for v in axis])
    tried = 0
    for values in itertools.islice(itertools.product(*axes), limit):
        tried += 1
        point = dict(zip(claim.domain.names, values))
        found = certify(compiled, point, config.witness_precs[:2])
        if found is not None:
            return _Swept(Evidence(
                "cross-exam/points", Verdict.REFUTED, f"violation certified at {found.prec} "
                "bits", scope=f"witness {found.point}", witness=found.point,
                violation=found.violation), "")
    return _Swept(None, f"points: no certified violation at {tried} corners/midpoints")
