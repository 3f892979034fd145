"""Certified eps(delta) of the T-fold Poisson-subsampled Gaussian (DP-SGD) from its PLD.

Neighbours: add/remove one record.  Removal gives the pair P = (1-q) N(0,s^2) + q N(1,s^2),
Q = N(0,s^2); addition the swapped pair.  For each direction the privacy loss Y = log(p/q)(X),
X ~ P, is discretised and composed; delta_T(eps) = max over the directions of
E[(1 - e^{eps - Y_1 - ... - Y_T})_+] and eps* = inf{eps : delta_T(eps) <= delta}.

The argument (every step rigorous; masses in arb from exact rational inputs):

1. Clip Y to [c_lo, c_hi] (Y^c): ``delta_Y <= delta_{Y^c} + T P(Y > c_hi)`` and
   ``delta_Y >= delta_{Y^c} - T P(Y < c_lo)`` (the sums differ only on clipping events).
   An end stops at the loss's bound log(1-q) when that comes before the tail budget; at
   q = 1 (no subsampling, the Gaussian loss) there is no bound and both ends are tails.
2. Round Y^c to the nearest grid point g_j = j h (Ytilde); D = Ytilde - Y^c lies in
   [-h/2, h/2] with mean mu = E[Ytilde] - E[Y^c] (E[Y^c] by ``acb.integral``).  Hoeffding:
   P(sum D - T mu <= -eta) <= exp(-2 eta^2 / (T h^2)) =: delta_H, and the same above (or
   Bernstein's eta with the certified second moment of D where smaller:
   ``pld_grid.rounding_deviation``), so
   ``delta_{Y^c}(e) <= delta_Ytilde(e + T mu - eta) + delta_H`` and
   ``delta_{Y^c}(e) >= delta_Ytilde(e + T mu + eta) - delta_H`` (PRV accountant argument of
   Gopi, Lee, Wutschitz 2021, Thm. 5.5, made exact: mu is certified, not assumed zero).
3. delta_Ytilde is bracketed exactly: masses rounded down to integers / 2^K (K grows with
   T, the grid size and log(1/delta)) and raised to the power T by repeated squaring with
   FLINT ``fmpz_poly`` multiplication (exact), rounded down after each product, mass outside
   a window dropped.  The result C is entrywise below the
   exact composition, so delta_C <= delta_Ytilde <= delta_C + (1 - |C|): the missing mass,
   an exact integer, is counted as if its loss were +inf.  delta_C(eps) is evaluated in arb
   at grid points; eps is the certified grid point shifted by eta and T mu.
"""

from __future__ import annotations

import math
import time
from fractions import Fraction
from dataclasses import dataclass

from flint import arb, ctx, fmpq

from ..integrate import NAN
from .pld_grid import (Disc, Loss, certified_indices, delta_floats, one_step, power,
                       rounding_deviation, rounding_mean, to_poly)
from .subsampled import dpsgd_rdp_epsilon


def _delta_at(c: list, i: int, h: fmpq, K: int) -> arb:
    """Certified delta(eps = (off + i) h) of the discrete composition (exact masses)."""
    rest = c[i + 1:]
    r = (-arb(h)).exp()
    s1 = arb(0)
    for x in reversed(rest):
        s1 = (s1 + x) * r
    return (arb(sum(rest)) - s1) / arb(2) ** K


@dataclass(frozen=True)
class DirectionBracket:
    eps_lower: arb | None
    eps_upper: arb
    h: fmpq
    mu: arb
    eta: arb
    tails: arb
    missing: arb  # mass the composition lost (rounding, window): counted at +inf above
    grid_points: int


def direction_bracket(q: arb, sigma: arb, T: int, delta: arb, remove: bool, h: fmpq,
                      window: tuple[arb, arb], delta_h: arb, lower: bool) -> DirectionBracket:
    """Certified [eps_lower, eps_upper] of one direction (see module docstring).

    One composition C, entrywise below the exact one, brackets its delta(eps) exactly:
    delta_C <= delta <= delta_C + (1 - |C|) (the missing mass counted as loss +inf).
    """
    loss = Loss(q, sigma, remove)
    j_lo, masses, c_lo, c_hi, p_clip = one_step(loss, h, T, delta_h)
    mu = rounding_mean(loss, h, j_lo, masses, c_lo, c_hi)
    eta = rounding_deviation(loss, h, j_lo, masses, mu, T, (1 / delta_h).log()).upper()
    tails = delta_h + T * p_clip
    win = (math.floor(float(window[0].mid()) / float(h)),
           math.ceil(float(window[1].mid()) / float(h)))
    # the lost mass is about (window size) T 2^-K (2^-K per coefficient and product, doubled
    # by each squaring); this K keeps it near 2^-20 delta (it is measured, never assumed)
    K = 24 + T.bit_length() + len(masses).bit_length() + int(-math.log2(float(delta.mid())))
    comp = power(Disc(j_lo, to_poly(masses, K)), T, win, K)
    c = [int(x) for x in comp.p.coeffs()]
    missing = arb(2 ** K - sum(c)) / arb(2) ** K
    i_up, i_lo = certified_indices(delta_floats(c, float(h), K), lambda i: _delta_at(c, i, h, K),
                                   float(delta.mid()), delta, tails + missing,
                                   tails if lower else None)
    eps_upper = arb.pos_inf() if i_up is None else \
        arb((arb(h) * (comp.off + i_up) + eta - T * mu.lower()).upper())
    eps_lower = None if i_lo is None else \
        arb((arb(h) * (comp.off + i_lo) - eta - T * mu.upper()).lower())
    return DirectionBracket(eps_lower, eps_upper, h, mu, eta, tails, missing, len(c))


def _key(x: arb) -> str:
    return x.mid().str(30, radius=False)


def dpsgd_bracket(Q: arb, S: arb, T: int, D: arb, rel_width: float = 0.005,
                  delta_err: float = 1e-3):
    """(lower, upper, rdp_upper, details): lower <= eps*(D) <= min(upper, rdp_upper) for
    every q in Q, sigma in S, delta in D (balls), T steps.  Memoised on the balls."""
    key = (_key(Q), _key(S), int(T), _key(D), rel_width, delta_err)
    hit = _CACHE.get(key)
    if hit is None or not all(a.contains(b) for a, b in zip(hit[0], (Q, S, D))):
        hit = _CACHE[key] = ((Q, S, D), _bracket(Q, S, int(T), D, rel_width, delta_err))
    return hit[1]


_CACHE: dict = {}


#: from this many steps on, the composition doubles its grid as the law spreads
#: (``pld_doubling``) instead of one grid fine enough for every step
DOUBLING_STEPS = 50_000


def _bracket(Q, S, T, D, rel_width, delta_err):
    t0 = time.perf_counter()
    rdp, order = dpsgd_rdp_epsilon(Q, S, T, D)
    if T >= DOUBLING_STEPS:
        from .pld_doubling import dpsgd_bracket_doubling
        lower, upper, details = dpsgd_bracket_doubling(Q, S, T, D, delta_err=delta_err)
        upper = upper if upper < rdp.upper() else rdp.upper()
        details.update({"route": "doubling", "rdp_order": order,
                        "seconds": time.perf_counter() - t0})
        return lower, upper, rdp.upper(), details
    eps_rdp = float(rdp.upper())
    f = Fraction(delta_err).limit_denominator(10 ** 12)
    dh = D * arb(fmpq(f.numerator, f.denominator))
    h_float = rel_width * eps_rdp / (2 * math.sqrt(T * math.log(1 / float(dh.mid())) / 2))
    h = fmpq(1, max(1, math.ceil(1 / h_float)))
    window = (arb(-6 - eps_rdp / 2), arb(eps_rdp + 3))
    rem = direction_bracket(Q, S, T, D, True, h, window, dh, lower=True)
    # the addition direction usually needs far less: try a grid 8x coarser (any grid is sound)
    add = direction_bracket(Q, S, T, D, False, h * 8, window, dh, lower=False)
    if not add.eps_upper <= rem.eps_upper:
        add = direction_bracket(Q, S, T, D, False, h, window, dh, lower=False)
    upper = rem.eps_upper.union(add.eps_upper).upper()
    upper = upper if upper < rdp.upper() else rdp.upper()
    lower = rem.eps_lower if rem.eps_lower is not None else arb(0)
    details = {"route": "fixed grid", "h": str(h), "rdp_order": order, "remove": rem, "add": add,
               "seconds": time.perf_counter() - t0}
    return lower, upper, rdp.upper(), details


def _widen(x: arb) -> arb:
    """The ball around x's midpoint (56 bits) of radius ~2^-50 |x|, which contains x: one
    ball, so one cached computation, for every thin query ball around the same number."""
    man, exp = x.mid().man_exp()
    man, exp = int(man), int(exp)
    cut = max(abs(man).bit_length() - 56, 0)  # truncate the midpoint to 56 bits, exactly
    man, exp = (man >> cut if man > 0 else -((-man) >> cut)), exp + cut
    w = arb(arb(man) * arb(2) ** exp, arb(2) ** (abs(man).bit_length() + exp - 50))
    return w if w.contains(x) else w.union(x)


def dpsgd_eps_ball(q: arb, sigma: arb, steps: arb, delta: arb) -> arb:
    """A ball containing eps*(delta) of ``steps`` subsampled Gaussians; nan unless the
    inputs are thin balls (relative radius < 2^-60) and steps an exact integer >= 1."""
    if not (steps.is_exact() and steps.is_integer() and steps >= 1):
        return NAN()
    for x in (q, sigma, delta):
        if not (x > 0 and x.rad() <= abs(x.mid()) * arb(2) ** -60):
            return NAN()
    if not (q <= 1 and delta < 1):
        return NAN()
    with ctx.workprec(128):  # the width is the discretisation's; one precision, one cache
        # a q widened past 1 leaves the domain q <= 1: keep the given ball (it is <= 1)
        wide = _widen(q)
        q = wide if wide <= 1 else q
        sigma, delta = _widen(sigma), _widen(delta)
        lower, upper, _, _ = dpsgd_bracket(q, sigma, int(steps.unique_fmpz()), delta)
    return lower.union(upper)
