"""Every test leaves the process's alarm as it found it: no ``time_limit`` alarm armed, the
default SIGALRM disposition.  A leaked repeating alarm raised EngineTimeout later from pytest's
own code and ended a CI worker (INTERNALERROR, exit 3); here it fails the test that leaked it,
and is disarmed so that it costs that test only.

The tests of the folders that call engines directly run under counted work
(``COUNTED_FOLDERS``).  The tests listed in ``tests/slow_tests.txt`` (measured durations) get
the ``slow`` mark, as the ones decorated with it do."""

import signal
import threading
from pathlib import Path

import pytest

SLOW_LIST = Path(__file__).with_name("slow_tests.txt")


def _slow_ids() -> set[str]:
    """The node ids of ``slow_tests.txt``: "<seconds>\t<node id>" lines, # comments."""
    lines = SLOW_LIST.read_text().splitlines()
    return {line.split("\t", 1)[1] for line in lines if line.strip() and not line.startswith("#")}


def pytest_collection_modifyitems(items):
    slow = _slow_ids()
    for item in items:
        if item.nodeid in slow or item.nodeid.split("[", 1)[0] in slow:
            item.add_marker(pytest.mark.slow)


#: the folders whose tests call engines, routes and oracles directly: each of their tests runs
#: under counted work (``engines.base.budgeted``), as every claim of a run does, so that no
#: outcome depends on the machine's load (a route's one-second quick budget, read on the
#: wall clock outside a claim, ran out in a suite run on a busy machine).  A test of the
#: wall-clock limits themselves is marked ``wall_clock``.
COUNTED_FOLDERS = {"engines", "calculus", "oracles", "theorems", "accounting"}


@pytest.fixture(autouse=True)
def _counted_work(request):
    if (request.node.path.parent.name not in COUNTED_FOLDERS
            or request.node.get_closest_marker("wall_clock")):
        yield
        return
    from dpproof.engines.base import Config, budgeted

    with budgeted(Config()):
        yield


@pytest.fixture(autouse=True)
def _no_alarm_left_armed():
    yield
    if threading.current_thread() is not threading.main_thread():
        return
    left, _ = signal.getitimer(signal.ITIMER_REAL)
    handler = signal.getsignal(signal.SIGALRM)
    if left > 0 or handler is not signal.SIG_DFL:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        pytest.fail(f"the test left SIGALRM armed ({left:.3g} s left) or its handler "
                    f"installed ({handler!r})")
