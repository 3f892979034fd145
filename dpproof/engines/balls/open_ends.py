"""Boxes at an open end of the domain, x in (L, ...] (or [..., U)): the margin as signed
factors (lower ends), or scaled on the half-line the end is moved to (``half_lines``: lower
and upper ends, and with other sides unbounded).

At an excluded end x = L the margin may be undefined (``1/(alpha - 1)`` at alpha = 1 in
osgt22's zeta, with the margin tending to +inf) or tend to 0 (a factor m as m -> 0+ in
osgt22's variance bound): no ball enclosure on a box [L, L + h] certifies it.  In the
shifted coordinate u = x - L, positive on the domain, the margin is written as one
fraction N/D (sympy ``together``) and N, D as products of factors (``factor_terms``); on
box ∩ domain the margin has the sign of the product of its factors' signs, each factor's
sign from sympy's sign rules under u > 0 (u^k, exp(.), positive constants: strictly
positive on the whole domain) or from its ball enclosure on the closed box.  Failing
that: ``half_lines``, then erfc replaced by its expansion with a certified remainder
(``asymptotic``).

Definedness on box ∩ domain: every partial term (``definedness.edge_check``) of the margin
and of the factors sympy proves positive is either a negative power of a base that sympy
proves positive on the domain (defined there wherever the base is), or lies inside an
outermost partial term whose enclosure on the closed box is finite (the lowering certified
each partial term in it defined there); the other factors are enclosed finitely.  Then N/D
and the margin agree on box ∩ domain (``together`` is an identity where both are
defined).  A claim with guards (terms sympy simplified away) is not treated.
"""

from __future__ import annotations

import sympy

from ...definedness import edge_check
from ...lowering import arb_ball, at_precision, lower
from . import boxes as B
from . import half_lines
from ..signs import enclose, guarded, static_sign

#: factors of N and D at most (more: not worth the per-box evaluations)
MAX_FACTORS = 8


class OpenEnds:
    """Methods of ``interval_search.Search`` for boxes at an open lower end of a real parameter."""

    def _open_sides(self) -> list[int]:
        if getattr(self, "_open_cache", None) is None:
            params = self.c.claim.domain.params
            self._open_cache = [i for i, (_, iv) in enumerate(params)
                                if iv.lo_open and not iv.integer and self.root[i][0] is not None
                                and self.shift[i] == self.root[i][0]]
        return self._open_cache

    def _half_ends(self) -> list[tuple[int, int]]:
        """(i, 1) for the open lower ends (``_open_sides``), (i, -1) for the open upper ends
        x -> U- of real parameters."""
        if getattr(self, "_ends_cache", None) is None:
            params = self.c.claim.domain.params
            self._ends_cache = [(i, 1) for i in self._open_sides()] + [
                (i, -1) for i, (_, iv) in enumerate(params)
                if iv.hi_open and not iv.integer and iv.hi is not None and
                self.root[i][1] is not None and self.root[i][1] == iv.hi]
        return self._ends_cache

    def _end_width(self, box, i, side):
        """The width h of box side i from the open end it touches (None: it does not)."""
        lo, hi = box[i]
        if side > 0:
            return hi - self.shift[i] if lo == self.root[i][0] and hi is not None else None
        return hi - lo if hi == self.root[i][1] and lo is not None else None

    def _at_open_end(self, box) -> bool:
        return any(self._end_width(box, i, side) is not None for i, side in self._half_ends())

    @property
    def open_factors(self):
        """``_factors`` of the shifted margin, or None when it does not qualify (cached)."""
        if getattr(self, "_open_factors", False) is False:
            self._open_factors = None if self.guarded or not self._open_sides() else guarded(
                _factors, self.forms.margin, self.c.names,
                {self.c.names[i] for i in self._open_sides()}, seconds=4.0)
        return self._open_factors

    def _open_end_holds(self, box) -> bool:
        """The margin >= 0 (> 0 if strict) on box ∩ domain, from the signs of its factors
        or from its scaled form on the half-line the open end is moved to
        (``half_lines``)."""
        if not self._at_open_end(box):
            return False
        lower = not B.infinite(box) and any(box[i][0] == self.root[i][0]
                                            for i in self._open_sides())
        if lower and self.open_factors is not None and self._factors_hold(box):
            return True
        return self._half_line_holds(box) or (lower and any(
            self._asymptotic_holds(box, i, open_end=True) for i in self._open_sides()
            if box[i][0] == self.root[i][0]))

    def _half_line_holds(self, box) -> bool:
        if self.c.claim.statement.hypotheses:
            return False
        self._half_line_setup()
        if self._half_off:
            return False
        for (i, side), subs in self._half_cache.items():
            h = self._end_width(box, i, side)
            if h is None:
                continue
            for exprs, t, is_log in subs:
                span = half_lines.end_span(h, is_log)
                if span is not None and self._half_line_try(exprs, t, span, box, i):
                    return True
        return False

    def _half_line_tail_holds(self, box, i) -> bool:
        """A tail [X, oo) (or (-oo, X]) of side i: the margin on the half-line as it stands
        (``half_lines.holds`` with t = x_i)."""
        lo, hi = box[i]
        if (lo is None) == (hi is None) or (self.c.claim.statement.hypotheses
                                            and self._tail_routes_off(box)):
            return False
        self._half_line_setup()
        st = self.c.claim.statement
        exprs = [st.margin(), *st.guards]
        x = {s.name: s for e in exprs for s in e.free_symbols}.get(self.c.names[i])
        if x is None or self._half_off:
            return False
        with at_precision(half_lines.PREC):
            span = (half_lines.Iv(arb_ball(lo).lower(), half_lines.INF) if hi is None else
                    half_lines.Iv(-half_lines.INF, arb_ball(hi).upper()))
        return self._half_line_try(exprs, x, span, box, i)

    def _half_line_try(self, exprs, t, span, box, i) -> bool:
        got = guarded(half_lines.holds, exprs, t, span, box, i, self.c.names, self.c.strict,
                      self._half_parts, seconds=2.0)
        if got is None:         # sympy too slow (or failed): not tried again
            self._half_off = True
        return bool(got)

    def _half_line_setup(self):
        if getattr(self, "_half_cache", None) is None:
            st = self.c.claim.statement
            margin = st.margin()
            symbols = {s.name: s for s in margin.free_symbols}
            self._half_parts, self._half_off = {}, False
            self._half_cache = {
                (i, side): guarded(half_lines.moved, [margin, *st.guards],
                                   symbols[self.c.names[i]],
                                   self.shift[i] if side > 0 else self.root[i][1], side,
                                   seconds=2.0) or []
                for i, side in self._half_ends() if self.c.names[i] in symbols}

    def _factors_hold(self, box) -> bool:
        u = B.balls([(lo - s, hi - s) for (lo, hi), s in zip(box, self.shift)])
        factors, checks = self.open_factors
        if not all(enclose(fn, u).is_finite() for fn in checks):
            return False
        sign = 1
        for fn, _ in factors:
            if fn is None:          # > 0 on the whole domain (sympy)
                continue
            v = enclose(fn, u)
            if not v.is_finite():
                return False
            if v > 0 or v < 0:
                sign *= 1 if v > 0 else -1
            elif self.c.strict or not (v >= 0 or v <= 0):
                return False
            else:
                sign *= 1 if v >= 0 else -1
        return sign > 0


def _factors(margin, names, open_names):
    """(factors, checks) of margin = N/D in u with the open-end symbols positive: factors
    as (lowered or None when sympy proves it > 0 on the domain, sympy form); checks the
    lowered outermost partial terms that must be finite on the box.  None if not found."""
    sub = {s: sympy.Symbol(s.name, positive=True) for s in margin.free_symbols
           if s.name in open_names}
    expr = margin.xreplace(sub)
    num, den = sympy.fraction(sympy.together(expr))
    parts = list(sympy.Mul.make_args(sympy.factor_terms(num))) + \
        list(sympy.Mul.make_args(sympy.factor_terms(den)))
    if len(parts) > MAX_FACTORS or not any(f.free_symbols & set(sub.values()) for f in parts):
        return None
    out, positive = [], []
    for f in parts:
        if (f.is_number and f.is_positive) or static_sign(f, True) == 1:
            out.append((None, f))
            positive.append(f)
            continue
        out.append((lower(f, names), f))
    return out, [lower(n, names) for n in _outermost(
        [n for e in [expr] + positive for n in _partial_terms(e)
         if not (_is_reciprocal(n) and static_sign(n.base, True) == 1)])]


def _outermost(nodes) -> list:
    """The nodes that are not subterms of another node of the list."""
    return [n for n in dict.fromkeys(nodes)
            if not any(o is not n and o != n and o.has(n) for o in nodes)]


def _partial_terms(e) -> list:
    return [n for n in sympy.preorder_traversal(e)
            if isinstance(n, sympy.Basic) and not n.is_Atom and edge_check(n) is not None]


def _is_reciprocal(node) -> bool:
    """x^(-k), k an integer or p/q with q odd: undefined only at x = 0."""
    if not node.is_Pow or not node.exp.is_Rational or not node.exp < 0:
        return False
    return node.exp.is_Integer or int(node.exp.q) % 2 == 1
