"""A lower bound on DP-SGD's eps(delta) by a dominated discrete pair: the mirror of
``pld_connect``.

One step of the removal direction (``pld_grid.Loss``) is a pair (P, Q) whose hockey-stick
curve delta(u) = E_P[(1 - u e^{-L})_+], u = e^eps, is convex, non-increasing, equal to 1 at
u = 0 and at least 1 - u, with delta''(u) = e^{-2l} p_L(l) at l = log u (p_L the loss's
density under P).  A discrete pair whose curve lies below delta for every u >= 0 is dominated
by (P, Q) (Blackwell), and T-fold products of dominated pairs are dominated (Zhu, Dong,
Wang, AISTATS 2022, Thm. 10), so its composed delta is a lower bound with no concentration
term.  The pair is built at grid nodes l_0 < ... < l_n (l_0 at or below the loss's bound
log(1 - q)):

- Values v_k <= delta(u_k) - g_k.  On a segment [a, b] with M >= sup delta'', the chord of
  delta exceeds delta by at most M (u - a)(b - u) / 2, so the line through the lowered points
  stays below delta when both ends are lowered by M (b - a)^2 / 8, or one end by
  M (b - a)^2 / 2 and the other by >= 0.  M is the density's enclosure over the segment, or
  the bound (s / (q sqrt(2 pi))) e^{1/s^2} that holds everywhere (delta''(u) =
  phi(x/s) s / (q e^{(2x-1)/(2 s^2)}) with Q = N(0, s^2); its exponent is
  (2 - (x+1)^2) / (2 s^2)) where the segment reaches the bound.
- The first nodes, up to K0, sit on the line 1 - u (<= delta for every pair): K0 is the
  first node after which every lowered value is certainly above 1 - u (node K0 + 1 lowered
  by the one-sided amount), so the curve's first slope is -1 (Q's total mass 1) and no
  later slope is below it.
- The last node n is the last whose lowered value is certainly positive; one more node
  l_end with u_end - u_n <= v_n / Q(L > l_n) closes the curve at 0: the line from
  (u_n, v_n) falls at least as steeply as delta's tangent at u_n (slope -Q(L > l_n)), so it
  stays below delta, and 0 <= delta beyond.
- The lower convex hull of these points lies below the line through them, so below delta;
  it is convex, so it is the curve of a discrete pair with P-masses
  p_k = u_k (S_{k-1} - S_k) >= 0 at its vertices (S the negated slopes, S_{-1} = 1, 0 after
  the last vertex).  Slopes are compared in 128-bit balls; an undecided comparison stops
  the construction (no lower end, never a wrong one).

The masses are composed by ``pld_fft.composition`` (rounded down: a sub-probability's delta
is below).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from flint import arb, ctx, fmpq

from ..balls import normal_tail
from .pld_connect import KAPPA, _range, nodes, step_delta
from .pld_fft import composition, delta_at_eps
from .pld_grid import Loss, bottom_index, certified_indices, delta_estimates, on_grid


@dataclass(frozen=True)
class LowerBracket:
    eps_lower: arb | None
    h: fmpq
    below: arb       # mass subtracted from the composed delta (outside the FFT's window)
    vertices: int


def _curvature(loss: Loss, H: arb, j: int, k: int) -> arb:
    """>= sup delta'' over the losses [j h, k h] (module docstring)."""
    q, s = loss.q, loss.s
    everywhere = s * (1 / (s * s)).exp() / (q * (2 * arb.pi()).sqrt())
    ball = (H * j).union(H * k)
    if loss.above_floor(ball):
        local = (-2 * ball).exp() * loss.density(ball)
        if local.is_finite() and local.upper() < everywhere.upper():
            return arb(local.upper())
    return arb(everywhere.upper())


def lowered_pair(loss: Loss, h: fmpq, idx: list[int]) -> tuple[list[int], list[arb]] | None:
    """(grid indices, P-masses) of the dominated pair at nodes ``idx`` (module docstring);
    None where a decision is not certified."""
    H = arb(h)
    u = [(H * j).exp() for j in idx]
    d = [step_delta(loss, H * j) for j in idx]
    n = len(idx)
    a, b = [], []                                 # per segment: M D^2 / 8 and M D^2 / 2
    for k in range(n - 1):
        m = _curvature(loss, H, idx[k], idx[k + 1]) * (u[k + 1] - u[k]) ** 2
        a.append(arb((m / 8).upper()))
        b.append(arb((m / 2).upper()))
    lowered = [d[k].lower() - max((a[i] for i in (k - 1, k) if 0 <= i < n - 1),
                                  key=lambda x: x.mid()) for k in range(n)]
    v = [arb(x.lower()) for x in lowered]
    line = [1 - x for x in u]
    k0 = max([k for k in range(n) if not v[k] > line[k]] + [0])
    while k0 + 1 < n:                             # node k0 + 1: the one-sided lowering
        one_sided = arb((d[k0 + 1] - b[k0]).lower())
        if k0 + 2 < n:
            one_sided = min(one_sided, v[k0 + 1], key=lambda x: x.mid())
        if one_sided > line[k0 + 1]:
            v[k0 + 1] = arb(one_sided.lower())
            break
        k0 += 1
    last = next((k for k in range(k0 + 1, n) if not v[k] > 0), n) - 1
    while last > k0:                              # the closing node
        tail_q = normal_tail(loss.x_of(H * idx[last]) / loss.s)
        reach = ((u[last] + v[last] / tail_q.upper()).log() / H).lower()
        j_end = int(reach.floor().unique_fmpz()) if reach.is_finite() else idx[last]
        if j_end > idx[last]:
            break
        last -= 1
    if last <= k0:
        return None
    pts = [(u[k0], line[k0], idx[k0])] + [(u[k], v[k], idx[k]) for k in range(k0 + 1, last + 1)]
    pts.append(((H * j_end).exp(), arb(0), j_end))
    hull: list = []
    for p in pts:
        while len(hull) >= 2:
            (u1, v1, _), (u2, v2, _) = hull[-2], hull[-1]
            left, right = (v2 - v1) / (u2 - u1), (p[1] - v2) / (p[0] - u2)
            if left >= right:                     # hull[-1] on or above the chord: drop
                hull.pop()
            elif left < right:
                break
            else:
                return None
        hull.append(p)
    S = [arb(1)] + [(hull[i][1] - hull[i + 1][1]) / (hull[i + 1][0] - hull[i][0])
                    for i in range(len(hull) - 1)] + [arb(0)]
    masses = [hull[i][0] * (S[i] - S[i + 1]) for i in range(len(hull))]
    if not all(m > 0 for m in masses):
        return None
    return [p[2] for p in hull], masses


def _pair_law(q: arb, sigma: arb, T: int, h: fmpq, budget: arb):
    """(first index, masses on every grid index from it, vertices) of the dominated pair, or
    None (``lowered_pair``)."""
    with ctx.workprec(max(ctx.prec, 128)):
        loss = Loss(q, sigma, True)
        lo, hi = _range(loss, h, T, budget)
        pair = lowered_pair(loss, h, nodes(loss, float(h), lo, hi, KAPPA))
    if pair is None:
        return None
    idx, masses = pair
    return idx[0], on_grid(idx, masses), len(idx)


def direction_lower(q: arb, sigma: arb, T: int, delta: arb, h: fmpq,
                    window: tuple[arb, arb], budget: arb) -> LowerBracket:
    """A certified lower bound on eps(delta) of T steps of the removal direction at exact
    q, sigma, delta (the caller picks the corner of its balls with the least privacy loss)."""
    law = _pair_law(q, sigma, T, h, budget)
    if law is None:
        return LowerBracket(None, h, arb(0), 0)
    off, full, count = law
    hf = float(h)
    bottom = max(math.floor(float(window[0].mid()) / hf), bottom_index(full, off, T))
    comp = composition(full, off, T, (bottom, math.ceil(float(window[1].mid()) / hf)), delta)
    below = comp.below
    _, i_lo = certified_indices(delta_estimates(comp.values, hf), lambda i: comp.delta_at(i, h),
                                float(delta.mid()), delta, None, below)
    if i_lo is None:
        return LowerBracket(None, h, below, count)
    # between grid points: delta_C(eps_i + t) = A - e^t B stays above delta while
    # t < log((A - below - delta) / B) (A, B balls), up to t = h
    A, B = comp.tail_sums(i_lo, h)
    eps = arb(h) * (comp.off + i_lo)
    gap = A - below - delta
    if gap > 0 and B > 0:
        t = (gap / B).log()
        if t > 0:
            eps = eps + arb(min(t.lower(), arb(h).lower()))
    return LowerBracket(arb(eps.lower()), h, below, count)


def delta_lower(q: arb, sigma: arb, T: int, eps: fmpq, h: fmpq, top: arb, scale: arb) -> arb:
    """A certified lower bound on delta(eps) of T steps of the removal direction at exact q,
    sigma (0 where the pair is not built): the dominated pair's composed delta at eps less
    what its window may hold from outside.  ``top`` is the window's upper loss; ``scale``
    (about the delta sought) sets the budgets."""
    law = _pair_law(q, sigma, T, h, scale * arb(2) ** -24)
    if law is None:
        return arb(0)
    off, full, _ = law
    low = min(bottom_index(full, off, T), int((eps / h).floor()) - 1)
    comp = composition(full, off, T, (low, math.ceil(float(top.mid()) / float(h))), scale)
    d = arb((delta_at_eps(comp, eps, h) - comp.below).lower())
    return d if d > 0 else arb(0)


__all__ = ["LowerBracket", "delta_lower", "direction_lower", "lowered_pair"]
