"""Shared machinery of the divergences: common refinement of two piecewise-quadratic
log-densities, uncertain-order ``Zone``s, dispatch by family.  Divergences computed from their definitions, as certified arb enclosures.

* ``renyi(P, Q, alpha) = 1/(alpha-1) log int p^alpha q^(1-alpha)``, alpha > 1;
* ``kl(P, Q) = int p log(p/q)``;
* ``hockey_stick(P, Q, eps) = int (p - e^eps q)_+``;  ``tv(P, Q) = hockey_stick(P, Q, 0)``.

Continuous pairs are integrated exactly piece by piece on the common refinement of their
piecewise-quadratic log-densities (each piece is ``int exp(quadratic)``, see
``integrate.exp_quad_moments``).  Breakpoints of P and Q whose order the balls cannot
certify (equal inexact kinks, overlapping parameter balls) are merged into a ``Zone``, a
short interval bounded by width times the range of the integrand over every candidate
piece.  For the hockey-stick, each piece is further split at the roots of the privacy loss
``log p - log q - eps`` (``hs_pieces``).  Discrete pairs are finite sums.  Support mismatch
(P has mass where Q has none) gives ``+inf`` for Renyi/KL; anything undecidable ``nan``.

Degenerate cases are exact: for P and Q certainly equal (``same_point``: one family,
parameters exactly equal balls) KL = Renyi = TV = 0 and H_eps = (1 - e^eps)_+; a piece of
the privacy loss with no root (e.g. the whole line for two normals of the same mean) is
integrated as one constant-sign gap, so H_eps = 1 - e^eps > 0 where p > e^eps q everywhere.
Claims comparing identical expressions are made exact by ``identical.self_pair``.  For two
laws of one family whose parameters other than ``mu`` are equal exact balls (``same_scale``)
the privacy loss is the difference of their un-normalised shapes (``_loss_coef``), exact
wherever the shapes are: e.g. H_eps(Laplace(0, b) || Laplace(Delta, b)) and the loss masses
are exact zeros for eps >= Delta/b (b a dyadic; b = 1/3 is an inexact ball and stays a ball).
"""

from __future__ import annotations

import dataclasses

from flint import arb, ctx

from ..balls import INF, NAN, hull
from ..distributions import Continuous, Discrete, ProductDistribution
from ..distributions.continuous import Located

GUARD = 40  # extra bits used internally


class Undecided(Exception):
    """Raised internally when the ordering of breakpoints cannot be certified."""


def _is_pos_inf(x: arb) -> bool:
    return (not x.is_finite()) and bool(x > 0)


def _width_sign(lo, hi) -> int:
    """+1 if hi > lo certainly, 0 if hi == lo exactly, None if undecided."""
    if lo is None or hi is None or hi > lo:
        return 1
    d = hi - lo
    return 0 if (d.is_exact() and d.is_zero()) else None


class Zone:
    """A short interval [lo, hi] (exact ends) holding breakpoints whose order is not
    certain (overlapping balls); p and q follow one of the listed pieces at each point."""

    __slots__ = ("lo", "hi", "cps", "cqs")

    def __init__(self, lo, hi, cps, cqs):
        self.lo, self.hi, self.cps, self.cqs = lo, hi, cps, cqs

    def integral(self, f) -> arb:
        """int_lo^hi of an integrand that is f(cp, cq, Y) for some listed pair at each y:
        (hi - lo) times the hull of the ranges f(cp, cq, [lo, hi]) (mean value theorem)."""
        Y = hull(self.lo, self.hi)
        vals = [f(cp, cq, Y) for cp in self.cps for cq in self.cqs]
        return (self.hi - self.lo) * hull(*vals)


def quad_range(c, Y: arb) -> arb:
    """c0 + c1 y + c2 y^2 over the ball Y, in centred form (tighter than naive)."""
    m = arb(Y.mid())
    t = Y - m
    return c[0] + c[1] * m + c[2] * m * m + (c[1] + 2 * c[2] * m) * t + c[2] * t * t


def _refine(P: Continuous, Q: Continuous, loss: bool = False) -> list:
    """Common refinement covering the real line: (lo, hi, coefP, coefQ) pieces, and ``Zone``s
    where breakpoints of P and Q (or of one of them) cannot be ordered.

    With ``loss``, the pieces are (lo, hi, coefP, coefQ, l), ``l`` the coefficients of the
    privacy loss log p - log q on the piece (None where p or q vanishes), see ``_loss_coef``.
    """
    bps = [(b, 0) for b in P.kinks()] + [(b, 1) for b in Q.kinks()]
    bps.sort(key=lambda t: float(t[0].mid()))
    clusters = []
    for b, who in bps:
        if clusters and not all(m <= b for m, _ in clusters[-1]):
            clusters[-1].append((b, who))
        else:
            clusters.append([(b, who)])
    if any(not all(m.is_finite() for m, _ in c) for c in clusters):
        raise Undecided("breakpoint not finite")
    pp, qp = P.pieces(), Q.pieces()
    if loss:
        lc = _loss_coef(P, Q, pp, qp)
        piece = lambda lo, hi, i, j: (lo, hi, pp[i][2], qp[j][2], lc(i, j))  # noqa: E731
    else:
        piece = lambda lo, hi, i, j: (lo, hi, pp[i][2], qp[j][2])  # noqa: E731
    i = j = 0
    lo, out = None, []
    for c in clusters:
        if len(c) == 1:
            b, who = c[0]
            out.append(piece(lo, b, i, j))
            lo = b
            i, j = (i + 1, j) if who == 0 else (i, j + 1)
            continue
        zlo = arb(min((m.lower() for m, _ in c), key=float))
        zhi = arb(max((m.upper() for m, _ in c), key=float))
        out.append(piece(lo, zlo, i, j))
        kp = sum(1 for _, who in c if who == 0)
        kq = len(c) - kp
        out.append(Zone(zlo, zhi, [x[2] for x in pp[i:i + kp + 1]],
                        [x[2] for x in qp[j:j + kq + 1]]))
        i, j, lo = i + kp, j + kq, zhi
    out.append(piece(lo, None, i, j))
    return out


def _loss_coef(P, Q, pp, qp):
    """(i, j) -> coefficients of log p - log q on piece i of P and piece j of Q.

    For ``same_scale(P, Q)`` the difference of the un-normalised shapes,
    ``(N_p - N_q) / D`` (``Continuous.shape``): the equal normalisers cancel exactly
    rather than as balls (log(2b) - log(2b) is not an exact 0), so the loss is exact
    wherever the shapes are (e.g. l = 1 - eps on the left piece of Laplace(0, 1) vs
    Laplace(1, 1), exactly 0 at eps = 1).  Otherwise the difference of the normalised
    coefficients, as before.
    """
    if same_scale(P, Q):
        D, sp = P.shape()
        sq = Q.shape()[1]
        if len(sp) != len(pp) or len(sq) != len(qp) or any(
                (a[2] is None) != (b[2] is None) for a, b in zip(sp + sq, pp + qp)):
            raise AssertionError("shape() does not parallel pieces()")  # pragma: no cover

        def lc(i, j):
            np_, nq = sp[i][2], sq[j][2]
            if np_ is None or nq is None:
                return None
            return tuple((a - b) / D for a, b in zip(np_, nq))
        return lc

    def lc(i, j):
        cp, cq = pp[i][2], qp[j][2]
        return None if cp is None or cq is None else tuple(a - b for a, b in zip(cp, cq))
    return lc


def same_scale(P, Q) -> bool:
    """P and Q are one location family (``Located``, with a ``shape``) whose parameters other
    than ``mu`` are exactly equal exact balls: their normalisers and shape divisors are then
    equal reals, and log p - log q is the difference of the un-normalised shapes.  (Equal
    inexact balls may hold different values, e.g. two variables on one box: not the same
    scale.)"""
    if type(P) is not type(Q) or not isinstance(P, Located) or P.shape() is None:
        return False
    a = [getattr(P, f.name) for f in dataclasses.fields(P) if f.name != "mu"]
    b = [getattr(Q, f.name) for f in dataclasses.fields(Q) if f.name != "mu"]
    return len(a) == len(b) and all(isinstance(x, arb) and isinstance(y, arb) and x.is_exact()
                                    and y.is_exact() and x == y for x, y in zip(a, b))


def same_point(P, Q) -> bool:
    """P and Q are certainly the same distribution: one family, parameters exactly equal
    (exact balls, or masses given by exact balls)."""
    if type(P) is not type(Q):
        return False
    if isinstance(P, ProductDistribution):
        return len(P.components) == len(Q.components) and all(
            same_point(a, b) for a, b in zip(P.components, Q.components))
    if isinstance(P, Discrete):
        a, b = P.masses, Q.masses
    elif dataclasses.is_dataclass(P):
        a = [getattr(P, f.name) for f in dataclasses.fields(P)]
        b = [getattr(Q, f.name) for f in dataclasses.fields(Q)]
    else:
        return False
    return len(a) == len(b) and all(isinstance(x, arb) and isinstance(y, arb) and x.is_exact()
                                    and y.is_exact() and x == y for x, y in zip(a, b))


def _dispatch(P, Q, cont, disc, prod):
    with ctx.workprec(ctx.prec + GUARD):
        if isinstance(P, Continuous) and isinstance(Q, Continuous):
            try:
                return cont(P, Q)
            except Undecided:
                return NAN()
        if isinstance(P, Discrete) and isinstance(Q, Discrete):
            if len(P.masses) != len(Q.masses):
                raise ValueError(f"outcome spaces differ: {len(P.masses)} vs {len(Q.masses)}")
            return disc(P.masses, Q.masses)
        if isinstance(P, ProductDistribution) and isinstance(Q, ProductDistribution):
            if len(P.components) != len(Q.components):
                raise ValueError("products of different lengths")
            return prod(P, Q)
    raise TypeError(f"unsupported pair {type(P).__name__}, {type(Q).__name__}")


def _sum_components(f, P, Q) -> arb:
    """Renyi and KL add over independent components."""
    vals = [f(p, q) for p, q in zip(P.components, Q.components)]
    if any(_is_pos_inf(v) for v in vals):
        return INF()
    return sum(vals, arb(0))


def sum_over_pieces(P, Q, zone_f, piece_f) -> arb:
    """Sum over the common refinement of P and Q of an integrand of (p, q): a ``Zone`` by
    ``zone_f(cp, cq, Y)`` (its range on the zone), a piece where p and q are positive by
    ``piece_f(cp, cq, lo, hi)``; p > 0 = q on a piece of positive width gives +inf.  Returns
    +inf, nan (undecided somewhere) or the enclosure of the sum (Renyi and KL share it)."""
    total, undecided = arb(0), False
    for piece in _refine(P, Q):
        if isinstance(piece, Zone):
            z = piece.integral(zone_f)
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
        v = piece_f(cp, cq, lo, hi)
        if _is_pos_inf(v):
            return INF()
        undecided |= not v.is_finite()
        total += v
    return NAN() if undecided else total


def sum_over_atoms(p, q, term) -> arb:
    """sum_i term(p_i, q_i) over the atoms with p_i > 0: +inf where p_i > 0 = q_i, nan where a
    mass ball straddles 0 (Renyi and KL of discrete laws share it)."""
    total = arb(0)
    for pi, qi in zip(p, q):
        if pi.is_exact() and pi.is_zero():
            continue
        if qi.is_exact() and qi.is_zero():
            return INF() if pi > 0 else NAN()
        if not (pi > 0 and qi > 0):
            return NAN()
        total += term(pi, qi)
    return total
