"""The core claims-file functions: distribution families, divergences, conversions and
accounting (see ``dpproof.expr.vocabulary`` for the whole list), declared with ``declare``.

Distributions (``numeric_value = False``) lower to the frozen objects of
``dpproof.oracles.distributions``; divergences and helpers lower to certified arb balls.
``renyi``, ``kl``, ``hockey_stick`` and ``tv`` of a law with itself are exact
(``divergences.identical.self_pair``).
"""

from __future__ import annotations

from flint import arb

from dpproof.definedness import require

from . import conversions
from . import distributions as dist
from . import divergences as div
from .composition import rr as composition, subsampled
from ..expr.balls import at_ends
from .declare import declare
from .divergences.identical import self_hs, self_kl, self_renyi, self_tv


def _tex(fmt: str, order=None):
    """A LaTeX printer: ``fmt % args`` (printed), the arguments taken in ``order``."""
    def latex(printer, args):
        printed = [printer._print(a) for a in args]
        return fmt % tuple(printed[i] for i in (order or range(len(printed))))
    return latex


def _family(tex: str):
    """``tex(a, b, ...)``: a family's name and its arguments."""
    return lambda printer, args: r"%s\left(%s\right)" % (tex, ", ".join(printer._print(a)
                                                                         for a in args))


# ----------------------------------------------------------------- distribution families

Normal = declare("Normal", dist.Normal, 2, "N(mu, sigma^2).", distribution=True,
                 latex=_tex(r"\mathcal{N}\left(%s, \left(%s\right)^{2}\right)"))
DataDependentNormal = declare(
    "DataDependentNormal", dist.DataDependentNormal, 2, "N(x, (r x)^2).", distribution=True,
    latex=_tex(r"\mathcal{N}\left(%s, \left(%s \cdot %s\right)^{2}\right)", (0, 1, 0)))
Laplace = declare("Laplace", dist.Laplace, 2, "Laplace(mu, b).", distribution=True,
                  latex=_family(r"\mathrm{Lap}"))
Bernoulli = declare("Bernoulli", dist.Bernoulli, 1, "Bernoulli(p): P(1) = p.",
                    distribution=True, latex=_family(r"\mathrm{Ber}"))
OSGT = declare("OSGT", dist.OSGT, 3, "Offset symmetric Gaussian tail OSGT(mu, sigma, m).",
               distribution=True, latex=_family(r"\mathrm{OSGT}"))
TruncNormal = declare("TruncNormal", dist.TruncNormal, 3,
                      "N(mu, sigma^2) truncated to [mu - C, mu + C].", distribution=True,
                      latex=_family(r"\mathcal{N}_{\mathrm{trunc}}"))


# ----------------------------------------------------------------- divergences

def _renyi(P, Q, alpha):
    """D_alpha is nondecreasing in alpha (van Erven and Harremoes, IEEE Trans. Inf. Theory
    60(7), 2014, Theorem 3): on a ball of alpha, the values at its ends."""
    require(alpha > 1, alpha <= 1, f"renyi(P, Q, alpha = {alpha.str(5, radius=False)})",
            "the Renyi order alpha must be > 1")
    return at_ends(lambda a: div.renyi(P, Q, a), alpha)


def _hockey_stick(P, Q, eps):
    """H_eps = sup_A P(A) - e^eps Q(A) is nonincreasing in eps: on a ball of eps, the values
    at its ends (the enclosure over the ball itself widens with the root balls)."""
    return at_ends(lambda e: div.hockey_stick(P, Q, e), eps)


_DIV = r"\left(%s \,\middle\|\, %s\right)"
renyi = self_renyi(declare("renyi", _renyi, 3, "Renyi divergence D_alpha(P || Q), alpha > 1.",
                           latex=_tex(r"D_{%s}" + _DIV, (2, 0, 1))))
kl = self_kl(declare("kl", div.kl, 2, "Kullback-Leibler divergence KL(P || Q).",
                     latex=_tex(r"D_{\mathrm{KL}}" + _DIV)))
hockey_stick = self_hs(declare("hockey_stick", _hockey_stick, 3,
                               "Hockey-stick divergence H_eps(P || Q) = int (p - e^eps q)_+.",
                               latex=_tex(r"H_{e^{%s}}" + _DIV, (2, 0, 1))))
tv = self_tv(declare("tv", div.tv, 2, "Total variation distance.",
                     latex=_tex(r"\mathrm{TV}\left(%s, %s\right)")))


# ----------------------------------------------------------------- conversions, accounting

def _rr_compose(k, eps0, eps):
    kk = k.unique_fmpz() if isinstance(k, arb) else k
    if kk is None:
        return arb.nan()
    return composition.rr_compose_delta(int(kk), eps0, eps)


def _gauss_delta(eps, sigma, Delta):
    if Delta.is_exact() and Delta.is_zero() and sigma > 0:  # N(0, s^2) against itself
        return div.self_hockey_stick(eps)
    return div.hockey_stick(dist.Normal(arb(0), sigma), dist.Normal(Delta, sigma), eps)


def _dpsgd_eps(q, sigma, steps, delta):
    from .composition.subsampled_pld import dpsgd_eps_ball
    return dpsgd_eps_ball(q, sigma, steps, delta)


rr_compose_delta = declare(
    "rr_compose_delta", _rr_compose, 3,
    "delta(eps) of k composed eps0-DP randomized responses (Kairouz-Oh-Viswanath).",
    latex=_tex(r"\delta^{\mathrm{RR}}_{%s \times %s}\left(%s\right)"))
zcdp_eps = declare("zcdp_eps", conversions.zcdp_eps, 2,
                   "eps = rho + 2 sqrt(rho log(1/delta)) of rho-zCDP.",
                   latex=_tex(r"\varepsilon_{\mathrm{zCDP}}\left(%s, %s\right)"))
rdp_to_delta = declare(
    "rdp_to_delta", conversions.rdp_to_delta, 3,
    "delta(eps) of (alpha, tau)-RDP, exp((alpha-1)(tau-eps))/(alpha-1) (1-1/alpha)^alpha.",
    latex=_tex(r"\delta_{\mathrm{RDP}}\left(%s, %s; %s\right)"))
gauss_delta = declare(
    "gauss_delta", _gauss_delta, 3,
    "delta(eps) of the Gaussian mechanism: hockey_stick(N(0, sigma^2), N(Delta, sigma^2), eps).",
    latex=_tex(r"\delta_{\mathcal{N}}\left(%s; %s, %s\right)"))
subsampled_gaussian_rdp = declare(
    "subsampled_gaussian_rdp", subsampled.subsampled_gaussian_rdp, 3,
    "RDP of the Poisson-subsampled Gaussian at integer order alpha >= 2 (MTZ19 exact sum).",
    latex=_tex(r"\varepsilon^{\mathrm{SG}}_{%s}\left(%s, %s\right)", (2, 0, 1)))
subsampled_laplace_renyi = declare(
    "subsampled_laplace_renyi", subsampled.subsampled_laplace_renyi, 3,
    "D_alpha((1-q) Lap(0,b) + q Lap(1,b) || Lap(0,b)) at integer alpha >= 2 (exact sum).",
    latex=_tex(r"D_{%s}^{\mathrm{SL}}\left(%s, %s\right)", (2, 0, 1)))
dpsgd_eps = declare(
    "dpsgd_eps", _dpsgd_eps, 4,
    "A ball containing the optimal eps(delta) of `steps` Poisson-subsampled Gaussians "
    "(add/remove neighbours): [lower, upper] of ``dpproof.accounting.dpsgd_epsilon``.",
    latex=_tex(r"\varepsilon^{\mathrm{DP\text{-}SGD}}_{%s}\left(%s, %s; %s\right)", (2, 0, 1, 3)))

__all__ = ["Normal", "DataDependentNormal", "Laplace", "Bernoulli", "OSGT", "TruncNormal",
           "renyi", "kl", "hockey_stick", "tv", "rr_compose_delta", "zcdp_eps",
           "rdp_to_delta", "gauss_delta", "subsampled_gaussian_rdp",
           "subsampled_laplace_renyi", "dpsgd_eps"]
