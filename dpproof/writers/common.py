"""What the writers share: verdict order, counts by source, figures, plain-text fields.

Everything here reads only ``claims`` and ``evidence`` objects (docs/design.md, layers).
"""

from __future__ import annotations

import enum
import math
from dataclasses import replace
from fractions import Fraction
from typing import Any

import sympy

from ..claims import Claim, Source
from ..evidence import Assessment, Report, Verdict

#: verdicts in the order every table lists them
VERDICTS: tuple[Verdict, ...] = tuple(Verdict)

#: engine data keys not shown in the human-readable reports (kept in report.json)
HIDDEN_DATA = {"traceback", "proof"}   # a proof tree is shown as a tree (proof_tree)


def source_key(source: Source) -> str:
    """The source a claim is grouped under in the summaries."""
    return source.key or source.file or "(no source)"


def source_line(source: Source) -> str:
    """``key, locator`` (the locator alone when the key repeats it)."""
    if not source.key or source.locator.startswith(source.key):
        return source.locator or source.key
    return f"{source.key}, {source.locator}" if source.locator else source.key


def counts_by_source(report: Report) -> dict[str, dict[str, int]]:
    """Per source key (in first-seen order), the number of claims per verdict."""
    out: dict[str, dict[str, int]] = {}
    for a in report.assessments:
        row = out.setdefault(source_key(a.claim.source), {v.value: 0 for v in VERDICTS})
        row[a.verdict.value] += 1
    return out


#: what a verdict was reached on (issue 13): the summary's columns
EXTENTS = ("on the stated domain", "on instances", "on a truncated box")


def extent_kind(claim) -> str:
    """One of ``EXTENTS``: a finite grid, a narrowed box, or the domain as stated (which a
    statement about every mechanism decided over a named family counts as: issue 13)."""
    extent = claim.extent if claim is not None else ""
    if not extent or extent.startswith("over the family"):
        return EXTENTS[0]
    return EXTENTS[1] if "instance" in extent.split("(")[0] else EXTENTS[2]


def counts_by_extent(report: Report) -> dict[str, dict[str, int]]:
    """Per verdict value, the number of claims per ``EXTENTS`` entry."""
    out = {v.value: dict.fromkeys(EXTENTS, 0) for v in VERDICTS}
    for a in report.assessments:
        out[a.verdict.value][extent_kind(a.claim)] += 1
    return out


def used_verdicts(report: Report) -> list[Verdict]:
    """The verdicts that occur in the report, in the standard order."""
    counts = report.counts()
    return [v for v in VERDICTS if counts.get(v.value)]


def claims_by_locator(report: Report) -> dict[str, list[str]]:
    """Source map: ``key, locator`` -> the ids of its claims, in report order."""
    out: dict[str, list[str]] = {}
    for a in report.assessments:
        out.setdefault(source_line(a.claim.source), []).append(a.id)
    return out


def statement_text(claim: Claim) -> str:
    """The statement in plain text (sympy's str form), or '-' for a cited claim."""
    if claim.statement is None and claim.proof is not None:
        return claim.proof.conclusion
    return str(claim.statement) if claim.statement is not None else "-"


def witness_text(witness: dict[str, str] | None, claim: Claim | None = None) -> str:
    """``x = 1.05, alpha = 2`` or '' when there is no witness; with a claim that declares
    derived source parameters, they follow: ``i = 4, j = 99 (eps = 1, delta = 0.99)``."""
    if not witness:
        return ""
    text = ", ".join(f"{k} = {v}" for k, v in witness.items())
    derived = claim.derived_values(witness) if claim is not None else ()
    if derived:
        text += " (" + ", ".join(f"{k} = {v}" for k, v in derived) + ")"
    return text


def scope_text(a: Assessment) -> str:
    """The assessment's scope, led by what the verdict was reached on (``on 9 instances:
    whole domain: ...``) and, for a refutation, the witness in the source's variables."""
    scope = a.scope
    if a.verdict is Verdict.REFUTED:
        derived = a.claim.derived_values(a.witness)
        if derived:
            scope += " (" + ", ".join(f"{k} = {v}" for k, v in derived) + ")"
        return scope
    extent = a.claim.extent
    if a.verdict in (Verdict.NOT_CHECKABLE, Verdict.ERROR) or not extent:
        return scope
    return f"{extent}: {scope}" if scope else extent


def corrected_of(report: Report, claim_id: str) -> Assessment | None:
    """The ``.repaired`` companion of a claim in the report (of ``X.instances`` or
    ``X.stepN`` too: ``X.repaired``), or None."""
    return _companion({a.id: a for a in report.assessments}, claim_id)


def _companion(by_id: dict[str, Assessment], claim_id: str) -> Assessment | None:
    base = claim_id
    while True:
        if base + ".repaired" in by_id and base + ".repaired" != claim_id:
            return by_id[base + ".repaired"]
        head, _, tail = base.rpartition(".")
        if not head or not (tail == "instances" or tail.startswith("step")):
            return None
        base = head


def quote_corrections(report: Report) -> Report:
    """Each REFUTED claim's repair line quotes its corrected theorem (issue 13, item 4): the
    ``.repaired`` companion's statement, domain and verdict as this run decided it."""
    by_id = {a.id: a for a in report.assessments}
    out = []
    for a in report.assessments:
        fix = _companion(by_id, a.id) if a.verdict is Verdict.REFUTED else None
        if fix is not None and fix.claim.statement is not None:
            scope = scope_text(fix)
            line = (f"corrected statement ({fix.id}): {statement_text(fix.claim)} on "
                    f"{fix.claim.domain}, {fix.verdict.value}" + (f" ({scope})" if scope else ""))
            a = replace(a, repair=f"{a.repair}; {line}" if a.repair else line)
        out.append(a)
    return replace(report, assessments=tuple(out))


def violation(a: Assessment) -> str:
    """The certified violation of the refuting evidence (the one whose witness is reported)."""
    for e in a.evidence:
        if e.verdict is Verdict.REFUTED and e.witness == a.witness:
            return e.violation
    return ""


def seconds_text(seconds: float) -> str:
    return f"{seconds:.2f} s" if seconds < 100 else f"{seconds:.0f} s"


def value_text(value: Any) -> str:
    """A setting or engine data value as short plain text."""
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, (list, tuple)):
        return ", ".join(value_text(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}={value_text(v)}" for k, v in value.items())
    if value is None:
        return "-"
    return str(value)


def proof_tree(a: Assessment) -> dict | None:
    """The calculus' proof tree of a claim over every law (``dpproof.calculus``), or None."""
    for e in a.evidence:
        if isinstance(e.data.get("proof"), dict):
            return e.data["proof"]
    return None


def proof_lines(node: dict, depth: int = 0) -> list[str]:
    """The proof tree as indented plain-text lines: each rule with its conclusion, each
    pointwise premise with its verdict (writers add their markup)."""
    pad = "  " * depth
    out = [f"{pad}- rule {node['rule']}: {node['says']} [at a vanishing density: "
           f"{node['convention']}]"]
    for p in node["premises"]:
        out.append(f"{pad}  - premise {p['id']}: {p['statement']} on {p['domain']}: "
                   f"{p['verdict']} ({p['scope']})")
    for c in node["children"]:
        out.extend(proof_lines(c, depth + 1))
    return out


def data_items(data: dict[str, Any]) -> list[tuple[str, str]]:
    """Engine figures (boxes visited, tightest margin, ...) as (label, text) pairs."""
    return [(k.replace("_", " "), value_text(v)) for k, v in data.items()
            if k not in HIDDEN_DATA]


def regions_summary(a: Assessment) -> str:
    """``certified map over x: 12 boxes hold, 3 fail, 1 undecided`` ('' without a map)."""
    if not a.regions:
        return ""
    names, boxes = a.regions
    tally: dict[str, int] = {}
    for _, status in boxes:
        tally[status] = tally.get(status, 0) + 1
    parts = ", ".join(f"{n} {s}" for s, n in tally.items())
    over = ", ".join(names)
    if a.claim.derived:   # the map's axes in the source's variables
        over += " (" + ", ".join(f"{k} = {sympy.sstr(e)}" for k, e in a.claim.derived) + ")"
    return f"certified map over {over}: {len(boxes)} boxes ({parts})"


def figures(report: Report) -> list[dict[str, Any]]:
    """The run's figures as ``{"path", "title", "claims"}`` (plain path strings accepted)."""
    out = []
    for f in report.settings.get("figures", []) or []:
        if isinstance(f, str):
            f = {"path": f}
        if isinstance(f, dict) and f.get("path"):
            out.append({"path": str(f["path"]), "title": str(f.get("title", "")),
                        "claims": [str(c) for c in f.get("claims", [])]})
    return out


def figures_of(report: Report, claim_id: str) -> list[tuple[int, dict[str, Any]]]:
    """(number, figure) of the figures tied to a claim (numbers as ``shown_figures``)."""
    return [(n, f) for n, f, _ in shown_figures(report) if claim_id in f["claims"]]


def settings_items(settings: dict[str, Any]) -> list[tuple[str, str]]:
    """The run settings as (name, text), figures left out (they have their own section)."""
    return [(k, value_text(v)) for k, v in settings.items() if k != "figures"]


def jsonable(value: Any) -> Any:
    """``value`` as JSON data: numbers stay numbers where exact, the rest becomes strings."""
    if value is None or isinstance(value, (bool, str, int)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, enum.Enum):
        return jsonable(value.value)
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    if isinstance(value, Fraction):
        return str(value)
    return str(value)


def shown_figures(report: Report) -> list[tuple[int, dict[str, Any], str]]:
    """The figures numbered in the order the reports show them: (number, figure, the claim
    it stands beside or '').  Figures tied to no claim of the report (the verdict chart)
    come first, after the summary; every other figure stands once, beside the first
    refuted claim it is tied to (its witness is marked there), else its first claim."""
    order = {a.id: (a.verdict is not Verdict.REFUTED, i)
             for i, a in enumerate(report.assessments)}
    loose, placed = [], []
    for f in figures(report):
        tied = [c for c in f["claims"] if c in order]
        if tied:
            host = min(tied, key=order.get)
            placed.append((order[host][1], len(placed), f, host))
        else:
            loose.append((f, ""))
    ordered = loose + [(f, host) for _, _, f, host in sorted(placed, key=lambda t: t[:2])]
    return [(n, f, host) for n, (f, host) in enumerate(ordered, 1)]


def placed_figures(report: Report) -> dict[str, list[tuple[int, dict[str, Any]]]]:
    """Claim id -> the (number, figure) that stand beside it (``shown_figures``)."""
    out: dict[str, list] = {}
    for n, f, host in shown_figures(report):
        if host:
            out.setdefault(host, []).append((n, f))
    return out


def loose_figures(report: Report) -> list[tuple[int, dict[str, Any]]]:
    """The (number, figure) tied to no claim of the report (the verdict chart)."""
    return [(n, f) for n, f, host in shown_figures(report) if not host]
