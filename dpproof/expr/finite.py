"""Finite aggregates over an integer index: ``MaxOver`` beside sympy's ``Sum``.

A source's "max over l in {0, ..., k + d - 1} of F_l(t_l)" has a number of terms that depends
on integer parameters; sympy has ``Sum`` for such sums but no maximum.  ``MaxOver(f, (l, lo,
hi))`` is that maximum, written once with symbolic limits.  Unlike ``Max`` of many written-out
terms, sympy never compares its terms (its rebuilds are instant, its value is unchanged).
The lowering (``dpproof.lowering.tree``) evaluates both at points where the limits are
integers; an empty range (hi < lo) is undefined for ``MaxOver``.
"""

from __future__ import annotations

from sympy.concrete.expr_with_limits import ExprWithLimits

__all__ = ["MaxOver"]


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
