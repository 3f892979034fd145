"""Conversions between privacy definitions, certified.

* zCDP -> (eps, delta): ``zcdp_eps`` = rho + 2 sqrt(rho log(1/delta)) (Bun-Steinke), and the
  optimal ``zcdp_delta_optimal`` (Canonne-Kamath-Steinke):
  delta(eps) = inf_{alpha > 1} exp((alpha - 1)(alpha rho - eps))/alpha (1 - 1/alpha)^(alpha - 1).
* RDP -> (eps, delta): ``rdp_to_delta`` = exp((alpha-1)(tau-eps))/(alpha-1) (1 - 1/alpha)^alpha.
* ``eps_from_delta``: certified bisection on a decreasing delta(eps).
"""

from __future__ import annotations

import mpmath
from flint import arb, ctx

from .integrate import NAN, hull


def zcdp_eps(rho: arb, delta: arb) -> arb:
    """eps = rho + 2 sqrt(rho log(1/delta)) for rho-zCDP at the given delta."""
    return rho + 2 * (rho * (-delta.log())).sqrt()


def rdp_to_delta(alpha: arb, tau: arb, eps: arb) -> arb:
    """delta = exp((alpha - 1)(tau - eps))/(alpha - 1) (1 - 1/alpha)^alpha, (alpha, tau)-RDP."""
    if not alpha > 1:
        return NAN()
    return ((alpha - 1) * (tau - eps) + alpha * (1 - 1 / alpha).log()).exp() / (alpha - 1)


def _g(a, rho, eps):
    """log of exp((a-1)(a rho - eps))/a (1 - 1/a)^(a-1); convex in a > 1."""
    return (a - 1) * (a * rho - eps) + (a - 1) * (1 - 1 / a).log() - a.log()


def _dg(a, rho, eps):
    """g'(a) = (2a - 1) rho - eps + log(1 - 1/a), increasing from -inf to +inf."""
    return (2 * a - 1) * rho - eps + (1 - 1 / a).log()


def zcdp_delta_optimal(rho: arb, eps: arb) -> arb:
    """Enclosure of the CKS optimal delta(eps) of rho-zCDP (the infimum itself).

    g = log of the objective is convex with g' increasing; with a certified bracket
    g'(a1) < 0 < g'(a2) the minimiser lies in [a1, a2] and
    g(a1) + g'(a1)(a2 - a1) <= inf g <= g(a1), so the enclosure is exp of that interval.
    """
    if not rho > 0:
        return NAN()
    prec = ctx.prec
    with mpmath.workprec(prec + 20):
        r, e = (mpmath.mpf(x.mid().str(prec // 3 + 10, radius=False, more=True))
                for x in (rho, eps))
        f = lambda a: (2 * a - 1) * r - e + mpmath.log(1 - 1 / a)  # noqa: E731
        lo, hi = mpmath.mpf(1) + mpmath.mpf(2) ** -(prec // 2), mpmath.mpf(2)
        while f(hi) < 0:
            hi *= 2
        astar = mpmath.findroot(f, (lo, hi), solver="anderson")
        astar_s = mpmath.nstr(astar, prec // 3 + 10)
    with ctx.workprec(prec + 20):
        a = arb(astar_s).mid()
        h = a * arb(2) ** (-(prec // 2))
        for _ in range(60):
            a1, a2 = (a - h).mid(), (a + h).mid()
            if a1 > 1 and _dg(a1, rho, eps) < 0 and _dg(a2, rho, eps) > 0:
                g1 = _g(a1, rho, eps)
                lower = g1 + _dg(a1, rho, eps) * (a2 - a1)
                return +hull(lower, g1).exp()
            h *= 4
    return NAN()


def eps_from_delta(delta_fn, delta_target: arb, lo: arb, hi: arb, max_iter: int | None = None):
    """Enclosure of the eps with delta_fn(eps) = delta_target, delta_fn decreasing.

    Certified bisection on exact points: each step keeps delta(lo) > target > delta(hi)
    certified; stops when the width reaches 2^-prec relative or a comparison is undecidable.
    Returns nan unless the initial bracket is certified.
    """
    lo, hi = lo.mid(), hi.mid()
    if not (delta_fn(lo) > delta_target and delta_fn(hi) < delta_target):
        return NAN()
    n = max_iter if max_iter is not None else ctx.prec + 8
    tol = arb(2) ** (-ctx.prec)
    for _ in range(n):
        if hi - lo <= tol * (1 + abs(hi)):
            break
        m = ((lo + hi) / 2).mid()
        d = delta_fn(m)
        if d > delta_target:
            lo = m
        elif d < delta_target:
            hi = m
        else:
            break
    return hull(lo, hi)
