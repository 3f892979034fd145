"""The command line's pinned process: one re-execution with ``PYTHONHASHSEED=0`` and, on Linux,
without address-space randomisation; in the process that runs, sympy's Dummy numbering
starts from a fixed base (``pin_dummy_base``)."""

from __future__ import annotations

import hashlib
import importlib.machinery
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
    to that residue.  The process that runs then pins sympy's Dummy numbering
    (``pin_dummy_base``).  (A Python caller of ``dpproof.verify`` pins the hash seed itself.)"""
    if os.environ.get("DPPROOF_NO_REEXEC"):
        return
    if not os.environ.get(MARK):
        fixed = _fixed_layout()
        if os.environ.get("PYTHONHASHSEED") != "0" or fixed:
            env = dict(os.environ, PYTHONHASHSEED="0", **{MARK: "1"})
            try:
                os.execve(sys.executable, [sys.executable, "-m", "dpproof", *sys.argv[1:]],
                          env)
            except OSError:
                pass    # no exec (an unusual platform): run with the process's own seed
    pin_dummy_base()    # the process that runs


def dummy_base(key: str) -> int:
    """A base for Dummy indices from ``key`` (a claim's content; "import" for sympy's own):
    10^9 times 48 bits of its hash, plus 10^9 -- above sympy's own draws (below 10^7), and
    two keys' bases differ by at least 10^9, more Dummies than a process creates."""
    return int(hashlib.sha256(key.encode()).hexdigest()[:12], 16) * 10**9 + 10**9


def pin_dummy_base() -> None:
    """Number the Dummies sympy creates as it is imported from ``dummy_base("import")``.

    sympy draws the base of its Dummy numbering when ``sympy.core.symbol`` is executed, from
    a ``random.Random()`` seeded by the operating system, and its modules then create
    Dummies (34 here: the ``x`` of a ``Lambda``, the ``conditionset`` of ``ConditionSet``,
    ...).  A Dummy's index enters its hash, so the order in which sets of them are walked
    and where later objects land in memory followed that draw: with everything else pinned,
    one claim (osgt22.rdp_to_dp) counted between 0 and 80 calls more in one process than in
    another, and only replacing that draw made them equal.  Set as the module is executed,
    before any Dummy exists; nothing when sympy is already imported (a Python caller's
    process, whose numbering is its own)."""
    if "sympy.core.symbol" not in sys.modules and not any(
            isinstance(f, _DummyBase) for f in sys.meta_path):
        sys.meta_path.insert(0, _DummyBase())


class _DummyBase:
    """The meta path finder of ``pin_dummy_base``: the standard spec of ``sympy.core.symbol``,
    its loader setting ``Dummy._base_dummy_index`` once the module has run."""

    def find_spec(self, name, path, target=None):
        if name != "sympy.core.symbol":
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        run = getattr(spec and spec.loader, "exec_module", None)
        if run is None:
            return spec

        def exec_module(module):
            run(module)
            module.Dummy._base_dummy_index = dummy_base("import")

        spec.loader.exec_module = exec_module
        return spec


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
