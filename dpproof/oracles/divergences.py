"""Divergences computed from their definitions, as certified arb enclosures.

* ``renyi(P, Q, alpha) = 1/(alpha-1) log int p^alpha q^(1-alpha)``, alpha > 1;
* ``kl(P, Q) = int p log(p/q)``;
* ``hockey_stick(P, Q, eps) = int (p - e^eps q)_+``;  ``tv(P, Q) = hockey_stick(P, Q, 0)``.

Continuous pairs are integrated exactly piece by piece on the common refinement of their
piecewise-quadratic log-densities (each piece is ``int exp(quadratic)``, see
``integrate.exp_quad_moments``).  For the hockey-stick, each piece is further split at the
roots of the log-likelihood ratio ``log p - log q - eps`` (a quadratic), enclosed rigorously;
on the gaps between roots the sign of the integrand is constant and certified at one point.
Discrete pairs are finite sums.  Support mismatch (P has mass where Q has none) gives
``+inf`` for Renyi/KL; anything undecidable gives ``nan``.
"""

from __future__ import annotations

import dataclasses

from flint import arb, ctx

from .distributions import Continuous, Discrete, ProductDistribution
from .integrate import INF, NAN, exp_quad_integral, exp_quad_moments, hull, pos

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


def _refine(P: Continuous, Q: Continuous) -> list:
    """Common refinement covering the real line: (lo, hi, coefP, coefQ) pieces, and ``Zone``s
    where breakpoints of P and Q (or of one of them) cannot be ordered."""
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
    i = j = 0
    lo, out = None, []
    for c in clusters:
        if len(c) == 1:
            b, who = c[0]
            out.append((lo, b, pp[i][2], qp[j][2]))
            lo = b
            i, j = (i + 1, j) if who == 0 else (i, j + 1)
            continue
        zlo = arb(min((m.lower() for m, _ in c), key=float))
        zhi = arb(max((m.upper() for m, _ in c), key=float))
        out.append((lo, zlo, pp[i][2], qp[j][2]))
        kp = sum(1 for _, who in c if who == 0)
        kq = len(c) - kp
        out.append(Zone(zlo, zhi, [x[2] for x in pp[i:i + kp + 1]],
                        [x[2] for x in qp[j:j + kq + 1]]))
        i, j, lo = i + kp, j + kq, zhi
    out.append((lo, None, pp[i][2], qp[j][2]))
    return out


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


# ----------------------------------------------------------------------------- Renyi

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


# ----------------------------------------------------------------------------- KL

def kl(P, Q) -> arb:
    """KL(P || Q) = int p log(p / q)."""
    if same_point(P, Q):
        return arb(0)
    return _dispatch(P, Q, _kl_cont, _kl_disc, lambda p, q: _sum_components(kl, p, q))


def _kl_cont(P, Q) -> arb:
    total, undecided = arb(0), False

    def zf(cp, cq, Y):
        if cp is None:
            return arb(0)
        if cq is None:
            return NAN()
        lp = quad_range(cp, Y)
        return lp.exp() * (lp - quad_range(cq, Y))

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
        M = exp_quad_moments(*cp, lo, hi)
        if not M.finite:
            undecided = True
            continue
        d0, d1, d2 = (a - b for a, b in zip(cp, cq))
        v = M.v  # expand log p - log q around v
        total += (d0 + d1 * v + d2 * v * v) * M.J[0] + (d1 + 2 * d2 * v) * M.J[1] + d2 * M.J[2]
    return NAN() if undecided else total


def _kl_disc(p, q) -> arb:
    total = arb(0)
    for pi, qi in zip(p, q):
        if pi.is_exact() and pi.is_zero():
            continue
        if qi.is_exact() and qi.is_zero():
            return INF() if pi > 0 else NAN()
        if not (pi > 0 and qi > 0):
            return NAN()
        total += pi * (pi.log() - qi.log())
    return total


# ----------------------------------------------------------------------------- hockey-stick

def hockey_stick(P, Q, eps: arb) -> arb:
    """H_eps(P || Q) = int (p - e^eps q)_+  (the smallest delta of (eps, delta)-DP).

    For P = Q it is (1 - e^eps)_+ exactly (0 for eps >= 0)."""
    if same_point(P, Q):
        return self_hockey_stick(eps)
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
    if not all(isinstance(c, Discrete) for c in P.components + Q.components):
        raise TypeError("hockey_stick of products is implemented for discrete components only")
    return _hs_disc(P.joint_discrete().masses, Q.joint_discrete().masses, eps)


def _hs_cont(P, Q, eps) -> arb:
    ee = eps.exp()
    total = arb(0)

    def zf(cp, cq, Y):
        if cp is None:
            return arb(0)
        p = quad_range(cp, Y).exp()
        return p if cq is None else pos(p - ee * quad_range(cq, Y).exp())

    for piece in _refine(P, Q):
        if isinstance(piece, Zone):
            total += piece.integral(zf)
            continue
        lo, hi, cp, cq = piece
        if cp is None:
            continue
        if cq is None:
            total += exp_quad_integral(*cp, lo, hi)
            continue
        total += _hs_piece(cp, cq, eps, ee, lo, hi)
    return total


def _quad_eval(c, y):
    return c[0] + c[1] * y + c[2] * y * y


def _hs_piece(cp, cq, eps, ee, lo, hi) -> arb:
    """int_lo^hi (p - e^eps q)_+ where log p, log q are the quadratics cp, cq."""
    l = (cp[0] - cq[0] - eps, cp[1] - cq[1], cp[2] - cq[2])
    iso = _isolate(l, lo, hi)
    if iso is None:
        return _loss_bound(cp, cq, l, ee, lo, hi)
    roots, lo, hi, tails = iso
    total = sum((_loss_bound(cp, cq, l, ee, a, b) for a, b in tails), arb(0))
    u = lo
    for r in roots:
        a = lo if (lo is not None and not r.lower() > lo) else r.lower()
        b = hi if (hi is not None and not r.upper() < hi) else r.upper()
        total += _gap(cp, cq, l, ee, u, a) + _root_interval(cp, cq, ee, a, b)
        u = b
    return total + _gap(cp, cq, l, ee, u, hi)


def _gap(cp, cq, l, ee, u, v) -> arb:
    """Contribution of [u, v], which holds no root of l: the integrand has constant sign.

    ``u is v`` (the same ball object) marks an empty gap; ``u = v = None`` is the whole line.
    """
    if (u is not None and u is v) or all(_exact_zero(c) for c in l):  # empty, or p = e^eps q
        return arb(0)
    if u is None:
        s = arb(0) if v is None else v.lower() - 1
    elif v is None:
        s = u.upper() + 1
    elif u.upper() < v.lower():
        s = (u.upper() + v.lower()) / 2
    else:
        s = None
    sign = _quad_eval(l, s) if s is not None else arb(0, 1)
    if sign < 0:
        return arb(0)
    g = exp_quad_integral(*cp, u, v) - ee * exp_quad_integral(*cq, u, v)
    return g if sign > 0 else hull(arb(0), g)


def _loss_bound(cp, cq, l, ee, a, b) -> arb:
    """An enclosure of int_a^b (p - e^eps q)_+ when the roots of l are not isolated.

    Lower end: (x)_+ >= x gives int p - e^eps int q.  Upper end: (p - e^eps q)_+ =
    p (1 - e^{-l})_+ <= p (1 - e^{-L}), L = (l0)_+ + |l1||y| + |l2| y^2 >= l_+, and by
    Jensen (1 - e^{-x} is concave) int p (1 - e^{-L}) <= m0 (1 - e^{-int p L / m0}), with
    int p L <= (l0)_+ m0 + |l1| m1 + |l2| m2, m_k = int_a^b |y|^k p, m1 <= sqrt(m0 m2);
    also <= m0.  Tight when p and e^eps q nearly coincide (equal parameter balls).
    """
    M = exp_quad_moments(*cp, a, b)
    m0 = exp_quad_integral(*cp, a, b)
    if not m0.is_finite():
        return NAN()
    best = m0.upper()
    if M.finite and m0 > 0:
        v, (J0, J1, J2) = M.v, M.J
        m2 = pos(J2 + 2 * v * J1 + v * v * J0)
        m1 = (pos(m0) * m2).sqrt()
        B = pos(l[0]) * m0 + arb(l[1].abs_upper()) * m1 + arb(l[2].abs_upper()) * m2
        B = -m0 * (-B / m0).expm1()
        if B.is_finite() and B.upper() < best:
            best = B.upper()
    g = m0 - ee * exp_quad_integral(*cq, a, b)
    low = g.lower() if (g.is_finite() and g > 0) else arb(0)
    return hull(arb(low), arb(best)) if low <= best else arb(best)


def _root_interval(cp, cq, ee, a, b) -> arb:
    """[0, width * sup |p - e^eps q|] on a small interval around a root."""
    Y = hull(a, b)
    m = Y.mid()
    t = Y - m
    ev = lambda c: (_quad_eval(c, m) + (c[1] + 2 * c[2] * m) * t + c[2] * t * t).exp()  # noqa
    bound = (b - a).abs_upper() * (ev(cp) - ee * ev(cq)).abs_upper()
    return hull(arb(0), bound) if bound.is_finite() else NAN()


def _isolate(l, lo, hi):
    """Enclose the roots of l0 + l1 y + l2 y^2 on [lo, hi] for every parameter in the balls.

    Returns (roots, lo', hi', tails): sorted disjoint root balls, the (possibly cut) window
    and the cut-off tail intervals, on which only 0 <= integrand <= p is used; or None.
    """
    l0, l1, l2 = l
    tails = []
    if _exact_zero(l2) or l2 > 0 or l2 < 0:
        roots = _roots_certain(l0, l1, l2)
    else:  # l2 may vanish: one small root, the other beyond |qq| / |l2|
        if not (l1 > 0 or l1 < 0):
            return None
        D = l1 * l1 - 4 * l2 * l0
        if not D > 0:
            return None
        qq = -(l1 + D.sqrt()) / 2 if l1 > 0 else -(l1 - D.sqrt()) / 2
        roots = [l0 / qq]
        T = arb((qq.abs_lower() / l2.abs_upper()).lower() / 2)
        if not all(T > e.abs_upper() for e in (lo, hi) if e is not None):
            return None
        if lo is None:
            tails.append((None, -T))
            lo = -T
        if hi is None:
            tails.append((T, None))
            hi = T
    if roots is None:
        return None
    roots = [r for r in roots if not ((lo is not None and r.upper() < lo)
                                      or (hi is not None and r.lower() > hi))]
    roots.sort(key=lambda r: float(r.mid()))
    merged = []
    for r in roots:
        if merged and not merged[-1].upper() < r.lower():
            merged[-1] = hull(merged[-1], r)
        else:
            merged.append(r)
    return merged, lo, hi, tails


def _exact_zero(x):
    return x.is_exact() and x.is_zero()


def _roots_certain(l0, l1, l2):
    """Root balls of l0 + l1 y + l2 y^2 when l2 is exactly 0 or certainly nonzero."""
    if _exact_zero(l2):
        if _exact_zero(l1):
            return []
        return [-l0 / l1] if (l1 > 0 or l1 < 0) else None
    D = l1 * l1 - 4 * l2 * l0
    if D < 0:
        return []
    if not D > 0:  # possibly a double root: enclose both around the vertex
        rad = D.upper().sqrt() / (2 * l2.abs_lower())
        return [-l1 / (2 * l2) + arb(0, rad.upper())] if rad.is_finite() else None
    sq = D.sqrt()
    if l1 > 0 or l1 < 0:  # stable form
        qq = -(l1 + sq) / 2 if l1 > 0 else -(l1 - sq) / 2
        return [qq / l2, l0 / qq]
    return [(-l1 - sq) / (2 * l2), (-l1 + sq) / (2 * l2)]


# ----------------------------------------------------------------------------- privacy loss

def privacy_loss_distribution(P: Discrete, Q: Discrete) -> list:
    """[(log p_i/q_i, p_i)] over outcomes with p_i > 0; the loss is +inf where q_i = 0."""
    out = []
    for pi, qi in zip(P.masses, Q.masses):
        if pi.is_exact() and pi.is_zero():
            continue
        loss = INF() if (qi.is_exact() and qi.is_zero()) else pi.log() - qi.log()
        out.append((loss, pi))
    return out
