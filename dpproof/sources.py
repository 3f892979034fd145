"""Hashes of source files and of dpproof itself, the cache folder and the library's package name: what the result cache,
the run cache and the declarations index key their entries by.  Imports no sympy, so that
the lookups of ``dpproof list``/``show`` stay fast.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from functools import lru_cache
from pathlib import Path

#: the package of the built-in theorem library (the TARGET when none is given)
LIBRARY_PACKAGE = "theorems"
#: the cache folder: $DPPROOF_CACHE_DIR, else .dpproof_cache in the working directory
DEFAULT_DIR = ".dpproof_cache"


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
    for f in sorted(root.rglob("*.py")):
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
