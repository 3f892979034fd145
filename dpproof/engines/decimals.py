"""Exact rationals written as decimals, for witnesses and boxes in reports."""

from __future__ import annotations

import sympy


def decimal_str(q: sympy.Rational) -> str:
    """An exact decimal string for a rational with a terminating expansion, else 'p/q'."""
    q = sympy.Rational(q)
    den = int(q.q)
    twos = fives = 0
    while den % 2 == 0:
        den //= 2
        twos += 1
    while den % 5 == 0:
        den //= 5
        fives += 1
    if den != 1:
        return f"{q.p}/{q.q}"
    digits = max(twos, fives)
    scaled = int(q * sympy.Integer(10) ** digits)
    sign = "-" if scaled < 0 else ""
    text = str(abs(scaled)).rjust(digits + 1, "0")
    if digits == 0:
        return sign + text
    return f"{sign}{text[:-digits]}.{text[-digits:]}".rstrip("0").rstrip(".")


def describe_box(names, box) -> str:
    """'a in [lo, hi], b in [lo, hi]' with short decimals."""
    return ", ".join(f"{n} in [{_short(lo)}, {_short(hi)}]" for n, (lo, hi) in zip(names, box))


def _short(q) -> str:
    q = sympy.Rational(q)
    return decimal_str(q) if len(decimal_str(q)) <= 12 else f"{float(q):.6g}"

