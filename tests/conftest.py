"""Every test leaves the process's alarm as it found it: no ``time_limit`` alarm armed, the
default SIGALRM disposition.  A leaked repeating alarm raised EngineTimeout later from pytest's
own code and ended a CI worker (INTERNALERROR, exit 3); here it fails the test that leaked it,
and is disarmed so that it costs that test only."""

import signal
import threading

import pytest


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
