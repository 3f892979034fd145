"""Divergences from the definitions, as sympy expressions (continuous pieces and finite sums).

- Renyi (alpha > 1): D_alpha = log(int p^alpha q^(1 - alpha)) / (alpha - 1)  [Mironov 2017, def. 3]
- KL: int p (log p - log q)
- hockey-stick: H_eps = int (p - e^eps q)_+, over the set where log p - log q > eps; on a
  piece where the privacy loss is linear the crossing point is solved exactly and clamped to
  the piece; a loss that is constant on a piece needs its sign decided.
- TV = H_0.
Each raises ``Underivable`` where a needed sign or order is not decided by sympy.
"""

from __future__ import annotations

import sympy
from sympy import Max, Min, exp, log, oo

from .pieces import X, Underivable, certainly, integral, merge, require


def _where_p(p, q):
    """The pieces where P has mass; None if Q vanishes on one of them (the divergence is +inf)."""
    out = [(lo, hi, lp, lq) for lo, hi, lp, lq in merge(p, q) if lp is not None]
    return None if any(lq is None for *_, lq in out) else out


def renyi_continuous(p, q, alpha) -> sympy.Expr:
    require(alpha > 1, "alpha > 1 (the claims language defines renyi for alpha > 1)")
    pieces = _where_p(p, q)
    if pieces is None:
        return oo
    total = sympy.Add(*(integral(0, alpha * lp + (1 - alpha) * lq, lo, hi)
                        for lo, hi, lp, lq in pieces))
    return log(total) / (alpha - 1)


def kl_continuous(p, q) -> sympy.Expr:
    pieces = _where_p(p, q)
    if pieces is None:
        return oo
    total = sympy.S.Zero
    for lo, hi, lp, lq in pieces:
        poly = sympy.Poly(sympy.expand(lp - lq), X)
        for (k,), coeff in poly.terms():
            total += coeff * integral(k, lp, lo, hi)
    return total


def hockey_stick_continuous(p, q, eps) -> sympy.Expr:
    total = sympy.S.Zero
    for lo, hi, lp, lq in merge(p, q):
        if lp is None:
            continue
        if lq is None:
            total += integral(0, lp, lo, hi)
            continue
        total += _loss_region(lp, lq, eps, lo, hi)
    return total


def _piece_mass(lp, lq, eps, a, b):
    return integral(0, lp, a, b) - exp(eps) * integral(0, lq, a, b)


def _loss_region(lp, lq, eps, lo, hi):
    """int over {x in [lo, hi]: lp - lq > eps} of (e^lp - e^(eps + lq))."""
    loss = sympy.Poly(sympy.expand(lp - lq - eps), X)
    if loss.degree() > 1:
        raise Underivable("a privacy loss that is quadratic on a piece (unequal scales)")
    c0, c1 = loss.coeff_monomial(1), sympy.simplify(loss.coeff_monomial(X))
    if c1 == 0:
        if certainly(c0 > 0):
            return _piece_mass(lp, lq, eps, lo, hi)
        if certainly(c0 <= 0):
            return sympy.S.Zero
        return sympy.Piecewise((_piece_mass(lp, lq, eps, lo, hi), c0 > 0), (0, True))
    root = -c0 / c1
    clamped = _clamp(root, lo, hi)
    if certainly(c1 > 0):
        return _piece_mass(lp, lq, eps, clamped, hi)
    if certainly(c1 < 0):
        return _piece_mass(lp, lq, eps, lo, clamped)
    raise Underivable(f"the sign of the privacy loss slope {c1}")


def _clamp(r, lo, hi):
    """min(max(r, lo), hi) with the comparisons sympy decides done now."""
    if lo != -oo:
        if certainly(r <= lo):
            return lo
        r = r if certainly(r >= lo) else Max(r, lo)
    if hi != oo:
        if certainly(r >= hi):
            return hi
        r = r if certainly(r <= hi) else Min(r, hi)
    return r


# -- finite distributions (mass vectors) ---------------------------------------------------

def _masses_where_p(p, q, p_positive: bool):
    """The mass pairs (a, b) where P has mass (a != 0), in order, each checked as it is
    reached: a > 0 (when ``p_positive``) and b > 0; None as soon as Q vanishes where P has
    mass (the divergence is +inf)."""
    out = []
    for a, b in zip(p, q):
        if a == 0:
            continue
        if b == 0:
            return None
        if p_positive:
            require(a > 0, "a positive mass of P")
        require(b > 0, "a positive mass of Q")
        out.append((a, b))
    return out


def renyi_discrete(p, q, alpha) -> sympy.Expr:
    require(alpha > 1, "alpha > 1")
    masses = _masses_where_p(p, q, p_positive=False)
    if masses is None:
        return oo
    return log(sympy.Add(*(a ** alpha * b ** (1 - alpha) for a, b in masses))) / (alpha - 1)


def kl_discrete(p, q) -> sympy.Expr:
    masses = _masses_where_p(p, q, p_positive=True)
    if masses is None:
        return oo
    out = sympy.S.Zero
    for a, b in masses:
        out += a * (log(a) - log(b))
    return out


def hockey_stick_discrete(p, q, eps) -> sympy.Expr:
    """sum_i max(0, p_i - e^eps q_i); a clamp of a constant stays unevaluated (sympy
    compares constants by floating point, and raises on one that is 0 in disguise)."""
    terms = [a - exp(eps) * b for a, b in zip(p, q)]
    return sympy.Add(*(Max(d, 0, evaluate=not d.is_number) for d in terms))


def bernoulli(p) -> list:
    require(p >= 0, "p >= 0")
    require(p <= 1, "p <= 1")
    return [1 - p, p]
