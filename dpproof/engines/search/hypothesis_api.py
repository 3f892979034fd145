"""hypothesis, as the hunt uses it, imported on first use (``engine._Hunt.hypothesis``).

Importing hypothesis costs 0.2 s that a claim decided without a search does not pay; imports
are not counted work (``dpproof.work``), so a claim's count does not depend on whether its
process imported hypothesis before.  What the import leaves in hypothesis's process-wide
caches would: a process that imported it before the claim had them emptied by
``fresh_state.reset``.  So they are emptied here too, in the module's body -- an import, so
uncounted, like the reset.
"""

from hypothesis import HealthCheck, Phase, given, seed, settings, target
from hypothesis import strategies as st

from ...fresh_state import forget_hypothesis

__all__ = ["HealthCheck", "Phase", "given", "seed", "settings", "st", "target"]

forget_hypothesis()
