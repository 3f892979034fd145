"""Hockey-stick divergence on one piece of the refinement, ``int_lo^hi (p - e^eps q)_+``
with ``log p``, ``log q`` quadratics (see ``divergences``).

The piece is split at the roots of the privacy loss ``l = log p - log q - eps`` (a
quadratic in y), enclosed for every parameter in the balls (``_isolate``); between roots
the sign of the integrand is constant and certified at one point (``_gap``; a piece with no
root at all, e.g. the whole line, is one gap), around each root ball the integral is bounded
by width times the range (``_root_interval``).  When roots cannot be isolated (the loss's
coefficients are balls containing 0, as for two laws given by equal parameter balls)
``_loss_bound`` encloses the integral between ``int p - e^eps int q`` and a Jensen bound.
"""

from __future__ import annotations

from flint import arb

from ..balls import NAN, hull, pos
from ..integrate import exp_quad_integral, exp_quad_moments
from .pieces import quad_range
from .roots import exact_zero as _exact_zero, roots_certain, small_root


def _quad_eval(c, y):
    return c[0] + c[1] * y + c[2] * y * y


def hs_piece(cp, cq, eps, ee, lo, hi, loss=None) -> arb:
    """int_lo^hi (p - e^eps q)_+ where log p, log q are the quadratics cp, cq; ``loss`` the
    coefficients of log p - log q (default cp - cq; exact ones from ``pieces._loss_coef``)."""
    d = loss if loss is not None else tuple(a - b for a, b in zip(cp, cq))
    l = (d[0] - eps, d[1], d[2])
    iso = _isolate(l, lo, hi)
    if iso is None:
        return _loss_bound(cp, cq, l, ee, lo, hi)
    roots, lo, hi, tails = iso
    total = sum((_loss_bound(cp, cq, l, ee, a, b) for a, b in tails), arb(0))
    u = lo
    for r in roots:
        a = lo if (lo is not None and not r.lower() > lo) else r.lower()
        b = hi if (hi is not None and not r.upper() < hi) else r.upper()
        total += _gap(cp, cq, l, ee, u, a)
        if not _nonpos_on(l, a, b):  # else the integrand vanishes on [a, b]: adds 0
            total += _root_interval(cp, cq, ee, a, b)
        u = b
    return total + _gap(cp, cq, l, ee, u, hi)


def _gap(cp, cq, l, ee, u, v) -> arb:
    """Contribution of [u, v], which holds no root of l: the integrand has constant sign.

    ``u is v`` (the same ball object) marks an empty gap; ``u = v = None`` is the whole line.
    For every parameter in the balls, l on a gap (``_isolate``: the root balls enclose every
    root, and l is never identically 0 unless l1 and l2 are exact zeros and l = l0) is
    either of one strict sign or identically 0, so l(s) <= 0 at one point s of the gap
    (the ball's upper end <= 0) gives l <= 0 on the whole gap, where the integrand
    p (1 - e^{-l})_+ vanishes: an exact 0.  (A ball l0 straddling 0 has upper end > 0 and
    does not qualify.)
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
    if sign <= 0:  # l < 0 on the gap, or l = 0 identically: (p - e^eps q)_+ = 0
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


def _nonpos_on(l, a, b) -> bool:
    """l <= 0 on [a, b] for every parameter in the balls (then (p - e^eps q)_+ = 0 there).

    l convex or linear (l2 >= 0): its maximum on [a, b] is at an end, so l(a) <= 0 and
    l(b) <= 0 suffice (a root ball sticking out of the piece by a rounding ulp, e.g. the root
    (1 - eps)/2 <= 0 of Laplace(0, 1) vs Laplace(1, 1) at a ball eps >= 1, cut at the kink 0);
    else the centred range of l on the hull of [a, b]."""
    if l[2] >= 0:
        return bool(_quad_eval(l, a) <= 0 and _quad_eval(l, b) <= 0)
    return bool(quad_range(l, hull(a, b)) <= 0)


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
        roots = roots_certain(l0, l1, l2)
    else:  # l2 may vanish: one small root, the other beyond |qq| / |l2|
        roots, T = small_root(l0, l1, l2)
        if roots is None:
            return None
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
