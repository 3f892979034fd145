"""Hypotheses that bound one parameter by a constant, read as that parameter's range.

``x > 0 => exp(x) > 1 + x`` over x in [0, 1] says exactly what ``exp(x) > 1 + x`` says over
(0, 1]: at the points the hypothesis leaves out the implication holds vacuously, and at the
others the two claims are the same statement.  The engines decide the second far better --
the symbol x is then positive for sympy, and the end the domain leaves out is an open end,
which the strict routes read (the first was SUPPORTED, the second is PROVED).  Likewise a
term defined only where a hypothesis holds (``x >= 1/2 => log(x) ...`` over [0, 1]) is
defined on the whole narrowed range.

``on_ranges`` moves every hypothesis ``x REL c`` or ``c REL x`` (x a parameter, c a rational
constant, REL one of < <= > >=; no parser guards) into x's range and gives the claim over
the narrowed domain, with its parameters' symbols rebuilt from the new ranges (their sign
assumptions; a range narrowed to one point puts that number in the statement:
``n > 2 and n < 4 => n == 3`` over the integers 0..9 is ``3 == 3`` at n = 3).  The routes
decide that claim (``checking.check_claim``): what it says holds on the narrowed domain
holds for the claim as written on its whole domain, and its witnesses lie in the narrowed
domain, where the moved hypotheses hold.  The cross-examination still sweeps the claim as
written.  A hypothesis that would empty a range is left where it was (the claim is then
vacuous on that range, as the engines find).
"""

from __future__ import annotations

import dataclasses

import sympy

from .claims import Claim, Domain, Interval, Statement, symbol_for

_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}


def _bound(h: Statement, names: set[str]):
    """(name, '>'/'>='/'<'/'<=', c) for a hypothesis ``x REL c`` (or ``c REL x``), else None."""
    if h.guards or h.hypotheses or h.rel not in _FLIP:
        return None
    for var, c, rel in ((h.lhs, h.rhs, h.rel), (h.rhs, h.lhs, _FLIP[h.rel])):
        if isinstance(var, sympy.Symbol) and var.name in names and c.is_Rational:
            return var.name, rel, c
    return None


def _narrowed(iv: Interval, rel: str, c) -> Interval:
    """``iv`` intersected with {x : x rel c} (raises ValueError when that is empty)."""
    lo, hi, lo_open, hi_open = iv.lo, iv.hi, iv.lo_open, iv.hi_open
    if rel in (">", ">="):
        if lo is None or c > lo:
            lo, lo_open = c, rel == ">"
        elif c == lo:
            lo_open = lo_open or rel == ">"
    else:
        if hi is None or c < hi:
            hi, hi_open = c, rel == "<"
        elif c == hi:
            hi_open = hi_open or rel == "<"
    return Interval(lo, hi, lo_open, hi_open, iv.integer)


def on_ranges(claim: Claim) -> Claim:
    """``claim`` with its parameter-bounding hypotheses moved into the ranges (see the
    module's text); ``claim`` itself when it has none."""
    st = claim.statement
    if st is None or not st.hypotheses:
        return claim
    ranges, kept, moved = dict(claim.domain.params), [], False
    for h in st.hypotheses:
        found = _bound(h, set(ranges))
        if found is None:
            kept.append(h)
            continue
        name, rel, c = found
        try:
            ranges[name] = _narrowed(ranges[name], rel, c)
            moved = True
        except ValueError:       # empty: the hypothesis stays, the engines see the vacuity
            kept.append(h)
    if not moved:
        return claim
    domain = Domain(tuple((name, ranges[name]) for name, _ in claim.domain.params))
    old = {s.name: s for s in st.free_symbols}
    # a range the hypotheses narrowed to one point: the parameter is that number there
    rule = {old[name]: iv.lo if iv.is_point else symbol_for(name, iv)
            for name, iv in domain.params if name in old}
    statement = Statement(st.lhs, st.rel, st.rhs, tuple(kept), guards=st.guards).xreplace(rule)
    return dataclasses.replace(claim, statement=statement, domain=domain, steps=())
