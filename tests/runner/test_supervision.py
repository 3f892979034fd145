"""Supervised execution: a claim that loops, allocates without bound or loses its worker
ends with INCONCLUSIVE (the limit named) or ERROR (the signal named); the run goes on."""

import os
import signal
import threading
import time

import pytest

from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.execution import Limits, LocalExecutor, default_memory_mb
from dpproof.runner import verify
from tests.helpers import process_alive

ENGINES = ("fault", "interval", "search")


def _vmsize_mb() -> int:
    with open("/proc/self/status") as fh:
        line = next(l for l in fh if l.startswith("VmSize"))
    return int(line.split()[1]) // 1024


def test_a_python_loop_is_stopped_by_the_claim_time_limit(fault_engine):
    """Under budget="seconds" the engine's SIGALRM limit stops a loop that makes no call
    (under counted work only the backstop does: a loop without calls does no counted work;
    see the next test)."""
    config = Config(engines=ENGINES, timeout=2, engine_timeout=1, budget="seconds")
    report = verify([fault_engine.claim("spin"), fault_engine.true_claim(0)], config)
    spin = report.by_id("fault.c0.spin")
    fault = [e for e in spin.evidence if e.engine == "fault"][0]
    assert fault.verdict is Verdict.INCONCLUSIVE
    assert fault.detail == "engine time limit of 1 s reached"
    assert spin.verdict is Verdict.CERTIFIED    # the next engine still ran: x <= x + 1
    assert report.by_id("ok.c0").verdict is Verdict.CERTIFIED


def test_a_claim_deaf_to_sigalrm_is_stopped_by_the_supervisor(fault_engine, monkeypatch):
    """A claim that no count stops and that does not run (it sleeps in C) meets the wall
    clock, WALL_PER_CPU times the CPU backstop, and its verdict line says that it depends
    on the machine."""
    from dpproof import execution

    assert execution.WALL_PER_CPU == 4
    monkeypatch.setattr(execution, "WALL_PER_CPU", 0.4)   # a short test
    config = Config(engines=ENGINES, timeout=1, engine_timeout=1, backstop=20)
    t0 = time.perf_counter()
    report = verify([fault_engine.claim("stuck"), fault_engine.true_claim(1)], config, jobs=1)
    stuck = report.by_id("fault.c0.stuck")
    limit = Limits.of(config, None).wall
    assert stuck.verdict is Verdict.INCONCLUSIVE
    assert limit == 8
    assert (f"wall-clock backstop of {limit:g} s reached (worker stopped by the supervisor): "
            "this verdict depends on the machine") in stuck.scope
    assert stuck.seconds == limit
    assert report.by_id("ok.c1").verdict is Verdict.CERTIFIED   # jobs=1: the run goes on
    assert time.perf_counter() - t0 < limit + 20


def test_a_claim_computing_where_no_signal_reaches_meets_the_cpu_backstop(
        fault_engine, tmp_path, monkeypatch):
    """A claim that computes deaf to every in-worker limit (SIGALRM and SIGPROF blocked, as
    in C code) is ended by the kernel after ``backstop`` CPU seconds (RLIMIT_CPU), long
    before the wall backstop; it leaves no core file in the working directory."""
    from dpproof import execution

    monkeypatch.chdir(tmp_path)
    # a loaded test machine gives the worker a fraction of a core: the wall backstop far off
    monkeypatch.setattr(execution, "WALL_PER_CPU", 60)
    config = Config(engines=ENGINES, timeout=1, engine_timeout=1, backstop=4)
    t0 = time.perf_counter()
    report = verify([fault_engine.claim("burn"), fault_engine.true_claim(1)], config, jobs=1)
    burn = report.by_id("fault.c0.burn")
    assert burn.verdict is Verdict.INCONCLUSIVE
    assert ("CPU-time backstop of 4 s reached (worker stopped by the kernel): this verdict "
            "depends on the machine's speed") in burn.scope
    assert 3.5 < burn.seconds < Limits.of(config, None).wall == 240
    assert report.by_id("ok.c1").verdict is Verdict.CERTIFIED
    assert time.perf_counter() - t0 < 240
    assert os.listdir(tmp_path) == []


def test_limit_cpu_counts_from_what_the_process_spent():
    """The soft RLIMIT_CPU is set past the CPU the worker already spent (its warm-up), and
    no core file may be written; checked in a child, which the limits do not outlive."""
    import resource

    from dpproof.execution import limit_cpu

    pid = os.fork()
    if pid == 0:   # pragma: no cover - the child
        ok = False
        try:
            end = time.process_time() + 0.3
            while time.process_time() < end:
                pass
            limit_cpu(5)
            soft, _ = resource.getrlimit(resource.RLIMIT_CPU)
            spent = sum(resource.getrusage(resource.RUSAGE_SELF)[:2])
            ok = (spent + 5 <= soft <= spent + 6
                  and resource.getrlimit(resource.RLIMIT_CORE)[0] == 0)
        finally:
            os._exit(0 if ok else 1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0


def test_a_calculus_claim_gets_the_backstop_per_premise_and_once_more():
    from types import SimpleNamespace

    proof = SimpleNamespace(root=SimpleNamespace(all_premises=lambda: ("p1", "p2", "p3")))
    limits = Limits.of(Config(backstop=10), 512)
    assert (limits.wall, limits.cpu, limits.memory_mb) == (40, 10, 512)
    scaled = limits.of_claim(SimpleNamespace(proof=proof))
    assert (scaled.wall, scaled.cpu, scaled.memory_mb) == (160, 40, 512)
    assert limits.of_claim(SimpleNamespace(proof=None)) is limits
    seconds = Limits.of(Config(timeout=10, engine_timeout=5, budget="seconds"), None)
    assert seconds.cpu is None
    assert seconds.of_claim(SimpleNamespace(proof=proof)).wall == 4 * seconds.wall


def test_unbounded_allocation_hits_the_memory_limit(fault_engine):
    limit = _vmsize_mb() + 500          # the forked worker starts at the parent's size
    config = Config(engines=("fault",), timeout=60, engine_timeout=60)
    t0 = time.perf_counter()
    report = verify([fault_engine.claim("alloc"), fault_engine.claim("idle", 1)], config,
                    jobs=2, memory_limit=limit)
    alloc = report.by_id("fault.c0.alloc")
    assert alloc.verdict is Verdict.INCONCLUSIVE
    assert f"memory limit of {limit} MB reached" in alloc.scope
    assert report.by_id("fault.c1.idle").scope == "fault: nothing to do"   # the run went on
    assert time.perf_counter() - t0 < 30     # stopped at the limit, not by the timeout
    assert report.settings["memory_limit_mb"] == limit


def test_after_the_memory_limit_the_next_engine_still_decides(fault_engine):
    limit = _vmsize_mb() + 500
    report = verify([fault_engine.claim("alloc")], Config(engines=ENGINES), jobs=1,
                    memory_limit=limit)
    a = report.by_id("fault.c0.alloc")
    fault = [e for e in a.evidence if e.engine == "fault"][0]
    assert fault.verdict is Verdict.INCONCLUSIVE and f"{limit} MB" in fault.detail
    assert a.verdict is Verdict.CERTIFIED       # x <= x + 1, by the interval engine


def test_out_of_memory_as_oserror_enomem_is_the_memory_limit_too(fault_engine):
    """A limit met inside a lazy import raises OSError ENOMEM, not MemoryError: the same
    INCONCLUSIVE (memory limit), and the next engines still decide."""
    limit = _vmsize_mb() + 500
    report = verify([fault_engine.claim("enomem")], Config(engines=ENGINES), jobs=1,
                    memory_limit=limit)
    a = report.by_id("fault.c0.enomem")
    (fault,) = [e for e in a.evidence if e.engine == "fault"]
    assert fault.verdict is Verdict.INCONCLUSIVE
    assert fault.detail == f"memory limit of {limit} MB reached"
    assert a.verdict is Verdict.CERTIFIED


def test_kill_9_of_a_worker_makes_that_claim_error_and_the_run_completes(
        fault_engine, tmp_path, monkeypatch):
    monkeypatch.setenv("DPPROOF_FAULT_PIDS", str(tmp_path))
    claims = [fault_engine.true_claim(0), fault_engine.claim("sleep"),
              fault_engine.true_claim(1), fault_engine.false_claim()]
    killed = []

    def killer():
        deadline = time.time() + 60
        while time.time() < deadline and not killed:
            for name in os.listdir(tmp_path):
                os.kill(int(name), signal.SIGKILL)
                killed.append(int(name))
            time.sleep(0.05)
    thread = threading.Thread(target=killer, daemon=True)
    thread.start()
    report = verify(claims, Config(engines=ENGINES, timeout=100), jobs=2)
    thread.join()
    assert killed, "the sleeping claim never started"
    dead = report.by_id("fault.c0.sleep")
    assert dead.verdict is Verdict.ERROR and "died of SIGKILL" in dead.scope
    assert dead.seconds < 30, "the dead claim's own seconds, not the run's"
    assert [a.id for a in report.assessments] == [c.id for c in claims]
    assert report.by_id("ok.false").verdict is Verdict.REFUTED
    assert {report.by_id(f"ok.c{i}").verdict for i in (0, 1)} == {Verdict.CERTIFIED}
    assert not report.partial


def test_an_interrupt_stops_the_workers_and_returns_a_partial_report(fault_engine, tmp_path,
                                                                     monkeypatch):
    monkeypatch.setenv("DPPROOF_FAULT_PIDS", str(tmp_path))
    main = threading.main_thread().ident

    def interrupt():   # what the CLI's SIGTERM handler does: KeyboardInterrupt in the parent
        while len(os.listdir(tmp_path)) < 2:
            time.sleep(0.05)
        signal.pthread_kill(main, signal.SIGINT)
    threading.Thread(target=interrupt, daemon=True).start()
    claims = [fault_engine.claim("sleep", 1), fault_engine.claim("sleep", 2),
              fault_engine.true_claim(0)]
    report = verify(claims, Config(engines=ENGINES, timeout=100), jobs=2)
    assert report.partial
    pids = [int(n) for n in os.listdir(tmp_path)]
    time.sleep(0.5)
    assert not [p for p in pids if process_alive(p)], "a worker outlived the interrupted run"


def test_default_memory_limit_is_a_fair_share():
    total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2 ** 20
    assert default_memory_mb(1) == total // 2 and default_memory_mb(3) == total // 4


def test_jobs_1_runs_in_a_worker_process(fault_engine):
    """jobs=1 is supervised too: the claim does not run in the calling process."""
    seen = []
    executor = LocalExecutor(1)
    for i, a in executor.run([fault_engine.true_claim(0)], [0], Config(engines=ENGINES),
                             Limits(30, None)):
        seen.append((i, a.verdict))
    assert seen == [(0, Verdict.CERTIFIED)]


def test_contradictory_evidence_is_an_error_flagged_and_the_cli_exits_3(fault_engine, tmp_path,
                                                                       capsys):
    from dpproof.cli import main
    from dpproof.execution import soundness_failures

    claims = [fault_engine.claim("contradict"), fault_engine.claim("idle", 1)]
    report = verify(claims, Config(engines=("fault",)), jobs=2)
    bad = report.by_id("fault.c0.contradict")
    assert bad.verdict is Verdict.ERROR and "internal soundness failure" in bad.scope
    assert soundness_failures(report.assessments) == ["fault.c0.contradict"]
    target = tmp_path / "liar.py"
    target.write_text("from tests.runner import faults\n"
                      "CLAIMS = [faults.claim('contradict'), faults.claim('idle', 1)]\n")
    code = main(["verify", str(target), "--engine", "fault", "--out", str(tmp_path / "o"),
                 "--quiet", "--no-pdf", "--no-cache"])
    assert code == 3 and "fault.c0.contradict" in capsys.readouterr().err
    assert (tmp_path / "o" / "report.json").is_file()


def test_a_claim_that_does_not_survive_pickling_does_not_hang_the_run(tmp_path):
    """Max(x, Phi(1)) is built unevaluated; unpickling it in the parent re-evaluates it and
    raises. Results travel back without their claim, so the run finishes."""
    from dpproof.claimfile import load_claims_file
    f = tmp_path / "c.toml"
    f.write_text('[[claim]]\nid = "m.phi"\nsource = "t"\n'
                 'statement = "max(x, Phi(1)) >= Phi(1)"\ndomain = { x = [0, 2] }\n')
    claims = load_claims_file(f)
    report = verify(claims, Config(timeout=30, engine_timeout=10), jobs=1)
    (a,) = report.assessments
    assert a.claim is claims[0] and a.verdict in (Verdict.SUPPORTED, Verdict.CERTIFIED)


def test_an_outer_time_limit_is_not_swallowed_by_inner_sympy_guards():
    """A claim's limit that expires inside a guarded sympy call must stop the claim: the
    guard returns None for its *own* limit only (once, a claim with a 0.1 ms limit came back
    CERTIFIED because every alarm landed inside a guard)."""
    import time

    from dpproof.engines.base import EngineTimeout, time_limit
    from dpproof.engines.signs import guarded

    def spin():
        while True:
            pass

    t0 = time.perf_counter()
    with pytest.raises(EngineTimeout):
        with time_limit(0.2):
            for _ in range(50):
                guarded(spin, seconds=5.0)
    assert time.perf_counter() - t0 < 4.0   # before the first guarded spin (5 s) ends
    # the guard's own limit is still its own: None, nothing raised
    assert guarded(spin, seconds=0.05) is None


def test_a_time_limit_swallowed_once_fires_again():
    """An EngineTimeout raised where Python ignores it (a gc callback: "Exception ignored
    in ...") or caught by a library's ``except Exception`` must not end the limit: the alarm
    fires again every REFIRE seconds until the block is left (before, the claim ran on to the
    supervisor's wall-clock kill)."""
    import time

    from dpproof.engines.base import REFIRE, EngineTimeout, time_limit

    t0, swallowed = time.perf_counter(), 0
    with pytest.raises(EngineTimeout):
        with time_limit(0.2):
            while time.perf_counter() - t0 < 10:
                try:
                    while time.perf_counter() - t0 < 10:
                        pass
                except EngineTimeout:
                    swallowed += 1
                    if swallowed > 2:
                        raise
    assert swallowed == 3 and time.perf_counter() - t0 < 0.2 + 3 * REFIRE + 3.0
    # left normally, nothing fires later
    with time_limit(0.2):
        pass
    time.sleep(0.5)



def test_a_worker_prints_no_numpy_float_warnings():
    """Float evaluations only propose candidates; their nan and inf are not the user's
    business: a worker (``execution.start_worker``) prints no numpy RuntimeWarning, where a
    plain process does (run in fresh interpreters: pytest records warnings itself)."""
    import subprocess
    import sys

    nan = "import numpy; inf = numpy.float64(1e308) * 10; inf * 0; inf - inf"
    plain = subprocess.run([sys.executable, "-c", nan], capture_output=True, text=True)
    assert "RuntimeWarning" in plain.stderr
    worker = subprocess.run([sys.executable, "-c", "from dpproof.execution import "
                             f"start_worker; start_worker(None); {nan}"],
                            capture_output=True, text=True)
    assert worker.returncode == 0 and "Warning" not in worker.stderr, worker.stderr


def test_a_worker_that_dies_at_the_memory_limit_leaves_its_claim_inconclusive():
    """FLINT aborts (SIGABRT) on an allocation it cannot make: at the memory limit that is
    the limit's INCONCLUSIVE, like a MemoryError; a death below it stays ERROR."""
    import concurrent.futures as cf

    from pebble import ProcessExpired

    from dpproof.claims import Interval
    from dpproof.execution import outcome
    from tests.helpers import make_claim

    claim = make_claim("t.dies", "x <= 2", x=Interval(0, 1))
    limits = Limits(wall=60, memory_mb=1000, cpu=30)

    def died(peak):
        future = cf.Future()
        future.set_exception(ProcessExpired("Abnormal termination", code=-signal.SIGABRT))
        return outcome(claim, future, limits, 1.0, peak)
    at_limit = died(990.0)
    assert at_limit.verdict is Verdict.INCONCLUSIVE
    assert "died of SIGABRT after its address space reached 990 MB" in at_limit.scope
    assert died(400.0).verdict is Verdict.ERROR and "memory" not in died(400.0).scope
