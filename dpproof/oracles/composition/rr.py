"""Exact k-fold composition of (generalized) randomized response, certified.

* ``rr_compose_delta``: Kairouz-Oh-Viswanath, delta(eps) of k eps0-DP randomized responses,
  delta = (1 + e^eps0)^-k sum_i C(k, i) (e^{(k-i) eps0} - e^{eps + i eps0})_+ .
* ``genrr_compose_delta``: k generalized RRs (``genrr_pair``) with thresholds t_i; the
  log-likelihood ratio of an outcome o is sum_i t_i - eps0 #{i: o_i = 1}, so delta is a sum
  over the Poisson-binomial law of the number of ones (grouped by equal t's).
* ``compose_delta_bruteforce``: enumeration of all product outcomes, the independent check.
"""

from __future__ import annotations

import itertools

from flint import arb, arb_poly, ctx

from ..distributions import genrr_pair, randomized_response
from ..balls import power
from ..integrate import NAN, hull, pos


def _guard(k: int) -> int:
    return 40 + 2 * max(int(k), 1).bit_length()


def rr_compose_delta(k: int, eps0: arb, eps: arb) -> arb:
    """delta(eps) of the k-fold composition of eps0-DP binary randomized response (KOV).

    Term i = Bin(k, e^eps0/(1+e^eps0)) mass at i failures times (1 - e^{eps - (k - 2i) eps0});
    masses by the ratio recurrence A_{i+1} = A_i (k - i)/(i + 1) e^{-eps0}; only positive terms
    are summed (the factor decreases in i); beyond the mode the remaining terms are bounded by
    a geometric series once they drop below 2^-(prec + 20) of the sum.
    """
    k = int(k)
    if k < 0 or not eps0 > 0:
        return NAN()
    prec = ctx.prec
    with ctx.workprec(prec + _guard(k)):
        A = (-k * (-eps0).exp().log1p()).exp()
        r = (-eps0).exp()
        total = arb(0)
        tiny = arb(2) ** (-(prec + 20))
        for i in range(k + 1):
            f = -(eps - (k - 2 * i) * eps0).expm1()
            if f < 0:
                break
            total += A * pos(f)
            if i + 1 > k:
                break
            rho = r * (k - i) / (i + 1)
            A = A * rho
            if rho < 1 and A < tiny * total * (1 - rho):  # rest <= A / (1 - rho)
                total += hull(arb(0), A / (1 - rho))
                break
    return +total


def genrr_compose_delta(eps0: arb, ts, eps: arb) -> arb:
    """delta(eps) of the composition of generalized RRs GenRR(eps0, t_i), t_i in ts.

    delta = sum_j P(N = j) (1 - e^{eps - T + eps0 j})_+, T = sum t_i, N = number of ones
    under P = prod RR_i(0), P(o_i = 1) = 1 - p_{t_i}; N's law is the product of the
    polynomials (1 - pi + pi x)^m over the groups of equal t's.
    """
    groups = {}
    for t in ts:
        key = (t.mid().man_exp(), t.rad().man_exp())
        groups.setdefault(key, [t, 0])[1] += 1
    k = len(ts)
    prec = ctx.prec
    with ctx.workprec(prec + _guard(k)):
        poly, T = arb_poly([1]), arb(0)
        for t, m in groups.values():
            P, _ = genrr_pair(eps0, t)
            poly *= power(arb_poly([P.masses[0], P.masses[1]]), m)
            T += m * t
        coeffs = poly.coeffs()
        total = arb(0)
        for j, c in enumerate(coeffs):
            total += c * pos(-(eps - T + j * eps0).expm1())
    return +total


def compose_delta_bruteforce(pairs, eps: arb, limit: int = 1 << 16) -> arb:
    """sum over product outcomes o of (prod P_i(o_i) - e^eps prod Q_i(o_i))_+ (enumeration)."""
    n = 1
    for P, _ in pairs:
        n *= len(P.masses)
    if n > limit:
        raise ValueError(f"{n} outcomes exceed the enumeration limit {limit}")
    ee = eps.exp()
    total = arb(0)
    ranges = [range(len(P.masses)) for P, _ in pairs]
    for o in itertools.product(*ranges):
        p, q = arb(1), arb(1)
        for (P, Q), oi in zip(pairs, o):
            p, q = p * P.masses[oi], q * Q.masses[oi]
        total += pos(p - ee * q)
    return total


def rr_compose_delta_bruteforce(k: int, eps0: arb, eps: arb) -> arb:
    """``rr_compose_delta`` by enumeration of the 2^k outcomes (small k only)."""
    pair = (randomized_response(eps0, 2, 0), randomized_response(eps0, 2, 1))
    return compose_delta_bruteforce([pair] * int(k), eps)


def genrr_compose_delta_bruteforce(eps0: arb, ts, eps: arb) -> arb:
    """``genrr_compose_delta`` by enumeration of the 2^k outcomes."""
    return compose_delta_bruteforce([genrr_pair(eps0, t) for t in ts], eps)
