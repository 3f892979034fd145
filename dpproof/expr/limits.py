"""Size limits of the claims language: what the parser may compute exactly, and what not.

The parser never computes a large number (issue 10, item 6): sympy evaluates powers, roots
(it factors the radicand), ``exp(c log b)`` and binomials of numbers eagerly, so each such
operation is checked here first.  Every check raises ``ValueError`` with a message in the
claims format's words; the parser adds the line and column.
"""

from __future__ import annotations

import functools
import math
import re

import sympy

#: digits of an exact number (numerator and denominator), literal or computed by a power
MAX_DIGITS = 1000
#: levels of nesting: parentheses, calls, signs and powers
MAX_DEPTH = 50
#: characters of one statement
MAX_LENGTH = 10_000
#: digits of a number whose root (fractional power) is taken; sympy factors it
ROOT_DIGITS = 100
#: log10 of the largest argument of exp of numbers (sympy evaluates it to compare it)
EXP_ARG_LOG10 = 100

_LOG2_10 = math.log2(10)
_LOG10_E = math.log10(math.e)


def shorten(text, keep: int = 40) -> str:
    """``text`` as it is repeated in a message: long values cut in the middle."""
    text = str(text)
    if len(text) <= keep:
        return text
    return f"{text[:keep // 2]}...{text[-8:]} ({len(text)} characters)"


def exact_number(text: str) -> sympy.Rational:
    """The exact rational a decimal literal (ASCII digits, optional exponent) denotes.

    Raises ValueError when it is not such a literal or when its numerator or denominator
    would have more than ``MAX_DIGITS`` digits (nothing large is built to find out).
    """
    m = re.fullmatch(r"([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?", text.strip())
    if not m or not (m.group(2) or m.group(3)):
        raise ValueError(f"{shorten(text)!r} is not a number (write digits 0-9, an optional "
                         "decimal point and exponent, e.g. 0.16 or 1e-6)")
    sign, whole, frac, exp = m.group(1), m.group(2), m.group(3) or "", m.group(4) or "0"
    digits = (whole + frac).lstrip("0")
    if not digits:
        return sympy.Integer(0)
    if len(exp.lstrip("+-").lstrip("0")) > 6:
        shift = (MAX_DIGITS + 1 + len(digits)) * (-1 if exp.startswith("-") else 1)
    else:
        shift = int(exp) - len(frac)
    if max(len(digits) + max(shift, 0), -shift) > MAX_DIGITS:
        how = "is too large" if shift >= 0 else "is too small (too many digits)"
        raise ValueError(f"the number {shorten(text)} {how}: exact numbers in claims "
                         f"have at most {MAX_DIGITS} digits (numerator and denominator)")
    value = sympy.Integer(int(digits)) * sympy.Rational(10) ** shift
    return -value if sign == "-" else value


def log10_size(value) -> float:
    """log10 of the largest numerator/denominator among the rationals in a number."""
    atoms = [value] if value.is_Rational else list(value.atoms(sympy.Rational))
    size = 0.3  # a number with no rational atom (pi) counts as about 2
    for r in atoms:
        for part in (abs(r.p), r.q):
            if part > 1:
                size = max(size, math.log2(part) / _LOG2_10)
    return size


def check_power(base, exponent) -> None:
    """``base ** exponent`` of numbers: at most about MAX_DIGITS digits, roots of numbers of
    at most ROOT_DIGITS digits."""
    if not base.is_number or base in (0, 1, -1):
        return
    if not exponent.is_Rational:  # b^x is exp(x log b) to sympy
        if exponent.is_number and magnitude(exponent) + math.log10(
                2.31 * max(magnitude(base), 0.01)) > EXP_ARG_LOG10:
            raise ValueError(f"the power ({shorten(sympy.sstr(base))})^"
                             f"({shorten(sympy.sstr(exponent))}) is out of range: "
                             f"|exponent x log(base)| of numbers is at most 10^{EXP_ARG_LOG10}")
        return
    size = log10_size(base)
    shown = f"({shorten(sympy.sstr(base))})^({shorten(sympy.sstr(exponent))})"
    if abs(float(exponent)) * size > MAX_DIGITS:
        raise ValueError(f"the power {shown} is too large: powers of numbers may have at most "
                         f"about {MAX_DIGITS} digits (|exponent| x log10 of the base <= "
                         f"{MAX_DIGITS})")
    if not exponent.is_Integer and size > ROOT_DIGITS:
        raise ValueError(f"the root {shown} is too large: roots and fractional powers are "
                         f"taken of numbers with at most {ROOT_DIGITS} digits")


@functools.lru_cache(maxsize=4096)
def magnitude(value) -> float:
    """An upper bound of |log10 |value|| for a number, from its form alone (nothing is
    evaluated); 0 for an expression with parameters (sympy does not evaluate those)."""
    if not value.is_number:
        return 0.0
    if value.is_Rational:
        return log10_size(value)
    if isinstance(value, sympy.exp):
        return _LOG10_E * 10 ** min(magnitude(value.args[0]), 300.0)
    if value.is_Pow:
        base, exponent = value.args
        scale = log10_size(exponent) if exponent.is_Rational else magnitude(exponent)
        return magnitude(base) * 10 ** min(scale, 300.0)
    if value.is_Mul or value.is_Add:
        return sum(magnitude(a) for a in value.args) + (1.0 if value.is_Add else 0.0)
    if value.args:
        return max(magnitude(a) for a in value.args) + 1.0
    return 1.0  # pi, zoo, nan


def check_defined(term, written: str) -> None:
    """A partial term without parameters must be a real number: ``1/0``, ``log(0)``,
    ``sqrt(-1)``, ``0^(-1)``, ``log(-1)`` are refused where they are written (as "1/0" is in
    a domain), never left to the engines as sympy's ``zoo``, ``nan`` or ``I``."""
    if term.free_symbols or not term.has(sympy.zoo, sympy.nan, sympy.I, sympy.oo, -sympy.oo):
        return
    raise ValueError(f"{shorten(written)!r} is undefined (a division by 0, a log of 0 or of a "
                     "negative number, an even root of a negative number): the constant terms "
                     "of a statement must be real numbers")


def check_exp(arg) -> None:
    """exp of a number: its argument at most 10^EXP_ARG_LOG10 in absolute value (sympy
    evaluates it to compare it), and exp(c log b), which is b^c to sympy, within the limits
    of ``check_power``."""
    if not arg.is_number:
        return
    if magnitude(arg) > EXP_ARG_LOG10:
        raise ValueError(f"exp({shorten(sympy.sstr(arg))}) is out of range: the argument of "
                         f"exp of numbers is at most 10^{EXP_ARG_LOG10} in absolute value")
    for term in sympy.Add.make_args(arg):
        c, rest = term.as_coeff_Mul()
        if isinstance(rest, sympy.log) and rest.args[0].is_number:
            check_power(rest.args[0], c)


def check_roots(factors) -> None:
    """A product of roots of numbers is one root of their product to sympy."""
    size = 0.0
    for factor in factors:
        for f in sympy.Mul.make_args(factor):
            b, e = f.as_base_exp()
            if b.is_Rational and e.is_Rational and not e.is_Integer:
                size += log10_size(b)
    if size > ROOT_DIGITS:
        raise ValueError(f"this product of roots of numbers is too large: roots are taken of "
                         f"numbers with at most {ROOT_DIGITS} digits in all")


def binomial_is_small(n, k) -> bool:
    """Whether sympy may compute binomial(n, k) of numbers (at most about MAX_DIGITS digits)."""
    if not (n.is_number and k.is_number):
        return True
    if not (k.is_Integer and n.is_Rational):
        return False
    m = min(abs(k), abs(n - k)) if n.is_Integer else abs(k)
    return m * (log10_size(n) + 1) <= MAX_DIGITS
