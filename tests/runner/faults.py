"""A test-only engine that misbehaves on purpose, and claims that trigger it.

Registered as ``fault`` in ``dpproof.engines.base.ENGINES`` by ``register()``; it supports
only claims whose id starts with ``fault.`` and, by the id's last part:
``sleep`` writes its pid to $DPPROOF_FAULT_PIDS/<pid> and sleeps; ``stuck`` blocks SIGALRM
(as C code that never returns to Python does) and sleeps; ``burn`` blocks SIGALRM and SIGPROF
(the in-worker limits' signals) and loops, as C code that computes and never returns does;
``spin`` loops in Python;
``alloc`` allocates without bound; ``enomem`` raises the OSError ENOMEM that the import
system's directory listing raises at the memory limit; ``contradict`` says PROVED of a false
claim (the cross-examination must catch it).  Other claims are left to the real engines.
"""

import errno
import os
import signal
import time

import sympy

from dpproof.claims import Claim, Domain, Interval, Source, Statement
from dpproof.engines.base import ENGINES
from dpproof.evidence import Evidence, Verdict

NAME = "fault"
x = sympy.Symbol("x")
SRC = Source("fault", "tests/runner/faults.py", "test")


def register(first: bool = False) -> None:
    """Add the engine to the registry (first in the order with ``first``)."""
    if first:
        rest = {k: v for k, v in ENGINES.items() if k != NAME}
        ENGINES.clear()
        ENGINES[NAME] = __name__
        ENGINES.update(rest)
    else:
        ENGINES[NAME] = __name__


def claim(kind: str, i: int = 0) -> Claim:
    """A claim the fault engine misbehaves on (``kind`` as in the module docstring)."""
    if kind == "contradict":   # false: x = 2
        return Claim(f"fault.c{i}.{kind}", SRC, Statement(x**2, "<=", x),
                     Domain.of(x=Interval.closed(0, 2)))
    return Claim(f"fault.c{i}.{kind}", SRC, Statement(x, "<=", x + 1),
                 Domain.of(x=Interval.closed(0, 1)))


def true_claim(i: int) -> Claim:
    """log(1 + x) <= x on [0, i + 1]: true; PROVED by the exact tactics, CERTIFIED by interval."""
    return Claim(f"ok.c{i}", SRC, Statement(sympy.log(1 + x), "<=", x),
                 Domain.of(x=Interval.closed(0, i + 1)))


def false_claim() -> Claim:
    """x**2 <= x on [0, 2]: false (x = 2), refuted by the interval or search engine."""
    return Claim("ok.false", SRC, Statement(x**2, "<=", x), Domain.of(x=Interval.closed(0, 2)))


def supports(c: Claim) -> bool:
    return c.id.startswith("fault.")


def check(c: Claim, config) -> Evidence:
    kind = c.id.rsplit(".", 1)[-1]
    if kind == "sleep":
        folder = os.environ.get("DPPROOF_FAULT_PIDS")
        if folder:
            with open(os.path.join(folder, str(os.getpid())), "w") as fh:
                fh.write(c.id)
        time.sleep(300)
    elif kind == "stuck":
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
        time.sleep(300)
    elif kind == "burn":
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM, signal.SIGPROF})
        while True:
            pass
    elif kind == "spin":
        while True:
            pass
    elif kind == "contradict":
        return Evidence(NAME, Verdict.PROVED, "a lying engine", scope="whole domain")
    elif kind == "enomem":
        raise OSError(errno.ENOMEM, os.strerror(errno.ENOMEM))
    elif kind == "alloc":
        blocks = []
        while True:
            blocks.append(bytearray(64 * 2 ** 20))
    return Evidence(NAME, Verdict.INCONCLUSIVE, "nothing to do")
