"""Exact kinks and their balls for ``engines.exact.kinks`` (issue 13): where a switch's argument
g vanishes -- the one root of a monotone form A + B h(x) (h = x or e^(c x)), or every real
root of a rational function with rational coefficients (sympy's exact real-root isolation)
-- and each root as an exact sympy number with an arb ball around it."""

from __future__ import annotations

from dataclasses import dataclass

import sympy
from flint import arb

from ...lowering import LoweringError, arb_ball, at_precision, lower

PREC = 128             # bits of the ball evaluations
MAX_DEGREE = 12        # of a polynomial switch whose real roots are isolated


class Fail(Exception):
    """A step whose soundness condition is not established: no proof."""


@dataclass
class Point:
    exact: sympy.Expr
    ball: arb


def point(v) -> Point:
    v = sympy.nsimplify(v) if isinstance(v, sympy.Float) else sympy.sympify(v)
    if v is sympy.oo:            # the open upper end of a half-line
        return Point(v, arb("inf"))
    if v.is_Rational:
        return Point(v, arb_ball(v))
    if isinstance(v, sympy.CRootOf) and v.is_real:   # a rational within 2^-(PREC + 8)
        dx = sympy.Rational(1, 2 ** (PREC + 8))
        q = v.eval_rational(dx=dx, dy=dx)
        with at_precision(PREC):
            return Point(v, arb_ball(q) + arb(0, arb_ball(dx).upper()))
    return Point(v, constant(v))


def constant(c) -> arb:
    if c.has(sympy.cosh, sympy.sinh, sympy.tanh):
        c = c.rewrite(sympy.exp)
    algebraic = sorted(c.atoms(sympy.CRootOf), key=sympy.default_sort_key)
    names = tuple(f"root{i}__" for i in range(len(algebraic)))   # each by its isolating ball
    c = c.xreplace({r: sympy.Symbol(n, real=True) for r, n in zip(algebraic, names)})
    try:
        with at_precision(PREC):
            b = lower(c, names, "arb")(*(point(r).ball for r in algebraic))
    except (LoweringError, ArithmeticError, TypeError, ValueError, NotImplementedError) as exc:
        raise Fail(f"the constant {c}: {exc}") from None
    if not b.is_finite():
        raise Fail(f"the constant {c} is not finite in arb")
    return b


def root(g, x):
    """The only real root of g = A + B h(x) (h = x or e^(c x), c rational), None if there is
    none; Fail for any other form or an undecided sign."""
    g = sympy.expand(sympy.powsimp(sympy.expand(g), combine="exp"))
    A, B, h = sympy.S.Zero, sympy.S.Zero, None
    for term in sympy.Add.make_args(g):
        if not term.has(x):
            A += term
            continue
        coeff, rest = term.as_independent(x, as_Add=False)
        if rest == x:
            kind = x
        elif isinstance(rest, sympy.exp) and (rest.args[0] / x).is_Rational:
            kind = rest
        else:
            raise Fail(f"a switch {g} not monotone in {x} by its form")
        if h is not None and kind != h:
            raise Fail(f"a switch {g} with two kinds of terms in {x}")
        h, B = kind, B + coeff
    if h is None or B == 0:
        return None                                   # constant: decided at a point
    if constant(B) == 0 or not (constant(B) > 0 or constant(B) < 0):
        raise Fail(f"the sign of {B}")
    ratio = sympy.cancel(-A / B)
    if h == x:
        return ratio
    if ratio == 0 or constant(ratio) < 0:
        return None                                   # B e^(cx) never equals -A
    if not constant(ratio) > 0:
        raise Fail(f"the sign of {ratio}")
    return sympy.expand_log(sympy.log(ratio), force=False) / (h.args[0] / x)


def roots(g, x) -> list:
    """The real roots of the switch g: ``root``'s one of a monotone form, else (g a rational
    function of x with rational coefficients, N/D) every real root of N and of D, exact
    (rationals or ``CRootOf``, isolated by sympy's exact real-root isolation)."""
    try:
        r = root(g, x)
        return [] if r is None else [r]
    except Fail as monotone:
        num, den = sympy.fraction(sympy.cancel(sympy.together(g)))
        try:
            polys = [sympy.Poly(p, x, domain="QQ") for p in (num, den)]
        except (sympy.PolynomialError, sympy.CoercionFailed, ValueError, TypeError):
            raise monotone from None
        if polys[0].is_zero:
            return []
        if sum(p.degree() for p in polys) > MAX_DEGREE:
            raise Fail(f"a switch {g} of degree above {MAX_DEGREE}") from None
        return [r for p in polys if p.degree() > 0 for r in p.real_roots()]
