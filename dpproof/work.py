"""A deterministic work meter: budgets counted in Python function calls, not seconds.

The anchors are Z3's ``rlimit`` and Lean's ``maxHeartbeats``: a budget that is a count of work
stops a computation at the same place on every machine and under any load, so a verdict does
not depend on the machine (docs/design.md "Budgets: counted, not timed").  One unit is one
Python function call (a frame started or a generator resumed), counted by a
``sys.monitoring`` PY_START callback (Python 3.12+, about 1.5x CPU on sympy-heavy claims),
else by the frame-evaluation function of ``dpproof/_meter.c`` (3.11, PEP 523: the same
events without turning tracing on, so the interpreter's specialised instructions stay;
about 1.0x), else, where that extension was not built, by a global ``sys.settrace`` hook
that returns None, so no line events (about 2.2x; benchmarks/bench_work_meter.py).
Counts are comparable within one Python and one sympy version only.  C code (sympy's gmpy arithmetic, flint's arb kernels) is
not counted and not interrupted: one long C call can outlast a budget, which is what the one
backstop per claim (CPU seconds of its worker, ``execution.Limits``) is for.

``work_limit(units)`` nests like ``engines.base.time_limit``: an enclosing limit still fires,
``limit_passed()`` says whether one has.  When a limit is reached, ``WorkExhausted`` (an
``EngineTimeout``, so every existing handler catches it) is raised in the frame being called,
raised by the hook.  CPython unsets a trace function that raises (not a monitoring callback);
a one-shot profile function puts it back at the next call, C call or return, before any
handler's code runs on.  Once expired, the exception is raised again every ``REFIRE``
units until the block is left (a library's ``except Exception`` would otherwise
swallow it for good).  Only the thread that installed the meter is interrupted (and, with
settrace and the C counter, metered): the main thread of a worker process, or a Dask
worker's task thread.

Imports are not counted: from a call into importlib's bootstrap (``_find_and_load``,
``_handle_fromlist``, ...) to its return, no call counts and no limit fires.  A module's body
runs once per process, so counting it would charge whichever claim imported it first, and a
limit firing inside it would leave the module half initialised; so a worker may import
lazily what its claim needs (``checking.warm_up``) and a claim's work is the same either way.

Calls made while the garbage collector runs (finalizers, weakref and ``gc.callbacks``
callbacks, hypothesis' among them) are not counted: when a collection happens depends on the
allocator's history, not on the computation.
"""

from __future__ import annotations

import gc
import sys
import threading
from _thread import get_ident

#: depth of ``oracles.integrate.quad`` calls under way: an exception raised inside an
#: ``acb.integral`` callback (a limit's) can be swallowed by python-flint, which then returns
#: a wrong ball; the meter and ``engines.base``'s alarm therefore wait while this is positive
#: (they act again later), and ``quad`` re-raises any exception its integrand raised
INTEGRATING = [0]


class EngineTimeout(Exception):
    """Raised inside an engine when its time limit (seconds, or counted work) is reached;
    ``dpproof.engines.base`` re-exports it."""

#: units between repeated exceptions once a limit has expired
REFIRE = 20_000
#: the longest limit (an infinite one is this)
LONGEST = 10**18
_INF = float("inf")


class WorkExhausted(EngineTimeout):
    """Raised inside an engine when its work budget is spent."""


_count = 0            # calls counted while the meter was installed
_limits: list[int] = []   # absolute counts at which the enclosing work limits expire
_next = _INF          # the count at which the hook next acts
_users = 0            # open blocks that need the meter (work_limit, metering)
_previous = None      # the trace function found when the meter was installed
_owner = [threading.main_thread().ident]   # the thread the meter was installed in
_profile = [None]     # the profile function replaced while the hook is being put back


def spent() -> int:
    """The units counted so far in this process (differences of two readings are the work).
    The meter's own bookkeeping reads the count inline instead: a call to this function
    there would itself be counted (and inside a garbage-collection callback, not undone)."""
    return _C.count() if _C is not None else _count


def charge(units: int) -> None:
    """Count ``units`` more calls for work done inside one C call that no Python call
    counts (a FLINT polynomial power of degree 2n, a loop of ball arithmetic): the next
    counted call acts on them.  Counted only while the meter runs, outside imports."""
    global _count
    if units <= 0:
        return
    if _C is not None:
        _C.add(int(units))
    elif _users and not _importing[0] and not _depth and get_ident() == _owner[0]:
        _count += int(units)


def limit_passed() -> bool:
    """Whether an enclosing ``work_limit`` has expired (its ``WorkExhausted`` caught by an inner
    handler must then propagate)."""
    now = _C.count() if _C is not None else _count
    for d in _limits:       # a loop, not a generator: no frame for the hook to stop in
        if now >= d:
            return True
    return False


#: the files of importlib's frozen bootstrap: a call of one of their functions is an import
IMPORT_FILES = frozenset(("<frozen importlib._bootstrap>",
                          "<frozen importlib._bootstrap_external>"))
#: generators and coroutines resume and suspend: only a function call opens an import
_RESUMABLE = 0x20 | 0x80 | 0x200    # CO_GENERATOR, CO_COROUTINE, CO_ASYNC_GENERATOR
_importing: list = [None]   # the outermost import frame running (trace hook), or None
_depth = 0                  # import functions running (monitoring)


def _opens_import(code) -> bool:
    return code.co_filename in IMPORT_FILES and not code.co_flags & _RESUMABLE


def _hook(frame, event, arg):
    global _count
    if _importing[0] is None:
        if _opens_import(frame.f_code):
            _importing[0] = frame
            frame.f_trace_lines = False
            return _import_done
        _count += 1
        if _count >= _next:
            _due(frame.f_code, hooked=True)
    if _previous is not None:
        return _previous(frame, event, arg)
    return None


def _import_done(frame, event, arg):
    """The local trace function of the outermost import frame: its return ends the import."""
    if event == "return" and frame is _importing[0]:
        _importing[0] = None
    return _import_done


def _started(code, offset):
    """The ``sys.monitoring`` PY_START callback.  Monitoring is process-wide: calls in other
    threads count too (a thread check here cost 20% more CPU); the engines run Python in
    the main thread only, and only the main thread is interrupted."""
    global _count, _depth
    if _opens_import(code):
        _depth += 1
        return
    if _depth:
        return
    _count += 1
    if _count >= _next:
        _due(code)


def _returned(code, offset, value):
    """The ``sys.monitoring`` PY_RETURN callback: an import function's end (elsewhere the
    event is disabled, at that place, for good)."""
    if code.co_filename in IMPORT_FILES:
        _unwound(code, offset, value)
        return None
    return _DISABLE


def _unwound(code, offset, exc):
    """The ``sys.monitoring`` PY_UNWIND callback (cannot be disabled): an import function
    left by an exception."""
    global _depth
    if code.co_filename in IMPORT_FILES and not code.co_flags & _RESUMABLE:
        _depth = max(_depth - 1, 0)


def _due(code, hooked: bool = False) -> None:
    """A limit is reached at a call of ``code``: deliver WorkExhausted to it, unless it is the
    meter's own bookkeeping or a place where Python drops exceptions (then the next call).
    ``hooked``: called by the trace hook, which Python unsets when it raises."""
    now = _C.count() if _C is not None else _count
    if INTEGRATING[0] or code in _UNINTERRUPTIBLE or code.co_name == "gc_callback":
        _arm(now + 1)
        return
    if get_ident() != _owner[0]:
        return
    _arm(now + REFIRE)
    if not hooked:   # monitoring and the C counter are not unset by a raise
        raise WorkExhausted()
    _profile[0] = sys.getprofile()
    sys.setprofile(_reinstall)
    raise WorkExhausted()


def _reinstall(frame, event, arg):
    """One-shot profile function: put the meter back after its raise unset it."""
    previous, _profile[0] = _profile[0], None
    sys.setprofile(previous)
    if _users and sys.gettrace() is None:
        sys.settrace(_hook)


_gc_start: list = [None]   # the count when the running collection started


def _gc_opened(phase, info):
    """First of ``gc.callbacks`` (the trace hook and monitoring; the C counter has its own,
    with no frame): note the count as a collection starts (its own call not counted);
    nothing inside an import, where nothing is counted (its call included)."""
    if phase == "start":
        # inline, no call of ours: a call here would be counted
        if not _users or (_depth > 0 if _TOOL is not None else _importing[0] is not None):
            _gc_start[0] = None
        else:
            _gc_start[0] = _count - 1


def _gc_closed(phase, info):
    """Last of ``gc.callbacks``: as the collection stops, forget the calls it made."""
    global _count
    if phase == "stop" and _gc_start[0] is not None:   # a start seen (not installed
        _count, _gc_start[0] = _gc_start[0], None          # half-way through a collection)


def _unraisable(info) -> None:
    """``sys.unraisablehook`` while dpproof meters: an exhaustion raised where Python cannot
    propagate it (a generator the collector closes, a finaliser) is dropped there and raised
    again ``REFIRE`` calls later, so it is not printed; anything else goes to the hook found."""
    if not isinstance(info.exc_value, WorkExhausted):
        _found_unraisable[0](info)


_found_unraisable = [sys.unraisablehook]


def _install() -> None:
    global _users, _previous
    if _users == 0:     # the thread that meters (a Dask worker runs claims in a thread)
        _owner[0] = get_ident()
        if sys.unraisablehook is not _unraisable:
            _found_unraisable[0], sys.unraisablehook = sys.unraisablehook, _unraisable
    opened, closed = _GC_CALLBACKS
    for cb in (opened, closed):   # first and last, whatever registered since
        while cb in gc.callbacks:
            gc.callbacks.remove(cb)
    gc.callbacks.insert(0, opened)
    gc.callbacks.append(closed)
    if _TOOL is not None:
        if _users == 0:
            events = sys.monitoring.events
            sys.monitoring.set_events(_TOOL, events.PY_START | events.PY_RETURN
                                      | events.PY_UNWIND)
        _users += 1
        return
    if _C is not None:
        if not _C.active():                # first block, or a library replaced it
            _C.install(_due)
        _users += 1
        return
    if _users == 0 and sys.gettrace() is not _hook:
        _previous = sys.gettrace()         # restored when the last block is left
    if sys.gettrace() is not _hook:        # first block, or the hook was unset meanwhile
        sys.settrace(_hook)
    _users += 1


def _uninstall() -> None:
    global _users, _previous, _depth
    _users -= 1
    if _users == 0:
        _importing[0], _depth = None, 0
        if _TOOL is not None:
            sys.monitoring.set_events(_TOOL, 0)
        elif _C is not None:
            _C.uninstall()
        else:
            sys.settrace(_previous)
            _previous = None
        for cb in _GC_CALLBACKS:
            while cb in gc.callbacks:
                gc.callbacks.remove(cb)


def _rearm() -> None:
    """The next count to act at: the nearest limit, or, if one has already expired (its
    exception is on its way), the next refire."""
    now = _C.count() if _C is not None else _count
    nearest = min(_limits) if _limits else _INF
    _arm(nearest if nearest > now else now + REFIRE)


def _arm(at) -> None:
    """Act next at count ``at`` (the C counter keeps its own copy)."""
    global _next
    _next = at
    if _C is not None:
        _C.set_next(at)


class work_limit:
    """Interrupt the block with ``WorkExhausted`` after ``units`` function calls.

    Nests: an enclosing limit that expires first still fires.  The previous trace function
    (a debugger's, coverage's) is chained while the meter runs and restored when the last
    block is left; a hook that Python or a library unset is put back on entering a block."""

    def __init__(self, units: float):
        # not a positive number (0, negative, nan): expired at once; none exceeds LONGEST
        self.units = int(min(units, LONGEST)) if units >= 1 else 1

    def __enter__(self):
        _install()
        _limits.append(spent() + self.units)
        _rearm()
        return self

    def __exit__(self, *exc):
        _limits.pop()
        _rearm()
        _uninstall()
        return False


class metering:
    """Count calls in the block without limiting it (``spent()`` differences are the work)."""

    def __enter__(self):
        _install()
        return self

    def __exit__(self, *exc):
        _uninstall()
        return False


#: the meter's own frames, which a limit never interrupts
_UNINTERRUPTIBLE = tuple(f.__code__ for f in (
    _started, _returned, _unwound, _import_done, work_limit.__enter__, work_limit.__exit__,
    metering.__enter__, metering.__exit__, _install, _uninstall, _reinstall, _gc_opened,
    _gc_closed, _rearm, _arm, limit_passed, _unraisable, spent, charge))


def _tool() -> int | None:
    """A free ``sys.monitoring`` tool id with our callback registered, or None (Python 3.11,
    or every id taken): then the settrace hook."""
    monitoring = getattr(sys, "monitoring", None)
    if monitoring is None:
        return None
    for tool in (5, 4, 3):      # OPTIMIZER_ID and two unnamed ones: debuggers,
        if monitoring.get_tool(tool) is None:     # coverage and profilers use 0-2
            monitoring.use_tool_id(tool, "dpproof.work")
            monitoring.register_callback(tool, monitoring.events.PY_START, _started)
            monitoring.register_callback(tool, monitoring.events.PY_RETURN, _returned)
            monitoring.register_callback(tool, monitoring.events.PY_UNWIND, _unwound)
            return tool
    return None


_DISABLE = getattr(getattr(sys, "monitoring", None), "DISABLE", None)
_TOOL = _tool()


def _counter():
    """The C counter (dpproof/_meter.c, a frame-evaluation function: the same events as the
    trace hook at a twentieth of its overhead) where ``sys.monitoring`` is missing (3.11) and
    the extension was built; else None (the Python hook)."""
    if _TOOL is not None:
        return None
    try:
        from . import _meter
    except ImportError:
        return None
    return _meter if hasattr(_meter, "add") else None   # one built before ``charge``


_C = _counter()
#: the first and last of ``gc.callbacks`` while the meter runs
_GC_CALLBACKS = ((_C.gc_opened, _C.gc_closed) if _C is not None else (_gc_opened, _gc_closed))
