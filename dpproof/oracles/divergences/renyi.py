"""Renyi divergence from its definition: 1/(alpha-1) log int p^alpha q^(1-alpha), alpha > 1."""

from __future__ import annotations

from flint import arb

from ..balls import NAN
from ..integrate import exp_quad_integral
from .pieces import _dispatch, _sum_components, quad_range, same_point, sum_over_atoms, sum_over_pieces


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
    def zf(cp, cq, Y):
        if cp is None:
            return arb(0)
        if cq is None:  # q may vanish where p > 0 on part of the zone: undecided
            return NAN()
        return (alpha * quad_range(cp, Y) + (1 - alpha) * quad_range(cq, Y)).exp()

    def pf(cp, cq, lo, hi):
        return exp_quad_integral(*(alpha * a + (1 - alpha) * b for a, b in zip(cp, cq)), lo, hi)

    total = sum_over_pieces(P, Q, zf, pf)
    return total if not total.is_finite() else total.log() / (alpha - 1)


def _renyi_disc(p, q, alpha) -> arb:
    total = sum_over_atoms(p, q, lambda pi, qi: (alpha * pi.log() + (1 - alpha) * qi.log()).exp())
    return total if not total.is_finite() else total.log() / (alpha - 1)
