"""Kullback-Leibler divergence from its definition: int p log(p/q)."""

from __future__ import annotations

from flint import arb

from ..balls import NAN
from ..integrate import exp_quad_moments
from .pieces import _dispatch, _sum_components, quad_range, same_point, sum_over_atoms, sum_over_pieces


def kl(P, Q) -> arb:
    """KL(P || Q) = int p log(p / q)."""
    if same_point(P, Q):
        return arb(0)
    return _dispatch(P, Q, _kl_cont, _kl_disc, lambda p, q: _sum_components(kl, p, q))


def _kl_cont(P, Q) -> arb:
    def zf(cp, cq, Y):
        if cp is None:
            return arb(0)
        if cq is None:
            return NAN()
        lp = quad_range(cp, Y)
        return lp.exp() * (lp - quad_range(cq, Y))

    def pf(cp, cq, lo, hi):
        M = exp_quad_moments(*cp, lo, hi)
        if not M.finite:
            return NAN()
        d0, d1, d2 = (a - b for a, b in zip(cp, cq))
        v = M.v  # expand log p - log q around v
        return (d0 + d1 * v + d2 * v * v) * M.J[0] + (d1 + 2 * d2 * v) * M.J[1] + d2 * M.J[2]

    return sum_over_pieces(P, Q, zf, pf)


def _kl_disc(p, q) -> arb:
    return sum_over_atoms(p, q, lambda pi, qi: pi * (pi.log() - qi.log()))
