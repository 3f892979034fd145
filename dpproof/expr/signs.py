"""The signs sympy gives numbers, kept only where a ball confirms them (red round 7).

sympy decides the sign of a number (``Expr._eval_is_extended_positive_negative``) and the
order of two numbers (``relational._n2``, behind ``<``, ``Max``, ``Min``, ``Eq``) by ``evalf``
at 2 digits, which is not rigorous: ``1/10^40 - 6/10^81 - log(1 + 1/10^40)`` (-1.0e-81)
evaluates to 1.0e-40 (the log of a number within 10^-40 of 1 as 0).  sympy then called it
positive: ``abs`` of it was itself as the claim was parsed, ``Max``/``Min`` kept the wrong
argument, and the sign rules of the symbolic engine "proved" a false margin.  ``install``
wraps both: where sympy gives a number a sign or an order, the sign of an arb ball of it (the
rigorous lowering, precision rising to ``PRECS[-1]`` bits) is given instead; a ball that
straddles 0 (or no ball) leaves it unknown (None), which costs sympy a simplification, never
soundness.
"""

from __future__ import annotations

import sys

import sympy
from sympy.core import relational
from sympy.core.cache import cacheit
from sympy.core.expr import Expr

#: bits tried in turn to separate a number from 0
PRECS = (64, 256, 1024)


def _inside() -> bool:
    """Whether a ball is being computed further up the stack (its lowering asks signs too:
    those are unknown).  Read off the stack, not a flag: a time limit's alarm may end the
    computation anywhere, and a flag left set would change every later sign."""
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_code is _evaluate.__code__:
            return True
        frame = frame.f_back
    return False


def _evaluate(number):
    """An arb ball of a real sympy number, certified nonzero if ``PRECS`` can; None if it
    cannot be evaluated (not real, an oracle without balls, a sign asked inside)."""
    if _inside():
        return None
    from ..definedness import MaybeUndefined, Undefined
    from ..lowering import LoweringError, at_precision, lower
    ball = None
    # a Float is the binary rational it holds (the lowering refuses floats in claims); a
    # real root of a polynomial (sympy's real-root isolation) the ball of its isolating
    # interval, refined to the precision
    number = number.xreplace({v: sympy.Rational(v) for v in number.atoms(sympy.Float)})
    roots = sorted(number.atoms(sympy.CRootOf), key=sympy.default_sort_key)
    if any(not r.is_real for r in roots):
        return None
    names = [f"_root{n}" for n in range(len(roots))]
    number = number.xreplace({r: sympy.Symbol(n) for r, n in zip(roots, names)})
    try:
        f = lower(number, names, "arb")
        for prec in PRECS:
            with at_precision(prec):
                ball = f(*[_root_ball(r, prec) for r in roots])
            if ball > 0 or ball < 0:
                break
    except (LoweringError, Undefined, MaybeUndefined, ArithmeticError, TypeError,
            ValueError, NotImplementedError, RecursionError, AttributeError, KeyError):
        return None
    return ball


def _root_ball(root, prec: int):
    from ..lowering import arb_box
    iv = root._get_interval().refine_size(sympy.Rational(1, 2 ** prec))
    return arb_box(sympy.Rational(int(iv.a.p), int(iv.a.q)), sympy.Rational(int(iv.b.p),
                                                                          int(iv.b.q)))


#: memoised in sympy's cache (emptied with it: ``checking.check_claim`` starts every claim
#: from an empty cache)
_ball = cacheit(_evaluate)


def _sign(self, positive):
    said = _SYMPY_SIGN(self, positive)
    if said is None or not self.is_number:
        return said
    ball = _ball(self)
    if ball is None:
        return None
    if not (ball > 0 or ball < 0 or ball == 0):
        # no ball separates it from 0: sympy's False stands only for an exact zero (its
        # minimal polynomial is x), e.g. a polynomial at one of its CRootOf roots
        return False if said is False and _exact_zero(self) else None
    return bool(ball > 0) if positive else bool(ball < 0)


def _exact_zero(number) -> bool:
    from sympy.polys.numberfields import minimal_polynomial
    from sympy.polys.polyerrors import NotAlgebraic
    try:
        return bool(number.is_algebraic and minimal_polynomial(number).is_Symbol)
    except (NotAlgebraic, NotImplementedError, ValueError, TypeError):
        return False


def _n2(a, b):
    dif = _SYMPY_N2(a, b)
    if dif is None or dif in (sympy.oo, -sympy.oo):
        return dif
    ball = _ball(a - b)
    if ball is None:
        return None
    if (dif > 0 and ball > 0) or (dif < 0 and ball < 0) or (dif == 0 and ball == 0):
        return dif
    return None


_SYMPY_SIGN = Expr._eval_is_extended_positive_negative
_SYMPY_N2 = relational._n2


def install() -> None:
    """Wrap sympy's number signs and orders (idempotent)."""
    Expr._eval_is_extended_positive_negative = _sign
    relational._n2 = _n2
