"""Deciding a statement proved by the calculus (docs/calculus.md, "Verdicts").

Every pointwise premise of the proof tree is decided by ``checking.check_claim`` (engines
and cross-examination, as any claim).  The conclusion:
- PROVED when every premise is PROVED, CERTIFIED when every premise holds and one is only
  CERTIFIED; then the conclusion is also swept over the library's family encodings
  (``Proof.sweeps``, by ``crossexam``): a certified violation there is a soundness failure;
- otherwise never a holding verdict: SUPPORTED when every premise is at least SUPPORTED,
  else INCONCLUSIVE, naming the premises that do not hold (a REFUTED premise makes the
  proof fail, not the conclusion false);
- a premise whose own evidence contradicted itself makes the conclusion ERROR, flagged.
"""

from __future__ import annotations

from dataclasses import replace

from ..claims import Claim
from ..engines.base import budgeted, now, wall
from ..evidence import CROSS_EXAMINATION, Assessment, Evidence, Verdict, assess
from .objects import Proof, Step

NAME = "calculus"


def aggregate(results: list[Assessment]) -> tuple[Verdict, str]:
    """(the conclusion's verdict, why) from its premises' assessments."""
    if not results:
        return Verdict.PROVED, "no premise: the rule is structural"
    broken = [a for a in results if a.soundness_failure]
    if broken:
        return Verdict.ERROR, f"premise {broken[0].id} has contradictory evidence"
    weak = [a for a in results if not a.verdict.holds]
    if weak:
        names = ", ".join(f"{a.id} is {a.verdict.value}" for a in weak)
        ok = all(a.verdict in (Verdict.SUPPORTED,) for a in weak)
        return (Verdict.SUPPORTED if ok else Verdict.INCONCLUSIVE,
                f"the proof does not close: {names}")
    if all(a.verdict is Verdict.PROVED for a in results):
        return Verdict.PROVED, f"all {len(results)} premises PROVED"
    return Verdict.CERTIFIED, f"all {len(results)} premises hold (some only CERTIFIED)"


def tree(step: Step, results: dict[str, Assessment]) -> dict:
    """The proof tree as JSON-ready data: rule, conclusion, convention, each premise with
    its statement, domain, verdict, scope and cross-examination record, and the children."""
    return {"rule": step.rule, "says": step.says, "convention": step.convention,
            "premises": [_premise(p, results.get(p.id)) for p in step.premises],
            "children": [tree(c, results) for c in step.children]}


def _premise(p: Claim, a: Assessment | None) -> dict:
    return {"id": p.id, "statement": str(p.statement), "domain": str(p.domain),
            "note": p.note, "verdict": a.verdict.value if a else "INCONCLUSIVE",
            "scope": a.scope if a else "not decided",
            "witness": a.witness if a else None,
            "cross_examination": a.cross_examination if a else ""}


def decide(claim: Claim, config, check) -> Assessment:
    """Decide ``claim.proof`` premise by premise; ``check`` decides one premise
    (``checking.check_claim``, which calls this: passed in, so no import cycle)."""
    t0 = wall()
    proof: Proof = claim.proof
    premises = proof.root.all_premises()
    results = {p.id: check(p, config) for p in premises}
    verdict, why = aggregate(list(results.values()))
    data = {"proof": tree(proof.root, results), "rules": proof.root.rules()}
    rules = ", ".join(proof.root.rules())
    evidence = []
    if verdict.holds:
        b0 = now(config.budget)
        with budgeted(config):    # counted, like any claim's cross-examination
            record, conflict = _sweeps(claim, config, verdict)
        swept = now(config.budget) - b0
        scope = f"every law: {why} (rules: {rules})"
        data[CROSS_EXAMINATION] = ("premises cross-examined one by one: "
                                   + "; ".join(f"{i}: {a.cross_examination}" for i, a in
                                               results.items()) + "; conclusion: " + record)
        evidence.append(Evidence(NAME, verdict, why, wall() - t0, scope=scope,
                                 data=data))
        evidence.extend(conflict)
    elif verdict is Verdict.ERROR:
        evidence.append(Evidence(NAME, verdict, why, wall() - t0,
                                 data={**data, "soundness_failure": True}))
    else:
        evidence.append(Evidence(NAME, verdict, why, wall() - t0,
                                 scope=f"not proved: {why} (rules: {rules})", data=data))
    spent = sum(a.work.get("claim", 0) for a in results.values())
    crossed = sum(a.work.get("cross_examination", 0) for a in results.values())
    if verdict.holds:
        spent, crossed = spent + swept, crossed + swept
    return replace(assess(claim, evidence, wall() - t0),
                   work={"claim": round(spent, 6), "cross_examination": round(crossed, 6)})


def _sweeps(claim: Claim, config, verdict: Verdict) -> tuple[str, list[Evidence]]:
    """(record, [certified violation]) of the conclusion swept over its family claims, and
    over the claim's own statement where it has one (a link of a chain)."""
    proof: Proof = claim.proof
    swept = proof.sweeps + ((claim,) if claim.statement is not None else ())
    if not swept:
        return "no family encoding to sweep", []
    from ..crossexam import cross_examine   # the engines: only when a proof is decided
    notes = []
    for fam in swept:
        held = Evidence(NAME, verdict, "the calculus' conclusion, on this family")
        evidence, record = cross_examine(fam, config, [held])
        found = [e for e in evidence if e.verdict is Verdict.REFUTED]
        if found:
            on = "its statement as written" if fam is claim else f"the family {fam.id}"
            return (f"CONFLICT on {fam.id}",
                    [Evidence(found[0].engine, Verdict.REFUTED, f"the conclusion fails on "
                              f"{on}: {found[0].detail}", scope=found[0].scope,
                              witness=found[0].witness, violation=found[0].violation)])
        notes.append(f"{fam.id}: {record}")
    return "swept over " + "; ".join(notes), []
