"""report.tex: escaping, statements from sympy, structure, and real compilation."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import sympy

from dpproof.claims import Claim, Domain, Interval, Source, Statement
from dpproof.writers import figures, latex
from tests.writers.sample import small_report

HAVE_LATEX = shutil.which("latexmk") is not None and shutil.which("pdftotext") is not None
needs_latex = pytest.mark.skipif(not HAVE_LATEX, reason="latexmk/pdftotext not installed")


@pytest.mark.parametrize("raw, escaped", [
    ("a_b", r"a\_b"), ("50%", r"50\%"), ("R&D", r"R\&D"), ("#1", r"\#1"), ("$5", r"\$5"),
    ("{x}", r"\{x\}"), ("a~b", r"a\textasciitilde{}b"), ("x^2", r"x\textasciicircum{}2"),
    ("a\\b", r"a\textbackslash{}b"), ("<b>", r"\textless{}b\textgreater{}"),
    ("a|b", r"a\textbar{}b"), ("[0, 1]", "{[}0, 1{]}"), ("line\n\nbreak", "line break"),
    ("≈ 27.7", r"$\approx$ 27.7"),
    ("café", r"caf\'{e}"), ("ε-DP", r"$\epsilon$-DP"), ("中", r"\textsuperscript{?}"),
])
def test_escape(raw, escaped):
    assert latex.escape(raw) == escaped


def test_statement_is_typeset_from_sympy_with_hypotheses():
    a = sympy.Symbol("alpha", positive=True)
    claim = Claim("t.h", Source("t", "t.py", "L1"),
                  Statement(a / (a - 1), ">=", 1, (Statement(a, ">", 1),)),
                  Domain.of(alpha=Interval(1, None, lo_open=True)))
    text = latex.statement_tex(claim)
    assert text.startswith(r"If $\alpha > 1$, then")
    assert r"\[ \frac{\alpha}{\alpha - 1} \ge 1 \]" in text
    assert latex.domain_tex(claim) == r"$\alpha \in (1, \infty)$"


def test_long_formulas_break_across_lines_instead_of_shrinking():
    x = sympy.Symbol("x")
    long = sympy.log(sum(sympy.exp(-x ** k / (k + 1)) for k in range(1, 12)) / (1 + x))
    shown = latex.display(sympy.latex(long))
    assert shown.startswith(r"\dpmath{") and r"\resizebox" not in shown
    inline = shown.split("}{", 1)[1]
    assert r"\left" not in latex.breakable(sympy.latex(long)) and r"\left" not in inline
    assert latex.breakable(r"\frac{a + b + c + d + e + f + g + h}{x + y + z + u + v + w + q}") \
        == "(a + b + c + d + e + f + g + h)/(x + y + z + u + v + w + q)"
    assert latex.breakable(r"D\left(P \middle\| Q\right)") == r"D(P \| Q)"


def test_document_structure_and_user_text_is_escaped():
    tex = latex.render(small_report())
    assert tex.startswith(r"\documentclass[11pt,a4paper]{article}") and tex.endswith("\\end{document}\n")
    for cmd in (r"\begin{longtable}", r"\appendix", r"\section{Source map}",
                r"\usepackage{booktabs,longtable}"):
        assert cmd in tex
    assert r"Lemma 2 \textbar{} 50\% \& \#1 \{x\} \textasciitilde{} \textasciicircum{} " \
           r"\textbackslash{} \$ \_ \textless{}b\textgreater{}" in tex
    assert r"pipes \textbar{} and `ticks` and *stars* and 100\% \& \$5" in tex
    assert r"$\approx$ caf\'{e}" in tex
    body = tex.split(r"\begin{document}")[1]
    assert "50%" not in body and "& #1" not in body


def test_refuted_claim_shows_witness_violation_and_repair():
    tex = latex.render(small_report())
    assert r"\item[Witness] $x = {}$\texttt{2.\allowbreak{}5}; certified violation" in tex
    assert r"\texttt{{[}-0.\allowbreak{}7472 +/\allowbreak{}- 1.\allowbreak{}3e-12{]}}" in tex
    assert r"\item[Repair] certified to hold nowhere" in tex
    assert r"\dpverdict{refuted}{REFUTED}" in tex


def test_source_map_links_each_locator_to_its_claims():
    tex = latex.render(small_report())
    source_map = tex.split(r"\section{Source map}")[1]
    row = next(line for line in source_map.splitlines()
               if line.startswith(r"\dprr demo22, Theorem 3"))
    assert row.count(r"\hyperref[claim-") == 5


def test_fragment_has_no_preamble():
    frag = latex.render_fragment(small_report())
    assert r"\documentclass" not in frag and r"\begin{document}" not in frag
    assert r"\section{Verification report}" in frag and r"\subsubsection{" in frag
    assert r"\label{dpproof-claim-0}" in frag


def _compile(directory: Path, name: str = "report") -> Path:
    done = subprocess.run(["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error",
                           f"{name}.tex"], cwd=directory, capture_output=True, text=True,
                          timeout=300)
    log = directory / f"{name}.log"
    assert done.returncode == 0, log.read_text(errors="replace")[-3000:] if log.exists() \
        else done.stdout[-3000:]
    return directory / f"{name}.pdf"


def _pdf_text(pdf: Path) -> str:
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    return re.sub(r"\s+", "", text)


def _pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True,
                          check=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))


@needs_latex
def test_standalone_document_compiles_and_shows_every_claim(tmp_path):
    fig = figures.curve_figure(tmp_path / "figures" / "bound", [("a", [1, 2, 3], [1, 2, 4])],
                               "alpha", "eps", "Bound vs alpha", root=tmp_path)
    report = small_report(figures=[{"path": fig[0], "title": "Bound vs alpha",
                                    "claims": ["demo22.hyp_bound"]}])
    (tmp_path / "report.tex").write_text(latex.render(report), encoding="utf-8")
    pdf = _compile(tmp_path)
    text = _pdf_text(pdf)
    for a in report.assessments:
        assert a.id in text
    assert "REFUTED" in text and "Sourcemap" in text and "BoundvsalphaFigure" not in text
    assert "Figure1:Boundvsalpha" in text
    assert 2 <= _pages(pdf) <= 12
    log = (tmp_path / "report.log").read_text(errors="replace")
    assert "missingfigure" not in text and "<use figures/bound.pdf>" in log


@needs_latex
def test_fragment_compiles_inside_a_paper(tmp_path):
    (tmp_path / "fragment.tex").write_text(latex.render_fragment(small_report()),
                                           encoding="utf-8")
    (tmp_path / "paper.tex").write_text(
        "\\documentclass{article}\n\\usepackage{amsmath,amssymb,booktabs,longtable,graphicx,"
        "xcolor}\n\\begin{document}\n\\section{Intro}\nSee Section~\\ref{dpproof-report}.\n"
        "\\input{fragment}\n\\end{document}\n", encoding="utf-8")
    pdf = _compile(tmp_path, "paper")
    text = _pdf_text(pdf)
    assert "2Verificationreport" in text and "odd.under_score-id" in text


FUNCTION_STATEMENTS = [
    "Phi(a) + Q(b) + dawson(c) + erf(a) + erfc(b) + binomial(7, 3) + abs(a - c) + min(a, b)"
    " + max(a, b) + sqrt(a) + exp(b) + log(c) <= 100",
    "renyi(Normal(0, b), Normal(a, b), c) + kl(Laplace(0, b), Laplace(a, b)) + "
    "tv(Bernoulli(1/3), Bernoulli(1/2)) + hockey_stick(OSGT(0, b, 3), OSGT(1, b, 3), a) <= 10",
    "kl(TruncNormal(0, b, c), TruncNormal(a, b, c)) + "
    "renyi(DataDependentNormal(a, b), DataDependentNormal(b, a), c) <= 10",
    "gauss_delta(a, b, c) + rdp_to_delta(c, a, b) + rr_compose_delta(a, k, b) + "
    "zcdp_eps(a, b/10) <= 1",
]


@needs_latex
def test_every_function_of_the_claims_language_typesets(tmp_path):
    from dpproof import oracles  # noqa: F401 - registers the distributions and divergences
    from dpproof.evidence import Report, assess
    from dpproof.expr import parse_statement

    dom = Domain.of(a=Interval.closed(1, 2), b=Interval.closed(1, 2), c=Interval.closed(2, 3),
                    k=Interval.closed(1, 5, integer=True))
    src = Source("fn", "fn.toml", "all functions")
    claims = [Claim(f"fn.c{i}", src, parse_statement(t, dom.symbols()), dom)
              for i, t in enumerate(FUNCTION_STATEMENTS)]
    report = Report(tuple(assess(c, []) for c in claims), {}, "0.1.0")
    (tmp_path / "report.tex").write_text(latex.render(report), encoding="utf-8")
    text = _pdf_text(_compile(tmp_path))
    assert all(c.id in text for c in claims)


@needs_latex
def test_empty_partial_report_compiles(tmp_path):
    from dpproof.evidence import Report

    report = Report((), {}, "0.1.0", partial=True)
    (tmp_path / "report.tex").write_text(latex.render(report), encoding="utf-8")
    text = _pdf_text(_compile(tmp_path))
    assert "PARTIAL" in text and "lists0claims" in text
