"""The command line's hash seed: one re-execution with ``PYTHONHASHSEED=0``."""

from __future__ import annotations

import os
import sys


def pin_hash_seed() -> None:
    """Re-execute once with ``PYTHONHASHSEED=0``, before anything heavy is imported (about
    0.05 s).  sympy iterates sets of expressions in an order that follows Python's
    per-process random string hashes, so the counted work of a claim -- and a verdict at the
    edge of a budget -- would depend on the seed; pinned, a verdict is a function of the
    claim, the settings, the version and dpproof's ``--seed``.  Forked workers inherit it.
    (A Python caller of ``dpproof.verify`` sets ``PYTHONHASHSEED`` itself for the same.)"""
    if os.environ.get("PYTHONHASHSEED") == "0" or os.environ.get("DPPROOF_NO_REEXEC"):
        return
    env = dict(os.environ, PYTHONHASHSEED="0")
    try:
        os.execve(sys.executable, [sys.executable, "-m", "dpproof", *sys.argv[1:]], env)
    except OSError:
        return          # no exec (an unusual platform): run with the process's own seed
