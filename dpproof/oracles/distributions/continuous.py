"""Continuous distributions as frozen data over arb parameters, with exact log-densities.

Every univariate continuous family except ``NormalProduct`` has a *piecewise quadratic*
log-density: ``pieces()`` lists ``(lo, hi, coef)`` covering the real line in order, with
``log p(y) = c0 + c1 y + c2 y^2`` on ``[lo, hi]`` (``coef = (c0, c1, c2)``) or ``coef = None``
where the density is zero; ``lo``/``hi`` are arb balls or ``None`` (infinite).  The
divergences integrate these pieces exactly (``integrate.exp_quad_moments``).

"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from flint import acb, arb

from ...definedness import require
from ..balls import normal_tail
from ..integrate import NAN, exp_quad_integral, quad

Coef = tuple  # (c0, c1, c2)


def _log_sqrt_2pi_sigma(sigma: arb) -> arb:
    return (sigma * (2 * arb.pi()).sqrt()).log()


def _normal_coef(mu: arb, sigma: arb, log_norm: arb) -> Coef:
    """log N(mu, sigma^2) density minus log_norm: -(y - mu)^2 / (2 sigma^2) - log(sigma sqrt(2 pi))."""
    s2 = sigma * sigma
    return (-mu * mu / (2 * s2) - _log_sqrt_2pi_sigma(sigma) - log_norm, mu / s2, -1 / (2 * s2))


def _normal_shape(mu: arb) -> Coef:
    """Numerators of -(y - mu)^2 (over D = 2 sigma^2): the un-normalised normal shape."""
    return (-mu * mu, 2 * mu, arb(-1))


def _hull(vals: list) -> arb:
    """The smallest ball containing every ball of ``vals``; nan when there is none."""
    if not vals:
        return NAN()
    out = vals[0]
    for v in vals[1:]:
        out = out.union(v)
    return out


def scale(label: str):
    """A scale parameter of a family (a dataclass field): checked > 0 when a law is made,
    ``label`` naming it in the error."""
    return field(metadata={"scale": label})


class Continuous:
    """Base of the piecewise-quadratic log-density families."""

    def __post_init__(self):
        for f in fields(self):
            if "scale" in f.metadata:
                _check_pos(f.metadata["scale"], getattr(self, f.name))

    def pieces(self) -> list:  # pragma: no cover - abstract
        raise NotImplementedError

    def shape(self):
        """The un-normalised log-density ``(D, pieces)``: ``pieces`` parallel to ``pieces()``
        (same intervals, ``None`` where the density is zero) with numerators ``(n0, n1, n2)``
        such that ``log p(y) = (n0 + n1 y + n2 y^2) / D - log Z`` on each piece, where ``D``
        and the normaliser ``log Z`` depend only on the parameters other than ``mu``; None if
        the family does not provide it.

        Used for ``log p - log q`` of two laws of one family whose other parameters are
        exactly equal exact balls (``divergences.pieces.same_scale``): the normalisers are
        then equal and cancel, and the loss ``(N_p - N_q) / D`` is exact wherever the
        numerators are (a slope 1/b - 1/b is an exact 0 even for b = 3, where the ball of 1/b
        is not exact).  A scale given by an inexact ball (b = 1/3 is not a dyadic) cannot
        be told equal to another from its ball, so there the loss stays a ball of positive
        radius around normalisers that do not cancel exactly; nothing is done about it.
        """
        return None

    def kinks(self) -> list:
        """Finite breakpoints of the log-density (kinks and support ends)."""
        return [p[1] for p in self.pieces()[:-1]]

    def support(self) -> tuple:
        """(lo, hi) of the support, None meaning infinite."""
        ps = [p for p in self.pieces() if p[2] is not None]
        return ps[0][0], ps[-1][1]

    def _candidates(self, y: arb) -> list:
        """Coefficients of the pieces that may contain a point of the ball y: a piece that
        certainly contains y alone (at a support end, the piece inside the support: supports
        are closed), else every piece that meets y."""
        sure, out = [], []
        for lo, hi, c in self.pieces():
            if (lo is None or y >= lo) and (hi is None or y <= hi):
                sure.append(c)
            if (lo is None or not y < lo) and (hi is None or not y > hi):
                out.append(c)
        if sure:
            inside = [c for c in sure if c is not None]
            return inside[:1] or sure[:1]
        return out

    def logpdf(self, y: arb) -> arb:
        """log density on the ball y: the hull over the pieces y may meet (-inf off the
        support; a ball straddling a support end gives [-inf, ...])."""
        return _hull([arb.neg_inf() if c is None else c[0] + c[1] * y + c[2] * y * y
                      for c in self._candidates(y)])

    def pdf(self, y: arb) -> arb:
        return _hull([arb(0) if c is None else (c[0] + c[1] * y + c[2] * y * y).exp()
                      for c in self._candidates(y)])

    def mass(self, a=None, b=None) -> arb:
        """P([a, b]) by exact integration of the pieces (checks normalisation)."""
        total = arb(0)
        for lo, hi, c in self.pieces():
            lo2 = a if lo is None else (lo if a is None else lo.max(a))
            hi2 = b if hi is None else (hi if b is None else hi.min(b))
            if c is None or (lo2 is not None and hi2 is not None and hi2 <= lo2):
                continue
            total += exp_quad_integral(*c, lo2, hi2)
        return total


def _check_pos(name, x):
    """A scale parameter: > 0.  ``Undefined`` if certainly <= 0, ``MaybeUndefined`` if the
    ball straddles 0 (both ValueErrors; README, edges of the domain)."""
    require(x > 0, x <= 0, f"{name} = {x.str(5, radius=False)}", "a scale must be > 0")


def _check_probability(name, p):
    """A probability: in [0, 1]."""
    require(p >= 0 and p <= 1, p < 0 or p > 1, f"{name} = {p.str(5, radius=False)}",
            "a probability must lie in [0, 1]")


@dataclass(frozen=True)
class Located(Continuous):
    """A location family: ``mu`` shifts the law (the first parameter of each family below)."""

    mu: arb


@dataclass(frozen=True)
class Normal(Located):
    """N(mu, sigma^2): log p = -(y - mu)^2/(2 sigma^2) - log(sigma sqrt(2 pi))."""

    sigma: arb = scale("Normal sigma")

    def pieces(self):
        return [(None, None, _normal_coef(self.mu, self.sigma, arb(0)))]

    def shape(self):
        return 2 * self.sigma * self.sigma, [(None, None, _normal_shape(self.mu))]


def DataDependentNormal(x: arb, r: arb) -> Normal:
    """N(x, (r x)^2), the Gaussian whose scale is proportional to the data x."""
    return Normal(x, abs(r * x))


@dataclass(frozen=True)
class Laplace(Located):
    """Laplace(mu, b): log p = -|y - mu|/b - log(2b); kink at mu."""

    b: arb = scale("Laplace scale b")

    def pieces(self):
        lz = (2 * self.b).log()
        c1 = 1 / self.b
        left = (-lz - self.mu * c1, c1, arb(0))
        right = (-lz + self.mu * c1, -c1, arb(0))
        return [(None, self.mu, left), (self.mu, None, right)]

    def shape(self):
        """log p = -|y - mu| / b - log(2b): numerators (-mu, 1, 0) and (mu, -1, 0) over b."""
        return self.b, [(None, self.mu, (-self.mu, arb(1), arb(0))),
                        (self.mu, None, (self.mu, arb(-1), arb(0)))]


@dataclass(frozen=True)
class OSGT(Located):
    """Offset symmetric Gaussian tail: p proportional to exp(-(|y - mu| + m)^2/(2 sigma^2)).

    Normaliser S = sqrt(2 pi sigma^2) 2 Q(m/sigma) = sigma sqrt(2 pi) erfc(m/(sigma sqrt 2)).
    """

    sigma: arb = scale("OSGT sigma")
    m: arb

    def log_normaliser(self) -> arb:
        s = self.sigma
        return _log_sqrt_2pi_sigma(s) + (self.m / (s * arb(2).sqrt())).erfc().log()

    def pieces(self):
        lz = self.log_normaliser() - _log_sqrt_2pi_sigma(self.sigma)
        left = _normal_coef(self.mu + self.m, self.sigma, lz)   # y <= mu: (mu - y + m)^2
        right = _normal_coef(self.mu - self.m, self.sigma, lz)  # y >= mu: (y - mu + m)^2
        return [(None, self.mu, left), (self.mu, None, right)]

    def shape(self):
        return 2 * self.sigma * self.sigma, [(None, self.mu, _normal_shape(self.mu + self.m)),
                                             (self.mu, None, _normal_shape(self.mu - self.m))]


@dataclass(frozen=True)
class TruncNormal(Located):
    """N(mu, sigma^2) restricted to [mu - C, mu + C], renormalised by erf(C/(sigma sqrt 2))."""

    sigma: arb = scale("TruncNormal sigma")
    C: arb = scale("TruncNormal C")

    def pieces(self):
        z = (self.C / (self.sigma * arb(2).sqrt())).erf().log()
        lo, hi = self.mu - self.C, self.mu + self.C
        return [(None, lo, None), (lo, hi, _normal_coef(self.mu, self.sigma, z)),
                (hi, None, None)]

    def shape(self):
        lo, hi = self.mu - self.C, self.mu + self.C
        return 2 * self.sigma * self.sigma, [(None, lo, None), (lo, hi, _normal_shape(self.mu)),
                                             (hi, None, None)]


@dataclass(frozen=True)
class NormalProduct:
    """Law of X Z, X ~ N(x, s^2), Z ~ N(1, r^2) independent.

    Density f(y) = int phi_X(u) phi_Z(y/u) / |u| du (y != 0), integrated rigorously on
    [-U, -d] and [d, U]; the neglected parts are bounded in ``_product_tails``.
    """

    x: arb
    s: arb
    r: arb

    def pdf(self, y: arb) -> arb:
        if y.contains(0):
            return NAN() if not (y.is_exact() and y.is_zero()) else arb.pos_inf()
        X, Z = Normal(self.x, self.s), Normal(arb(1), self.r)
        cx, cz = X.pieces()[0][2], Z.pieces()[0][2]
        yc = acb(y)

        def f(u, analytic, sign):
            w = yc / u
            return (cx[0] + cx[1] * u + cx[2] * u * u + cz[0] + cz[1] * w + cz[2] * w * w).exp() \
                / (sign * u)

        d, U, tail = _product_cut(self.x, self.s, self.r, y)
        total = quad(lambda u, a: f(u, a, 1), d, U) + quad(lambda u, a: f(u, a, -1), -U, -d)
        return total + tail


def _product_cut(x, s, r, y):
    """Cut points d, U and a bound on the integral outside [-U, -d] u [d, U].

    For 0 < |u| <= d: phi_X <= 1/(s sqrt(2 pi)) and, with v = |y|/|u|,
    int phi_Z(y/u)/|u| du = int_{v >= |y|/d} phi_Z(+-v)/v dv <= (d/|y|) P(|Z| >= |y|/d),
    P(|Z| >= V) <= 2 Q((V - 1)/r) for V > 1.  For |u| >= U: phi_Z(.)/|u| <= 1/(r sqrt(2 pi) U)
    and P(|X| >= U) <= 2 Q((U - |x|)/s).
    """
    from flint import ctx

    K = arb(2 * (ctx.prec + 30)).sqrt() + 2  # Q(K - 1) < 2^-(prec + 30)
    ay = y.abs_lower()
    d = ay / (1 + K * r.upper())
    U = x.abs_upper() + K * s.upper()
    c = 1 / (2 * arb.pi()).sqrt()
    near = c / s * 2 * (d / ay) * normal_tail((ay / d - 1) / r)
    far = c / (r * U) * 2 * normal_tail((U - x.abs_upper()) / s)
    return d, U, arb(0).union(near + far)
