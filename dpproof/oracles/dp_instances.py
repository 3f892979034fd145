"""Instance oracles for approximate DP and the OSGT, computed from their definitions.

Every function returns an arb ball containing the true value for every parameter in the
input balls, ``nan`` when it cannot certify.  Registered for claims (names in ``__all__``):

* distributions: ``Finite(w0, ..., wn)`` (normalised weights), ``NameShame(delta, n, v)``
  (name-and-shame on n people, person 1 holding v in {0, 1}), ``ProductOf(P, Q)``,
  ``Quantize(P, t1, .., tk)`` (bins of a continuous law: a deterministic post-processing),
  ``Stochastic(P, K...)`` (P pushed through a row-stochastic matrix, rows normalised);
* events and losses: ``hs_events`` (sup over all events A of P(A) - e^eps Q(A), by
  enumeration), ``bad_mass`` = P(log p/q > eps), ``loss_tail`` = P(|log p/q| > eps),
  ``loss_at`` = log p(y) - log q(y), ``density``, ``cdf``, ``signed_mass_below`` =
  P(Y <= t) - e^eps Q(Y <= t), ``moment2`` = E[Y^2] by integration;
* OSGT from its first form, kernel exp(-y^2/(2 s^2) - |y| m/s^2): ``osgt_kernel_mass``,
  ``osgt_moment`` (k-th moment), ``osgt_tail`` = P[Y >= y]; ``rejection_shift_cdf``: CDF of
  N(0, s^2) conditioned on |X| >= m and shifted towards 0 by m, from Normal masses;
* inverses by certified bisection: ``eps_at_delta``, ``gauss_var_needed``,
  ``osgt_var_needed`` (variance at which delta(eps) reaches a target; delta assumed
  decreasing in sigma, which the bisection needs and records as an assumption).
"""

from __future__ import annotations


from flint import arb, ctx

from dpproof.expr.functions import DistributionFunction, OracleFunction, register

from . import distributions as dist
from .conversions import eps_from_delta
from .divergences import Undecided, Zone, _refine, hockey_stick, quad_range
from .integrate import NAN, exp_quad_integral, exp_quad_moments, hull, pos

_BISECT = 64  # bisection steps of the inverse oracles (enclosure width ~ 2^-64 relative)


def _int(x) -> int | None:
    if isinstance(x, int):
        return x
    v = x.unique_fmpz() if isinstance(x, arb) else None
    return None if v is None else int(v)


def _joint(P):
    return P.joint_discrete() if isinstance(P, dist.ProductDistribution) else P


# ----------------------------------------------------------------------- distributions

def finite(*w) -> dist.Discrete:
    total = sum(w, arb(0))
    if not all(x >= 0 for x in w) or not total > 0:
        raise ValueError(f"Finite weights must be >= 0 with a positive sum, got {w}")
    return dist.Discrete(tuple(x / total for x in w))


def name_shame(delta, n: int, v: int) -> dist.ProductDistribution:
    """Outputs (Y_1..Y_n), Y_j in {bot, 0, 1}: Y_j = x_j w.p. delta, bot otherwise;
    x_1 = v, x_j = 0 for j > 1."""
    def person(x):
        return dist.Discrete((1 - delta, delta if x == 0 else arb(0), delta if x == 1 else arb(0)))
    return dist.ProductDistribution(tuple(person(v if j == 0 else 0) for j in range(n)))


def product_of(P, Q) -> dist.ProductDistribution:
    parts = []
    for X in (P, Q):
        parts.extend(X.components if isinstance(X, dist.ProductDistribution) else (X,))
    return dist.ProductDistribution(tuple(parts))


def quantize(P, *cuts) -> dist.Discrete:
    """Masses of P on (-inf, t1], (t1, t2], ..., (tk, inf) (cuts certainly increasing)."""
    if any(not b > a for a, b in zip(cuts, cuts[1:])):
        return dist.Discrete(tuple(NAN() for _ in range(len(cuts) + 1)))
    ends = (None, *cuts, None)
    return dist.Discrete(tuple(P.mass(a, b) for a, b in zip(ends, ends[1:])))


def stochastic(P, *entries) -> dist.Discrete:
    P = _joint(P)
    n = len(P.masses)
    if len(entries) % n:
        raise ValueError(f"{len(entries)} matrix entries do not fill {n} rows")
    r = len(entries) // n
    rows = [entries[i * r:(i + 1) * r] for i in range(n)]
    rows = [[x / sum(row, arb(0)) for x in row] for row in rows]
    return dist.Discrete(tuple(sum((P.masses[i] * rows[i][j] for i in range(n)), arb(0))
                               for j in range(r)))


# ----------------------------------------------------------------------- events, losses

def hs_events_value(P, Q, eps) -> arb:
    """sup over all events A of P(A) - e^eps Q(A), enumerating the 2^n subsets."""
    p, q = _joint(P).masses, _joint(Q).masses
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
    if isinstance(P, (dist.Discrete, dist.ProductDistribution)):
        total = arb(0)
        for pi, qi in zip(_joint(P).masses, _joint(Q).masses):
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
        parts = _refine(P, Q)
    except Undecided:
        return NAN()
    total = arb(0)
    for part in parts:
        if isinstance(part, Zone):  # breakpoints of uncertain order: 0 <= mass <= P(zone)
            total += hull(arb(0), part.integral(
                lambda cp, cq, Y: arb(0) if cp is None else quad_range(cp, Y).exp()))
            continue
        lo, hi, cp, cq = part
        if lo is not None and hi is not None and not hi > lo:
            if (hi - lo).is_exact() and (hi - lo).is_zero():
                continue
            return NAN()
        if cp is None:
            continue
        if cq is None:
            total += exp_quad_integral(*cp, lo, hi)
            continue
        l = tuple(a - b for a, b in zip(cp, cq))
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
        r = _roots(l[0] - c, l[1], l[2])
        if r is None:  # l2 may vanish: keep the small root, cut the line at +-T
            r, T = _small_root(l[0] - c, l[1], l[2])
            if r is None:
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


def _small_root(l0, l1, l2):
    """For l2 near 0 and l1 certainly non-zero: the root near -l0/l1 and a T below which
    no other root lies; (None, None) if undecidable."""
    if not (l1 > 0 or l1 < 0):
        return None, None
    D = l1 * l1 - 4 * l2 * l0
    if not D > 0:
        return None, None
    qq = -(l1 + D.sqrt()) / 2 if l1 > 0 else -(l1 - D.sqrt()) / 2
    T = arb((qq.abs_lower() / l2.abs_upper()).lower() / 2)
    return ([l0 / qq], T) if T.is_finite() else (None, None)


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
        total += hull(arb(0), exp_quad_integral(*cp, a, b))
        u = b
    return total


def _roots(l0, l1, l2):
    """Balls of the real roots of l0 + l1 y + l2 y^2, or None if undecidable."""
    if l2.is_exact() and l2.is_zero():
        if l1.is_exact() and l1.is_zero():
            return []
        return [-l0 / l1] if (l1 > 0 or l1 < 0) else None
    if not (l2 > 0 or l2 < 0):
        return None
    D = l1 * l1 - 4 * l2 * l0
    if D < 0:
        return []
    if not D > 0:
        return None
    sq = D.sqrt()
    qq = -(l1 + sq) / 2 if l1 >= 0 else -(l1 - sq) / 2
    if not (qq > 0 or qq < 0):
        return [(-l1 - sq) / (2 * l2), (-l1 + sq) / (2 * l2)]
    return [qq / l2, l0 / qq]


def loss_at_value(P, Q, y) -> arb:
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


def cdf_value(P, t) -> arb:
    """P(Y <= t); on a ball t, the hull of the values at its exact ends (a CDF increases)."""
    if t.is_exact():
        return P.mass(None, t)
    return hull(P.mass(None, arb(t.lower())), P.mass(None, arb(t.upper())))


def signed_mass_below_value(P, Q, eps, t) -> arb:
    """P(Y <= t) - e^eps Q(Y <= t) (no positive part)."""
    if t.is_exact():
        return P.mass(None, t) - eps.exp() * Q.mass(None, t)
    return cdf_value(P, t) - eps.exp() * cdf_value(Q, t)


# ----------------------------------------------------------------------- OSGT, first form

def _osgt_pieces(sigma, m):
    s2 = sigma * sigma
    return [(None, arb(0), (arb(0), m / s2, -1 / (2 * s2))),
            (arb(0), None, (arb(0), -m / s2, -1 / (2 * s2)))]


def osgt_kernel_mass_value(sigma, m) -> arb:
    """int exp(-y^2/(2 s^2) - |y| m/s^2) dy over the real line."""
    return sum((exp_quad_integral(*c, lo, hi) for lo, hi, c in _osgt_pieces(sigma, m)), arb(0))


def osgt_moment_value(sigma, m, k) -> arb:
    """int y^k kernel / int kernel, k in {0, 1, 2}."""
    k = _int(k)
    if k not in (0, 1, 2):
        return NAN()
    num = arb(0)
    for lo, hi, c in _osgt_pieces(sigma, m):
        M = exp_quad_moments(*c, lo, hi)
        v, J = M.v, M.J
        num += (J[0], J[1] + v * J[0], J[2] + 2 * v * J[1] + v * v * J[0])[k]
    return num / osgt_kernel_mass_value(sigma, m)


def osgt_tail_value(sigma, m, y) -> arb:
    """P[Y >= y] for the OSGT of the first form (decreasing in y)."""
    def at(x):
        (_, _, cl), (_, _, cr) = _osgt_pieces(sigma, m)
        if x >= 0:
            num = exp_quad_integral(*cr, x, None)
        else:
            num = exp_quad_integral(*cl, x, arb(0)) + exp_quad_integral(*cr, arb(0), None)
        return num / osgt_kernel_mass_value(sigma, m)
    if y >= 0 or y < 0:
        return at(y)
    return hull(at(arb(y.lower())), at(arb(y.upper())))


def rejection_shift_cdf_value(sigma, m, t) -> arb:
    """P(Y <= t), Y = X + m if X < -m, X - m if X >= m, X ~ N(0, s^2) given |X| >= m."""
    N = dist.Normal(arb(0), sigma)

    def at(x):
        kept = 1 - N.mass(-m, m)
        left = N.mass(None, (x - m).min(-m)) if x < 0 else N.mass(None, -m)
        right = N.mass(m, x + m) if x >= 0 else arb(0)
        return (left + right) / kept
    if t >= 0 or t < 0:
        return at(t)
    return hull(at(arb(t.lower())), at(arb(t.upper())))


# ----------------------------------------------------------------------- inverses

def eps_at_delta_value(P, Q, delta, lo, hi) -> arb:
    return eps_from_delta(lambda e: hockey_stick(P, Q, e), delta, lo, hi, max_iter=_BISECT)


def _sigma_for(make, eps, delta, Delta):
    """sigma with hockey_stick(make(0, s), make(Delta, s), eps) = delta (log bisection)."""
    f = lambda s: hockey_stick(make(arb(0), s), make(Delta, s), eps)  # noqa: E731
    lo, hi = Delta / 64, Delta * 64
    for _ in range(8):
        if f(hi) < delta:
            break
        hi *= 8
    for _ in range(8):
        if f(lo) > delta:
            break
        lo /= 8
    # delta decreases in sigma: the same certified bisection as eps(delta)
    return eps_from_delta(f, delta, lo, hi, max_iter=_BISECT)


def gauss_var_needed_value(eps, delta, Delta) -> arb:
    s = _sigma_for(dist.Normal, eps, delta, Delta)
    return s * s


def osgt_var_needed_value(eps, delta, m, Delta) -> arb:
    s = _sigma_for(lambda mu, sg: dist.OSGT(mu, sg, m), eps, delta, Delta)
    if not s.is_finite():
        return NAN()
    return moment2_value(dist.OSGT(arb(0), s, m))


# ----------------------------------------------------------------------- registration

_Dist, _Num = DistributionFunction, OracleFunction


def _make(name, base, nargs, impl, doc, ints=()):
    def arb_impl(*args):
        args = list(args)
        for i in ints:
            v = _int(args[i])
            if v is None:
                if base is _Dist:
                    raise ValueError(f"{name}: argument {i} must be an exact integer")
                return NAN()
            args[i] = v
        with ctx.workprec(ctx.prec + 20):
            out = impl(*args)
        if base is _Dist and isinstance(out, arb):
            raise ValueError(f"{name}: parameters {args} do not determine a distribution")
        return out if base is _Dist else +out
    cls = type(name, (base,), {"nargs": nargs, "__doc__": doc,
                               "arb_impl": staticmethod(arb_impl)})
    return register(cls)


Finite = _make("Finite", _Dist, tuple(range(2, 15)), finite, "Finite law, weights normalised.")
NameShame = _make("NameShame", _Dist, 3, name_shame, "Name-and-shame outputs.", ints=(1, 2))
ProductOf = _make("ProductOf", _Dist, 2, product_of, "Independent product.")
Quantize = _make("Quantize", _Dist, tuple(range(2, 10)), quantize, "Bins of a continuous law.")
Stochastic = _make("Stochastic", _Dist, tuple(range(3, 40)), stochastic,
                   "Push-forward by a row-stochastic matrix.")
hs_events = _make("hs_events", _Num, 3, hs_events_value, "sup_A P(A) - e^eps Q(A).")
bad_mass = _make("bad_mass", _Num, 3, lambda P, Q, e: _loss_mass(P, Q, e, False),
                   "P(log p/q > eps).")
loss_tail = _make("loss_tail", _Num, 3, lambda P, Q, e: _loss_mass(P, Q, e, True),
                    "P(|log p/q| > eps).")
loss_at = _make("loss_at", _Num, 3, loss_at_value, "log p(y) - log q(y).")
density = _make("density", _Num, 2, lambda P, y: P.pdf(y), "p(y).")
cdf = _make("cdf", _Num, 2, cdf_value, "P(Y <= t).")
signed_mass_below = _make("signed_mass_below", _Num, 4, signed_mass_below_value,
                            "P(Y <= t) - e^eps Q(Y <= t).")
moment2 = _make("moment2", _Num, 1, moment2_value, "E[Y^2].")
osgt_kernel_mass = _make("osgt_kernel_mass", _Num, 2, osgt_kernel_mass_value, "S' by integration.")
osgt_moment = _make("osgt_moment", _Num, 3, osgt_moment_value, "k-th OSGT moment.", ints=(2,))
osgt_tail = _make("osgt_tail", _Num, 3, osgt_tail_value, "P[Y >= y], OSGT.")
rejection_shift_cdf = _make("rejection_shift_cdf", _Num, 3, rejection_shift_cdf_value,
                              "CDF of the rejected-and-shifted Gaussian.")
eps_at_delta = _make("eps_at_delta", _Num, 5, eps_at_delta_value, "eps with H_eps = delta.")
gauss_var_needed = _make("gauss_var_needed", _Num, 3, gauss_var_needed_value,
                           "Gaussian variance reaching delta at eps.")
osgt_var_needed = _make("osgt_var_needed", _Num, 4, osgt_var_needed_value,
                          "OSGT variance (fixed m) reaching delta at eps.")

__all__ = ["finite", "name_shame", "product_of", "quantize", "stochastic", "hs_events_value",
           "loss_at_value", "moment2_value", "cdf_value", "signed_mass_below_value",
           "osgt_kernel_mass_value", "osgt_moment_value", "osgt_tail_value",
           "rejection_shift_cdf_value", "eps_at_delta_value", "gauss_var_needed_value",
           "osgt_var_needed_value", "Finite", "NameShame", "ProductOf", "Quantize", "Stochastic",
           "hs_events", "bad_mass", "loss_tail", "loss_at", "density", "cdf", "signed_mass_below",
           "moment2", "osgt_kernel_mass", "osgt_moment", "osgt_tail", "rejection_shift_cdf",
           "eps_at_delta", "gauss_var_needed", "osgt_var_needed"]
