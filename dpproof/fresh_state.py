"""Every claim starts from the same process state, whatever its worker ran before.

A verdict and its work counts must be a function of the claim, the settings, the version and
the seed (docs/design.md "Budgets: counted, not timed").  Three kinds of process state carry
history from one claim to the next, and ``reset`` puts each back before a claim:

- caches: sympy's own (``clear_cache``) and dpproof's ``functools.lru_cache``s and ``Memo``
  dicts, which hold sympy objects built by earlier claims (a hit skips work that a miss
  counts); within one claim a hit is as deterministic as the claim's own steps;
- sympy's ``Dummy`` numbering: an index is ``_base_dummy_index + _count``, the base drawn at
  random when sympy is imported and the count global, and the index enters the Dummy's hash,
  hence the order in which a set or dict of them is walked (and so where later objects land
  in memory).  The base becomes one taken from the claim's content (``dummy_base``), the
  count restarts at 0: the same claim numbers its Dummies alike in every process, and two
  claims' Dummies never compare equal (their bases differ by at least 10^9, more than a
  claim creates).  The Dummies sympy creates as it is imported, and those of the claims'
  declarations, are numbered from a fixed base in the command line's process
  (``hash_seed.pin_dummy_base``);
- sympy's random streams (its assumptions system shuffles the facts it asks): ``seed_sympy``,
  at the start of a command line run (``cli``) and before every claim (``engines.base.budgeted``).
  The facts a query finds are cached on the objects it asked about, so the order of the
  shuffles decides which are cached; the claims built before the first claim ran (the parent
  of the workers) keep them, and later queries count more or fewer calls.  Left to the draw
  sympy seeds from ``os.urandom``, two identical runs differed by up to 0.3% of a claim's
  calls (measured on ``adp_notes.basic_composition.instances``: ``derive_claim``'s 21 million
  calls; seeded, the same in every process);
- hypothesis's process-wide caches (strategies, constants), emptied;
- sympy's own module-level ``lru_cache``s, which its ``clear_cache`` leaves (``igcd``'s:
  a worker forked after its parent had built claims skipped calls a worker forked earlier
  made), emptied with dpproof's (``caches``).

Not reset: the subclass caches of abstract base classes.  Emptied before every claim, the
sixty claims of ``tests/runner/test_determinism.py`` counted differently between runs (a
``__subclasscheck__`` walks ``__subclasses__()``, which holds the classes sympy creates
and the collector frees on its own schedule); left warm from the parent, they count alike.
"""

from __future__ import annotations

import functools
import sys
import types

from sympy import Dummy
from sympy.core.cache import clear_cache

from .hash_seed import dummy_base

#: modules whose caches are not about claims (file hashes of the sources, the sections)
_KEEP = ("dpproof.sources", "dpproof.sections")


class Memo(dict):
    """A module-level memo (a dict) that ``reset`` empties before every claim."""

    def cache_clear(self) -> None:
        self.clear()


def caches() -> list:
    """Every ``cache_clear``-able function of the loaded dpproof modules (module level, and
    methods of their classes), every module-level ``Memo``, and sympy's module-level
    ``lru_cache``s, which its ``clear_cache`` does not empty (``igcd``'s: a worker forked
    after its parent had built claims skipped calls a worker forked earlier made)."""
    found, seen = [], set()
    for name, module in list(sys.modules.items()):
        ours = name.startswith("dpproof") and name not in _KEEP
        if module is None or not (ours or name == "sympy" or name.startswith("sympy.")):
            continue
        for value in list(vars(module).values()):
            for f in ([value] + list(vars(value).values()) if ours and isinstance(value, type)
                      else [value]):
                if (_cached(f) if ours else isinstance(f, functools._lru_cache_wrapper)) \
                        and id(f) not in seen:
                    seen.add(id(f))
                    found.append(f)
    return found


def _cached(f) -> bool:
    """An ``lru_cache`` wrapper, a ``Memo``, or a function carrying one's ``cache_clear``
    (sympy's ``cacheit``) -- not any object that merely answers to the name."""
    return isinstance(f, (functools._lru_cache_wrapper, Memo)) or (
        isinstance(f, types.FunctionType) and "cache_clear" in vars(f))


def seed_sympy(seed: int) -> None:
    """Restart sympy's random streams, its assumptions' shuffle among them, from ``seed``."""
    from sympy.core.random import seed as restart

    restart(seed)


#: hypothesis's process-wide caches (its strategies, constants and constraints): a hit skips
#: work a miss counts, so a claim's counted work would follow what its worker ran before
_HYPOTHESIS = (("hypothesis.strategies._internal.utils", "_STRATEGY_CACHE"),
               ("hypothesis.internal.conjecture.providers", "CONSTANTS_CACHE"),
               ("hypothesis.internal.conjecture.data", "POOLED_CONSTRAINTS_CACHE"),
               ("hypothesis.internal.lambda_sources", "LAMBDA_DIGEST_DESCRIPTION_CACHE"),
               ("hypothesis.internal.lambda_sources", "AST_LAMBDAS_CACHE"))


def reset(key: str) -> None:
    """The process state a claim with content ``key`` starts from (see the module's text)."""
    clear_cache()
    for f in caches():
        f.cache_clear()
    forget_hypothesis()
    api = sys.modules.get("dpproof.engines.search.hypothesis_api")
    if api is not None:    # its global Random, registered once (no gc.collect per worker)
        api.for_this_thread()
    Dummy._base_dummy_index = dummy_base(key)
    Dummy._count = 0


def forget_hypothesis() -> None:
    """Empty hypothesis's process-wide caches (``_HYPOTHESIS``), where it is loaded."""
    for module, name in _HYPOTHESIS:   # only where hypothesis is loaded (and has them)
        cache = getattr(sys.modules.get(module), name, None)
        if cache is None:
            continue
        if hasattr(cache, "clear"):
            cache.clear()
        elif hasattr(cache, "cache"):    # an LRUCache: its OrderedDict (thread-local)
            cache.cache.clear()
