"""Rational functions: the exact sign regions of one in one parameter (the symbolic engine's
complete decision for such margins), and a factorisation that holds constants opaque."""

from __future__ import annotations

import sympy
from sympy.solvers.inequalities import solve_rational_inequalities

from ...claims import Claim


def rational_violations(claim: Claim, margin, strict: bool):
    """Where ``margin < 0`` (``<= 0`` if strict) on the parameter's real interval, or None.

    Complete only for a rational function of one parameter with rational coefficients
    (numerator and denominator as Polys over QQ); anything else returns None, never a
    guess.  For an integer parameter the real interval is a superset, so an empty answer
    is still a proof (a non-empty one is only a hint)."""
    (x,) = margin.free_symbols
    if not margin.is_rational_function(x):
        return None
    num, den = sympy.fraction(sympy.together(margin))
    try:
        p, q = sympy.Poly(num, x, domain="QQ"), sympy.Poly(den, x, domain="QQ")
    except (sympy.PolynomialError, sympy.CoercionFailed, sympy.GeneratorsNeeded):
        return None
    iv = claim.domain[x.name]
    lo = -sympy.oo if iv.lo is None else iv.lo
    hi = sympy.oo if iv.hi is None else iv.hi
    where = solve_rational_inequalities([[((p, q), "<=" if strict else "<")]])
    found = sympy.Intersection(where, sympy.Interval(lo, hi, iv.lo_open, iv.hi_open))
    if iv.integer and found is not sympy.S.EmptySet:
        return None
    return found


def rational_point(where) -> dict | None:
    """An exact rational point of a non-empty set of violations (None if none is handy)."""
    pieces = where.args if isinstance(where, sympy.Union) else (where,)
    for piece in pieces:
        if isinstance(piece, sympy.Interval) and piece.measure > 0:
            a, b = piece.start, piece.end
            a = b - 1 if a == -sympy.oo else a
            b = a + 1 if b == sympy.oo else b
            mid = (a + b) / 2       # exact when the ends are rational; else 30 digits, more
            nears = (mid,) if mid.is_Rational else (   # where a narrow piece needs them
                sympy.Rational(str(mid.evalf(d))) for d in (30, 60, 120))
            for near in nears:
                if piece.contains(near) is sympy.true:
                    return near
        if isinstance(piece, sympy.FiniteSet):
            for p in piece:
                if p.is_Rational:
                    return p
    return None


def factor_held(e):
    """``factor(together(e))`` with every transcendental constant (exp(10), 2**(1/3)) held
    as an opaque positive or real symbol: sympy would otherwise take exp(1/10**12) as a
    generator and expand exp(10) to its 10**13-th power."""
    hidden = {}
    for a in sympy.preorder_traversal(e):
        if a.is_number and not a.is_Rational and (a.is_Function or a.is_Pow) and a not in hidden:
            hidden[a] = sympy.Dummy(positive=True) if a.is_positive else \
                sympy.Dummy(real=True) if a.is_real else sympy.Dummy()
    back = {d: a for a, d in hidden.items()}
    return sympy.factor(sympy.together(e.xreplace(hidden))).xreplace(back)
