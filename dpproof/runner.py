"""verify(claims, config) -> Report: engines in order, stop at decisive evidence.

Per claim the engines run cheapest-first (``Config.engines``) under a per-engine and a
per-claim time limit; the first decisive verdict (PROVED, CERTIFIED, REFUTED) ends the
claim.  A derivation's steps are claims of their own, listed after their parent; the
parent also gets ``chain`` evidence: the links must connect (each right side equal to the
next left side, the ends equal to the parent's) and the composed relation must imply the
parent's; then the chain is as strong as its weakest link (``dpproof.chain``).  Claims run
in supervised worker processes (dpproof.execution: wall-clock and memory limits, a dead
worker is one ERROR), locally or on a Dask cluster; decided claims are kept in the result
cache (dpproof.cache).

Cross-examination (docs/design.md, the one rule): a PROVED or CERTIFIED counts only with the
record of ``crossexam.cross_examine``'s certified sweep of the claim as written, made in
the claim's worker (``evidence.assess`` refuses it otherwise); if the sweep finds a
violation, ``assess`` makes the claim ERROR, flagged as an internal soundness failure, and
the run goes on.  A chain's verdict, assessed here once the steps are decided, carries the
record of the sweep its parent's worker made (``_chained``).
"""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

from . import __version__
from . import notebook  # noqa: F401  (the Jupyter display of claims and reports)
from .chain import compose_relations, connection_problem, implies, steps_cover
from .claims import Claim
from .engines.base import Config
from .evidence import (CROSS_EXAMINATION, Assessment, Evidence, Report, Verdict, assess,
                       reassess)
from .execution import LocalExecutor, Limits, default_memory_mb

if TYPE_CHECKING:
    from .cache import ResultCache
    from .execution import Executor

Progress = Callable[[int, int, Assessment], None]


def __getattr__(name: str):
    """``runner.check_claim`` (public), imported on first use: ``checking`` imports every
    engine, which the parent of a short run does not need (dpproof.execution)."""
    if name == "check_claim":
        from .checking import check_claim

        return check_claim
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def flatten(claims: Iterable[Claim]) -> list[Claim]:
    """Claims in report order: each parent followed by its steps (recursively)."""
    out: list[Claim] = []
    for c in claims:
        out.append(c)
        out.extend(flatten(c.steps))
    seen: set[str] = set()
    for c in out:
        if c.id in seen:
            raise ValueError(f"claim id {c.id!r} appears twice; ids must be unique")
        seen.add(c.id)
    return out


def chain_evidence(parent: Claim, steps: Sequence[Assessment]) -> Evidence:
    """Whether the derivation's links connect and are all decided (see module docstring)."""
    st = parent.statement
    links = [s.claim.statement for s in steps]
    problem = connection_problem(parent, links)
    if problem:
        return Evidence("chain", Verdict.INCONCLUSIVE, f"the links do not connect: {problem}")
    composed = compose_relations(link.rel for link in links)
    if not implies(composed, st.rel):
        return Evidence("chain", Verdict.INCONCLUSIVE, f"the links compose to {composed!r}, "
                        f"which does not give {st.rel!r}")
    weak = [s for s in steps if not s.verdict.holds]
    if weak:
        names = ", ".join(f"{s.id} ({s.verdict.value})" for s in weak)
        verdict = Verdict.SUPPORTED if all(
            s.verdict in (Verdict.PROVED, Verdict.CERTIFIED, Verdict.SUPPORTED) for s in weak
        ) else Verdict.INCONCLUSIVE
        return Evidence("chain", verdict, f"links connect; not all decided: {names}",
                        scope="as its weakest link")
    verdict = (Verdict.PROVED if all(s.verdict is Verdict.PROVED for s in steps)
               else Verdict.CERTIFIED)
    return Evidence("chain", verdict, f"{len(steps)} links connect and each is "
                    f"{'PROVED' if verdict is Verdict.PROVED else 'PROVED or CERTIFIED'}",
                    scope="whole domain, link by link")


def verify(claims: Iterable[Claim], config: Config | None = None, jobs: int = 1,
           progress: Progress | None = None, *, memory_limit: int | None = None,
           cache: "ResultCache | None" = None, executor: "Executor | None" = None) -> Report:
    """Decide every claim (and every step); return the Report in claim order.

    Claims found in ``cache`` are not decided again; the rest run on ``executor`` (default:
    a supervised local pool of ``jobs`` workers, see dpproof.execution) under a wall-clock
    limit and a memory limit of ``memory_limit`` MB (default: a fair share of the machine).
    On KeyboardInterrupt (the CLI turns SIGTERM into one) the workers are stopped and, unless
    every claim was decided already, the report is returned marked partial: every claim,
    those not decided INCONCLUSIVE with ``NOT_RUN`` evidence (``not_run``).
    """
    config = config or Config()
    ordered = flatten(claims)
    memory_limit = memory_limit or default_memory_mb(jobs)
    limits = Limits.of(config, memory_limit)
    executor = executor or LocalExecutor(jobs)
    results: dict[int, Assessment] = {}
    partial = False

    def record(i: int, a: Assessment) -> None:
        results[i] = a
        if progress:
            progress(len(results), len(ordered), a)

    try:
        for i, claim in enumerate(ordered):
            hit = cache.get(claim, config) if cache is not None else None
            if hit is not None:
                record(i, hit)
        todo = [i for i in range(len(ordered)) if i not in results]
        if cache is not None:
            todo = cache.longest_first(ordered, todo)
        for i, a in executor.run(ordered, todo, config, limits):
            if cache is not None:
                cache.put(a, config)
            record(i, a)
    except KeyboardInterrupt:   # partial only if a claim is left undecided
        partial = len(results) < len(ordered)
    if cache is not None:
        cache.remember_seconds(results.values())
    assessments = _with_chains(ordered, results)
    if partial:
        assessments = _with_unrun(ordered, assessments)
    settings = {"prec": config.prec, "seed": config.seed, "timeout": config.timeout,
                "engine_timeout": config.engine_timeout, "engines": list(config.engines),
                "symbolic_quick_timeout": config.symbolic_quick_timeout,
                "max_boxes": config.max_boxes, "numeric_dps": list(config.numeric_dps),
                "search_examples": config.search_examples, "jobs": jobs,
                "memory_limit_mb": memory_limit, "python": sys.version.split()[0]}
    return Report(tuple(assessments), settings, __version__, partial)


#: the detail of the evidence of a claim an interrupted run did not decide
NOT_RUN = "not run: the run was interrupted before this claim was decided"


def not_run(a: Assessment) -> bool:
    """Whether ``a`` stands for a claim an interrupted run did not decide."""
    return any(e.engine == "runner" and e.detail == NOT_RUN for e in a.evidence)


def _with_unrun(ordered: list[Claim], done: list[Assessment]) -> list[Assessment]:
    """Every claim in order: the decided ones, the rest INCONCLUSIVE ("not run")."""
    by_id = {a.id: a for a in done}
    return [by_id.get(c.id) or assess(c, [Evidence("runner", Verdict.INCONCLUSIVE, NOT_RUN)])
            for c in ordered]


def _with_chains(ordered: list[Claim], results: dict[int, Assessment]) -> list[Assessment]:
    by_id = {ordered[i].id: a for i, a in results.items()}
    out = []
    for i, claim in enumerate(ordered):
        if i not in results:
            continue
        a = results[i]
        steps = [by_id.get(s.id) for s in claim.steps]
        if claim.steps and all(s is not None for s in steps):
            ev = _chained(a, chain_evidence(claim, steps))
            a = reassess(a, (*a.evidence, ev))
        out.append(a)
    return out


def _chained(a: Assessment, ev: Evidence) -> Evidence:
    """The chain's evidence ``ev`` as it enters the parent's assessment ``a``: a PROVED or
    CERTIFIED carries the record of the sweep of the parent as written that its worker
    made (``checking.check_claim``; a violation found there is in ``a.evidence`` and makes
    the claim ERROR).  Without a record (the parent's worker stopped before its sweep) the
    chain is only INCONCLUSIVE -- unless the parent is refuted: then the pair is left to
    ``assess``, which flags it (the links hold, the claim does not)."""
    claim = a.claim
    if not ev.verdict.holds:
        return ev
    if not steps_cover(claim):
        return Evidence("chain", Verdict.SUPPORTED, "steps are checked on other domains "
                        "than the claim: " + ev.detail)
    if a.cross_examination:
        return replace(ev, data={**ev.data, CROSS_EXAMINATION: a.cross_examination})
    if any(e.verdict is Verdict.REFUTED or e.data.get("undefined") for e in a.evidence):
        return ev
    return Evidence("chain", Verdict.INCONCLUSIVE, f"{ev.detail}, but the claim as written "
                    "was not cross-examined (its worker stopped before the sweep)",
                    scope=ev.scope)
