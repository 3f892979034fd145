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
- ``log(1 + x)`` -> ``log1p(x)`` (defined for x > -1, exactly where ``log(1 + x)`` is);
- ``exp(A) / erfc(z)^n`` (and ``Q``, ``Phi``) -> ``ExpErfcRecip(A, A + n z^2, z, n)``;
- ``exp(A) * erfc(z)`` (and ``Q``, ``Phi``) -> ``ExpErfc(A, A - z^2, z)``: a huge factor
  times a tiny tail (the Renyi divergences of the OSGT: exp(3 alpha^2/5) erfc(7 sqrt(5)
  alpha/20 ...)) is a moderate number whose exponents cancel; an exp factor of a sum of
  such terms is first distributed over it.

Only evaluation sees these forms (``lowering.lower``); statements, reports and the symbolic
engine keep the claim as written.
"""

from __future__ import annotations

import mpmath
import numpy as _np
import sympy
from .scipy_special import special as _sp
from sympy.codegen.cfunctions import expm1, log1p
from sympy.core.cache import cacheit
from sympy.concrete.expr_with_limits import ExprWithLimits

from .balls import intersect
from .functions import Phi, Q, SpecialFunction

__all__ = ["stable", "ExpErfc", "ExpErfcDiff", "ExpErfcRecip", "NormalMassBetween", "expm1", "log1p"]


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
        return _best(Phi.arb_impl(u) - Phi.arb_impl(v), Q.arb_impl(v) - Q.arb_impl(u))

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


class ExpErfc(SpecialFunction):
    """``ExpErfc(A, B, z) = exp(A) erfc(z)``, given also as ``B = A - z^2`` (sympy's exact
    expansion): ``exp(A) erfc(z) = exp(B) erfcx(z)`` with erfcx(z) = exp(z^2) erfc(z).  In
    balls both products are taken and intersected; erfcx is decreasing on the real line
    (d/dz erfcx = 2 z erfcx - 2/sqrt(pi) < 0), so over a ball it is enclosed by its values at
    the two ends, with no overestimation however wide the ball.  Internal to the lowering."""

    nargs = 3

    @staticmethod
    def arb_impl(a, b, z):
        direct = a.exp() * z.erfc()
        if not (z.is_finite() and b.is_finite()):
            return direct
        return _best(direct, b.exp() * _erfcx_hull(z))

    @staticmethod
    def mpmath_impl(a, b, z):
        return mpmath.exp(a) * mpmath.erfc(z)

    @staticmethod
    def float_impl(a, b, z):
        return float(_np.exp(b) * _sp.erfcx(z))


class ExpErfcDiff(SpecialFunction):
    """``ExpErfcDiff(A, B1, z1, B2, z2) = exp(A) (erfc(z1) - erfc(z2))`` with ``Bi = A -
    zi^2``: the pair that ``exp(A) (Q(u) - Q(v))`` distributes into.  Balls: the
    intersection of exp(A) times the difference of the tails on either side (as
    ``NormalMassBetween``) and exp(B1) erfcx(z1) - exp(B2) erfcx(z2).  Internal."""

    nargs = 5

    @staticmethod
    def arb_impl(a, b1, z1, b2, z2):
        direct = a.exp() * _best(z1.erfc() - z2.erfc(), (-z2).erfc() - (-z1).erfc())
        if not all(v.is_finite() for v in (b1, z1, b2, z2)):
            return direct
        return _best(direct, b1.exp() * _erfcx_hull(z1) - b2.exp() * _erfcx_hull(z2))

    @staticmethod
    def mpmath_impl(a, b1, z1, b2, z2):
        if z1 + z2 >= 0:
            return mpmath.exp(a) * (mpmath.erfc(z1) - mpmath.erfc(z2))
        return mpmath.exp(a) * (mpmath.erfc(-z2) - mpmath.erfc(-z1))

    @staticmethod
    def float_impl(a, b1, z1, b2, z2):
        if z1 + z2 >= 0:
            return float(_np.exp(b1) * _sp.erfcx(z1) - _np.exp(b2) * _sp.erfcx(z2))
        return float(_np.exp(a) * (_sp.erfc(-z2) - _sp.erfc(-z1)))


class ExpErfcRecip(SpecialFunction):
    """``ExpErfcRecip(A, B, z, n) = exp(A) / erfc(z)^n`` (n a positive integer), given also
    as ``B = A + n z^2``: ``= exp(B) / erfcx(z)^n``, with erfcx enclosed by its values at
    the ends of a ball (it decreases).  The Gaussian density over its tail (the inverse Mills
    ratio exp(-m^2/2)/Q(m), osgt22's variance) is a moderate number whose exponents cancel.
    erfc > 0 on the real line: no edge.  Internal to the lowering."""

    nargs = 4

    @staticmethod
    def arb_impl(a, b, z, n):
        k = int(n.mid().floor().unique_fmpz())
        direct = a.exp() / z.erfc() ** k
        if not (z.is_finite() and b.is_finite()):
            return direct
        return _best(direct, b.exp() / _erfcx_hull(z) ** k)

    @staticmethod
    def mpmath_impl(a, b, z, n):
        return mpmath.exp(a) / mpmath.erfc(z) ** int(n)

    @staticmethod
    def float_impl(a, b, z, n):
        return float(_np.exp(b) / _sp.erfcx(z) ** int(n))


def _best(*enclosures):
    """The intersection of the finite enclosures of one number; the first if none is."""
    got = intersect(enclosures)
    return got if got.is_finite() else enclosures[0]


def _erfcx_point(p):
    return (p * p).exp() * p.erfc()


def _erfcx_hull(z):
    """erfcx over the ball z: the hull of its values at the ends (erfcx decreases)."""
    if z.rad() == 0:
        return _erfcx_point(z)
    return _erfcx_point(z.lower()).union(_erfcx_point(z.upper()))


@cacheit
def stable(expr: sympy.Expr) -> sympy.Expr:
    """``expr`` with the cancelling terms of the module docstring rewritten (remembered
    with sympy's cache, emptied per claim: every engine lowers the same margin)."""
    return _stable(_scaled_tails(expr))


_TAILS = (sympy.erfc, Phi, Q)


def _tail_argument(f) -> tuple[sympy.Expr, sympy.Expr]:
    """(c, z) with f = c * erfc(z) for f = erfc(z), Q(u), Phi(u)."""
    if isinstance(f, sympy.erfc):
        return sympy.S.One, f.args[0]
    sign = 1 if isinstance(f, Q) else -1
    return sympy.S.Half, sign * f.args[0] / sympy.sqrt(2)


@cacheit
def _scaled_tails(expr: sympy.Expr) -> sympy.Expr:
    """Bottom-up: ``exp(C) * tail`` -> ``ExpErfc``; ``exp(C) * ExpErfc(A, B, z)`` ->
    ``ExpErfc(A + C, B + C, z)``; ``exp(C) * (sum with such terms)`` distributed.
    Remembered per subterm (sympy's cache): a margin's derivatives repeat its subterms."""
    if not isinstance(expr, sympy.Basic) or expr.is_Atom:
        return expr
    args = [_scaled_tails(a) for a in expr.args]
    if args != list(expr.args):
        expr = expr.func(*args)
    if not expr.is_Mul:
        return expr
    factors = sympy.Mul.make_args(expr)
    exps = [f for f in factors if isinstance(f, sympy.exp)]
    c = sympy.Add(*[f.args[0] for f in exps])
    if not exps or not c.free_symbols:
        return expr
    rest = [f for f in factors if not isinstance(f, sympy.exp)]
    tails = [k for k, f in enumerate(rest) if isinstance(f, _TAILS + (ExpErfc,))]
    recips = [k for k, f in enumerate(rest) if f.is_Pow and isinstance(f.base, _TAILS)
              and f.exp.is_Integer and f.exp < 0]
    if not tails and len(recips) == 1:   # exp(C) / tail^n -> ExpErfcRecip
        f = rest[recips[0]]
        n = -f.exp
        k, z = _tail_argument(f.base)
        if not z.free_symbols:
            return expr
        new = k ** -n * ExpErfcRecip(c, sympy.expand(c + n * z ** 2), z, n)
        return sympy.Mul(*rest[:recips[0]], new, *rest[recips[0] + 1:])
    if len(tails) == 1:
        f = rest[tails[0]]
        if isinstance(f, ExpErfc):
            new = ExpErfc(f.args[0] + c, sympy.expand(f.args[1] + c), f.args[2])
        else:
            k, z = _tail_argument(f)
            if not z.free_symbols:
                return expr
            new = k * ExpErfc(c, sympy.expand(c - z ** 2), z)
        return sympy.Mul(*rest[:tails[0]], new, *rest[tails[0] + 1:])
    sums = [k for k, f in enumerate(rest) if f.is_Add and f.has(*_TAILS, ExpErfc)]
    if len(sums) != 1 or tails:
        return expr
    k = sums[0]
    spread = sympy.Add(*[_scaled_tails(sympy.exp(c) * t) for t in rest[k].args])
    return sympy.Mul(*rest[:k], spread, *rest[k + 1:])


def _stable(expr: sympy.Expr) -> sympy.Expr:
    """The sums and logs of the module docstring rewritten (bottom-up)."""
    if not isinstance(expr, sympy.Basic) or expr.is_Atom:
        return expr
    args = [_stable(a) for a in expr.args]
    if args != list(expr.args):
        # a Max/Min, or a function of a finite Sum/MaxOver, is rebuilt as it stands: sympy's
        # re-evaluation compares every pair of a Max's arguments and signsimps an Abs's
        # (minutes over the Max's inside a sum); the value is the same
        quiet = isinstance(expr, (sympy.Max, sympy.Min)) or (
            isinstance(expr, sympy.Function) and expr.has(ExprWithLimits))
        expr = expr.func(*args, evaluate=False) if quiet else expr.func(*args)
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
    used: set = set()
    # pairs c*F(u) - c*F(v), F in {Phi, Q}; then c*ExpErfc(A, ., z1) - c*ExpErfc(A, ., z2)
    out = _pairs(terms, used, (Phi, Q), lambda f, g: f.func is g.func, _mass_pair)
    out += _pairs(terms, used, (ExpErfc,), lambda f, g: f.args[0] == g.args[0],
                  lambda f, g: ExpErfcDiff(*f.args, *g.args[1:]))
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


def _pairs(terms, used: set, funcs, match, make) -> list:
    """The pairs ``c*f - c*g`` among the terms not in ``used`` (f, g calls of ``funcs`` with
    ``match(f, g)``), each as ``c * make(f, g)``; their indices are added to ``used``."""
    split = [_single(t, funcs) if k not in used else (t, None) for k, t in enumerate(terms)]
    out = []
    for i, (ci, fi) in enumerate(split):
        if i in used or fi is None:
            continue
        for j in range(i + 1, len(terms)):
            cj, fj = split[j]
            if j in used or fj is None or not match(fi, fj) or sympy.expand(ci + cj) != 0:
                continue
            out.append(ci * make(fi, fj))
            used |= {i, j}
            break
    return out


def _mass_pair(f, g) -> sympy.Expr:
    """``F(u) - F(v)`` for F = Phi, ``Q(v) - Q(u)`` turned round, as a normal mass."""
    u, v = (f.args[0], g.args[0]) if f.func is Phi else (g.args[0], f.args[0])
    return _mass_between(u, v)


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
