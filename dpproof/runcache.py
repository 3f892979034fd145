"""The run cache: a whole ``dpproof verify`` output replayed when none of its inputs changed.

The result cache (dpproof.cache) spares the engines, but a warm run still imports every
theorem module (building its sympy expressions costs seconds) and renders the report.  When
every TARGET is a file whose content fully determines its claims -- the built-in library
(``theorems``, which imports only dpproof), its modules, or ``.toml`` claims files -- the run
is keyed by:
- the bytes of every file of the ``theorems`` package and of each ``.toml`` TARGET,
- the options that shape the report (targets, ``--only``, seed, timeout, engines, jobs,
  memory limit, PDF, fragment), and
- the dpproof source, version and engine library versions (as dpproof.cache).
A hit copies the stored files into ``--out`` (staged, stale files removed and the folder's
marker written, as write_all; the CLI checks the folder first) with every claim's
``"cached"`` set to true.  Only complete runs whose every verdict the
result cache would store are kept (no partial run, no ERROR, no supervisor limit).
A ``.py`` TARGET or another module may import anything, so it is never replayed.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import pickle
import shutil
import tempfile
from pathlib import Path

from . import __version__
from .sources import cache_dir, library_versions, package_hash, source_hash
from .sources import LIBRARY_PACKAGE

FORMAT = 1


def run_key(options: dict, targets: list[str]) -> str | None:
    """The key of a run, or None when a TARGET may depend on files the key cannot see."""
    if any(not (t.endswith(".toml") or t.split(".")[0] == LIBRARY_PACKAGE) or t.endswith(".py")
           for t in targets):
        return None
    spec = importlib.util.find_spec(LIBRARY_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        return None
    h = hashlib.sha256()
    parts = [f"run {FORMAT}", __version__, package_hash(), library_versions(),
             repr(sorted(options.items()))]
    for root in spec.submodule_search_locations:
        for f in sorted(Path(root).rglob("*.py")):
            parts.append(f"{f.relative_to(root)}:{source_hash(str(f))}")
    for t in targets:
        if t.endswith(".toml"):
            if not Path(t).is_file():
                return None
            parts.append(f"{t}:{source_hash(str(Path(t).resolve()))}")
    for p in parts:
        h.update(p.encode("utf-8", "replace") + b"\0")
    return h.hexdigest()


def _entry(key: str) -> Path:
    return cache_dir() / "runs" / key


def replay(key: str, out: Path, targets: list[str] | None = None,
           only: list[str] | None = None) -> tuple[list[Path], dict] | None:
    """Publish the stored run ``key`` into ``out`` (its marker recording ``targets`` and the
    ``only`` globs, see dpproof.writers); (paths, meta) or None on a miss."""
    from .writers import publish

    entry = _entry(key)
    try:
        meta = pickle.loads((entry / "meta.pickle").read_bytes())
    except Exception:   # a miss, or a damaged entry
        return None

    def fill(stage: Path, _out: Path):
        shutil.copytree(entry / "files", stage, dirs_exist_ok=True)
        data = json.loads((stage / "report.json").read_text(encoding="utf-8"))
        for claim in data["claims"]:
            claim["cached"] = True
        (stage / "report.json").write_text(json.dumps(data, indent=2, ensure_ascii=False)
                                           + "\n", encoding="utf-8")
        return meta["names"], set()
    return publish(out, fill, targets, only=only), meta


def store(key: str, out: Path, paths: list[Path], meta: dict) -> None:
    """Keep the files just written to ``out`` (``paths``) as run ``key``."""
    tmp = None
    try:
        entry = _entry(key)
        entry.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(dir=entry.parent, prefix=".run-"))
        for p in paths:
            rel = p.relative_to(out)
            (tmp / "files" / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(p, tmp / "files" / rel)
        names = [p.name for p in paths if p.parent == out]
        (tmp / "meta.pickle").write_bytes(pickle.dumps({**meta, "names": names}))
        os.replace(tmp, entry)
    except (OSError, ValueError):   # an existing entry, a read-only disk: not needed
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
