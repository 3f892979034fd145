"""Renyi divergence of the Poisson-subsampled Gaussian at real orders alpha > 1, certified.

D_alpha(P || Q) = log A_alpha / (alpha - 1), P = (1 - q) N(0, s^2) + q N(1, s^2), Q = N(0, s^2),
A_alpha = E_Q[((1 - q) + q mu1/mu0)^alpha].  Mironov, Talwar, Zhang 2019 ("Renyi Differential
Privacy of the Sampled Gaussian Mechanism", Sec. 3.3) split the integral at
z0 = 1/2 + s^2 log(1/q - 1), where (1 - q) mu0 = q mu1, and expand each part in a binomial
series that converges there (ratio <= 1):

    A1 = (1-q)^alpha sum_k C(alpha, k) I_k,
         I_k = (q/(1-q))^k e^{(k^2 - k)/(2 s^2)} Phi((z0 - k)/s);
    A2 = sum_k C(alpha, k) J_k,
         J_k = q^m (1-q)^k e^{(m^2 - m)/(2 s^2)} Q((z0 - m)/s),  m = alpha - k

(I_k = int_{-oo}^{z0} mu0 r^k with r = q mu1 / ((1-q) mu0) <= 1 there; J_k = int_{z0}^{oo}
mu0 (q mu1/mu0)^alpha t^k with t = 1/r <= 1 there.)  Certified tails: for K > alpha,
|C(alpha, k+1)/C(alpha, k)| = (k - alpha)/(k + 1) gives |C(alpha, k)| <= |C(alpha, K)|
((K+1)/(k+1))^{alpha+1}, so sum_{k>=K} |C(alpha, k)| <= |C(alpha, K)| (1 + (K+1)/alpha); and
I_k <= I_K, J_k <= J_K for k >= K (r, t <= 1 on the ranges).  The tails enter the result as
ball radii (after at most MAX_TERMS terms: the series converge like k^-(alpha+1), so where z0
is small the result keeps a radius).  C(alpha, k) keeps its sign: for k > alpha (alpha not an
integer) the signs alternate.  At integer alpha the series stop and the sum is the finite one
of ``subsampled.subsampled_gaussian_rdp``.
"""

from __future__ import annotations

from flint import arb, ctx

from dpproof.definedness import require

from ...expr.stable import ExpErfc
from ..declare import declares

MAX_TERMS = 20_000  # then the (certified) tail is what remains as the radius
GUARD_BITS = 64  # series stop once the tail is below 2^-64 of the sum
CHECK = 64  # terms between tail checks


def _series(alpha: arb, term, guard: arb) -> arb:
    """sum_k C(alpha, k) term(k) with the certified tail above (term non-increasing past alpha)."""
    total, c = arb(0), arb(1)
    k = 0
    amax = int(alpha.upper().ceil().unique_fmpz())
    while True:
        t = term(k)
        if k > amax and k % CHECK == 0:
            tail = abs(c) * t * (1 + (k + 1) / alpha)
            if tail.upper() < guard * abs(total).lower() or k >= MAX_TERMS or c == 0:
                return total + arb(0, tail.upper())
        total += c * t
        c = c * (alpha - k) / (k + 1)
        k += 1


def _a_alpha(q: arb, s: arb, alpha: arb) -> arb:
    s2 = 2 * s * s
    z0 = arb(1) / 2 + s * s * (1 / q - 1).log()
    lr = (q / (1 - q)).log()
    guard = arb(2) ** -min(ctx.prec, GUARD_BITS)

    half = arb(2).log()

    def tail(a: arb, x: arb) -> arb:
        """e^a Q(x) = e^(a - log 2) erfc(x / sqrt 2), a huge factor times a tiny tail."""
        z = x / arb(2).sqrt()
        return ExpErfc.arb_impl(a - half, a - half - z * z, z)

    def i_k(k):
        return tail(k * lr + arb(k * k - k) / s2, (k - z0) / s)

    def j_k(k):
        m = alpha - k
        return tail(m * q.log() + k * (1 - q).log() + (m * m - m) / s2, (z0 - m) / s)

    a1 = (1 - q) ** alpha * _series(alpha, i_k, guard)
    a2 = _series(alpha, j_k, guard)
    return a1 + a2


@declares("subsampled_gaussian_renyi", 3,
          "D_alpha((1-q) N(0, sigma^2) + q N(1, sigma^2) || N(0, sigma^2)) at real alpha > 1 "
          "(MTZ19 Sec. 3.3 split series, certified tails); the RDP of the Poisson-subsampled "
          "Gaussian in MTZ19.", guard=20,
          latex=lambda printer, args: r"D_{%s}^{\mathrm{SG}}\left(%s, %s\right)" % tuple(
              printer._print(args[i]) for i in (2, 0, 1)))
def subsampled_gaussian_renyi_arb(q: arb, sigma: arb, alpha: arb) -> arb:
    """The module docstring's D_alpha for 0 < q < 1, sigma > 0, alpha > 1 (balls)."""
    ok = bool(q > 0) and bool(q < 1) and bool(sigma > 0) and bool(alpha > 1)
    bad = bool(q <= 0) or bool(q >= 1) or bool(sigma <= 0) or bool(alpha <= 1)
    require(ok, bad, f"subsampled_gaussian_renyi(q = {q.str(5, radius=False)}, sigma = "
            f"{sigma.str(5, radius=False)}, alpha = {alpha.str(5, radius=False)})",
            "needs 0 < q < 1, sigma > 0 and alpha > 1")
    return _a_alpha(q, sigma, alpha).log() / (alpha - 1)


__all__ = ["subsampled_gaussian_renyi", "subsampled_gaussian_renyi_arb"]
