"""The routes that decide a claim, in one table: what each proves, why that is sound, its
counted budget and its place in the order (docs/design.md "Routes", generated from here).

``checking.check_claim`` walks ``order(config)`` -- the engines of ``Config.engines`` in
their order, each followed by the routes that follow it, then the routes that need every
engine's evidence -- and stops at the first decisive evidence (``Verdict.decisive``).  Each
route is a procedure with one interface, ``run(progress)``: it reads the claim, the settings
and the evidence so far, and may append evidence.  After the walk come two steps whatever
decided (``AFTER``): the cross-examination of the claim as written, which every PROVED and
CERTIFIED needs (``evidence.assess`` refuses one without it), and the repair of a refuted
claim.  Inside the engines, their own routes are declared as rows of
``engines.exact.routes.ROUTES`` and ``engines.balls.routes.ROUTES``: there the engine's
code still sets the order, and the tables say what it is (a test resolves every row).
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field, replace
from typing import Callable

from . import conjunction
from .claims import Claim
from .engines.base import (WORK_DECIMALS, Config, EngineTimeout, load, now, outer_limit_passed,
                           time_limit, wall)
from .engines.budget_text import limit_text
from .engines.rows import Row
from .evidence import Evidence, Verdict

#: the evidence data key of the budget an engine used, in ``base.now`` units: seconds of wall
#: clock, or under counted work (the default) units / ``UNITS_PER_SECOND`` -- the same on
#: every machine, so a decision on it is too
SPENT = "budget_spent"


@dataclass
class Progress:
    """A claim on its way through the routes: the evidence so far."""

    claim: Claim
    config: Config
    evidence: list[Evidence] = field(default_factory=list)

    @property
    def decided(self) -> bool:
        return any(e.verdict.decisive for e in self.evidence)


@dataclass(frozen=True)
class Route:
    """One row of the table.  Its place: ``engine``'s place in ``Config.engines``, or right
    after the route ``follows``, or (neither) after the engines, in table order."""

    name: str
    proves: str
    sound: str
    budget: str
    run: Callable[[Progress], None]
    engine: str | None = None
    follows: str | None = None
    #: for an identity (``==``), the route it runs right after instead ("": its own place)
    identity_after: str = ""


def spent(ev: Evidence, b0: float) -> Evidence:
    """``ev`` with the budget used since ``b0`` (``SPENT``)."""
    return replace(ev, data={**ev.data, SPENT: round(now() - b0, WORK_DECIMALS)})


def run_engine(name: str, progress: Progress, config: Config,
               supported: bool = False) -> Evidence | None:
    """Engine ``name`` on the claim within ``config.engine_timeout``: its evidence appended
    (and returned) with the budget it spent; a limit reached is INCONCLUSIVE, an exception
    ERROR (recorded, never dropped); None when the engine does not take the claim (asked
    unless ``supported``)."""
    engine, claim = load(name), progress.claim
    t0, b0 = wall(), now()
    try:
        if not supported and not engine.supports(claim):
            return None
        with time_limit(config.engine_timeout):
            ev = engine.check(claim, config)
    except EngineTimeout:
        if outer_limit_passed():   # the enclosing limit's, not ours
            raise
        ev = Evidence(name, Verdict.INCONCLUSIVE, limit_text("engine", config.engine_timeout),
                      wall() - t0)
    except Exception as exc:  # noqa: BLE001 - recorded, never dropped
        ev = Evidence(name, Verdict.ERROR, f"{type(exc).__name__}: {exc}", wall() - t0,
                      data={"traceback": traceback.format_exc(limit=4)})
    ev = spent(ev, b0)
    progress.evidence.append(ev)
    return ev


def ran_out(ev: Evidence) -> bool:
    """The symbolic engine stopped by its budget (not for want of a proof)."""
    return ev.verdict is Verdict.INCONCLUSIVE and (
        ev.detail.startswith(("engine time limit", "engine budget", "sympy did not finish")))


def _quick_budget(config: Config) -> Config:
    return replace(config, engine_timeout=min(config.engine_timeout,
                                              config.symbolic_quick_timeout))


def _engine(name: str) -> Callable[[Progress], None]:
    def run(p: Progress) -> None:
        run_engine(name, p, p.config)
    return run


def _symbolic_quick(p: Progress) -> None:
    run_engine("symbolic", p, _quick_budget(p.config))


def _conjunction_quick(p: Progress) -> None:
    """A conjunction the symbolic engine did not decide whole in its quick budget (it ran
    out, or found no proof): each conjunct with the quick budget before the other engines
    (``conjunction.quick``).  A claim over an integer with a few values whose every instance
    simplifies where the whole does not (azize23.alg1.renyi_split's premises over j in
    {0, 1}: the interval engine spent 30 work-seconds on each before the conjunction proved
    it); a failing conjunct ends the route (at most one quick budget lost)."""
    last = p.evidence[-1] if p.evidence else None
    if last is None or last.engine != "symbolic" or last.verdict is not Verdict.INCONCLUSIVE:
        return
    _within(p, conjunction.quick)


def _conjunction(p: Progress) -> None:
    _within(p, conjunction.decide)


def _within(p: Progress, decide) -> None:
    """``decide``'s evidence, within the conjunction's budget (its limit reached: an
    INCONCLUSIVE that says so), each with the budget it spent."""
    t0, b0, budget = wall(), now(), min(p.config.engine_timeout, conjunction.BUDGET)
    try:
        with time_limit(budget):
            found = decide(p.claim, p.config)
    except EngineTimeout:
        if outer_limit_passed():   # the claim's limit, not the conjunction's
            raise
        found = [Evidence(conjunction.NAME, Verdict.INCONCLUSIVE,
                          f"{limit_text('conjunction', budget)} before every conjunct was decided",
                          wall() - t0)]
    p.evidence.extend(spent(ev, b0) for ev in found)


def _symbolic_full(p: Progress) -> None:
    """No route decided: the symbolic engine again with its full budget when its quick try
    ran out -- decided on the counted work of that try, never on a clock (the quick
    attempt's evidence is replaced by the full one)."""
    config, quick = p.config, p.config.symbolic_quick_timeout
    hit = [i for i, e in enumerate(p.evidence) if e.engine == "symbolic" and (
        ran_out(e) or (e.verdict is Verdict.INCONCLUSIVE and e.data.get(SPENT, 0) >= 0.9 * quick))]
    if not hit or quick >= config.engine_timeout:
        return
    scratch = Progress(p.claim, config)
    ev = run_engine("symbolic", scratch, config, supported=True)
    if ev is not None:
        p.evidence[hit[0]] = ev


ENGINES = "Config.engine_timeout (--engine-budget, 60 work-s)"
ROUTES: tuple[Route, ...] = (
    Route("symbolic (quick)", "PROVED: an exact argument in sympy; REFUTED at an exact point",
          "steps sound by construction (engines.exact); a witness is certified in balls on "
          "the claim as written", "Config.symbolic_quick_timeout (3 work-s)",
          _symbolic_quick, engine="symbolic"),
    Route("conjunction (quick)", "PROVED: Max(a_i) <= c (and the like) conjunct by conjunct",
          "the conjunction holds exactly where every conjunct does; each conjunct PROVED by "
          "the symbolic engine (when it did not decide the claim whole)", "the quick budget per "
          "conjunct, within conjunction.BUDGET",
          _conjunction_quick, follows="symbolic (quick)"),
    Route("interval", "CERTIFIED: ball arithmetic on every sub-box; REFUTED at a certified "
          "witness (an identity: REFUTED only, so it comes last, after symbolic (full))",
          "arb encloses the margin on exact rational boxes; a box counts only when "
          "its enclosure has the sign (engines.balls)", ENGINES + " and Config.max_boxes",
          _engine("interval"), engine="interval", identity_after="symbolic (full)"),
    Route("search", "REFUTED at a counterexample found by hypothesis; else SUPPORTED",
          "every candidate is certified again in balls at an exact point",
          ENGINES + " and Config.search_examples", _engine("search"), engine="search"),
    Route("numeric", "SUPPORTED only (mpmath at high precision); REFUTED at a certified point",
          "a float agreement proves nothing, so it never says PROVED or CERTIFIED",
          ENGINES, _engine("numeric"), engine="numeric"),
    Route("conjunction", "PROVED/CERTIFIED conjunct by conjunct; REFUTED by a conjunct's "
          "witness", "as the quick try; a conjunct's witness is certified again on the claim "
          "as written", "min(Config.engine_timeout, conjunction.BUDGET = 60 work-s), n x "
          "Config.max_boxes boxes shared", _conjunction),
    Route("symbolic (full)", "as symbolic (quick), with the full budget",
          "as symbolic (quick)", ENGINES + "; only when the quick try ran out",
          _symbolic_full),
)

AFTER: tuple[Row, ...] = (   # called by checking.check_claim itself
    Row("cross-examination", "sweeps the claim as written once, whichever route decided: a "
         "certified violation turns a PROVED/CERTIFIED into a conflict (ERROR)",
         "independent of the route: the claim as written, boxes and search in balls",
         "crossexam.CROSS_EXAM_BOXES boxes, CROSS_EXAM_EXAMPLES examples, within the claim's "
         "budget", "dpproof.crossexam:cross_examine"),
    Row("repair", "maps where a REFUTED claim certifiably holds and fails, and the largest "
         "box where it holds", "every region is certified in balls; it changes no verdict",
         "Config.engine_timeout, after the claim's budget", "dpproof.repair:repair"),
)


def order(config: Config, identity: bool = False) -> list[Route]:
    """The routes ``config`` walks: each engine of ``Config.engines`` in its order (an engine
    with no row, e.g. one registered by a test, runs as a plain engine), each followed by
    the routes that follow it, then the routes after the engines in table order.

    ``identity``: the claim is an identity, which balls never certify.  The interval engine
    can only refute one, as the search does at a fraction of the work, so it runs after
    ``symbolic (full)`` (``Route.identity_after``): on the library's identities it spent
    90 work-s on claims the full symbolic try then proved, and each of its six refutations
    there the search makes too."""
    by_engine = {r.engine: r for r in ROUTES if r.engine}
    out: list[Route] = []
    for name in config.engines:
        route = by_engine.get(name) or Route(name, "", "", ENGINES, _engine(name), engine=name)
        out.append(route)
        out += [r for r in ROUTES if r.follows == route.name]
    out += [r for r in ROUTES if r.engine is None and r.follows is None]
    for route in [r for r in out if identity and r.identity_after]:
        out.remove(route)
        names = [r.name for r in out]
        out.insert(names.index(route.identity_after) + 1 if route.identity_after in names
                   else len(out), route)
    return out


def walk(claim: Claim, config: Config, evidence: list[Evidence]) -> None:
    """The routes in order, until one decides (``evidence`` receives what each found)."""
    progress = Progress(claim, config, evidence)
    for route in order(config, claim.statement.rel == "=="):
        route.run(progress)
        if progress.decided:
            return
