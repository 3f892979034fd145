"""Renyi divergence from its definition: 1/(alpha-1) log int p^alpha q^(1-alpha), alpha > 1."""

from __future__ import annotations

from flint import arb

from ..balls import INF, NAN
from ..integrate import exp_quad_integral
from .pieces import Zone, _dispatch, _is_pos_inf, _refine, _sum_components, _width_sign, quad_range, same_point  # noqa: E501


def renyi(P, Q, alpha: arb) -> arb:
    """D_alpha(P || Q) = 1/(alpha - 1) log int p^alpha q^(1 - alpha), alpha > 1."""
    if not alpha > 1:
        return NAN()
    if same_point(P, Q):
        return arb(0)
    return _dispatch(P, Q, lambda p, q: _renyi_cont(p, q, alpha),
                     lambda p, q: _renyi_disc(p, q, alpha),
                     lambda p, q: _sum_components(lambda a, b: renyi(a, b, alpha), p, q))


def _renyi_cont(P, Q, alpha) -> arb:
    total, undecided = arb(0), False

    def zf(cp, cq, Y):
        if cp is None:
            return arb(0)
        if cq is None:  # q may vanish where p > 0 on part of the zone: undecided
            return NAN()
        return (alpha * quad_range(cp, Y) + (1 - alpha) * quad_range(cq, Y)).exp()

    for piece in _refine(P, Q):
        if isinstance(piece, Zone):
            z = piece.integral(zf)
            undecided |= not z.is_finite()
            total += z if z.is_finite() else arb(0)
            continue
        lo, hi, cp, cq = piece
        if cp is None:
            continue
        if cq is None:
            w = _width_sign(lo, hi)
            if w == 1:
                return INF()
            undecided |= w is None
            continue
        c = tuple(alpha * a + (1 - alpha) * b for a, b in zip(cp, cq))
        J0 = exp_quad_integral(*c, lo, hi)
        if _is_pos_inf(J0):
            return INF()
        undecided |= not J0.is_finite()
        total += J0
    return NAN() if undecided else total.log() / (alpha - 1)


def _renyi_disc(p, q, alpha) -> arb:
    total = arb(0)
    for pi, qi in zip(p, q):
        if pi.is_exact() and pi.is_zero():
            continue
        if qi.is_exact() and qi.is_zero():
            return INF() if pi > 0 else NAN()
        if not (pi > 0 and qi > 0):
            return NAN()
        total += (alpha * pi.log() + (1 - alpha) * qi.log()).exp()
    return total.log() / (alpha - 1)
