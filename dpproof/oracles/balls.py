"""Ball helpers shared by every oracle (python-flint ``arb``; never floats), in one place.

``hull``/``pos`` enclose unions and positive parts; ``exact_int`` reads an exact integer
argument from a ball; ``narrow`` says parameters are tight enough for a meaningful quadrature;
``normal_tail`` is Q(t) = P(N(0, 1) >= t) = erfc(t / sqrt 2) / 2; ``cached`` memoises an
oracle on exact arguments with a precision cap; ``power`` raises a polynomial of balls to an
integer power, its work counted.
"""

from __future__ import annotations

import functools

from flint import arb, arb_poly, ctx

from ..work import charge

NAN = arb.nan
INF = arb.pos_inf
CAP = 192  # precision cap of ``cached`` oracles (bits)


def hull(*xs: arb) -> arb:
    """A ball containing all the given balls."""
    out = xs[0]
    for x in xs[1:]:
        out = out.union(x)
    return out


def pos(x: arb) -> arb:
    """Enclosure of max(x, 0) for every value in the ball x."""
    if x > 0:
        return x
    if x <= 0:
        return arb(0)
    if not x.is_finite():
        return NAN()
    return arb(0).union(x.upper())


def certainly_nonneg(x: arb) -> bool:
    return bool(x >= 0)


def exact_int(x, lo: int | None = None, hi: int | None = None) -> int | None:
    """The integer an int or an exact arb ball is (within [lo, hi] when given), else None."""
    if isinstance(x, int):
        k = x
    elif isinstance(x, arb) and x.is_exact() and x.is_integer():
        k = int(x.unique_fmpz())
    else:
        return None
    if (lo is not None and k < lo) or (hi is not None and k > hi):
        return None
    return k


def narrow(*xs: arb) -> bool:
    """Parameters narrow enough for a meaningful integral (else the caller returns nan)."""
    return all(x.is_finite() and x.rad() <= abs(x.mid()) * arb(2) ** -20 + arb(2) ** -60
               for x in xs)


def normal_tail(t):
    """Q(t) = P(N(0, 1) >= t) = erfc(t / sqrt 2) / 2 (arb or acb)."""
    return (t / arb(2).sqrt()).erfc() / 2


def cached(fn):
    """Memoise an oracle on exact ball arguments and cap its working precision at ``CAP``
    bits: a ball computed at precision p is returned again for any request at precision
    <= p (it is a valid enclosure at every precision); beyond ``CAP`` the oracle is no
    tighter (quadratures at 1024 bits cost seconds and ~1e-58 is plenty)."""
    store: dict = {}

    def wrapper(*args):
        prec = min(ctx.prec, CAP)
        key = tuple(a.mid().man_exp() if isinstance(a, arb) and a.is_exact() else None
                    for a in args)
        hit = store.get(key) if None not in key else None
        if hit is not None and hit[0] >= prec:
            return hit[1]
        with ctx.workprec(prec):
            value = fn(*args)
        if None not in key and len(store) < 1 << 14:
            store[key] = (prec, value)
        return value

    return functools.wraps(fn)(wrapper)


def normal_density(t: arb) -> arb:
    """phi(t) = exp(-t^2 / 2) / sqrt(2 pi), the standard normal density."""
    return (-t * t / 2).exp() / (2 * arb.pi()).sqrt()


#: counted calls per degree^2 x (bits + 512) of a polynomial power, FLINT's cost measured
#: at degrees 4,096 and 16,384 from 53 to 1,024 bits: degree 16,384 takes 0.34 s at 128 bits,
#: 0.62 s at 1,024, about 0.3 and 0.75 work-seconds (2,000,000 counted calls each).
#: kary_rr_delta at n = 16,384 (red round 12) ran minutes of uncounted C per box
POWER_UNITS = 1 / 270_000


def power(poly: arb_poly, n: int) -> arb_poly:
    """``poly ** n``, one FLINT call whose work the meter does not see: charged to it first
    (``work.charge``) in proportion to the result's degree squared (``POWER_UNITS``)."""
    degree = max(poly.degree(), 0) * n
    charge(int(degree * degree * (ctx.prec + 512) * POWER_UNITS))
    return poly ** n
