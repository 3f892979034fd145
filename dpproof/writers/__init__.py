"""Writers: pure ``render(report) -> str`` in json, markdown and latex; ``write_all`` saves them.

``write_all`` writes report.json/.md/.tex atomically (a temporary file in the same
directory, then ``os.replace``: never a half-written file) and report.pdf with ``latexmk``
when it exists.  A LaTeX failure keeps the .tex and becomes a ``LatexFailed`` warning.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import warnings
from pathlib import Path

from ..evidence import Report
from . import common, json, latex, markdown

__all__ = ["write_all", "write_atomic", "compile_pdf", "LatexFailed", "json", "markdown",
           "latex"]

LATEX_TIMEOUT = 300.0   # seconds for one latexmk run
LOG_TAIL = 25           # lines of the LaTeX log quoted in the warning


class LatexFailed(UserWarning):
    """latexmk failed or timed out; the .tex is kept, the log tail is in the message."""


def write_atomic(path: Path, data: str | bytes) -> Path:
    """Write ``data`` to ``path`` via a temporary file in the same directory and os.replace."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data.encode("utf-8") if isinstance(data, str) else data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, _mode(path))
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path


def _mode(path: Path) -> int:
    """The existing file's mode, else what the umask gives a new file (mkstemp uses 0600)."""
    if path.exists():
        return path.stat().st_mode & 0o777
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def write_all(report: Report, out_dir, pdf: bool = True, fragment: bool = False) -> list[Path]:
    """Write report.json/.md/.tex (report-fragment.tex with ``fragment``) and, with ``pdf``
    and latexmk available, report.pdf into ``out_dir``; return the paths written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    tex = latex.render(report)
    paths = [write_atomic(out / "report.json", json.render(report)),
             write_atomic(out / "report.md", markdown.render(report)),
             write_atomic(out / "report.tex", tex)]
    if fragment:
        paths.append(write_atomic(out / "report-fragment.tex", latex.render_fragment(report)))
    if pdf and shutil.which("latexmk"):
        made = compile_pdf(tex, out, _figure_files(report, out))
        if made is not None:
            paths.append(made)
    return paths


def _figure_files(report: Report, out: Path) -> list[str]:
    """Relative paths of the figure files (and their .pdf/.png siblings) that exist in out."""
    found = []
    for f in common.figures(report):
        rel = Path(f["path"])
        if rel.is_absolute() or ".." in rel.parts:
            continue
        for candidate in {rel, rel.with_suffix(".pdf"), rel.with_suffix(".png")}:
            if (out / candidate).is_file():
                found.append(str(candidate))
    return sorted(set(found))


def compile_pdf(tex: str, out: Path, figures: list[str] = ()) -> Path | None:
    """Compile ``tex`` in a temporary directory (figures copied there); move the PDF to
    ``out/report.pdf``.  On failure warn with the log tail, remove a stale report.pdf,
    and return None."""
    target = Path(out) / "report.pdf"
    with tempfile.TemporaryDirectory(prefix="dpproof-latex-") as tmp:
        work = Path(tmp)
        (work / "report.tex").write_text(tex, encoding="utf-8")
        for rel in figures:
            (work / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(Path(out) / rel, work / rel)
        problem = _run_latexmk(work)
        if problem is None and (work / "report.pdf").is_file():
            return write_atomic(target, (work / "report.pdf").read_bytes())
        problem = problem or "latexmk reported success but wrote no report.pdf"
    if target.exists():
        target.unlink()   # a PDF of an earlier run would contradict the new report
    warnings.warn(LatexFailed(f"report.pdf not written ({problem}); report.tex is kept"),
                  stacklevel=3)
    return None


def _run_latexmk(work: Path) -> str | None:
    """Run latexmk in ``work``; None on success, else what went wrong with the log tail."""
    cmd = ["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error", "report.tex"]
    try:
        done = subprocess.run(cmd, cwd=work, capture_output=True, text=True, errors="replace",
                              timeout=LATEX_TIMEOUT, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return f"latexmk timed out after {LATEX_TIMEOUT:g} s" + _log_tail(work)
    except OSError as exc:
        return f"latexmk could not run: {exc}"
    if done.returncode != 0:
        return f"latexmk exited with {done.returncode}" + _log_tail(work, done.stdout)
    return None


def _log_tail(work: Path, fallback: str = "") -> str:
    log = work / "report.log"
    text = log.read_text(encoding="utf-8", errors="replace") if log.is_file() else fallback
    tail = [line for line in text.splitlines() if line.strip()][-LOG_TAIL:]
    return ("; log tail:\n" + "\n".join(tail)) if tail else ""
