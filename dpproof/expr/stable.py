"""Stable forms for evaluation: exact rewrites of cancelling sums (issue 11, item 4).

A right formula can be printed in a form whose value cancels: ``Phi(u) - Phi(v)`` with u, v
large (two numbers near 1), ``1 - exp(-x)`` and ``log(1 + x)`` for small x.  In ball
arithmetic that costs every digit (a gap of 1e-2 on an identity that is exact), in floats
it gives nonsense.  ``stable`` rewrites such terms into forms with the same value at every
point and the same domain of definition, which the lowering then evaluates:

- ``c*Phi(u) - c*Phi(v)`` -> ``c*NormalMassBetween(u, v)`` (and ``Q(u) - Q(v)`` likewise),
  evaluated as the intersection of ``Phi(u) - Phi(v)`` and ``Q(v) - Q(u)`` -- both enclose
  the same number, one of them without cancellation whatever the signs of u and v;
- ``k*exp(a) - k`` -> ``k*expm1(a)``; ``1 - Phi(u)`` -> ``Q(u)``, ``1 - Q(u)`` -> ``Phi(u)``;
- ``log(1 + x)`` -> ``log1p(x)`` (defined for x > -1, exactly where ``log(1 + x)`` is).

Only evaluation sees these forms (``lowering.lower``); statements, reports and the symbolic
engine keep the claim as written.
"""

from __future__ import annotations

import mpmath
import sympy
from scipy import special as _sp
from sympy.codegen.cfunctions import expm1, log1p

from .functions import Phi, Q, SpecialFunction

__all__ = ["stable", "NormalMassBetween", "expm1", "log1p"]


class NormalMassBetween(SpecialFunction):
    """``Phi(u) - Phi(v)`` (= ``Q(v) - Q(u)``), the standard normal mass of [v, u] when
    v <= u.  Internal to the lowering: not a name a claim may call."""

    nargs = 2

    def fdiff(self, argindex=1):
        u, v = self.args
        t = u if argindex == 1 else v
        dens = sympy.exp(-t**2 / 2) / sympy.sqrt(2 * sympy.pi)
        return dens if argindex == 1 else -dens

    def _eval_rewrite_as_Phi(self, u, v, **kwargs):
        return Phi(u) - Phi(v)

    @staticmethod
    def arb_impl(u, v):
        direct = Phi.arb_impl(u) - Phi.arb_impl(v)
        tails = Q.arb_impl(v) - Q.arb_impl(u)
        if not (direct.is_finite() and tails.is_finite()):
            return direct if direct.is_finite() else tails
        try:
            return direct.intersection(tails)
        except ValueError:   # disjoint enclosures of one number: impossible; keep one
            return direct

    @staticmethod
    def mpmath_impl(u, v):
        # the tails of the side away from the mean: no cancellation
        if u + v >= 0:
            return mpmath.ncdf(-v) - mpmath.ncdf(-u)
        return mpmath.ncdf(u) - mpmath.ncdf(v)

    @staticmethod
    def float_impl(u, v):
        if u + v >= 0:
            return float(_sp.ndtr(-v) - _sp.ndtr(-u))
        return float(_sp.ndtr(u) - _sp.ndtr(v))


def stable(expr: sympy.Expr) -> sympy.Expr:
    """``expr`` with the cancelling terms of the module docstring rewritten (bottom-up)."""
    if not isinstance(expr, sympy.Basic) or expr.is_Atom:
        return expr
    args = [stable(a) for a in expr.args]
    if args != list(expr.args):
        expr = expr.func(*args)
    if expr.is_Add:
        return _stable_sum(expr)
    if isinstance(expr, sympy.log) and expr.args[0].is_Add and \
            sympy.S.One in expr.args[0].args:
        return log1p(expr.args[0] - 1)
    return expr


def _stable_sum(expr: sympy.Add) -> sympy.Expr:
    const, terms = expr.as_coeff_Add()
    changed = False
    terms = list(sympy.Add.make_args(terms)) if terms != 0 else []
    # pairs c*F(u) - c*F(v), F in {Phi, Q}
    split = [_single(t, (Phi, Q)) for t in terms]
    used, out = set(), []
    for i, (ci, fi) in enumerate(split):
        if i in used or fi is None:
            continue
        for j in range(i + 1, len(terms)):
            cj, fj = split[j]
            if j in used or fj is None or fj.func is not fi.func or sympy.expand(ci + cj) != 0:
                continue
            u, v = (fi.args[0], fj.args[0]) if fi.func is Phi else (fj.args[0], fi.args[0])
            out.append(ci * _mass_between(u, v))
            used |= {i, j}
            break
    rest = [t for k, t in enumerate(terms) if k not in used]
    # 1 - Phi(u) -> Q(u), 1 - Q(u) -> Phi(u); k*exp(a) - k -> k*expm1(a)
    for k, t in enumerate(rest):
        c, f = _single(t, (Phi, Q))
        if f is not None and c == -1 and const.is_Rational and const >= 1:
            rest[k] = (Q if f.func is Phi else Phi)(f.args[0])
            const, changed = const - 1, True
            continue
        c, f = _single(t, (sympy.exp,))
        if f is not None and const != 0 and c.is_Rational and c == -const:
            rest[k] = c * expm1(f.args[0])
            const, changed = sympy.S.Zero, True
    if not (used or changed):
        return expr
    return sympy.Add(const, *out, *rest)


def _mass_between(u, v) -> sympy.Expr:
    """``Phi(u) - Phi(v)`` with its arguments in sympy's canonical order (the mass is
    antisymmetric), so that equal masses written both ways cancel."""
    if sympy.default_sort_key(u) > sympy.default_sort_key(v):
        return -NormalMassBetween(v, u)
    return NormalMassBetween(u, v)


def _single(term: sympy.Expr, funcs) -> tuple[sympy.Expr, sympy.Expr | None]:
    """(c, F(u)) with term = c * F(u), F one of ``funcs`` occurring once; else (term, None)."""
    found = [f for f in sympy.Mul.make_args(term) if isinstance(f, funcs)]
    if len(found) != 1:
        return term, None
    coeff = sympy.Mul(*[f for f in sympy.Mul.make_args(term) if f is not found[0]])
    if coeff.has(*funcs):
        return term, None
    return coeff, found[0]
