"""Hashes of source files and of dpproof itself, the cache folder, and the library's package
and modules: what the result cache, the run cache and the declarations index key their
entries by, and which library modules a run must build.  Imports no sympy, so that the
lookups of ``dpproof list``/``show`` stay fast.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import pkgutil
import re
import sys
import time
from functools import lru_cache
from pathlib import Path

#: the package of the built-in theorem library (the TARGET when none is given)
LIBRARY_PACKAGE = "theorems"
#: the cache folder: $DPPROOF_CACHE_DIR, else .dpproof_cache in the working directory
DEFAULT_DIR = ".dpproof_cache"


def library_modules() -> list[str]:
    """The theorem modules of the built-in library, in name order."""
    pkg = importlib.import_module(LIBRARY_PACKAGE)
    return sorted(f"{LIBRARY_PACKAGE}.{m.name}" for m in pkgutil.iter_modules(pkg.__path__)
                  if not m.name.startswith(("_", "audit_")))  # audits: named TARGETs only


def library_candidates(patterns: list[str] | None) -> list[str]:
    """The library modules that may declare a claim whose id matches one of the globs (all
    of them when there are none).  A library module ``theorems.M`` declares only ids
    ``M.<...>`` (checked whenever it is loaded, ``loader.load_target``), so a glob whose literal
    start -- up to its first wildcard -- begins with another module's prefix cannot match
    any of M's claims, and M is not built.  This is what keeps ``--only``, ``list`` and
    ``show`` from building the whole library."""
    modules = library_modules()
    if not patterns:
        return modules
    heads = [re.split(r"[*?\[]", p, maxsplit=1)[0] for p in patterns]
    return [m for m in modules if any(h.startswith(library_prefix(m))
                                      or library_prefix(m).startswith(h) for h in heads)]


def library_prefix(module: str) -> str:
    """What every claim id of library module ``theorems.M`` starts with: ``M.``."""
    return module.rpartition(".")[2] + "."


def library_targets(targets: list[str] | None, patterns: list[str] | None) -> list[str]:
    """The TARGETs to load for a run with ``--only`` globs: the given ones, else the
    library modules that may hold a selected claim (``library_candidates``)."""
    return list(targets) if targets else library_candidates(patterns)


def duplicate_problem(ids_by_target) -> str | None:
    """The error of an id (a step's too) declared twice, naming both places, or None;
    ``ids_by_target``: (TARGET, its ids) pairs."""
    where: dict[str, str] = {}
    for t, ids in ids_by_target:
        for cid in ids:
            if cid in where:
                same = "twice in " + t if where[cid] == t else f"in {where[cid]} and in {t}"
                return f"claim id {cid!r} appears {same}; ids must be unique"
            where[cid] = t
    return None


def cache_dir(path: str | os.PathLike | None = None) -> Path:
    return Path(path or os.environ.get("DPPROOF_CACHE_DIR") or DEFAULT_DIR)


#: a file modified less than this many seconds ago is hashed afresh every time: a clock
#: with a coarse tick gives an edit of the same length made within the tick the same
#: mtime, and the remembered hash would be stale (git's "racily clean" files)
RACY_SECONDS = 2.0


def source_hash(filename: str) -> str:
    """SHA-256 of a file's bytes (remembered while its inode, size and times stay the same
    and its last change is not recent, see ``RACY_SECONDS``)."""
    try:
        st = os.stat(filename)
    except OSError:
        return "unreadable"
    if time.time() - max(st.st_mtime, st.st_ctime) < RACY_SECONDS:
        return _hash_file.__wrapped__(filename)
    return _hash_file(filename, st.st_ino, st.st_mtime_ns, st.st_ctime_ns, st.st_size)


@lru_cache(maxsize=4096)
def _hash_file(filename: str, *stat) -> str:
    try:
        return hashlib.sha256(Path(filename).read_bytes()).hexdigest()
    except OSError:
        return "unreadable"


@lru_cache(maxsize=1)
def package_hash() -> str:
    root = Path(__file__).resolve().parent
    h = hashlib.sha256()
    for f in sorted([*root.rglob("*.py"), *root.rglob("*.c")]):   # the work meter's C counter
        h.update(str(f.relative_to(root)).encode() + source_hash(str(f)).encode())
    return h.hexdigest()


@lru_cache(maxsize=1)
def library_versions() -> str:
    """Versions of the libraries the engines compute with (a new one may decide otherwise)."""
    from importlib.metadata import PackageNotFoundError, version

    out = []
    for name in ("sympy", "mpmath", "python-flint", "hypothesis", "numpy", "scipy"):
        try:
            out.append(f"{name}={version(name)}")
        except PackageNotFoundError:
            out.append(f"{name}=-")
    return " ".join(out) + f" python={sys.version.split()[0]}"
