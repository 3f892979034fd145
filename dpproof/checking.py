"""Deciding one claim: the engines in order, stop at decisive evidence, repair a refuted
inequality (docs/design.md "Runner").  Split from ``runner`` so that the workers of
``execution`` call it without importing ``runner`` (no runner <-> execution import cycle);
``runner.check_claim`` is this function."""

from __future__ import annotations

import traceback
from dataclasses import replace

from . import conjunction
from .claims import Claim
from .crossexam import cross_examine
from .engines.base import (BACKSTOP_FIRED, Config, EngineTimeout, budgeted, load, now,
                           outer_limit_passed, time_limit, wall)
from .engines.budget_text import limit_text
from .evidence import CROSS_EXAMINATION, Assessment, Evidence, Verdict, assess
from .fresh_state import reset
from .repair import repair


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
                _run_engines(claim, config, evidence)
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
        evidence.append(Evidence("runner", Verdict.INCONCLUSIVE, "a wall-clock backstop "
                                 "stopped a step of this claim (a loop no count sees): its "
                                 "verdict may depend on the machine", wall() - t0))
    a = replace(assess(claim, evidence, wall() - t0), cross_examination=record)
    if a.verdict is Verdict.REFUTED:
        with budgeted(config):    # the map of where it holds: counted work too
            a = _with_repair(a, config)
    # the work the claim took, whole and in its cross-examination (work-seconds under
    # counted budgets; seconds under budget="seconds")
    return replace(a, work={"claim": round(now(config.budget) - meter["start"], 6),
                            "cross_examination": round(meter["cross_examination"], 6)})


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


def _run_engines(claim: Claim, config: Config, evidence: list[Evidence]) -> None:
    for name in config.engines:
        engine = load(name)
        t0, b0 = wall(), now()
        try:
            if not engine.supports(claim):
                continue
            budgeted = _budgeted(name, config)
            with time_limit(budgeted.engine_timeout):
                ev = engine.check(claim, budgeted)
        except EngineTimeout:
            if outer_limit_passed():   # the enclosing limit's, not ours
                raise
            ev = Evidence(name, Verdict.INCONCLUSIVE,
                          limit_text("engine", budgeted.engine_timeout), wall() - t0)
        except Exception as exc:  # recorded, never dropped
            ev = Evidence(name, Verdict.ERROR, f"{type(exc).__name__}: {exc}",
                          wall() - t0,
                          data={"traceback": traceback.format_exc(limit=4)})
        evidence.append(_spent(ev, b0))
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


#: the evidence data key of the budget an engine used, in ``base.now`` units: seconds of wall
#: clock, or under counted work (the default) units / ``UNITS_PER_SECOND`` -- the same on
#: every machine, so a decision on it is too
SPENT = "budget_spent"


def _spent(ev: Evidence, b0: float) -> Evidence:
    return replace(ev, data={**ev.data, SPENT: round(now() - b0, 6)})


def _ran_out(ev: Evidence) -> bool:
    """The symbolic engine stopped by its time limit (not for want of a proof)."""
    return ev.verdict is Verdict.INCONCLUSIVE and (
        ev.detail.startswith(("engine time limit", "engine budget", "sympy did not finish")))


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
    hit = [i for i, e in enumerate(evidence) if e.engine == "symbolic" and (
        _ran_out(e) or (e.verdict is Verdict.INCONCLUSIVE and e.data.get(SPENT, 0) >= 0.9 * quick))]
    if not hit or quick >= config.engine_timeout:
        return
    t0, b0 = wall(), now()
    try:
        with time_limit(config.engine_timeout):
            ev = load("symbolic").check(claim, config)
    except EngineTimeout:
        if outer_limit_passed():   # the enclosing limit's, not ours
            raise
        ev = Evidence("symbolic", Verdict.INCONCLUSIVE,
                      limit_text("engine", config.engine_timeout), wall() - t0)
    except Exception as exc:  # recorded, never dropped
        ev = Evidence("symbolic", Verdict.ERROR, f"{type(exc).__name__}: {exc}",
                      wall() - t0)
    evidence[hit[0]] = _spent(ev, b0)
