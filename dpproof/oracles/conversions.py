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

from .balls import NAN, hull
from .declare import declare
from .divergences import hockey_stick
from .divergences.privacy_loss import moment2_value
from .distributions import continuous as _dist


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


# ----------------------------------------------------------------------- inverses
# eps_at_delta, gauss_var_needed, osgt_var_needed: by certified bisection (delta assumed
# decreasing in sigma, which the bisection needs)

_BISECT = 64  # bisection steps of the inverse oracles (enclosure width ~ 2^-64 relative)
_GUARD = 20  # extra working bits of the inverse oracles


def eps_at_delta_value(P, Q, delta, lo, hi) -> arb:
    return eps_from_delta(lambda e: hockey_stick(P, Q, e), delta, lo, hi, max_iter=_BISECT)


def _sigma_for(make, eps, delta, Delta):
    """sigma with hockey_stick(make(0, s), make(Delta, s), eps) = delta (log bisection).

    For a ball eps = [a, b] the two ends are solved as exact points and the brackets
    joined: H_eps = sup_A P(A) - e^eps Q(A) is nonincreasing in eps, so with delta
    decreasing in sigma the root for every eps in [a, b] lies between the lower end of
    the bracket at b and the upper end of the bracket at a (bisecting on the ball itself
    stalls as soon as delta's enclosure over the ball straddles the target)."""
    if eps.rad() > 0:
        lo_end, hi_end = (_sigma_for(make, arb(e), delta, Delta)
                          for e in (eps.upper(), eps.lower()))
        if not (lo_end.is_finite() and hi_end.is_finite()):
            return NAN()
        return hull(arb(lo_end.lower()), arb(hi_end.upper()))
    f = lambda s: hockey_stick(make(arb(0), s), make(Delta, s), eps)  # noqa: E731
    lo, hi = Delta / 64, Delta * 64
    for _ in range(8):
        if f(hi) < delta:
            break
        hi *= 8
    for _ in range(8):
        if f(lo) > delta:
            break
        lo /= 8
    # delta decreases in sigma: the same certified bisection as eps(delta)
    return eps_from_delta(f, delta, lo, hi, max_iter=_BISECT)


def gauss_var_needed_value(eps, delta, Delta) -> arb:
    s = _sigma_for(_dist.Normal, eps, delta, Delta)
    if s.rad() > 0 and s > 0:   # s^2 increases: its ends (a ball's square adds rad^2)
        return hull(*(arb(e) ** 2 for e in (s.lower(), s.upper())))
    return s * s


def osgt_var_needed_value(eps, delta, m, Delta) -> arb:
    """E[Y^2] of OSGT(0, sigma, m) at the sigma reaching delta.  On a ball of sigma, the
    hull of the values at its exact ends: |Y| + m is sigma |N(0, 1)| conditioned on being
    > m, whose density ratio between sigma' > sigma, exp(x^2 (1/sigma^2 - 1/sigma'^2)/2),
    increases in x; so |Y| grows stochastically with sigma and E[Y^2] = E[(|Y|)^2]
    increases (m >= 0 fixed)."""
    s = _sigma_for(lambda mu, sg: _dist.OSGT(mu, sg, m), eps, delta, Delta)
    if not s.is_finite():
        return NAN()
    if s.rad() > 0 and m >= 0 and s > 0:
        return hull(*(moment2_value(_dist.OSGT(arb(0), arb(e), m))
                      for e in (s.lower(), s.upper())))
    return moment2_value(_dist.OSGT(arb(0), s, m))


eps_at_delta = declare("eps_at_delta", eps_at_delta_value, 5, "eps with H_eps = delta.",
                       guard=_GUARD)
gauss_var_needed = declare("gauss_var_needed", gauss_var_needed_value, 3,
                           "Gaussian variance reaching delta at eps.", guard=_GUARD)
osgt_var_needed = declare("osgt_var_needed", osgt_var_needed_value, 4,
                          "OSGT variance (fixed m) reaching delta at eps.", guard=_GUARD)
