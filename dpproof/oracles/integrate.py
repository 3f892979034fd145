"""Rigorous integration helpers (python-flint balls; never floats).

Two tools:

* ``exp_quad_moments``: closed-form moments of ``exp(c0 + c1 y + c2 y^2)`` over an interval,
  the exact integral of a piecewise Gaussian / exponential density.  Completing the square,
  ``int_a^b exp(q) = e^{q(v)} sqrt(pi)/(2s) [erf(s(b-v)) - erf(s(a-v))]`` with ``s^2 = -c2``,
  ``v = -c1/(2 c2)``; higher moments by ``d/dt e^q = 2 c2 t e^q`` (integration by parts).
* ``quad``: ``acb.integral`` on an exactly bounded segment, with the contribution of ball
  endpoints bounded by ``radius * sup|f|`` over the endpoint ball.

Infinite endpoints are ``None``.  Every function returns balls containing the true value for
every parameter inside the input balls, or ``arb.nan()`` when it cannot certify.
"""

from __future__ import annotations

from flint import acb, arb

from ..work import INTEGRATING
from .balls import INF, NAN, certainly_nonneg, hull, pos  # noqa: F401  (re-exported)


def _is_zero(x: arb) -> bool:
    return x.is_exact() and x.is_zero()


def _sub(u, v):
    """u - v for endpoints, None meaning infinite."""
    return None if (u is None or v is None) else u - v


class Moments:
    """Centered moments J_k = int_a^b (y - v)^k exp(q(y)) dy, k = 0, 1, 2."""

    __slots__ = ("v", "J")

    def __init__(self, v, J):
        self.v, self.J = v, J

    @property
    def finite(self) -> bool:
        return all(j.is_finite() for j in self.J)


def _erf_diff(xa, xb):
    """erf(xb) - erf(xa), xa <= xb (None = -inf / +inf), without tail cancellation."""
    if xa is not None and xa > 0:
        return xa.erfc() - (xb.erfc() if xb is not None else arb(0))
    if xb is not None and xb < 0:
        return (-xb).erfc() - ((-xa).erfc() if xa is not None else arb(0))
    return (xb.erf() if xb is not None else arb(1)) - (xa.erf() if xa is not None else arb(-1))


def _boundary(f, ta, tb):
    """[f(t)]_{ta}^{tb}, f vanishing at the infinite ends (checked by the caller)."""
    return (f(tb) if tb is not None else arb(0)) - (f(ta) if ta is not None else arb(0))


def exp_quad_moments(c0: arb, c1: arb, c2: arb, a, b) -> Moments:
    """Moments of exp(c0 + c1 y + c2 y^2) on [a, b] (a, b arb or None for -inf / +inf)."""
    if _is_zero(c2):
        return _linear_moments(c0, c1, a, b)
    if c2 < 0 or (c2 > 0 and a is not None and b is not None):
        v = -c1 / (2 * c2)
        k0 = c0 - c1 * c1 / (4 * c2)
        ta, tb = _sub(a, v), _sub(b, v)
        e = lambda t: (k0 + c2 * t * t).exp()  # noqa: E731
        if c2 < 0:
            s = (-c2).sqrt()
            J0 = k0.exp() * arb.pi().sqrt() / (2 * s) * _erf_diff(
                None if ta is None else s * ta, None if tb is None else s * tb)
        else:
            s = c2.sqrt()
            J0 = k0.exp() * arb.pi().sqrt() / (2 * s) * ((s * tb).erfi() - (s * ta).erfi())
        J1 = _boundary(e, ta, tb) / (2 * c2)
        J2 = (_boundary(lambda t: t * e(t), ta, tb) - J0) / (2 * c2)
        return Moments(v, (J0, J1, J2))
    if c2 > 0:
        return Moments(arb(0), (INF(), INF(), INF()))
    if a is None or b is None:
        return Moments(arb(0), (NAN(), NAN(), NAN()))
    return _crude_moments(c0, c1, c2, a, b)


def _linear_moments(c0, c1, a, b) -> Moments:
    """Moments of exp(c0 + c1 y), centred at a finite endpoint."""
    if _is_zero(c1):
        if a is None or b is None:
            return Moments(arb(0), (INF(), INF(), INF()))
        v, w, h = a, b - a, c0.exp()
        return Moments(v, (h * w, h * w * w / 2, h * w * w * w / 3))
    if a is not None:
        v, w = a, _sub(b, a)
        if w is None and not c1 < 0:
            return Moments(v, ((INF(), INF(), INF()) if c1 > 0 else (NAN(), NAN(), NAN())))
    elif b is not None:
        v, w = b, None
        if not c1 > 0:
            return Moments(v, ((INF(), INF(), INF()) if c1 < 0 else (NAN(), NAN(), NAN())))
    else:
        return Moments(arb(0), (INF(), INF(), INF()))
    h = (c0 + c1 * v).exp()
    if a is not None and w is not None:  # t in [0, w]
        ew = (c1 * w).exp()
        J0 = h * (c1 * w).expm1() / c1
        J1 = (h * w * ew - J0) / c1
        J2 = (h * w * w * ew - 2 * J1) / c1
    elif a is not None:  # t in [0, inf), c1 < 0
        J0 = -h / c1
        J1 = -J0 / c1
        J2 = -2 * J1 / c1
    else:  # t in (-inf, 0], c1 > 0
        J0 = h / c1
        J1 = -J0 / c1
        J2 = -2 * J1 / c1
    return Moments(v, (J0, J1, J2))


def _crude_moments(c0, c1, c2, a, b) -> Moments:
    """Width times the range of the integrand over [a, b]: sound, not tight."""
    v = (a + b) / 2
    Y = hull(a, b)
    w = (b - a).abs_upper()
    f = (c0 + c1 * Y + c2 * Y * Y).exp()
    t = Y - v
    return Moments(v, tuple(hull(arb(0), w * f * t**k) for k in range(3)))


def exp_quad_integral(c0, c1, c2, a, b) -> arb:
    """int_a^b exp(c0 + c1 y + c2 y^2) dy.

    On a finite interval also (b - a) * range of the integrand (mean value theorem; sharper
    for wide parameter balls), and the intersection of both enclosures is returned.
    """
    J0 = exp_quad_moments(c0, c1, c2, a, b).J[0]
    if a is None or b is None or J0.rad() == 0 or not (b >= a):
        return J0
    Y = hull(a, b)
    m = Y.mid()
    t = Y - m
    crude = (b - a) * (c0 + c1 * m + c2 * m * m + (c1 + 2 * c2 * m) * t + c2 * t * t).exp()
    if not J0.is_finite():
        return crude if crude.is_finite() else J0
    return J0.intersection(crude) if J0.overlaps(crude) else J0




def quad(f, a: arb, b: arb, **opts) -> arb:
    """int_a^b f for f(z: acb, analytic: bool) -> acb holomorphic on the segment.

    Integrates between the exact midpoints of a and b with ``acb.integral``; the pieces
    between a ball endpoint and its midpoint are bounded by rad * |f(endpoint ball)|.
    Returns the real part.
    """
    am, bm = a.mid(), b.mid()
    raised: list = []

    def guarded(z, analytic):
        try:
            return f(z, analytic)
        except BaseException as exc:   # recorded: python-flint may swallow it
            raised.append(exc)
            raise

    INTEGRATING[0] += 1
    try:
        val = acb.integral(guarded, am, bm, **opts).real
    except BaseException:
        if raised:   # python-flint reports it as a SystemError: the integrand's own
            raise raised[0] from None
        raise
    finally:
        INTEGRATING[0] -= 1
    if raised:
        raise raised[0]
    for end in (a, b):
        r = end.rad()
        if r != 0:
            bound = f(acb(end), False).abs_upper() * r
            val += arb(0, bound) if bound.is_finite() else NAN()
    return val


def raw_moment(mom: Moments, k: int) -> arb:
    """int y^k (k <= 2) from the centred moments J_j = int (y - v)^j of ``exp_quad_moments``."""
    v, J = mom.v, mom.J
    return (J[0], J[1] + v * J[0], J[2] + 2 * v * J[1] + v * v * J[0])[k]
