"""The work meter (``dpproof.work``): limits counted in function calls stop a computation at
the same count every time, nest like ``time_limit``, survive a swallowed exception, restore
the trace function they found; under ``Config(budget="work")`` a claim's verdict and work do
not depend on the load of the machine.  The default budget (seconds) is unchanged."""

import ctypes
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from dpproof import work
from dpproof.engines import base
from dpproof.engines.base import Config, Deadline, EngineTimeout, budgeted, time_limit

ROOT = Path(__file__).resolve().parents[2]


def _f(x):
    return x + 1


def _runaway():
    n = 0
    while True:
        n = _f(n)


def _stopped_at(units) -> int:
    start = work.spent()
    with pytest.raises(work.WorkExhausted):
        with work.work_limit(units):
            _runaway()
    return work.spent() - start


def test_a_runaway_loop_stops_at_the_same_count_every_time():
    _stopped_at(50_000)     # pytest.raises' first use does one-off work of its own
    counts = {_stopped_at(50_000) for _ in range(5)}
    # one count: the limit's, plus the call it is delivered in and pytest.raises' own calls
    assert len(counts) == 1 and 50_000 < counts.pop() <= 50_005
    assert sys.gettrace() is None and not work._limits and work._users == 0


def test_work_exhausted_is_an_engine_timeout():
    assert issubclass(work.WorkExhausted, EngineTimeout)


def test_an_enclosing_limit_still_fires_and_is_seen_as_passed():
    seen = []
    with pytest.raises(EngineTimeout):
        with work.work_limit(2_000):
            try:
                with work.work_limit(10**9):
                    _runaway()
            except EngineTimeout:
                seen.append(work.limit_passed())   # the outer limit's, not the inner's
                raise
    assert seen == [True]
    assert not work.limit_passed()


def test_an_inner_limit_fires_first_and_the_outer_block_goes_on():
    with work.work_limit(10**9):
        with pytest.raises(work.WorkExhausted):
            with work.work_limit(1_000):
                _runaway()
        assert not work.limit_passed()
        assert sum(_f(k) for k in range(100)) == 5050      # the block runs on unharmed


def test_a_swallowed_exhaustion_is_raised_again_until_the_block_is_left():
    caught = []

    def stubborn():                     # a library's ``except Exception``
        while len(caught) < 3:
            try:
                _runaway()
            except Exception as exc:    # noqa: BLE001
                caught.append(type(exc))
        return len(caught)

    with work.work_limit(5_000):
        assert stubborn() == 3
    assert caught == [work.WorkExhausted] * 3
    # the exhausted limit refired at counted intervals: the meter was put back each time
    assert sys.gettrace() is None


def test_an_exception_inside_leaves_the_meter_as_it_found_it():
    with pytest.raises(ValueError, match="inside"):
        with work.work_limit(10**6):
            with work.work_limit(10**5):
                _f(1)
                raise ValueError("inside")
    assert sys.gettrace() is None and not work._limits and work._users == 0
    assert work._next == float("inf") and not work.limit_passed()


def test_the_previous_trace_function_is_chained_and_restored():
    seen = []

    def previous(frame, event, arg):
        if frame.f_code is _f.__code__:
            seen.append(event)
        return None

    hooked = work._TOOL is None and work._C is None    # the Python trace hook chains it
    sys.settrace(previous)
    try:
        with work.work_limit(10**6):
            assert sys.gettrace() is (work._hook if hooked else previous)
            _f(1)
            _f(2)
            with pytest.raises(work.WorkExhausted):   # the hook unset by its own raise
                with work.work_limit(100):
                    _runaway()
        assert sys.gettrace() is previous
    finally:
        sys.settrace(None)
    assert seen[:2] == ["call", "call"] and set(seen) == {"call"}


def test_calls_during_garbage_collection_are_not_counted():
    import gc

    class Cycle:
        def __del__(self):
            _f(0)

    with work.metering():
        start = work.spent()
        for _ in range(50):
            c = Cycle()
            c.me = c
            del c
        before_gc = work.spent() - start
        gc.collect()
        after_gc = work.spent() - start
    # the 50 finalizers ran inside the collection (2 calls each), none of them counted;
    # gc.collect itself is a C call: only the second reading (spent) counts
    assert after_gc == before_gc + 1


def test_default_budget_is_work_and_seconds_keep_the_alarm():
    assert Config().budget == "work"
    with budgeted(Config(budget="seconds")):
        limit = time_limit(1.0)
        assert type(limit) is time_limit and limit.seconds == 1.0
        assert not Deadline(1.0).counted
    assert sys.gettrace() is None


def _no_calls(n):
    """Arithmetic in one frame: no call for the meter to count."""
    x = 1
    for i in range(n):
        x = (x * 3 + i) % 1_000_003
    return x


def test_the_backstop_of_a_counted_limit_is_cpu_time_and_says_so():
    """A loop that makes no call is stopped by the backstop (BACKSTOP x the nominal seconds
    of CPU time), which flags the claim; sleeping (another process's turn, a loaded
    machine) does not bring it forward, as a wall-clock backstop did."""
    base.BACKSTOP_FIRED[0] = False
    with budgeted(Config(budget="work")):
        t0 = time.process_time()
        with pytest.raises(EngineTimeout):
            with time_limit(0.02):                  # 0.2 s of CPU
                _no_calls(10 ** 9)
        assert 0.15 < time.process_time() - t0 < 2.0
        assert base.BACKSTOP_FIRED[0]
        base.BACKSTOP_FIRED[0] = False
        with time_limit(0.02):
            time.sleep(0.5)                         # 0.5 s of wall, no CPU: not stopped
        assert not base.BACKSTOP_FIRED[0]
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)


def test_under_work_budget_every_limit_is_counted():
    with budgeted(Config(budget="work")):
        limit = time_limit(1.5)
        assert isinstance(limit.work, work.work_limit)
        assert limit.work.units == int(1.5 * base.UNITS_PER_SECOND)
        # with its backstop, BACKSTOP times the nominal seconds of the process's CPU time
        assert limit.alarm.seconds == 1.5 * base.BACKSTOP
        assert limit.alarm.signum == signal.SIGPROF
        assert time_limit(0).work.units == 1 and time_limit(-1).work.units == 1
        assert time_limit(float("nan")).work.units == 1
        assert time_limit(float("inf")).work.units == work.LONGEST
        deadline = Deadline(1e-4)             # 1e-4 s of work: a few hundred calls
        assert deadline.counted and not deadline.passed
        for k in range(base.UNITS_PER_SECOND // 10_000 + 10):
            _f(k)
        assert deadline.passed
        with pytest.raises(EngineTimeout):
            with time_limit(1e-3):
                _runaway()
    assert base._BUDGET == ["seconds"] and sys.gettrace() is None


def test_a_bad_budget_is_refused_with_the_allowed_values():
    with pytest.raises(ValueError, match=r"budget must be one of seconds, work, got 'hours'"):
        Config(budget="hours")


# -- determinism across processes and load ------------------------------------------------

#: what the subprocess runs: sympy's process-random state fixed before anything is built
#: (its Dummy numbering starts at a random index; its assumptions system shuffles with an
#: unseeded generator), then a sympy-heavy call and three claims under budget="work"
_PROBE = textwrap.dedent("""
    import sympy
    sympy.Dummy._base_dummy_index = 10**6
    sympy.core.random.seed(0)
    import dpproof
    from dpproof import work
    from dpproof.checking import check_claim, warm_up
    from dpproof.engines.base import Config
    # before warm_up: it runs under clock limits, so the sympy Dummy numbering, random
    # draws and caches it leaves behind vary from run to run; once unmetered first, for the
    # lazy imports (how much work an import does depends on the file system's state)
    x = sympy.Symbol("x", positive=True)
    e = (sympy.sin(x)**2 + sympy.cos(x)**2) * sympy.exp(x) / (x**2 - 1) * (x - 1) \
        + sympy.log(2*x) - sympy.log(x)
    sympy.simplify(e)
    sympy.core.cache.clear_cache()
    sympy.core.random.seed(0)
    with work.metering():
        a = work.spent()
        sympy.simplify(e)
        print("simplify", work.spent() - a)
    warm_up()
    claims = [dpproof.claim("x <= 2", x="[0, 1]", id="trivial"),
              dpproof.claim("x*y <= (x^2 + y^2)/2", x="[-3, 3]", y="[-3, 3]", id="amgm"),
              dpproof.claim("Q(x) <= exp(-x^2/2)/2", x="[0, 40]", id="q")]
    # q's quick symbolic try is stopped by its (counted) limit, then interval certifies
    config = Config(budget="work", symbolic_quick_timeout=0.02, engine_timeout=1.0, timeout=3.0)
    for c in claims:
        a = work.spent()
        r = check_claim(c, config)
        print(c.id, r.verdict.name, work.spent() - a,
              [(e.engine, e.verdict.name, e.detail[:60]) for e in r.evidence])
""")


def _no_aslr():
    """Fixed addresses in the child: sympy iterates some containers in an order that follows
    object addresses (a few calls in 10^6 differ otherwise)."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.personality(0x0040000)          # ADDR_NO_RANDOMIZE


def _probe(busy: int) -> list[str]:
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(busy)]
    try:
        env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(ROOT))
        out = subprocess.run([sys.executable, "-c", _PROBE], cwd=ROOT, env=env, text=True,
                             capture_output=True, timeout=600, preexec_fn=_no_aslr)
    finally:
        for h in hogs:
            h.kill()
            h.wait()
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout.splitlines()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="personality(2) is Linux's")
def test_same_work_and_verdicts_quiet_and_under_twice_oversubscribed_cores():
    quiet = _probe(busy=0)
    loaded = _probe(busy=2 * (os.cpu_count() or 1))
    assert quiet == loaded
    verdicts = {line.split()[0]: line.split()[1] for line in quiet[1:]}
    # the meter did count
    assert int(quiet[0].split()[1]) > 10_000
    assert all(int(line.split()[2]) > 10_000 for line in quiet[1:])
    # trivial: the tactics prove 2 - x >= 0 at both ends of [0, 1] within the quick limit;
    # q: symbolic stopped by its counted quick limit, interval certifies
    assert verdicts == {"trivial": "PROVED", "amgm": "PROVED", "q": "CERTIFIED"}
    assert "engine budget of 0.02 work-seconds spent" in quiet[-1]   # a counted limit fired


class _NoClock:
    """A ``time`` module whose clocks raise: what budget="work" must never read."""

    def __getattr__(self, name):
        def read(*args):
            raise AssertionError(f"time.{name} read under budget='work'")
        return read


def test_under_work_budget_the_limits_read_no_clock(monkeypatch):
    monkeypatch.setattr(base, "time", _NoClock())
    with budgeted(Config(budget="work")):
        start = base.now()
        deadline = Deadline(0.01)
        with pytest.raises(EngineTimeout):
            with time_limit(1.0):
                try:
                    with time_limit(0.5):
                        _runaway()
                except EngineTimeout:
                    assert not base.outer_limit_passed()   # the inner limit's own
                _runaway()
        assert deadline.passed and base.now() - start >= 1.0
    with pytest.raises(AssertionError, match="perf_counter"):   # the patch does bite
        Deadline(1.0)


@pytest.mark.parametrize("engine", ["symbolic", "interval", "search", "numeric"])
def test_an_engine_called_on_its_own_counts_its_budget(engine, monkeypatch):
    """``load(name).check`` outside a claim's ``budgeted`` block (a script, a test) runs under
    its config's budget: with the default, counted work, no clock is read and the sympy
    random streams restart from the seed, so two calls do the same work.  (A test that
    called the interval engine this way got SUPPORTED in CI where its 15-second share ran
    out, CERTIFIED here.)  ``budget="seconds"`` still reads the clock."""
    import dpproof
    from dpproof.engines.base import load

    claim = dpproof.claim("x^2 - 2*x + 2 >= 1/2", x="[-1, 2]", id="parabola")
    monkeypatch.setattr(base, "time", _NoClock())
    runs = [load(engine).check(claim, Config(engine_timeout=5)) for _ in range(2)]
    expected = {"symbolic": "PROVED", "numeric": "SUPPORTED", "search": "SUPPORTED",
                "interval": "CERTIFIED"}[engine]
    assert [r.verdict.name for r in runs] == [expected] * 2, [r.detail for r in runs]
    assert runs[0].data == runs[1].data and runs[0].scope == runs[1].scope
    assert base._BUDGET == ["seconds"] and sys.gettrace() is None
    if engine != "symbolic":      # (its quick proof opens only SIGALRM limits)
        with pytest.raises(AssertionError, match="time[.]"):   # a Deadline in seconds
            load(engine).check(claim, Config(engine_timeout=5, budget="seconds"))


def test_under_work_budget_the_engines_read_no_clock(monkeypatch):
    """Issue 28's acceptance: with every clock of the ``time`` module raising in every dpproof
    module, and the one reporting clock (``base.wall``) returning noise, the verdicts, scopes
    and evidence are those of an undisturbed run."""
    import functools
    import itertools
    import random

    import dpproof
    from dpproof.checking import check_claim

    claims = [dpproof.claim("x <= 2", x="[0, 1]", id="trivial"),
              dpproof.claim("exp(x) >= 1 + x + x^2/2", x="[0, 3]", id="taylor"),
              dpproof.claim("log(1 + x) >= x", x="[0, 1]", id="false")]
    config = Config(engines=("symbolic", "interval", "search"), search_examples=20)

    def run():
        out = []
        for c in claims:
            a = check_claim(c, config)
            assert all(e.data.get("budget_spent") is not None for e in a.evidence)
            out.append((a.verdict.name, a.scope, [(e.engine, e.verdict.name, e.detail)
                                                  for e in a.evidence]))
        return out

    # (work counts are compared across processes in test_determinism.py; within one
    # process, the first claim of a kind pays lazy initialisations the later ones do not)
    quiet = run()
    assert [v for v, _, _ in quiet] == ["PROVED", "PROVED", "REFUTED"]   # the Taylor bound: exact tactics
    for name, module in list(sys.modules.items()):
        if name.startswith("dpproof") and getattr(module, "time", None) is time_module:
            monkeypatch.setattr(module, "time", _NoClock())
    # noise from C callables only: a Python function here would itself be counted work
    rng = random.Random(7)
    noise = itertools.cycle([rng.uniform(0, 1e6) for _ in range(1000)])
    monkeypatch.setattr(base, "_WALL", functools.partial(next, noise))
    assert run() == quiet


time_module = sys.modules["time"]


def _workload():
    def gen():
        for k in range(50):
            yield _f(k)

    def thrown():   # an exception thrown into a generator, then closed
        try:
            yield 1
        except ValueError:
            yield _f(2)
    it = thrown()
    next(it), it.throw(ValueError), it.close()
    return sum(_f(k) for k in range(200)) + sum(gen())


def test_the_c_counter_is_built_where_python_has_no_monitoring():
    """Without it every budget still counts the same events, at about 1.5x the CPU."""
    if work._TOOL is None:
        assert work._C is not None, "dpproof._meter was not built (pip install -e . needs gcc)"


@pytest.mark.skipif(work._C is None, reason="the C counter is not in use here")
def test_the_c_counter_and_the_python_hook_count_the_same_calls(monkeypatch):
    def count():
        with work.metering():
            a = work.spent()
            _workload()
            return work.spent() - a

    in_c = {count() for _ in range(3)}
    monkeypatch.setattr(work, "_C", None)
    in_python = {count() for _ in range(3)}
    # 200 + 50 calls of _f, 201 + 51 generator resumptions, 2 generator frames...: one count
    assert len(in_c) == 1 and in_c == in_python and in_c.pop() > 500
    assert sys.gettrace() is None


@pytest.mark.skipif(work._C is None, reason="the C counter is not in use here")
def test_a_python_profiler_runs_beside_the_c_counter_and_is_not_counted():
    """The C counter takes no profile slot: a profiler goes on seeing every call in the
    block, and its own calls (made while it runs) are not counted."""
    seen = []

    def profiler(frame, event, arg):
        seen.append(event)
        _f(0)   # the profiler's own work

    def count():
        with work.metering():
            a = work.spent()
            _workload()
            return work.spent() - a

    alone = count()
    sys.setprofile(profiler)
    try:
        with work.work_limit(10**6):
            assert sys.getprofile() is profiler
            _f(1)
        beside = count()
        assert sys.getprofile() is profiler
    finally:
        sys.setprofile(None)
    assert beside == alone and seen.count("call") > 500
    assert not work._C.active()
    with pytest.raises(work.WorkExhausted):         # and it still stops a runaway
        with work.work_limit(1_000):
            _runaway()
    assert sys.getprofile() is None and not work._C.active()


@pytest.mark.skipif(work._C is None, reason="the C counter is not in use here")
def test_cprofile_sees_the_calls_made_while_the_c_counter_runs():
    """``python -m cProfile -m dpproof``: the profiler goes on while the meter runs."""
    import cProfile
    import pstats

    def after(x):
        return x * 2

    profiler = cProfile.Profile()
    profiler.enable()
    try:
        with work.work_limit(10**6):
            _f(1)
        assert after(3) == 6
    finally:
        profiler.disable()
    called = {func[2] for func in pstats.Stats(profiler).stats}
    assert {"after", "_f"} <= called
    assert sys.getprofile() is None and not work._C.active()


def test_an_exhaustion_python_cannot_raise_is_not_printed(capsys):
    """A generator closed by its finaliser while a limit is due: the exhaustion is dropped
    (raised again later), and not printed as 'Exception ignored'."""
    hit = []

    def gen():
        try:
            yield 1
        finally:
            try:
                for _ in range(50):
                    _f(0)
            except work.WorkExhausted:
                hit.append(1)
                raise

    with pytest.raises(work.WorkExhausted):
        with work.work_limit(500):
            for _ in range(1000):
                g = gen()
                next(g)
                del g           # closed here: the calls in its finally block count
            _runaway()
    assert hit                  # an exhaustion was dropped by a finaliser
    assert "Exception ignored" not in capsys.readouterr().err
    assert sys.unraisablehook is work._unraisable


_MODULE = """
def _g(x):
    return x + 1

n = 0
for _ in range({calls}):
    n = _g(n)
"""


def _import_work(tmp_path, name: str, limit: int | None = None) -> tuple[int, int]:
    """(units counted by a block that imports a fresh module whose body makes 20,000 calls,
    the units of the same block once the module is imported); under ``limit`` units if
    given."""
    (tmp_path / f"{name}.py").write_text(_MODULE.format(calls=20_000))
    sys.path.insert(0, str(tmp_path))
    try:
        def block():
            a = work.spent()
            with (work.work_limit(limit) if limit else work.metering()):
                __import__(name)
                _f(1)
            return work.spent() - a
        return block(), block()
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop(name, None)


@pytest.mark.parametrize("counter", ["default", "python hook"])
def test_an_import_is_not_counted(tmp_path, monkeypatch, counter):
    """A module's body runs once per process: counting it would charge whichever claim
    imported it first.  The block that imports the module counts what the block that finds
    it imported counts (a few calls of the block itself), not the body's 20,000 calls; and a
    limit of 1,000 units does not fire inside the import (a module half initialised)."""
    if counter == "python hook":
        if work._TOOL is not None:
            pytest.skip("sys.monitoring is in use here")
        monkeypatch.setattr(work, "_C", None)
    first, again = _import_work(tmp_path, f"dpproof_probe_{counter[0]}")
    assert first == again and again < 50
    first, again = _import_work(tmp_path, f"dpproof_probe_{counter[0]}_limited", limit=1_000)
    assert first == again and again < 50
    assert sys.gettrace() is None and work._users == 0


@pytest.mark.parametrize("counter", ["default", "python hook"])
def test_counting_resumes_after_an_import_that_failed(tmp_path, monkeypatch, counter):
    """An import that raises ends the uncounted stretch like one that returns: the calls after
    it count again."""
    if counter == "python hook":
        if work._TOOL is not None:
            pytest.skip("sys.monitoring is in use here")
        monkeypatch.setattr(work, "_C", None)
    (tmp_path / "dpproof_probe_broken.py").write_text("1 / 0\n")
    sys.path.insert(0, str(tmp_path))
    try:
        with work.metering():
            a = work.spent()
            with pytest.raises(ZeroDivisionError):
                __import__("dpproof_probe_broken")
            b = work.spent()
            for _ in range(1000):
                _f(1)
            c = work.spent()
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("dpproof_probe_broken", None)
    assert 1000 <= c - b <= 1005 and b - a < 1000
