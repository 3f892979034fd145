"""Densities as sympy pieces, and exact integrals of x^k exp(quadratic) over a piece.

A univariate density whose log is a polynomial of degree <= 2 on each interval is a list of
``Piece(lo, hi, logp)``: ``logp`` a sympy expression in the integration variable ``X`` (or
None where the density is 0).  The integrals are the textbook Gaussian integrals,

    int_lo^hi exp(-A (x - m)^2) dx = sqrt(pi / A) / 2 (erf(sqrt(A)(hi - m)) - erf(sqrt(A)(lo - m))),

with the moments by integration by parts; each case is taken only where sympy's assumptions
decide the sign it needs (A > 0, slope != 0, ...), otherwise ``Underivable`` is raised and the
caller falls back to the certified ball oracle.  This is a second derivation from the
definition, independent of ``dpproof.oracles.integrate`` (which works on balls).
"""

from __future__ import annotations

import functools

from dataclasses import dataclass

import sympy
from sympy import erf, erfi, exp, log, oo, pi, sqrt

from ...sympy_factor import factor_degree_at_most
from ...sympy_powers import PowerTooLarge, bounded_powers

X = sympy.Symbol("x_", real=True)


class Underivable(Exception):
    """The closed form needs a fact that sympy's assumptions do not decide."""


@dataclass(frozen=True)
class Piece:
    lo: sympy.Expr
    hi: sympy.Expr
    logp: sympy.Expr | None  # None: density 0 on this piece


def certainly(fact) -> bool:
    """True only if sympy decides the relation/boolean ``fact`` is true."""
    if isinstance(fact, bool) or fact in (sympy.true, sympy.false):
        return fact is True or fact is sympy.true
    return _simplified_true(fact)


#: the largest degree ``_simplified_true`` factors in (``sympy_factor``)
FACTOR_MAX_DEGREE = 64


@functools.lru_cache(maxsize=4096)
def _simplified_true(fact) -> bool:
    """``simplify(fact)`` is true -- remembered: each derivation asks the same facts for
    the box's lower end, upper end and both, and again for every conjunct of a claim.
    A relation simplify leaves open is also decided by the sign sympy's assumptions give
    its difference over one denominator (1/(1 + t) <= 1: -t/(1 + t) is nonpositive).
    Where sympy's simplify itself fails (a Max it rebuilds at nan), the fact is not known;
    so where it would build a number or polynomial beyond ``sympy_powers``' bounds
    (``exp(40)/(1 + exp(40)) <= 1`` next to e = 10^-8 at the other end: cancel took
    exp(1/10^8) as its generator, a degree of 4 * 10^9, and ran 250 CPU-seconds in a few
    counted calls of integer gcds; red round 10)."""
    try:
        with bounded_powers():
            if sympy.simplify(fact) is sympy.true:
                return True
    except (TypeError, ValueError, PowerTooLarge):
        pass
    if not isinstance(fact, _ORDER):
        return False
    sign = {sympy.LessThan: "is_nonpositive", sympy.StrictLessThan: "is_negative",
            sympy.GreaterThan: "is_nonnegative",
            sympy.StrictGreaterThan: "is_positive"}[type(fact)]
    try:
        with bounded_powers(), factor_degree_at_most(FACTOR_MAX_DEGREE):
            d = sympy.together(fact.lhs - fact.rhs)
            if getattr(d, sign):
                return True
            return bool(getattr(sympy.factor(d), sign))
    except PowerTooLarge:
        return False


_ORDER = (sympy.LessThan, sympy.StrictLessThan, sympy.GreaterThan, sympy.StrictGreaterThan)


def decide_condition(cond, relation):
    """True / False where ``relation`` decides the order relations of a boolean condition
    (And / Or / Not of relations, or true / false), else None; ``relation(rel)`` returns
    True, False or None for one relation (the derivations and the proof by cases each
    bring their own)."""
    if cond in (sympy.true, sympy.false):
        return bool(cond)
    if isinstance(cond, (sympy.And, sympy.Or)):
        parts = [decide_condition(c, relation) for c in cond.args]
        if isinstance(cond, sympy.And):
            return False if False in parts else (True if all(p is True for p in parts) else None)
        return True if True in parts else (False if all(p is False for p in parts) else None)
    if isinstance(cond, sympy.Not):
        inner = decide_condition(cond.args[0], relation)
        return None if inner is None else not inner
    return relation(cond)


def require(fact, what: str) -> None:
    if not certainly(fact):
        raise Underivable(f"cannot decide {what}: {fact}")


def _log_norm_const(sigma):
    return log(sigma) + log(2 * pi) / 2


def normal(mu, sigma) -> list[Piece]:
    require(sigma > 0, "sigma > 0")
    return [Piece(-oo, oo, -(X - mu) ** 2 / (2 * sigma ** 2) - _log_norm_const(sigma))]


def laplace(mu, b) -> list[Piece]:
    require(b > 0, "b > 0")
    lz = log(2 * b)
    return [Piece(-oo, mu, (X - mu) / b - lz), Piece(mu, oo, -(X - mu) / b - lz)]


def osgt(mu, sigma, m) -> list[Piece]:
    """p proportional to exp(-(|x - mu| + m)^2 / (2 sigma^2)) (osgt22, definition)."""
    require(sigma > 0, "sigma > 0")
    lz = _log_norm_const(sigma) + log(sympy.erfc(m / (sigma * sqrt(2))))
    return [Piece(-oo, mu, -(mu - X + m) ** 2 / (2 * sigma ** 2) - lz),
            Piece(mu, oo, -(X - mu + m) ** 2 / (2 * sigma ** 2) - lz)]


def trunc_normal(mu, sigma, c) -> list[Piece]:
    require(sigma > 0, "sigma > 0")
    require(c > 0, "C > 0")
    lz = _log_norm_const(sigma) + log(erf(c / (sigma * sqrt(2))))
    return [Piece(-oo, mu - c, None), Piece(mu - c, mu + c, -(X - mu) ** 2 / (2 * sigma ** 2) - lz),
            Piece(mu + c, oo, None)]


def data_dependent_normal(x, r) -> list[Piece]:
    """N(x, (r x)^2) (azize23 Alg. 2), the scale |r x| as the ball oracle's."""
    return normal(x, sympy.Abs(r * x))


DENSITIES = {"Normal": normal, "Laplace": laplace, "OSGT": osgt, "TruncNormal": trunc_normal,
             "DataDependentNormal": data_dependent_normal}


def merge(p: list[Piece], q: list[Piece]) -> list[tuple]:
    """Common refinement: [(lo, hi, logp, logq)], breakpoints ordered by sympy or Underivable."""
    cuts = sorted({c for ps in (p, q) for piece in ps for c in (piece.lo, piece.hi)
                   if c not in (oo, -oo)}, key=sympy.default_sort_key)
    ordered: list = []
    for c in cuts:  # insertion sort with decided comparisons
        i = len(ordered)
        while i > 0 and not certainly(ordered[i - 1] <= c):
            require(c <= ordered[i - 1], f"the order of the kinks {c} and {ordered[i - 1]}")
            i -= 1
        if i > 0 and certainly(sympy.Eq(ordered[i - 1], c)):
            continue
        ordered.insert(i, c)
    ends = [-oo, *ordered, oo]
    out = []
    for lo, hi in zip(ends, ends[1:]):
        out.append((lo, hi, _at(p, lo, hi), _at(q, lo, hi)))
    return out


def _at(pieces: list[Piece], lo, hi):
    for piece in pieces:
        if certainly(piece.lo <= lo) and certainly(hi <= piece.hi):
            return piece.logp
    raise Underivable(f"no piece covers [{lo}, {hi}]")


def integral(k: int, expo: sympy.Expr, lo, hi) -> sympy.Expr:
    """int_lo^hi x^k exp(expo) dx for a polynomial ``expo`` of degree <= 2 in X, k in 0..2."""
    if lo == hi:
        return sympy.S.Zero
    poly = sympy.Poly(sympy.expand(expo), X)
    if poly.degree() > 2:
        raise Underivable(f"log-density of degree {poly.degree()}")
    c0, c1, c2 = (poly.coeff_monomial(X ** i) for i in range(3))
    c2, c1 = sympy.simplify(c2), sympy.simplify(c1)
    if not (certainly(c2 < 0) or certainly(c2 > 0) or c2 == 0):
        c2 = sympy.factor(c2)   # an expanded square (4j^2 - 4j + 1) factored: its sign shows
    if c2 != 0 and certainly(c2 < 0):
        return _gaussian(k, -c2, c1, c0, lo, hi)
    if c2 != 0 and certainly(c2 > 0):
        if lo in (oo, -oo) or hi in (oo, -oo):
            return oo
        return _erfi_form(k, c2, c1, c0, lo, hi)
    if c2 != 0 and k != 1 and lo == -oo and hi == oo and certainly(c2 >= 0):
        # x^k exp(c2 x^2 + c1 x + c0) >= 0 is not integrable over the line when c2 >= 0, for
        # any c1 (renyi(N(0, 2), N(0, 1), alpha), alpha in [4/3, 2]: c2 = 3(alpha - 4/3)/8)
        return oo
    if c2 != 0:
        raise Underivable(f"the sign of the quadratic coefficient {c2}")
    return _exponential(k, c1, c0, lo, hi)


def _gaussian(k, A, b, c, lo, hi):
    """int x^k exp(-A x^2 + b x + c) = e^(c + b^2/(4A)) int x^k exp(-A (x - m)^2), m = b/(2A)."""
    m = b / (2 * A)
    scale = exp(c + b ** 2 / (4 * A))
    r = sqrt(A)

    def E(t):  # erf at an end
        return sympy.sign(t) if t in (oo, -oo) else erf(r * (t - m))

    def G(t):  # exp(-A (t - m)^2) at an end, 0 at infinity
        return sympy.S.Zero if t in (oo, -oo) else exp(-A * (t - m) ** 2)

    def H(t):  # (t - m) exp(-A (t - m)^2), 0 at infinity
        return sympy.S.Zero if t in (oo, -oo) else (t - m) * exp(-A * (t - m) ** 2)

    i0 = sqrt(pi) / (2 * r) * (E(hi) - E(lo))
    i1 = -(G(hi) - G(lo)) / (2 * A)                    # int (x - m) e^{-A(x-m)^2}
    i2 = i0 / (2 * A) - (H(hi) - H(lo)) / (2 * A)      # int (x - m)^2 e^{-A(x-m)^2}
    moment = {0: i0, 1: i1 + m * i0, 2: i2 + 2 * m * i1 + m ** 2 * i0}[k]
    return scale * moment


def _erfi_form(k, a, b, c, lo, hi):
    if k:
        raise Underivable("moments of a growing exponential")
    m = -b / (2 * a)
    return exp(c - b ** 2 / (4 * a)) * sqrt(pi) / (2 * sqrt(a)) * (
        erfi(sqrt(a) * (hi - m)) - erfi(sqrt(a) * (lo - m)))


def _exponential(k, b, c, lo, hi):
    """int x^k exp(b x + c) over [lo, hi]."""
    infinite = lo == -oo or hi == oo
    if b == 0:
        if infinite:
            return oo
        return exp(c) * (hi ** (k + 1) - lo ** (k + 1)) / (k + 1)
    if not (certainly(sympy.Ne(b, 0)) or certainly(b > 0) or certainly(b < 0)):
        raise Underivable(f"whether the slope {b} vanishes")
    if hi == oo:
        require(b < 0, "a decaying right tail")
    if lo == -oo:
        require(b > 0, "a decaying left tail")

    def F(t):  # antiderivative of x^k e^{bx}, 0 at an infinite end (decay checked above)
        if t in (oo, -oo):
            return sympy.S.Zero
        poly = {0: 1 / b, 1: t / b - 1 / b ** 2, 2: t ** 2 / b - 2 * t / b ** 2 + 2 / b ** 3}[k]
        return poly * exp(b * t)
    return exp(c) * (F(hi) - F(lo))


def integrate_terms(f, lo, hi) -> sympy.Expr:
    """int_lo^hi f(X) dX for f a sum of terms c X^k exp(g(X)), g of degree <= 2 in X, k <= 2
    (``integral`` term by term); Underivable for any other term."""
    out = sympy.S.Zero
    for term in sympy.Add.make_args(sympy.powsimp(sympy.expand(f), combine="exp")):
        factors = sympy.Mul.make_args(term)
        expo = sympy.Add(*(e.args[0] for e in factors if isinstance(e, sympy.exp)))
        rest = sympy.Mul(*(e for e in factors if not isinstance(e, sympy.exp)))
        try:
            poly = sympy.Poly(rest, X)
        except sympy.PolynomialError:
            raise Underivable(f"a factor {rest} that is not a polynomial") from None
        if poly.degree() > 2:
            raise Underivable("a moment of order > 2")
        for (k,), c in poly.terms():
            out += c * integral(k, expo, lo, hi)
    return out

