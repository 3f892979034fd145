"""Privacy-loss events and masses of a pair (P, Q), from the definitions (registered).

``hs_events`` (sup over all events A of P(A) - e^eps Q(A), by enumeration), ``bad_mass`` =
P(log p/q > eps), ``loss_tail`` = P(|log p/q| > eps), ``loss_at`` = log p(y) - log q(y),
``density``, ``cdf``, ``signed_mass_below`` = P(Y <= t) - e^eps Q(Y <= t), ``moment2`` =
E[Y^2] by integration.  Continuous masses split each piece at the roots of the quadratic
loss (``roots.quadratic_roots``); where they cannot be isolated, a Markov bound.
"""

from __future__ import annotations

from flint import arb

from ..balls import INF, NAN, hull, pos
from ..declare import declare
from ..distributions import Discrete, ProductDistribution
from ..distributions.transforms import joint
from ..integrate import exp_quad_integral, exp_quad_moments
from .roots import quadratic_roots, small_root
from .pieces import Undecided, Zone, _refine, quad_range

_GUARD = 20  # extra working bits of these oracles


def hs_events_value(P, Q, eps) -> arb:
    """sup over all events A of P(A) - e^eps Q(A), enumerating the 2^n subsets."""
    p, q = joint(P).masses, joint(Q).masses
    if len(p) > 14:
        raise ValueError(f"{len(p)} outcomes: too many events to enumerate (at most 14)")
    ee = eps.exp()
    diffs = [a - ee * b for a, b in zip(p, q)]
    best = arb(0)  # the empty event
    for mask in range(1, 1 << len(p)):
        s = sum((d for i, d in enumerate(diffs) if mask >> i & 1), arb(0))
        best = best.max(s)
    return best


def _loss_mass(P, Q, eps, two_sided: bool) -> arb:
    """P(loss > eps) (or |loss| > eps), loss = log p/q, from the pieces or the atoms."""
    if two_sided and eps < 0:  # |loss| >= 0 > eps everywhere
        return arb(1)
    if isinstance(P, (Discrete, ProductDistribution)):
        total = arb(0)
        for pi, qi in zip(joint(P).masses, joint(Q).masses):
            if pi.is_exact() and pi.is_zero():
                continue
            if qi.is_exact() and qi.is_zero():
                total += pi
                continue
            loss = pi.log() - qi.log()
            yes = _pred(loss, eps, two_sided)
            total += pi if yes is True else (arb(0) if yes is False else hull(arb(0), pi))
        return total
    return _loss_mass_cont(P, Q, eps, two_sided)


def _pred(loss, eps, two_sided):
    up = loss - eps
    if up > 0:
        return True
    if two_sided:
        down = loss + eps
        if down < 0:
            return True
        if up <= 0 and down >= 0:
            return False
        return None
    return False if up <= 0 else None


def _loss_mass_cont(P, Q, eps, two_sided) -> arb:
    try:
        parts = _refine(P, Q, loss=True)  # the loss exact where the shapes are (same_scale)
    except Undecided:
        return NAN()
    total = arb(0)
    for part in parts:
        if isinstance(part, Zone):  # breakpoints of uncertain order: 0 <= mass <= P(zone)
            total += hull(arb(0), part.integral(
                lambda cp, cq, Y: arb(0) if cp is None else quad_range(cp, Y).exp()))
            continue
        lo, hi, cp, cq, l = part
        if lo is not None and hi is not None and not hi > lo:
            if (hi - lo).is_exact() and (hi - lo).is_zero():
                continue
            return NAN()
        if cp is None:
            continue
        if cq is None:
            total += exp_quad_integral(*cp, lo, hi)
            continue
        total += _piece_mass(cp, l, eps, two_sided, lo, hi)
    return total


def _interior(lo, hi):
    if lo is None and hi is None:
        return arb(0)
    if lo is None:
        return arb(hi.lower()) - 1
    if hi is None:
        return arb(lo.upper()) + 1
    return arb((lo.upper() + hi.lower()) / 2)


def _piece_mass(cp, l, eps, two_sided, lo, hi) -> arb:
    """Mass of p over {loss > eps} (or |loss| > eps) on the piece [lo, hi]."""
    roots, cut = [], None
    for c in ((eps, -eps) if two_sided else (eps,)):
        r = quadratic_roots(l[0] - c, l[1], l[2])
        if r is None:  # l2 may vanish: keep the small root, cut the line at +-T
            r, T = small_root(l[0] - c, l[1], l[2])
            if r is None or not T.is_finite():
                return _markov_mass(cp, l, eps, two_sided, lo, hi)
            cut = T if cut is None else cut.min(T)
        roots += r
    tails = arb(0)
    if cut is not None:
        if not all(cut > e.abs_upper() for e in (lo, hi) if e is not None):
            return _markov_mass(cp, l, eps, two_sided, lo, hi)
        if lo is None:
            tails += hull(arb(0), exp_quad_integral(*cp, None, -cut))
            lo = -cut
        if hi is None:
            tails += hull(arb(0), exp_quad_integral(*cp, cut, None))
            hi = cut
    roots = [x for x in roots if not ((lo is not None and x.upper() < lo)
                                      or (hi is not None and x.lower() > hi))]
    return tails + _split_mass(cp, l, eps, two_sided, lo, hi, roots)


def _markov_mass(cp, l, eps, two_sided, lo, hi) -> arb:
    """Mass of p over {l > eps} (or |l| > eps) on [lo, hi] when the roots of l -+ eps cannot
    be isolated (l's coefficients are balls containing 0): with L = |l0| + |l1||y| + |l2| y^2
    >= |l| and E L = int p L (m1 <= sqrt(m0 m2)), Markov gives mass <= E L / eps for eps > 0,
    and mass >= m0 - E L / |eps| for the one-sided eps < 0; else 0 <= mass <= m0."""
    m0 = exp_quad_integral(*cp, lo, hi)
    M = exp_quad_moments(*cp, lo, hi)
    crude = hull(arb(0), m0)
    if not (m0.is_finite() and M.finite and m0 > 0):
        return crude
    v, (J0, J1, J2) = M.v, M.J
    m2 = pos(J2 + 2 * v * J1 + v * v * J0)
    EL = (arb(l[0].abs_upper()) * m0 + arb(l[1].abs_upper()) * (m0 * m2).sqrt()
          + arb(l[2].abs_upper()) * m2)
    if not EL.is_finite():
        return crude
    if eps > 0:
        up = (EL / eps).upper()
        return hull(arb(0), arb(up)) if up < m0.upper() else crude
    if eps < 0 and not two_sided:
        low = m0 - EL / (-eps)
        return hull(arb(low.lower()), m0) if low > 0 else crude
    return crude


def _split_mass(cp, l, eps, two_sided, lo, hi, roots) -> arb:
    """Mass of p over {loss > eps} on [lo, hi], the root balls of loss = +-eps given."""
    roots.sort(key=lambda x: float(x.mid()))
    if any(not a.upper() < b.lower() for a, b in zip(roots, roots[1:])):
        return hull(arb(0), exp_quad_integral(*cp, lo, hi))
    total, u = arb(0), lo
    cuts = [(arb(r.lower()), arb(r.upper())) for r in roots]
    for a, b in cuts + [(hi, None)]:
        v = a
        if u is None or v is None or u.upper() < v.lower():
            s = _interior(u, v)
            yes = _pred(l[0] + l[1] * s + l[2] * s * s, eps, two_sided)
            m = exp_quad_integral(*cp, u, v)
            total += m if yes is True else (arb(0) if yes is False else hull(arb(0), m))
        if b is None:
            break
        # a root ball reaching past an end of the piece: only its part inside counts
        a2 = lo if (lo is not None and not a > lo) else a
        b2 = hi if (hi is not None and not b < hi) else b
        if not _never_on(l, eps, two_sided, a2, b2):
            total += hull(arb(0), exp_quad_integral(*cp, a, b))
        u = b
    return total


def _never_on(l, eps, two_sided, a, b) -> bool:
    """The loss event is certainly empty on [a, b] for every parameter in the balls: l linear
    (l2 exactly 0) and the event certainly absent at both ends (each condition l - eps <= 0,
    l + eps >= 0 is linear, so holds between the ends), or absent on the centred range of l on
    the hull of [a, b]."""
    if l[2].is_exact() and l[2].is_zero():
        return all(_pred(l[0] + l[1] * y, eps, two_sided) is False for y in (a, b))
    return _pred(quad_range(l, hull(a, b)), eps, two_sided) is False


def loss_at_value(P, Q, y) -> arb:
    """log p(y) - log q(y) (densities, or masses of finite laws)."""
    for law in (P, Q):
        if not hasattr(law, "logpdf"):
            raise TypeError(f"loss_at needs laws on the real line, not {type(law).__name__}")
    return P.logpdf(y) - Q.logpdf(y)


def moment2_value(P) -> arb:
    """E[Y^2] = sum over pieces of int y^2 p(y) dy (centred moments recombined)."""
    total = arb(0)
    for lo, hi, c in P.pieces():
        if c is None:
            continue
        M = exp_quad_moments(*c, lo, hi)
        total += M.J[2] + 2 * M.v * M.J[1] + M.v * M.v * M.J[0]
    return total


def _cdf_at(P, t: arb) -> arb:
    """P(Y <= t) at an exact t: a continuous law's mass of (-inf, t], a finite law's masses of
    the outcomes up to t."""
    if isinstance(P, Discrete):
        return P.cdf(t)
    if isinstance(P, ProductDistribution) or not hasattr(P, "mass"):
        raise TypeError(f"cdf needs a law on the real line, not {type(P).__name__}")
    return P.mass(None, t)


def cdf_value(P, t) -> arb:
    """P(Y <= t); on a ball t, the hull of the values at its exact ends (a CDF increases)."""
    if t.is_exact():
        return _cdf_at(P, t)
    return hull(_cdf_at(P, arb(t.lower())), _cdf_at(P, arb(t.upper())))


def signed_mass_below_value(P, Q, eps, t) -> arb:
    """P(Y <= t) - e^eps Q(Y <= t) (no positive part)."""
    if t.is_exact():
        return _cdf_at(P, t) - eps.exp() * _cdf_at(Q, t)
    return cdf_value(P, t) - eps.exp() * cdf_value(Q, t)


def density_value(P, y) -> arb:
    """p(y): a continuous law's density, a finite law's mass at the outcome y."""
    if not hasattr(P, "pdf"):
        raise TypeError(f"density needs a law on the real line, not {type(P).__name__}")
    return P.pdf(y)


def privacy_loss_distribution(P: Discrete, Q: Discrete) -> list:
    """[(log p_i/q_i, p_i)] over outcomes with p_i > 0; the loss is +inf where q_i = 0."""
    out = []
    for pi, qi in zip(P.masses, Q.masses):
        if pi.is_exact() and pi.is_zero():
            continue
        loss = INF() if (qi.is_exact() and qi.is_zero()) else pi.log() - qi.log()
        out.append((loss, pi))
    return out


hs_events = declare("hs_events", hs_events_value, 3, "sup_A P(A) - e^eps Q(A).", guard=_GUARD)
bad_mass = declare("bad_mass", lambda P,
                    Q, e: _loss_mass(P, Q, e, False), 3, "P(log p/q > eps).", guard=_GUARD)
loss_tail = declare("loss_tail", lambda P,
                     Q, e: _loss_mass(P, Q, e, True), 3, "P(|log p/q| > eps).", guard=_GUARD)
loss_at = declare("loss_at", loss_at_value, 3, "log p(y) - log q(y).", guard=_GUARD)
density = declare("density", density_value, 2, "p(y).", guard=_GUARD)
cdf = declare("cdf", cdf_value, 2, "P(Y <= t).", guard=_GUARD)
signed_mass_below = declare("signed_mass_below", signed_mass_below_value,
                             4, "P(Y <= t) - e^eps Q(Y <= t).", guard=_GUARD)
moment2 = declare("moment2", moment2_value, 1, "E[Y^2].", guard=_GUARD)
