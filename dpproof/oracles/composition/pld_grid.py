"""A step's privacy loss on a grid, its exact integer composition, and delta read off the grid.

Shared by the DP-SGD routes (``subsampled_pld``: one fixed grid; ``pld_doubling``: a grid
that doubles as the law spreads), the delta reading (``subsampled_pld_delta``) and the
general route (``pld_general``).  ``Loss`` is the Poisson-subsampled Gaussian's privacy loss
(add/remove one record) with its certified CDF and clipped mean; ``one_step`` clips and
rounds it to the nearest grid point (masses in arb); ``Disc``/``mul``/``power`` compose
sub-probabilities exactly (FLINT integer polynomials, rescaled by 2^-K rounding down);
``delta_floats``/``candidates`` locate the grid points worth certifying.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from flint import arb, ctx, fmpq, fmpz, fmpz_poly

from ..balls import normal_tail
from ..integrate import quad


def phi(x: arb) -> arb:
    """Phi(x) = Q(-x), the standard normal CDF."""
    return normal_tail(-x)


class Loss:
    """Y = +-log(1 - q + q e^{(2X-1)/(2 s^2)}) with X ~ P of the direction."""

    def __init__(self, q: arb, sigma: arb, remove: bool):
        self.q, self.s, self.remove = q, sigma, remove
        self.s2 = sigma * sigma
        # remove: Y > log(1-q); add: Y < -log(1-q); None where the ball reaches q = 1 (no
        # bound: at q = 1 the loss is the Gaussian one, (2X-1)/(2s^2), unbounded both ways)
        self.floor = (1 - q).log() if 1 - q > 0 else None

    def above_floor(self, b: arb) -> bool:
        """True where b is certainly above the remove direction's floor (always at q = 1)."""
        return self.floor is None or b > self.floor

    def x_of(self, b: arb) -> arb:
        """The X at which the remove-direction loss equals b (b > log(1-q))."""
        return self.s2 * ((b.exp() - 1 + self.q) / self.q).log() + arb(1) / 2

    def cdf(self, b: arb) -> arb:
        """P(Y <= b)."""
        q, s = self.q, self.s
        if self.remove:
            if self.floor is not None and b <= self.floor:
                return arb(0)
            x = self.x_of(b)
            return (1 - q) * phi(x / s) + q * phi((x - 1) / s)
        if self.floor is not None and -b <= self.floor:
            return arb(1)
        return phi(-self.x_of(-b) / s)

    def density(self, b: arb) -> arb:
        """An enclosure of Y's density over the ball b (X's density times |dX/dY|); not
        finite where the ball reaches the loss's bound."""
        u = b if self.remove else -b
        if not self.above_floor(u):
            return arb.nan()
        e, x, s = u.exp(), self.x_of(u), self.s
        dx = self.s2 * e / (e - 1 + self.q)
        g = lambda z: (-z * z / 2).exp()  # noqa: E731
        f = (1 - self.q) * g(x / s) + self.q * g((x - 1) / s) if self.remove else g(x / s)
        return f * dx / (s * (2 * arb.pi()).sqrt())

    def integrand(self):
        q, s2 = self.q, self.s2
        c = 1 / (self.s * (2 * arb.pi()).sqrt())
        sign = 1 if self.remove else -1

        def f(x, analytic):
            L = (1 - q + q * ((2 * x - 1) / (2 * s2)).exp()).log(analytic=analytic) * sign
            dens = (-x * x / (2 * s2)).exp()
            if self.remove:
                dens = (1 - q) * dens + q * (-(x - 1) ** 2 / (2 * s2)).exp()
            return L * c * dens
        return f

    def mean_clipped(self, c_lo: arb, c_hi: arb) -> arb:
        """E[clip(Y, c_lo, c_hi)]: the integral of Y over the X where c_lo < Y < c_hi, plus
        c_lo P(Y <= c_lo) + c_hi P(Y >= c_hi).  X below A = -24 s - 1 (where the integral
        stops unless a clipping end comes first) contributes its probability times the hull
        of the values clip(Y) takes there (between the floor or c_lo and Y(A))."""
        q, s = self.q, self.s
        A = arb(-24 * s - 1 if self.remove else -24 * s)
        f = self.integrand()
        LA = (1 - q + q * ((2 * A - 1) / (2 * self.s2)).exp()).log()
        if self.remove:  # Y increasing in X; the far-left tail sits at the lower end
            x_lo = self.x_of(c_lo) if self.above_floor(c_lo) else None
            x_hi, end = self.x_of(c_hi), c_lo if x_lo is not None else self.floor
            tail_p = (1 - q) * phi(A / s) + q * phi((A - 1) / s)
            ends = c_hi * (1 - self.cdf(c_hi))
            lo_term = c_lo * self.cdf(c_lo)
        else:  # Y decreasing in X; the far-left tail sits at the upper end
            x_lo = self.x_of(-c_hi) if self.above_floor(-c_hi) else None
            x_hi, end = self.x_of(-c_lo), c_hi if x_lo is not None else -self.floor
            LA, tail_p = -LA, phi(A / s)
            ends = c_lo * self.cdf(c_lo)
            lo_term = c_hi * (1 - self.cdf(c_hi))
        if x_lo is not None and x_lo > A:
            return quad(f, x_lo, x_hi, rel_tol=arb(2) ** -100) + ends + lo_term
        body = quad(f, A, x_hi, rel_tol=arb(2) ** -100)
        return body + tail_p * end.union(LA) + ends


@dataclass
class Disc:
    """A sub-probability on the grid: coefficient i of ``p`` / 2^K is the mass at index
    off + i (FLINT integer polynomial: products are exact, nothing is converted)."""

    off: int
    p: fmpz_poly


def mul(A: Disc, B: Disc, win: tuple[int, int], K: int) -> Disc:
    """A * B (exact FLINT product), rescaled by 2^-K rounding down, outside the window
    dropped: the result is entrywise below the exact product of A and B."""
    p = A.p * A.p if A is B else A.p * B.p
    off, n = A.off + B.off, p.length()
    lo, hi = min(max(win[0] - off, 0), n), max(min(win[1] - off + 1, n), 0)
    return Disc(off + lo, p.right_shift(lo).truncate(max(hi - lo, 0)) // fmpz(2 ** K))


def power(d: Disc, T: int, win, K: int) -> Disc:
    result, base = None, d
    while True:
        if T & 1:
            result = base if result is None else mul(result, base, win, K)
        T >>= 1
        if not T:
            return result
        base = mul(base, base, win, K)


@dataclass
class ExactComposition:
    """``power``'s result behind ``pld_fft.FftComposition``'s interface: masses c / 2^K,
    entrywise below the exact composition on the window (the rest was dropped)."""

    off: int
    c: list
    K: int

    @property
    def values(self) -> np.ndarray:
        return np.array([math.ldexp(float(x), -self.K) for x in self.c]) if self.c \
            else np.zeros(1)

    @property
    def above(self) -> arb:
        """Every mass not kept, counted at loss +inf by an upper bound."""
        return arb(2 ** self.K - sum(self.c)) / arb(2) ** self.K

    @property
    def below(self) -> arb:
        return arb(0)

    def tail_sums(self, i: int, h: fmpq) -> tuple[arb, arb]:
        return tail_sums(self.c, i, h, self.K)

    def delta_at(self, i: int, h: fmpq) -> arb:
        return delta_at(self.c, i, h, self.K)


def exact_composition(poly: fmpz_poly, K: int, off: int, T: int,
                      win: tuple[int, int]) -> ExactComposition:
    """The T-fold composition of the masses (coefficients / 2^K) by exact FLINT products
    (``power``)."""
    comp = power(Disc(off, poly), T, win, K)
    return ExactComposition(comp.off, [int(x) for x in comp.p.coeffs()], K)


def tail_sums(c: list, i: int, h: fmpq, K: int) -> tuple[arb, arb]:
    """(A, B): the mass above grid index i, and the sum of c_k e^{-(k - i) h} over it
    (/ 2^K), so that delta_C(eps_i + t) = A - e^t B for t in [0, h]."""
    rest = c[i + 1:]
    r = (-arb(h)).exp()
    s1 = arb(0)
    for x in reversed(rest):
        s1 = (s1 + x) * r
    return arb(sum(rest)) / arb(2) ** K, s1 / arb(2) ** K


def delta_at(c: list, i: int, h: fmpq, K: int) -> arb:
    """Certified delta(eps = (off + i) h) of the discrete composition (exact masses)."""
    A, B = tail_sums(c, i, h, K)
    return A - B


def bottom_index(masses: list, j_lo: int, T: int) -> int:
    """A grid index seven standard deviations below the mean of the T-fold law of ``masses``
    (index j_lo first; floats: only where a composition is cut, the mass below is dropped
    and the bounds count it)."""
    f = [float(m.mid()) for m in masses]
    mean = sum(m * (j_lo + k) for k, m in enumerate(f))
    var = sum(m * (j_lo + k) ** 2 for k, m in enumerate(f)) - mean * mean
    return math.floor(min(0.0, T * mean - 7 * math.sqrt(T * max(var, 0.0)))) - 16


def delta_floats(c: list, h: float, K: int) -> np.ndarray:
    """``delta_estimates`` of the masses c / 2^K (integers)."""
    return delta_estimates(np.array([math.ldexp(float(x), -K) for x in c]) if c
                           else np.zeros(1), h)


def delta_estimates(m: np.ndarray, h: float) -> np.ndarray:
    """delta(eps = (off + i) h) for every index i of the masses m, in floats (only to locate
    candidates): sum_{k > i} m_k (1 - e^{-(k-i) h})."""
    n = m.size
    s0 = np.concatenate([np.cumsum(m[::-1])[::-1][1:], [0.0]])
    if n * h < 600:   # s1_i = e^{i h} sum_{k > i} m_k e^{-k h}, no overflow
        k = np.arange(n) * h
        w = m * np.exp(-k)
        s1 = np.concatenate([np.cumsum(w[::-1])[::-1][1:], [0.0]]) * np.exp(k)
        return s0 - s1
    s1 = np.zeros(n)
    r = math.exp(-h)
    for i in range(n - 2, -1, -1):  # s1_i = r (m_{i+1} + s1_{i+1})
        s1[i] = r * (m[i + 1] + s1[i + 1])
    return s0 - s1


def one_step(loss: Loss, h: fmpq, T: int, tail_budget: arb):
    """Grid range, clipped masses (arb) and the clipping probability of one step.

    Each end is clipped where T P(Y beyond it) <= tail_budget, or just past the loss's
    bound log(1-q) where that comes first (nothing clipped there; none at q = 1)."""
    j_lo, j_hi = step_range(loss, h, T, tail_budget)
    with ctx.workprec(96):  # masses need ~2^-(K+20) absolute accuracy only
        bounds = [loss.cdf(arb(h) * (j + fmpq(1, 2))) for j in range(j_lo, j_hi)]
    F = [arb(0)] + bounds + [arb(1)]
    masses = [F[k + 1] - F[k] for k in range(len(F) - 1)]
    c_lo, c_hi = arb(h) * (j_lo - fmpq(1, 2)), arb(h) * (j_hi + fmpq(1, 2))
    p_clip = (1 - loss.cdf(c_hi)) + loss.cdf(c_lo)
    return j_lo, masses, c_lo, c_hi, p_clip


def step_range(loss: Loss, h: fmpq, T: int, tail_budget: arb) -> tuple[int, int]:
    """``one_step``'s grid range j_lo..j_hi (its docstring)."""
    hf = float(h)
    up = lambda j: T * (1 - loss.cdf(arb(h) * (j + fmpq(1, 2))))  # noqa: E731
    down = lambda j: T * loss.cdf(arb(h) * (j - fmpq(1, 2)))  # noqa: E731
    bound = None if loss.floor is None else float(loss.floor.mid()) / hf
    if loss.remove:
        j_lo = _reach(down, tail_budget, -8, -1, None if bound is None else math.floor(bound) - 1)
        j_hi = _reach(up, tail_budget, 8, 1, None)
    else:
        j_lo = _reach(down, tail_budget, -8, -1, None)
        j_hi = _reach(up, tail_budget, 8, 1, None if bound is None else math.ceil(-bound) + 1)
    return j_lo, j_hi


def rounding_second_moment(loss: Loss, h: fmpq, j_lo: int, masses: list,
                           wide: frozenset | set = frozenset()) -> arb:
    """An upper bound on E[D^2], D = Ytilde - Y^c the rounding error of ``one_step``.

    Bin k (grid point (j_lo + k) h) contributes int (y - c)^2 dF <= min((h/2)^2 m_k,
    sup f h^3 / 12), sup f the density's enclosure over the bin; the two end bins, which
    hold the clipped mass at their outer edge, and bins of mass below 2^-40 (where the crude
    term is negligible) take (h/2)^2 m_k, as do the offsets ``wide`` (cells of several bins,
    ``one_step_cells``: the crude term bounds each of their bins)."""
    H = arb(h)
    crude, fine = H * H / 4, H ** 3 / 12
    total, n, small = arb(0), len(masses), arb(2) ** -40
    for k, m in enumerate(masses):
        term = crude * m.upper()
        if 0 < k < n - 1 and m > small and k not in wide:
            ball = (H * (j_lo + k - fmpq(1, 2))).union(H * (j_lo + k + fmpq(1, 2)))
            f = loss.density(ball)
            if f.is_finite() and fine * f.upper() < term:
                term = fine * f.upper()
        total += term
    return arb(total.upper())


def rounding_deviation(loss, h0: fmpq, j_lo: int, masses: list, mu0: arb, T: int,
                       L: arb, wide: frozenset | set = frozenset()) -> arb:
    """t with P(sum of the T one-step rounding errors - T mu0 >= t) <= e^-L (each side):
    the smaller of Hoeffding's h0 sqrt(T L / 2) and Bernstein's b L / 3 + sqrt((b L / 3)^2
    + 2 T V L), V >= E[D^2] >= Var D (``rounding_second_moment``, about h0^2 / 12 where the
    law is smooth on the grid's scale), b = h0 / 2 + |mu0| >= |D - mu0|."""
    H = arb(h0)
    hoeffding = H * (T * L / 2).sqrt()
    V = rounding_second_moment(loss, h0, j_lo, masses, wide)
    b = (H / 2 + abs(mu0)) * L / 3
    bernstein = b + (b * b + 2 * T * V * L).sqrt()
    return bernstein if bernstein < hoeffding else hoeffding


def _reach(tail, budget: arb, j: int, sign: int, stop: int | None) -> int:
    """The first index of -8, -18, ... (sign -1) or 8, 18, ... (sign 1) whose tail is within
    budget, or ``stop`` (the bound of the loss) when that is reached first."""
    while not (stop is not None and sign * j >= sign * stop) and tail(j) > budget:
        j = int(j * 1.25) + 8 * sign
    return j if stop is None or sign * j < sign * stop else stop


def on_grid(idx: list[int], masses: list) -> list:
    """The masses at the increasing grid indices ``idx`` spread over every index from
    idx[0] to idx[-1] (zero between them)."""
    full = [arb(0)] * (idx[-1] - idx[0] + 1)
    for j, m in zip(idx, masses):
        full[j - idx[0]] = m
    return full


def to_poly(masses, K: int) -> fmpz_poly:
    """floor(m 2^K) for each mass ball (never above any value in the ball)."""
    scale = arb(2) ** K
    return fmpz_poly([max(int((m * scale).lower().floor().unique_fmpz()), 0) for m in masses])


def candidates(values: np.ndarray, target: float, first_below: bool):
    """Indices to certify, best first: the first index whose float delta is <= target (then
    a few further out), or the last index whose float delta exceeds it (then further in)."""
    below = np.flatnonzero(values <= target)
    if first_below:
        start = int(below[0]) if below.size else values.size - 1
        return [min(start + k, values.size - 1) for k in (0, 1, 2, 4, 8, 16)]
    above = np.flatnonzero(values > target)
    start = int(above[-1]) if above.size else 0
    return [max(start - k, 0) for k in (0, 1, 2, 4, 8, 16)]


def certified_indices(floats: np.ndarray, delta_at, target: float, delta: arb,
                      above: arb | None, below: arb | None) -> tuple[int | None, int | None]:
    """Grid indices where a composition's delta is certified against ``delta`` (``delta_at(i)``
    its certified delta_C at index i, ``floats`` the float estimates that only order the
    candidates): i_up, the first candidate with delta_at(i) + above <= delta, and i_lo, the
    last with delta_at(i) - below > delta (each not sought when its term is None); None where
    no candidate is certified."""
    i_up = i_lo = None
    for i in candidates(floats + float(above.upper()), target, first_below=True) \
            if above is not None else ():
        if delta_at(i) + above <= delta:
            i_up = i
            break
    if below is not None:
        for i in candidates(floats - float(below.upper()), target, first_below=False):
            if delta_at(i) - below > delta:
                i_lo = i
                break
    return i_up, i_lo


def rounding_mean(loss: Loss, h: fmpq, j_lo: int, masses: list, c_lo: arb, c_hi: arb) -> arb:
    """mu = E[Ytilde] - E[Y^c], the certified mean of ``one_step``'s rounding error (the grid
    law's mean from its masses, the clipped loss's by ``Loss.mean_clipped``)."""
    mean_tilde = arb(h) * sum((arb(j_lo + k) * m for k, m in enumerate(masses)), arb(0))
    return mean_tilde - loss.mean_clipped(c_lo, c_hi)


__all__ = ["Disc", "Loss", "bottom_index", "candidates", "certified_indices", "delta_at",
           "ExactComposition", "delta_estimates", "delta_floats", "exact_composition", "mul", "on_grid", "one_step", "phi", "power",
           "rounding_deviation", "rounding_mean", "rounding_second_moment", "step_range",
           "tail_sums", "to_poly"]
