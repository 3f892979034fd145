"""What a reviewer reads first (issue 31, item 5): the verdict legend, the findings (each
refuted claim: what it says, its witness, its repair), and engine text in the source's
notation -- points as ``eps = 0.625``, open ends as written, long scopes shortened.

Shared by the Markdown, HTML and LaTeX writers; report.json keeps the full texts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import sympy

from ..claims import Claim
from ..domain import Domain
from ..evidence import Assessment, Report, Verdict
from .common import (corrected_of, scope_text, source_key, statement_text, violation,
                     witness_text)

#: the seven verdicts and what each promises (docs/verdicts.md), in report order
LEGEND: tuple[tuple[str, str], ...] = (
    ("PROVED", "the claim holds on the whole stated domain: an exact symbolic argument "
               "(sympy), then cross-examined"),
    ("CERTIFIED", "the claim holds on the whole stated domain (or on the exact instances "
                  "stated): ball arithmetic (arb) on every sub-box, exact rationals in"),
    ("REFUTED", "the claim is false: a witness inside the domain as written where the "
                "violation is certified in ball or exact arithmetic"),
    ("SUPPORTED", "no proof: no counterexample found and high-precision checks agree; the "
                  "scope says where it was checked"),
    ("INCONCLUSIVE", "nothing: the engines could not decide within their limits (the "
                     "verdict line names the limit)"),
    ("NOT_CHECKABLE", "nothing: a cited, asymptotic or qualitative statement; its reason is "
                      "the record"),
    ("ERROR", "nothing: evaluation failed, the claim is undefined at a point of its "
              "domain, or evidence contradicted itself"),
)

_DICT = re.compile(r"\{'[^'{}]*': '[^'{}]*'(?:, '[^'{}]*': '[^'{}]*')*\}")
_PAIR = re.compile(r"'([^']*)': '([^']*)'")
_RANGE = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*) in \[([^\[\],;]+), ([^\[\],;]+)\]")


def notation(text: str, domain: Domain | None = None) -> str:
    """Engine text in the source's notation: a point printed as a Python dict becomes
    ``eps = 0.625, delta = 0.996``; with ``domain``, a range whose end is an open end of
    the domain keeps it open (``eps in [0, 1]`` -> ``eps in (0, 1]``) and a point
    parameter reads ``Delta = 1``."""
    text = _DICT.sub(lambda m: ", ".join(f"{k} = {v}" for k, v in _PAIR.findall(m.group())),
                     str(text))
    return _RANGE.sub(lambda m: _range(m, domain), text) if domain is not None else text


def _range(m: re.Match, domain: Domain) -> str:
    name, lo, hi = m.group(1), m.group(2).strip(), m.group(3).strip()
    iv = dict(domain.params).get(name)
    a, b = _number(lo), _number(hi)
    if iv is None or a is None or b is None:
        return m.group()
    if iv.is_point and a == b == iv.lo:
        return f"{name} = {lo}"
    left = "(" if iv.lo_open and iv.lo is not None and a == iv.lo else "["
    right = ")" if iv.hi_open and iv.hi is not None and b == iv.hi else "]"
    return f"{name} in {left}{lo}, {hi}{right}"


def _number(text: str):
    try:
        return sympy.Rational(text)
    except (TypeError, ValueError, SyntaxError, sympy.SympifyError):
        return None


def _clauses(text: str) -> list[str]:
    """``text`` split at the '; ' that stand outside brackets."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch in "([{") - (ch in ")]}")
        if depth == 0 and text.startswith("; ", i):
            out.append(text[start:i])
            start = i + 2
    return out + [text[start:]]


#: a clause that starts a new engine's account in a scope ("search: 421 points")
_LABELLED = re.compile(r"^(?:[a-z_]+|not decided): ")
LONG_ASIDE = 80      # characters of a parenthesised aside beyond which a short scope elides it


def short_scope(a: Assessment, limit: int = 300) -> tuple[str, bool]:
    """The scope in the source's notation, shortened for a reader (the full text stays in
    report.json): only the first undecided box is named, engine asides that hold internal
    formulas become '(...)', and middle clauses beyond ``limit`` characters are dropped
    (the first and the 'not decided' clause stay).  Returns (text, whether shortened)."""
    full = notation(scope_text(a), a.claim.domain if a.claim is not None else None)
    if len(full) <= limit:
        return full, False
    kept, skipping = [], False
    for clause in _clauses(full):
        if skipping and not _LABELLED.match(clause):
            continue
        skipping = "undecided near" in clause
        kept.append(_elide_formulas(clause))
    must = {0} | {i for i, c in enumerate(kept) if c.startswith("not decided:")}
    room = limit - sum(len(kept[i]) + 2 for i in must)
    chosen = set(must)
    for i, clause in enumerate(kept):
        if i not in must and len(clause) + 2 <= room:
            chosen.add(i)
            room -= len(clause) + 2
    text = "; ".join(c for i, c in enumerate(kept) if i in chosen)
    return text + " ...", True


_FORMULA = re.compile(r"\*|\(\(|\w\(.*\w\(")


def _elide_formulas(clause: str) -> str:
    """Parenthesised asides that hold a formula and run past LONG_ASIDE characters (an
    engine's internal form) become '(what: ...)' (outermost parentheses only)."""
    spans, depth, start = [], 0, 0
    for i, ch in enumerate(clause):
        if ch == "(":
            depth += 1
            start = i if depth == 1 else start
        elif ch == ")" and depth:
            depth -= 1
            inner = clause[start + 1:i]
            if depth == 0 and len(inner) > LONG_ASIDE and _FORMULA.search(inner):
                head = inner.split(":")[0] if ":" in inner else ""
                spans.append((start, i + 1, f"({head}: ...)" if 0 < len(head) < 40
                              else "(...)"))
    for lo, hi, repl in reversed(spans):
        clause = clause[:lo] + repl + clause[hi:]
    return clause


def written_statement(claim: Claim) -> tuple[str, str]:
    """(the statement as written, the parsed form when it differs, else ''): a claims
    file keeps its text in the note (``as written: ...``); a library claim is written in
    sympy, so its parsed form is what it says."""
    parsed = statement_text(claim)
    _, found, written = (claim.note or "").rpartition("as written: ")
    if found and written.strip():
        written = written.strip()
        return written, (parsed if " ".join(parsed.split()) != " ".join(written.split())
                         else "")
    return parsed, ""


def user_note(claim: Claim) -> str:
    """The claim's note without the statement as written (shown as the statement)."""
    note = claim.note or ""
    head, found, _ = note.rpartition("as written: ")
    return head.rstrip("; ").strip() if found else note


_FLAW = re.compile(r"(?:^|[;\n])\s*flaw:\s*([^;\n]+)", re.I)


def flaw(claim: Claim) -> str:
    """The classification a claim's note gives its flaw (a line ``flaw: misprint``), or ''."""
    m = _FLAW.search(claim.note or "")
    return m.group(1).strip() if m else ""


def region_text(a: Assessment) -> str:
    """The repair line without the corrected statement ``quote_corrections`` appended."""
    text = a.repair or ""
    head, found, _ = text.partition("corrected statement (")
    return head.rstrip("; ").strip() if found else text


def corrected_line(fix: Assessment) -> str:
    """``X.repaired: <statement as written> on <domain>: VERDICT`` of a repairing claim."""
    said = written_statement(fix.claim)[0] if fix.claim.statement is not None else "-"
    return f"{said} on {fix.claim.domain}"


@dataclass(frozen=True)
class Finding:
    """One refuted claim as a reviewer reads it first: what it says, where it fails, and
    what repairs it."""

    assessment: Assessment
    statement: str
    witness: str
    violation: str
    region: str
    repaired: Assessment | None
    flaw: str


def findings(report: Report) -> dict[str, list[Finding]]:
    """Per source key (first-seen order), its REFUTED claims in report order."""
    out: dict[str, list[Finding]] = {}
    for a in report.assessments:
        if a.verdict is not Verdict.REFUTED:
            continue
        out.setdefault(source_key(a.claim.source), []).append(Finding(
            a, written_statement(a.claim)[0], witness_text(a.witness, a.claim),
            violation(a), notation(region_text(a), a.claim.domain),
            corrected_of(report, a.id), flaw(a.claim)))
    return out
