"""Hockey-stick divergence H_eps = int (p - e^eps q)_+ and total variation H_0, from the
definition; each continuous piece split at the roots of the privacy loss (``hs_pieces``)."""

from __future__ import annotations

from flint import arb

from ..balls import NAN, pos
from ..distributions import Discrete, Normal, ProductDistribution
from ..distributions.mixture import NormalMixture, mixture_hockey_stick
from ..integrate import exp_quad_integral
from .hs_pieces import hs_piece
from .pieces import Zone, _dispatch, _refine, quad_range, same_point


def hockey_stick(P, Q, eps: arb) -> arb:
    """H_eps(P || Q) = int (p - e^eps q)_+  (the smallest delta of (eps, delta)-DP).

    For P = Q it is (1 - e^eps)_+ exactly (0 for eps >= 0)."""
    if same_point(P, Q):
        return self_hockey_stick(eps)
    if isinstance(P, NormalMixture) or isinstance(Q, NormalMixture):
        return mixture_hockey_stick(P, Q, eps)
    return _dispatch(P, Q, lambda p, q: _hs_cont(p, q, eps),
                     lambda p, q: _hs_disc(p, q, eps), lambda p, q: _hs_prod(p, q, eps))


def self_hockey_stick(eps: arb) -> arb:
    """H_eps(P || P) = (1 - e^eps)_+, exact 0 where eps >= 0."""
    return pos(-eps.expm1()) if not eps >= 0 else arb(0)


def tv(P, Q) -> arb:
    """Total variation sup_A |P(A) - Q(A)| = int (p - q)_+."""
    return hockey_stick(P, Q, arb(0))


def _hs_disc(p, q, eps) -> arb:
    ee = eps.exp()
    return sum((pos(pi - ee * qi) for pi, qi in zip(p, q)), arb(0))


def _hs_prod(P, Q, eps) -> arb:
    """A factor common to both products is dropped (exactly: H_eps(P1 x R || Q1 x R) =
    sum_y r(y) H_eps(P1 || Q1) = H_eps(P1 || Q1)); the rest is enumerated."""
    kept = [(p, q) for p, q in zip(P.components, Q.components) if not same_point(p, q)]
    if not kept:
        return self_hockey_stick(eps)
    if all(isinstance(c, Discrete) for pair in kept for c in pair):
        P, Q = (ProductDistribution(tuple(pair[i] for pair in kept)) for i in (0, 1))
        return _hs_disc(P.joint_discrete().masses, Q.joint_discrete().masses, eps)
    shift = _normal_shift(kept)
    if shift is None:
        raise TypeError("hockey_stick of products: the differing factors must all be finite "
                        "laws, or all normals of one scale per coordinate")
    if not shift.is_finite():
        return shift
    return _hs_cont(Normal(arb(0), arb(1)), Normal(shift, arb(1)), eps)


def _normal_shift(pairs) -> arb | None:
    """For pairs N(mu_i, s_i) / N(nu_i, s_i), the distance sqrt(sum ((mu_i - nu_i)/s_i)^2):
    the product of the P's against that of the Q's is N(0, 1) against N(shift, 1) in the
    direction of the mean difference, every orthogonal direction common to both (a rotation
    of the standardised coordinates, which keeps every divergence).  None for other pairs;
    nan (no enclosure) when a scale is not certainly the same on both sides: balls of a
    parameter on a box are not exact, and the symbolic derivation decides those claims."""
    total = arb(0)
    for p, q in pairs:
        if not (type(p) is type(q) is Normal):
            return None
        if not (p.sigma.is_exact() and q.sigma.is_exact()):
            return NAN()
        if p.sigma != q.sigma:
            return None
        d = (p.mu - q.mu) / p.sigma
        total += d * d
    return total.sqrt()


def _hs_cont(P, Q, eps) -> arb:
    ee = eps.exp()
    total = arb(0)

    def zf(cp, cq, Y):
        if cp is None:
            return arb(0)
        p = quad_range(cp, Y).exp()
        return p if cq is None else pos(p - ee * quad_range(cq, Y).exp())

    for piece in _refine(P, Q, loss=True):
        if isinstance(piece, Zone):
            total += piece.integral(zf)
            continue
        lo, hi, cp, cq, l = piece
        if cp is None:
            continue
        if cq is None:
            total += exp_quad_integral(*cp, lo, hi)
            continue
        total += hs_piece(cp, cq, eps, ee, lo, hi, l)
    return total
