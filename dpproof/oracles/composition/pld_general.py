"""Certified delta(eps) of a heterogeneous composition, by rounding every step's loss up and down.

A composition's delta is delta(e) = E[(1 - e^{e - S})_+], S = Y_1 + ... + Y_T the sum of the
steps' independent losses (one direction), a non-decreasing function of every Y_i.  On the
grid g_j = j h, with F the step's CDF (``pld_laws``; right or left, either convention works):

* buckets j_lo < j <= j_hi hold mass F(g_j) - F(g_{j-1}) (Y in (g_{j-1}, g_j], or [.., ..)),
  the lump j_lo mass F(g_{j_lo}) (Y <= g_{j_lo}), the top 1 - F(g_{j_hi}) (Y above g_{j_hi});
* rounding up, Y_up = g_j on bucket j and on the lump, +inf on the top, is >= Y;
  rounding down, Y_dn = g_{j-1} on bucket j, -inf on the lump and the top, is <= Y.

So delta_dn(e) <= delta(e) <= delta_up(e).  C is the product of the steps' integer masses
(floor(m 2^K), FLINT ``fmpz_poly`` powers and products, rounded down after each product, mass
outside a window dropped: entrywise below the exact law of the finite part of sum Y_up).  On
paths without a lump or a top, S_dn = S_up - T h, hence

    delta(e) <= delta_C(e) + (1 - |C|)                                              (1)
    delta(e) >= delta_C(e + T h) - sum_i count_i lump_i                              (2)

(1): the missing mass, an exact integer, is counted at loss +inf; (2): the paths with a lump
are at most the union bound, their integrand at most 1.  delta_C is evaluated exactly at grid
points (``subsampled_pld_delta._delta_grid``); between grid points it is non-increasing.
The eps bracket is as wide as T h plus one grid step: pick h = (relative width) eps / T.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from flint import arb, ctx, fmpq

from .pld_laws import Inverted, Law, Negated
from .pld_grid import Disc, certified_indices, delta_floats, mul, power, to_poly
from .subsampled_pld_delta import _delta_grid

MAX_POINTS = 4_000_000  # grid points of one step's law


@dataclass
class _StepGrid:
    j_lo: int
    masses: list  # arb: lump at j_lo, then buckets j_lo + 1 .. j_hi
    lump: arb

    def moments(self, h: float) -> tuple[float, float]:
        w = np.array([float(m.mid()) for m in self.masses])
        g = (self.j_lo + np.arange(w.size)) * h
        mean = float((w * g).sum())
        return mean, float((w * (g - mean) ** 2).sum())


def _cdfs(law: Law, js: range, h: fmpq) -> list:
    ts = [arb(h * j) for j in js]
    if isinstance(law, (Inverted, Negated)) and (not isinstance(law, Negated)
                                                 or isinstance(law.inner, Inverted)):
        return law.cdfs(ts, np.array(js, dtype=float) * float(h))
    return [law.cdf(t) for t in ts]


def discretise(law: Law, h: fmpq, budget: float) -> _StepGrid:
    """The step's grid law: the lump and the top each below ``budget`` (or the support)."""
    hf = float(h)

    def reach(sign: int, bound: float | None) -> int:
        j = 8 * sign
        while True:
            if bound is not None and sign * j * hf >= sign * bound:
                return j
            F = law.cdf(arb(h * j))
            tail = F if sign < 0 else 1 - F
            if tail.upper() <= budget:
                return j
            j = int(j * 1.5) + 8 * sign
            if abs(j) > MAX_POINTS:
                raise ValueError(f"the step's loss law needs more than {MAX_POINTS} grid "
                                 f"points at h = {h}")

    j_lo = reach(-1, None if law.floor is None else law.floor - hf)
    j_hi = reach(1, None if law.ceil is None else law.ceil + hf)
    if j_hi - j_lo > MAX_POINTS:
        raise ValueError(f"the step's loss law needs {j_hi - j_lo} grid points at h = {h} "
                         f"(limit {MAX_POINTS})")
    with ctx.workprec(96):
        F = _cdfs(law, range(j_lo, j_hi + 1), h)
    masses = [F[0]] + [F[k] - F[k - 1] for k in range(1, len(F))]
    return _StepGrid(j_lo, masses, F[0])


@dataclass
class DirectionComposition:
    off: int
    coeffs: list  # integers: mass c_i / 2^K at grid index off + i
    K: int
    missing: arb  # 1 - |C|
    steps: int  # T: discretised steps composed
    lumps: arb  # sum count * lump


def compose_direction(steps: list[tuple[Law, int]], h: fmpq, budget: float,
                      scale: float, eps_hint: float = 0.0) -> DirectionComposition:
    """C of one direction (module docstring); ``scale`` (a rough size of the deltas asked
    for) only sets the integer precision K, ``budget`` the lump and top mass per step."""
    T = sum(n for _, n in steps)
    grids = [(discretise(law, h, budget / max(T, 1)), n) for law, n in steps]
    hf = float(h)
    mean = var = 0.0
    for g, n in grids:
        m, v = g.moments(hf)
        mean, var = mean + n * m, var + n * v
    sd = math.sqrt(var)
    win = (math.floor((min(mean, eps_hint) - 12 * sd - 2) / hf),
           math.ceil((max(mean, eps_hint) + 12 * sd + 2) / hf))
    size = max(len(g.masses) for g, _ in grids)
    K = 32 + T.bit_length() + size.bit_length() + max(int(-math.log2(max(scale, 1e-300))), 0)
    comp = None
    lumps = arb(0)
    for g, n in grids:
        part = power(Disc(g.j_lo, to_poly(g.masses, K)), n, win, K)
        comp = part if comp is None else mul(comp, part, win, K)
        lumps += n * arb(g.lump.upper())
    c = [int(x) for x in comp.p.coeffs()]
    missing = arb(2 ** K - sum(c)) / arb(2) ** K
    return DirectionComposition(comp.off, c, K, missing, T, lumps)


class Composition:
    """Both directions' C (a symmetric composition has one); delta(eps) and eps(delta)."""

    def __init__(self, directions: list[list[tuple[Law, int]]], h: fmpq,
                 budget: float = 1e-13, scale: float = 1e-12, eps_hint: float = 0.0):
        self.h = h
        self.dirs = [compose_direction(d, h, budget, scale, eps_hint) for d in directions]

    def delta_bounds(self, eps: fmpq) -> tuple[arb, arb]:
        """(lo, hi) balls: delta(eps) in [lo.lower(), hi.upper()] (max over directions)."""
        h = self.h
        lo, hi = arb(0), arb(0)
        for d in self.dirs:
            i_up = int((eps / h).floor()) - d.off  # grid point <= eps
            i_lo = -int((-eps / h).floor()) + d.steps - d.off  # grid point >= eps + T h
            up = _delta_grid(d.coeffs, i_up, h, d.K) + d.missing
            dn = _delta_grid(d.coeffs, i_lo, h, d.K) - d.lumps
            hi = hi.max(arb(up.upper()))
            lo = lo.max(arb(dn.lower()))
        return lo, hi.min(arb(1))

    def epsilon_bounds(self, delta: fmpq) -> tuple[fmpq, fmpq | None]:
        """(lower, upper) exact grid values: delta(upper) <= delta and delta(lower) > delta
        certified (lower 0 when nothing is certified above it; upper None: not found)."""
        h, dt = self.h, arb(delta)
        lower, upper = fmpq(0), fmpq(0)
        for d in self.dirs:
            i_up, i_lo = certified_indices(delta_floats(d.coeffs, float(h), d.K),
                                           lambda i: _delta_grid(d.coeffs, i, h, d.K),
                                           float(delta), dt, d.missing, d.lumps)
            if i_up is None:
                return lower, None
            upper = max(upper, max(fmpq(d.off + i_up) * h, fmpq(0)))
            if i_lo is not None:
                lower = max(lower, fmpq(d.off + i_lo - d.steps) * h)
        return lower, upper
