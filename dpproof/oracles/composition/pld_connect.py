"""An upper bound on DP-SGD's eps(delta) by a dominating discrete pair ("connect the dots").

Doroshenko, Ghazi, Kamath, Kumar, Manurangsi, "Connect the Dots: Tighter Discrete
Approximations of Privacy Loss Distributions", PETS 2022, Sec. 3; made exact here.

One step of a direction (``pld_grid.Loss``) is the pair (P, Q) with privacy loss L = log(p/q)
and hockey-stick curve delta(eps) = P(L > eps) - e^eps Q(L > eps), convex in u = e^eps, with
delta(u -> 0) = 1 (L > -inf P-almost surely) and delta non-increasing.  Given grid nodes
eps_0 < ... < eps_n, the discrete pair with P-masses

    p_k = u_k (S_{k-1} - S_k),   S_k = (delta_k - delta_{k+1}) / (u_{k+1} - u_k),
    S_{-1} = (1 - delta_0) / u_0,  S_n = 0,  p_inf = delta_n (at loss +inf)

at the losses eps_k (Q-masses p_k e^{-eps_k}, the rest of Q at loss -inf) has the curve that
interpolates delta linearly in u between the nodes, is the chord to (0, 1) below eps_0 and
the constant delta_n above eps_n: above delta everywhere, by convexity and monotonicity.  The
masses are >= 0 (convexity), sum to 1 with p_inf, and the Q-masses to (1 - delta_0)/u_0 <= 1
(delta >= 1 - e^eps).  So the discrete pair dominates (P, Q) for every eps, and the T-fold
product of dominating pairs dominates the T-fold product (Zhu, Dong, Wang, AISTATS 2022,
Thm. 10, through Blackwell's theorem).  Its loss law is composed by ``pld_fft.composition``
(masses rounded down; the missing mass -- p_inf's share included -- counted at loss +inf,
with the FFT's proven error), so delta_C(eps) + missing bounds delta of T steps from above
with no concentration term: the error is the interpolation's, second order in the grid step.

Nodes: every grid point where the step's law holds most of its mass, every 2^m-th point
further out (any subset of the grid is sound; the sparser tails only cost tightness).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from flint import arb, ctx, fmpq

from .pld_fft import composition, delta_at_eps
from .pld_grid import Loss, bottom_index, certified_indices, delta_estimates, on_grid, phi


def step_delta(loss: Loss, eps: arb) -> arb:
    """delta(eps) of one step of the direction: P(L > eps) - e^eps Q(L > eps), from the
    Gaussian CDFs (remove: P = (1-q) N(0,s^2) + q N(1,s^2), Q = N(0,s^2); add: swapped).
    A ball not certainly on one side of the loss's bound log(1-q) gets the whole range
    delta can take there ([1 - e^eps, 1], or [0, 1]): wide, never wrong."""
    q, s = loss.q, loss.s
    b = eps if loss.remove else -eps
    if not loss.above_floor(b):
        if not b < loss.floor:
            return (1 - eps.exp()).union(1) if loss.remove else arb(0).union(1)
        return 1 - eps.exp() if loss.remove else arb(0)   # L beyond eps a.s., or never
    if loss.remove:
        x = loss.x_of(eps)                       # {L > eps} = {X > x}
        tail_q = phi(-x / s)
        return (1 - q) * tail_q + q * phi((1 - x) / s) - eps.exp() * tail_q
    x = loss.x_of(-eps)                          # {L > eps} = {X < x}
    head_p = phi(x / s)
    return head_p - eps.exp() * ((1 - q) * head_p + q * phi((x - 1) / s))


#: a gap of g grid steps where the loss density is f when f g^3 <= f_peak / KAPPA: the
#: interpolation error of a segment, about f (g h)^3, stays below the densest segment's
KAPPA = 1e5


def nodes(loss: Loss, hf: float, j_lo: int, j_hi: int, kappa: float = KAPPA) -> list[int]:
    """Grid indices from j_lo to j_hi: every point where the loss is dense, gaps growing like
    (f_peak / f)^(1/3) where its density f is smaller, f the larger of its values at a gap's
    two ends, no gap across the peak (floats: only which nodes; any subset of the grid is
    sound)."""
    f = _density(loss)
    peak, j_peak = max((f(j * hf), j) for j in range(j_lo, j_hi + 1,
                                                      max(1, (j_hi - j_lo) // 4000)))

    def fits(j: int, g: int) -> bool:
        if j < j_peak < j + g:                   # never across the peak
            return False
        d = max(f(j * hf), f((j + g) * hf))
        return d <= 0 or d * g ** 3 <= peak / kappa

    out, j, gap = [], j_lo, 1
    while j < j_hi:
        out.append(j)
        gap = min(gap * 2, 1 << 20)
        while gap > 1 and not fits(j, gap):
            gap //= 2
        j += gap
    out.append(j_hi)        # every index appended was below j_hi, and each above the last
    return out


def _density(loss: Loss):
    """The loss's density at e in floats (X's density times |dX/de|), 0 off its range."""
    q, s = float(loss.q.mid()), float(loss.s.mid())
    c = 1 / (s * math.sqrt(2 * math.pi))
    g = lambda z: math.exp(-z * z / 2)   # noqa: E731

    def f(e: float) -> float:
        b = e if loss.remove else -e
        try:
            u = math.exp(b)
            if u - 1 + q <= 0:
                return 0.0
            x = s * s * math.log((u - 1 + q) / q) + 0.5
            dx = s * s * u / (u - 1 + q)
            fx = (1 - q) * g(x / s) + q * g((x - 1) / s) if loss.remove else g(x / s)
            return c * fx * dx
        except (OverflowError, ValueError, ZeroDivisionError):
            return 0.0
    return f


def connect_masses(loss: Loss, h: fmpq, idx: list[int]) -> tuple[list[arb], arb]:
    """The dominating pair's P-masses at the grid indices ``idx`` (increasing) and p_inf."""
    H = arb(h)
    eps = [H * j for j in idx]
    d = [step_delta(loss, e) for e in eps]
    u = [e.exp() for e in eps]
    S = [(1 - d[0]) / u[0]] + [(d[k] - d[k + 1]) / (u[k + 1] - u[k])
                               for k in range(len(idx) - 1)] + [arb(0)]
    return [u[k] * (S[k] - S[k + 1]) for k in range(len(idx))], d[-1]


def connect_grid(rel_width: float, eps_scale: float) -> fmpq:
    """The grid of the upper end: 1/12000 (dp_accounting's default interval 1e-4, refined by
    1.2: the interpolation error is second order, and at 10^3 and 10^4 DP-SGD steps the bound
    is then within 2e-6 of the dense grid's and below dp_accounting's estimate), finer where
    eps is small (at most rel_width eps / 16)."""
    return fmpq(1, max(12000, math.ceil(16 / (rel_width * max(eps_scale, 1e-6)))))


@dataclass(frozen=True)
class UpperBracket:
    eps_upper: arb
    h: fmpq
    missing: arb
    nodes: int


def _range(loss: Loss, h: fmpq, T: int, budget: arb) -> tuple[int, int]:
    """Node range: from the loss's bound (or where T P(L < eps_0) is negligible) to where
    T delta(eps_n) <= budget (or the bound)."""
    hf = float(h)
    floor = None if loss.floor is None else float(loss.floor.mid())
    far = lambda j: T * step_delta(loss, arb(h) * j)   # noqa: E731
    if loss.remove:
        lo = math.floor(floor / hf) - 1 if floor is not None else \
            _out(lambda j: T * loss.cdf(arb(h) * j), budget, -1, hf)
        hi = _out(far, budget, 1, hf)
    else:
        lo = _out(lambda j: T * loss.cdf(arb(h) * j), budget, -1, hf)
        hi = math.ceil(-floor / hf) + 1 if floor is not None else _out(far, budget, 1, hf)
    return lo, hi


def _out(f, budget: arb, sign: int, hf: float) -> int:
    """An index past which ``f`` (decreasing outwards) is within budget."""
    step = max(1, int(0.01 / hf))
    j = sign * step
    while not f(j) <= budget:
        j, step = j + sign * step, step * 2
    return j


def _law(q: arb, sigma: arb, T: int, remove: bool, h: fmpq,
         budget: arb) -> tuple[int, list, int]:
    """(first index, masses on every grid index from it, nodes) of the dominating pair."""
    with ctx.workprec(max(ctx.prec, 128)):       # second differences lose ~2 log2(1/h) bits
        loss = Loss(q, sigma, remove)
        lo, hi = _range(loss, h, T, budget)
        idx = nodes(loss, float(h), lo, hi)
        masses, _ = connect_masses(loss, h, idx)
    return idx[0], on_grid(idx, masses), len(idx)


def direction_upper(q: arb, sigma: arb, T: int, delta: arb, remove: bool, h: fmpq,
                    window: tuple[arb, arb], budget: arb) -> UpperBracket:
    """A certified upper bound on eps(delta) of T steps of one direction (module docstring).

    The composition keeps the losses in ``window`` (the rest is counted as missing, at loss
    +inf), first narrowed below to seven standard deviations of the composed law (floats: only
    where to cut); if that leaves delta uncertified, again on the whole window."""
    off, full, count = _law(q, sigma, T, remove, h, budget)
    hf = float(h)
    win = (math.floor(float(window[0].mid()) / hf), math.ceil(float(window[1].mid()) / hf))
    bottom = bottom_index(full, off, T)
    for lo_cut in ([bottom, win[0]] if bottom > win[0] else [win[0]]):
        eps_upper, missing = _upper(full, off, T, delta, h, (lo_cut, win[1]))
        if eps_upper.is_finite():
            break
    return UpperBracket(eps_upper, h, missing, count)


def delta_upper(q: arb, sigma: arb, T: int, eps: fmpq, remove: bool, h: fmpq,
                top: arb, scale: arb) -> arb:
    """A certified upper bound on delta(eps) of T steps of one direction at exact q, sigma:
    the dominating pair's composed delta at eps plus what its window misses (at loss +inf).
    ``top`` is the window's upper loss; ``scale`` (about the delta sought) sets the budgets."""
    off, full, _ = _law(q, sigma, T, remove, h, scale * arb(2) ** -24)
    hf, e = float(h), int((eps / h).floor())
    # seven standard deviations below the mean first; a heavy lower tail (the addition
    # direction's) leaves too much outside, then the cut of ``direction_upper``'s window
    for cut in (bottom_index(full, off, T), math.floor(-(6 + float(eps) / 2) / hf)):
        comp = composition(full, off, T, (min(cut, e - 1), math.ceil(float(top.mid()) / hf)),
                           scale)
        if comp.above <= scale * arb(2) ** -20:
            break
    return arb((delta_at_eps(comp, eps, h) + comp.above).upper())


def _upper(step: list[arb], off: int, T: int, delta: arb, h: fmpq,
           win: tuple[int, int]) -> tuple[arb, arb]:
    """(eps upper end, missing mass) of the T-fold composition of ``step`` (masses at indices
    off, ...) within ``win`` (``pld_fft.composition``): its values bound the window's
    masses, and what they may miss sits at loss +inf."""
    comp = composition(step, off, T, win, delta)
    missing = comp.above
    i_up, _ = certified_indices(delta_estimates(comp.values, float(h)),
                                lambda i: comp.delta_at(i, h), float(delta.mid()), delta,
                                missing, None)
    if i_up is None:
        return arb.pos_inf(), missing
    eps_up = arb(h) * (comp.off + i_up)
    if i_up > 0:                                 # between the grid points: solve exactly
        t = _offset(*comp.tail_sums(i_up - 1, h), h, delta - missing)
        eps_up = arb(min(eps_up.upper(), (arb(h) * (comp.off + i_up - 1) + t).upper()))
    return arb(eps_up.upper()), missing


def _offset(A: arb, B: arb, h: fmpq, target: arb) -> arb:
    """t in [0, h] with delta_C(eps_i + t) <= target: on that segment delta_C(eps_i + t) =
    A - e^t B (A the mass above eps_i, B its sum of c_k e^{eps_i - eps_k}; balls containing
    both), decreasing in t; +inf where the solution is not certified inside the segment."""
    if not (A - target > 0 and B > 0):
        return arb.pos_inf()
    t = ((A - target) / B).log()
    return t if t.upper() <= arb(h) and t >= 0 else arb.pos_inf()


__all__ = ["UpperBracket", "connect_grid", "connect_masses", "delta_upper", "direction_upper",
           "nodes", "step_delta"]
