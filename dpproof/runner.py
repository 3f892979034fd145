"""verify(claims, config) -> Report: engines in order, stop at decisive evidence.

Per claim the engines run cheapest-first (``Config.engines``) under a per-engine and a
per-claim time limit; the first decisive verdict (PROVED, CERTIFIED, REFUTED) ends the
claim.  A derivation's steps are claims of their own, listed after their parent; the
parent also gets ``chain`` evidence: the links must connect (each right side equal to the
next left side, the ends equal to the parent's) and the composed relation must imply the
parent's; then the chain is as strong as its weakest link.  Claims run in parallel with
``jobs > 1`` (forked workers, which inherit the loaded claims).

Cross-examination (DESIGN.md, the one rule): a PROVED or CERTIFIED from any engine enters
the evidence only after ``crossexam.cross_examine`` found no certified violation; if it
finds one, ``assess`` makes the claim ERROR, flagged as an internal soundness failure, and
the run goes on.
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
from dataclasses import replace
import time
import traceback
from typing import Callable, Iterable, Sequence

import sympy

from . import __version__
from .claims import Claim, compose_relations, implies
from .crossexam import cross_examine
from .engines.base import Config, EngineTimeout, load, time_limit
from .evidence import Assessment, Evidence, Report, Verdict, assess
from .repair import repair

Progress = Callable[[int, int, Assessment], None]


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


def check_claim(claim: Claim, config: Config) -> Assessment:
    """Run the engines on one claim (not its steps) and aggregate their evidence."""
    t0 = time.perf_counter()
    evidence: list[Evidence] = []
    if claim.checkable:
        try:
            with time_limit(config.timeout):
                _run_engines(claim, config, evidence)
        except EngineTimeout:
            evidence.append(Evidence("runner", Verdict.INCONCLUSIVE,
                                     f"claim time limit of {config.timeout:g} s reached",
                                     time.perf_counter() - t0))
    a = assess(claim, evidence, time.perf_counter() - t0)
    if a.verdict is Verdict.REFUTED:
        a = _with_repair(a, config)
    return a


def _with_repair(a: Assessment, config: Config) -> Assessment:
    """Attach where the refuted claim certifiably holds and fails (see dpproof.repair)."""
    t0 = time.perf_counter()
    try:
        with time_limit(config.engine_timeout):
            found = repair(a.claim, config)
    except EngineTimeout:
        return replace(a, repair="repair: the map of where it holds ran out of time")
    except Exception as exc:  # recorded, never dropped
        return replace(a, repair=f"repair failed: {type(exc).__name__}: {exc}")
    if found is None:
        return a
    regions = (found.names, found.boxes) if found.names else ()
    return replace(a, repair=found.text, regions=regions,
                   seconds=a.seconds + time.perf_counter() - t0)


def _run_engines(claim: Claim, config: Config, evidence: list[Evidence]) -> None:
    for name in config.engines:
        engine = load(name)
        t0 = time.perf_counter()
        try:
            if not engine.supports(claim):
                continue
            with time_limit(config.engine_timeout):
                ev = engine.check(claim, config)
        except EngineTimeout:
            ev = Evidence(name, Verdict.INCONCLUSIVE, f"engine time limit of "
                          f"{config.engine_timeout:g} s reached", time.perf_counter() - t0)
        except Exception as exc:  # recorded, never dropped
            ev = Evidence(name, Verdict.ERROR, f"{type(exc).__name__}: {exc}",
                          time.perf_counter() - t0,
                          data={"traceback": traceback.format_exc(limit=4)})
        # a PROVED/CERTIFIED enters the evidence only once cross-examined (never if the
        # claim's time limit interrupts the cross-examination)
        evidence.extend(cross_examine(claim, config, ev) if ev.verdict.holds else [ev])
        if ev.verdict.decisive:
            return


def chain_evidence(parent: Claim, steps: Sequence[Assessment]) -> Evidence:
    """Whether the derivation's links connect and are all decided (see module docstring)."""
    st = parent.statement
    links = [s.claim.statement for s in steps]
    problem = _connection_problem(parent, links)
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


def _connection_problem(parent: Claim, links) -> str:
    if not links:
        return "no steps"
    ends = [(parent.statement.lhs, links[0].lhs, "the first link's left side")]
    ends += [(a.rhs, b.lhs, f"link {i + 1}'s right side and link {i + 2}'s left side")
             for i, (a, b) in enumerate(zip(links, links[1:]))]
    ends.append((parent.statement.rhs, links[-1].rhs, "the last link's right side"))
    for a, b, where in ends:
        a = a.xreplace({s: sympy.Symbol(s.name) for s in a.free_symbols})
        b = b.xreplace({s: sympy.Symbol(s.name) for s in b.free_symbols})
        if a != b and sympy.simplify(a - b) != 0:
            return f"{where}: {sympy.sstr(a)} vs {sympy.sstr(b)}"
    return ""


def _steps_cover(parent: Claim) -> bool:
    return all(s.domain == parent.domain for s in parent.steps)


_WORK: list[Claim] = []
_CONFIG: Config | None = None


def _work(i: int) -> tuple[int, Assessment]:
    return i, check_claim(_WORK[i], _CONFIG)


def verify(claims: Iterable[Claim], config: Config | None = None, jobs: int = 1,
           progress: Progress | None = None) -> Report:
    """Decide every claim (and every step); return the Report in claim order.

    On KeyboardInterrupt the report of what was decided so far is returned, marked partial.
    """
    global _WORK, _CONFIG
    config = config or Config()
    ordered = flatten(claims)
    _WORK, _CONFIG = ordered, config
    results: dict[int, Assessment] = {}
    partial = False
    try:
        for i, a in _iterate(len(ordered), jobs):
            results[i] = a
            if progress:
                progress(len(results), len(ordered), a)
    except KeyboardInterrupt:
        partial = True
    assessments = _with_chains(ordered, results)
    settings = {"prec": config.prec, "seed": config.seed, "timeout": config.timeout,
                "engine_timeout": config.engine_timeout, "engines": list(config.engines),
                "max_boxes": config.max_boxes, "numeric_dps": list(config.numeric_dps),
                "search_examples": config.search_examples, "jobs": jobs,
                "python": sys.version.split()[0]}
    return Report(tuple(assessments), settings, __version__, partial)


def _iterate(n: int, jobs: int):
    if jobs <= 1 or n <= 1:
        for i in range(n):
            yield _work(i)
        return
    ctx = multiprocessing.get_context("fork")
    # workers ignore Ctrl-C; the parent stops the pool and keeps what was decided
    with ctx.Pool(min(jobs, n), initializer=_ignore_sigint, maxtasksperchild=20) as pool:
        yield from pool.imap_unordered(_work, range(n))


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _with_chains(ordered: list[Claim], results: dict[int, Assessment]) -> list[Assessment]:
    by_id = {ordered[i].id: a for i, a in results.items()}
    out = []
    for i, claim in enumerate(ordered):
        if i not in results:
            continue
        a = results[i]
        steps = [by_id.get(s.id) for s in claim.steps]
        if claim.steps and all(s is not None for s in steps):
            ev = chain_evidence(claim, steps)
            if not _steps_cover(claim) and ev.verdict.holds:
                ev = Evidence("chain", Verdict.SUPPORTED, "steps are checked on other "
                              "domains than the claim: " + ev.detail)
            a = replace(assess(claim, (*a.evidence, ev), a.seconds), repair=a.repair,
                        regions=a.regions)
        out.append(a)
    return out
