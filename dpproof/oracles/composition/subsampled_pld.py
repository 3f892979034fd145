"""Certified eps(delta) of the T-fold Poisson-subsampled Gaussian (DP-SGD) from its PLD.

Neighbours: add/remove one record.  Removal gives the pair P = (1-q) N(0,s^2) + q N(1,s^2),
Q = N(0,s^2); addition the swapped pair.  For each direction the privacy loss Y = log(p/q)(X),
X ~ P, is discretised and composed; delta_T(eps) = max over the directions of
E[(1 - e^{eps - Y_1 - ... - Y_T})_+] and eps* = inf{eps : delta_T(eps) <= delta}.

The upper end is each direction's dominating discrete pair ("connect the dots",
``pld_connect``), the larger of the two.  The lower end is the removal direction's (every
step rigorous; masses in arb from exact rational inputs):

1. Clip Y to [c_lo, c_hi] (Y^c): ``delta_Y >= delta_{Y^c} - T P(Y < c_lo)`` (clipping above
   only lowers the losses; the sums differ only on clipping events).  The low end stops at
   the loss's bound log(1-q) when that comes before the tail budget (at q = 1, the Gaussian
   loss, there is no bound).
2. Round Y^c to the nearest grid point g_j = j h (Ytilde); D = Ytilde - Y^c lies in
   [-h/2, h/2] with mean mu = E[Ytilde] - E[Y^c] (E[Y^c] by ``acb.integral``).  Hoeffding:
   P(sum D - T mu >= eta) <= exp(-2 eta^2 / (T h^2)) =: delta_H (or Bernstein's eta with the
   certified second moment of D where smaller: ``pld_grid.rounding_deviation``), so
   ``delta_{Y^c}(e) >= delta_Ytilde(e + T mu + eta) - delta_H`` (PRV accountant argument of
   Gopi, Lee, Wutschitz 2021, Thm. 5.5, made exact: mu is certified, not assumed zero).
3. Where the law is thin the bins are merged into cells whose mass sits at their lowest point
   (``pld_grid.one_step_cells``): Z' <= Ytilde pointwise, so delta_Ytilde >= delta_Z', and
   mu is bounded above through E[Ytilde] <= E[Z'] + the cells' slack.
4. delta_Z' is bounded below exactly: masses rounded down to integers / 2^K and raised to the
   power T by repeated squaring with FLINT ``fmpz_poly`` multiplication (exact), rounded down
   after each product, mass outside a window dropped.  The result C is entrywise below the
   exact composition, so delta_C <= delta_Z'.  delta_C(eps) is evaluated in arb at grid
   points; eps is the certified grid point shifted by eta and T mu.
"""

from __future__ import annotations

import math
import time
from fractions import Fraction
from dataclasses import dataclass

from flint import arb, ctx, fmpq

from ..integrate import NAN
from .pld_connect import connect_grid, direction_upper, nodes
from .pld_fft import compose, floats_below
from .pld_grid import (Loss, bottom_index, certified_indices, delta_estimates, one_step_cells,
                       rounding_deviation, rounding_mean, step_range, to_poly)
from .subsampled import dpsgd_rdp_epsilon


#: cells are finer than the upper end's nodes (``pld_connect.KAPPA``): a cell moves its mass
#: down by up to its width, a first-order error where the nodes' is second order; at 10^3
#: DP-SGD steps this keeps the lower end of every bin (1.2807212) with half the bins
CELL_KAPPA = 1e9


@dataclass(frozen=True)
class DirectionLower:
    eps_lower: arb | None
    h: fmpq
    mu: arb
    eta: arb
    tails: arb
    grid_points: int
    cells: int


def direction_lower(q: arb, sigma: arb, T: int, delta: arb, h: fmpq, window: tuple[arb, arb],
                    delta_h: arb) -> DirectionLower:
    """A certified lower end of eps(delta) of the removal direction (module docstring)."""
    loss = Loss(q, sigma, True)
    j_lo, j_hi = step_range(loss, h, T, delta_h)
    starts = nodes(loss, float(h), j_lo, j_hi, CELL_KAPPA)
    masses, wide, slack = one_step_cells(loss, h, j_lo, j_hi, starts)
    c_lo, c_hi = arb(h) * (j_lo - fmpq(1, 2)), arb(h) * (j_hi + fmpq(1, 2))
    mu = rounding_mean(loss, h, j_lo, masses, c_lo, c_hi) + arb(0).union(slack)
    eta = rounding_deviation(loss, h, j_lo, masses, mu, T, (1 / delta_h).log(), wide).upper()
    tails = delta_h + T * loss.cdf(c_lo)
    win = (max(math.floor(float(window[0].mid()) / float(h)), bottom_index(masses, j_lo, T)),
           math.ceil(float(window[1].mid()) / float(h)))
    K = 24 + T.bit_length() + len(masses).bit_length() + int(-math.log2(float(delta.mid())))
    step = floats_below([int(x) for x in to_poly(masses, K).coeffs()], K)
    comp = compose(step, j_lo, T, win[0], win[1], delta * arb(2) ** -30)
    _, i_lo = certified_indices(delta_estimates(comp.values, float(h)),
                                lambda i: comp.delta_at(i, h), float(delta.mid()), delta, None,
                                tails + comp.outside)
    eps_lower = None if i_lo is None else \
        arb((arb(h) * (comp.off + i_lo) - eta - T * mu.upper()).lower())
    return DirectionLower(eps_lower, h, mu, eta, tails + comp.outside, comp.values.size,
                          len(starts))


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
    eps_rdp = float(rdp.upper())
    window = (arb(-6 - eps_rdp / 2), arb(eps_rdp + 3))
    upper, connect = connect_upper(Q, S, T, D, connect_grid(rel_width, eps_rdp), window)
    upper = _least(upper, rdp.upper())
    if T >= DOUBLING_STEPS:
        from .pld_doubling import dpsgd_bracket_doubling
        lower, up_doubling, details = dpsgd_bracket_doubling(Q, S, T, D, delta_err=delta_err)
        upper = _least(upper, arb(up_doubling.upper()))
        details.update({"route": "doubling", "rdp_order": order, "connect": connect,
                        "seconds": time.perf_counter() - t0})
        return lower, upper, rdp.upper(), details
    f = Fraction(delta_err).limit_denominator(10 ** 12)
    dh = D * arb(fmpq(f.numerator, f.denominator))
    # the lower end's grid: Hoeffding's term alone would be rel_width / 2 of eps (Bernstein's,
    # about h sqrt(T L / 6), is about 0.29 rel_width); the lower end is what a finding that a
    # peer is not conservative rests on, so the width is spent there
    h_float = rel_width * eps_rdp / (2 * math.sqrt(T * math.log(1 / float(dh.mid())) / 2))
    h = fmpq(1, max(1, math.ceil(1 / h_float)))
    rem = direction_lower(Q, S, T, D, h, window, dh)
    lower = rem.eps_lower if rem.eps_lower is not None else arb(0)
    details = {"route": "fixed grid", "h": str(h), "rdp_order": order, "remove": rem,
               "connect": connect, "seconds": time.perf_counter() - t0}
    return lower, upper, rdp.upper(), details


def _least(*uppers: arb) -> arb:
    """The least of certified upper ends (each is sound; exact balls)."""
    return min(uppers, key=lambda x: x.mid())


def connect_upper(Q: arb, S: arb, T: int, D: arb, hc: fmpq, window) -> tuple[arb, dict]:
    """The upper end: each direction's dominating "connect the dots" pair (no concentration
    term); the addition direction usually needs far less: a grid 8x coarser first.  Second
    differences would blow up a ball's radius, so it runs at the exact corner of the balls
    with the most privacy loss: delta_T grows with q (P_q' is a mixture of P_q and Q for
    q' < q: joint convexity of the hockey stick), falls with sigma (more noise is
    post-processing), and eps(delta) falls with delta."""
    qc, sc, dc = arb(Q.upper()), arb(S.lower()), arb(D.lower())
    qc = qc if qc <= 1 else arb(1)
    budget = dc * arb(2) ** -24
    up_rem = direction_upper(qc, sc, T, dc, True, hc, window, budget)
    up_add = direction_upper(qc, sc, T, dc, False, hc * 8, window, budget)
    if not up_add.eps_upper <= up_rem.eps_upper:
        up_add = direction_upper(qc, sc, T, dc, False, hc, window, budget)
    upper = arb(up_rem.eps_upper.union(up_add.eps_upper).upper())
    return upper, {"h": str(hc), "remove": up_rem, "add": up_add}


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
