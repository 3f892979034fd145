"""report.html: the report as one self-contained page (inline CSS, figures as base64 PNG).

The content of report.md (legend, findings, summary, claims, evidence) for people who would
rather look than read: every figure sits inside its claim's block, with its witness marked.
``render(report, folders)`` reads the figures' PNG files from the first folder holding them.
"""

from __future__ import annotations

import base64
import html
from pathlib import Path

from ..evidence import Assessment, Report
from . import common, reading
from .markdown import DETAIL_SCOPE, TABLE_SCOPE, TITLE, anchor

_CSS = """
body{font-family:system-ui,sans-serif;max-width:72rem;margin:auto;padding:1rem;line-height:1.4}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ccc;padding:.2rem .4rem;
vertical-align:top;text-align:left}code{background:#f4f4f4;padding:0 .2rem;word-break:break-word}
.v{font-weight:bold;font-family:sans-serif}.finding{border-left:4px solid #b71c1c;
padding:.2rem .8rem;margin:.8rem 0}figure{margin:.8rem 0}figure img{max-width:100%}
figcaption{font-size:.9rem;color:#444}details{margin:.6rem 0;border-top:1px solid #ddd}
summary{cursor:pointer;padding:.3rem 0}dt{font-weight:bold}dd{margin:0 0 .3rem 1.5rem}
.banner{background:#fdecea;padding:.5rem;border:1px solid #b71c1c}
"""
_COLOURS = {"PROVED": "#1B7A2E", "CERTIFIED": "#2E7D32", "REFUTED": "#B71C1C",
            "SUPPORTED": "#1565C0", "INCONCLUSIVE": "#E65100", "NOT_CHECKABLE": "#616161",
            "ERROR": "#6A1B9A"}


def e(text: object) -> str:
    return html.escape(str(text))


def c(text: object) -> str:
    return f"<code>{e(text)}</code>"


def badge(verdict) -> str:
    name = getattr(verdict, "value", verdict)
    return f'<span class="v" style="color:{_COLOURS.get(name, "#000")}">{e(name)}</span>'


def badge_line(a: Assessment) -> str:
    return badge(a.verdict) + e(a.label[len(a.verdict.value):])


def link(claim_id: str) -> str:
    return f'<a href="#{anchor(claim_id)}">{c(claim_id)}</a>'


def table(header: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{h}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{x}</td>" for x in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def render(report: Report, folders: tuple = (), title: str = TITLE) -> str:
    """The whole report.html; figures are read from ``folders`` (first hit wins)."""
    figs = _Figures(tuple(Path(f) for f in folders))
    parts = [_head(report, title), _legend(), _findings(report), _summary(report),
             "".join(figs.show(i, f) for i, f in common.loose_figures(report)),
             _claims(report), _details(report, figs), _settings(report)]
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{e(title)}</title><style>{_CSS}</style></head><body>\n"
            + "\n".join(p for p in parts if p) + "\n</body></html>\n")


def _head(report: Report, title: str) -> str:
    n = len(report.assessments)
    out = [f"<h1>{e(title)}</h1>",
           f"<p>dpproof {e(report.version or '?')}, {n} claim{'' if n == 1 else 's'}.</p>"]
    if report.partial:
        out.append('<p class="banner"><b>PARTIAL</b>: the run was interrupted; the claims it '
                   "did not decide are INCONCLUSIVE, &ldquo;not run&rdquo;.</p>")
    if report.soundness_failures:
        out.append('<p class="banner"><b>INTERNAL SOUNDNESS FAILURE</b>: engines contradicted '
                   "each other on " + ", ".join(link(i) for i in report.soundness_failures)
                   + "; these claims are ERROR with both pieces of evidence below.</p>")
    return "\n".join(out)


def _legend() -> str:
    return "<h2>Verdicts</h2>" + table(["verdict", "what it promises"],
                                       [[badge(v), e(t)] for v, t in reading.LEGEND])


def _findings(report: Report) -> str:
    found = reading.findings(report)
    if not found:
        return "<h2>Findings</h2><p>No claim is refuted.</p>"
    n = sum(len(v) for v in found.values())
    out = ["<h2>Findings</h2>", f"<p>{n} claim{'' if n == 1 else 's'} refuted: what each "
           "says, a witness inside its domain as written where the violation is certified, "
           "and its repair.</p>"]
    for source, items in found.items():
        out.append(f"<h3>{e(source)} ({len(items)} refuted)</h3>")
        out += [_finding(f) for f in items]
    return "\n".join(out)


def _finding(f: reading.Finding) -> str:
    a = f.assessment
    rows = [("Says", f"{c(f.statement)} on {c(a.claim.domain)}"),
            ("Fails at", f"{c(f.witness or '?')}; certified violation (margin): "
                         f"{c(f.violation or '?')}")]
    if f.flaw:
        rows.append(("Flaw", e(f.flaw)))
    if f.region:
        rows.append(("Where it holds", e(f.region)))
    if f.repaired is not None:
        scope = reading.short_scope(f.repaired, TABLE_SCOPE)[0]
        rows.append(("Repaired by", f"{link(f.repaired.id)}: "
                     f"{c(reading.corrected_line(f.repaired))}: {badge_line(f.repaired)}"
                     + (f" ({e(scope)})" if scope else "")))
    else:
        rows.append(("Repaired by", "no repaired claim in this report"))
    where = e(a.claim.source.locator or common.source_key(a.claim.source))
    return (f'<div class="finding"><h4>{link(a.id)}: {where}</h4><dl>'
            + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in rows) + "</dl></div>")


def _summary(report: Report) -> str:
    counts, used = report.counts(), common.used_verdicts(report)
    extents = common.counts_by_extent(report)
    rows = [[badge(v), str(counts[v.value])] + [str(extents[v.value][x]) for x in common.EXTENTS]
            for v in used]
    rows.append(["total", str(len(report.assessments))]
                + [str(sum(extents[v.value][x] for v in used)) for x in common.EXTENTS])
    out = ["<h2>Summary</h2>", table(["verdict", "claims", *common.EXTENTS], rows)]
    by_source = common.counts_by_source(report)
    if by_source:
        srows = [[e(s)] + [str(r[v.value]) for v in used] + [str(sum(r.values()))]
                 for s, r in by_source.items()]
        out += ["<h3>By source</h3>",
                table(["source"] + [badge(v) for v in used] + ["total"], srows)]
    return "\n".join(out)


def _claims(report: Report) -> str:
    rows = [[link(a.id), e(common.source_line(a.claim.source)), badge_line(a),
             e(reading.short_scope(a, TABLE_SCOPE)[0])] for a in report.assessments]
    return "<h2>Claims</h2>" + table(["id", "source", "verdict", "scope"], rows)


def _details(report: Report, figs: "_Figures") -> str:
    if not report.assessments:
        return ""
    return "<h2>Evidence</h2>\n" + "\n".join(_block(a, report, figs) for a in report.assessments)


def _block(a: Assessment, report: Report, figs: "_Figures") -> str:
    cl = a.claim
    written, parsed = reading.written_statement(cl)
    scope, cut = reading.short_scope(a, DETAIL_SCOPE)
    rows = [("Statement", c(written)), ("Domain", c(cl.domain)), ("Kind", e(cl.kind.value)),
            ("Source", e(cl.source)),
            ("Verdict", f"{badge_line(a)} ({e(common.seconds_text(a.seconds))})"),
            ("Scope", e(scope or "-") + (" (the whole scope is in report.json)" if cut else ""))]
    if cl.source.note and cl.source.note not in str(cl.source):
        rows.insert(4, ("Source note", e(cl.source.note)))
    if a.soundness_failure:
        rows.append(("Internal soundness failure", "engines contradict each other; both "
                     "pieces of evidence are listed below"))
    if a.witness:
        rows.append(("Witness", f"{c(common.witness_text(a.witness, cl))}; certified violation "
                                f"(margin): {c(common.violation(a) or '?')}"))
    for label, text in (("Repair", reading.notation(a.repair, cl.domain)),
                        ("Certified map", common.regions_summary(a)), ("Flaw", reading.flaw(cl)),
                        ("Note", reading.user_note(cl)),
                        ("Reason", cl.reason if cl.reason != a.scope else "")):
        if text:
            rows.append((label, e(text)))
    if cl.steps:
        rows.append(("Steps", ", ".join(link(s.id) for s in cl.steps)))
    shown = common.placed_figures(report).get(a.id, [])
    elsewhere = [i for i, _ in common.figures_of(report, a.id) if i not in {j for j, _ in shown}]
    if elsewhere:
        rows.append(("Figures", ", ".join(f'<a href="#figure-{i}">Figure {i}</a>'
                                          for i in elsewhere)))
    is_open = " open" if a.verdict.value in ("REFUTED", "ERROR") else ""
    summary = (f"{c(a.id)}: {badge_line(a)} ({e(common.source_line(cl.source))})")
    body = ("<dl>" + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in rows) + "</dl>"
            + "".join(figs.show(i, f) for i, f in shown) + _derivation(a, parsed))
    return (f'<details id="{anchor(a.id)}"{is_open}><summary>{summary}</summary>'
            f"{body}</details>")


def _derivation(a: Assessment, parsed: str) -> str:
    out = ["<p><b>Derivation</b> (the engines' evidence, in their own forms):</p>"]
    if parsed:
        out.append(f"<p>Parsed form: {c(parsed)}</p>")
    if not a.evidence:
        return "".join(out) + "<p>No engine evidence.</p>"
    dom = a.claim.domain
    rows = [[c(x.engine), badge(x.verdict), e(common.seconds_text(x.seconds)),
             e(reading.notation(x.detail, dom)), e(reading.notation(x.scope, dom))]
            for x in a.evidence]
    out.append(table(["engine", "verdict", "seconds", "detail", "scope"], rows))
    for x in a.evidence:
        items = common.data_items(x.data)
        if items:
            out.append(f"<p>{c(x.engine)}: " + "; ".join(f"{e(k)} {c(v)}" for k, v in items)
                       + "</p>")
        if x.witness and x.witness != a.witness:
            out.append(f"<p>{c(x.engine)} witness: {c(common.witness_text(x.witness, a.claim))}"
                       f", certified violation {c(x.violation)}</p>")
        if x.data.get("traceback"):
            out.append(f"<pre>{e(str(x.data['traceback']).rstrip())}</pre>")
    return "".join(out)


def _settings(report: Report) -> str:
    items = common.settings_items(report.settings)
    if not items:
        return ""
    return "<h2>Run settings</h2>" + table(["setting", "value"],
                                           [[c(k), e(v)] for k, v in items])


class _Figures:
    """Figures as inline base64 PNG images read from the first folder holding them."""

    def __init__(self, folders: tuple[Path, ...]):
        self.folders = folders

    def show(self, i: int, f: dict) -> str:
        title = f["title"] or f["path"]
        tied = ", ".join(c(x) for x in f["claims"])
        caption = f"<figcaption>Figure {i}. {e(title)}" + (f" ({tied})" if tied else "") \
            + "</figcaption>"
        data = self._png(f["path"])
        img = (f'<img alt="{e(title)}" src="data:image/png;base64,{data}">' if data
               else f"<p>missing figure {c(f['path'])}</p>")
        return f'<figure id="figure-{i}">{img}{caption}</figure>'

    def _png(self, path: str) -> str:
        rel = Path(path)
        if rel.is_absolute() or ".." in rel.parts:
            return ""
        rel = rel.with_suffix(".png")
        for folder in self.folders:
            if (folder / rel).is_file():
                return base64.b64encode((folder / rel).read_bytes()).decode("ascii")
        return ""
