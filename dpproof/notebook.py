"""Rich display in Jupyter: Markdown and LaTeX for Claim, Assessment and Report.

Attached as ``_repr_markdown_`` / ``_repr_latex_`` methods (lazy imports in claims.py and
evidence.py).  ``*_latex`` return math-mode strings (``$$...$$``), which is what notebook
front ends (MathJax/KaTeX) render; text is wrapped in ``\\text{}``.
"""

from __future__ import annotations

import re

import sympy

from .claims import Claim
from .evidence import Assessment, Report
from .writers import latex, markdown
from .writers.common import source_line, statement_text


def claim_markdown(claim: Claim) -> str:
    """A claim: id, source, statement, domain, kind (and note / reason)."""
    lines = [f"**{markdown.code(claim.id)}** ({claim.kind.value}): "
             f"{markdown.escape(str(claim.source))}", "",
             f"- **Statement:** {markdown.code(statement_text(claim))}",
             f"- **Domain:** {markdown.code(str(claim.domain))}"]
    for label, text in (("Note", claim.note), ("Reason", claim.reason)):
        if text:
            lines.append(f"- **{label}:** {markdown.escape(text)}")
    if claim.steps:
        lines.append("- **Steps:** " + ", ".join(markdown.code(s.id) for s in claim.steps))
    return "\n".join(lines)


def assessment_markdown(a: Assessment) -> str:
    """An assessment: verdict headline, then statement, witness, repair and evidence."""
    head = (f"{markdown.badge_line(a)} {markdown.code(a.id)}: "
            f"{markdown.escape(source_line(a.claim.source))}")
    return head + "\n\n" + markdown.assessment_body(a)


def report_markdown(report: Report) -> str:
    """The whole report as Markdown (as report.md)."""
    return markdown.render(report)


def _text(text: str) -> str:
    """Plain text inside math mode: MathJax-safe ``\\text{}`` (braces, backslashes removed)."""
    return r"\text{" + re.sub(r"[{}\\$%#&^~_]", " ", text) + "}"


def claim_math(claim: Claim) -> str:
    """The statement in math mode (hypotheses as ``h \\implies``), no delimiters."""
    st = claim.statement
    if st is None:
        return _text(f"{claim.id}: cited ({claim.reason})")
    body = latex.relation_tex(st)
    if st.hypotheses:
        body = r" \wedge ".join(latex.relation_tex(h) for h in st.hypotheses) + \
            r" \implies " + body
    return body


def _domain_math(claim: Claim) -> str:
    # the short form of the report's domain line: no integer marker
    return ",\\ ".join(latex.parameter_tex(name, iv, integers=False)
                        for name, iv in claim.domain.params)


def claim_latex(claim: Claim) -> str:
    """``$$ statement \\quad (domain) $$`` for Jupyter's ``_repr_latex_``."""
    dom = _domain_math(claim)
    return f"$$ {claim_math(claim)}" + (rf" \qquad \left({dom}\right)" if dom else "") + " $$"


def assessment_latex(a: Assessment) -> str:
    """``$$ \\text{VERDICT}: statement \\ (witness) $$``."""
    extent = a.label[len(a.verdict.value):].lstrip(" :")
    extent = extent.replace("%", " percent")
    for ch in "\\_&#{}$^~":
        extent = extent.replace(ch, " ")   # plain words inside \text{} (MathJax, LaTeX)
    extent = rf"\ \text{{{extent}}}" if extent else ""
    out = (rf"\textbf{{{a.verdict.value.replace('_', ' ')}}}{extent}\quad "
           + claim_math(a.claim))
    if a.witness:
        wit = ",\\ ".join(f"{sympy.latex(sympy.Symbol(k))} = {v}" for k, v in a.witness.items())
        out += rf" \qquad \text{{fails at }} {wit}"
    return f"$$ {out} $$"


def report_latex(report: Report) -> str:
    """A verdict count table in math mode (``array``), one row per verdict that occurs."""
    counts = report.counts()
    rows = [rf"\text{{{v.replace('_', ' ')}}} & {n}" for v, n in counts.items() if n]
    rows.append(rf"\text{{total}} & {len(report.assessments)}")
    return r"$$ \begin{array}{lr} " + r" \\ ".join(rows) + r" \end{array} $$"


def register() -> None:
    """Give Claim, Assessment and Report their Jupyter display (``_repr_markdown_``,
    ``_repr_latex_``) from here, so that ``claims`` and ``evidence`` stay pure data and
    import no writer (no import cycle; docs/design.md "Shape")."""
    for cls, md, tex in ((Claim, claim_markdown, claim_latex),
                         (Assessment, assessment_markdown, assessment_latex),
                         (Report, report_markdown, report_latex)):
        cls._repr_markdown_ = lambda self, _f=md: _f(self)
        cls._repr_latex_ = lambda self, _f=tex: _f(self)


register()
