"""T-fold composition of a grid law by a float FFT, with a proven bound on its error.

A step is a sub-probability ``a`` on grid indices off, off + 1, ... (float masses, each at
most the exact mass it stands for).  Its T-fold composition on an index window [B, B + n),
n a power of two, is computed as dp_accounting computes it: one forward DFT of length n, the
pointwise power T, one inverse DFT.  That gives the *circular* composition c~: the exact
composition with the mass outside the window wrapped into it, so c~ >= c on the window and
c~ - c carries at most the mass outside, which a Chernoff bound certifies (``outside``).

Every rounding error is bounded, not assumed:

- The DFTs are radix-2 Cooley-Tukey (bit-reversed input, stages L = 2, 4, ..., n) written
  here on separate real and imaginary numpy arrays, so each operation is one IEEE double
  operation rounded once (a complex product is (ac - bd) + i(ad + bc), four products and two
  sums, no fused multiply-add: within sqrt 5 u of the exact product, Brent, Percival,
  Zimmermann, Math. Comp. 76 (2007)).  Their weights are the nearest doubles of arb values;
  ``mu`` bounds their error.  The forward transform is bounded componentwise
  (``forward_error``), the inverse by Higham, *Accuracy and Stability of Numerical
  Algorithms* (2nd ed., 2002), Thm. 24.2: ||fl(F x) - F x||_2 <= rho ||F x||_2,
  rho = t eta / (1 - t eta), eta = mu + gamma_4 (sqrt 2 + mu), t = log2 n,
  gamma_k = k u / (1 - k u), u = 2^-53.
- The power is taken by repeated squaring; whatever the chain, the computed x^T has relative
  error at most (1 + beta)^(T-1) - 1, beta = sqrt 5 u, by induction over x^(a+b) = x^a x^b.
  Against the exact transform z = F a, |zhat^T - z^T| <= T max(|zhat|, |z|)^(T-1)
  |zhat - z| with |z| <= sum a <= 1: the T-fold amplification counts only where |zhat| is
  near 1 (``error_bound``).
- Underflow (the model above has none) adds at most n 2^-1000 to each 2-norm.

``FftComposition.err2`` bounds ||values - c~||_2 on the window, so a sum of the values with
weights w in [0, 1] is within ||w||_2 err2 <= sqrt(m) err2 of c~'s (m terms, Cauchy-Schwarz).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from flint import arb, arb_poly, ctx, fmpq

from .pld_grid import exact_composition, to_poly

U = arb(2) ** -53
UNDERFLOW = arb(2) ** -1000
#: a complex product (ac - bd) + i(ad + bc), each operation rounded to nearest, is within
#: sqrt 5 u of the exact one relatively (Brent, Percival, Zimmermann, Math. Comp. 76 (2007))
BETA = arb(5).sqrt() * U


def _gamma(k: int) -> arb:
    return k * U / (1 - k * U)


_TWIDDLES: dict = {}


def nearest_double(x: arb) -> float:
    """The double nearest x's midpoint (ties to even), rounded here in integers, so that it
    is within half an ulp of the midpoint whatever the platform's conversions do."""
    man, exp = x.mid().man_exp()
    man, exp = int(man), int(exp)
    sign, man = (-1 if man < 0 else 1), abs(man)
    cut = man.bit_length() - 53
    if cut > 0:
        q, r = divmod(man, 1 << cut)
        half = 1 << (cut - 1)
        man, exp = q + (r > half or (r == half and q & 1)), exp + cut
    return sign * math.ldexp(man, exp)


def twiddles(n: int) -> tuple[np.ndarray, np.ndarray, arb]:
    """(cos, sin) of 2 pi j / n for j < n/2 as doubles, and mu >= |w^_j - w_j| for the weights
    w_j = cos - i sin.  The first eighth comes from arb balls of radius < 2^-80, each
    rounded to the nearest double (within 2^-54 of values at most 1); the rest by the exact
    symmetries cos(pi/2 - x) = sin x and cos(pi - x) = -cos x."""
    hit = _TWIDDLES.get(n)
    if hit is not None:
        return hit
    c, s = np.zeros(n // 2), np.zeros(n // 2)
    eighth = max(n // 8, 1)
    with ctx.workprec(96):
        for j in range(min(eighth, n // 2 - 1) + 1):
            sj, cj = arb.sin_cos_pi_fmpq(fmpq(2 * j, n))
            if not (sj.rad() < arb(2) ** -80 and cj.rad() < arb(2) ** -80):
                raise ArithmeticError("twiddle ball too wide")
            c[j], s[j] = nearest_double(cj), nearest_double(sj)
    if n >= 8:
        j = np.arange(eighth + 1, n // 4 + 1)
        c[j], s[j] = s[n // 4 - j], c[n // 4 - j]
        j = np.arange(n // 4 + 1, n // 2)
        c[j], s[j] = -c[n // 2 - j], s[n // 2 - j]
    mu = (arb(2) ** -54 + arb(2) ** -80) * arb(2).sqrt()
    _TWIDDLES[n] = (c, s, mu)
    return c, s, mu


def _bit_reverse(n: int) -> np.ndarray:
    t = n.bit_length() - 1
    idx = np.arange(n)
    rev = np.zeros(n, dtype=np.int64)
    for b in range(t):
        rev |= ((idx >> b) & 1) << (t - 1 - b)
    return rev


def dft(re: np.ndarray, im: np.ndarray, inverse: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The unnormalised DFT sum_j x_j e^{-+2 pi i jk/n} (+ for ``inverse``), radix-2."""
    n = re.size
    c, s, _ = twiddles(n)
    rev = _bit_reverse(n)
    xr, xi = re[rev], im[rev]
    L = 2
    while L <= n:
        h, stride = L // 2, n // L
        wr = c[::stride][:h]
        wi = s[::stride][:h] if inverse else -s[::stride][:h]
        Xr, Xi = xr.reshape(-1, L), xi.reshape(-1, L)
        ar, ai, br, bi = Xr[:, :h], Xi[:, :h], Xr[:, h:], Xi[:, h:]
        tr = br * wr - bi * wi
        ti = br * wi + bi * wr
        yr, yi = np.empty_like(Xr), np.empty_like(Xi)
        np.add(ar, tr, out=yr[:, :h])
        np.add(ai, ti, out=yi[:, :h])
        np.subtract(ar, tr, out=yr[:, h:])
        np.subtract(ai, ti, out=yi[:, h:])
        xr, xi = yr.reshape(-1), yi.reshape(-1)
        L *= 2
    return xr, xi


def _power(zr: np.ndarray, zi: np.ndarray, T: int) -> tuple[np.ndarray, np.ndarray]:
    """z^T pointwise by repeated squaring (each product as in ``dft``)."""
    rr = ri = None
    br, bi = zr, zi
    while True:
        if T & 1:
            if rr is None:
                rr, ri = br.copy(), bi.copy()
            else:
                rr, ri = rr * br - ri * bi, rr * bi + ri * br
        T >>= 1
        if not T:
            return rr, ri
        br, bi = br * br - bi * bi, br * bi + bi * br


def forward_error(n: int, mass: arb) -> arb:
    """>= max_k |zhat_k - z_k| of ``dft`` on a real input of total mass <= ``mass``.

    Stage by stage, an entry's exact value is a sum of weights times the inputs feeding it,
    so |x_p| <= A_p, their total |mass|; if both entries of a butterfly carry errors at most
    kappa times their A, its outputs carry at most ((1 + kappa)(1 + mu)(1 + beta)(1 + u) - 1)
    times theirs (the weight's error mu, the product's beta = sqrt 5 u: Brent, Percival,
    Zimmermann, Math. Comp. 76 (2007), the sum's u).  The first two stages multiply by the
    exact weights 1 and -i, exactly: (1 + kappa)(1 + u) - 1 there.  After t stages, times
    A_p <= mass."""
    t = n.bit_length() - 1
    mu, beta = twiddles(n)[2], BETA
    exact = min(t, 2)
    grow = (1 + U) ** exact * ((1 + mu) * (1 + beta) * (1 + U)) ** (t - exact)
    return ((grow - 1) * mass + n * UNDERFLOW).upper()


def _power_sum(zr: np.ndarray, zi: np.ndarray, e_inf: arb, T: int) -> tuple[arb, arb]:
    """(S, m): S >= sum_k m_k^(2(T-1)) and m >= max_k m_k, m_k = |zhat_k| + e_inf >= max(|z_k|,
    |zhat_k|).  m_k is bounded above in floats (each operation rounded once, the factor
    1 + 2^-48 covers the five roundings and the truncation of e_inf; 2^-500 the squares that
    underflow); entries below theta = n^(-1/(T-1)) count theta^(2(T-1)) each, the rest are
    summed in arb."""
    n = zr.size
    e_f = float(arb(e_inf).upper())           # python-flint truncates: within one ulp below
    m = (np.sqrt(zr * zr + zi * zi) + e_f) * (1 + 2.0 ** -48) + 2.0 ** -500
    theta = math.exp(-math.log(n) / max(T - 1, 1))
    big = m[m >= theta]
    with ctx.workprec(128):
        low = (n - big.size) * arb(theta) ** (2 * (T - 1))
        if big.size > 50_000:                    # too many to sum one by one: the max
            top = arb(float(big.max()))
            return arb((low + big.size * top ** (2 * (T - 1))).upper()), top
        S = sum((arb(x) ** (2 * (T - 1)) for x in big.tolist()), low)
        top = arb(float(m.max()))
    return arb(S.upper()), top


def error_bound(zr: np.ndarray, zi: np.ndarray, T: int, mass: arb, norm2: arb) -> arb:
    """>= ||computed - circular composition||_2 for the T-fold composition of a law of total
    mass <= ``mass`` <= 1 and ||a||_2 <= ``norm2`` whose computed transform is (zr, zi).

    With e = max_k |zhat_k - z_k| (``forward_error``) and m_k >= max(|zhat_k|, |z_k|):
    ||zhat^T - z^T||_2 <= T e sqrt(sum m_k^(2(T-1))); the power's rounding adds
    ((1 + beta)^(T-1) - 1) ||zhat^T||_2; the inverse transform adds Higham's rho times
    ||P^||_2 and carries the rest over unchanged (||G v||_2 = sqrt(n) ||v||_2); / n."""
    n = zr.size
    t = n.bit_length() - 1
    mu = twiddles(n)[2]
    sq2, sn = arb(2).sqrt(), arb(n).sqrt()
    eta = mu + _gamma(4) * (sq2 + mu)
    rho = t * eta / (1 - t * eta)
    beta = BETA
    under = n * UNDERFLOW
    e_inf = forward_error(n, mass)
    S, top = _power_sum(zr, zi, e_inf, T)
    d = T * e_inf * S.sqrt()                            # ||zhat^T - z^T||_2
    zhat_T = top * S.sqrt()                             # >= ||zhat^T||_2
    r = ((1 + beta) ** (T - 1) - 1) * zhat_T + d + T * under   # ||P^ - z^T||_2
    p_hat = arb(min(zhat_T.upper(), (sn * norm2).upper())) + r  # ||P^||_2
    return arb((rho * p_hat / sn + r / sn + 2 * under).upper())


def doubles_below(masses: list[arb]) -> np.ndarray:
    """Doubles at most the lower ends of the balls (0 where that is negative): python-flint's
    conversion is faithful (within one ulp), so one step towards zero is below."""
    f = np.array([float(m.lower()) for m in masses])
    return np.maximum(np.nextafter(f, 0.0), 0.0)


def _norm2(a: np.ndarray) -> arb:
    """>= ||a||_2 (squares rounded once, fsum correctly rounded, underflowed squares)."""
    s = arb(math.fsum((a * a).tolist()))
    return ((s / (1 - U) ** 2) + a.size * UNDERFLOW).sqrt()


def chernoff(a: np.ndarray, off: int, T: int, m: int, above: bool) -> arb:
    """>= P(S >= m) (``above``) or P(S <= m) for S the sum of T steps of the sub-probability
    ``a`` on indices off, off + 1, ...: M(lambda)^T e^{-lambda m}, lambda > 0 (< 0 below),
    chosen in floats, the bound in arb."""
    k = np.arange(a.size) + off
    pos = a > 0
    la, kk = np.log(a[pos]), k[pos]
    span = max(abs(int(kk[0])), abs(int(kk[-1])), 1)

    def f(lam: float) -> float:
        e = la + lam * kk
        top = e.max()
        return T * (top + math.log(np.exp(e - top).sum())) - lam * m

    sign = 1.0 if above else -1.0
    lo, hi = 0.0, 700.0 / span
    for _ in range(80):                           # golden section on the convex exponent
        x1, x2 = lo + 0.382 * (hi - lo), lo + 0.618 * (hi - lo)
        if f(sign * x1) < f(sign * x2):
            hi = x2
        else:
            lo = x1
    lam = fmpq(*float(sign * (lo + hi) / 2).as_integer_ratio())
    with ctx.workprec(128):
        x = arb(lam).exp()
        M = arb_poly(a.tolist())(x) * x ** off
        bound = (T * M.log() - arb(lam) * m).exp()
    return arb(min(bound, arb(1)).upper()) if bound.is_finite() else arb(1)


@dataclass
class FftComposition:
    """The T-fold circular composition on indices off .. off + n - 1 (module docstring)."""

    off: int
    values: np.ndarray
    err2: arb        # >= ||values - c~||_2
    outside: arb     # >= the exact composition's mass outside the window (wrapped into c~)
    total: arb       # <= the exact composition's total mass (sum a)^T
    _poly: arb_poly | None = field(default=None, repr=False)

    def tail_sums(self, i: int, h: fmpq) -> tuple[arb, arb]:
        """Balls containing c~'s A = sum_{k > i} c~_k and B = sum_{k > i} c~_k e^{-(k-i) h}
        (so that c~'s delta(eps_i + t) = A - e^t B for t in [0, h])."""
        m = self.values.size - i - 1
        if m <= 0:
            return arb(0), arb(0)
        with ctx.workprec(128):
            if self._poly is None:          # the values once, exactly (doubles are arb)
                self._poly = arb_poly(self.values.tolist())
            tail = self._poly.right_shift(i + 1)
            r = (-arb(h)).exp()
            A, B = tail(arb(1)), tail(r) * r
            e = arb(0, (arb(m).sqrt() * self.err2).upper())
        return A + e, B + e

    def delta_at(self, i: int, h: fmpq) -> arb:
        A, B = self.tail_sums(i, h)
        return A - B

    @property
    def above(self) -> arb:
        """Mass an upper bound counts at loss +inf: outside the window, and the step's
        missing mass composed (1 - (sum a)^T)."""
        return self.outside + (1 - self.total)

    @property
    def below(self) -> arb:
        """Mass a lower bound subtracts: what the window's values may hold from outside."""
        return self.outside


def compose(a: np.ndarray, off: int, T: int, bottom: int, top: int,
            budget: arb) -> FftComposition:
    """The T-fold composition of ``a`` (indices off, ...) on a window from ``bottom`` of
    length n, the least power of two covering ``top`` and ``a`` itself, doubled while the
    mass above the window exceeds ``budget``."""
    n = 1 << max(top - bottom + 1, a.size, 2).bit_length() - 1
    n = n if n >= max(top - bottom + 1, a.size) else 2 * n
    while True:
        above = chernoff(a, off, T, bottom + n, True)
        if above <= budget or n >= 1 << 24:
            break
        n *= 2
    outside = arb((above + chernoff(a, off, T, bottom - 1, False)).upper())
    re = np.zeros(n)
    re[:a.size] = a
    zr, zi = dft(re, np.zeros(n))
    pr, pi = _power(zr, zi, T)
    cr, _ = dft(pr, pi, inverse=True)
    c = np.ldexp(cr, -(n.bit_length() - 1))
    # index I of the window sits at position (I - T off) mod n of the circular result
    values = np.roll(c, -((bottom - T * off) % n))
    fs = arb(math.fsum(a.tolist()))
    s = fs * (1 - 2 * U)                              # <= sum a <= fs (1 + 2u)
    total = arb((s ** T).lower()) if s > 0 else arb(0)
    err2 = error_bound(zr, zi, T, fs * (1 + 2 * U), _norm2(a))
    return FftComposition(bottom, values, err2, outside, total)


def delta_at_eps(comp, eps: fmpq, h: fmpq) -> arb:
    """A ball containing the composition's delta at the exact eps (0 above the window, the
    caller adds what the window misses): A - e^t B on the segment from the grid point i at
    or below eps, t = eps - i h (``FftComposition.tail_sums``)."""
    i = int((eps / h).floor()) - comp.off
    if i < 0:
        raise ValueError(f"eps = {eps} lies below the composition's window")
    if i >= len(comp.values) - 1:
        return arb(0)
    A, B = comp.tail_sums(i, h)
    return A - arb(eps - (comp.off + i) * h).exp() * B


def composition(masses: list[arb], off: int, T: int, win: tuple[int, int], delta: arb):
    """The T-fold composition of the sub-probability ``masses`` (indices off, ...; each
    rounded down) on ``win``: by the FFT where its error costs delta at most 2^-14
    relative (each of delta's two tail sums carries sqrt(n) err2), else by exact FLINT
    products (``pld_grid.ExactComposition``): the FFT's bound grows like T."""
    comp = compose(doubles_below(masses), off, T, win[0], win[1], delta * arb(2) ** -30)
    if 2 * arb(comp.values.size).sqrt() * comp.err2 <= delta * arb(2) ** -14:
        return comp
    K = 24 + T.bit_length() + len(masses).bit_length() + int(-math.log2(float(delta.mid())))
    return exact_composition(to_poly(masses, K), K, off, T, win)


__all__ = ["FftComposition", "chernoff", "compose", "composition", "delta_at_eps", "dft",
           "doubles_below",
           "error_bound",
           "forward_error", "twiddles"]
