"""Independent references for the oracle conformance tests (issue #10, item 5).

Nothing here is shared with ``dpproof.oracles``: densities and masses are written afresh
from their textbook formulas in mpmath, integrated with ``mpmath.quad`` (tanh-sinh) split at
kinks, support ends, scale points and at the crossings of ``log p - log q = eps``, which a
sign scan on a grid scaled to both laws finds and bisection refines.  Also the seeded
random cases (laws as exact rationals, built lazily at the test's mpmath precision).
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction as Fr

import mpmath as mp
from flint import arb, fmpq

import dpproof.oracles as O

DPS = 25
SLACK = mp.mpf(10) ** -18


# ------------------------------------------------------------------ arb <-> exact helpers

def A(x: Fr) -> arb:
    """The exact rational as a ball (at the test's precision)."""
    return arb(fmpq(x.numerator, x.denominator))


def ball(x: Fr, rel: Fr = Fr(1, 10 ** 9)) -> arb:
    """A small ball around x: the hull of x (1 -/+ rel) (of +-rel at x = 0)."""
    w = abs(x) * rel if x != 0 else rel
    return A(x - w).union(A(x + w))


def M(x) -> mp.mpf:
    return mp.mpf(x.numerator) / x.denominator if isinstance(x, Fr) else mp.mpf(x)


def to_mpf(x: arb) -> mp.mpf:
    man, exp = x.man_exp()
    return mp.ldexp(mp.mpf(int(man)), int(exp))


def contains(enc: arb, val, err=0) -> bool:
    """val (+- err + slack) meets the ball enc."""
    if not enc.is_finite():
        return False
    tol = 10 * abs(err) + SLACK * max(1, abs(val))
    return to_mpf(enc.lower()) - tol <= val <= to_mpf(enc.upper()) + tol


def is_pos_inf(enc: arb) -> bool:
    return (not enc.is_finite()) and bool(enc > 0)


# ------------------------------------------------------------------ textbook densities

INF = mp.inf


class Law:
    """A continuous law: log-density in mpmath, support, kinks, centre and scale."""

    def __init__(self, name, params, logpdf, support, kinks, centre, scale):
        self.name, self.params, self._logpdf = name, params, logpdf
        self.support, self.kinks, self.centre, self.scale = support, kinks, centre, scale

    def logpdf(self, y):
        lo, hi = self.support
        if y < lo or y > hi:
            return -INF
        return self._logpdf(y)

    def oracle(self, conv=A):
        return getattr(O, self.name)(*(conv(p) for p in self.params))

    def __repr__(self):
        return f"{self.name}({', '.join(str(p) for p in self.params)})"


def _log_norm_const(s):
    return mp.log(s * mp.sqrt(2 * mp.pi))


def normal(mu: Fr, s: Fr) -> Law:
    m, sd = M(mu), M(s)
    z, k = _log_norm_const(sd), 1 / (2 * sd ** 2)
    return Law("Normal", (mu, s), lambda y: -(y - m) ** 2 * k - z, (-INF, INF), [], m, sd)


def dd_normal(x: Fr, r: Fr) -> Law:
    """N(x, (r x)^2)."""
    m, sd = M(x), abs(M(r) * M(x))
    z, k = _log_norm_const(sd), 1 / (2 * sd ** 2)
    return Law("DataDependentNormal", (x, r), lambda y: -(y - m) ** 2 * k - z, (-INF, INF), [],
               m, sd)


def laplace(mu: Fr, b: Fr) -> Law:
    m, bb = M(mu), M(b)
    z = mp.log(2 * bb)
    return Law("Laplace", (mu, b), lambda y: -abs(y - m) / bb - z, (-INF, INF), [m], m, bb)


def osgt(mu: Fr, s: Fr, mm: Fr) -> Law:
    """density exp(-(|y - mu| + m)^2 / (2 s^2)) / (s sqrt(2 pi) erfc(m / (s sqrt 2)))."""
    m, sd, off = M(mu), M(s), M(mm)
    z = mp.log(sd * mp.sqrt(2 * mp.pi) * mp.erfc(off / (sd * mp.sqrt(2))))
    k = 1 / (2 * sd ** 2)
    return Law("OSGT", (mu, s, mm), lambda y: -(abs(y - m) + off) ** 2 * k - z,
               (-INF, INF), [m], m, sd)


def trunc(mu: Fr, s: Fr, C: Fr) -> Law:
    """N(mu, s^2) conditioned on [mu - C, mu + C]."""
    m, sd, c = M(mu), M(s), M(C)
    z, k = _log_norm_const(sd) + mp.log(mp.erf(c / (sd * mp.sqrt(2)))), 1 / (2 * sd ** 2)
    return Law("TruncNormal", (mu, s, C), lambda y: -(y - m) ** 2 * k - z,
               (m - c, m + c), [m - c, m + c], m, min(sd, c))


MAKERS = {"Normal": normal, "DataDependentNormal": dd_normal, "Laplace": laplace,
          "OSGT": osgt, "TruncNormal": trunc}


# ------------------------------------------------------------------ independent quadrature

def _quad(f, pts):
    v, e = mp.quad(f, pts, error=True, maxdegree=8)
    return v, e


def _grid(*laws):
    """Scan points: each law's centre +- scale * t on a fine t grid (|t| <= 40), then
    geometrically out to 2e7 scales (crossings far in the tails at large |eps|), and kinks."""
    ts = [mp.mpf(k) / 4 for k in range(-160, 161)]
    ts += [sg * 40 * mp.mpf(5) ** (mp.mpf(k) / 8) for k in range(1, 72) for sg in (-1, 1)]
    pts = set()
    for L in laws:
        pts.update(L.centre + L.scale * t for t in ts)
        pts.update(L.kinks)
    return sorted(pts)


def crossings(g, lo, hi, laws):
    """Points in (lo, hi) where g changes sign, located by bisection on a scanned grid."""
    xs = [x for x in _grid(*laws) if lo < x < hi]
    out, a, ga = [], None, 0
    for b in xs:  # (a, ga): the last scanned point where g is not 0
        gb = g(b)
        if gb == 0:
            continue
        if a is not None and (ga > 0) != (gb > 0):
            out.append(_bisect(g, a, b, ga))
        a, ga = b, gb
    return out


def _bisect(g, a, b, ga):
    for _ in range(300):
        c = (a + b) / 2
        gc = g(c)
        if gc == 0 or b - a < mp.mpf(10) ** (-DPS) * (1 + abs(c)):
            return c
        a, b, ga = (c, b, gc) if (gc > 0) == (ga > 0) else (a, c, ga)
    return (a + b) / 2


def _points(P, Q, extra=()):
    """Integration points over the support of P: its ends, all kinks, extra points."""
    lo, hi = P.support
    near = [L.centre + L.scale * t for L in (P, Q) for t in (-30, -8, -2, 0, 2, 8, 30)]
    inner = {k for k in P.kinks + Q.kinks + list(Q.support) + list(extra) + near
             if mp.isfinite(k) and lo < k < hi}
    return [lo, *sorted(inner), hi]


def _inside_support(P, Q) -> bool:
    return Q.support[0] <= P.support[0] and P.support[1] <= Q.support[1]


def _diverges(h, P, Q, top=0):
    """exp(h) is not integrable: h does not decrease far out (beyond its scanned peak
    ``top``) on an unbounded side of P."""
    R0 = max(P.scale, Q.scale) + abs(P.centre) + abs(Q.centre) + abs(top)
    for side, end in ((-1, P.support[0]), (1, P.support[1])):
        if mp.isinf(end) and any(h(side * 2 * R0 * 10 ** j) >= h(side * R0 * 10 ** j)
                                 for j in range(2, 30, 3)):
            return True
    return False


def q_renyi(P, Q, alpha):
    """D_alpha = log(int p^alpha q^(1 - alpha)) / (alpha - 1), or +inf."""
    a = M(alpha)
    if not _inside_support(P, Q):
        return INF, 0
    h = lambda y: a * P.logpdf(y) + (1 - a) * Q.logpdf(y)  # noqa: E731
    lo, hi = P.support
    xs = [x for x in _grid(P, Q) if lo < x < hi]
    top = max(xs, key=h)  # the integrand's peak (far out for large alpha): split around it
    if _diverges(h, P, Q, top):
        return INF, 0
    w = min(P.scale, Q.scale)
    peak = [top + w * t / mp.sqrt(a) for t in (-30, -8, -2, 0, 2, 8, 30)]
    I, e = _quad(lambda y: mp.exp(h(y)), _points(P, Q, peak))
    return mp.log(I) / (a - 1), (e + 100 * mp.eps * I) / (I * (a - 1))  # rounding / (a - 1)


def q_kl(P, Q):
    if not _inside_support(P, Q):
        return INF, 0

    def f(y):
        lp = P.logpdf(y)
        return mp.exp(lp) * (lp - Q.logpdf(y)) if lp != -INF else 0
    return _quad(f, _points(P, Q))


def q_hs(P, Q, eps):
    ee = mp.exp(M(eps))
    g = lambda y: P.logpdf(y) - Q.logpdf(y) - M(eps)  # noqa: E731
    lo, hi = max(P.support[0], Q.support[0]), min(P.support[1], Q.support[1])
    xs = crossings(g, lo, hi, (P, Q)) if lo < hi else []
    f = lambda y: max(mp.exp(P.logpdf(y)) - ee * mp.exp(Q.logpdf(y)), 0)  # noqa: E731
    return _quad(f, _points(P, Q, xs))


# ------------------------------------------------------------------ random cases

def _scale(rng):
    return Fr(rng.choice([1, 2, 3, 5, 7]), rng.choice([1, 2, 3, 4])) * \
        Fr(10) ** rng.choice([-3, -1, 0, 0, 0, 1, 3])


class Spec(tuple):
    """(family name, exact parameters): the law is built at the test's precision."""

    def law(self) -> Law:
        return MAKERS[self[0]](*self[1])

    def __repr__(self):
        return f"{self[0]}({', '.join(str(p) for p in self[1])})"


def S(name, *params):
    return Spec((name, params))


def _family(rng, kind, centre, s):
    if kind == "DataDependentNormal":
        x = centre if centre != 0 else s
        return S(kind, x, s / abs(x))
    if kind == "OSGT":
        return S(kind, centre, s, s * Fr(rng.choice([-1, 0, 1, 3]), rng.choice([1, 2])))
    if kind == "TruncNormal":
        return S(kind, centre, s, s * Fr(rng.choice([1, 2, 5]), rng.choice([1, 2])))
    return S(kind, centre, s)


KINDS = ["Normal", "DataDependentNormal", "Laplace", "OSGT", "TruncNormal"]


def _pairs(seed=20240610, per_family=1, special=True):
    """(P, Q, label) pairs: identical, shifted, rescaled, cross-family, tiny/huge scales,
    touching and nested supports."""
    rng = random.Random(seed)
    out = []
    for kind in KINDS:
        for _ in range(per_family):
            s = _scale(rng)
            mu = s * Fr(rng.randint(-6, 6), 2)
            P = _family(rng, kind, mu, s)
            out.append((P, P, "same"))
            out.append((P, _family(random.Random(rng.random()), kind, mu + s / 3, s), "shift"))
            other = _family(random.Random(rng.random()), rng.choice(KINDS), mu - s / 2,
                            s * rng.choice([Fr(1, 2), Fr(3, 2), 2]))
            out.append((P, other, "mixed"))
            out.append((other, P, "mixed-rev"))
    if not special:
        return out
    N, L, T, G = "Normal", "Laplace", "TruncNormal", "OSGT"
    one, half, k = Fr(1), Fr(1, 2), Fr(1000)
    out += [(S(N, 0 * one, 1 / k), S(N, 0 * one, k), "tiny-huge"),
            (S(N, 0 * one, k), S(N, one, k), "huge"),
            (S(L, 0 * one, 1 / k), S(L, 1 / k, 1 / k), "tiny"),
            (S(T, 0 * one, one, one), S(T, 2 * one, one, one), "touching"),
            (S(T, 0 * one, one, one), S(T, half, one, half), "touching-inside"),
            (S(T, 0 * one, one, half), S(T, 0 * one, 2 * one, one), "nested"),
            (S(T, 0 * one, one, one), S(N, 0 * one, one), "trunc-vs-normal"),
            (S(N, 0 * one, one), S(T, 0 * one, one, 3 * one), "normal-vs-trunc"),
            (S(N, 0 * one, 2 * one), S(N, 0 * one, one), "wide-vs-narrow"),
            (S(G, 0 * one, one, -2 * one), S(G, 0 * one, one, 2 * one), "osgt-negative-m")]
    return out


PAIRS = _pairs()
EPS = [Fr(-10), Fr(-3), Fr(-1, 2), Fr(-1, 1000), Fr(0), Fr(1, 3), Fr(2), Fr(10)]
ALPHAS = [1 + Fr(1, 10 ** 6), Fr(3, 2), Fr(2), Fr(7), Fr(100)]


def _ids(pairs):
    return [f"{i}-{lab}-{P!r}-{Q!r}" for i, (P, Q, lab) in enumerate(pairs)]


def _rebuild(L: Law, params) -> Law:
    return MAKERS[L.name](*params)




# ------------------------------------------------------------------ discrete laws

def _bern(p):
    p = M(p)
    return [1 - p, p]


def _rr(eps, k, v):
    e = mp.exp(M(eps))
    return [(e if i == v else 1) / (e + k - 1) for i in range(k)]


def _genrr(eps0, t):
    e0 = mp.exp(M(eps0))
    p = (e0 - mp.exp(M(t))) / (e0 - 1)
    q = mp.exp(-M(t)) * p
    return [p, 1 - p], [q, 1 - q]


def _joint(*ms):
    return [mp.fprod(c) for c in itertools.product(*ms)]


def d_renyi(p, q, alpha):
    a = M(alpha)
    if any(pi > 0 and qi == 0 for pi, qi in zip(p, q)):
        return INF
    return mp.log(mp.fsum(pi ** a * qi ** (1 - a) for pi, qi in zip(p, q) if pi > 0)) / (a - 1)


def d_kl(p, q):
    if any(pi > 0 and qi == 0 for pi, qi in zip(p, q)):
        return INF
    return mp.fsum(pi * mp.log(pi / qi) for pi, qi in zip(p, q) if pi > 0)


def d_hs(p, q, eps):
    ee = mp.exp(M(eps))
    return mp.fsum(max(pi - ee * qi, 0) for pi, qi in zip(p, q))


def _discrete_cases():
    """(label, oracle P, oracle Q, masses p, masses q): built lazily at the test precision."""
    rng = random.Random(11)
    ps = [Fr(0), Fr(1), Fr(1, 2), Fr(1, 3), Fr(1, 1000), Fr(999, 1000)] + \
        [Fr(rng.randint(1, 99), 100) for _ in range(3)]
    out = []
    for a, b in [(x, y) for x in ps for y in ps][::3] + [(Fr(1, 3), Fr(1, 3))]:
        out.append((f"Bernoulli({a})-Bernoulli({b})",
                    lambda a=a, b=b: (O.Bernoulli(A(a)), O.Bernoulli(A(b)), _bern(a), _bern(b))))
    for eps, k in [(Fr(1), 2), (Fr(1, 1000), 3), (Fr(5), 5), (Fr(-1), 3), (Fr(0), 4)]:
        out.append((f"RR({eps},{k})", lambda eps=eps, k=k: (
            O.randomized_response(A(eps), k, 0), O.randomized_response(A(eps), k, 1),
            _rr(eps, k, 0), _rr(eps, k, 1))))
    for eps0, t in [(Fr(1), Fr(1, 2)), (Fr(3), Fr(1, 1000)), (Fr(1, 10), Fr(1, 11))]:
        def make(eps0=eps0, t=t):
            P, Q = O.genrr_pair(A(eps0), A(t))
            p, q = _genrr(eps0, t)
            return P, Q, p, q
        out.append((f"GenRR({eps0},{t})", make))

    def prod():
        P = O.ProductDistribution((O.Bernoulli(A(Fr(1, 3))), O.randomized_response(A(Fr(1)), 3, 0)))
        Q = O.ProductDistribution((O.Bernoulli(A(Fr(1, 2))), O.randomized_response(A(Fr(1)), 3, 2)))
        return P, Q, _joint(_bern(Fr(1, 3)), _rr(Fr(1), 3, 0)), _joint(_bern(Fr(1, 2)),
                                                                      _rr(Fr(1), 3, 2))
    out.append(("product", prod))
    return out


DISCRETE = _discrete_cases()


# ------------------------------------------------------------------ moments, tails, masses

def _oracle(name):
    from dpproof.expr.functions import REGISTRY
    import dpproof.oracles  # noqa: F401
    return REGISTRY[name].arb_impl


def _mass(P, a, b, w=lambda y: 1):
    """int_a^b w p over the support of P, split at kinks and at the scale points."""
    lo, hi = max(a, P.support[0]), min(b, P.support[1])
    if not lo < hi:
        return mp.mpf(0), 0
    near = [P.centre + P.scale * t for t in (-8, -2, 0, 2, 8)]
    pts = [lo, *sorted({x for x in P.kinks + near if lo < x < hi}), hi]
    return _quad(lambda y: w(y) * mp.exp(P.logpdf(y)), pts)


def q_loss_mass(P, Q, eps, two_sided):
    """P(log p/q > eps) (or |log p/q| > eps), +inf loss where q = 0."""
    def loss(y):
        return P.logpdf(y) - Q.logpdf(y)
    lo, hi = P.support
    xs = []
    for c in ((M(eps), -M(eps)) if two_sided else (M(eps),)):
        xs += crossings(lambda y: loss(y) - c, lo, hi, (P, Q))
    pts = [lo, *sorted({x for x in xs + P.kinks + Q.kinks + list(Q.support)
                        if mp.isfinite(x) and lo < x < hi}), hi]

    def f(y):
        lp = P.logpdf(y)
        L = lp - Q.logpdf(y)
        yes = abs(L) > M(eps) if two_sided else L > M(eps)
        return mp.exp(lp) if yes else 0
    return _quad(f, pts)


def _phi(mu, s):
    mu, s = M(mu), M(s)
    return lambda u: mp.exp(-(u - mu) ** 2 / (2 * s * s)) / (s * mp.sqrt(2 * mp.pi))
