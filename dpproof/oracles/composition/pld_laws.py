"""One step's privacy-loss law, per direction, as a certified CDF (arb balls).

For a dominating pair (P, Q) the loss is Y = log(p/q)(X), X ~ P.  Each law gives
``cdf(t)``: a ball containing P(Y <= t) (``right = True``) or P(Y < t) (``right = False``);
``pld_general`` only needs one consistent convention per law.  Pairs (sensitivity 1, the
mirror images x -> -x of dp_accounting 0.6.0's ``privacy_loss_mechanism`` conventions,
which have the same loss laws):

* ``gauss(mu2)``: N(0, s^2) vs N(D, s^2), mu2 = (D/s)^2: Y ~ N(mu2/2, mu2), both directions.
* ``laplace(a)``: Lap(0, b) vs Lap(D, b), a = D/b: P(Y <= t) = e^{(t-a)/2}/2 on [-a, a),
  1 from a on (atom 1/2 at a, e^{-a}/2 at -a); both directions.
* ``atoms([(loss, mass)])``: a discrete loss (randomized response, discrete Laplace).
* ``sub_laplace(q, b, remove)``: P = (1-q) B + q A vs Q = B (remove), the reverse (add), with
  A = Lap(1, b), B = Lap(0, b); l = log(dA/dB) has under B the CDF 1 - e^{-(u+a)/2}/2 and
  under A e^{-(a-u)/2}/2 on [-a, a) (a = 1/b), and Y = +-log(1 - q + q e^l).
* ``inverted(...)``: Y = L(X), L strictly increasing, X a Gaussian mixture: P(Y <= t) =
  F_X(x_t) with L(x_t) = t; x_t is located in floats and enclosed by two points whose loss is
  certified below / above t (mixture of Gaussians, replace-one subsampled Gaussian).
"""

from __future__ import annotations

import math

import numpy as np
from flint import arb, fmpq

from ..balls import normal_tail


def _phi(x: arb) -> arb:
    return normal_tail(-x)


def _piecewise(u: arb, a: arb, below, middle, above) -> arb:
    """below (u < -a), middle(u) (-a <= u < a), above (u >= a); a ball straddling a
    breakpoint gets the union (middle is monotone, so middle(u) encloses any part of u)."""
    if u < -a:
        return arb(below)
    if u >= a:
        return arb(above)
    r = middle(u)
    if not u >= -a:
        r = r.union(arb(below))
    if not u < a:
        r = r.union(arb(above))
    return r


class Law:
    right = True
    symmetric = False  # the add direction has the same law
    floor: float | None = None  # float hints of the support (grid range only)
    ceil: float | None = None

    def cdf(self, t: arb) -> arb:  # pragma: no cover - interface
        raise NotImplementedError

    def key(self):
        return (type(self).__name__,) + self.params


class Gauss(Law):
    symmetric = True

    def __init__(self, mu2: fmpq):
        self.params = (mu2,)
        self.mu2 = mu2

    def cdf(self, t):
        mu2 = arb(self.mu2)
        return _phi((t - mu2 / 2) / mu2.sqrt())


class Laplace(Law):
    symmetric = True

    def __init__(self, a: fmpq):
        self.params = (a,)
        self.a = a
        self.floor, self.ceil = -float(a) - 1e-9, float(a) + 1e-9

    def cdf(self, t):
        a = arb(self.a)
        return _piecewise(t, a, 0, lambda u: ((u - a) / 2).exp() / 2, 1)


class Atoms(Law):
    """A discrete loss: [(loss ball, mass ball)]; the masses sum to 1."""

    def __init__(self, atoms, key):
        self.atoms = atoms
        self.params = (key,)
        lo = [float(y.lower()) for y, _ in atoms]
        hi = [float(y.upper()) for y, _ in atoms]
        self.floor, self.ceil = min(lo) - 1e-9, max(hi) + 1e-9

    def cdf(self, t):
        lo = hi = arb(0)
        for y, m in self.atoms:
            if y <= t:
                lo, hi = lo + m, hi + m
            elif not y > t:
                hi = hi + m
        return lo.union(hi)


class SubLaplace(Law):
    def __init__(self, q: fmpq, b: fmpq, remove: bool):
        self.params = (q, b, remove)
        self.q, self.b, self.remove = q, b, remove
        self.right = remove
        a = 1 / float(b)
        qf = float(q)
        y_hi = math.log1p(qf * math.expm1(a))
        y_lo = math.log1p(qf * math.expm1(-a))
        self.floor, self.ceil = ((y_lo - 1e-9, y_hi + 1e-9) if remove
                                 else (-y_hi - 1e-9, -y_lo + 1e-9))

    def _inv(self, t: arb) -> arb | None:
        """l with log(1 - q + q e^l) = t, None where t <= log(1 - q)."""
        q = arb(self.q)
        v = t.exp() - 1 + q
        return (v / q).log() if v > 0 else None

    def cdf(self, t):
        q, a = arb(self.q), 1 / arb(self.b)
        fb = lambda u: _piecewise(u, a, 0, lambda w: 1 - (-(w + a) / 2).exp() / 2, 1)  # noqa
        fa = lambda u: _piecewise(u, a, 0, lambda w: (-(a - w) / 2).exp() / 2, 1)  # noqa
        if self.remove:  # P(Y <= t), X ~ (1-q) B + q A
            u = self._inv(t)
            if u is None:
                return arb(0) if t.exp() - 1 + q <= 0 else arb(0).union(arb(1))
            return (1 - q) * fb(u) + q * fa(u)
        u = self._inv(-t)  # P(Y < t) = P(log(1 - q + q e^l) > -t) = 1 - F_B(u), X ~ B
        if u is None:
            return arb(1) if (-t).exp() - 1 + q <= 0 else arb(0).union(arb(1))
        return 1 - fb(u)


class Inverted(Law):
    """Y = L(X), L strictly increasing; X ~ sum w_i N(m_i, s^2) (exact rationals)."""

    def __init__(self, key, loss_arb, loss_np, weights, means, s: fmpq, floor, ceil):
        self.params = (key,)
        self.L, self.Lf = loss_arb, loss_np
        self.w, self.m, self.s = weights, means, s
        self.floor, self.ceil = floor, ceil
        sf = float(s)
        self.span = (min(float(m) for m in means) - 40 * sf, max(float(m) for m in means) + 40 * sf)

    def fx(self, x: arb) -> arb:
        s = arb(self.s)
        return sum((arb(w) * _phi((x - arb(m)) / s) for w, m in zip(self.w, self.m)), arb(0))

    def cdfs(self, ts: list[arb], tf: np.ndarray) -> list[arb]:
        """cdf at many points: one vectorised float bisection, then certified enclosures."""
        lo = np.full(tf.shape, self.span[0])
        hi = np.full(tf.shape, self.span[1])
        with np.errstate(all="ignore"):
            for _ in range(80):
                mid = (lo + hi) / 2
                below = self.Lf(mid) < tf
                lo, hi = np.where(below, mid, lo), np.where(below, hi, mid)
        out = []
        for t, x in zip(ts, (lo + hi) / 2):
            out.append(self._enclose(t, float(x)))
        return out

    def _enclose(self, t: arb, x: float) -> arb:
        ends = [arb(fmpq(*e.as_integer_ratio())) for e in self.span]
        if math.isfinite(x):
            d = 4 * math.ulp(abs(x) + 1.0)
            for _ in range(30):
                xa, xb = (arb(fmpq(*v.as_integer_ratio())) for v in (x - d, x + d))
                if self.L(xa) < t and self.L(xb) > t:
                    return self.fx(xa).union(self.fx(xb))
                d *= 8
        if self.L(ends[0]) > t:  # t below the loss over the span: F <= F_X(span start)
            return arb(0).union(self.fx(ends[0]))
        if self.L(ends[1]) < t:
            return self.fx(ends[1]).union(arb(1))
        return arb(0).union(arb(1))

    def cdf(self, t):
        return self.cdfs([t], np.array([float(t.mid())]))[0]


class Negated(Law):
    """-Y of a law (the add direction of a remove-direction loss with X ~ P' of its own):
    P(-Y < t) = 1 - P(Y <= -t)."""

    def __init__(self, law: Law):
        self.inner = law
        self.params = ("neg",) + law.key()
        self.right = not law.right
        self.floor = None if law.ceil is None else -law.ceil
        self.ceil = None if law.floor is None else -law.floor

    def cdf(self, t):
        return 1 - self.inner.cdf(-t)

    def cdfs(self, ts, tf):
        return [1 - c for c in self.inner.cdfs([-t for t in ts], -tf)]


class SubGauss(Law):
    """Poisson-subsampled Gaussian, add/remove (``pld_grid.Loss``'s right CDF)."""

    def __init__(self, q: fmpq, s: fmpq, remove: bool):
        from .pld_grid import Loss
        self.params = (q, s, remove)
        self.loss = Loss(arb(q), arb(s), remove)
        fl = math.log1p(-float(q)) if q < 1 else None
        if fl is not None:
            self.floor, self.ceil = (fl - 1e-9, None) if remove else (None, -fl + 1e-9)

    def cdf(self, t):
        return self.loss.cdf(t)


def mog(s: fmpq, sens: list, probs: list, remove: bool) -> Law:
    """P = sum p_i N(s_i, s^2) vs Q = N(0, s^2) (remove), the reverse (add); s_i >= 0, so
    L(x) = log sum p_i e^{(2 s_i x - s_i^2)/(2 s^2)} is increasing."""
    s2 = s * s
    pf, sf, s2f = np.array([float(p) for p in probs]), np.array([float(v) for v in sens]), float(s2)

    def L(x):
        return sum((arb(p) * ((2 * arb(v) * x - arb(v * v)) / arb(2 * s2)).exp()
                    for p, v in zip(probs, sens)), arb(0)).log()

    def Lf(x):
        e = (2 * np.multiply.outer(x, sf) - sf * sf) / (2 * s2f) + np.log(pf)
        return np.logaddexp.reduce(e, axis=-1)

    key = ("mog", s, tuple(sens), tuple(probs))
    if remove:
        return Inverted(key, L, Lf, probs, sens, s, None, None)
    return Negated(Inverted(key + ("q",), L, Lf, [fmpq(1)], [fmpq(0)], s, None, None))


def sub_gauss_replace(q: fmpq, s: fmpq) -> Law:
    """(1-q) N(0, s^2) + q N(1, s^2) vs (1-q) N(0, s^2) + q N(-1, s^2) (replace one, the
    pair of dp_accounting's REPLACE adjacency mirrored); symmetric, L increasing."""
    s2, qa = s * s, arb(q)
    qf, s2f = float(q), float(s2)

    def L(x):
        up = 1 - qa + qa * ((2 * x - 1) / arb(2 * s2)).exp()
        dn = 1 - qa + qa * ((-2 * x - 1) / arb(2 * s2)).exp()
        return up.log() - dn.log()

    def Lf(x):
        a = np.logaddexp(math.log1p(-qf), math.log(qf) + (2 * x - 1) / (2 * s2f))
        b = np.logaddexp(math.log1p(-qf), math.log(qf) + (-2 * x - 1) / (2 * s2f))
        return a - b

    law = Inverted(("subgauss_replace", q, s), L, Lf, [1 - q, q], [fmpq(0), fmpq(1)], s,
                   None, None)
    law.symmetric = True
    return law
