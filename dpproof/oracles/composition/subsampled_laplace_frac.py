"""Renyi divergences of the Poisson-subsampled Laplace at real orders, both directions, certified.

P = (1 - q) Lap(0, b) + q Lap(1, b), Q = Lap(0, b), a = 1/b; the ratio r = Lap(1, b)/Lap(0, b)
is e^{-a} on x < 0, e^{a(2x - 1)} on [0, 1], e^{a} on x > 1.  With
F(e) = E_Q[(1 - q + q r)^e] = (1 - q + q e^{-a})^e / 2 + e^{-a} (1 - q + q e^{a})^e / 2
       + int_0^1 (a/2) e^{-a x} (1 - q + q e^{a(2x - 1)})^e dx
(the two tails exactly, the middle by ``integrate.quad``: ``acb.integral``, an analytic
integrand whose log's branch cut is refused through the ``analytic`` flag),
D_alpha(P || Q) = log F(alpha)/(alpha - 1) (removal) and D_alpha(Q || P) = log F(1 - alpha)/
(alpha - 1) (addition: q^alpha p^(1-alpha) = q (p/q)^(1-alpha)).  At alpha = inf: log(1 - q +
q e^a) and -log(1 - q + q e^{-a}).
"""

from __future__ import annotations

from flint import acb, arb

from ..integrate import quad


def _f(q: arb, b: arb, e: arb) -> arb:
    a = 1 / b
    lo, hi = 1 - q + q * (-a).exp(), 1 - q + q * a.exp()
    tails = (e * lo.log()).exp() / 2 + (-a).exp() * (e * hi.log()).exp() / 2
    qa, aa, ea = acb(q), acb(a), acb(e)

    def mid(z, analytic):
        base = 1 - qa + qa * (aa * (2 * z - 1)).exp()
        return aa / 2 * (-aa * z).exp() * (ea * base.log(analytic=analytic)).exp()

    return tails + quad(mid, arb(0), arb(1))


def subsampled_laplace_renyi_dirs(q: arb, b: arb, alpha: arb) -> tuple[arb, arb]:
    """(D_alpha(P || Q), D_alpha(Q || P)) of the module docstring; 0 <= q <= 1, b > 0,
    alpha > 1 (a real ball)."""
    return (_f(q, b, alpha).log() / (alpha - 1), _f(q, b, 1 - alpha).log() / (alpha - 1))


def subsampled_laplace_inf(q: arb, b: arb) -> tuple[arb, arb]:
    """The two directions at alpha = inf: the largest log-ratios."""
    a = 1 / b
    return (1 - q + q * a.exp()).log(), -(1 - q + q * (-a).exp()).log()
