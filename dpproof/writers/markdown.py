"""report.md: the human-readable report as GitHub-flavoured Markdown.

Title, the verdict legend, the findings (every refuted claim per source: what it says, its
witness, the certified violation, its repair), counts by verdict and by source, a table of
all claims, then one ``<details>`` block per claim with statement, domain, witness, repair,
its figures, and every engine's evidence (the labelled derivation); the run settings last.
Witnesses and scopes are in the source's notation (``eps = 0.625``); long scopes are
shortened (report.json keeps them whole).  User text is escaped (``|`` in table cells).
"""

from __future__ import annotations

import html
import re

from ..evidence import Assessment, Report
from . import common, reading

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#])")
TITLE = "dpproof verification report"
TABLE_SCOPE = 160    # characters of a scope in the claims table
DETAIL_SCOPE = 400   # ... and in a claim's details (report.json keeps it whole)


def escape(text: str) -> str:
    """Prose safe for Markdown: emphasis, code, link and HTML characters escaped, one line."""
    return _MD_SPECIAL.sub(r"\\\1", " ".join(str(text).split()))


def cell(text: str) -> str:
    """Escaped prose for a table cell (``|`` escaped; empty cells show '-')."""
    return escape(text) or "-"


def code(text: str) -> str:
    """Inline code holding ``text`` verbatim (pipes escaped so it is safe in table cells)."""
    text = " ".join(str(text).split()).replace("|", "\\|")
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def badge(verdict) -> str:
    """The emoji-free verdict badge: ``**REFUTED**``."""
    return f"**{getattr(verdict, 'value', verdict)}**"


def badge_line(a: Assessment) -> str:
    """The verdict badge and what it was reached on: ``**CERTIFIED** on 9 instances``."""
    rest = a.label[len(a.verdict.value):]
    lead = rest[:len(rest) - len(rest.lstrip(": "))]
    return badge(a.verdict) + lead + escape(rest[len(lead):])


def anchor(claim_id: str) -> str:
    return "claim-" + re.sub(r"[^A-Za-z0-9_-]+", "-", claim_id).strip("-").lower()


def table(header: list[str], rows: list[list[str]]) -> list[str]:
    """Table lines; cells must already be escaped."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


def render(report: Report, title: str = TITLE) -> str:
    """The whole report.md."""
    parts = [_head(report, title), legend(), findings(report), _summary(report),
             _figures(report), _claims_table(report), _details(report), _settings(report)]
    return "\n\n".join(p for p in parts if p) + "\n"


def _head(report: Report, title: str) -> str:
    n = len(report.assessments)
    line = f"# {escape(title)}\n\ndpproof {escape(report.version or '?')}, {n} claim" \
           f"{'' if n == 1 else 's'}."
    if report.partial:
        line += ("\n\n> **PARTIAL**: the run was interrupted; the claims it did not "
                 "decide are INCONCLUSIVE, *not run*.")
    if report.soundness_failures:
        line += ("\n\n> **INTERNAL SOUNDNESS FAILURE**: engines contradicted each other on "
                 + ", ".join(code(i) for i in report.soundness_failures)
                 + "; these claims are ERROR with both pieces of evidence below.")
    return line


def _settings(report: Report) -> str:
    items = common.settings_items(report.settings)
    if not items:
        return ""
    return "\n".join(["## Run settings", ""] +
                     table(["setting", "value"], [[code(k), cell(v)] for k, v in items]))


def _summary(report: Report) -> str:
    counts = report.counts()
    used = common.used_verdicts(report)
    extents = common.counts_by_extent(report)
    rows = [[badge(v), str(counts[v.value])] + [str(extents[v.value][e]) for e in common.EXTENTS]
            for v in used]
    rows.append(["total", str(len(report.assessments))]
                + [str(sum(extents[v.value][e] for v in used)) for e in common.EXTENTS])
    lines = ["## Summary", ""] + table(["verdict", "claims", *common.EXTENTS], rows)
    by_source = common.counts_by_source(report)
    if by_source:
        header = ["source"] + [v.value for v in used] + ["total"]
        srows = [[cell(src)] + [str(row[v.value]) for v in used] + [str(sum(row.values()))]
                 for src, row in by_source.items()]
        lines += ["", "### By source", ""] + table(header, srows)
    return "\n".join(lines)


def _claims_table(report: Report) -> str:
    rows = [[f"[{code(a.id)}](#{anchor(a.id)})", cell(common.source_line(a.claim.source)),
             badge_line(a), cell(reading.short_scope(a, TABLE_SCOPE)[0])]
            for a in report.assessments]
    return "\n".join(["## Claims", ""] + table(["id", "source", "verdict", "scope"], rows))


def legend() -> str:
    """The seven verdicts and what each promises."""
    rows = [[badge(v), escape(text)] for v, text in reading.LEGEND]
    return "\n".join(["## Verdicts", ""] + table(["verdict", "what it promises"], rows))


def findings(report: Report) -> str:
    """Every refuted claim per source: what it says, where it fails, what repairs it."""
    found = reading.findings(report)
    lines = ["## Findings", ""]
    if not found:
        return "\n".join(lines + ["No claim is refuted."])
    n = sum(len(v) for v in found.values())
    lines.append(f"{n} claim{'' if n == 1 else 's'} refuted: what each says, a witness inside "
                 "its domain as written where the violation is certified, and its repair.")
    for source, items in found.items():
        lines += ["", f"### {escape(source)} ({len(items)} refuted)"]
        for f in items:
            lines += ["", *finding_lines(f)]
    return "\n".join(lines)


def finding_lines(f: reading.Finding) -> list[str]:
    a = f.assessment
    c = a.claim
    out = [f"#### [{code(a.id)}](#{anchor(a.id)}): {escape(c.source.locator or source_key(c))}",
           "", f"- **Says:** {code(f.statement)} on {code(str(c.domain))}",
           f"- **Fails at:** {code(f.witness or '?')}; certified violation (margin): "
           f"{code(f.violation or '?')}"]
    if f.flaw:
        out.append(f"- **Flaw:** {escape(f.flaw)}")
    if f.region:
        out.append(f"- **Where it holds:** {escape(f.region)}")
    if f.repaired is not None:
        fix = f.repaired
        scope = reading.short_scope(fix, TABLE_SCOPE)[0]
        out.append(f"- **Repaired by** [{code(fix.id)}](#{anchor(fix.id)}): "
                   f"{code(reading.corrected_line(fix))}: {badge_line(fix)}"
                   + (f" ({escape(scope)})" if scope else ""))
    else:
        out.append("- **Repaired by:** no repaired claim in this report")
    return out


def source_key(claim) -> str:
    return common.source_key(claim.source)


def _figures(report: Report) -> str:
    """The figures tied to no claim (the verdict chart); the others sit with their claim."""
    figs = common.loose_figures(report)
    return "\n".join(line for i, f in figs for line in ["", *_figure(i, f)]).strip()


def _figure(i: int, f: dict) -> list[str]:
    title = f["title"] or f["path"]
    tied = ", ".join(code(c) for c in f["claims"])
    return [f"**Figure {i}.** {escape(title)}" + (f" ({tied})" if tied else ""), "",
            f"![{escape(title)}]({f['path'].replace(' ', '%20')})"]


def _details(report: Report) -> str:
    blocks = [details_block(a, report) for a in report.assessments]
    return "\n\n".join(["## Evidence"] + blocks) if blocks else ""


def details_block(a: Assessment, report: Report | None = None) -> str:
    """One claim as a collapsible block (open for refuted and erroneous claims)."""
    is_open = " open" if a.verdict.value in ("REFUTED", "ERROR") else ""
    summary = (f"<code>{html.escape(a.id)}</code>: <b>{a.verdict.value}</b>"
               f"{html.escape(a.label[len(a.verdict.value):])} "
               f"({html.escape(common.source_line(a.claim.source))})")
    return "\n".join([f'<a id="{anchor(a.id)}"></a>', f"<details{is_open}>",
                      f"<summary>{summary}</summary>", "", assessment_body(a, report), "",
                      "</details>"])


def assessment_body(a: Assessment, report: Report | None = None) -> str:
    """Statement, domain, verdict, witness, repair and figures of one claim as written, then
    the derivation: its parsed form and every engine's evidence."""
    c = a.claim
    written, parsed = reading.written_statement(c)
    lines = [f"- **Statement:** {code(written)}",
             f"- **Domain:** {code(str(c.domain))}",
             f"- **Kind:** {c.kind.value}",
             f"- **Source:** {escape(str(c.source))}"]
    if c.source.note and c.source.note not in str(c.source):
        lines.append(f"- **Source note:** {escape(c.source.note)}")
    lines.append(f"- **Verdict:** {badge_line(a)} ({common.seconds_text(a.seconds)})")
    scope, cut = reading.short_scope(a, DETAIL_SCOPE)
    lines.append(f"- **Scope:** {escape(scope) or '-'}"
                 + (" (the whole scope is in report.json)" if cut else ""))
    lines += _optional_lines(a)
    if report is not None:
        lines += _claim_figures(a, report)
    lines += ["", "**Derivation** (the engines' evidence, in their own forms):", ""]
    if parsed:
        lines += [f"- **Parsed form:** {code(parsed)}", ""]
    lines += evidence_table(a)
    lines += _data_lines(a)
    return "\n".join(lines)


def _optional_lines(a: Assessment) -> list[str]:
    out = []
    c = a.claim
    if a.soundness_failure:
        out.append("- **Internal soundness failure:** engines contradict each other; "
                   "both pieces of evidence are listed below")
    if a.witness:
        out.append(f"- **Witness:** {code(common.witness_text(a.witness, c))}; certified "
                   f"violation (margin): {code(common.violation(a) or '?')}")
    for label, text in (("Repair", reading.notation(a.repair, c.domain)),
                        ("Certified map", common.regions_summary(a)),
                        ("Flaw", reading.flaw(c)), ("Note", reading.user_note(c)),
                        ("Reason", c.reason if c.reason != a.scope else "")):
        if text:
            out.append(f"- **{label}:** {escape(text)}")
    tree = common.proof_tree(a)
    if tree is not None:
        out.append("- **Proof over every law** (each rule, each pointwise premise with its "
                   "own verdict):")
        out += ["  " + escape(line) for line in common.proof_lines(tree)]
    if c.steps:
        out.append("- **Steps:** " + ", ".join(f"[{code(s.id)}](#{anchor(s.id)})"
                                               for s in c.steps))
    return out


def evidence_table(a: Assessment) -> list[str]:
    if not a.evidence:
        return ["No engine evidence."]
    dom = a.claim.domain
    rows = [[code(e.engine), badge(e.verdict), common.seconds_text(e.seconds),
             cell(reading.notation(e.detail, dom)), cell(reading.notation(e.scope, dom))]
            for e in a.evidence]
    return table(["engine", "verdict", "seconds", "detail", "scope"], rows)


def _data_lines(a: Assessment) -> list[str]:
    lines = []
    for e in a.evidence:
        items = common.data_items(e.data)
        if items:
            text = "; ".join(f"{escape(k)} {code(v)}" for k, v in items)
            lines.append(f"- {code(e.engine)}: {text}")
        if e.witness and e.witness != a.witness:
            shown = common.witness_text(e.witness, a.claim)
            lines.append(f"- {code(e.engine)} witness: {code(shown)}"
                         f", certified violation {code(e.violation)}")
        if e.data.get("traceback"):
            lines += ["", f"{code(e.engine)} traceback:", "", "```text",
                      str(e.data["traceback"]).rstrip().replace("```", "'''"), "```"]
    return lines if not lines or lines[0] == "" else [""] + lines


def _claim_figures(a: Assessment, report: Report) -> list[str]:
    """The figures shown with this claim (each figure once, at its first claim), and links
    to those shown with an earlier one."""
    here = common.placed_figures(report).get(a.id, [])
    shown = {i for i, _ in here}
    out = [line for i, f in here for line in ["", *_figure(i, f)]]
    elsewhere = [(i, f) for i, f in common.figures_of(report, a.id) if i not in shown]
    if elsewhere:
        links = ", ".join(f"[Figure {i}]({f['path'].replace(' ', '%20')})" for i, f in elsewhere)
        out += ["", f"Figures: {links}"]
    return out
