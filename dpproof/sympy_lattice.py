"""sympy's ``Max`` and ``Min`` built once per argument tuple within a claim.

An evaluated ``Max(a, b, ...)`` compares its arguments pairwise (``MinMaxBase._find_localzeros``,
``_is_connected``: ``a >= b`` by the assumptions, then ``factor_terms(a - b)``), and sympy does
not cache the construction.  The engines rebuild the same ones many times -- every
``xreplace``, ``subs`` and rewrite of an expression holding a ``Max`` rebuilds it -- and the
constructions were 16% of a library run's CPU (py-spy over all workers); in
``cesar_rogers21.eq5_6`` and ``adp_notes.post_processing.instances`` 7,797 constructions
had 1,639 distinct argument tuples.

``install`` remembers each evaluated construction (no keyword but ``evaluate``, and
``evaluate`` true explicitly or by sympy's global parameter) under its class and arguments,
each with its type (sympy's own ``cacheit`` keys by type too: 1 and 1.0 hash alike).  The
construction is a function of these alone -- the arguments' assumptions are part of their
symbols -- so a remembered result is the one sympy would build again.  The memo is a
``fresh_state.Memo``, emptied before every claim with sympy's cache, so a claim's counted
work does not depend on what its worker decided before.  A construction that raises (a
work limit, ``sympy_powers.PowerTooLarge``) is not remembered.
"""

from __future__ import annotations

from sympy.core.parameters import global_parameters
from sympy.functions.elementary.miscellaneous import MinMaxBase

from .fresh_state import Memo

_new = MinMaxBase.__new__
#: (class, ((type, argument), ...)) -> the evaluated Max/Min
BUILT = Memo()


def _new_remembered(cls, *args, **assumptions):
    """``MinMaxBase.__new__``, remembered for the claim (see the module's text)."""
    if assumptions.keys() - {"evaluate"} or not assumptions.get(
            "evaluate", global_parameters.evaluate):
        return _new(cls, *args, **assumptions)
    try:
        key = (cls, tuple((type(a), a) for a in args))
        hit = BUILT.get(key)
    except TypeError:       # an unhashable argument: sympy decides what it means
        return _new(cls, *args, **assumptions)
    if hit is None:
        hit = BUILT[key] = _new(cls, *args, **assumptions)
    return hit


def install() -> None:
    """Route ``Max``/``Min`` construction through the memo; idempotent."""
    MinMaxBase.__new__ = _new_remembered
