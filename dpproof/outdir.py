"""Report folders: the default ``--out``, which folders a run may write, partial reports.

By default ``dpproof verify`` writes ``reports/`` for the whole built-in library (no TARGET,
no ``--only``: the committed library report) and otherwise ``dpproof-out/NAME/`` (NAME: the
TARGETs' file stems or module names joined by ``+``; ``theorems`` for the library with
``--only``).  Every report folder gets a marker file, ``.dpproof-report`` (JSON: the
targets, whether the report is partial, the files written, and ``only``: the ``--only``
patterns of a report of a selection, null -- or missing, in a marker written before the
key existed -- for a report of every claim; dpproof.writers).

A run writes only into a folder that is missing, empty, or marked for the same targets
(compared as sets; a file TARGET recorded relative to the folder, a module by name, the
library as ``theorems``; ``--only`` is not part of the identity).  But a selection never
replaces a report of every claim: an ``--only`` run into a folder whose marker records no
``only`` is refused (exit 2, before any claim runs, "an --only run would replace it with a
selection: give another --out"); a selection may replace a selection, and a run of every
claim may replace anything dpproof wrote there.  Any other folder -- a
file, an unwritable place, files dpproof did not record writing, the report of other
targets -- is refused with one line and exit 2 before any claim runs, and nothing is
created, written or deleted.  A folder holding a report.json but no marker (an earlier
dpproof) is refused too: its files cannot be told from the user's (the committed
``reports/`` and ``reports/audit/`` carry their markers).  Only the files a marker lists are
ever replaced or removed.  The run cache (dpproof.runcache) replays under the same rule.

An interrupted run's partial report lists every claim, those not decided INCONCLUSIVE and
marked "not run" (``runner.NOT_RUN``).  It never replaces a complete report: when ``--out``
holds one, the partial report goes to ``--out/partial/`` (the summary line says so); into a
missing or empty folder, or over an earlier partial report, it is written in place (nothing
complete to protect).  Where the user has a file or folder named ``partial``, the partial
report takes the first free name of ``partial-2`` ... ``partial-9``.  The next complete run
into ``--out`` removes them.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from .sources import LIBRARY_PACKAGE

#: the default --out of a run that is not the whole library
DEFAULT_OUT = "dpproof-out"
#: where the partial report goes when --out holds a complete one
PARTIAL = "partial"


def default_out(targets: list[str], only: list[str] | None) -> str:
    """``reports`` for the whole library, else ``dpproof-out/NAME`` (module docstring)."""
    if not targets and not only:
        return "reports"
    names = [Path(t).stem if t.endswith((".toml", ".py")) else t for t in targets]
    return str(Path(DEFAULT_OUT) / "+".join(names or [LIBRARY_PACKAGE]))


def report_targets(targets: list[str], folder: Path) -> list[str]:
    """The targets a report folder's marker records: a file relative to the folder, a
    module by name, the built-in library as ``theorems``; sorted."""
    if not targets:
        return [LIBRARY_PACKAGE]
    return sorted(os.path.relpath(os.path.realpath(t), os.path.realpath(folder))
                  if t.endswith((".toml", ".py")) else t for t in targets)


def out_problem(out: Path, targets: list[str], only: list[str] | None = None) -> str:
    """Why ``out`` may not take the report of ``targets`` (of the claims the ``only`` globs
    select) ('' when it may); creates nothing."""
    from .writers import folder_problem

    if out.exists() and not out.is_dir():
        return "is a file, not a folder; give a folder to write the report into"
    existing = next(p for p in (out.absolute(), *out.absolute().parents) if p.exists())
    if not existing.is_dir():
        return f"cannot write there ({existing} is a file); give a writable folder"
    try:
        with tempfile.TemporaryFile(dir=existing):
            pass
    except OSError as exc:
        return f"cannot write there ({exc.strerror or exc}); give a writable folder"
    return (folder_problem(out, report_targets(targets, out))
            or (selection_problem(out) if only else ""))


def selection_problem(out: Path) -> str:
    """Why an ``--only`` run may not replace the report in ``out`` ('' when it may): it holds
    the report of every claim (module docstring)."""
    import json

    from .writers import read_marker

    marker = read_marker(out)
    if marker is None or marker.get("only"):
        return ""
    try:
        n = len(json.loads((out / "report.json").read_text(encoding="utf-8"))["claims"])
        count = f" ({n} claims)"
    except (OSError, ValueError, KeyError, TypeError):
        count = ""
    what = ("the report of every claim (interrupted)" if marker.get("partial")
            else "the complete report")
    return (f"holds {what} of {', '.join(marker['targets'])}{count}; an --only run would "
            "replace it with a selection: give another --out")


def write_report(report, targets: list[str], out: Path, only: list[str] | None = None,
                 **options) -> list[Path] | None:
    """``write_all`` into ``out`` with the marker of ``targets`` (and the ``only`` globs of a
    selection), a partial report where ``partial_folder`` says (None: not written); a
    complete one removes ``out/partial``."""
    from .writers import write_all

    folder = partial_folder(targets, out) if report.partial else out
    if folder is None:
        return None
    paths = write_all(report, folder, targets=report_targets(targets, folder), only=only,
                      **options)
    if not report.partial:
        drop_partial(targets, out)
    return paths


def partial_folders(out: Path):
    """The folders a partial report may take beside a complete one: ``out/partial``, else
    (the user has a file or folder of that name) ``out/partial-2`` ... ``partial-9``."""
    yield out / PARTIAL
    for i in range(2, 10):
        yield out / f"{PARTIAL}-{i}"


def partial_folder(targets: list[str], out: Path) -> Path | None:
    """Where a partial report goes: ``out``, unless it holds a complete report (kept):
    then the first of ``partial_folders`` that is missing, empty or dpproof's partial report
    of the same targets; None (said on stderr) when none is."""
    from .writers import folder_problem, read_marker

    marker = read_marker(out)
    if marker is None or marker.get("partial"):
        return out
    for folder in partial_folders(out):
        if os.path.lexists(folder) and not folder.is_dir():
            continue   # a file of the user's
        if not folder_problem(folder, report_targets(targets, folder)):
            return folder
    print(f"dpproof: error: the partial report was not written: {out / PARTIAL} and "
          f"{PARTIAL}-2 to -9 hold files dpproof did not write", file=sys.stderr)
    return None


def drop_partial(targets: list[str], out: Path) -> None:
    """Remove the partial reports an interrupted run left in ``partial_folders`` (a complete
    report of the same targets replaces them)."""
    from .writers import read_marker, remove_report

    for folder in partial_folders(out):
        if os.path.lexists(folder) and not folder.is_dir():
            continue
        marker = read_marker(folder)
        if marker and marker.get("partial") and \
                sorted(marker["targets"]) == report_targets(targets, folder):
            remove_report(folder)
