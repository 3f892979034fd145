"""Deciding one claim: the routes of ``dpproof.routes`` in order until one decides, the
cross-examination, the repair of a refuted inequality (docs/design.md "Runner", "Routes").
Split from ``runner`` so that the workers of ``execution`` call it without importing
``runner`` (no runner <-> execution import cycle); ``runner.check_claim`` is this function."""

from __future__ import annotations

from dataclasses import replace

from .claims import Claim
from .crossexam import cross_examine
from .engines.base import (BACKSTOP_FIRED, WORK_DECIMALS, Config, EngineTimeout, budgeted,
                           load, now, outer_limit_passed, time_limit, wall)
from .engines.budget_text import limit_text
from .evidence import CROSS_EXAMINATION, Assessment, Evidence, Verdict, assess
from .fresh_state import reset
from .hypothesis_bounds import on_ranges
from .repair import repair
from .routes import walk


def check_claim(claim: Claim, config: Config) -> Assessment:
    """Run the engines on one claim (not its steps) and aggregate their evidence."""
    if claim.proof is not None:   # a statement over every law: its premises, one by one
        from .calculus.prover import decide
        return decide(claim, config, check_claim)
    t0 = wall()
    # every claim starts from the same process state (caches, sympy's Dummy numbering): the
    # work it does, and so what a budgeted engine finds, must not depend on which claims the
    # worker ran before
    reset(f"{claim.id}\n{claim.statement}\n{claim.domain}")
    BACKSTOP_FIRED[0] = False
    evidence: list[Evidence] = []
    record = ""
    meter = {"start": now(config.budget), "cross_examination": 0.0}
    if claim.checkable:
        # the engine modules are imported before any time limit: an import interrupted by
        # SIGALRM can leave an extension module half registered for the rest of the process
        for name in config.engines:
            load(name)
        try:
            with budgeted(config), time_limit(config.timeout):
                # dpproof.routes: the table, in order, on the claim with its hypotheses that
                # bound one parameter read as its range (dpproof.hypothesis_bounds)
                walk(on_ranges(claim), config, evidence)
                # the one cross-examination of the claim, whichever route decided it (the
                # routes above add their verdicts as they are): see dpproof.crossexam
                meter["before"] = now()
                evidence, record = cross_examine(claim, config, evidence)
                meter["cross_examination"] = now() - meter["before"]
        except EngineTimeout:
            # a PROVED/CERTIFIED whose cross-examination the claim's time limit stopped
            # is not kept (``assess`` would refuse it anyway)
            evidence = [e for e in evidence if not e.verdict.holds
                        or e.data.get(CROSS_EXAMINATION)]
            evidence.append(Evidence("runner", Verdict.INCONCLUSIVE,
                                     limit_text("claim", config.timeout, config.budget),
                                     wall() - t0))
    if BACKSTOP_FIRED[0]:
        evidence.append(Evidence("runner", Verdict.INCONCLUSIVE, "a CPU-time backstop "
                                 "stopped a step of this claim (a loop no count sees): its "
                                 "verdict may depend on the machine's speed", wall() - t0))
    a = replace(assess(claim, evidence, wall() - t0), cross_examination=record)
    if a.verdict is Verdict.REFUTED:
        with budgeted(config):    # the map of where it holds: counted work too
            a = _with_repair(a, config)
    # the work the claim took, whole and in its cross-examination (work-seconds under
    # counted budgets; seconds under budget="seconds")
    return replace(a, work={"claim": round(now(config.budget) - meter["start"], WORK_DECIMALS),
                            "cross_examination": round(meter["cross_examination"], WORK_DECIMALS)})


#: modules whose import changes what a claim's counted work finds, imported before every
#: claim: sympy imports these lazily on first use (simplify, sets, tensor), and their
#: bodies fill sympy's cache and dispatch tables, which a claim then hits (the engines'
#: modules, imported with them, build sympy objects too)
STATE_IMPORTS = ("sympy.assumptions.wrapper", "sympy.combinatorics", "sympy.physics.units",
                 "sympy.physics.matrices", "sympy.sets.setexpr", "sympy.tensor.tensor")
#: heavy modules whose import changes nothing a claim counts (imports are not counted,
#: ``dpproof.work``; hypothesis's caches are emptied as it is imported,
#: ``engines.search.hypothesis_api``): imported before forking the workers of many
#: claims, which inherit them, and otherwise left to the first claim that uses them
SHARED_IMPORTS = ("dpproof.engines.search.hypothesis_api", "scipy.optimize", "scipy.special",
                  "hypothesis.internal.conjecture.optimiser")


def warm_up(shared: bool = True) -> None:
    """Pay the one-off costs of a fresh process before any claim: every engine module and
    ``STATE_IMPORTS``, and with ``shared`` also ``SHARED_IMPORTS``.  Imports only: deciding a
    claim here (as before) cost 2 s a process and left behind state a claim could see (Dummy
    numbering, random draws), while its warming effect was its imports (measured: a first
    decision of ``Q(x) <= exp(-x^2/2)/2`` 2.35 s CPU, later ones 1.9-2.0 s, and 1.75-1.9 s
    after these imports alone, 0.3 s).  The local pool calls it in the parent before forking
    the workers of many claims (``execution.LocalExecutor``), which inherit it; the worker of
    a lone claim calls it without ``shared`` (0.9 s less: scipy.optimize, hypothesis).
    ``tests/runner/test_warm_up.py`` checks that a claim decided afterwards imports nothing
    new but shared modules, and counts the same work either way."""
    import importlib

    for name in Config().engines:
        load(name)
    for module in STATE_IMPORTS + (SHARED_IMPORTS if shared else ()):
        try:
            importlib.import_module(module)
        except ImportError:   # another sympy version: a lazy import left to the first claim
            pass


def _with_repair(a: Assessment, config: Config) -> Assessment:
    """Attach where the refuted claim certifiably holds and fails (see dpproof.repair)."""
    t0 = wall()
    try:
        with time_limit(config.engine_timeout):
            found = repair(a.claim, config)
    except EngineTimeout:
        if outer_limit_passed():   # the enclosing limit's, not ours
            raise
        return replace(a, repair="repair: the map of where it holds ran out of time")
    except Exception as exc:  # recorded, never dropped
        return replace(a, repair=f"repair failed: {type(exc).__name__}: {exc}")
    if found is None:
        return a
    regions = (found.names, found.boxes) if found.names else ()
    return replace(a, repair=found.text, regions=regions,
                   seconds=a.seconds + wall() - t0)
