"""write_all: atomic files, the PDF when latexmk exists, LaTeX failure as a warning."""

import os
import shutil
import stat
import subprocess

import pytest

from dpproof.writers import LatexFailed, write_all, write_atomic
from dpproof.writers.json import load
from tests.writers.sample import small_report

needs_latex = pytest.mark.skipif(not (shutil.which("latexmk") and shutil.which("pdftotext")),
                                 reason="latexmk and pdftotext are installed by .ci/run")


def test_writes_json_md_tex_without_pdf(tmp_path):
    out = tmp_path / "deep" / "out"
    paths = write_all(small_report(), out, pdf=False, fragment=True)
    names = [p.name for p in paths]
    assert names == ["report.json", "report.md", "report.html", "report.tex", "report-fragment.tex"]
    assert load((out / "report.json").read_text())["claims"][0]["id"] == "demo22.identity"
    assert sorted(os.listdir(out)) == sorted(names)   # no temporary files left behind
    mode = stat.S_IMODE((out / "report.md").stat().st_mode)
    assert mode & 0o044, f"report.md is not readable by others: {oct(mode)}"


def test_atomic_write_keeps_the_old_file_when_writing_fails(tmp_path, monkeypatch):
    target = tmp_path / "report.md"
    target.write_text("old")

    def boom(*args, **kwargs):
        raise OSError("disk full")
    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError, match="disk full"):
        write_atomic(target, "new")
    assert target.read_text() == "old" and os.listdir(tmp_path) == ["report.md"]


def test_a_failing_renderer_leaves_earlier_reports_intact(tmp_path, monkeypatch):
    write_all(small_report(), tmp_path, pdf=False)
    before = (tmp_path / "report.tex").read_text()
    from dpproof.writers import latex
    monkeypatch.setattr(latex, "render", lambda report: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        write_all(small_report(), tmp_path, pdf=False)
    assert (tmp_path / "report.tex").read_text() == before


@needs_latex
def test_pdf_is_written_with_the_figures(tmp_path):
    from dpproof.writers.figures import verdict_chart
    report = small_report()
    chart = verdict_chart(report, tmp_path)
    report = small_report(figures=[chart])
    paths = write_all(report, tmp_path)
    assert paths[-1] == tmp_path / "report.pdf"
    text = subprocess.run(["pdftotext", str(paths[-1]), "-"], capture_output=True,
                          text=True).stdout
    assert "Claims by verdict and source" in text
    assert not list(tmp_path.glob("report.log")), "LaTeX runs in a temporary directory"


@needs_latex
def test_latex_failure_warns_with_the_log_tail_and_keeps_the_tex(tmp_path, monkeypatch):
    (tmp_path / "report.pdf").write_bytes(b"%PDF stale")
    from dpproof.writers import latex
    broken = "\\documentclass{article}\\begin{document}\\undefinedmacro\\end{document}\n"
    monkeypatch.setattr(latex, "render", lambda report: broken)
    with pytest.warns(LatexFailed, match="Undefined control sequence"):
        paths = write_all(small_report(), tmp_path)
    assert [p.name for p in paths] == ["report.json", "report.md", "report.html", "report.tex"]
    assert (tmp_path / "report.tex").read_text() == broken
    assert not (tmp_path / "report.pdf").exists(), "a stale PDF would contradict the report"


def test_no_latexmk_means_no_pdf_and_no_warning(tmp_path, monkeypatch, recwarn):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    paths = write_all(small_report(), tmp_path)
    assert [p.name for p in paths] == ["report.json", "report.md", "report.html", "report.tex"]
    assert not [w for w in recwarn if issubclass(w.category, LatexFailed)]
