"""Claims-file functions of the certified accountant: ``dpsgd_delta`` and ``zcdp_delta``.

* ``dpsgd_delta(q, sigma, steps, eps)``: a ball containing delta(eps) of ``steps`` Poisson-
  subsampled Gaussians (add/remove, sensitivity 1), the max over both directions of
  H_eps((1-q) N(0, s^2) + q N(1, s^2) || N(0, s^2)) composed (``subsampled_pld_delta``).
  delta is nondecreasing in q and steps and nonincreasing in sigma and eps (the pair at
  q' < q is the one at q through the kernel x -> x w.p. q'/q, else a fresh N(0, s^2) sample;
  at sigma' > sigma through adding N(0, sigma'^2 - sigma^2); data processing), so a ball of
  arguments is answered by the brackets at its two extreme corners.
* ``zcdp_delta(rho, eps)``: the optimal conversion of rho-zCDP to (eps, delta)-DP of
  Canonne-Kamath-Steinke 2020 (arXiv:2004.00010, Prop. 12 at every order alpha):
  delta = inf_{alpha > 1} exp((alpha - 1)(alpha rho - eps))/(alpha - 1) (1 - 1/alpha)^alpha
  (``conversions.zcdp_delta_optimal``).  A theorem's bound, not a pair's divergence: claims
  compare it with a divergence computed from the definition (``hockey_stick``).
"""

from __future__ import annotations

from flint import arb, ctx

from dpproof.definedness import require

from ..conversions import zcdp_delta_optimal
from ..declare import declares
from .subsampled_pld_delta import dpsgd_delta_bracket


def _s(x: arb) -> str:
    return x.str(5, radius=False)


@declares("dpsgd_delta", 4,
          "A certified ball containing delta(eps) of `steps` Poisson-subsampled Gaussians "
          "(add/remove, sensitivity 1), both directions.", ints=(2,),
          latex=lambda printer, args: r"\delta^{\mathrm{DP\text{-}SGD}}_{%s}\left(%s, %s; "
          r"%s\right)" % tuple(printer._print(args[i]) for i in (2, 0, 1, 3)))
def dpsgd_delta_arb(q: arb, sigma: arb, steps: int, eps: arb) -> arb:
    """The module docstring's delta for 0 < q <= 1, sigma > 0, steps >= 1, eps >= 0."""
    ok = bool(q > 0) and bool(q <= 1) and bool(sigma > 0) and steps >= 1 and bool(eps >= 0)
    bad = bool(q <= 0) or bool(q > 1) or bool(sigma <= 0) or steps < 1 or bool(eps < 0)
    require(ok, bad, f"dpsgd_delta(q = {_s(q)}, sigma = {_s(sigma)}, steps = {steps}, eps = "
            f"{_s(eps)})", "needs 0 < q <= 1, sigma > 0, an integer steps >= 1 and eps >= 0")
    with ctx.workprec(128):
        hi_corner = dpsgd_delta_bracket(arb(q.upper()), arb(sigma.lower()), steps,
                                        arb(eps.lower()))
        lo_corner = hi_corner if all(x.is_exact() for x in (q, sigma, eps)) else \
            dpsgd_delta_bracket(arb(q.lower()), arb(sigma.upper()), steps, arb(eps.upper()))
        lo, hi = lo_corner[0], hi_corner[1]
        return arb(lo.lower()).max(arb(0)).union(arb(hi.upper()).min(arb(1)))


@declares("zcdp_delta", 2,
          "The optimal delta(eps) of rho-zCDP (Canonne-Kamath-Steinke 2020): inf over "
          "alpha > 1 of exp((alpha-1)(alpha rho - eps))/(alpha-1) (1-1/alpha)^alpha.",
          latex=lambda printer, args: r"\delta_{\mathrm{zCDP}}\left(%s; %s\right)" % tuple(
              printer._print(a) for a in args))
def zcdp_delta_arb(rho: arb, eps: arb) -> arb:
    """The module docstring's conversion for rho > 0 and real eps (balls): each alpha's
    objective grows with rho and falls with eps, so does the infimum; a ball of arguments is
    answered by the values at its two extreme corners."""
    require(bool(rho > 0), bool(rho <= 0), f"zcdp_delta(rho = {_s(rho)}, eps = {_s(eps)})",
            "needs rho > 0")
    if rho.is_exact() and eps.is_exact():
        return zcdp_delta_optimal(rho, eps)
    return zcdp_delta_optimal(arb(rho.lower()), arb(eps.upper())).union(
        zcdp_delta_optimal(arb(rho.upper()), arb(eps.lower())))


__all__ = ["dpsgd_delta", "dpsgd_delta_arb", "zcdp_delta", "zcdp_delta_arb"]
