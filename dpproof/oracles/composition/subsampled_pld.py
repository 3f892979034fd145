"""Certified eps(delta) of the T-fold Poisson-subsampled Gaussian (DP-SGD) from its PLD.

Neighbours: add/remove one record.  Removal gives the pair P = (1-q) N(0,s^2) + q N(1,s^2),
Q = N(0,s^2); addition the swapped pair.  For each direction the privacy loss Y = log(p/q)(X),
X ~ P, is discretised and composed; delta_T(eps) = max over the directions of
E[(1 - e^{eps - Y_1 - ... - Y_T})_+] and eps* = inf{eps : delta_T(eps) <= delta}.

The upper end is each direction's dominating discrete pair ("connect the dots",
``pld_connect``), the larger of the two.  The lower end is the removal direction's
dominated discrete pair (``pld_dominated``): no concentration term on either side, so the
bracket's width is the two interpolations' second-order errors (about 1e-5 relative at 10^3
and 10^4 steps).  Both compose by ``pld_fft`` (a float FFT with a proven error bound).
Second differences would blow up a ball's radius, so each end runs at the exact corner of
the balls (q, sigma, delta) with the most (upper) or least (lower) privacy loss: delta_T
grows with q (P_q' is a mixture of P_q and Q for q' < q: joint convexity of the hockey
stick), falls with sigma (more noise is post-processing), and eps(delta) falls with delta.
"""

from __future__ import annotations

import time

from flint import arb, ctx, fmpq

from ..integrate import NAN
from .pld_connect import connect_grid, direction_upper
from .pld_dominated import direction_lower
from .subsampled import dpsgd_rdp_epsilon


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


#: from this many steps on, a lower end the dominated pair does not certify is sought on a
#: grid that doubles as the law spreads (``pld_doubling``)
DOUBLING_STEPS = 50_000


def _bracket(Q, S, T, D, rel_width, delta_err):
    t0 = time.perf_counter()
    rdp, order = dpsgd_rdp_epsilon(Q, S, T, D)
    eps_rdp = float(rdp.upper())
    window = (arb(-6 - eps_rdp / 2), arb(eps_rdp + 3))
    hc = connect_grid(rel_width, eps_rdp)
    upper, connect = connect_upper(Q, S, T, D, hc, window)
    upper = _least(upper, rdp.upper())
    lower, rem = dominated_lower(Q, S, T, D, hc, window)
    details = {"route": "fixed grid", "h": str(hc), "rdp_order": order, "remove": rem,
               "connect": connect}
    if rem is not None and rem.eps_lower is None and T >= DOUBLING_STEPS:
        # no dominated pair was certified over many steps: the grid that doubles as the law
        # spreads, with its concentration bound (``pld_doubling``), still gives a lower end
        from .pld_doubling import dpsgd_bracket_doubling
        lower, up_doubling, more = dpsgd_bracket_doubling(Q, S, T, D, delta_err=delta_err)
        upper = _least(upper, arb(up_doubling.upper()))
        details.update(more, route="doubling")
    details["seconds"] = time.perf_counter() - t0
    return lower, upper, rdp.upper(), details


def dominated_lower(Q: arb, S: arb, T: int, D: arb, hc: fmpq, window):
    """The lower end: the removal direction's dominated pair at the corner of the balls with
    the least privacy loss (module docstring); 0 where it is not certified."""
    qc, sc, dc = arb(Q.lower()), arb(S.upper()), arb(D.upper())
    if not (qc > 0 and dc < 1):
        return arb(0), None
    rem = direction_lower(qc, sc, T, dc, hc, window, dc * arb(2) ** -24)
    return (rem.eps_lower if rem.eps_lower is not None else arb(0)), rem


def _least(*uppers: arb) -> arb:
    """The least of certified upper ends (each is sound; exact balls)."""
    return min(uppers, key=lambda x: x.mid())


def connect_upper(Q: arb, S: arb, T: int, D: arb, hc: fmpq, window) -> tuple[arb, dict]:
    """The upper end: each direction's dominating "connect the dots" pair at the corner of
    the balls with the most privacy loss (module docstring); the addition direction usually
    needs far less: a grid 8x coarser first."""
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
