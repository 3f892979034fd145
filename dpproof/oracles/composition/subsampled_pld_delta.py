"""Certified delta(eps) of the T-fold Poisson-subsampled Gaussian (DP-SGD), add/remove one.

The pairs of ``subsampled_pld``, read at a fixed eps instead of a fixed delta: the upper end is
the larger of both directions' dominating ("connect the dots", ``pld_connect.delta_upper``)
composed deltas, plus the mass their windows miss; the lower end is the removal direction's
dominated pair (``pld_dominated.delta_lower``).  Each is evaluated exactly between grid
points, at the corner of the balls (q, sigma, eps) with the most (upper) or least (lower)
privacy loss: delta grows with q, falls with sigma and with eps.  The upper end is also capped
by the integer-order RDP bound (Canonne-Kamath-Steinke conversion) and by 1.
"""

from __future__ import annotations

from flint import arb, fmpq

from ..conversions import rdp_to_delta
from .pld_connect import connect_grid, delta_upper
from .pld_dominated import delta_lower
from .subsampled import subsampled_gaussian_rdp

ORDERS = tuple(range(2, 257))


def rdp_delta(q: arb, sigma: arb, T: int, eps: arb) -> arb:
    """min over integer orders of the RDP -> (eps, delta) conversion: an upper bound."""
    best = arb(1)
    for a in ORDERS:
        d = rdp_to_delta(arb(a), T * subsampled_gaussian_rdp(q, sigma, a), eps)
        if d.is_finite() and d.upper() < best.upper():
            best = arb(d.upper())
    return best


def _delta_grid(c: list, i: int, h: fmpq, K: int) -> arb:
    """delta_C at grid index i (any integer): sum_{j > i} c_j (1 - e^{-(j - i) h}) / 2^K."""
    start = max(i + 1, 0)
    if start >= len(c):
        return arb(0)
    r = (-arb(h)).exp()
    s1 = arb(0)
    for x in reversed(c[start:]):
        s1 = s1 * r + x
    s1 *= r ** (start - i)
    return (arb(sum(c[start:])) - s1) / arb(2) ** K


def _exact(x) -> fmpq:
    """An arb endpoint (arf) as the exact rational it is."""
    man, exp = x.man_exp()
    man, exp = int(man), int(exp)
    return fmpq(man * 2 ** exp) if exp >= 0 else fmpq(man, 2 ** -exp)


def dpsgd_delta_bracket(q: arb, sigma: arb, T: int, eps: arb, rel_width: float = 0.005):
    """(lower, upper, details): lower <= delta(eps) <= upper for T DP-SGD steps, for every q,
    sigma, eps in the balls (module docstring); the grid is ``pld_connect.connect_grid``'s."""
    d_rdp = rdp_delta(q, sigma, T, eps)
    if not d_rdp > 0:
        return arb(0), d_rdp, {"rdp": d_rdp}  # the RDP bound is 0 (cannot happen for q > 0)
    e_up, e_lo = _exact(eps.lower()), _exact(eps.upper())
    h = connect_grid(rel_width, float(eps.mid()))
    top, scale = arb(float(eps.mid()) + 3), arb(d_rdp.upper())
    qc = arb(q.upper()) if q.upper() <= 1 else arb(1)
    up_rem = delta_upper(qc, arb(sigma.lower()), T, e_up, True, h, top, scale)
    up_add = delta_upper(qc, arb(sigma.lower()), T, e_up, False, h * 8, top, scale)
    if not up_add <= up_rem:
        up_add = delta_upper(qc, arb(sigma.lower()), T, e_up, False, h, top, scale)
    hi = up_rem.max(up_add).min(d_rdp).min(arb(1))
    lo = arb(0)
    if q.lower() > 0:
        lo = delta_lower(arb(q.lower()), arb(sigma.upper()), T, e_lo, h, top, scale)
    return lo, hi, {"rdp": d_rdp, "h": h, "remove": up_rem, "add": up_add, "lower": lo}


__all__ = ["dpsgd_delta_bracket", "rdp_delta"]
