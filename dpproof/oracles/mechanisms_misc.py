"""Oracles for the azize23 and wasserman theorem modules, from definitions, in arb.

* Products of normals (azize23 Alg. 1: Y | X ~ N(X, (rX)^2), X ~ N(x, s^2), i.e. Y = X Z with
  Z ~ N(1, r^2) independent): moments ``alg1_moment``, ``E|Y - x|`` (``alg1_abs_dev``), the
  density from its definition (``normal_product_pdf``), the CYIK16 double series as printed
  (``cyik16_series``), and an enclosure of KL(Y || Y') (``normal_product_kl``).
* Gaussian/Laplace moments by exact piecewise integration (``normal_abs_dev``,
  ``normal_variance``, ``laplace_sd``).
* Finite enumerations (wasserman): sensitivities of the mean and of the Kolmogorov-Smirnov
  distance over all replace-one neighbours of small datasets on a grid, the exponential
  mechanism's privacy loss, the orthogonal-series (cosine basis) Laplace mechanism's loss,
  and ``shift_abs_sup(m1, m2) = sup_z |z - m2| - |z - m1|`` (b times the sup of the log
  density ratio of Laplace(m1, b) to Laplace(m2, b)).

Every function returns a ball containing the true value, or ``nan`` when it cannot certify
(wide parameter balls, non-integer sizes, ...).
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial

from flint import arb, ctx, fmpq

from dpproof.expr.functions import OracleFunction, register

from . import distributions as dist
from . import divergences as div
from .gaussian_ratio import cached
from .integrate import NAN, exp_quad_moments, hull, quad

GUARD = 30


def _narrow(*xs: arb) -> bool:
    return all(x.is_finite() and x.rad() <= abs(x.mid()) * arb(2) ** -20 + arb(2) ** -60
               for x in xs)


def _int(x: arb, lo: int, hi: int):
    """The integer a ball is exactly (within [lo, hi]), else None."""
    k = x.unique_fmpz() if x.is_exact() else None
    return int(k) if k is not None and lo <= int(k) <= hi else None


def _Q(t: arb) -> arb:
    return (t / arb(2).sqrt()).erfc() / 2


def _phi(t: arb) -> arb:
    return (-t * t / 2).exp() / (2 * arb.pi()).sqrt()


def _raw(mom, k: int) -> arb:
    """int y^k (k <= 2) from centred moments J_j = int (y - v)^j."""
    v, J = mom.v, mom.J
    return (J[0], J[1] + v * J[0], J[2] + 2 * v * J[1] + v * v * J[0])[k]


def _normal_coef(mu, sigma):
    return dist.Normal(mu, sigma).pieces()[0][2]


# ------------------------------------------------------------------ Gaussian moments

def normal_variance_arb(mu: arb, sigma: arb) -> arb:
    """Var of N(mu, sigma^2) by integrating y^k times the density over the line."""
    with ctx.workprec(ctx.prec + GUARD):
        M = exp_quad_moments(*_normal_coef(mu, sigma), None, None)
        m0, m1, m2 = (_raw(M, k) for k in range(3))
        mean = m1 / m0
        return +(m2 / m0 - mean * mean)


def normal_abs_dev_arb(mu: arb, sigma: arb, c: arb) -> arb:
    """E|X - c|, X ~ N(mu, sigma^2): int_c^inf (y - c) p - int_-inf^c (y - c) p."""
    with ctx.workprec(ctx.prec + GUARD):
        co = _normal_coef(mu, sigma)
        right, left = exp_quad_moments(*co, c, None), exp_quad_moments(*co, None, c)
        return +((_raw(right, 1) - c * _raw(right, 0)) - (_raw(left, 1) - c * _raw(left, 0)))


def laplace_sd_arb(mu: arb, b: arb) -> arb:
    """Standard deviation of Laplace(mu, b) from its piecewise log-linear density."""
    with ctx.workprec(ctx.prec + GUARD):
        m = [arb(0)] * 3
        for lo, hi, co in dist.Laplace(mu, b).pieces():
            M = exp_quad_moments(*co, lo, hi)
            m = [m[k] + _raw(M, k) for k in range(3)]
        mean = m[1] / m[0]
        return +(m[2] / m[0] - mean * mean).sqrt()


# ------------------------------------------------------------------ azize23 Algorithm 1

def alg1_moment_arb(x: arb, s: arb, r: arb, k: arb) -> arb:
    """E[Y^k], k in {1, 2}, with Y | X = u ~ N(u, (r u)^2): Y = u + r|u| T given X = u, so
    E[Y^k] = sum_j C(k, j) r^j E[T^j] E[X^(k-j) |X|^j], each moment integrated exactly."""
    kk = _int(k, 1, 2)
    if kk is None:
        return NAN()
    with ctx.workprec(ctx.prec + GUARD):
        co = _normal_coef(x, s)
        pos, neg = exp_quad_moments(*co, arb(0), None), exp_quad_moments(*co, None, arb(0))
        T = exp_quad_moments(*_normal_coef(arb(0), arb(1)), None, None)
        total = arb(0)
        for j in range(kk + 1):
            xm = _raw(pos, kk) + (-1) ** j * _raw(neg, kk)  # E[X^(k-j) |X|^j]
            total += comb(kk, j) * r ** j * _raw(T, j) * xm
        return +total


def alg1_variance_arb(x: arb, s: arb, r: arb) -> arb:
    """Var[Y] = E[Y^2] - E[Y]^2 with the moments of ``alg1_moment``."""
    with ctx.workprec(ctx.prec + GUARD):
        m1 = alg1_moment_arb(x, s, r, arb(1))
        return +(alg1_moment_arb(x, s, r, arb(2)) - m1 * m1)


@cached
def alg1_abs_dev_arb(x: arb, s: arb, r: arb) -> arb:
    """E|Y - x| = int phi_X(u) F(u) du, F(u) = E|N(u - x, (r u)^2)| (folded normal mean).

    On |u| <= u1 = x/(1 + R r) (R = 12) F(u) = |u - x| + [0, 2 r u1 phi(R) + 2 (x + u1) Q(R)];
    on u1 <= |u| <= U by acb.integral; beyond U a Gaussian tail bound.
    """
    if not _narrow(x, s, r) or not (x >= 0 and s > 0 and r > 0):
        return NAN()
    with ctx.workprec(64):  # an inequality oracle: ~1e-13 is plenty, and 3x faster
        if x.is_exact() and x.is_zero():  # F(u) = |u| E|Z|, constant ratio
            c = (r * (2 / arb.pi()).sqrt() * (-1 / (2 * r * r)).exp()
                 + (1 / (r * arb(2).sqrt())).erf())
            return +(c * normal_abs_dev_arb(arb(0), s, arb(0)))
        R = arb(12)
        u1 = x / (1 + R * r)
        co = _normal_coef(x, s)
        mid = exp_quad_moments(*co, -u1, u1)
        near = -mid.J[1] + arb(0).union((2 * r * u1 * _phi(R) + 2 * (x + u1) * _Q(R)) * mid.J[0])
        K = arb(16)
        U = (x + K * s).upper()
        C, inv2s2 = 1 / (s * (2 * arb.pi()).sqrt()), 1 / (2 * s * s)
        c2 = (2 / arb.pi()).sqrt()

        def f(u, analytic, sign):
            m, t = u - x, sign * r * u
            w = m / t
            F = t * c2 * (-w * w / 2).exp() + m * (w / arb(2).sqrt()).erf()
            return C * (-m * m * inv2s2).exp() * F

        tol = {"rel_tol": 2.0 ** -44}
        inner = (quad(lambda u, a: f(u, a, 1), u1, U, **tol)
                 + quad(lambda u, a: f(u, a, -1), -U, -u1, **tol))
        tail = x * 2 * _Q(K) + (1 + r) * 2 * (x * _Q(K) + s * _phi(K))
        return +(near + inner + arb(0).union(tail))


@cached
def normal_product_pdf_arb(x: arb, s: arb, r: arb, y: arb) -> arb:
    """Density of X Z at y != 0 from its definition int phi_X(u) phi_Z(y/u)/|u| du."""
    if not _narrow(x, s, r, y) or not (s > 0 and r > 0) or y.contains(0):
        return NAN()
    with ctx.workprec(ctx.prec + GUARD):
        return +dist.NormalProduct(x, s, r).pdf(y)


@cached
def cyik16_series_arb(x: arb, s: arb, r: arb, y: arb, max_terms: int = 600) -> arb:
    """The double series of azize23 eq. (Attempt 1), as printed, with a certified tail:
    exp(-x^2/(2s^2) - 1/(2r^2)) sum_n sum_{m<=2n} C(2n,m) x^m y^(2n-m) |y|^(m-n)
    / (pi (2n)! s^(n+m+1) r^(3n-m+1)) K_(m-n)(|y|/(s r)).

    Tail: sum_m |term_nm| <= c_n = |y|^n (1 + |x| r/s)^(2n) K_n(z) / (pi (2n)! s^(n+1)
    r^(3n+1)) (K_nu increasing in nu >= 0), and c_(n+1)/c_n <= A (1 + 2n/z)/((2n+2)(2n+1))
    with A = |y| (1 + |x| r/s)^2/(s r^3), from K_(n+1) = K_(n-1) + (2n/z) K_n.
    """
    if not _narrow(x, s, r, y) or not (s > 0 and r > 0) or y.contains(0):
        return NAN()
    for extra in (64, 256):
        with ctx.workprec(ctx.prec + extra):
            out = _cyik16(x, s, r, y, max_terms)
        if out.is_finite() and out.rad() < abs(out.mid()) * arb(2) ** (-ctx.prec + 8):
            break
    return +out


def _cyik16(x, s, r, y, max_terms):
    ay = abs(y)
    z = ay / (s * r)
    K = [z.bessel_k(0), z.bessel_k(1)]
    A = ay * (1 + abs(x) * r / s) ** 2 / (s * r ** 3)
    pi = arb.pi()
    total = arb(0)
    xp, yp, ayp, sp, rp = ([arb(1)] for _ in range(5))  # powers x^i, y^i, |y|^i, s^i, r^i
    ayinv = [arb(1)]
    for n in range(max_terms):
        while len(K) <= n + 1:
            nu = len(K) - 1
            K.append(K[nu - 1] + 2 * nu / z * K[nu])
        for lst, base in ((xp, x), (yp, y), (ayp, ay), (sp, s), (rp, r), (ayinv, 1 / ay)):
            while len(lst) <= 3 * n + 1:
                lst.append(lst[-1] * base)
        binom = [comb(2 * n, m) for m in range(2 * n + 1)]
        inner = arb(0)
        for m in range(2 * n + 1):
            e = m - n  # |y|^(m - n)
            inner += (binom[m] * xp[m] * yp[2 * n - m] * (ayp[e] if e >= 0 else ayinv[-e])
                      / (sp[n + m + 1] * rp[3 * n - m + 1]) * K[abs(e)])
        total += inner / (pi * factorial(2 * n))
        if n >= 1:
            q = A * (1 + 2 * n / z) / ((2 * n + 2) * (2 * n + 1))
            cn = ayp[n] * (1 + abs(x) * r / s) ** (2 * n) * K[n] / (
                pi * factorial(2 * n) * sp[n + 1] * rp[3 * n + 1])
            if q < arb(1) / 2:
                tail = cn * q / (1 - q)
                if tail < abs(total) * arb(2) ** (-ctx.prec) or tail < arb(2) ** (-2 * ctx.prec):
                    pref = (-x * x / (2 * s * s) - 1 / (2 * r * r)).exp()
                    return pref * (total + arb(0, tail.upper()))
    return NAN()


@cached
def normal_product_kl_arb(x: arb, s: arb, r: arb, xp: arb) -> arb:
    """An enclosure of KL(X Z || X' Z), X ~ N(x, s^2), X' ~ N(xp, s^2), Z ~ N(1, r^2).

    Both ends are data-processing bounds: Y = X Z is a randomised function of X, so
    KL(Y||Y') <= KL(X||X') (computed by ``divergences.kl`` from the densities); sign(Y) is a
    function of Y, so KL(Y||Y') >= the binary KL of P(Y > 0) = P(X>0)P(Z>0) + P(X<0)P(Z<0).
    """
    if not _narrow(x, s, r, xp) or not (s > 0 and r > 0):
        return NAN()
    with ctx.workprec(ctx.prec + GUARD):
        Z = dist.Normal(arb(1), r)
        pz = Z.mass(arb(0), None)

        def p_pos(mu):
            px = dist.Normal(mu, s).mass(arb(0), None)
            return px * pz + (1 - px) * (1 - pz)

        p, q = p_pos(x), p_pos(xp)
        low = p * (p / q).log() + (1 - p) * ((1 - p) / (1 - q)).log()
        high = div.kl(dist.Normal(x, s), dist.Normal(xp, s))
        return +hull(low, high)


# ------------------------------------------------------------------ densities (wasserman)

def laplace_pdf_arb(z: arb, mu: arb, b: arb) -> arb:
    """The Laplace(mu, b) density at z, from ``distributions.Laplace``."""
    with ctx.workprec(ctx.prec + GUARD):
        return +dist.Laplace(mu, b).pdf(z)


def rr_prob_arb(eps: arb, x: arb, y: arb) -> arb:
    """P(Y = y | X = x) of binary randomized response keeping x w.p. e^eps/(1 + e^eps)."""
    xx, yy = _int(x, 0, 1), _int(y, 0, 1)
    if xx is None or yy is None:
        return NAN()
    with ctx.workprec(ctx.prec + GUARD):
        return +dist.randomized_response(eps, 2, value=xx).mass(yy)


# ------------------------------------------------------------------ enumerations (wasserman)

def shift_abs_sup_arb(m1: arb, m2: arb) -> arb:
    """sup_z (|z - m2| - |z - m1|): piecewise linear with kinks m1, m2 and constant beyond
    them, so the sup is the larger of its values at the kinks."""
    return (abs(m1 - m2)).max(-abs(m2 - m1))


def _frac_arb(q: Fraction) -> arb:
    return arb(fmpq(q.numerator, q.denominator))


@lru_cache(maxsize=None)
def _mean_sens(n: int, B: int) -> Fraction:
    grid = [Fraction(B * i) for i in (-1, 0, 1)]
    best = Fraction(0)
    for data in itertools.product(grid, repeat=n):
        mean = sum(data) / n
        for i, v in itertools.product(range(n), grid):
            other = data[:i] + (v,) + data[i + 1:]
            best = max(best, abs(mean - sum(other) / n))
    return best


def mean_sensitivity_enum_arb(n: arb, B: arb) -> arb:
    """sup |mean(D) - mean(D')| over replace-one neighbours in {-B, 0, B}^n."""
    nn, BB = _int(n, 1, 5), _int(B, 1, 100)
    if nn is None or BB is None:
        return NAN()
    return _frac_arb(_mean_sens(nn, BB))


_KS_GRID = (Fraction(0), Fraction(1, 2), Fraction(1))


def _ecdf(data) -> tuple:
    return tuple(Fraction(sum(1 for d in data if d <= g), len(data)) for g in _KS_GRID)


def _ks(fa, fb) -> Fraction:
    """sup_t |F_a(t) - F_b(t)|: both step functions jump only at grid points."""
    return max(abs(a - b) for a, b in zip(fa, fb))


def _neighbours(n: int):
    """Replace-one neighbour pairs (x, y) of datasets in grid^n."""
    for data in itertools.product(range(len(_KS_GRID)), repeat=n):
        for i, v in itertools.product(range(n), range(len(_KS_GRID))):
            if v != data[i]:
                yield data, data[:i] + (v,) + data[i + 1:]


@lru_cache(maxsize=None)
def _ks_tables(n: int, k: int):
    val = lambda d: tuple(_KS_GRID[i] for i in d)  # noqa: E731
    outputs = [_ecdf(val(z)) for z in itertools.product(range(len(_KS_GRID)), repeat=k)]
    pairs = {(tuple(sorted(a)), tuple(sorted(b))) for a, b in _neighbours(n)}
    xs = {a for p in pairs for a in p}
    xi = {a: tuple(_ks(_ecdf(val(a)), fz) for fz in outputs) for a in xs}
    sens = max(abs(u - v) for a, b in pairs for u, v in zip(xi[a], xi[b]))
    return sorted(pairs), xi, sens


def ks_sensitivity_enum_arb(n: arb, k: arb) -> arb:
    """sup over replace-one x ~ y in {0, 1/2, 1}^n and z in {0, 1/2, 1}^k of
    |KS(x, z) - KS(y, z)|, KS the sup distance of the empirical cdfs."""
    nn, kk = _int(n, 1, 4), _int(k, 1, 3)
    if nn is None or kk is None:
        return NAN()
    return _frac_arb(_ks_tables(nn, kk)[2])


@cached
def expmech_ks_loss_arb(n: arb, k: arb, eps: arb) -> arb:
    """max over replace-one x ~ y and outputs z in {0, 1/2, 1}^k of log q(z|x) - log q(z|y),
    q(z|x) = exp(-eps KS(x, z)/(2 Delta)) / sum_z' exp(-eps KS(x, z')/(2 Delta)), with Delta
    the enumerated sensitivity (``ks_sensitivity_enum``)."""
    nn, kk = _int(n, 1, 4), _int(k, 1, 3)
    if nn is None or kk is None or not eps > 0:
        return NAN()
    pairs, xi, sens = _ks_tables(nn, kk)
    with ctx.workprec(ctx.prec + GUARD):
        c = eps / (2 * _frac_arb(sens))
        logq = {}
        for a, row in xi.items():
            expo = [-c * _frac_arb(v) for v in row]
            top = expo[0]
            for e in expo[1:]:
                top = top.max(e)
            lz = top + sum(((e - top).exp() for e in expo), arb(0)).log()
            logq[a] = [e - lz for e in expo]
        best = None
        for a, b in pairs:
            for u, v in zip(logq[a], logq[b]):
                best = u - v if best is None else best.max(u - v)
        return +best


_SERIES_GRID = tuple(Fraction(i, 4) for i in range(5))


@cached
def cosine_series_loss_arb(n: arb, m: arb, b: arb) -> arb:
    """sup of the log density ratio of the Laplace(b) mechanism on the coefficients
    beta_j = (1/n) sum_i psi_j(X_i), psi_j(x) = sqrt(2) cos(pi j x), j = 1..m, over
    replace-one neighbours with data in {0, 1/4, ..., 1}: max over the replaced pair of
    sum_j sup_z (|z - beta'_j| - |z - beta_j|) / b (the other records cancel)."""
    nn, mm = _int(n, 1, 10 ** 6), _int(m, 1, 50)
    if nn is None or mm is None or not b > 0:
        return NAN()
    with ctx.workprec(ctx.prec + GUARD):
        psi = {x: [arb(2).sqrt() * (arb.pi() * j * _frac_arb(x)).cos()
                   for j in range(1, mm + 1)] for x in _SERIES_GRID}
        best = arb(0)
        for x, xp in itertools.product(_SERIES_GRID, repeat=2):
            loss = sum((shift_abs_sup_arb(u / nn, v / nn) for u, v in zip(psi[x], psi[xp])),
                       arb(0))
            best = best.max(loss / b)
        return +best


# ------------------------------------------------------------------ sympy-facing functions

def _fn(name: str, impl, nargs: int, doc: str):
    cls = type(name, (OracleFunction,), {"nargs": nargs, "__doc__": doc,
                                          "arb_impl": staticmethod(impl)})
    return register(cls)


alg1_moment = _fn("alg1_moment", alg1_moment_arb, 4, "E[Y^k] of azize23 Alg. 1")
alg1_variance = _fn("alg1_variance", alg1_variance_arb, 3, "Var[Y] of azize23 Alg. 1")
alg1_abs_dev = _fn("alg1_abs_dev", alg1_abs_dev_arb, 3, "E|Y - x| of azize23 Alg. 1")
normal_product_pdf = _fn("normal_product_pdf", normal_product_pdf_arb, 4,
                         "density of X Z, X ~ N(x, s^2), Z ~ N(1, r^2), at y")
cyik16_series = _fn("cyik16_series", cyik16_series_arb, 4,
                    "the CYIK16 double series as printed in azize23")
normal_product_kl = _fn("normal_product_kl", normal_product_kl_arb, 4,
                        "KL(XZ || X'Z) enclosed by data processing")
normal_variance = _fn("normal_variance", normal_variance_arb, 2, "Var N(mu, sigma^2)")
normal_abs_dev = _fn("normal_abs_dev", normal_abs_dev_arb, 3, "E|X - c|, X ~ N(mu, sigma^2)")
laplace_sd = _fn("laplace_sd", laplace_sd_arb, 2, "sd of Laplace(mu, b)")
laplace_pdf = _fn("laplace_pdf", laplace_pdf_arb, 3, "Laplace(mu, b) density at z")
rr_prob = _fn("rr_prob", rr_prob_arb, 3, "P(Y = y | X = x) of binary randomized response")
shift_abs_sup = _fn("shift_abs_sup", shift_abs_sup_arb, 2, "sup_z |z - m2| - |z - m1|")
mean_sensitivity_enum = _fn("mean_sensitivity_enum", mean_sensitivity_enum_arb, 2,
                            "enumerated sensitivity of the mean")
ks_sensitivity_enum = _fn("ks_sensitivity_enum", ks_sensitivity_enum_arb, 2,
                          "enumerated sensitivity of the KS distance")
expmech_ks_loss = _fn("expmech_ks_loss", expmech_ks_loss_arb, 3,
                      "privacy loss of the KS exponential mechanism")
cosine_series_loss = _fn("cosine_series_loss", cosine_series_loss_arb, 3,
                         "privacy loss of the Laplace cosine-series estimator")
