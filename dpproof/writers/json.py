"""report.json: the machine-readable report, exactly the schema of docs/design.md (schema 1).

Contract keys are never removed or renamed; extra keys (``kind``, ``domain``, ``repair``,
``note``, per-evidence ``scope``, ``witness``, ``violation``, ``data``, per-claim
``soundness_failure``, ``witness_text`` (the witness in the source's notation), per-claim
``repaired_by``, per-claim ``proof`` (the calculus' proof tree) and top-level ``soundness_failures``) may be added.
``load`` parses a report and checks the contract keys, naming the first bad one.
"""

from __future__ import annotations

import json
from typing import Any

from ..evidence import Assessment, Evidence, Report, Verdict
from . import common
from .common import jsonable, regions_summary, scope_text, statement_text, violation

SCHEMA = 1

#: contract keys and the JSON types they must have
TOP_KEYS = {"schema": int, "dpproof_version": str, "partial": bool, "settings": dict,
            "claims": list}
CLAIM_KEYS = {"id": str, "source": str, "locator": str, "statement": str, "verdict": str,
              "scope": str, "witness": (dict, type(None)), "evidence": list,
              "seconds": (int, float)}
EVIDENCE_KEYS = {"engine": str, "verdict": str, "detail": str, "seconds": (int, float)}
VERDICTS = {v.value for v in Verdict}


class SchemaError(ValueError):
    """A report.json that does not follow schema 1; the message names the bad key."""


def evidence_dict(e: Evidence) -> dict[str, Any]:
    return {"engine": e.engine, "verdict": e.verdict.value, "detail": e.detail,
            "seconds": round(e.seconds, 6), "scope": e.scope,
            "witness": dict(e.witness) if e.witness is not None else None,
            "violation": e.violation, "data": jsonable(e.data)}


def claim_dict(a: Assessment, report: Report | None = None) -> dict[str, Any]:
    """One claim's entry; with the report, ``repaired_by`` names the ``.repaired`` claim
    that repairs a refuted one (``X.repaired`` repairs ``X``)."""
    c = a.claim
    fix = (common.corrected_of(report, a.id)
           if report is not None and a.verdict is Verdict.REFUTED else None)
    return {
        "id": c.id, "source": c.source.key, "locator": c.source.locator,
        "statement": statement_text(c), "verdict": a.verdict.value,
        "scope": scope_text(a),
        "witness": {k: str(v) for k, v in a.witness.items()} if a.witness else None,
        "evidence": [evidence_dict(e) for e in a.evidence], "seconds": round(a.seconds, 6),
        "kind": c.kind.value, "source_file": c.source.file, "source_note": c.source.note,
        "domain": {name: str(iv) for name, iv in c.domain.params},
        "violation": violation(a), "repair": a.repair, "regions": regions_summary(a),
        "note": c.note, "reason": c.reason, "steps": [s.id for s in c.steps],
        "soundness_failure": a.soundness_failure,
        "cached": a.cached,
        "witness_text": common.witness_text(a.witness, c),
        "repaired_by": fix.id if fix is not None else None,
        "work": dict(a.work),
        "proof": common.proof_tree(a),   # the calculus' proof tree, or None
    }


def to_dict(report: Report) -> dict[str, Any]:
    """The report as JSON data (schema 1)."""
    return {"schema": SCHEMA, "dpproof_version": report.version, "partial": report.partial,
            "settings": jsonable(report.settings), "counts": report.counts(),
            "counts_by_extent": {v: n for v, n in common.counts_by_extent(report).items()
                                 if any(n.values())},
            "soundness_failures": report.soundness_failures,
            "claims": [claim_dict(a, report) for a in report.assessments]}


def render(report: Report) -> str:
    """report.json text: indented, keys in contract order, UTF-8 kept, trailing newline."""
    return json.dumps(to_dict(report), indent=2, ensure_ascii=False) + "\n"


def load(text: str) -> dict[str, Any]:
    """Parse report.json text and check it against schema 1 (raises SchemaError)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SchemaError(f"report.json is not valid JSON: {exc}") from None
    check(data)
    return data


def check(data: Any) -> None:
    """Raise SchemaError naming the first contract key that is missing or mistyped."""
    _keys(data, TOP_KEYS, "report")
    if data["schema"] != SCHEMA:
        raise SchemaError(f"'schema' is {data['schema']!r}; this dpproof reads schema {SCHEMA}")
    for i, claim in enumerate(data["claims"]):
        where = f"claims[{i}]"
        _keys(claim, CLAIM_KEYS, where)
        _verdict(claim["verdict"], f"{where}.verdict")
        _witness(claim["witness"], f"{where}.witness")
        for j, ev in enumerate(claim["evidence"]):
            _keys(ev, EVIDENCE_KEYS, f"{where}.evidence[{j}]")
            _verdict(ev["verdict"], f"{where}.evidence[{j}].verdict")


def _keys(obj: Any, spec: dict, where: str) -> None:
    if not isinstance(obj, dict):
        raise SchemaError(f"{where}: expected an object, got {type(obj).__name__} {obj!r:.60}")
    for key, types in spec.items():
        if key not in obj:
            raise SchemaError(f"{where}: missing key {key!r}; required: {', '.join(spec)}")
        value = obj[key]
        if isinstance(value, bool) and bool not in _tuple(types):
            raise SchemaError(f"{where}.{key}: got boolean {value!r}")
        if not isinstance(value, types):
            expected = " or ".join(t.__name__ for t in _tuple(types))
            raise SchemaError(f"{where}.{key}: expected {expected}, got "
                              f"{type(value).__name__} {value!r:.60}")


def _tuple(types) -> tuple:
    return types if isinstance(types, tuple) else (types,)


def _verdict(value: str, where: str) -> None:
    if value not in VERDICTS:
        raise SchemaError(f"{where}: {value!r} is not a verdict; allowed: "
                          f"{', '.join(sorted(VERDICTS))}")


def _witness(value: Any, where: str) -> None:
    if value is None:
        return
    for name, text in value.items():
        if not isinstance(text, str):
            raise SchemaError(f"{where}.{name}: expected a decimal string, got {text!r}")
