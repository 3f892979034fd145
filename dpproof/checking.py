"""Deciding one claim: the engines in order, stop at decisive evidence, repair a refuted
inequality (docs/design.md "Runner").  Split from ``runner`` so that the workers of
``execution`` call it without importing ``runner`` (no runner <-> execution import cycle);
``runner.check_claim`` is this function."""

from __future__ import annotations

import sys
import time
import traceback
from dataclasses import replace

from sympy.core.cache import clear_cache

from . import conjunction
from .claims import Claim
from .crossexam import cross_examine
from .engines.base import (Config, EngineTimeout, budgeted, load, outer_limit_passed,
                           time_limit)
from .evidence import CROSS_EXAMINATION, Assessment, Evidence, Verdict, assess
from .repair import repair


def check_claim(claim: Claim, config: Config) -> Assessment:
    """Run the engines on one claim (not its steps) and aggregate their evidence."""
    t0 = time.perf_counter()
    # every claim starts from an empty sympy cache: how long sympy takes on a claim (and so
    # what a time-limited engine finds) must not depend on which claims the worker ran before
    clear_cache()
    clear_caches()
    evidence: list[Evidence] = []
    record = ""
    if claim.checkable:
        # the engine modules are imported before any time limit: an import interrupted by
        # SIGALRM can leave an extension module half registered for the rest of the process
        for name in config.engines:
            load(name)
        try:
            with budgeted(config), time_limit(config.timeout):
                _run_engines(claim, config, evidence)
                # the one cross-examination of the claim, whichever route decided it (the
                # routes above add their verdicts as they are): see dpproof.crossexam
                evidence, record = cross_examine(claim, config, evidence)
        except EngineTimeout:
            # a PROVED/CERTIFIED whose cross-examination the claim's time limit stopped
            # is not kept (``assess`` would refuse it anyway)
            evidence = [e for e in evidence if not e.verdict.holds
                        or e.data.get(CROSS_EXAMINATION)]
            evidence.append(Evidence("runner", Verdict.INCONCLUSIVE,
                                     f"claim time limit of {config.timeout:g} s reached",
                                     time.perf_counter() - t0))
    a = replace(assess(claim, evidence, time.perf_counter() - t0), cross_examination=record)
    if a.verdict is Verdict.REFUTED:
        a = _with_repair(a, config)
    return a


def clear_caches() -> None:
    """Empty dpproof's own ``lru_cache``s (module functions and methods of module classes),
    as sympy's is emptied per claim: what a claim computes, and how much work that takes,
    must not depend on which claims its worker decided before.  (A method's cache also held
    every object it was called on, so a worker's memory grew with each claim.)  The file
    hashes of ``dpproof.sources`` are kept: they are keyed by the file's state."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("dpproof.") or name == "dpproof.sources" or module is None:
            continue
        for value in list(vars(module).values()):
            if isinstance(value, type) and value.__module__ == name:
                for attr in list(vars(value).values()):
                    if hasattr(attr, "cache_clear"):
                        attr.cache_clear()
            elif hasattr(value, "cache_clear") and getattr(value, "__module__", "") == name:
                value.cache_clear()


#: modules sympy and hypothesis import lazily on first use inside the engines (simplify,
#: sets, tensor; hypothesis's targeting phase), and scipy.special (``expr.scipy_special``)
LAZY_IMPORTS = ("sympy.assumptions.wrapper", "sympy.combinatorics", "sympy.physics.units",
                "sympy.physics.matrices", "sympy.sets.setexpr", "sympy.tensor.tensor",
                "hypothesis.internal.conjecture.optimiser", "scipy.special")


def warm_up() -> None:
    """Pay the one-off costs of a fresh process before any claim: every engine module and
    the modules sympy and hypothesis import lazily (``LAZY_IMPORTS``), so that no claim's limits are charged
    for them.  Imports only: deciding a claim here (as before) cost 2 s a process and left
    behind state a claim could see (Dummy numbering, random draws), while its warming effect
    was its imports (measured: a first decision of ``Q(x) <= exp(-x^2/2)/2`` 2.35 s CPU,
    later ones 1.9-2.0 s, and 1.75-1.9 s after these imports alone, 0.3 s).  The local pool
    calls it in the parent, so that its forked workers inherit it
    (``execution.LocalExecutor``); ``tests/runner/test_warm_up.py`` checks that a claim
    decided afterwards imports nothing new."""
    import importlib

    for name in Config().engines:
        load(name)
    for module in LAZY_IMPORTS:
        try:
            importlib.import_module(module)
        except ImportError:   # another sympy version: a lazy import left to the first claim
            pass


def _with_repair(a: Assessment, config: Config) -> Assessment:
    """Attach where the refuted claim certifiably holds and fails (see dpproof.repair)."""
    t0 = time.perf_counter()
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
                   seconds=a.seconds + time.perf_counter() - t0)


def _run_engines(claim: Claim, config: Config, evidence: list[Evidence]) -> None:
    for name in config.engines:
        engine = load(name)
        t0 = time.perf_counter()
        try:
            if not engine.supports(claim):
                continue
            budgeted = _budgeted(name, config)
            with time_limit(budgeted.engine_timeout):
                ev = engine.check(claim, budgeted)
        except EngineTimeout:
            if outer_limit_passed():   # the enclosing limit's, not ours
                raise
            ev = Evidence(name, Verdict.INCONCLUSIVE, f"engine time limit of "
                          f"{budgeted.engine_timeout:g} s reached", time.perf_counter() - t0)
        except Exception as exc:  # recorded, never dropped
            ev = Evidence(name, Verdict.ERROR, f"{type(exc).__name__}: {exc}",
                          time.perf_counter() - t0,
                          data={"traceback": traceback.format_exc(limit=4)})
        evidence.append(ev)
        if ev.verdict.decisive:
            return
        if name == "symbolic" and _ran_out(ev) and _quick_conjuncts(claim, config, evidence):
            return
    # a conjunction (Max(a_i) <= c) conjunct by conjunct, before the symbolic engine's
    # full budget (which it makes unnecessary when it decides)
    try:
        with time_limit(min(config.engine_timeout, conjunction.SECONDS)):
            evidence.extend(conjunction.decide(claim, config))
    except EngineTimeout:
        if outer_limit_passed():   # the claim's limit, not the conjunction's
            raise
    if not any(e.verdict.decisive for e in evidence):
        _symbolic_full_budget(claim, config, evidence)


def _ran_out(ev: Evidence) -> bool:
    """The symbolic engine stopped by its time limit (not for want of a proof)."""
    return ev.verdict is Verdict.INCONCLUSIVE and (
        ev.detail.startswith("engine time limit") or ev.detail.startswith("sympy did not finish"))


def _quick_conjuncts(claim: Claim, config: Config, evidence: list[Evidence]) -> bool:
    """A conjunction the symbolic engine could not finish whole in its quick budget: each
    conjunct with the quick budget before the other engines (``conjunction.quick``); True
    when that decided the claim (its evidence then added)."""
    try:
        with time_limit(min(config.engine_timeout, conjunction.SECONDS)):
            got = conjunction.quick(claim, config)
    except EngineTimeout:
        if outer_limit_passed():
            raise
        return False
    if not got:
        return False
    evidence.extend(got)
    return any(e.verdict.decisive for e in got)


def _budgeted(name: str, config: Config) -> Config:
    """The symbolic engine's first attempt gets ``symbolic_quick_timeout`` seconds."""
    if name == "symbolic" and config.symbolic_quick_timeout < config.engine_timeout:
        return replace(config, engine_timeout=config.symbolic_quick_timeout)
    return config


def _symbolic_full_budget(claim: Claim, config: Config, evidence: list[Evidence]) -> None:
    """No engine decided: give the symbolic engine its full budget when the quick one ran
    out (ISSUE 14 item 5; the quick attempt's evidence is replaced by the full one)."""
    quick = config.symbolic_quick_timeout
    hit = [i for i, e in enumerate(evidence) if e.engine == "symbolic"
           and e.verdict is Verdict.INCONCLUSIVE and e.seconds >= 0.9 * quick]
    if not hit or quick >= config.engine_timeout:
        return
    t0 = time.perf_counter()
    try:
        with time_limit(config.engine_timeout):
            ev = load("symbolic").check(claim, config)
    except EngineTimeout:
        if outer_limit_passed():   # the enclosing limit's, not ours
            raise
        ev = Evidence("symbolic", Verdict.INCONCLUSIVE, f"engine time limit of "
                      f"{config.engine_timeout:g} s reached", time.perf_counter() - t0)
    except Exception as exc:  # recorded, never dropped
        ev = Evidence("symbolic", Verdict.ERROR, f"{type(exc).__name__}: {exc}",
                      time.perf_counter() - t0)
    evidence[hit[0]] = ev
