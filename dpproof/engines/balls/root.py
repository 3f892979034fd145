"""The interval engine's root box and coordinates: finite boxes with ``None`` for the
infinite ends of unbounded ranges (decided in ``tails``), and the margin in shifted
coordinates u = x - L, where sympy knows u >= 0."""

from __future__ import annotations

import sympy

from ...claims import Claim
from ..base import Compiled, effective_bounds
from ..compiled import _guards


def root_box(claim: Claim):
    """(root box with None for infinite ends, its truncation, integer flags, truncated?)"""
    root, clip, integer, truncated = [], [], [], False
    tails = not guarded_claim(claim)
    # a side that a hypothesis involves stays truncated (``tails`` reads hypotheses only on
    # the finite sides)
    in_hypotheses = {x.name for h in claim.statement.hypotheses for x in h.free_symbols}
    for name, iv in claim.domain.params:
        lo, hi, cut = effective_bounds(iv)
        if iv.integer:
            lo, hi = sympy.ceiling(lo), sympy.floor(hi)
        clip.append((lo, hi))
        if cut and tails and not iv.integer and name not in in_hypotheses:
            root.append((None if iv.lo is None else lo, None if iv.hi is None else hi))
        else:
            root.append((lo, hi))
            truncated |= cut
        integer.append(iv.integer)
    return root, clip, integer, truncated


def guarded_claim(claim: Claim) -> bool:
    st = claim.statement
    return bool(_guards(st)) or any(_guards(h) for h in st.hypotheses)


def shifted_margin(compiled: Compiled, root, integer) -> sympy.Expr:
    """The margin in u = x - L: each parameter with a finite lower end L becomes L + u,
    u >= 0 (an integer if the parameter is)."""
    margin = compiled.claim.statement.margin()
    symbols = {s.name: s for s in margin.free_symbols}
    sub = {symbols[n]: lo + sympy.Symbol(n, nonnegative=True, integer=integ or None)
           for n, (lo, _), integ in zip(compiled.names, root, integer)
           if n in symbols and lo is not None and (lo != 0 or not symbols[n].is_nonnegative)}
    return margin.subs(sub, simultaneous=True) if sub else margin
