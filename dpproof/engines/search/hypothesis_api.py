"""hypothesis, as the hunt uses it, imported on first use (``engine._Hunt.hypothesis``).

Importing hypothesis costs 0.2 s that a claim decided without a search does not pay; imports
are not counted work (``dpproof.work``), so a claim's count does not depend on whether its
process imported hypothesis before.  What the import leaves in hypothesis's process-wide
caches would: a process that imported it before the claim had them emptied by
``fresh_state.reset``.  So they are emptied here too, in the module's body -- an import, so
uncounted, like the reset.

The first ``@given`` test of a thread creates hypothesis's global ``Random`` (kept in a
thread-local) and registers it (``entropy.register_random``), which runs a full
``gc.collect()``: in a worker holding the whole library, about 1.8 s of CPU, once per worker
(1.6% of a library run).  The workers are forked from the pool's manager thread, so they
do not inherit the parent's thread-local.  The import creates and registers it once
(``GLOBAL_RANDOM``; the registry, inherited by every fork, holds it), and
``fresh_state.reset`` hands it to the thread deciding a claim (``for_this_thread``).
"""

from hypothesis import HealthCheck, Phase, given, seed, settings, target
from hypothesis import strategies as st

from ...fresh_state import forget_hypothesis

__all__ = ["HealthCheck", "Phase", "given", "seed", "settings", "st", "target"]

forget_hypothesis()


def _register_global_random():
    """hypothesis's global ``Random``, created and registered now (see the module's text),
    or None where hypothesis's internals differ (the first test then does it as before)."""
    try:
        from hypothesis.core import threadlocal
        from hypothesis.internal.entropy import deterministic_PRNG
        with deterministic_PRNG():
            pass
        return threadlocal._hypothesis_global_random
    except (ImportError, AttributeError):
        return None


GLOBAL_RANDOM = _register_global_random()


def for_this_thread() -> None:
    """Give the current thread the registered ``GLOBAL_RANDOM`` if it has none yet."""
    try:
        from hypothesis.core import threadlocal
        if GLOBAL_RANDOM is not None and threadlocal._hypothesis_global_random is None:
            threadlocal._hypothesis_global_random = GLOBAL_RANDOM
    except (ImportError, AttributeError):
        pass
