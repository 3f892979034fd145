"""The committed report's LaTeX compiles to a readable PDF (issue 6, acceptance).

Builds ``reports/report.tex`` with its figures in a temporary directory with latexmk (which
``.ci/run`` installs), and reads the PDF back with pdftotext and pdfinfo.
"""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from dpproof.writers import compile_pdf

REPORTS = Path(__file__).resolve().parents[2] / "reports"

needs_latex = pytest.mark.skipif(not (shutil.which("latexmk") and shutil.which("pdftotext")),
                                 reason="latexmk and pdftotext are installed by .ci/run")


@needs_latex
def test_committed_report_compiles_and_reads_back(tmp_path):
    data = json.loads((REPORTS / "report.json").read_text())
    figures = [f["path"] for f in data.get("settings", {}).get("figures", [])]
    for rel in figures:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPORTS / rel, tmp_path / rel)
    pdf = compile_pdf((REPORTS / "report.tex").read_text(), tmp_path, figures)
    assert pdf is not None and pdf.exists()
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    flat = re.sub(r"\s+", "", text)
    for claim in data["claims"]:
        assert claim["id"] in flat, f"{claim['id']} missing from the PDF"
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True,
                          check=True).stdout
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    assert pages >= 10
    assert (REPORTS / "report.pdf").exists()
