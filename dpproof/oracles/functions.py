"""Sympy-facing oracle functions, registered for claims (see ``dpproof.expr.functions``).

Distributions (``numeric_value = False``) lower to the frozen objects of
``dpproof.oracles.distributions``; divergences and helpers lower to certified arb balls.
"""

from __future__ import annotations

from flint import arb

from dpproof.definedness import require
from dpproof.expr.functions import DistributionFunction, OracleFunction, register

from . import conversions
from .composition import rr as composition, subsampled
from . import distributions as dist
from . import divergences as div
from .divergences.identical import self_hs, self_kl, self_renyi, self_tv


class _Distribution(DistributionFunction):
    _tex = ""

    def _latex(self, printer):
        args = ", ".join(printer._print(a) for a in self.args)
        return r"%s\left(%s\right)" % (self._tex, args)


_Oracle = OracleFunction


@register
class Normal(_Distribution):
    """N(mu, sigma^2)."""
    nargs = 2

    def _latex(self, printer):
        mu, s = (printer._print(a) for a in self.args)
        return r"\mathcal{N}\left(%s, \left(%s\right)^{2}\right)" % (mu, s)

    @staticmethod
    def arb_impl(mu, sigma):
        return dist.Normal(mu, sigma)


@register
class DataDependentNormal(_Distribution):
    """N(x, (r x)^2)."""
    nargs = 2

    def _latex(self, printer):
        x, r = (printer._print(a) for a in self.args)
        return r"\mathcal{N}\left(%s, \left(%s \cdot %s\right)^{2}\right)" % (x, r, x)

    @staticmethod
    def arb_impl(x, r):
        return dist.DataDependentNormal(x, r)


@register
class Laplace(_Distribution):
    """Laplace(mu, b)."""
    nargs = 2
    _tex = r"\mathrm{Lap}"

    @staticmethod
    def arb_impl(mu, b):
        return dist.Laplace(mu, b)


@register
class Bernoulli(_Distribution):
    """Bernoulli(p): P(1) = p."""
    nargs = 1
    _tex = r"\mathrm{Ber}"

    @staticmethod
    def arb_impl(p):
        return dist.Bernoulli(p)


@register
class OSGT(_Distribution):
    """Offset symmetric Gaussian tail OSGT(mu, sigma, m)."""
    nargs = 3
    _tex = r"\mathrm{OSGT}"

    @staticmethod
    def arb_impl(mu, sigma, m):
        return dist.OSGT(mu, sigma, m)


@register
class TruncNormal(_Distribution):
    """N(mu, sigma^2) truncated to [mu - C, mu + C]."""
    nargs = 3
    _tex = r"\mathcal{N}_{\mathrm{trunc}}"

    @staticmethod
    def arb_impl(mu, sigma, C):
        return dist.TruncNormal(mu, sigma, C)


def _pq(printer, args):
    return printer._print(args[0]), printer._print(args[1])


@register
@self_renyi
class renyi(_Oracle):
    """Renyi divergence D_alpha(P || Q), alpha > 1."""
    nargs = 3

    def _latex(self, printer):
        p, q = _pq(printer, self.args)
        return r"D_{%s}\left(%s \,\middle\|\, %s\right)" % (printer._print(self.args[2]), p, q)

    @staticmethod
    def arb_impl(P, Q, alpha):
        require(alpha > 1, alpha <= 1, f"renyi(P, Q, alpha = {alpha.str(5, radius=False)})",
                "the Renyi order alpha must be > 1")
        return div.renyi(P, Q, alpha)


@register
@self_kl
class kl(_Oracle):
    """Kullback-Leibler divergence KL(P || Q)."""
    nargs = 2

    def _latex(self, printer):
        return r"D_{\mathrm{KL}}\left(%s \,\middle\|\, %s\right)" % _pq(printer, self.args)

    @staticmethod
    def arb_impl(P, Q):
        return div.kl(P, Q)


@register
@self_hs
class hockey_stick(_Oracle):
    """Hockey-stick divergence H_eps(P || Q) = int (p - e^eps q)_+."""
    nargs = 3

    def _latex(self, printer):
        p, q = _pq(printer, self.args)
        return r"H_{e^{%s}}\left(%s \,\middle\|\, %s\right)" % (
            printer._print(self.args[2]), p, q)

    @staticmethod
    def arb_impl(P, Q, eps):
        return div.hockey_stick(P, Q, eps)


@register
@self_tv
class tv(_Oracle):
    """Total variation distance."""
    nargs = 2

    def _latex(self, printer):
        return r"\mathrm{TV}\left(%s, %s\right)" % _pq(printer, self.args)

    @staticmethod
    def arb_impl(P, Q):
        return div.tv(P, Q)


@register
class rr_compose_delta(_Oracle):
    """delta(eps) of k composed eps0-DP randomized responses (Kairouz-Oh-Viswanath)."""
    nargs = 3

    def _latex(self, printer):
        k, e0, e = (printer._print(a) for a in self.args)
        return r"\delta^{\mathrm{RR}}_{%s \times %s}\left(%s\right)" % (k, e0, e)

    @staticmethod
    def arb_impl(k, eps0, eps):
        kk = k.unique_fmpz() if isinstance(k, arb) else k
        if kk is None:
            return arb.nan()
        return composition.rr_compose_delta(int(kk), eps0, eps)


@register
class zcdp_eps(_Oracle):
    """eps = rho + 2 sqrt(rho log(1/delta)) of rho-zCDP."""
    nargs = 2

    def _latex(self, printer):
        return r"\varepsilon_{\mathrm{zCDP}}\left(%s, %s\right)" % _pq(printer, self.args)

    @staticmethod
    def arb_impl(rho, delta):
        return conversions.zcdp_eps(rho, delta)


@register
class rdp_to_delta(_Oracle):
    """delta(eps) of (alpha, tau)-RDP, exp((alpha-1)(tau-eps))/(alpha-1) (1-1/alpha)^alpha."""
    nargs = 3

    def _latex(self, printer):
        a, t, e = (printer._print(x) for x in self.args)
        return r"\delta_{\mathrm{RDP}}\left(%s, %s; %s\right)" % (a, t, e)

    @staticmethod
    def arb_impl(alpha, tau, eps):
        return conversions.rdp_to_delta(alpha, tau, eps)


@register
class gauss_delta(_Oracle):
    """delta(eps) of the Gaussian mechanism: hockey_stick(N(0, sigma^2), N(Delta, sigma^2), eps)."""
    nargs = 3

    def _latex(self, printer):
        e, s, d = (printer._print(x) for x in self.args)
        return r"\delta_{\mathcal{N}}\left(%s; %s, %s\right)" % (e, s, d)

    @staticmethod
    def arb_impl(eps, sigma, Delta):
        if Delta.is_exact() and Delta.is_zero() and sigma > 0:  # N(0, s^2) against itself
            return div.self_hockey_stick(eps)
        return div.hockey_stick(dist.Normal(arb(0), sigma), dist.Normal(Delta, sigma), eps)


@register
class subsampled_gaussian_rdp(_Oracle):
    """RDP of the Poisson-subsampled Gaussian at integer order alpha >= 2 (MTZ19 exact sum)."""
    nargs = 3

    def _latex(self, printer):
        q, s, a = (printer._print(x) for x in self.args)
        return r"\varepsilon^{\mathrm{SG}}_{%s}\left(%s, %s\right)" % (a, q, s)

    @staticmethod
    def arb_impl(q, sigma, alpha):
        return subsampled.subsampled_gaussian_rdp(q, sigma, alpha)


@register
class subsampled_laplace_renyi(_Oracle):
    """D_alpha((1-q) Lap(0,b) + q Lap(1,b) || Lap(0,b)) at integer alpha >= 2 (exact sum)."""
    nargs = 3

    def _latex(self, printer):
        q, b, a = (printer._print(x) for x in self.args)
        return r"D_{%s}^{\mathrm{SL}}\left(%s, %s\right)" % (a, q, b)

    @staticmethod
    def arb_impl(q, b, alpha):
        return subsampled.subsampled_laplace_renyi(q, b, alpha)


@register
class dpsgd_eps(_Oracle):
    """A ball containing the optimal eps(delta) of `steps` Poisson-subsampled Gaussians
    (add/remove neighbours): [lower, upper] of ``dpproof.accounting.dpsgd_epsilon``."""
    nargs = 4

    def _latex(self, printer):
        q, s, t, d = (printer._print(x) for x in self.args)
        return r"\varepsilon^{\mathrm{DP\text{-}SGD}}_{%s}\left(%s, %s; %s\right)" % (t, q, s, d)

    @staticmethod
    def arb_impl(q, sigma, steps, delta):
        from .composition.subsampled_pld import dpsgd_eps_ball
        return dpsgd_eps_ball(q, sigma, steps, delta)


__all__ = ["Normal", "DataDependentNormal", "Laplace", "Bernoulli", "OSGT", "TruncNormal",
           "renyi", "kl", "hockey_stick", "tv", "rr_compose_delta", "zcdp_eps",
           "rdp_to_delta", "gauss_delta", "subsampled_gaussian_rdp",
           "subsampled_laplace_renyi", "dpsgd_eps"]
