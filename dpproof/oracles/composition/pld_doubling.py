"""Certified eps(delta) of many DP-SGD steps: composition by squaring with grid coarsening.

For 10^5 steps and more the fixed grid of ``subsampled_pld`` would need millions of points
(its step h shrinks like 1/sqrt(T) while the composed loss spreads like sqrt(T)).  Here the
grid doubles whenever the composed law outgrows N points ("evolving discretisation"); every
error this adds is bounded, none assumed.  Per direction (``pld_grid.Loss``):

1. One step: clipped and rounded to the nearest point of the grid h_0 as in
   ``subsampled_pld`` (steps 1-2 of its docstring): T i.i.d. rounding errors in
   [-h_0/2, h_0/2] with certified mean mu_0 and a certified bound on their second moment
   (``pld_grid.rounding_second_moment``), so Bernstein's inequality bounds their sum where
   it beats Hoeffding's (by about sqrt(3) when the law is smooth on the grid's scale).
2. Binary powering.  base_0 is the step's law; base_{i+1} = base_i * base_i (FLINT integer
   product, exact, then rescaled by 2^-K rounding down and its far tails dropped: entrywise
   below the exact law).  When base_{i+1} spans more than N points it is *coarsened*: the grid
   step H doubles and a point 2k - 1 of the old grid (midway between new points) moves up to
   2k.  A coarsening moves each value by 0 or +H_old.  The final law is the product of the
   base_i of the bits of T; the accumulator and the factor it meets are coarsened to the
   same grid (each such move of one copy in [0, H_old], bounded deterministically).
3. The composed grid variable is C = S + E, S the sum of the T clipped losses.  The errors of
   one level i are i.i.d. over the floor(T / 2^i) copies of base_i in the product (disjoint
   subtrees), bounded in [0, H_old], with mean H_old P(odd) where P(odd), the mass of base_i
   on odd old points, is bracketed by the computed sub-probability and its missing mass.
   Hoeffding per level (probability delta_H / (levels + 1) each, one side per end; Gopi, Lee,
   Wutschitz 2021, Thm. 5.5, applied level by level) gives E in [E_lo, E_hi] outside an
   event of probability delta_H, hence with (1 - e^{e - S})_+ monotone in S:

       delta_S(e) <= delta_C'(e + E_lo) + m + delta_H,
       delta_S(e) >= delta_C'(e + E_hi) - delta_H,

   C' the computed sub-probability (entrywise below C's law), m = 1 - |C'| (counted at loss
   +inf).  Clipping adds T P(clipped) to both (``subsampled_pld`` step 1).
4. delta_C' at a grid point is exact integer masses against arb exponentials.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from flint import arb, ctx, fmpq, fmpz, fmpz_poly

from .pld_grid import (Loss, certified_indices, delta_floats, one_step, rounding_deviation,
                       rounding_mean, to_poly)


@dataclass
class _Law:
    """A sub-probability on the grid H = h0 2^e: coefficient t of ``p`` / 2^K is the mass at
    absolute index off + t (the loss value (off + t) H)."""

    off: int
    p: fmpz_poly
    e: int


@dataclass
class _Errors:
    """Bounds on E = C - S gathered while composing (see the module docstring, step 3)."""

    det_lo: arb       # T mu0 - eta0: the one-step rounding term's lower end
    det_hi: arb       # T mu0 + eta0, plus every single-copy move (accumulator, factor)
    levels: list      # (H_old, n copies, mean ball) of each coarsening level


def _trim(p: fmpz_poly, off: int, keep: float) -> tuple[int, fmpz_poly]:
    """Drop the far tails of total (float) mass below ``keep`` units from each end.  Any cut
    is sound (dropped mass is missing mass); the floats only choose where to cut."""
    c = p.coeffs()
    n = len(c)
    lo, acc = 0, 0.0
    while lo < n - 1 and acc + float(c[lo]) <= keep:
        acc += float(c[lo])
        lo += 1
    hi, acc = n, 0.0
    while hi > lo + 1 and acc + float(c[hi - 1]) <= keep:
        acc += float(c[hi - 1])
        hi -= 1
    if lo == 0 and hi == n:
        return off, p
    return off + lo, fmpz_poly(c[lo:hi])


def _product(a: _Law, b: _Law, K: int, keep: float) -> _Law:
    assert a.e == b.e
    p = a.p * a.p if a is b else a.p * b.p
    off, p = _trim(p // fmpz(2 ** K), a.off + b.off, keep)
    return _Law(off, p, a.e)


def _coarsen(a: _Law) -> tuple[_Law, int, int]:
    """(the law on the grid 2H, its old odd-point mass, its total): old point i -> ceil(i/2)."""
    c = [int(x) for x in a.p.coeffs()]
    first = a.off - a.off % 2    # pad to an even first absolute index
    c = [0] * (a.off - first) + c + [0] * ((a.off - first + len(c)) % 2)
    odd = sum(c[1::2])
    # old even 2k and old odd 2k + 1 (which moves up to 2k + 2): new k gets c[2k] + c[2k - 1]
    merged = [c[0]] + [c[2 * k] + c[2 * k - 1] for k in range(1, len(c) // 2)] + [c[-1]]
    return _Law(first // 2, fmpz_poly(merged), a.e + 1), odd, sum(c)


def compose(single: _Law, T: int, K: int, N: int, keep: float, h0: fmpq, err: _Errors) -> _Law:
    """The T-fold law (step 2), recording every coarsening in ``err``."""
    H = lambda e: arb(h0) * 2 ** e  # noqa: E731
    scale = arb(2) ** K
    result, base, i = None, single, 0
    while True:
        if (T >> i) & 1:
            if result is None:
                result = base
            else:
                factor = base
                while result.e < factor.e:   # the accumulator onto the factor's grid
                    err.det_hi += H(result.e)
                    result = _coarsen(result)[0]
                while factor.e < result.e:   # or this copy of the factor onto the accumulator's
                    err.det_hi += H(factor.e)
                    factor = _coarsen(factor)[0]
                result = _product(result, factor, K, keep)
                if result.p.length() > N:
                    err.det_hi += H(result.e)
                    result = _coarsen(result)[0]
        i += 1
        if not T >> i:
            return result
        sq = _product(base, base, K, keep)
        if sq.p.length() > N:
            H_old = H(sq.e)
            sq, odd, total = _coarsen(sq)
            p_odd = (arb(odd) / scale).union(arb(odd + (2 ** K - total)) / scale)
            err.levels.append((H_old, T >> i, H_old * p_odd))
        base = sq


def _delta_at(law: _Law, t: int, H: arb, K: int) -> arb:
    """delta_C'(e) at e = (off + t) H: sum over k > t of c_k (1 - e^{-(k - t) H}) / 2^K."""
    tail = law.p.right_shift(t + 1)
    if tail.length() == 0:
        return arb(0)
    with ctx.workprec(max(ctx.prec, K + 64)):
        r = (-H).exp()
        return (arb(tail(1)) - r * tail(r)) / arb(2) ** K


@dataclass(frozen=True)
class DoublingBracket:
    eps_lower: arb | None
    eps_upper: arb
    h0: fmpq
    H_final: arb
    E_lo: arb
    E_hi: arb
    tails: arb
    missing: arb
    levels: int
    grid_points: int


def _span(q: arb, sigma: arb, T: int, delta_h: arb) -> float:
    """About the length of the one step's clipped loss range (floats: it only sets h0, and
    any h0 is sound): from log(1 - q) to the loss at X = sigma sqrt(2 ln(2T/delta_h)) + 1."""
    qf, s = float(q.mid()), float(sigma.mid())
    x = s * math.sqrt(2 * math.log(2 * T / float(delta_h.mid()))) + 1
    top = math.log1p(qf * math.expm1(min((2 * x - 1) / (2 * s * s), 700.0)))
    return top - (math.log1p(-qf) if qf < 1 else -top)


def direction_bracket(q: arb, sigma: arb, T: int, delta: arb, remove: bool, N: int,
                      delta_h: arb, lower: bool) -> DoublingBracket:
    """Certified [eps_lower, eps_upper] of one direction (module docstring)."""
    loss = Loss(q, sigma, remove)
    h0 = fmpq(1, max(1, math.ceil(N / 2 / _span(q, sigma, T, delta_h))))
    j_lo, masses, c_lo, c_hi, p_clip = one_step(loss, h0, T, delta_h / 2)
    K = 24 + T.bit_length() + N.bit_length() + int(-math.log2(float(delta.mid())))
    mu0 = rounding_mean(loss, h0, j_lo, masses, c_lo, c_hi)
    n_levels = T.bit_length() + 1
    log_term = (arb(n_levels) / (delta_h / 2)).log() / 2
    eta0 = rounding_deviation(loss, h0, j_lo, masses, mu0, T, 2 * log_term)
    err = _Errors(T * mu0 - eta0, T * mu0 + eta0, [])
    keep = float(delta.mid()) * 2.0 ** K * 1e-6 / (T * n_levels)
    law = compose(_Law(j_lo, to_poly(masses, K), 0), T, K, N, keep, h0, err)
    E_lo, E_hi = err.det_lo, err.det_hi
    for H_old, n, mean in err.levels:
        eta = H_old * (n * log_term).sqrt()
        E_lo, E_hi = E_lo + n * mean.lower() - eta, E_hi + n * mean.upper() + eta
    H = arb(h0) * 2 ** law.e
    c = [int(x) for x in law.p.coeffs()]
    missing = arb(2 ** K - sum(c)) / arb(2) ** K
    tails = delta_h + T * p_clip
    t_up, t_lo = certified_indices(delta_floats(c, float(H.mid()), K),
                                   lambda t: _delta_at(law, t, H, K), float(delta.mid()), delta,
                                   tails + missing, tails if lower else None)
    eps_upper = arb.pos_inf() if t_up is None else arb((H * (law.off + t_up) - E_lo).upper())
    eps_lower = None if t_lo is None else arb((H * (law.off + t_lo) - E_hi).lower())
    return DoublingBracket(eps_lower, eps_upper, h0, H, E_lo, E_hi, tails, missing,
                           len(err.levels), len(c))


def dpsgd_bracket_doubling(Q: arb, S: arb, T: int, D: arb, N: int = 1 << 19,
                           delta_err: float = 1e-3):
    """(lower, upper, details): lower <= eps*(D) <= upper for T DP-SGD steps (add/remove one):
    the larger of both directions' upper ends, the removal direction's lower end."""
    dh = D * arb(fmpq(1, round(1 / delta_err)))
    rem = direction_bracket(Q, S, T, D, True, N, dh, lower=True)
    add = direction_bracket(Q, S, T, D, False, N, dh, lower=False)
    upper = rem.eps_upper.union(add.eps_upper).upper()
    lower = rem.eps_lower if rem.eps_lower is not None else arb(0)
    return arb(lower), arb(upper), {"remove": rem, "add": add, "N": N}


__all__ = ["DoublingBracket", "compose", "direction_bracket", "dpsgd_bracket_doubling"]
