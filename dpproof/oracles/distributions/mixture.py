"""``Mixture(w, P, Q)`` = (1 - w) P + w Q, and its hockey stick from the definition.

* Discrete P, Q: the mixed mass vector (the shorter padded with zeros); every divergence of
  discrete laws applies.
* Normal laws (or mixtures of them) with one common sigma (exactly equal balls): a
  ``NormalMixture`` sum_i w_i N(m_i, sigma^2).  ``hockey_stick`` takes it against one normal
  N(m0, sigma^2) of the same sigma, either side, when every m_i >= m0 or every m_i <= m0:
  then L(x) = log p/q(x) = log sum_i w_i e^{(2x - m_i - m0)(m_i - m0)/(2 sigma^2)} is
  monotone, {p > e^eps q} is a half-line beyond the crossing x* (certified bisection), and
  H_eps = P(A) - e^eps Q(A) on that half-line A (normal tails), evaluated on the ball of x*
  (the subsampled Gaussian's pair: ``Mixture(q, Normal(0, s), Normal(1, s))`` vs
  ``Normal(0, s)``).  Other divergences of a ``NormalMixture`` are refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from flint import arb, ctx

from dpproof.definedness import require

from ..balls import NAN, normal_tail
from ..declare import declare
from .continuous import Normal, _check_probability
from .discrete import Discrete

BISECTIONS = 80


@dataclass(frozen=True)
class NormalMixture:
    """sum_i weights[i] N(means[i], sigma^2) (weights sum to 1)."""

    weights: tuple
    means: tuple
    sigma: arb


def _parts(P):
    if isinstance(P, NormalMixture):
        return list(zip(P.weights, P.means)), P.sigma
    if isinstance(P, Normal):
        return [(arb(1), P.mu)], P.sigma
    return None, None


def mixture(w: arb, P, Q):
    """(1 - w) P + w Q (module docstring); w in [0, 1]."""
    _check_probability("Mixture w", w)
    if isinstance(P, Discrete) and isinstance(Q, Discrete):
        n = max(len(P.masses), len(Q.masses))
        pad = lambda m: tuple(m) + (arb(0),) * (n - len(m))  # noqa: E731
        return Discrete(tuple((1 - w) * a + w * b for a, b in zip(pad(P.masses),
                                                                  pad(Q.masses))))
    (a, sa), (b, sb) = _parts(P), _parts(Q)
    if a is None or b is None or not (sa.is_exact() and sb.is_exact() and sa == sb):
        raise ValueError("Mixture takes two discrete laws, or normal laws (or mixtures of "
                         "them) with one exactly equal sigma")
    parts = [((1 - w) * x, m) for x, m in a] + [(w * x, m) for x, m in b]
    return NormalMixture(tuple(x for x, _ in parts), tuple(m for _, m in parts), sa)


def _loss(parts, m0: arb, s2: arb, x: arb) -> arb:
    return sum((wi * ((2 * x - mi - m0) * (mi - m0) / (2 * s2)).exp() for wi, mi in parts),
               arb(0)).log()


def _tail(parts, sigma: arb, x: arb, right: bool) -> arb:
    """Mass of (x, inf) (right) or (-inf, x) of sum w_i N(m_i, sigma^2)."""
    return sum((wi * normal_tail((x - mi) / sigma if right else (mi - x) / sigma)
                for wi, mi in parts), arb(0))


def mixture_hockey_stick(P, Q, eps: arb) -> arb:
    """H_eps(P || Q) for a NormalMixture against one normal of the same sigma, either side
    (module docstring); nan where the crossing is not certified."""
    mix_first = isinstance(P, NormalMixture)
    M, N = (P, Q) if mix_first else (Q, P)
    if not isinstance(N, Normal):
        raise TypeError("hockey_stick of a Mixture is implemented against one Normal law")
    parts, sigma, m0 = list(zip(M.weights, M.means)), M.sigma, N.mu
    require(bool(sigma == N.sigma) and sigma.is_exact() and N.sigma.is_exact(),
            not sigma.overlaps(N.sigma), "hockey_stick(Mixture, Normal)",
            "the normal must have the mixture's sigma")
    up = all(bool(m >= m0) for _, m in parts)
    if not (up or all(bool(m <= m0) for _, m in parts)):
        raise TypeError("hockey_stick of a Mixture needs every mean on one side of the "
                        "normal's mean (a monotone privacy loss)")
    s2 = sigma * sigma
    # the loss of P vs Q is sign * L, L = log m/n increasing (up) or decreasing in x
    sign = 1 if mix_first else -1
    target = sign * eps  # {P > e^eps Q} = {L > eps} (mix first) or {L < -eps}
    want_right = up == mix_first  # the half-line is to the right of x*

    def inside(x):  # certified: x in the half-line (True), outside (False), else None
        v = _loss(parts, m0, s2, x)
        yes, no = (v > target, v < target) if mix_first else (v < target, v > target)
        return True if yes else (False if no else None)

    # L > log(edge) everywhere, its limit at the far end: no crossing beyond it
    if all(bool(m == m0) or not m.overlaps(m0) for _, m in parts):
        edge = sum((wi for wi, m in parts if bool(m == m0)), arb(0))
        if edge > 0 and mix_first and eps < edge.log():
            return 1 - eps.exp()  # {L > eps} is the whole line
        if edge > 0 and not mix_first and -eps <= edge.log():
            return arb(0)  # {L < -eps} is empty
    # a point the loss leaves undecided at this precision is (about) x* itself: a dyadic
    # crossing (x* = 1/2 + eps for the subsampled Gaussian's pair at eps = 1) is met
    # exactly by the bracket's ends and midpoints; a nudge far above the loss's rounding
    # and far below what the tails resolve moves a probe off it (red round 10)
    nudge = arb(2) ** -(ctx.prec // 2)
    lo, hi = m0 - 1, m0 + 1  # a bracket: the ends on both sides of x*
    for _ in range(64):
        a, b = inside(lo), inside(hi)
        if a is None:
            lo = lo - nudge
            a = inside(lo)
        if b is None:
            hi = hi + nudge
            b = inside(hi)
        if None in (a, b):
            return NAN()
        if a != b:
            break
        if a == want_right:  # inside right of x* and both inside, or the mirror: x* < lo
            lo = lo - (hi - lo)
        else:
            hi = hi + (hi - lo)
    else:
        return NAN()
    for _ in range(max(BISECTIONS, ctx.prec + 8)):
        mid = arb(((lo + hi) / 2).mid())
        r = inside(mid)
        if r is None:   # the narrowest nudged bracket about mid, if narrower than this one
            for k in (ctx.prec - 16, 3 * ctx.prec // 4, ctx.prec // 2):
                d = arb(2) ** -k
                if not 2 * d < hi - lo:
                    break
                left, right = inside(mid - d), inside(mid + d)
                if left == a and right is not None and right != a:
                    lo, hi = mid - d, mid + d
                    break
            break
        lo, hi = (mid, hi) if r == a else (lo, mid)
    x = lo.union(hi)
    pm, nm = _tail(parts, sigma, x, want_right), _tail([(arb(1), m0)], sigma, x, want_right)
    p_mass, q_mass = (pm, nm) if mix_first else (nm, pm)
    return (p_mass - eps.exp() * q_mass).max(arb(0))


Mixture = declare("Mixture", mixture, 3, "(1 - w) P + w Q.", distribution=True)

__all__ = ["Mixture", "NormalMixture", "mixture", "mixture_hockey_stick"]
