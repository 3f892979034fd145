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
