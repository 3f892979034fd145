"""Poisson-subsampled Gaussian and Laplace mechanisms: Renyi divergences, certified in arb.

Poisson subsampling with rate q of a mechanism M with sensitivity 1 gives, for a removed
record, the pair P = (1 - q) M(0) + q M(1) ("mixture") and Q = M(0).  At an integer order
alpha >= 2 the binomial expansion of E_Q[(1 - q + q p1/p0)^alpha] is a finite sum:

* Gaussian N(., sigma^2) (Mironov, Talwar, Zhang 2019, "Renyi Differential Privacy of the
  Sampled Gaussian Mechanism", Sec. 3.3, integer alpha):
  D_alpha(P||Q) = log sum_k C(alpha,k) (1-q)^(alpha-k) q^k exp((k^2 - k)/(2 sigma^2)) / (alpha-1).
  MTZ19 (Theorem 5) show D_alpha(Q||P) <= D_alpha(P||Q), so this is the RDP of the mechanism
  under add/remove neighbours.
* Laplace(., b): E_{Lap(0,b)}[(p1/p0)^k] = k/(2k-1) e^{(k-1)/b} + (k-1)/(2k-1) e^{-k/b}
  (Mironov 2017, Prop. 6, times e^{(k-1) D_k}), so D_alpha(P||Q) is the same finite sum with
  these moments.  Only the removal direction D_alpha(P||Q) is given (no dominance result is
  used for Laplace).

Fractional orders are left out: the functions return ``nan`` unless alpha is an exact
integer >= 2 (no certified remainder bound for the infinite series is implemented).
"""

from __future__ import annotations

from flint import arb, ctx

from ..balls import NAN, exact_int


def _order(alpha) -> int | None:
    """The integer order of an exact ball (or int), None if not an exact integer >= 2."""
    return exact_int(alpha, lo=2)


def _valid(q: arb, scale: arb) -> bool:
    return bool(q >= 0) and bool(q <= 1) and bool(scale > 0)


def _mixture_moment(q: arb, a: int, moment) -> arb:
    """E_Q[(1 - q + q L)^a] = sum_k C(a,k) (1-q)^(a-k) q^k E_Q[L^k] with E_Q[L^k] = moment(k)."""
    total, c = arb(0), arb(1)
    for k in range(a + 1):
        total += c * (1 - q) ** (a - k) * q ** k * moment(k)
        c = c * (a - k) / (k + 1)
    return total


def subsampled_gaussian_rdp(q: arb, sigma: arb, alpha) -> arb:
    """D_alpha of the Poisson-subsampled Gaussian (rate q, noise sigma, sensitivity 1).

    Exact finite sum of MTZ19 at integer alpha >= 2; ``nan`` otherwise (see module docstring).
    """
    a = _order(alpha)
    if a is None or not _valid(q, sigma):
        return NAN()
    with ctx.workprec(ctx.prec + 2 * a.bit_length() + 20):
        s2 = 2 * sigma * sigma
        A = _mixture_moment(q, a, lambda k: (arb(k * k - k) / s2).exp())
        out = A.log() / (a - 1)
    return +out


def _laplace_moment(b: arb, k: int) -> arb:
    if k <= 1:
        return arb(1)
    return (k * ((k - 1) / b).exp() + (k - 1) * (-k / b).exp()) / (2 * k - 1)


def subsampled_laplace_renyi(q: arb, b: arb, alpha) -> arb:
    """D_alpha((1-q) Lap(0,b) + q Lap(1,b) || Lap(0,b)) at integer alpha >= 2 (exact sum)."""
    a = _order(alpha)
    if a is None or not _valid(q, b):
        return NAN()
    with ctx.workprec(ctx.prec + 2 * a.bit_length() + 20):
        out = _mixture_moment(q, a, lambda k: _laplace_moment(b, k)).log() / (a - 1)
    return +out


def rdp_to_eps(alpha: int, tau: arb, delta: arb) -> arb:
    """eps of (alpha, tau)-RDP at delta, Canonne-Kamath-Steinke 2020 (Prop. 12) / Balle et al.
    2020: eps = tau + (log(1/delta) + (alpha-1) log(1 - 1/alpha) - log(alpha)) / (alpha - 1)."""
    a = arb(alpha)
    return tau + ((1 / delta).log() + (a - 1) * (1 - 1 / a).log() - a.log()) / (a - 1)


def rdp_to_eps_classic(alpha: int, tau: arb, delta: arb) -> arb:
    """eps of (alpha, tau)-RDP at delta, Mironov 2017 Prop. 3: tau + log(1/delta)/(alpha-1)."""
    return tau + (1 / delta).log() / (alpha - 1)


def dpsgd_rdp_epsilon(q: arb, sigma: arb, steps: int, delta: arb,
                      orders=tuple(range(2, 257)), improved: bool = True) -> tuple[arb, int]:
    """Upper bound on the eps of ``steps`` composed subsampled Gaussians via integer-order RDP.

    RDP composes additively; each order gives a valid bound, the smallest is returned with
    its order.  ``improved`` selects the CKS/Balle conversion, else Mironov's.
    """
    convert = rdp_to_eps if improved else rdp_to_eps_classic
    best, best_a = None, None
    for a in orders:
        eps = convert(a, steps * subsampled_gaussian_rdp(q, sigma, a), delta)
        if eps.is_finite() and (best is None or eps.upper() < best.upper()):
            best, best_a = eps, a
    return (best if best is not None else NAN()), best_a
