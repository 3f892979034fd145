"""No worker outlives a ``dpproof verify`` killed with SIGKILL (the OOM killer, a CI hard
kill): each worker asks the kernel to end it with its parent (``orphans.die_with_parent``,
Linux)."""

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.helpers import process_alive

REPO = Path(__file__).resolve().parents[2]


def _wait_for(condition, limit: float = 120.0) -> bool:
    """Poll ``condition`` (an outcome, not a timing: ``limit`` only bounds a failing wait)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG: Linux")
def test_a_worker_dies_with_its_killed_parent(tmp_path):
    target = tmp_path / "slow.py"
    target.write_text(textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(REPO)!r})
        from tests.runner import faults
        faults.register(first=True)
        CLAIMS = [faults.claim("sleep", 1)]   # the worker writes its pid, then sleeps 300 s
        """))
    pids = tmp_path / "pids"
    pids.mkdir()
    env = {**os.environ, "PYTHONPATH": str(REPO), "DPPROOF_CACHE_DIR": str(tmp_path / "c"),
           "DPPROOF_FAULT_PIDS": str(pids), "DPPROOF_NO_REEXEC": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "dpproof.cli", "verify", str(target),
                             "--out", str(tmp_path / "out"), "--no-pdf", "--no-cache",
                             "--quiet"], env=env, cwd=tmp_path,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    worker = None
    try:
        assert _wait_for(lambda: any(pids.iterdir()) or proc.poll() is not None)
        worker = int(next(pids.iterdir()).name)
        proc.kill()
        proc.wait()
        assert _wait_for(lambda: not process_alive(worker), limit=30), \
            "the worker outlived its parent"
    finally:
        proc.kill()
        if worker is not None and process_alive(worker):
            os.kill(worker, signal.SIGKILL)
