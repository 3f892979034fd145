"""ZCDpEvent: certified upper ends only.  A (xi, rho)-zCDP step has RDP xi + rho alpha at
every order alpha > 1 (Bun-Steinke 2016); a Gaussian with mu^2 = (Delta/s)^2 is exactly
mu^2/2-zCDP; compositions add xi and rho.  The conversion of Canonne-Kamath-Steinke 2020
(Prop. 12): delta(eps) <= exp((alpha-1)(xi + alpha rho - eps))/alpha (1 - 1/alpha)^(alpha-1)
for every alpha > 1, i.e. the rho-zCDP objective at eps - xi, whose infimum over alpha is
``oracles.conversions.zcdp_delta_optimal``.  Only an upper end: zCDP is a bound on the
mechanism, not a pair of distributions.
"""

from __future__ import annotations

from flint import arb, ctx, fmpq

from ..oracles.conversions import zcdp_delta_optimal
from .events import Plan


def _rho_xi(p: Plan) -> tuple[fmpq, fmpq]:
    rho = sum((r for r, _ in p.zcdp), fmpq(0)) + p.mu2 / 2
    xi = sum((x for _, x in p.zcdp), fmpq(0))
    return rho, xi


def zcdp_delta_upper(p: Plan, eps: fmpq, prec: int = 128) -> arb:
    """A certified upper end of delta(eps) (a ball whose upper end is the bound)."""
    rho, xi = _rho_xi(p)
    with ctx.workprec(prec):
        if rho == 0:
            return arb(0) if eps >= xi else arb(1)
        d = zcdp_delta_optimal(arb(rho), arb(eps - xi))
        if not d.is_finite():
            return arb(1)
        return arb(d.upper()).min(arb(1))


def zcdp_epsilon_upper(p: Plan, delta: fmpq, prec: int = 128) -> arb:
    """The least dyadic eps (relative 2^-30) at which ``zcdp_delta_upper`` <= delta."""
    rho, xi = _rho_xi(p)
    if rho == 0:
        return arb(xi)
    d = arb(delta)
    hi = fmpq(1)
    while not zcdp_delta_upper(p, hi, prec) <= d:
        hi *= 2
    lo = fmpq(0)
    while hi - lo > hi / 2 ** 30:
        m = (lo + hi) / 2
        if zcdp_delta_upper(p, m, prec) <= d:
            hi = m
        else:
            lo = m
    return arb(hi)


def cks_delta(rho: fmpq, eps: fmpq, prec: int = 128) -> arb:
    """A ball containing the CKS optimal delta(eps) of rho-zCDP (``zcdp_delta_optimal``);
    rho = 0: delta = 0 for eps >= 0."""
    if rho == 0:
        return arb(0)
    with ctx.workprec(prec):
        return zcdp_delta_optimal(arb(rho), arb(eps))


REL_TOL = fmpq(1, 2 ** 64)


def cks_epsilon(rho: fmpq, delta: fmpq, prec: int = 128,
                rel_tol: fmpq = REL_TOL) -> tuple[fmpq, fmpq]:
    """(lo, hi) exact with lo <= eps_CKS(delta) <= hi, eps_CKS(delta) = inf{eps >= 0 :
    CKS delta(eps) <= delta} (0 if delta >= delta(0)), by certified bisection; delta > 0."""
    if rho == 0 or cks_delta(rho, fmpq(0), prec) <= arb(delta):
        return fmpq(0), fmpq(0)
    d = arb(delta)
    lo, hi = fmpq(0), fmpq(1)
    while not cks_delta(rho, hi, prec) <= d:
        lo, hi = hi, 2 * hi
    while hi - lo > rel_tol * hi:
        m = (lo + hi) / 2
        v = cks_delta(rho, m, prec)
        if v <= d:
            hi = m
        elif v > d:
            lo = m
        else:  # undecided at m (delta(m) is within the ball of d): step just off m
            w, lo_done, hi_done = rel_tol * hi, False, False
            while not (lo_done and hi_done) and w < (hi - lo) / 2:
                if not lo_done and cks_delta(rho, m - w, prec) > d:
                    lo, lo_done = m - w, True
                if not hi_done and cks_delta(rho, m + w, prec) <= d:
                    hi, hi_done = m + w, True
                w *= 16
            break
    return lo, hi
