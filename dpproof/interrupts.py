"""SIGINT and SIGTERM during ``dpproof verify``: they stop the claims, never the writing.

While claims are being decided, the first SIGINT or SIGTERM raises KeyboardInterrupt in the
parent; ``runner.verify`` stops the workers and returns the report of what was decided,
marked partial.  From then on -- and from the moment the last claim is decided, whether a
signal came or not -- every SIGINT and SIGTERM is recorded and deferred: nothing else is
blocked, and the writing of the report (every file moved into place, the folder's marker
written) is never cut short, so a report folder never holds files of two runs, nor a
staging folder and no report.  The command then exits 128 + the first signal received.
Signals other than these two are left as they are.
"""

from __future__ import annotations

import signal

#: the signals that stop a run
STOPPING = (signal.SIGINT, signal.SIGTERM)


class Interrupts:
    """``with Interrupts() as stop:`` SIGINT and SIGTERM handled as the module docstring
    says; ``stop.defer()`` from the end of the claims on; ``stop.received`` the first signal
    (None: none); the previous handlers are put back on leaving."""

    def __init__(self, defer: bool = False):
        self.received: signal.Signals | None = None
        self.deferring = defer
        self._previous: dict = {}

    def __enter__(self) -> "Interrupts":
        for sig in STOPPING:
            self._previous[sig] = signal.signal(sig, self._handle)
        return self

    def __exit__(self, *exc) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        self._previous.clear()

    def defer(self) -> None:
        """From now on a signal is only recorded (the report is being written)."""
        self.deferring = True

    def _handle(self, signum, frame) -> None:
        first = self.received is None
        if first:
            self.received = signal.Signals(signum)
        if first and not self.deferring:
            self.deferring = True   # a second signal must not cut the stopping short
            raise KeyboardInterrupt(f"signal {signal.Signals(signum).name}")

    def exit_code(self, code: int) -> int:
        """``code``, or 128 + the signal received."""
        return 128 + int(self.received) if self.received is not None else code
