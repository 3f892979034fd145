"""``time_limit`` cleans up whenever its alarm fires, even inside its own enter and exit.

As a generator-based context manager, an alarm landing in its bookkeeping left the repeating
alarm armed after the block was left (once in 3000 nested millisecond limits); the next
EngineTimeout then came from pytest's own code and ended a CI worker."""

import random
import signal
import sys
import time

import pytest

from dpproof.engines import base
from dpproof.engines.base import EngineTimeout, time_limit


def _clean() -> bool:
    return (signal.getitimer(signal.ITIMER_REAL)[0] == 0
            and signal.getsignal(signal.SIGALRM) is signal.SIG_DFL and not base._DEADLINES)


def _spin(n):
    x = 0
    for k in range(n):
        x += k
    return x


def test_nested_millisecond_limits_never_leave_an_alarm_armed():
    rng = random.Random(7)
    fired = 0
    for _ in range(3000):
        try:
            with time_limit(rng.choice([1e-4, 1e-3, 2e-3])):
                try:
                    with time_limit(rng.choice([1e-4, 1e-3, 5e-3])):
                        _spin(rng.randint(0, 20000))
                except EngineTimeout:
                    fired += 1
                _spin(rng.randint(0, 20000))
        except EngineTimeout:
            fired += 1
        assert _clean()
    assert fired > 100        # the alarms did fire: the test exercised the race


@pytest.mark.parametrize("where", ["__enter__", "__exit__"])
def test_an_alarm_inside_the_bookkeeping_is_deferred_not_lost(where):
    """The alarm's handler, called on a frame of ``time_limit.__enter__`` / ``__exit__`` (as
    it is when SIGALRM lands there: they call only C functions), raises nothing; an expired
    limit still stops its block by the refire."""
    code = getattr(time_limit, where).__code__
    raised = []

    def tracer(frame, event, arg):
        if event == "call" and frame.f_code is code:
            try:
                base._raise_timeout(signal.SIGALRM, frame)
                raised.append(False)
            except EngineTimeout:
                raised.append(True)
        return None

    sys.settrace(tracer)
    try:
        with time_limit(5.0):
            with time_limit(5.0):
                pass
    finally:
        sys.settrace(None)
    assert raised == [False, False] and _clean()
    t0 = time.perf_counter()
    with pytest.raises(EngineTimeout):
        with time_limit(0.05):
            while time.perf_counter() - t0 < 5:
                pass
    assert time.perf_counter() - t0 < 4.0 and _clean()
    # anywhere else it raises
    with pytest.raises(EngineTimeout):
        base._raise_timeout(signal.SIGALRM, sys._getframe())


def test_an_enclosing_limit_still_fires_after_an_inner_one_is_left():
    t0 = time.perf_counter()
    with pytest.raises(EngineTimeout):
        with time_limit(0.1):
            with time_limit(10.0):
                pass
            while time.perf_counter() - t0 < 5:
                pass
    assert time.perf_counter() - t0 < 4.0 and _clean()


def test_the_alarm_never_fires_inside_the_limits_bookkeeping():
    """An EngineTimeout raised in ``work_limit.__exit__`` (between popping the limit and
    uninstalling the meter) left the meter installed, and a later limit fired in pytest's own
    code (INTERNALERROR); the handler defers in every bookkeeping frame and fires elsewhere."""
    import types

    from dpproof import work
    from dpproof.engines import base

    kept = [work.work_limit.__exit__, work.work_limit.__enter__, base._Counted.__exit__,
            base._Counted.__enter__, base.time_limit.__exit__]
    for f in kept:
        assert base._raise_timeout(signal.SIGPROF, types.SimpleNamespace(
            f_code=f.__code__, f_back=None)) is None, f
    with pytest.raises(EngineTimeout):
        base._raise_timeout(signal.SIGPROF, types.SimpleNamespace(
            f_code=test_the_alarm_never_fires_inside_the_limits_bookkeeping.__code__,
            f_back=None))


def test_the_alarm_never_fires_inside_an_import():
    """A module half imported stays broken for the whole process (a limit that fired while
    scipy.optimize was imported left pybind11 types registered, and every later import
    failed): the handler defers while a frame of importlib's bootstrap is on the stack, and
    fires once the import is done."""
    import importlib._bootstrap
    import types

    from dpproof.engines import base

    body = types.SimpleNamespace(f_code=random.shuffle.__code__, f_back=types.SimpleNamespace(
        f_code=importlib._bootstrap._find_and_load.__code__, f_back=types.SimpleNamespace(
            f_code=test_the_alarm_never_fires_inside_an_import.__code__, f_back=None)))
    assert base._raise_timeout(signal.SIGALRM, body) is None
    with pytest.raises(EngineTimeout):
        base._raise_timeout(signal.SIGALRM, body.f_back.f_back)


def test_a_time_limit_inside_an_import_fires_after_it(tmp_path, monkeypatch):
    """A real import of a module whose body runs past a 50 ms limit completes, and the
    limit fires afterwards (the refire): the module is whole."""
    (tmp_path / "dpproof_slow_body.py").write_text(
        "import time\nt = time.perf_counter()\nwhile time.perf_counter() - t < 0.3:\n"
        "    pass\nWHOLE = True\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    imported = []
    try:
        with pytest.raises(EngineTimeout):
            with time_limit(0.05):
                import dpproof_slow_body
                imported.append(dpproof_slow_body.WHOLE)
                while True:
                    pass
        assert imported == [True]
    finally:
        sys.modules.pop("dpproof_slow_body", None)
