"""The command line's pinned process: one re-execution with ``PYTHONHASHSEED=0`` and, on Linux,
without address-space randomisation."""

from __future__ import annotations

import os
import sys

#: Linux ``personality`` flag: lay out the next executed program without randomising addresses
ADDR_NO_RANDOMIZE = 0x0040000
#: ``personality`` argument that only reads the current persona
_QUERY = 0xFFFFFFFF
#: set in the re-executed process's environment: it does not re-execute again
MARK = "DPPROOF_PINNED"


def pin_hash_seed() -> None:
    """Re-execute once, before anything heavy is imported (about 0.05 s), with
    ``PYTHONHASHSEED=0`` and, where Linux allows it, addresses laid out as in every other run.

    Counted work -- and a verdict at the edge of a budget -- would otherwise follow two
    per-process random draws.  sympy iterates sets of expressions in an order that follows
    Python's string hashes.  And a Python class hashes by its address: sympy's caches
    (``lru_cache(typed=True)``) key every entry with its arguments' classes, so where an entry
    lands in the cache's table moves with the addresses, and with it how many equal-hash
    entries (``hash(-1) == hash(-2)``, ``Float(2.0)`` and ``2``) a lookup compares before it
    finds its own: calls that count (measured: ``adp_notes.basic_composition.instances``
    differed by up to 40,000 calls between fresh runs; laid out alike, none).  Pinned, a verdict
    is a function of the claim, the settings, the version and dpproof's ``--seed``.  Forked
    workers inherit both.  Where the persona cannot be set (not Linux, or a sandbox that
    forbids it) the run goes on with randomised addresses, its counts then reproducible only
    to that residue.  (A Python caller of ``dpproof.verify`` pins the hash seed itself.)"""
    if os.environ.get(MARK) or os.environ.get("DPPROOF_NO_REEXEC"):
        return
    fixed = _fixed_layout()
    if os.environ.get("PYTHONHASHSEED") == "0" and not fixed:
        return
    env = dict(os.environ, PYTHONHASHSEED="0", **{MARK: "1"})
    try:
        os.execve(sys.executable, [sys.executable, "-m", "dpproof", *sys.argv[1:]], env)
    except OSError:
        return          # no exec (an unusual platform): run with the process's own seed


def _fixed_layout() -> bool:
    """Whether the next exec will lay addresses out without randomisation because this call
    asked for it (Linux ``personality``); False where it is already so or cannot be."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        current = libc.personality(_QUERY)
        if current == -1 or current & ADDR_NO_RANDOMIZE:
            return False
        return libc.personality(current | ADDR_NO_RANDOMIZE) != -1
    except (OSError, AttributeError):
        return False


def layout_fixed() -> bool:
    """Whether this process runs without address randomisation (Linux; False elsewhere)."""
    try:
        with open("/proc/self/personality") as f:
            return bool(int(f.read(), 16) & ADDR_NO_RANDOMIZE)
    except (OSError, ValueError):
        return False
