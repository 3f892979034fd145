"""Claims on a ``dask.distributed`` cluster (``--scheduler``): the same executor interface and
limits as the local pool (``dpproof.execution``).  Claims are pickled to the cluster; on each
Dask worker a warm pebble pool (``warm_pool``) runs them, so that start-up is paid once per Dask
worker and a claim that dies or runs away costs that claim only.
"""

from __future__ import annotations

import atexit
import concurrent.futures as cf
import multiprocessing
import os
import time
from dataclasses import replace

from .claims import Claim
from .engines.base import Config
from .evidence import Assessment
from .execution import (CLAIMS_PER_WORKER, Limits, decide_detached, detached, outcome,
                        start_worker, task_failed, warm_up)


def _dask_task(claim: Claim, config: Config, limits: Limits) -> Assessment:
    """On a Dask worker: the claim in the worker's own warm pebble pool (``warm_pool``),
    under the same limits as the local pool."""
    t0 = time.perf_counter()
    future = warm_pool(limits.memory_mb).schedule(
        decide_detached, args=(claim, config, limits.memory_mb, limits.cpu),
        timeout=limits.wall)
    cf.wait([future])
    return detached(outcome(claim, future, limits, time.perf_counter() - t0))


#: per Dask worker process, its pebble pool by memory limit (``warm_pool``)
_WARM: dict = {}


def warm_pool(memory_mb: int | None):
    """The calling process's pebble pool for Dask tasks, started once and reused, so that
    dpproof's start-up (imports, ``checking.warm_up``) is paid once per Dask worker, not per
    claim.  One pebble worker per thread of the Dask worker; each is replaced after
    ``CLAIMS_PER_WORKER`` claims (forked from this warmed-up process), or when it dies.  The
    Dask worker is daemonic (under its nanny), and multiprocessing refuses children to
    daemonic processes so that none is orphaned: the pool may start workers whenever it
    replaces one, so the flag is lifted for this process, and the pool is stopped when the
    process exits (``atexit``)."""
    from pebble import ProcessPool

    pool = _WARM.get(memory_mb)
    if pool is not None and pool.active:
        return pool
    multiprocessing.current_process()._config["daemon"] = False
    warm_up()      # once here, inherited by every worker forked for a claim
    pool = ProcessPool(max_workers=_dask_threads(), max_tasks=CLAIMS_PER_WORKER,
                       initializer=start_worker,
                       initargs=(memory_mb, os.getpid()), context=multiprocessing.get_context("fork"))
    atexit.register(pool.stop)
    _WARM[memory_mb] = pool
    return pool


def reset_warm_pools() -> None:
    """Stop this process's warm pools: the next task starts a fresh one (after a change in
    the process that its forked workers must see, e.g. an engine registered at run time)."""
    for pool in _WARM.values():
        pool.stop()
    _WARM.clear()


def _dask_threads() -> int:
    """The threads of the Dask worker running this task (1 outside a Dask worker)."""
    try:
        from distributed import get_worker

        worker = get_worker()
        return max(1, int(getattr(worker, "nthreads", None) or worker.state.nthreads))
    except Exception:   # noqa: BLE001 - not on a Dask worker, or an older distributed
        return 1


class SchedulerUnreachable(ConnectionError):
    """The Dask scheduler given with ``--scheduler`` did not answer."""


class DaskExecutor:
    """Claims on an existing ``dask.distributed`` cluster at ``address`` (pickled there)."""

    def __init__(self, address: str, connect_timeout: float = 20.0):
        self.address, self.connect_timeout = address, connect_timeout

    def run(self, claims, todo, config, limits):
        from distributed import Client, as_completed

        if not todo:
            return
        try:
            client = Client(self.address, timeout=self.connect_timeout)
        except (OSError, TimeoutError, ValueError) as exc:
            raise SchedulerUnreachable(f"cannot reach the Dask scheduler at {self.address!r} "
                                       f"({type(exc).__name__}: {exc}); start one with "
                                       "'dask scheduler' and workers with 'dask worker "
                                       "ADDRESS'") from None
        with client:
            futures = {client.submit(_dask_task, claims[i], config, limits.of_claim(claims[i]),
                                     pure=False): i for i in todo}
            try:
                for f in as_completed(futures):
                    i = futures[f]
                    try:
                        yield i, replace(f.result(), claim=claims[i])
                    except Exception as exc:  # the worker was lost, or pickling failed
                        yield i, task_failed(claims[i], exc, 0.0, "dask: ")
            finally:
                client.cancel(list(futures))
