"""Cross-examination of every PROVED and CERTIFIED (docs/design.md, the one rule).

Before the runner keeps a verdict that a claim holds, an independent certified sweep
looks for a violation.  The sweeps are bounded by counts of work, so that two runs on
machines of any speed do the same work and write the same report; ``CROSS_EXAM_SECONDS``
is only a backstop for a sweep that runs away (it says so in the note):

- the interval engine with ``CROSS_EXAM_BOXES`` boxes (skipped when it produced the
  verdict: it would repeat its own run);
- the search engine with ``CROSS_EXAM_EXAMPLES`` hypothesis examples, whose candidates it
  re-certifies in arb (``witness.certify``);
- the corners and midpoints of the box in arb (a claim without parameters: its instance).

Only a certified violation counts: it is returned as REFUTED evidence next to the verdict,
and ``evidence.assess`` turns the pair into an ERROR flagged as a soundness failure.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import replace

import sympy

from .claims import Claim
from .engines.base import (Compiled, Config, Deadline, EngineTimeout, effective_bounds, load,
                           lowers, outer_limit_passed, time_limit)
from .engines.witness import certify
from .evidence import Evidence, Verdict

#: the work of each sweep, and a wall-clock backstop for the whole cross-examination (on
#: the library the sweeps take 0.03-0.6 s; the backstop only stops a runaway)
CROSS_EXAM_SECONDS = 20.0
CROSS_EXAM_BOXES = 200
CROSS_EXAM_EXAMPLES = 25


def cross_examine(claim: Claim, config: Config, ev: Evidence) -> list[Evidence]:
    """``ev`` (PROVED or CERTIFIED) with what an independent certified sweep found.

    Returns ``[ev]`` with a note in its data when nothing was found, or
    ``[ev, refuting evidence]`` on a conflict (see the module docstring)."""
    t0 = time.perf_counter()
    quick = replace(config, max_boxes=min(config.max_boxes, CROSS_EXAM_BOXES),
                    search_examples=min(config.search_examples, CROSS_EXAM_EXAMPLES),
                    engine_timeout=min(config.engine_timeout, CROSS_EXAM_SECONDS))
    notes = []
    for name in ("interval", "search"):
        if name == ev.engine:
            continue
        engine = load(name)
        try:
            if not engine.supports(claim):
                continue
            with time_limit(max(CROSS_EXAM_SECONDS - (time.perf_counter() - t0), 0.05)):
                found = engine.check(claim, quick)
        except EngineTimeout:
            if outer_limit_passed():   # the enclosing limit's, not ours
                raise
            notes.append(f"{name}: time limit")
            continue
        except Exception as exc:  # a failing sweep is recorded, it proves nothing
            notes.append(f"{name}: {type(exc).__name__}: {exc}")
            continue
        if found.verdict is Verdict.REFUTED or (found.verdict is Verdict.ERROR
                                                and found.data.get("undefined")):
            con = replace(found, engine=f"cross-exam/{name}", detail="cross-examination of "
                          f"{ev.engine}'s {ev.verdict.value}: {found.detail}")
            return [replace(ev, data={**ev.data, "cross_examination": "CONFLICT"}), con]
        # counts of points and timings vary with the machine's load: kept out of the report
        # so that two runs with one seed write the same JSON
        notes.append(f"{name}: no certified violation ({found.verdict.value})")
    if lowers(claim, "arb"):
        budget = max(CROSS_EXAM_SECONDS - (time.perf_counter() - t0), 0.1)
        try:
            with time_limit(budget):
                found, tried = _corner_sweep(claim, config, Deadline(budget))
        except EngineTimeout:
            if outer_limit_passed():   # the enclosing limit's, not ours
                raise
            found, tried = None, "some"
        if found is not None:
            con = Evidence("cross-exam/points", Verdict.REFUTED, "cross-examination of "
                           f"{ev.engine}'s {ev.verdict.value}: violation certified at "
                           f"{found.prec} bits", time.perf_counter() - t0,
                           scope=f"witness {found.point}", witness=found.point,
                           violation=found.violation)
            return [replace(ev, data={**ev.data, "cross_examination": "CONFLICT"}), con]
        notes.append(f"points: no certified violation at {tried} corners/midpoints")
    summary = "; ".join(notes) or "no independent sweep applies"
    return [replace(ev, data={**ev.data, "cross_examination": summary})]


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
