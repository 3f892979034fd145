"""What every engine shares: the run configuration, the registry, the budgets (counted work,
the one clock); compiled claims live in ``compiled`` (re-exported here).

An engine is a module with ``NAME``, ``supports(claim) -> bool`` and
``check(claim, config) -> Evidence``.  Engines are registered by name and imported lazily
(``load``); they never import each other.
"""

from __future__ import annotations

import functools
import importlib
import signal
import time
from contextlib import contextmanager
from dataclasses import dataclass

import sympy

from ..claims import Interval
from . import ENGINES
from ..work import INTEGRATING
from .. import work
from ..fresh_state import seed_sympy
from ..work import EngineTimeout  # noqa: F401  (defined with the work meter; re-exported)
from .compiled import Compiled, classify, fails, holds, lowers  # noqa: F401  (re-exported)
from .decimals import decimal_str, describe_box  # noqa: F401  (re-exported)


#: the largest magnitude an unbounded parameter end is truncated to (see interval engine)
TRUNCATE_AT = sympy.Integer(10) ** 6


#: what ``Config.budget`` may be
BUDGETS = ("seconds", "work")
#: work units (Python function calls, ``dpproof.work``) per second of a limit under
#: budget="work": about what one unmetered CPU-second of sympy-heavy code makes on the machine
#: the defaults were tuned on (benchmarks/bench_work_meter.py measures it)
UNITS_PER_SECOND = 2_000_000
#: decimals a work reading is reported to: a work-second is 2,000,000 units, so at 7 decimals
#: the difference of two readings is the exact count, whatever float error its subtraction
#: carries (at 6, an odd count sits on a rounding tie that the error breaks either way)
WORK_DECIMALS = 7


@dataclass(frozen=True)
class Config:
    """Every precision, seed and limit of a run; recorded in the evidence, never global."""

    prec: int = 128                  # bits of ball arithmetic
    witness_precs: tuple[int, ...] = (128, 256, 1024)
    seed: int = 0
    timeout: float = 120.0           # seconds per claim, all engines together
    engine_timeout: float = 60.0     # seconds per engine and claim
    #: symbolic's first try (full budget later if no engine decided); 3 s leaves headroom over
    #: the slowest quick decisions of the library (~1.3 s) so that load does not move them
    symbolic_quick_timeout: float = 3.0
    max_boxes: int = 3000            # interval engine budget
    max_depth: int = 48
    search_examples: int = 200       # hypothesis examples
    numeric_dps: tuple[int, int] = (30, 60)
    grid: int = 7                    # numeric grid points per parameter
    engines: tuple[str, ...] = tuple(ENGINES)
    #: what the limits above count: "work" (the default) -- each limit of s seconds is
    #: s * UNITS_PER_SECOND counted function calls (dpproof.work), the same on every machine
    #: -- or "seconds" of wall clock (SIGALRM), which makes verdicts depend on the machine
    budget: str = "work"
    #: the backstop, for a runaway no count interrupts (C code, a loop without calls): CPU
    #: seconds of a claim's worker after which it is stopped, and four times as many wall
    #: seconds for a worker that does not run (``execution.Limits``); a calculus claim gets
    #: it per premise.  A claim it stops says that its verdict depends on the machine.  1800
    #: is BACKSTOP CPU seconds per work-second of a claim's default budget and repair
    #: (120 + 60); a claim that spends both takes about 700 here.  Under budget="seconds"
    #: the supervisor's limit is timeout + engine_timeout + 5 wall seconds instead.
    backstop: float = 1800.0

    def __post_init__(self):
        if self.budget not in BUDGETS:
            raise ValueError(f"budget must be one of {', '.join(BUDGETS)}, got {self.budget!r}")
        unknown = [e for e in self.engines if e not in ENGINES]
        if unknown:
            raise ValueError(f"unknown engine(s) {unknown}; allowed: {', '.join(ENGINES)}")
        if self.prec < 32:
            raise ValueError(f"prec must be at least 32 bits, got {self.prec}")
        if not (self.timeout > 0 and self.engine_timeout > 0 and self.symbolic_quick_timeout > 0
                and self.backstop > 0):
            raise ValueError(f"timeouts must be positive, got {self.timeout}, "
                             f"{self.engine_timeout}, {self.symbolic_quick_timeout}")


def load(name: str):
    """The engine module registered as ``name``."""
    if name not in ENGINES:
        raise KeyError(f"no engine {name!r}; allowed: {', '.join(ENGINES)}")
    return importlib.import_module(ENGINES[name])


#: the budget the limits count in this process now (set by ``budgeted`` for one claim)
_BUDGET = ["seconds"]


def counted(check):
    """An engine's ``check``, which runs under its config's budget wherever it is called.

    The runner opens ``budgeted`` once per claim, and there this adds nothing.  Called on its
    own (a script, a test), the check opens it itself: with ``Config.budget`` "work" (the
    default) its limits then count work there too, instead of falling back to the wall clock,
    on which a test on a busy CI runner got a weaker verdict than on a quiet machine."""
    @functools.wraps(check)
    def run(claim, config):
        if _BUDGET[0] == "work" or config.budget != "work":
            return check(claim, config)
        with budgeted(config):
            return check(claim, config)
    return run


@contextmanager
def budgeted(config: Config):
    """Run the block under ``config.budget``.  For "work": every ``time_limit`` and ``Deadline``
    opened inside counts work instead of seconds, the meter runs, and sympy's random streams
    (its assumptions system shuffles the facts it asks, ``sympy.core.random``) restart from
    the config's seed, so that the same claim does the same work in every process."""
    if config.budget != "work":
        yield
        return
    seed_sympy(config.seed)
    previous, _BUDGET[0] = _BUDGET[0], "work"
    try:
        with work.metering():
            yield
    finally:
        _BUDGET[0] = previous


class time_limit:
    """Interrupt the block after ``seconds`` with EngineTimeout (SIGALRM, main thread only).

    Under ``budgeted`` work, a ``dpproof.work.work_limit`` of ``seconds * UNITS_PER_SECOND``
    units instead (no clock is read).

    Nests: an enclosing limit that expires first still fires, and is restored on exit.
    Outside the main thread there is no hard limit; the engines' own budgets apply.
    Once expired, the alarm fires again every ``REFIRE`` seconds until the block is left: an
    EngineTimeout raised where Python ignores exceptions (a garbage-collector callback, a
    ``__del__``) or caught by a library's ``except Exception`` would otherwise be lost, and
    the claim would run on until the supervisor kills its worker (seen in a library run:
    "Exception ignored in gc_callback ... EngineTimeout", then a 185 s wall-clock kill).

    The alarm never interrupts ``__enter__`` or ``__exit__`` themselves (``_raise_timeout``
    defers it there; the refire or the re-armed enclosing alarm delivers it).  Interrupted
    half-way (as a generator-based context manager, it could be), a block left its repeating
    alarm armed after it was left, and the EngineTimeout came from wherever the process was
    next: in CI, from pytest's own code between two tests, which ended the worker
    (INTERNALERROR, exit 3).  Reproduced once in 3000 nested millisecond limits; pinned by
    ``tests/runner/test_time_limit.py``.
    """

    def __new__(cls, seconds: float, cpu: bool = False):
        if _BUDGET[0] == "work" and not cpu:
            return _Counted(seconds)
        return super().__new__(cls)

    def __init__(self, seconds: float, cpu: bool = False):
        # 0 would disarm the alarm, the enclosing limits' too (the block ran unlimited), and
        # a negative, infinite or nan one made setitimer raise half-way (its deadline, a
        # limit passed for every later block, and its handler left behind): a limit that is
        # not a positive number of seconds has expired at once; none exceeds LONGEST
        self.seconds = min(seconds, LONGEST) if seconds > 0 else SHORTEST
        self.armed = False
        # ``cpu``: the process's CPU seconds (ITIMER_PROF): the backstops of counted limits
        self.timer, self.signum, self.clock = (
            (signal.ITIMER_PROF, signal.SIGPROF, _CPU_CLOCK) if cpu
            else (signal.ITIMER_REAL, signal.SIGALRM, _ALARM_CLOCK))

    def __enter__(self):
        try:
            self.previous = signal.signal(self.signum, _raise_timeout)
        except ValueError:      # not the main thread: no hard limit
            return self
        self.outer, _ = signal.getitimer(self.timer)
        self.start = self.clock()
        _DEADLINES.append((self.clock, self.start + self.seconds))
        self.armed = True
        first = min(self.seconds, self.outer) if self.outer > 0 else self.seconds
        signal.setitimer(self.timer, first, REFIRE)
        return self

    def __exit__(self, *exc):
        if self.armed:
            self.armed = False
            signal.setitimer(self.timer, 0)
            _DEADLINES.pop()
            signal.signal(self.signum, self.previous)
            if self.outer > 0:
                left = self.outer - (self.clock() - self.start)
                signal.setitimer(self.timer, max(left, 1e-3), REFIRE)
        return False


#: the clock of SIGALRM limits (every limit under budget="seconds") and of the CPU-time
#: backstops of counted limits, bound at import; no decision of a route reads them
_ALARM_CLOCK = time.perf_counter
_CPU_CLOCK = time.process_time
#: a counted limit of s work-seconds also has a backstop of s * BACKSTOP CPU seconds: counting
#: does not see a loop that makes no call (sympy's dense polynomials on ints; one ran a worker
#: to its memory limit).  CPU, not wall: on the wall clock it fired on a loaded machine (a
#: 3 work-second step took 30 s under 4x oversubscription); CPU follows the machine's speed.
BACKSTOP = 10.0
#: set when a backstop fired in this process since the flag was last cleared (check_claim)
BACKSTOP_FIRED = [False]


class _Counted:
    """A counted limit (``work.work_limit``) with its CPU-time backstop (``BACKSTOP``)."""

    def __init__(self, seconds: float):
        self.work = work.work_limit(seconds * UNITS_PER_SECOND if seconds > 0 else 0)
        self.alarm = time_limit(seconds * BACKSTOP if seconds > 0 else 0, cpu=True)

    def __enter__(self):
        self.alarm.__enter__()
        self.work.__enter__()
        return self

    def __exit__(self, kind, exc, tb):
        self.work.__exit__(kind, exc, tb)
        self.alarm.__exit__(kind, exc, tb)
        return False


#: seconds between repeated alarms once a ``time_limit`` has expired
REFIRE = 0.5
#: the shortest and longest limits armed (an expired limit; what setitimer takes)
SHORTEST, LONGEST = 1e-6, 1e8


#: (clock, absolute deadline) of the enclosing ``time_limit`` blocks, outermost first
_DEADLINES: list[tuple] = []


def outer_limit_passed() -> bool:
    """Whether an enclosing ``time_limit`` has expired: an ``EngineTimeout`` caught by an
    inner block's handler (a sympy guard, an engine's own budget) is then the outer limit's,
    and must propagate -- swallowed, the claim's limit would never stop the claim.  Work
    limits (``dpproof.work``) count too."""
    if work.limit_passed():
        return True
    return any(clock() >= d for clock, d in _DEADLINES)


#: the frames the alarm never interrupts: the limits' bookkeeping (an EngineTimeout raised in
#: ``work_limit.__exit__`` left the meter installed, and a later limit fired in pytest's code)
_UNINTERRUPTIBLE = tuple(f.__code__ for f in (time_limit.__enter__, time_limit.__exit__,
                         _Counted.__enter__, _Counted.__exit__)) + work._UNINTERRUPTIBLE


def _raise_timeout(signum, frame):
    if INTEGRATING[0]:
        return   # never inside an acb.integral callback (see oracles.integrate): it refires
    if frame is not None and (frame.f_code in _UNINTERRUPTIBLE
                              or frame.f_code.co_name == "gc_callback"):
        return   # time_limit's bookkeeping, or a gc callback (hypothesis' drops it): it refires
    if _importing(frame):
        return   # a module half imported stays broken for the process (as work limits): refires
    if signum == signal.SIGPROF:
        # a backstop, not a count, stops this step: said where the claim's verdict is.  Set
        # here, where the timer fired, and not by comparing the CPU clock with the limit on
        # leaving the block: the timer's tick-sampled CPU time reaches the limit a little
        # before ``process_time`` does, and such a firing went unflagged
        BACKSTOP_FIRED[0] = True
    raise EngineTimeout()


def _importing(frame) -> bool:
    """Whether ``frame`` runs inside an import (a frame of importlib's bootstrap below it)."""
    while frame is not None:
        if frame.f_code.co_filename in work.IMPORT_FILES:
            return True
        frame = frame.f_back
    return False


_WALL = time.perf_counter   # bound at import: ``wall`` is the one reporting clock


def wall() -> float:
    """The wall clock, for the seconds a report shows (evidence, figures) and nothing else:
    no decision of an engine or route may read it (``tests/runner/test_work_meter.py``
    feeds it noise and asserts the same verdicts)."""
    return _WALL()


def now(budget: str | None = None) -> float:
    """The budget clock, for "how much of a budget is left" arithmetic: ``time.perf_counter()``,
    or under ``budgeted`` work the units spent / ``UNITS_PER_SECOND`` (no clock is read).
    ``budget``: a config's kind, for a reading outside ``budgeted``.  Not for the seconds
    reported in evidence, which are the wall clock's."""
    if (budget or _BUDGET[0]) == "work":
        return work.spent() / UNITS_PER_SECOND
    return time.perf_counter()


class Deadline:
    """A soft deadline the engines poll between units of work (on ``now``: under ``budgeted``
    work, units spent / ``UNITS_PER_SECOND``)."""

    def __init__(self, seconds: float):
        self.counted = _BUDGET[0] == "work"
        self.start = now()
        self.seconds = seconds

    @property
    def elapsed(self) -> float:
        return now() - self.start

    @property
    def passed(self) -> bool:
        return self.elapsed >= self.seconds

def effective_bounds(iv: Interval) -> tuple[sympy.Rational, sympy.Rational, bool]:
    """Finite ends for a parameter: unbounded ends truncated at +-TRUNCATE_AT.

    Returns (lo, hi, truncated).  A real parameter gets the closure of its range (open ends
    are excluded where points are drawn: ``witness.in_domain``); an integer parameter the
    least and greatest integers *in* its range, so an open end k < 5 gives hi = 4.
    """
    lo, hi, truncated = iv.lo, iv.hi, False
    if lo is None:
        lo = (min(hi, 0) if hi is not None else 0) - TRUNCATE_AT
        truncated = True
    if hi is None:
        hi = max(lo, 0) + TRUNCATE_AT
        truncated = True
    lo, hi = sympy.Rational(lo), sympy.Rational(hi)
    if iv.integer:
        first, last = sympy.ceiling(lo), sympy.floor(hi)
        first += 1 if iv.lo_open and first == lo else 0
        last -= 1 if iv.hi_open and last == hi else 0
        if first <= last:
            lo, hi = first, last
    return lo, hi, truncated
