"""Supervised execution of claims: one executor interface, a local pebble pool, Dask.

Every claim runs in a worker process under the limits the supervisor sets (``Limits``):
- the backstop, for what no count stops (docs/design.md "The one clock"): under counted
  budgets, ``Limits.cpu`` seconds of the worker's CPU time (``RLIMIT_CPU``: the kernel ends
  the worker with SIGXCPU, in C code too), which does not grow with the machine's load, and
  ``Limits.wall`` (``WALL_PER_CPU`` times that) for a worker that does not run (blocked,
  asleep in C), after which pebble kills it; the claim is INCONCLUSIVE and says that its
  verdict depends on the machine.  A calculus claim gets both once per premise and once for
  its conclusion (``Limits.of_claim``);
- a memory limit (``Limits.memory_mb``): ``RLIMIT_AS`` of the worker (its whole address
  space, the loaded libraries included).  An allocation past it raises MemoryError, which
  makes the claim INCONCLUSIVE ("memory limit of N MB reached").
A worker that dies (a signal, the OOM killer, ``kill -9``) makes that claim ERROR naming the
signal; INCONCLUSIVE when it aborted (SIGABRT, SIGSEGV: FLINT's failed allocation) with its
address space, sampled every 0.2 s, at ``REACHED`` of the memory limit.  Supervised always.

``LocalExecutor`` forks workers from the parent (they inherit the loaded claims and index
them; nothing is pickled but the result).  ``DaskExecutor`` ships pickled claims to an
existing ``dask.distributed`` cluster (``dpproof.cluster``), under the same limits.
"""

from __future__ import annotations

import concurrent.futures as cf
import errno
import math
import multiprocessing
import os
import resource
import signal
import threading
import time
from dataclasses import dataclass, replace
from typing import Iterator, Protocol, Sequence

from .claims import Claim
from .engines.base import Config, EngineTimeout
from .engines.budget_text import limit_text
from .evidence import Assessment, Evidence, Verdict, assess, reassess
from .orphans import die_with_parent

#: seconds the hard limit adds to the claim's own SIGALRM limit before the worker is killed
GRACE = 5.0
#: the wall-clock backstop in multiples of the CPU backstop: only a worker that does not run
#: meets it first (a CPU-bound claim at its CPU backstop takes this many times as long on a
#: machine oversubscribed as many times)
WALL_PER_CPU = 4
MIN_MEMORY_MB = 256
#: the share of the memory limit a dead worker's sampled peak must reach to be named as cause
REACHED = 0.95
_ABORTS = (-signal.SIGABRT, -signal.SIGSEGV)   # C code that could not allocate (not a kill)
#: claims a worker decides before it is replaced: one, so that every claim starts from the
#: state of the warmed-up parent it was forked from, whatever ran before it.  A worker that
#: had decided other claims had paid lazy initialisations (sympy's, mpmath's constants,
#: hypothesis's) and filled module-level memos a first claim pays and fills itself: 30 quick
#: library claims differed in counted work on 29 (up to 8%) between 1 and 50 claims per
#: worker, and a claim at a budget's edge could change its verdict.  Cost: a fork and those
#: initialisations per claim, about 0.15 s (30 quick claims, --jobs 1: 10.6 -> 15.5 s wall on
#: a loaded machine); the memory of a fresh process comes with it.
CLAIMS_PER_WORKER = 1
#: Evidence.data key of an internal soundness failure (contradictory evidence)
SOUNDNESS_FAILURE = "soundness_failure"


@dataclass(frozen=True)
class Limits:
    """The supervisor's per-claim limits: wall-clock seconds, address-space megabytes, and
    CPU seconds of the worker (None: none)."""

    wall: float
    memory_mb: int | None = None
    cpu: float | None = None

    @classmethod
    def of(cls, config: Config, memory_mb: int | None) -> "Limits":
        """Under counted work (the default), the backstop for a runaway that no count stops:
        ``config.backstop`` CPU seconds, and ``WALL_PER_CPU`` times as many wall seconds.
        Under budget="seconds": a wall limit of the claim limit, then the repair budget
        (``engine_timeout``), then ``GRACE`` seconds; the soft SIGALRM limits inside the
        worker fire first."""
        if config.budget == "work":
            return cls(WALL_PER_CPU * config.backstop, memory_mb, config.backstop)
        return cls(config.timeout + config.engine_timeout + GRACE, memory_mb)

    def of_claim(self, claim: Claim) -> "Limits":
        """The limits of ``claim``: a calculus claim decides each premise as a claim (each
        with the whole claim budget, ``calculus.prover.decide``) and then sweeps its
        conclusion, so it gets them once per premise and once more."""
        if claim.proof is None:
            return self
        n = 1 + len(claim.proof.root.all_premises())
        return replace(self, wall=n * self.wall, cpu=self.cpu and n * self.cpu)


def default_memory_mb(jobs: int) -> int:
    """A fair share of the machine: physical memory / (jobs + 1), at least 256 MB."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2 ** 20
    except (ValueError, OSError):  # pragma: no cover - non-POSIX
        return 4096
    return max(MIN_MEMORY_MB, total // (jobs + 1))


def warm_up(shared: bool = True) -> None:
    """``checking.warm_up``.  The engines are imported where they run: the parent of a run
    whose workers warm up themselves never imports them (its start is shorter by that)."""
    from .checking import warm_up as imports

    imports(shared)


def start_worker(memory_mb: int | None, parent: int | None = None) -> None:
    """Worker initializer: death with the ``parent`` process, the memory cap, then the
    one-off costs (``checking.warm_up``: imports, already paid when the worker was forked
    from a parent that warmed up; else without the shared ones, which a lone claim imports
    only if it uses them)."""
    global _START_FAILED
    die_with_parent(parent)
    before = resource.getrlimit(resource.RLIMIT_AS)
    limit_memory(memory_mb)
    try:
        warm_up(shared=False)
        quiet_floats()
    except (MemoryError, OSError) as exc:   # the claim says so (decide_detached), not
        # "All workers expired"; the import system's directory listing reports the limit
        # as OSError ENOMEM when it is reached there
        if isinstance(exc, OSError) and exc.errno != errno.ENOMEM:
            raise
        resource.setrlimit(resource.RLIMIT_AS, before)
        _START_FAILED = (f"the worker could not start within the memory limit of {memory_mb} "
                         "MB (out of memory while importing the engines): give a larger "
                         "--memory-limit")


#: why this worker could not start ('' when it did): its claim is ERROR with this text
_START_FAILED = ""


def quiet_floats() -> None:
    """No numpy floating-point warnings from a worker: float evaluations only propose
    candidates (a nan or an overflow there is a candidate lost, never a verdict), and the
    library printed dozens of "invalid value encountered in scalar multiply" lines."""
    import numpy

    numpy.seterr(all="ignore")


def limit_memory(memory_mb: int | None) -> None:
    """Cap the address space (RLIMIT_AS) at ``memory_mb``."""
    if memory_mb:
        cap = memory_mb * 2 ** 20
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            cap = min(cap, hard)
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def limit_cpu(seconds: float | None) -> None:
    """End this process after ``seconds`` more CPU seconds: the soft ``RLIMIT_CPU``, whose
    SIGXCPU the kernel delivers and acts on (it ends a loop in C, where no Python handler
    runs; dpproof installs none).  No core file is written (``RLIMIT_CORE`` 0): SIGXCPU's
    default action dumps core into the working directory, which is the user's."""
    if not seconds:
        return
    usage = resource.getrusage(resource.RUSAGE_SELF)
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    soft = math.ceil(usage.ru_utime + usage.ru_stime + seconds)
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))
    resource.setrlimit(resource.RLIMIT_CORE, (0, resource.getrlimit(resource.RLIMIT_CORE)[1]))


def decide(claim: Claim, config: Config, memory_mb: int | None) -> Assessment:
    """``check_claim`` with running out of memory (``OUT_OF_MEMORY``) turned into
    INCONCLUSIVE (memory limit reached)."""
    from .checking import check_claim

    t0 = time.perf_counter()
    try:
        a = check_claim(claim, config)
    except (MemoryError, OSError) as exc:
        if isinstance(exc, OSError) and exc.errno != errno.ENOMEM:
            raise
        return limit_reached(claim, _memory_text(memory_mb), time.perf_counter() - t0)
    except EngineTimeout:   # a time limit's alarm that fired after its block was handled
        return limit_reached(claim, limit_text("claim", config.timeout, config.budget),
                             time.perf_counter() - t0)
    hit = [e for e in a.evidence if e.verdict is Verdict.ERROR
           and e.detail.startswith(OUT_OF_MEMORY)]
    if not hit:
        return a
    evidence = [replace(e, verdict=Verdict.INCONCLUSIVE, detail=_memory_text(memory_mb),
                        data={}) if e in hit else e for e in a.evidence]
    return reassess(a, evidence)


#: how an engine's ERROR evidence begins when it ran out of memory: MemoryError, or the
#: OSError ENOMEM that the import system's directory listing raises at the limit (a lazy
#: import inside an engine)
OUT_OF_MEMORY = ("MemoryError", f"OSError: [Errno {errno.ENOMEM}]")


def _memory_text(memory_mb: int | None) -> str:
    return (f"memory limit of {memory_mb} MB reached" if memory_mb
            else "out of memory (MemoryError)")


def limit_reached(claim: Claim, text: str, seconds: float) -> Assessment:
    """INCONCLUSIVE (a supervisor limit) for a checkable claim."""
    return assess(claim, [Evidence("runner", Verdict.INCONCLUSIVE, text, seconds)], seconds)


def worker_failed(claim: Claim, text: str, seconds: float) -> Assessment:
    """ERROR: the worker died or the task could not run; never dropped."""
    return assess(claim, [Evidence("runner", Verdict.ERROR, text, seconds)], seconds)


def outcome(claim: Claim, future: cf.Future, limits: Limits, seconds: float,
            peak_mb: float | None = None) -> Assessment:
    """The Assessment a finished pebble future stands for (result, timeout, dead worker);
    ``peak_mb``: the worker's sampled peak address space, if known."""
    from pebble import ProcessExpired

    try:
        a = future.result()
        return replace(a, claim=claim) if a.claim is None else a
    except cf.TimeoutError:
        return limit_reached(claim, f"wall-clock backstop of {limits.wall:g} s reached "
                             "(worker stopped by the supervisor): this verdict depends on the "
                             "machine", limits.wall)
    except ProcessExpired as exc:
        if limits.cpu and exc.exitcode == -signal.SIGXCPU:
            return limit_reached(claim, f"CPU-time backstop of {limits.cpu:g} s reached "
                                 "(worker stopped by the kernel): this verdict depends on the "
                                 "machine's speed", seconds)
        text = _death_text(exc.exitcode, limits, peak_mb)
        return (limit_reached if "memory limit" in text and exc.exitcode in _ABORTS else
                worker_failed)(claim, text, seconds)
    except MemoryError:
        return limit_reached(claim, _memory_text(limits.memory_mb), seconds)
    except Exception as exc:  # recorded, never dropped
        return task_failed(claim, exc, seconds)


def task_failed(claim: Claim, exc: BaseException, seconds: float, where: str = "") -> Assessment:
    """ERROR for a claim whose task raised (contradictory evidence is not raised: ``assess``
    flags it as an internal soundness failure)."""
    return worker_failed(claim, f"{where}{type(exc).__name__}: {exc}", seconds)


def soundness_failures(assessments) -> list[str]:
    """Ids of claims flagged as internal soundness failures (``evidence.assess``)."""
    return [a.id for a in assessments if a.soundness_failure]


def _death_text(exitcode: int | None, limits: Limits, peak_mb: float | None = None) -> str:
    """Why a worker died: its signal or exit code; the memory limit only when the worker's
    peak address space reached ``REACHED`` of it (else the limit was not the cause)."""
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        text = f"worker process died of {name}"
    else:
        text = f"worker process exited with code {exitcode}"
    if limits.memory_mb and peak_mb is not None and peak_mb >= REACHED * limits.memory_mb:
        text += (f" after its address space reached {peak_mb:.0f} MB of the memory limit "
                 f"of {limits.memory_mb} MB")
    return text


def peak_mb(pid: int) -> float | None:
    """The peak address space (VmPeak) of process ``pid`` in MB, None when unknown."""
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith("VmPeak:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


class Executor(Protocol):
    """Decides claims and yields ``(index, Assessment)`` as they finish, in any order."""

    def run(self, claims: Sequence[Claim], todo: Sequence[int], config: Config,
            limits: Limits) -> Iterator[tuple[int, Assessment]]: ...


_WORK: Sequence[Claim] = ()
_PIDS = None   # shared with the forked workers: the pid of the worker deciding claim i


def _work(i: int, config: Config, memory_mb: int | None, cpu: float | None) -> Assessment:
    if _PIDS is not None:
        _PIDS[i] = os.getpid()
    return decide_detached(_WORK[i], config, memory_mb, cpu)


def detached(a: Assessment) -> Assessment:
    """The assessment without its claim, for the trip back to the parent: the parent has
    the claim, and unpickling a sympy expression re-evaluates it, which may raise (e.g.
    ``Max(x, Phi(1))``, built unevaluated) inside pebble's result thread and hang the run."""
    return replace(a, claim=None)


class LocalExecutor:
    """A pebble process pool of ``jobs`` forked workers (``max_tasks`` claims each,
    ``CLAIMS_PER_WORKER`` by default: every claim in a fresh fork, see there; a fresh worker
    also gives back the memory a claim took, which a process's address space never does).
    When a worker will be replaced (more claims than one worker takes: whatever ``jobs``, so
    that the state a claim starts from, and its counts, do not depend on it), the parent
    warms up (``checking.warm_up``) before forking, so that every worker inherits it;
    otherwise the worker warms up as it starts, while the parent runs ``meanwhile`` (e.g.
    the report writer's imports) in a thread (two claims with ``--jobs 2`` warmed up in
    their workers, with ``--jobs 1`` in the parent, and counted a few calls apart)."""

    def __init__(self, jobs: int = 1, max_tasks: int = CLAIMS_PER_WORKER, meanwhile=None,
                 watch=None):
        self.jobs, self.max_tasks, self.meanwhile = max(1, jobs), max_tasks, meanwhile
        self.watch = watch   # called as the pool is polled: {claim id: wall seconds running}
        self.thread: threading.Thread | None = None   # the one running ``meanwhile``

    def run(self, claims, todo, config, limits):
        from pebble import ProcessPool

        global _WORK, _PIDS
        if not todo:
            return
        _WORK = claims
        _PIDS = multiprocessing.get_context("fork").Array("i", len(claims), lock=False)
        replaced = len(todo) > self.max_tasks
        if replaced:
            warm_up()
        pool = ProcessPool(max_workers=min(self.jobs, len(todo)), max_tasks=self.max_tasks,
                           initializer=start_worker,
                           initargs=(limits.memory_mb, os.getpid()),
                           context=multiprocessing.get_context("fork"))
        try:
            started = time.perf_counter()
            mine = {i: limits.of_claim(claims[i]) for i in todo}
            futures = {pool.schedule(_work, args=(i, config, limits.memory_mb, mine[i].cpu),
                                     timeout=mine[i].wall): i for i in todo}
            if self.meanwhile is not None and not replaced:
                # the workers are forked by now and no replacement is due: a worker forked
                # while the thread runs (one replacing a dead worker) may inherit a lock it
                # holds, but workers never import what it imports
                self.thread = threading.Thread(target=_quietly, args=(self.meanwhile,),
                                               daemon=True)
                self.thread.start()
            yield from _as_done(futures, claims, mine, limits.memory_mb, started, self.watch)
        finally:
            pool.stop()   # on an interrupt too: no worker outlives the run
            pool.join(timeout=10)


def _quietly(task) -> None:
    """Run ``task``; a failure is left for whoever needs its result to meet again."""
    try:
        task()
    except Exception:  # noqa: BLE001 - a head start only
        pass


def _as_done(futures: dict, claims, limits: dict, memory_mb: int | None, started: float,
             watch=None):
    """Yield results as they finish (``limits``: each claim's, by index); a task's start is
    noted (to 0.2 s) when a worker takes it, so a claim whose worker died or timed out is
    recorded with its own seconds; the worker's peak address space is sampled as often
    (``_death_text``).  ``watch`` gets the wall seconds of each running claim, for display
    only (no decision reads them)."""
    pending, starts, peaks = set(futures), {}, {}
    while pending:
        done, pending = cf.wait(pending, timeout=0.2, return_when=cf.FIRST_COMPLETED)
        now = time.perf_counter()
        for f in pending:
            if f not in starts and f.running():
                starts[f] = now
            pid = _PIDS[futures[f]] if _PIDS is not None and f in starts else 0
            if memory_mb and pid:
                peaks[f] = max(peaks.get(f, 0.0), peak_mb(pid) or 0.0)
        if watch is not None:
            watch({claims[futures[f]].id: now - starts[f] for f in pending if f in starts})
        for f in sorted(done, key=futures.__getitem__):   # claim order within a batch
            i = futures[f]
            yield i, outcome(claims[i], f, limits[i], now - starts.get(f, started),
                             peaks.get(f))


def decide_detached(claim: Claim, config: Config, memory_mb: int | None,
                    cpu: float | None) -> Assessment:
    """In a worker (local or Dask): the CPU backstop, the claim, the result detached."""
    if _START_FAILED:
        return detached(worker_failed(claim, _START_FAILED, 0.0))
    limit_cpu(cpu)
    return detached(decide(claim, config, memory_mb))
