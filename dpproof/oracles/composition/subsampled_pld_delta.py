"""Certified delta(eps) of the T-fold Poisson-subsampled Gaussian (DP-SGD), add/remove one.

The same PLD argument as ``subsampled_pld`` (its module docstring, steps 1-3), read at a
fixed eps instead of a fixed delta.  Per direction, with Ytilde the grid loss (step h), C the
exact-integer composition entrywise below Ytilde's T-fold law, m = 1 - |C| its missing mass,
mu the certified mean rounding shift, eta = h sqrt(T ln(1/delta_H) / 2) (or Bernstein's,
``pld_grid.rounding_deviation``, where smaller) and
tails = delta_H + T P(clipped):

    delta(eps) <= delta_C(eps + T mu - eta) + m + tails                             (1)
    delta(eps) >= delta_C(eps + T mu + eta) - tails                                 (2)

delta_C is non-increasing, so (1) reads it at the grid point at or below its argument and (2)
at the grid point at or above; delta_C at a grid point is exact (integer masses, arb
exponentials).  delta of the mechanism is the larger of the two directions: the upper end is
the larger of the upper ends, the lower end the larger of the lower ends; the upper end is
also capped by the integer-order RDP bound (Canonne-Kamath-Steinke conversion) and by 1.
"""

from __future__ import annotations

import math

from flint import arb, fmpq

from ..conversions import rdp_to_delta
from .subsampled import subsampled_gaussian_rdp
from .pld_grid import Disc, Loss, one_step, power, rounding_deviation, rounding_mean, to_poly

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


def _window(masses, j_lo: int, h: float, T: int, e: float) -> tuple[int, int]:
    """Grid indices kept in every product: eps and the bulk of the T-fold law (a normal
    approximation, mean +- 10 sd, in floats: only a choice; what falls out is counted)."""
    w = [float(m.mid()) for m in masses]
    mean = sum((j_lo + k) * h * x for k, x in enumerate(w))
    var = sum(((j_lo + k) * h - mean) ** 2 * x for k, x in enumerate(w))
    m_T, s_T = T * mean, math.sqrt(T * var)
    lo, hi = min(e, m_T) - 10 * s_T - 2, max(e, m_T) + 10 * s_T + 2
    return math.floor(lo / h), math.ceil(hi / h)


def direction_delta(q: arb, sigma: arb, T: int, eps: arb, remove: bool, h: fmpq,
                    delta_h: arb, scale: float) -> tuple[arb, arb, dict]:
    """(lower, upper) of one direction's delta(eps), equations (1) and (2); ``scale`` (a
    rough size of delta) only sets the integer precision K."""
    loss = Loss(q, sigma, remove)
    j_lo, masses, c_lo, c_hi, p_clip = one_step(loss, h, T, delta_h)
    mu = rounding_mean(loss, h, j_lo, masses, c_lo, c_hi)
    eta = arb(rounding_deviation(loss, h, j_lo, masses, mu, T, (1 / delta_h).log()).upper())
    tails = delta_h + T * p_clip
    win = _window(masses, j_lo, float(h), T, float(eps.mid()))
    K = 24 + T.bit_length() + len(masses).bit_length() + max(int(-math.log2(scale)), 0)
    comp = power(Disc(j_lo, to_poly(masses, K)), T, win, K)
    c = [int(x) for x in comp.p.coeffs()]
    missing = arb(2 ** K - sum(c)) / arb(2) ** K
    e_up, e_lo = (eps + T * mu - eta).lower(), (eps + T * mu + eta).upper()
    i_up = int((arb(e_up) / arb(h)).floor().unique_fmpz()) - comp.off
    i_lo = int((arb(e_lo) / arb(h)).ceil().unique_fmpz()) - comp.off
    upper = _delta_grid(c, i_up, h, K) + missing + tails
    lower = _delta_grid(c, i_lo, h, K) - tails
    return lower, upper, {"mu": mu, "eta": eta, "tails": tails, "missing": missing,
                          "grid_points": len(c)}


def dpsgd_delta_bracket(q: arb, sigma: arb, T: int, eps: arb, eps_shift: float | None = None,
                        delta_err: float = 1e-4):
    """(lower, upper, details): lower <= delta(eps) <= upper for T DP-SGD steps.

    The grid step makes eta = eps_shift / 2 (the eps shift in (1) and (2); default
    0.005 max(eps, 1), the grid of ``dpsgd_bracket``); delta_H = delta_err times the RDP
    bound on delta(eps).
    """
    if eps_shift is None:
        eps_shift = 0.005 * max(float(eps.mid()), 1.0)
    d_rdp = rdp_delta(q, sigma, T, eps)
    scale = max(float(d_rdp.upper()), 1e-300)
    dh = arb(fmpq(*_ratio(delta_err))) * d_rdp
    if not dh > 0:
        return arb(0), d_rdp, {"rdp": d_rdp}  # the RDP bound is 0 (cannot happen for q > 0)
    h_float = eps_shift / (2 * math.sqrt(T * math.log(1 / float(dh.mid())) / 2))
    h = fmpq(1, max(1, math.ceil(1 / h_float)))
    lo, hi, details = arb(0), arb(0), {"rdp": d_rdp, "h": h}
    for remove in (True, False):
        l_, u_, det = direction_delta(q, sigma, T, eps, remove, h, dh, scale)
        lo, hi = lo.max(arb(l_.lower())), hi.max(arb(u_.upper()))
        details["remove" if remove else "add"] = det
    hi = hi.min(d_rdp).min(arb(1))
    return lo.max(arb(0)), hi, details


def _ratio(x: float) -> tuple[int, int]:
    return x.as_integer_ratio()


__all__ = ["dpsgd_delta_bracket", "direction_delta", "rdp_delta"]
