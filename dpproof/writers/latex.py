"""report.tex: a standalone LaTeX document (``render``) or an includable section
(``render_fragment``) of the verification report.

Statements are typeset from their sympy form; all user text is escaped (``escape``).
Only base/recommended packages are used: amsmath, amssymb, booktabs, longtable, graphicx,
xcolor, geometry, hyperref.  Figures are the files listed in ``settings["figures"]``,
relative to the output directory (prefix ``\\dpproofdir`` when included from elsewhere).
"""

from __future__ import annotations

import re

import sympy

from ..claims import Claim
from ..evidence import Assessment, Report
from . import common, reading
from .latex_text import (LONG_MATH, breakable, display, escape, expr_tex,  # noqa: F401
                         relation_tex, says_tex, tt, wrap)

COLOURS = {"PROVED": "1B7A2E", "CERTIFIED": "2E7D32", "REFUTED": "B71C1C",
           "SUPPORTED": "1565C0", "INCONCLUSIVE": "E65100", "NOT_CHECKABLE": "616161",
           "ERROR": "6A1B9A"}
_UNSAFE_PATH = re.compile(r"[\s%#{}\\~$&^]")
DETAIL_SCOPE = 400   # characters of a scope in a claim's section (report.json keeps it all)
TITLE = "dpproof verification report"


def verdict_line_tex(a) -> str:
    """The verdict and what it was reached on: ``CERTIFIED on 9 instances``."""
    rest = a.label[len(a.verdict.value):]
    lead = rest[:len(rest) - len(rest.lstrip(": "))]
    return verdict_tex(a.verdict) + lead + wrap(rest[len(lead):])


def verdict_tex(verdict) -> str:
    name = getattr(verdict, "value", verdict)
    return rf"\dpverdict{{{name.lower().replace('_', '')}}}{{{escape(name)}}}"


def statement_tex(claim: Claim) -> str:
    """The statement typeset; hypotheses as 'If ..., then'.  A claims file's statement is
    shown as written (its parsed form belongs to the derivation)."""
    st = claim.statement
    if st is None and claim.proof is not None:   # over every law: the calculus' conclusion
        return r"\begin{flushleft}" + tt(common.statement_text(claim)) + r"\end{flushleft}"
    if st is None:
        return r"\emph{No statement: cited claim.}"
    written, parsed = reading.written_statement(claim)
    if parsed:
        return r"\begin{flushleft}" + tt(written) + r"\end{flushleft}"
    main = display(relation_tex(st))
    if not st.hypotheses:
        return main
    hyps = ", and ".join(f"${relation_tex(h)}$" for h in st.hypotheses)
    return f"If {hyps}, then\n{main}"


def parameter_tex(name: str, iv, integers: bool = True) -> str:
    """One parameter's range in math mode, no delimiters: ``x = 1`` or ``x \\in (0, 1]``,
    with ``\\cap \\mathbb{Z}`` on an integer range when ``integers``."""
    sym = sympy.latex(sympy.Symbol(name))
    if iv.is_point:
        return f"{sym} = {sympy.latex(iv.lo)}"
    lo = r"-\infty" if iv.lo is None else sympy.latex(iv.lo)
    hi = r"\infty" if iv.hi is None else sympy.latex(iv.hi)
    left, right = ("(" if iv.lo_open else "["), (")" if iv.hi_open else "]")
    ints = r" \cap \mathbb{Z}" if integers and iv.integer else ""
    return f"{sym} \\in {left}{lo}, {hi}{right}{ints}"


def domain_tex(claim: Claim) -> str:
    if not claim.domain.params:
        return "no parameters"
    return ", ".join(f"${parameter_tex(name, iv)}$" for name, iv in claim.domain.params)


def witness_tex(witness: dict[str, str] | None, claim: Claim | None = None) -> str:
    """``eps = 0.625, delta = 0.996``; with a claim, its derived source parameters follow."""
    if not witness:
        return ""
    text = ", ".join(f"${sympy.latex(sympy.Symbol(k))} = {{}}$" + tt(v)
                     for k, v in witness.items())
    derived = claim.derived_values(witness) if claim is not None else ()
    if derived:
        text += " (" + ", ".join(f"{escape(k)} = {tt(v)}" for k, v in derived) + ")"
    return text


def assumptions_tex(claim: Claim) -> str:
    """The sign/integer assumptions the domain gives each symbol (what sympy may use)."""
    out = []
    for name, sym in claim.domain.symbols().items():
        facts = [k for k in ("integer", "positive", "negative", "nonnegative", "nonpositive")
                 if sym.assumptions0.get(k)][:2 if sym.assumptions0.get("integer") else 1]
        out.append(f"${sympy.latex(sym)}$ real" + "".join(f", {f}" for f in facts))
    return "; ".join(out)


class _Levels:
    """Sectioning commands: standalone uses section/subsection, a fragment one level down."""

    def __init__(self, fragment: bool):
        self.part = "subsection" if fragment else "section"
        self.claim = "subsubsection" if fragment else "subsection"
        self.prefix = "dpproof-" if fragment else ""


def _claim_label(levels: _Levels, index: int) -> str:
    return f"{levels.prefix}claim-{index}"


def _heading(cmd: str, text_tex: str, plain: str, label: str = "") -> str:
    lab = rf"\label{{{label}}}" if label else ""
    if text_tex != escape(plain):
        text_tex = rf"\texorpdfstring{{{text_tex}}}{{{escape(plain)}}}"
    return rf"\{cmd}{{{text_tex}}}{lab}"


def _summary(report: Report, lv: _Levels) -> list[str]:
    counts, used = report.counts(), common.used_verdicts(report)
    extents = common.counts_by_extent(report)
    rows = [rf"{verdict_tex(v)} & {counts[v.value]} & "
            + " & ".join(str(extents[v.value][e]) for e in common.EXTENTS) + r" \\"
            for v in used]
    totals = " & ".join(str(sum(extents[v.value][e] for v in used)) for e in common.EXTENTS)
    head = " & ".join(["Verdict", "Claims"] + [e[0].upper() + e[1:] for e in common.EXTENTS])
    out = [_heading(lv.part, "Summary", "Summary"),
           rf"\begin{{center}}\begin{{tabular}}{{lrrrr}}\toprule {head} \\ \midrule",
           *rows, rf"\midrule Total & {len(report.assessments)} & {totals} \\ \bottomrule",
           r"\end{tabular}\end{center}"]
    by_source = common.counts_by_source(report)
    if by_source and used:
        cols = "l" + "r" * (len(used) + 1)
        head = " & ".join([r"Source"] + [r"\rotatebox{90}{\scriptsize " + verdict_tex(v) + "}"
                                          for v in used] + ["Total"])
        out += [r"\begin{small}\setlength{\tabcolsep}{4pt}",
                rf"\begin{{longtable}}{{{cols}}}\toprule {head} \\",
                r"\midrule\endhead"]
        for src, row in by_source.items():
            cells = [tt(src)] + [str(row[v.value]) for v in used] + [str(sum(row.values()))]
            out.append(" & ".join(cells) + r" \\")
        out += [r"\bottomrule\end{longtable}\end{small}"]
    return out


def _claims_table(report: Report, lv: _Levels) -> list[str]:
    out = [r"\begin{small}\begin{longtable}{p{0.36\linewidth}p{0.28\linewidth}"
           r"p{0.28\linewidth}}",
           r"\toprule Claim & Source & Verdict \\ \midrule\endfirsthead",
           r"\toprule Claim & Source & Verdict \\ \midrule\endhead",
           r"\bottomrule\endfoot"]
    for i, a in enumerate(report.assessments):
        ref = rf"\hyperref[{_claim_label(lv, i)}]{{{tt(a.id)}}}"
        out.append(rf"\dprr {ref} & \dprr {wrap(common.source_line(a.claim.source))} & "
                   rf"\dprr {verdict_line_tex(a)} \\")
    out.append(r"\end{longtable}\end{small}")
    return out


def _claim_section(a: Assessment, index: int, report: Report, lv: _Levels) -> list[str]:
    c = a.claim
    out = [_heading(lv.claim, tt(c.id), c.id, _claim_label(lv, index)),
           rf"\noindent {verdict_line_tex(a)}\quad {wrap(str(c.source))}", "",
           statement_tex(c), r"\begin{description}\itemsep0pt",
           rf"\item[Domain] {domain_tex(c)}"]
    if c.domain.params:
        out.append(rf"\item[Assumptions] {assumptions_tex(c)}")
    out.append(rf"\item[Kind] {escape(c.kind.value)}")
    for label, text in (("Source note", c.source.note if c.source.note not in str(c.source)
                         else ""), ("Flaw", reading.flaw(c)), ("Note", reading.user_note(c)),
                        ("Reason", c.reason)):
        if text:
            out.append(rf"\item[{label}] {wrap(text)}")
    scope, cut = reading.short_scope(a, DETAIL_SCOPE)
    out.append(rf"\item[Verdict] {verdict_line_tex(a)} in "
               rf"{escape(common.seconds_text(a.seconds))}; scope: {wrap(scope or '-')}"
               + (" (the whole scope is in report.json)" if cut else ""))
    if a.witness:
        out.append(rf"\item[Witness] {witness_tex(a.witness, c)}; certified violation "
                   rf"(margin) {tt(common.violation(a) or '?')}")
    for label, text in (("Repair", reading.notation(a.repair, c.domain)),
                        ("Certified map", common.regions_summary(a))):
        if text:
            out.append(rf"\item[{label}] {wrap(text)}")
    if c.steps:
        steps = ", ".join(tt(s.id) for s in c.steps)
        out.append(rf"\item[Steps] {steps}")
    here = common.placed_figures(report).get(a.id, [])
    elsewhere = [i for i, _ in common.figures_of(report, a.id) if i not in {j for j, _ in here}]
    if elsewhere:
        refs = ", ".join(rf"Figure~\ref{{{lv.prefix}fig-{i}}} (p.~\pageref{{{lv.prefix}fig-{i}}})"
                         for i in elsewhere)
        out.append(rf"\item[Figures] {refs}")
    out.append(r"\end{description}")
    for i, f in here:
        out += _figure(i, f, lv)
    return out + _evidence(a)


def _evidence(a: Assessment) -> list[str]:
    """The derivation: the parsed form of a statement given as text, and every engine's
    evidence in its own (possibly rewritten) forms."""
    head = [r"\noindent\textbf{Derivation} {\small (the engines' evidence, in their own "
            r"forms)}"]
    written, parsed = reading.written_statement(a.claim)
    if parsed:
        head += ["", r"\noindent{\small Parsed form: " + tt(parsed) + "}"]
    if not a.evidence:
        return head + ["", r"\noindent\emph{No engine evidence.}", ""]
    dom = a.claim.domain
    out = head + [r"\begin{itemize}\itemsep0pt\small"]
    for e in a.evidence:
        line = (rf"\item {tt(e.engine)}: {verdict_tex(e.verdict)} "
                rf"({escape(common.seconds_text(e.seconds))}). "
                rf"{wrap(_sentence(reading.notation(e.detail, dom)))}")
        if e.scope:
            line += f" Scope: {wrap(reading.notation(e.scope, dom))}."
        if e.witness:
            line += (f" Witness {witness_tex(e.witness)}, certified violation "
                     f"{tt(e.violation)}.")
        items = common.data_items(e.data)
        if items:
            line += r" Data: " + "; ".join(f"{escape(k)} {tt(v)}" for k, v in items) + "."
        out.append(line)
    return out + [r"\end{itemize}", ""]


def _sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text[-1] in ".!?" else text + "."


def _figure(i: int, f: dict, lv: _Levels) -> list[str]:
    """A figure where it stands (not a float): on the page of its claim or the next."""
    claims = f" (claims: {', '.join(tt(c) for c in f['claims'])})" if f["claims"] else ""
    return [r"\par\noindent\begin{minipage}{\linewidth}\centering", _graphic(f["path"]),
            rf"\dpfigcaption{{{wrap(f['title'] or f['path'])}{claims}}}"
            rf"\label{{{lv.prefix}fig-{i}}}", r"\end{minipage}\par\medskip"]


def _figures(report: Report, lv: _Levels) -> list[str]:
    """The figures tied to no claim (the verdict chart), after the summary."""
    out = []
    for i, f in common.loose_figures(report):
        out += _figure(i, f, lv)
    return out


def _graphic(path: str) -> str:
    """\\includegraphics of the PDF version if present, else the file itself."""
    if _UNSAFE_PATH.search(path):
        return r"\fbox{figure file name not typesettable: " + tt(path) + "}"
    stem = path.rsplit(".", 1)[0] if "." in path.rsplit("/", 1)[-1] else path
    opts = r"width=0.8\linewidth,height=0.33\textheight,keepaspectratio"
    inc = lambda p: rf"\includegraphics[{opts}]{{\dpproofdir {p}}}"  # noqa: E731
    missing = r"\fbox{missing figure " + tt(path) + "}"
    return (rf"\IfFileExists{{\dpproofdir {stem}.pdf}}{{{inc(stem + '.pdf')}}}"
            rf"{{\IfFileExists{{\dpproofdir {path}}}{{{inc(path)}}}{{{missing}}}}}")


def _legend(lv: _Levels) -> list[str]:
    """The seven verdicts and what each promises (page 1)."""
    rows = [rf"\dprr {verdict_tex(v)} & \dprr {escape(t)} \\" for v, t in reading.LEGEND]
    return [_heading(lv.part, "Verdicts", "Verdicts"),
            r"\begin{small}\begin{longtable}{p{0.2\linewidth}p{0.74\linewidth}}",
            r"\toprule Verdict & What it promises \\ \midrule", *rows,
            r"\bottomrule\end{longtable}\end{small}"]


def _findings(report: Report, lv: _Levels) -> list[str]:
    """Every refuted claim per source: what it says, where it fails, what repairs it."""
    found = reading.findings(report)
    out = [_heading(lv.part, "Findings", "Findings")]
    if not found:
        return out + ["No claim is refuted.", ""]
    index = {a.id: i for i, a in enumerate(report.assessments)}
    n = sum(len(v) for v in found.values())
    out.append(f"{n} claim{'' if n == 1 else 's'} refuted: what each says, a witness inside "
               "its domain as written where the violation is certified, and its repair.")
    placed = {i: cid for cid, figs in common.placed_figures(report).items() for i, _ in figs}
    for source, items in found.items():
        out.append(_heading(lv.claim, rf"{wrap(source)} ({len(items)} refuted)",
                            f"{source} ({len(items)} refuted)"))
        for f in items:
            a = f.assessment
            ref = rf"\hyperref[{_claim_label(lv, index[a.id])}]{{{tt(a.id)}}}"
            out += [rf"\noindent\textbf{{{ref}}}: {wrap(a.claim.source.locator)}"
                    rf" (p.~\pageref{{{_claim_label(lv, index[a.id])}}})",
                    r"\begin{description}\itemsep0pt",
                    rf"\item[Says] {says_tex(a.claim)} on {domain_tex(a.claim)}",
                    rf"\item[Fails at] {witness_tex(a.witness, a.claim)}; certified violation "
                    rf"(margin) {tt(f.violation or '?')}"]
            if f.flaw:
                out.append(rf"\item[Flaw] {wrap(f.flaw)}")
            if f.region:
                out.append(rf"\item[Where it holds] {wrap(f.region)}")
            if f.repaired is not None:
                fix = f.repaired
                scope = reading.short_scope(fix, 160)[0]
                out.append(rf"\item[Repaired by] \hyperref[{_claim_label(lv, index[fix.id])}]"
                           rf"{{{tt(fix.id)}}}, {verdict_line_tex(fix)}"
                           + (f" ({wrap(scope)})" if scope else "")
                           + rf":\newline {says_tex(fix.claim)} on {domain_tex(fix.claim)}")
            else:
                out.append(r"\item[Repaired by] no repaired claim in this report")
            figs = [i for i, _ in common.figures_of(report, a.id) if i in placed]
            if figs:
                out.append(r"\item[Figures] " + ", ".join(
                    rf"Figure~\ref{{{lv.prefix}fig-{i}}} (p.~\pageref{{{lv.prefix}fig-{i}}})"
                    for i in figs))
            out.append(r"\end{description}")
    return out


def _source_map(report: Report, lv: _Levels) -> list[str]:
    out = [_heading(lv.part, "Source map", "Source map"),
           "Each source locator and the claims that check it (generated from the claims).",
           r"\begin{small}\begin{longtable}{p{0.45\linewidth}p{0.5\linewidth}}",
           r"\toprule Source & Claims \\ \midrule\endhead", r"\bottomrule\endfoot"]
    index = {a.id: i for i, a in enumerate(report.assessments)}
    for locator, ids in common.claims_by_locator(report).items():
        refs = ", ".join(rf"\hyperref[{_claim_label(lv, index[c])}]{{{tt(c)}}}" for c in ids)
        out.append(rf"\dprr {wrap(locator)} & \dprr {refs} \\")
    return out + [r"\end{longtable}\end{small}"]


def _settings(report: Report, lv: _Levels) -> list[str]:
    items = common.settings_items(report.settings)
    if not items:
        return []
    rows = [rf"\dprr {tt(k)} & \dprr {wrap(v)} \\" for k, v in items]
    return [_heading(lv.part, "Run settings", "Run settings"),
            r"\begin{small}\begin{longtable}{p{0.3\linewidth}p{0.64\linewidth}}\toprule "
            r"Setting & Value \\ \midrule", *rows, r"\bottomrule\end{longtable}\end{small}"]


def _body(report: Report, lv: _Levels) -> list[str]:
    partial = ([r"\noindent\textbf{PARTIAL}: the run was interrupted; the claims it did "
                r"not decide are INCONCLUSIVE, ``not run''.", ""] if report.partial else [])
    out = (partial + _legend(lv) + _findings(report, lv) + _summary(report, lv)
           + _figures(report, lv) + _claims_table(report, lv))
    out.append(_heading(lv.part, "Claims", "Claims"))
    for i, a in enumerate(report.assessments):
        out += _claim_section(a, i, report, lv)
    if not lv.prefix:
        out.append(r"\appendix")
    return out + _source_map(report, lv) + _settings(report, lv)


_MACROS = [r"\providecommand{\dpproofdir}{}",
           r"\providecommand{\texorpdfstring}[2]{#1}",
           r"\providecommand{\hyperref}[2][]{#2}"] + [
    rf"\definecolor{{dp{k.lower().replace('_', '')}}}{{HTML}}{{{v}}}" for k, v in COLOURS.items()
] + [r"\providecommand{\dpverdict}[2]{\textcolor{dp#1}{\textbf{\textsf{#2}}}}",
      # a ragged-right table cell (no array package needed)
      r"\providecommand{\dprr}{\raggedright\let\\\tabularnewline\hspace{0pt}}",
      # a caption outside a float: the figure stays beside its claim
      r"\makeatletter\providecommand{\dpfigcaption}{\def\@captype{figure}\caption}\makeatother",
      # display math when it fits the line, else its breakable inline form
      r"\providecommand{\dpmath}[2]{\par\sbox0{$\displaystyle #1$}\ifdim\wd0>\linewidth"
      r"{\raggedright\noindent$#2$\par}\else\[#1\]\fi}"]

_PREAMBLE = [r"\documentclass[11pt,a4paper]{article}", r"\usepackage[margin=2cm]{geometry}",
             r"\usepackage{amsmath,amssymb}", r"\usepackage{booktabs,longtable}",
             r"\usepackage{graphicx}", r"\usepackage{xcolor}",
             r"\usepackage[hidelinks]{hyperref}", r"\setlength{\parindent}{0pt}",
             r"\setlength{\parskip}{0.4em}", r"\sloppy", r"\setlength{\emergencystretch}{3em}"]


def render(report: Report, title: str = TITLE) -> str:
    """The standalone report.tex (compiles with ``latexmk -pdf``)."""
    version = escape(report.version or "?")
    n = len(report.assessments)
    head = _PREAMBLE + _MACROS + [
        rf"\title{{{escape(title)}}}", rf"\author{{dpproof {version}}}", r"\date{}",
        r"\begin{document}", r"\maketitle",
        rf"\noindent This report lists {n} claim{'' if n == 1 else 's'} and the evidence "
        r"for each verdict.", ""]
    return "\n".join(head + _body(report, _Levels(False)) + [r"\end{document}", ""])


def render_fragment(report: Report, title: str = "Verification report") -> str:
    """An includable ``\\section`` (no preamble).

    The including document must load amsmath, amssymb, booktabs, longtable, graphicx and
    xcolor (hyperref optional); define ``\\dpproofdir`` as the report directory (with a
    trailing slash) when the figures are not next to the document.
    """
    head = ["% dpproof " + (report.version or "?") + ": generated, do not edit.",
            "% Needs amsmath, amssymb, booktabs, longtable, graphicx, xcolor.", *_MACROS,
            rf"\section{{{escape(title)}}}\label{{dpproof-report}}"]
    return "\n".join(head + _body(report, _Levels(True)) + [""])
