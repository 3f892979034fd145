"""Writers: pure ``render(report) -> str`` in json, markdown and latex; ``write_all`` saves them.

``write_all`` writes report.json/.md/.html/.tex, the figures and report.pdf (with ``latexmk``,
when it exists) into a staging folder and moves them into place together, removing the files
of an earlier report that this one does not produce.  A LaTeX failure keeps the .tex and
becomes a ``LatexFailed`` warning.

Given the ``targets`` of the run, ``publish`` records in the folder's marker file
``.dpproof-report`` (JSON: ``targets``, ``partial``, ``files``, ``only``: the ``--only``
patterns of a report of a selection, null or missing for every claim) what it wrote and for
which targets; ``folder_problem`` accepts a folder for a run only when it is missing, empty,
or marked for the same targets, and an earlier report's files are removed only when the
marker lists them (without a marker: the known report names and the figures its
report.json lists, for callers of the API that pass no targets).
"""

from __future__ import annotations

import json as stdjson
import os
import shutil
import subprocess
import tempfile
import warnings
from pathlib import Path
from typing import Callable

from ..evidence import Report
from . import common, html, json, latex, markdown

__all__ = ["write_all", "publish", "folder_problem", "read_marker", "remove_report", "MARKER",
           "write_atomic", "compile_pdf", "LatexFailed", "LATEXMK_HINT", "json", "markdown",
           "latex", "html"]

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


#: what to tell a user whose machine has no latexmk
LATEXMK_HINT = ("latexmk not found, report.pdf not written; install it with "
                "'apt-get install latexmk texlive-latex-extra' (Debian/Ubuntu), "
                "'brew install --cask mactex' (macOS), or pass --no-pdf")
#: files an earlier report may have left (with the figures its report.json lists)
_KNOWN = ("report.json", "report.md", "report.html", "report.tex", "report.pdf",
          "report-fragment.tex")


#: the marker file of a report folder dpproof wrote (module docstring)
MARKER = ".dpproof-report"
_STAGING = ".dpproof-staging-"


def read_marker(folder) -> dict | None:
    """The marker of a report folder (``targets``, ``partial``, ``files``), or None."""
    try:
        data = stdjson.loads((Path(folder) / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not (isinstance(data, dict) and isinstance(data.get("targets"), list)
            and isinstance(data.get("files"), list)):
        return None
    return data


def folder_problem(folder, targets: list[str]) -> str:
    """Why a run for ``targets`` may not write its report into ``folder`` ('' when it may):
    it may when the folder is missing, empty (left-over staging folders aside), or marked
    as written for the same targets (compared as sets)."""
    folder = Path(folder)
    if not folder.is_dir():
        return ""
    if not [p for p in folder.iterdir() if not p.name.startswith(_STAGING)]:
        return ""
    marker = read_marker(folder)
    if marker is None:
        return ("holds files that dpproof did not write (no .dpproof-report marker); "
                "nothing was changed: give an empty or new folder")
    if sorted(marker["targets"]) != sorted(targets):
        return (f"holds the report of {', '.join(marker['targets']) or 'other targets'}, not "
                f"of {', '.join(targets)}; nothing was changed: give another folder")
    return ""


def remove_report(folder) -> None:
    """Remove a report folder's files that its marker lists, the marker, emptied folders."""
    folder = Path(folder)
    marker = read_marker(folder)
    if marker is None:
        return
    _remove(folder, [*marker["files"], MARKER])
    if folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()


def write_all(report: Report, out_dir, pdf: bool = True, fragment: bool = False,
              draw: Callable[[Path], Report] | None = None,
              targets: list[str] | None = None, only: list[str] | None = None) -> list[Path]:
    """Write report.json/.md/.tex (report-fragment.tex with ``fragment``), the figures
    (``draw(folder)`` draws them there and returns the report that lists them) and, with
    ``pdf`` and latexmk available, report.pdf; return the paths written in ``out_dir``.

    Everything is first written into a staging folder inside ``out_dir``, then moved into
    place file by file (``os.replace``) once every file exists; the files of an earlier
    report that this one does not produce (a stale PDF, old figures) are removed.  An
    interrupt before the move leaves the earlier report untouched.  With ``targets`` the
    folder's marker records them, and ``only`` (module docstring).
    """
    def fill(stage: Path, out: Path) -> tuple[list[str], set[str]]:
        nonlocal report
        if draw is not None:
            report = draw(stage)
        report = common.quote_corrections(report)
        tex = latex.render(report)
        names = ["report.json", "report.md", "report.html", "report.tex"]
        write_atomic(stage / "report.json", json.render(report))
        write_atomic(stage / "report.md", markdown.render(report))
        write_atomic(stage / "report.html", html.render(report, (stage, out)))   # figures inline
        write_atomic(stage / "report.tex", tex)
        if fragment:
            names.append("report-fragment.tex")
            write_atomic(stage / "report-fragment.tex", latex.render_fragment(report))
        if pdf and shutil.which("latexmk"):
            figures = sorted(set(_figure_files(report, stage) + _figure_files(report, out)))
            if compile_pdf(tex, stage, figures, (stage, out)) is not None:
                names.append("report.pdf")
        return names, set(_figure_files(report, out))   # figures drawn into out itself
    return publish(out_dir, fill, targets, partial=report.partial, only=only)


def publish(out_dir, fill: Callable[[Path, Path], tuple[list[str], set[str]]],
            targets: list[str] | None = None, partial: bool = False,
            only: list[str] | None = None) -> list[Path]:
    """``fill(stage, out)`` writes a report's files into a staging folder inside ``out_dir``
    and returns (the report files in order, files of ``out_dir`` to keep); then every staged
    file is moved into place and the earlier report's other files are removed.  With
    ``targets`` the marker records them, ``partial``, ``only`` and the files written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for left in out.glob(_STAGING + "*"):   # of a run killed while writing
        shutil.rmtree(left, ignore_errors=True)
    stage = Path(tempfile.mkdtemp(prefix=_STAGING, dir=out))
    try:
        names, keep = fill(stage, out)
        return _publish(stage, out, names, keep, targets, partial, only)
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def _publish(stage: Path, out: Path, names: list[str], keep: set[str],
             targets: list[str] | None = None, partial: bool = False,
             only: list[str] | None = None) -> list[Path]:
    """Move every file of ``stage`` into ``out`` (report files in ``names`` order, then the
    figures); remove the earlier report's files that this one does not produce.  With
    ``targets`` the marker lists the old and new files while they are moved (an interrupt
    leaves no file of dpproof unlisted), then the new ones."""
    figures = sorted(str(p.relative_to(stage)) for p in stage.rglob("*")
                     if p.is_file() and str(p.relative_to(stage)) not in names)
    earlier = _earlier_files(out)
    written = names + figures
    stale = set(earlier) - set(written) - keep
    mark = (lambda files: write_atomic(out / MARKER, stdjson.dumps(
        {"targets": targets, "partial": partial, "only": only or None, "files": files},
        indent=1) + "\n")
        ) if targets is not None else (lambda files: None)
    mark(sorted(set(earlier) | set(written) | keep))
    for rel in written:
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        os.replace(stage / rel, out / rel)
    _remove(out, stale)
    mark(sorted(set(written) | {k for k in keep if (out / k).is_file()}))
    return [out / rel for rel in written]


def _remove(out: Path, files) -> None:
    """Remove ``files`` (relative to ``out``, never outside it) and the folders they empty."""
    for rel in files:
        if not Path(rel).is_absolute() and ".." not in Path(rel).parts and (out / rel).is_file():
            (out / rel).unlink()
    for folder in sorted({(out / r).parent for r in files} - {out}, reverse=True):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()


def _earlier_files(out: Path) -> list[str]:
    """The files of the earlier report in ``out``: those its marker lists; without a marker
    the known names, and the figures (with their .png/.pdf siblings) its report.json lists."""
    marker = read_marker(out)
    if marker is not None:
        return [str(f) for f in marker["files"]]
    found = [n for n in _KNOWN if (out / n).is_file()]
    try:
        data = stdjson.loads((out / "report.json").read_text(encoding="utf-8"))
        for f in data.get("settings", {}).get("figures", []):
            rel = Path(f["path"])
            if not rel.is_absolute():
                found += [str(rel.with_suffix(ext)) for ext in (".png", ".pdf")]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    return found


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


def compile_pdf(tex: str, out: Path, figures: list[str] = (),
                sources: tuple[Path, ...] = ()) -> Path | None:
    """Compile ``tex`` in a temporary directory (figures copied there); move the PDF to
    ``out/report.pdf``.  On failure warn with the log tail, remove a stale report.pdf,
    and return None."""
    target = Path(out) / "report.pdf"
    with tempfile.TemporaryDirectory(prefix="dpproof-latex-") as tmp:
        work = Path(tmp)
        (work / "report.tex").write_text(tex, encoding="utf-8")
        for rel in figures:
            (work / rel).parent.mkdir(parents=True, exist_ok=True)
            origin = next((d / rel for d in sources if (d / rel).is_file()), Path(out) / rel)
            shutil.copy2(origin, work / rel)
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
                              timeout=LATEX_TIMEOUT, stdin=subprocess.DEVNULL,
                              start_new_session=True)   # a terminal's Ctrl-C is for dpproof
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
