"""Shared helpers for the test suite."""

import os
import subprocess
import sys
from pathlib import Path

from dpproof.claims import Claim, Domain, Interval, Kind, Source
from dpproof.expr import parse_statement

TEST_SOURCE = Source("test", "tests", "conformance suite")


def make_claim(cid: str, text: str, kind: Kind = Kind.INEQUALITY, **ranges: Interval) -> Claim:
    """A claim parsed from the claims-file language over the given parameter ranges."""
    domain = Domain(tuple(ranges.items()))
    return Claim(cid, TEST_SOURCE, parse_statement(text, domain.symbols()), domain, kind)


def layout_pinnable() -> bool:
    """Whether this machine lets a process turn address randomisation off, as the command
    line's re-execution asks (``dpproof.hash_seed``): asked in a child, whose later execs
    alone it affects, and read back from ``/proc/self/personality``."""
    done = subprocess.run([sys.executable, "-c", "from dpproof.hash_seed import _fixed_layout, "
                           "layout_fixed; _fixed_layout(); print(layout_fixed())"],
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])})
    return done.stdout.strip() == "True"


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, or no such process: not)."""
    try:
        with open(f"/proc/{pid}/status") as fh:
            return "\nState:\tZ" not in fh.read()
    except FileNotFoundError:
        return False


def with_sympys_own(owner, name: str, original, install, fn):
    """``fn()`` with sympy's own ``original`` put back as ``owner.<name>`` in place of
    dpproof's shortcut, which ``install()`` then puts in again: the comparisons of
    ``dpproof.sympy_factor``, ``sympy_terms`` and ``sympy_lattice`` with sympy."""
    setattr(owner, name, original)
    try:
        return fn()
    finally:
        install()

