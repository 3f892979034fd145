"""Signs of expressions on a box, for the interval engine (issue 12).

- ``static_sign``: sympy's sign rules under the domain's assumptions (the symbols carry
  them), guarded in time -- valid on the whole domain;
- ``SignTree``: sign rules over the expression tree with ball enclosures at the leaves, so
  a product of factors that touch 0 keeps its sign (midpoint-radius arithmetic encloses
  such a product far across 0).
Both say +1 for ">= 0 wherever defined", -1 for "<= 0", None when undecided.
"""

from __future__ import annotations

import math

import sympy
from flint import arb

from ..definedness import MaybeUndefined, Undefined
from ..lowering import LoweringError, lower
from ..sympy_powers import bounded_powers
from .base import EngineTimeout, now, outer_limit_passed, time_limit

#: seconds any one sympy rewrite or sign query may take (they can blow up)
SYMPY_BUDGET = 2.0


def guarded(fn, *args, seconds: float = SYMPY_BUDGET, **kwargs):
    """``fn(*args)``, or None if it fails, takes longer than ``seconds`` or would build an
    exact power beyond ``sympy_powers.MAX_BITS`` (work no count sees)."""
    try:
        with time_limit(seconds), bounded_powers():
            return fn(*args, **kwargs)
    except EngineTimeout:
        if outer_limit_passed():   # the claim's or the engine's limit, not this guard's
            raise
        return None
    except (MemoryError, RecursionError, TypeError, ValueError, ArithmeticError,
            AttributeError, NotImplementedError, sympy.PolynomialError):
        return None     # ArithmeticError: mpmath's OverflowError under sympy's is_nonnegative


class Budget:
    """Seconds of sympy work left for one claim: every rewrite, sign query and derivative
    is guarded by ``SYMPY_BUDGET`` and charged here; when spent, they all give None."""

    def __init__(self, seconds: float):
        self.left = seconds

    def run(self, fn, *args, seconds: float = SYMPY_BUDGET, **kwargs):
        if self.left <= 0:
            return None
        t0 = now()
        try:
            return guarded(fn, *args, seconds=min(seconds, self.left), **kwargs)
        finally:
            self.left -= now() - t0


def enclose(fn, balls, edges: bool = False) -> arb:
    """``fn(*balls)``, nan where an oracle rejects a wide ball or the expression is (maybe)
    undefined on the balls: undecided, never decided.  With ``edges`` the lowering's
    ``Undefined``/``MaybeUndefined`` propagate (the caller decides what they mean)."""
    try:
        return fn(*balls)
    except (Undefined, MaybeUndefined):
        if edges:
            raise
        return arb.nan()
    except (ValueError, ZeroDivisionError, TypeError):
        return arb.nan()


#: functions >= 0 wherever defined (sympy names; Phi and Q are probabilities)
NONNEGATIVE = {"exp", "Abs", "erfc", "Phi", "Q", "ClarkeStep"}   # ClarkeStep: a subset of [0, 1]


class SignTree:
    """The sign of an expression on a box from the signs of its parts (sign rules over
    the sympy tree, each leaf or undecided node enclosed in balls): a product of balls that
    touch 0 is enclosed far across 0 by midpoint-radius arithmetic, its sign is not.
    ``sign(balls)``: +1 if >= 0, -1 if <= 0 wherever defined on the balls, else None."""

    def __init__(self, expr: sympy.Expr, names, depth: int = 0):
        self.expr, self.names, self.depth = expr, names, depth
        self.kids = [SignTree(a, names, depth + 1) for a in expr.args] if (
            depth < 6 and (expr.is_Mul or expr.is_Add or expr.is_Pow)) else []
        self._fn = False

    def _ball(self, balls):
        if self._fn is False:
            try:
                self._fn = lower(self.expr, self.names)
            except (LoweringError, TypeError, ValueError):
                self._fn = None
        return arb.nan() if self._fn is None else enclose(self._fn, balls)

    def sign(self, balls) -> int | None:
        e = self.expr
        if e.is_Rational:
            return 1 if e >= 0 else -1
        if getattr(e.func, "__name__", "") in NONNEGATIVE and not e.is_Pow:
            return 1
        out = self._structural(balls) if self.kids else None
        if out is not None:
            return out
        v = self._ball(balls)
        return 1 if v >= 0 else (-1 if v <= 0 else None)

    def _structural(self, balls):
        e = self.expr
        if e.is_Pow:
            base, exp = self.kids[0], e.args[1]
            if exp.is_Integer and int(exp) % 2 == 0:
                return 1
            sb = base.sign(balls)
            if exp.is_Integer:               # b^(2k+1) and b^-(2k+1) have the sign of b
                return sb
            return 1 if sb == 1 else None
        signs = [k.sign(balls) for k in self.kids]
        if None in signs:
            return None
        if e.is_Mul:
            return int(math.prod(signs))
        return signs[0] if len(set(signs)) == 1 else None


def static_sign(expr, strict: bool = False, budget: Budget | None = None) -> int | None:
    """+1 / -1 if sympy's sign rules show expr >= 0 / <= 0 (> 0 / < 0 if ``strict``) on
    the whole domain (its symbols carry the domain's sign assumptions), else None."""
    return (budget.run if budget else guarded)(_static_sign_of, expr, strict)


def _static_sign_of(expr, strict):
    try:
        if expr.is_positive if strict else expr.is_nonnegative:
            return 1
        if expr.is_negative if strict else expr.is_nonpositive:
            return -1
    except (TypeError, ValueError, RecursionError, ArithmeticError):
        return None
    return None


