"""Finite aggregates over an integer index: ``MaxOver`` beside sympy's ``Sum``.

A source's "max over l in {0, ..., k + d - 1} of F_l(t_l)" has a number of terms that depends
on integer parameters; sympy has ``Sum`` for such sums but no maximum.  ``MaxOver(f, (l, lo,
hi))`` is that maximum, written once with symbolic limits.  Unlike ``Max`` of many written-out
terms, sympy never compares its terms (its rebuilds are instant, its value is unchanged).
The lowering (``dpproof.lowering.tree``) evaluates both at points where the limits are
integers; an empty range (hi < lo) is undefined for ``MaxOver``.
"""

from __future__ import annotations

import sympy
from sympy.concrete.expr_with_limits import ExprWithLimits

__all__ = ["MaxOver", "written_out"]

MAX_TERMS = 400         # terms of a written-out Sum / MaxOver


class MaxOver(ExprWithLimits):
    """max over i = lo..hi (integers, lo <= hi) of f(i): ``MaxOver(f, (i, lo, hi))``."""

    __slots__ = ()

    def _latex(self, printer):
        i, lo, hi = self.limits[0]
        return (rf"\max_{{{printer._print(i)}={printer._print(lo)}}}^{{{printer._print(hi)}}}"
                rf" \left({printer._print(self.function)}\right)")

    def _sympystr(self, printer):
        i, lo, hi = self.limits[0]
        return f"MaxOver({printer._print(self.function)}, ({i}, {lo}, {hi}))"


def written_out(expr):
    """An exact rewrite: ``expr`` with every Sum / MaxOver whose limits are integers written
    out term by term (outermost limit first, so an inner limit may depend on an outer
    index); ValueError when a limit is not an integer or there are more than MAX_TERMS."""
    def one(e):
        body, limits = e.function, list(e.limits)
        i, lo, hi = limits[-1]
        lo, hi = _integer_limit(lo), _integer_limit(hi)
        if not (lo.is_Integer and hi.is_Integer):
            raise ValueError(f"limits {lo}..{hi} are not integers")
        if int(hi) - int(lo) + 1 > MAX_TERMS:
            raise ValueError("too many terms")
        inner = (lambda v: _put(e.func(body, *limits[:-1]), i, v)) if len(limits) > 1 \
            else (lambda v: _put(body, i, v))
        values = [written_out(inner(sympy.Integer(v))) for v in range(int(lo), int(hi) + 1)]
        if isinstance(e, MaxOver):
            if not values:
                raise ValueError("empty MaxOver")
            return sympy.Max(*values, evaluate=False) if len(values) > 1 else values[0]
        if not values and int(hi) < int(lo) - 1:
            raise ValueError("Sum with hi < lo - 1")
        return sympy.Add(*values)
    if isinstance(expr, (sympy.Sum, MaxOver)):
        return one(expr)
    if not expr.args or not expr.has(sympy.Sum, MaxOver):
        return expr
    # one pass, innermost nodes rebuilt first; Max / Min unevaluated (sympy compares constant
    # arguments by evalf at construction: minutes for nested maxima of sums of exponentials,
    # or 'not comparable' for numeric oracle calls)
    args = [written_out(a) for a in expr.args]
    if isinstance(expr, (sympy.Max, sympy.Min)):
        return expr.func(*args, evaluate=False)
    return expr.func(*args)


def _integer_limit(end):
    """A limit such as Min(1, Max(-1, 0)) (left unevaluated by ``_put``) as the integer it
    is: a Max / Min of integers, evaluated exactly; anything else as it is."""
    if not end.is_Integer and not end.free_symbols and isinstance(end, (sympy.Max, sympy.Min)):
        got = end.doit()
        if got.is_Integer:
            return got
    return end


def _put(expr, i, v):
    """``expr`` with the index ``i`` set to ``v``; Max / Min rebuilt unevaluated (sympy
    compares their arguments at construction: seconds for a product's hockey-stick)."""
    if i not in expr.free_symbols:
        return expr
    if expr == i:
        return v
    args = [_put(a, i, v) for a in expr.args]
    if isinstance(expr, (sympy.Max, sympy.Min)):
        return expr.func(*args, evaluate=False)
    return expr.func(*args)
