"""The law of a product of normals Y = X Z, X ~ N(x, s^2), Z ~ N(1, r^2) independent
(azize23 Alg. 1: Y | X ~ N(X, (rX)^2)), from its definition, in arb: moments ``alg1_moment``,
``alg1_variance``, ``E|Y - x|`` (``alg1_abs_dev``), the density (``normal_product_pdf``), the
CYIK16 double series as printed (``cyik16_series``), an enclosure of KL(Y || Y')
(``normal_product_kl``).  A ball containing the true value, or ``nan``."""

from __future__ import annotations

from math import comb, factorial

from flint import arb, ctx

from ..balls import NAN, cached, exact_int, hull, narrow, normal_density, normal_tail
from ..declare import declares
from ..integrate import exp_quad_moments, quad, raw_moment
from ..divergences import kl as _kl
from ..moments import normal_abs_dev_arb
from . import continuous as _cont

GUARD = 30


def _normal_coef(mu, sigma):
    return _cont.Normal(mu, sigma).pieces()[0][2]


@declares("alg1_moment", 4, "E[Y^k] of azize23 Alg. 1")
def alg1_moment_arb(x: arb, s: arb, r: arb, k: arb) -> arb:
    """E[Y^k], k in {1, 2}, with Y | X = u ~ N(u, (r u)^2): Y = u + r|u| T given X = u, so
    E[Y^k] = sum_j C(k, j) r^j E[T^j] E[X^(k-j) |X|^j], each moment integrated exactly."""
    kk = exact_int(k, 1, 2)
    if kk is None:
        return NAN()
    with ctx.workprec(ctx.prec + GUARD):
        co = _normal_coef(x, s)
        pos, neg = exp_quad_moments(*co, arb(0), None), exp_quad_moments(*co, None, arb(0))
        T = exp_quad_moments(*_normal_coef(arb(0), arb(1)), None, None)
        total = arb(0)
        for j in range(kk + 1):
            xm = raw_moment(pos, kk) + (-1) ** j * raw_moment(neg, kk)  # E[X^(k-j) |X|^j]
            total += comb(kk, j) * r ** j * raw_moment(T, j) * xm
        return +total


@declares("alg1_variance", 3, "Var[Y] of azize23 Alg. 1")
def alg1_variance_arb(x: arb, s: arb, r: arb) -> arb:
    """Var[Y] = E[Y^2] - E[Y]^2 with the moments of ``alg1_moment``."""
    with ctx.workprec(ctx.prec + GUARD):
        m1 = alg1_moment_arb(x, s, r, arb(1))
        return +(alg1_moment_arb(x, s, r, arb(2)) - m1 * m1)


@declares("alg1_abs_dev", 3, "E|Y - x| of azize23 Alg. 1")
@cached
def alg1_abs_dev_arb(x: arb, s: arb, r: arb) -> arb:
    """E|Y - x| = int phi_X(u) F(u) du, F(u) = E|N(u - x, (r u)^2)| (folded normal mean).

    On |u| <= u1 = x/(1 + R r) (R = 12) F(u) = |u - x| + [0, 2 r u1 phi(R) + 2 (x + u1) Q(R)];
    on u1 <= |u| <= U by acb.integral; beyond U a Gaussian tail bound.
    """
    if not narrow(x, s, r) or not (x >= 0 and s > 0 and r > 0):
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
        near = -mid.J[1] + arb(0).union((2 * r * u1 * normal_density(R) + 2 * (x + u1) * normal_tail(R)) * mid.J[0])
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
        tail = x * 2 * normal_tail(K) + (1 + r) * 2 * (x * normal_tail(K) + s * normal_density(K))
        return +(near + inner + arb(0).union(tail))


@declares("normal_product_pdf", 4, "density of X Z, X ~ N(x, s^2), Z ~ N(1, r^2), at y")
@cached
def normal_product_pdf_arb(x: arb, s: arb, r: arb, y: arb) -> arb:
    """Density of X Z at y != 0 from its definition int phi_X(u) phi_Z(y/u)/|u| du."""
    if not narrow(x, s, r, y) or not (s > 0 and r > 0) or y.contains(0):
        return NAN()
    with ctx.workprec(ctx.prec + GUARD):
        return +_cont.NormalProduct(x, s, r).pdf(y)


@declares("cyik16_series", 4, "the CYIK16 double series as printed in azize23", oracle=False)
@cached
def cyik16_series_arb(x: arb, s: arb, r: arb, y: arb, max_terms: int = 600) -> arb:
    """The double series of azize23 eq. (Attempt 1), as printed, with a certified tail:
    exp(-x^2/(2s^2) - 1/(2r^2)) sum_n sum_{m<=2n} C(2n,m) x^m y^(2n-m) |y|^(m-n)
    / (pi (2n)! s^(n+m+1) r^(3n-m+1)) K_(m-n)(|y|/(s r)).

    Tail: sum_m |term_nm| <= c_n = |y|^n (1 + |x| r/s)^(2n) K_n(z) / (pi (2n)! s^(n+1)
    r^(3n+1)) (K_nu increasing in nu >= 0), and c_(n+1)/c_n <= A (1 + 2n/z)/((2n+2)(2n+1))
    with A = |y| (1 + |x| r/s)^2/(s r^3), from K_(n+1) = K_(n-1) + (2n/z) K_n.
    """
    if not narrow(x, s, r, y) or not (s > 0 and r > 0) or y.contains(0):
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


@declares("normal_product_kl", 4, "KL(XZ || X'Z) enclosed by data processing")
@cached
def normal_product_kl_arb(x: arb, s: arb, r: arb, xp: arb) -> arb:
    """An enclosure of KL(X Z || X' Z), X ~ N(x, s^2), X' ~ N(xp, s^2), Z ~ N(1, r^2).

    Both ends are data-processing bounds: Y = X Z is a randomised function of X, so
    KL(Y||Y') <= KL(X||X') (computed by ``divergences.kl`` from the densities); sign(Y) is a
    function of Y, so KL(Y||Y') >= the binary KL of P(Y > 0) = P(X>0)P(Z>0) + P(X<0)P(Z<0).
    """
    if not narrow(x, s, r, xp) or not (s > 0 and r > 0):
        return NAN()
    with ctx.workprec(ctx.prec + GUARD):
        Z = _cont.Normal(arb(1), r)
        pz = Z.mass(arb(0), None)

        def p_pos(mu):
            px = _cont.Normal(mu, s).mass(arb(0), None)
            return px * pz + (1 - px) * (1 - pz)

        p, q = p_pos(x), p_pos(xp)
        low = p * (p / q).log() + (1 - p) * ((1 - p) / (1 - q)).log()
        high = _kl(_cont.Normal(x, s), _cont.Normal(xp, s))
        return +hull(low, high)
