"""Moments derived in sympy from the densities (a second derivation beside ``oracles.moments``
and ``distributions.normal_product``, which work on balls).

- ``raw_moment(pieces, k)`` = int x^k p(x) dx over the pieces of a density (k <= 2);
  ``moment2``, ``normal_variance``, ``normal_abs_dev`` (E|X - c| = int (x - c) p over
  [c, oo) minus over (-oo, c]) and ``laplace_sd`` follow.
- ``alg1_moment(x, s, r, k)``: E[Y^k] of azize23 Alg. 1, X ~ N(x, s^2), Y | X = u ~
  N(u, (r u)^2): the conditional moment int y^k phi_{u, r|u|}(y) dy is integrated on each
  half-line of u (u > 0 and u < 0, where |u| is decided; u = 0 has probability 0), then
  against the density of X on that half-line.  ``alg1_variance`` = E[Y^2] - E[Y]^2.
- ``pv_inv_normal(mu, sigma)`` = PV E[1/X] = int_0^oo (p(u) - p(-u))/u du, with
  p(u) - p(-u) = C e^{-(u^2 + mu^2)/(2 sigma^2)} (e^{a u} - e^{-a u}), a = mu/sigma^2, and
  (e^{a u} - e^{-a u})/u = int_{-a}^{a} e^{t u} dt: by Fubini (the double integral converges
  absolutely) it is C e^{-mu^2/(2 sigma^2)} int_0^a G(t) dt with
  G(t) = int_0^oo e^{-u^2/(2 sigma^2)} (e^{t u} + e^{-t u}) du = int_R e^{-u^2/(2 sigma^2) + t u} du,
  two Gaussian integrals of ``pieces.integral``.
- ``fp_inv_sq_normal(mu, sigma)`` = Hadamard's finite part of E[1/X^2]: integrating by parts,
  int_{|u|>=e} p/u^2 = (p(e) + p(-e))/e + int_{|u|>=e} p'/u and (p(e) + p(-e))/e - 2p(0)/e
  -> 0, so FP = PV int p'/u du with p' = -(u - mu)/sigma^2 p: -1/sigma^2 int p + mu/sigma^2
  PV E[1/X].

Each raises ``Underivable`` where a needed sign is not decided (sigma > 0, r > 0, b > 0).
"""

from __future__ import annotations

import sympy
from sympy import Abs, exp, oo, sqrt

from .pieces import DENSITIES, X, Underivable, integral, integrate_terms, normal, require

__all__ = ["RULES"]


def _pieces(P):
    name = type(P).__name__
    if name not in DENSITIES:
        raise Underivable(f"no density pieces for {name}")
    return DENSITIES[name](*P.args)


def raw_moment(pieces, k: int) -> sympy.Expr:
    """int x^k p(x) dx over the density's pieces (0 where the density vanishes)."""
    return sympy.Add(*(integral(k, p.logp, p.lo, p.hi) for p in pieces if p.logp is not None))


def _variance(pieces) -> sympy.Expr:
    m0, m1, m2 = (raw_moment(pieces, k) for k in range(3))
    return m2 / m0 - (m1 / m0) ** 2


def moment2(P) -> sympy.Expr:
    """E[Y^2] of a law with density pieces."""
    return raw_moment(_pieces(P), 2)


def normal_variance(mu, sigma) -> sympy.Expr:
    return _variance(normal(mu, sigma))


def normal_abs_dev(mu, sigma, c) -> sympy.Expr:
    """E|X - c| = int_c^oo (x - c) p - int_-oo^c (x - c) p, X ~ N(mu, sigma^2)."""
    (p,) = normal(mu, sigma)
    return ((integral(1, p.logp, c, oo) - c * integral(0, p.logp, c, oo))
            - (integral(1, p.logp, -oo, c) - c * integral(0, p.logp, -oo, c)))


def laplace_sd(mu, b) -> sympy.Expr:
    return sqrt(_variance(DENSITIES["Laplace"](mu, b)))


# -- azize23 Algorithm 1: Y | X = u ~ N(u, (r u)^2) ----------------------------------------

_HALVES = ((sympy.Symbol("u_", positive=True), 0, oo),
           (sympy.Symbol("u_", negative=True), -oo, 0))


def _conditional_moment(k: int, u, r) -> sympy.Poly:
    """E[Y^k | X = u] = int y^k phi_{u, r|u|}(y) dy, a polynomial in u (else Underivable)."""
    (p,) = normal(u, Abs(r * u))
    form = sympy.simplify(integral(k, p.logp, -oo, oo))
    try:
        return sympy.Poly(sympy.expand(form), u)
    except sympy.PolynomialError:
        raise Underivable(f"a conditional moment {form} that is not polynomial") from None


def alg1_moment(x, s, r, k) -> sympy.Expr:
    """E[Y^k], k in {1, 2}: int p_X(u) E[Y^k | X = u] du over u > 0 and u < 0."""
    if not (getattr(k, "is_Integer", False) and 1 <= int(k) <= 2):
        raise Underivable(f"moment order {k}")
    require(r > 0, "r > 0")
    (px,) = normal(x, s)
    total = sympy.S.Zero
    for u, lo, hi in _HALVES:
        cond = _conditional_moment(int(k), u, r).as_expr().xreplace({u: X})
        total += integrate_terms(cond * exp(px.logp), lo, hi)
    return total


def alg1_variance(x, s, r) -> sympy.Expr:
    return alg1_moment(x, s, r, sympy.Integer(2)) - alg1_moment(x, s, r, sympy.Integer(1)) ** 2


# -- inverse moments of a normal, as principal value and finite part -----------------------

def pv_inv_normal(mu, sigma) -> sympy.Expr:
    """PV E[1/X] = C e^{-mu^2/(2 sigma^2)} int_0^{mu/sigma^2} G(t) dt (module docstring)."""
    require(sigma > 0, "sigma > 0")
    t = sympy.Dummy("t", real=True)
    G = integral(0, -X ** 2 / (2 * sigma ** 2) + t * X, -oo, oo)   # int_R e^{-u^2/2s^2 + t u}
    C = 1 / (sigma * sqrt(2 * sympy.pi))
    return C * exp(-mu ** 2 / (2 * sigma ** 2)) * integrate_terms(G.xreplace({t: X}), 0,
                                                                   mu / sigma ** 2)


def fp_inv_sq_normal(mu, sigma) -> sympy.Expr:
    """FP E[1/X^2] = PV int p'(u)/u du = -int p / sigma^2 + mu/sigma^2 PV E[1/X]."""
    (p,) = normal(mu, sigma)
    return -integral(0, p.logp, -oo, oo) / sigma ** 2 + mu / sigma ** 2 * pv_inv_normal(mu, sigma)


RULES = {"moment2": moment2, "normal_variance": normal_variance,
         "normal_abs_dev": normal_abs_dev, "laplace_sd": laplace_sd,
         "alg1_moment": alg1_moment, "alg1_variance": alg1_variance,
         "pv_inv_normal": pv_inv_normal, "fp_inv_sq_normal": fp_inv_sq_normal}
