"""Exact inputs of the arb lowering and its precision: balls built from exact rationals
(``arb_ball``/``arb_box``), never from floats; ``at_precision(bits)`` wraps
``flint.ctx.workprec`` for the duration of one evaluation (precision is never set globally);
exact conversions between balls, mpmath numbers and rationals.
"""

from __future__ import annotations

from contextlib import contextmanager
from fractions import Fraction

import mpmath
import sympy
from flint import arb, ctx, fmpq, fmpz

# -- exact inputs ------------------------------------------------------------------------

def to_fmpq(value) -> fmpq:
    """An exact flint rational from an int, Fraction, sympy Rational or decimal string."""
    if isinstance(value, fmpq):
        return value
    if isinstance(value, float):
        raise TypeError(f"refusing float {value!r}: arb inputs must be exact rationals")
    if isinstance(value, str):
        value = sympy.Rational(value)
    if isinstance(value, sympy.Rational):
        return fmpq(int(value.p), int(value.q))
    if isinstance(value, (int, Fraction)):
        f = Fraction(value)
        return fmpq(f.numerator, f.denominator)
    raise TypeError(f"cannot make an exact rational of {value!r} ({type(value).__name__})")


def arb_ball(value) -> arb:
    """The (tightest) ball around an exact rational at the ambient precision."""
    return arb(to_fmpq(value))


def arb_box(lo, hi) -> arb:
    """A ball containing the whole closed interval [lo, hi] of exact rationals.

    A dyadic end (0, integers, bisection points) is kept exactly as the ball's end, the
    lower one first: a box [0, h] stays inside the domain of sqrt and x^(1/3) instead of
    straddling 0 by a rounding of the radius."""
    a, b = to_fmpq(lo), to_fmpq(hi)
    if a == b:
        return arb(a)
    return _anchored(a, b, True) or _anchored(a, b, False) or arb(a).union(arb(b))


def _anchored(a: fmpq, b: fmpq, low: bool):
    """The ball [a, a + 2R] (``low``) or [b - 2R, b] with R >= (b - a)/2 of at most 20 bits
    (exact as a radius), or None if that end or the midpoint is not exact.  In FLINT's
    integers and rationals (C): this runs for every box the engines visit."""
    end = a if low else b
    if not arb(end).is_exact():
        return None
    half = (b - a) / 2
    p, q = half.p, half.q
    e = p.bit_length() - q.bit_length() - 19
    m = _ceil_scaled(p, q, e)
    while m >= 1 << 20:
        e += 1
        m = _ceil_scaled(p, q, e)
    rad = fmpq(m * fmpz(2) ** e) if e >= 0 else fmpq(m, fmpz(2) ** -e)
    mid = arb(end + rad if low else end - rad)
    if not mid.is_exact():
        return None
    ball = arb(mid, (int(m), e))   # (mantissa, exponent): an exact radius
    ok = ball.lower() <= arb(a) and ball.upper() >= arb(b)
    return ball if ok and (ball.lower() if low else ball.upper()) == arb(end) else None


def _ceil_scaled(p: fmpz, q: fmpz, e: int) -> fmpz:
    """ceil(p / (q 2^e)) for integers p, q > 0."""
    n, d = (p, q * fmpz(2) ** e) if e >= 0 else (p * fmpz(2) ** -e, q)
    return -((-n) // d)


@contextmanager
def at_precision(bits: int):
    """Evaluate with ``bits`` of working precision; restores the previous one on exit."""
    if not isinstance(bits, int) or bits < 16:
        raise ValueError(f"precision must be an integer number of bits >= 16, got {bits!r}")
    with ctx.workprec(bits):
        yield


def arb_to_mpf(x: arb) -> mpmath.mpf:
    """The midpoint of a ball as an mpmath number (exactly)."""
    man, exp = x.mid().man_exp()
    return mpmath.ldexp(mpmath.mpf(int(man)), int(exp))


def mpf_to_arb(x) -> arb:
    """A finite mpmath number or float, exactly, as a ball of radius 0: from its mantissa
    and exponent, never through a rational (``exp(-10^6)`` made a denominator of 1.4 million
    bits, 0.25 s a conversion: 14 s of one claim's numeric engine, counted as no work)."""
    sign, man, exp, _ = mpmath.mpf(x)._mpf_
    return arb((-int(man) if sign else int(man), int(exp)))


def mpf_to_fmpq(x) -> fmpq:
    """An mpmath number or float, exactly, as a rational."""
    if isinstance(x, float):
        f = Fraction(x)
        return fmpq(f.numerator, f.denominator)
    sign, man, exp, _ = mpmath.mpf(x)._mpf_
    man, exp = (-int(man) if sign else int(man)), int(exp)
    return fmpq(man * 2**exp) if exp >= 0 else fmpq(man, 2**-exp)
