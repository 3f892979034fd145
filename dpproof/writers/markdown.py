"""report.md: the human-readable report as GitHub-flavoured Markdown.

Title, run settings, counts by verdict and by source, a table of all claims, then one
``<details>`` block per claim with statement, domain, witness and certified violation,
repair, and every engine's evidence.  User text is escaped (``|`` in table cells).
"""

from __future__ import annotations

import html
import re

from ..evidence import Assessment, Report
from . import common

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#])")
TITLE = "dpproof verification report"


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
    return badge(a.verdict) + (rest[0] + escape(rest[1:]) if rest else "")


def anchor(claim_id: str) -> str:
    return "claim-" + re.sub(r"[^A-Za-z0-9_-]+", "-", claim_id).strip("-").lower()


def table(header: list[str], rows: list[list[str]]) -> list[str]:
    """Table lines; cells must already be escaped."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


def render(report: Report, title: str = TITLE) -> str:
    """The whole report.md."""
    parts = [_head(report, title), _settings(report), _summary(report), _claims_table(report),
             _figures(report), _details(report)]
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
             badge_line(a), cell(common.scope_text(a))] for a in report.assessments]
    return "\n".join(["## Claims", ""] + table(["id", "source", "verdict", "scope"], rows))


def _figures(report: Report) -> str:
    figs = common.figures(report)
    if not figs:
        return ""
    lines = ["## Figures"]
    for i, f in enumerate(figs, 1):
        title = f["title"] or f["path"]
        tied = ", ".join(code(c) for c in f["claims"])
        lines += ["", f"**Figure {i}.** {escape(title)}" + (f" ({tied})" if tied else ""),
                  "", f"![{escape(title)}]({f['path'].replace(' ', '%20')})"]
    return "\n".join(lines)


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
    """Statement, domain, verdict, witness, repair, evidence and figures of one claim."""
    c = a.claim
    lines = [f"- **Statement:** {code(common.statement_text(c))}",
             f"- **Domain:** {code(str(c.domain))}",
             f"- **Kind:** {c.kind.value}",
             f"- **Source:** {escape(str(c.source))}"]
    if c.source.note and c.source.note not in str(c.source):
        lines.append(f"- **Source note:** {escape(c.source.note)}")
    lines.append(f"- **Verdict:** {badge_line(a)} ({common.seconds_text(a.seconds)})")
    lines.append(f"- **Scope:** {escape(common.scope_text(a)) or '-'}")
    lines += _optional_lines(a)
    lines += ["", *evidence_table(a)]
    lines += _data_lines(a)
    if report is not None:
        lines += _claim_figures(a, report)
    return "\n".join(lines)


def _optional_lines(a: Assessment) -> list[str]:
    out = []
    if a.soundness_failure:
        out.append("- **Internal soundness failure:** engines contradict each other; "
                   "both pieces of evidence are listed below")
    if a.witness:
        out.append(f"- **Witness:** {code(common.witness_text(a.witness, a.claim))}; certified "
                   f"violation (margin): {code(common.violation(a) or '?')}")
    for label, text in (("Repair", a.repair), ("Certified map", common.regions_summary(a)),
                        ("Note", a.claim.note),
                        ("Reason", a.claim.reason if a.claim.reason != a.scope else "")):
        if text:
            out.append(f"- **{label}:** {escape(text)}")
    if a.claim.steps:
        out.append("- **Steps:** " + ", ".join(f"[{code(s.id)}](#{anchor(s.id)})"
                                               for s in a.claim.steps))
    return out


def evidence_table(a: Assessment) -> list[str]:
    if not a.evidence:
        return ["No engine evidence."]
    rows = [[code(e.engine), badge(e.verdict), common.seconds_text(e.seconds), cell(e.detail),
             cell(e.scope)] for e in a.evidence]
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
    figs = common.figures_of(report, a.id)
    if not figs:
        return []
    links = ", ".join(f"[Figure {i}]({f['path'].replace(' ', '%20')})" for i, f in figs)
    return ["", f"Figures: {links}"]
