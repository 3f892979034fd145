"""Notebook reprs: Markdown and math-mode LaTeX strings for claims, assessments, reports."""

from dpproof import notebook
from tests.writers.sample import small_report


def test_claim_and_assessment_markdown():
    report = small_report()
    a = report.by_id("demo22.log_above")
    md = notebook.claim_markdown(a.claim)
    assert md.startswith("**`demo22.log_above`** (inequality)")
    assert "`x <= log(x + 1)`" in md
    amd = notebook.assessment_markdown(a)
    assert amd.startswith("**REFUTED** `demo22.log_above`: demo22, Theorem 3")
    assert "- **Witness:** `x = 2.5`" in amd


def test_report_markdown_is_the_report():
    assert notebook.report_markdown(small_report()).startswith("# dpproof verification report")


def test_latex_reprs_are_math_mode():
    report = small_report()
    hyp = report.by_id("demo22.hyp_bound").claim
    assert notebook.claim_latex(hyp) == (r"$$ \alpha > 1 \implies \frac{\alpha}{\alpha - 1} "
                                         r"\ge 1 \qquad \left(\alpha \in (1, 64]\right) $$")
    refuted = notebook.assessment_latex(report.by_id("demo22.log_above"))
    assert refuted.startswith(r"$$ \textbf{REFUTED}\quad x \le \log{\left(x + 1 \right)}")
    assert r"\text{fails at } x = 2.5 $$" in refuted
    cited = notebook.claim_latex(report.by_id("demo22.asymptotic").claim)
    assert cited.startswith(r"$$ \text{demo22.asymptotic: cited") and "{" not in cited[9:-4]
    table = notebook.report_latex(report)
    assert r"\text{NOT CHECKABLE} & 1" in table and r"\text{total} & 7" in table


def test_display_registered_from_outside_claims_and_evidence():
    """claims and evidence are pure data: their notebook display is patched in by
    dpproof.notebook (imported with the package), not imported by them."""
    import dpproof.claims
    import dpproof.evidence
    for mod in (dpproof.claims, dpproof.evidence):
        assert "notebook" not in open(mod.__file__).read()
    report = small_report()
    a = report.by_id("demo22.log_above")
    assert a._repr_markdown_() == notebook.assessment_markdown(a)
    assert a.claim._repr_latex_() == notebook.claim_latex(a.claim)
    assert report._repr_markdown_() == notebook.report_markdown(report)
