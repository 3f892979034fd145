"""A worker dies with its parent: what ``execution.start_worker`` asks of the kernel first."""

from __future__ import annotations

import os
import signal
import sys


#: prctl's option: the signal the kernel sends when the thread that forked us ends
PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int | None) -> None:
    """On Linux, have the kernel send this worker SIGKILL when the parent thread that forked
    it ends (``PR_SET_PDEATHSIG``): a ``dpproof verify`` killed by ``kill -9``, the OOM
    killer or a CI hard kill takes its workers with it instead of leaving them to their
    backstop.  The parent may have died before the call (the worker is then an orphan):
    checked right after, and the worker ends at once.  Elsewhere, or where ``prctl`` cannot
    be called: nothing (the parent still stops its workers when it can)."""
    if parent is None or not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) != 0:
            return
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:
        os.kill(os.getpid(), signal.SIGKILL)
