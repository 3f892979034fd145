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
the same work and write the same report; ``CROSS_EXAM_BUDGET`` is only a backstop for a
sweep that runs away (it says so in the note):

- the interval engine with ``CROSS_EXAM_BOXES`` boxes (skipped when it produced the
  verdict: it would repeat its own run);
- the search engine with ``CROSS_EXAM_EXAMPLES`` hypothesis examples, whose candidates it
  re-certifies in arb (``witness.certify``);
- the corners and midpoints of the box in arb (a claim without parameters: its instance).

Only a certified violation counts: it is returned as REFUTED evidence next to the verdict
(or as the undefinedness the sweep certified), and ``evidence.assess`` turns the pair into
an ERROR flagged as a soundness failure.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Sequence

import sympy

from .claims import Claim
from .engines.base import (Compiled, Config, Deadline, EngineTimeout, effective_bounds, load,
                           lowers, now, outer_limit_passed, time_limit, wall)
from .engines.witness import certify
from .evidence import CROSS_EXAMINATION, Evidence, Verdict

#: the work of each sweep, and a wall-clock backstop for the whole cross-examination (on
#: the library the sweeps take 0.03-0.6 s; the backstop only stops a runaway)
CROSS_EXAM_BUDGET = 20.0
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
    the engine whose own verdict is examined (its sweep would repeat its run)."""
    t0, b0 = wall(), now()
    quick = replace(config, max_boxes=min(config.max_boxes, CROSS_EXAM_BOXES),
                    search_examples=min(config.search_examples, CROSS_EXAM_EXAMPLES),
                    engine_timeout=min(config.engine_timeout, CROSS_EXAM_BUDGET))
    notes = []
    for name in ("interval", "search"):
        if name == skip:
            continue
        engine = load(name)
        try:
            if not engine.supports(claim):
                continue
            with time_limit(max(CROSS_EXAM_BUDGET - (now() - b0), 0.05)):
                found = engine.check(claim, quick)
        except EngineTimeout:
            if outer_limit_passed():   # the enclosing limit's, not ours
                raise
            notes.append(f"{name}: budget spent")
            continue
        except Exception as exc:  # a failing sweep is recorded, it proves nothing
            notes.append(f"{name}: {type(exc).__name__}: {exc}")
            continue
        if found.verdict is Verdict.REFUTED or (found.verdict is Verdict.ERROR
                                                and found.data.get("undefined")):
            return "CONFLICT", replace(found, engine=f"cross-exam/{name}")
        # counts of points and timings vary with the machine's load: kept out of the report
        # so that two runs with one seed write the same JSON
        notes.append(f"{name}: no certified violation ({found.verdict.value})")
    if lowers(claim, "arb"):
        budget = max(CROSS_EXAM_BUDGET - (now() - b0), 0.1)
        try:
            with time_limit(budget):
                found, tried = _corner_sweep(claim, config, Deadline(budget))
        except EngineTimeout:
            if outer_limit_passed():   # the enclosing limit's, not ours
                raise
            found, tried = None, "some"
        if found is not None:
            return "CONFLICT", Evidence(
                "cross-exam/points", Verdict.REFUTED, f"violation certified at {found.prec} "
                "bits", wall() - t0, scope=f"witness {found.point}",
                witness=found.point, violation=found.violation)
        notes.append(f"points: no certified violation at {tried} corners/midpoints")
    return "; ".join(notes) or "no independent sweep applies", None


def _corner_sweep(claim: Claim, config: Config, deadline: Deadline, limit: int = 27):
    """(witness or None, points tried): the box's corners and midpoints in arb at the
    first two witness precisions, until the deadline (a claim without parameters: its
    one instance)."""
    compiled = Compiled(claim, "arb")
    axes = []
    for _, iv in claim.domain.params:
        lo, hi, _ = effective_bounds(iv)
        axis = [lo, hi, (lo + hi) / 2]
        axes.append([sympy.floor(v) if iv.integer else v for v in axis])
    tried = 0
    for values in itertools.islice(itertools.product(*axes), limit):
        if deadline.passed:
            break
        tried += 1
        point = dict(zip(claim.domain.names, values))
        found = certify(compiled, point, config.witness_precs[:2])
        if found is not None:
            return found, tried
    return None, tried
