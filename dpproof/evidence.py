"""Verdicts, the evidence engines produce, and the one aggregation rule (docs/design.md, soundness).

- PROVED / CERTIFIED / REFUTED are decisive.  REFUTED needs a witness whose violation is
  certified in ball or exact arithmetic; CERTIFIED must cover the whole stated domain.
- Decisive evidence for and against the same claim is a bug, never averaged away and never
  an abort: the claim is ERROR, both pieces of evidence are kept, and a ``soundness``
  evidence with ``data["soundness_failure"] = True`` says so (``Assessment.soundness_failure``).
- A PROVED or CERTIFIED counts only with the record of its cross-examination
  (``data["cross_examination"]``, written by ``crossexam``): an independent certified sweep
  of the claim as written found no violation.  ``assess`` is the one place this is
  enforced, whatever route produced the verdict: holding evidence without a record is an
  internal error, reported like a contradiction (ERROR, flagged as a soundness failure).
- Otherwise the strongest of SUPPORTED > INCONCLUSIVE wins, but an ERROR from any engine is
  never hidden behind a non-decisive verdict.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field, replace
from typing import Any

from .claims import Claim


class Verdict(enum.Enum):
    PROVED = "PROVED"
    CERTIFIED = "CERTIFIED"
    REFUTED = "REFUTED"
    SUPPORTED = "SUPPORTED"
    INCONCLUSIVE = "INCONCLUSIVE"
    NOT_CHECKABLE = "NOT_CHECKABLE"
    ERROR = "ERROR"

    @property
    def decisive(self) -> bool:
        return self in (Verdict.PROVED, Verdict.CERTIFIED, Verdict.REFUTED)

    @property
    def holds(self) -> bool:
        return self in (Verdict.PROVED, Verdict.CERTIFIED)


@dataclass(frozen=True)
class Evidence:
    """What one engine established about one claim.

    ``scope`` says where (e.g. "whole domain", "certified on alpha in [1.01, 64]"),
    ``witness`` maps each parameter to an exact decimal string (REFUTED only),
    ``violation`` is the certified enclosure of the margin at the witness (a string),
    ``data`` holds engine figures (boxes visited, depth, tightest margin, seed, precision).
    """

    engine: str
    verdict: Verdict
    detail: str
    seconds: float = 0.0
    scope: str = ""
    witness: dict[str, str] | None = None
    violation: str = ""
    data: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self):
        if self.verdict is Verdict.REFUTED and not (self.witness is not None and self.violation):
            raise ValueError(f"{self.engine}: REFUTED evidence needs a witness and the certified "
                             f"violation at it; got witness={self.witness!r}, "
                             f"violation={self.violation!r}")


def percent(fraction: float, digits: int = 4, complete: bool = False) -> str:
    """A certified fraction as a percentage rounded down ('98.6123%'): never more than was
    certified, and never 100% unless ``complete`` (no box left undecided)."""
    scale = 10 ** digits
    units = math.floor(fraction * 100 * scale)
    if not complete:
        units = min(units, 100 * scale - 1)
    return f"{units / scale:.{digits}f}%"


_ORDER = [Verdict.SUPPORTED, Verdict.INCONCLUSIVE]
#: the engine name of the evidence ``assess`` adds for contradictory evidence
SOUNDNESS = "soundness"
#: the ``Evidence.data`` key of a PROVED/CERTIFIED's cross-examination record
CROSS_EXAMINATION = "cross_examination"


@dataclass(frozen=True)
class Assessment:
    """The verdict on one claim, aggregated from its evidence by ``assess``."""

    claim: Claim
    verdict: Verdict
    scope: str
    witness: dict[str, str] | None
    evidence: tuple[Evidence, ...]
    seconds: float
    repair: str = ""
    #: for a refuted claim: (parameter names, ((box per parameter, status), ...)) from repair
    regions: tuple = ()
    #: True when the result cache supplied this assessment (dpproof.cache)
    cached: bool = False
    #: the record of the certified sweep of the claim as written, made in its worker
    #: ('' when none ran): a chain's PROVED/CERTIFIED, added in the parent process once
    #: the steps are decided, carries it (``runner._with_chains``)
    cross_examination: str = ""
    #: the budget the claim used in its worker ({"claim": ..., "cross_examination": ...}, in
    #: ``engines.base.now`` units: work-seconds under counted budgets); {} when not run
    work: dict = field(default_factory=dict)

    @property
    def soundness_failure(self) -> bool:
        """Whether engines contradicted each other: an internal bug, reported as ERROR."""
        return any(e.data.get("soundness_failure") for e in self.evidence)

    @property
    def id(self) -> str:
        return self.claim.id

    @property
    def label(self) -> str:
        """The verdict line: the verdict and what it was reached on, e.g. ``CERTIFIED on 9
        instances``, ``SUPPORTED: certified on 98.6% of the box``; REFUTED, NOT_CHECKABLE
        and ERROR stand alone (a witness refutes the claim on any domain holding it)."""
        name = self.verdict.value
        if self.verdict in (Verdict.REFUTED, Verdict.NOT_CHECKABLE, Verdict.ERROR):
            return name
        extent = self.claim.extent
        if self.claim.proof is not None and not self.verdict.holds:
            extent = "(the calculus' proof does not close)"   # "every law" only if proved
        text = f"{name} {extent}" if extent else name
        if self.verdict is Verdict.SUPPORTED:
            frac = [(e.data["certified_fraction"], e.data.get("undecided_boxes"))
                    for e in self.evidence
                    if e.verdict is Verdict.SUPPORTED and e.data.get("certified_fraction")
                    and e.data.get("certified_boxes")]
            if frac and isinstance(frac[0][0], (int, float)) and 0 < frac[0][0] and (
                    frac[0][0] < 1 or frac[0][1]):
                text += f": certified on {percent(frac[0][0], 1)} of the box"
        return text


def assess(claim: Claim, evidence: list[Evidence] | tuple[Evidence, ...], seconds: float = 0.0,
           repair: str = "") -> Assessment:
    """Aggregate engine evidence into one verdict under the rule of the module docstring."""
    evidence = tuple(evidence)
    if not claim.checkable:
        return Assessment(claim, Verdict.NOT_CHECKABLE, claim.reason, None, evidence, seconds)
    pro = [e for e in evidence if e.verdict.holds]
    con = [e for e in evidence if e.verdict is Verdict.REFUTED]
    undefined = [e for e in evidence if e.verdict is Verdict.ERROR and e.data.get("undefined")]
    unexamined = [e for e in pro if not e.data.get(CROSS_EXAMINATION)]
    if pro and (con or undefined or unexamined):
        if con:
            why = (f"{con[0].engine} refutes it at {con[0].witness} "
                   f"(certified margin {con[0].violation})")
        elif undefined:
            why = f"{undefined[0].engine} finds it undefined: {undefined[0].detail}"
        else:
            pro = unexamined
            why = ("it was never cross-examined: a PROVED or CERTIFIED counts only once an "
                   "independent certified sweep of the claim as written found no violation "
                   "(crossexam), and this one has no record of it")
        detail = (f"internal soundness failure: {pro[0].engine} says {pro[0].verdict.value} "
                  f"({pro[0].detail}) but {why}")
        return _flagged(claim, evidence, detail, seconds, repair)
    if con:
        e = con[0]
        return Assessment(claim, Verdict.REFUTED, e.scope, e.witness, evidence, seconds, repair)
    for verdict in (Verdict.PROVED, Verdict.CERTIFIED):
        hits = [e for e in evidence if e.verdict is verdict]
        if hits and claim.black_box:  # an implementation is never proved: its points only
            boxes = ", ".join(claim.black_box)
            return Assessment(claim, Verdict.SUPPORTED, f"black box ({boxes}): {hits[0].engine} "
                              f"{verdict.value.lower()} {hits[0].scope}", None, evidence,
                              seconds, repair)
        if hits:
            return Assessment(claim, verdict, hits[0].scope, None, evidence, seconds)
    errors = [e for e in evidence if e.verdict is Verdict.ERROR]
    if errors:
        return Assessment(claim, Verdict.ERROR, f"{errors[0].engine}: {errors[0].detail}", None,
                          evidence, seconds)
    if _unbounded_identity(claim, evidence):
        gap = next((e.detail for e in evidence if e.engine == "interval"),
                   "no ball enclosure of the difference")
        return Assessment(claim, Verdict.INCONCLUSIVE, "an identity is SUPPORTED only where "
                          "balls bound |lhs - rhs| below 2^-50 relative on every box; "
                          f"interval: {gap}", None, evidence, seconds, repair)
    for verdict in _ORDER:
        hits = [e for e in evidence if e.verdict is verdict]
        if hits:
            scope = "; ".join(f"{e.engine}: {e.scope or e.detail}" for e in hits)
            return Assessment(claim, verdict, scope + _not_decided(evidence, hits), None,
                              evidence, seconds, repair)
    return Assessment(claim, Verdict.INCONCLUSIVE, "no engine supports this claim", None,
                      evidence, seconds)


def reassess(a: Assessment, evidence: list[Evidence] | tuple[Evidence, ...]) -> Assessment:
    """``a`` aggregated again from ``evidence`` (a chain's added, a memory error recast),
    keeping what its worker recorded beside the evidence: the repair and its regions, the
    cache flag, the cross-examination's record and the work counted."""
    return replace(assess(a.claim, evidence, a.seconds), repair=a.repair, regions=a.regions,
                   cached=a.cached, cross_examination=a.cross_examination, work=a.work)


def _flagged(claim: Claim, evidence: tuple[Evidence, ...], detail: str, seconds: float,
             repair: str) -> Assessment:
    """ERROR with every piece of evidence kept and one ``soundness`` flag saying why."""
    flag = Evidence(SOUNDNESS, Verdict.ERROR, detail, data={"soundness_failure": True})
    kept = tuple(e for e in evidence if e.engine != SOUNDNESS) + (flag,)
    return Assessment(claim, Verdict.ERROR, detail, None, kept, seconds, repair)


#: the engines that can decide a claim on its whole domain: a non-decisive verdict names
#: the limit each of them met (issue 13: "says in its scope which limit stopped it")
_DECIDERS = ("symbolic", "interval")


def _not_decided(evidence, hits) -> str:
    """``; not decided: symbolic (no proof found), interval (no box certified before the box
    budget)`` for the deciding engines whose evidence is not already in the scope; the
    interval engine's own SUPPORTED scope gains the limit it stopped at."""
    said = []
    for e in evidence:
        if e.engine not in _DECIDERS or e.verdict.decisive:
            continue
        if e in hits:
            limit = e.data.get("stopped_by")
            if limit and limit not in (e.scope or ""):
                said.append(f"{e.engine} stopped by the {limit}")
            continue
        said.append(f"{e.engine} ({e.detail.split(' (tried')[0][:160]})")
    return f"; not decided: {', '.join(said)}" if said else ""


def _unbounded_identity(claim: Claim, evidence) -> bool:
    """An identity whose best evidence is SUPPORTED but not from the interval engine's
    relative-gap bound on every box (issue 11: equality verdicts that mean something);
    a chain of steps speaks for itself."""
    st = claim.statement
    if st is None or st.rel != "==" or claim.steps:
        return False
    if not any(e.verdict is Verdict.SUPPORTED for e in evidence):
        return False
    return not any(e.engine == "interval" and e.verdict is Verdict.SUPPORTED for e in evidence)


@dataclass(frozen=True)
class Report:
    """The assessments of a run, in claim order, with the settings that produced them."""

    assessments: tuple[Assessment, ...]
    settings: dict[str, Any] = field(default_factory=dict)
    version: str = ""
    partial: bool = False

    def counts(self) -> dict[str, int]:
        out = {v.value: 0 for v in Verdict}
        for a in self.assessments:
            out[a.verdict.value] += 1
        return out

    @property
    def soundness_failures(self) -> list[str]:
        """Ids of the claims whose evidence contradicted itself (see ``assess``)."""
        return [a.id for a in self.assessments if a.soundness_failure]

    def by_id(self, claim_id: str) -> Assessment:
        for a in self.assessments:
            if a.id == claim_id:
                return a
        raise KeyError(f"no claim {claim_id!r} in the report")
