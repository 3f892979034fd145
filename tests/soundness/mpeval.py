"""An evaluator of claims-file statements that shares nothing with dpproof.

The mutation suite must settle the truth of each mutant *independently* of the engines it
tests, so this module neither imports ``dpproof`` nor reuses its parser or lowering:
statements are read with sympy's own ``parse_expr`` (``^`` as power, decimals as exact
rationals) and evaluated by a small recursive interpreter over ``mpmath`` at a stated number of
digits, parameters entering as exact rationals.

Conventions at the edges: ``x^(p/q)`` with x < 0 and q odd is the real root (issue #10 calls
``x^(1/3) >= -1/2`` false at x = -1); with q even, ``sqrt``/``log`` of a negative, division by
0 and ``binomial`` outside non-negative integers are *undefined*, raised as ``Undefined``;
``0^0 = 1`` (sympy's, Python's and dpproof's choice).  A claims language that calls odd roots
of negatives undefined instead disagrees only at negative bases: the mutants' noted points
avoid them except where a root claim is meant to test them (classics: ``*root*``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

import mpmath
import sympy
from sympy.parsing.sympy_parser import (convert_xor, parse_expr, rationalize,
                                        standard_transformations)

_TRANSFORMS = standard_transformations + (convert_xor, rationalize)
_RELATION = re.compile(r"(<=|>=|==|<|>)")
_NAMES = {"Phi": sympy.Function("Phi"), "Q": sympy.Function("Q"),
          "dawson": sympy.Function("dawson"), "abs": sympy.Abs, "min": sympy.Min,
          "max": sympy.Max, "exp": sympy.exp, "log": sympy.log, "sqrt": sympy.sqrt,
          "erf": sympy.erf, "erfc": sympy.erfc, "binomial": sympy.Function("binomial"),
          "pi": sympy.pi}


class Undefined(ArithmeticError):
    """The statement has no value at this point (see module docstring)."""


@dataclass(frozen=True)
class Relation:
    lhs: sympy.Expr
    rel: str
    rhs: sympy.Expr

    def margin(self, point: dict[str, Fraction], dps: int) -> mpmath.mpf:
        """rhs - lhs for <= and <, lhs - rhs for >= and >, -|lhs - rhs| for ==."""
        with mpmath.workdps(dps):
            a, b = evaluate(self.lhs, point, dps), evaluate(self.rhs, point, dps)
            if self.rel in ("<=", "<"):
                return b - a
            if self.rel in (">=", ">"):
                return a - b
            return -abs(a - b)

    @property
    def strict(self) -> bool:
        return self.rel in ("<", ">")


@dataclass(frozen=True)
class Parsed:
    hypotheses: tuple[Relation, ...]
    conclusion: Relation


def parse(text: str, names, evaluate: bool = True) -> Parsed:
    """``[h1 and h2 and ... =>] lhs REL rhs`` with parameters ``names`` (``evaluate=False``
    keeps sympy from simplifying the expressions as written)."""
    local = dict(_NAMES)
    local.update({n: sympy.Symbol(n) for n in names})
    hyps, _, concl = text.rpartition("=>")
    parts = [p for p in hyps.split(" and ") if p.strip()] if hyps else []
    return Parsed(tuple(_relation(p, local, evaluate) for p in parts),
                  _relation(concl, local, evaluate))


def _relation(text: str, local, evaluate: bool = True) -> Relation:
    pieces = _RELATION.split(text)
    if len(pieces) != 3:
        raise ValueError(f"expected exactly one relation in {text!r}")
    lhs, rel, rhs = pieces
    read = lambda s: parse_expr(s, local_dict=dict(local), transformations=_TRANSFORMS,  # noqa
                                evaluate=evaluate)
    return Relation(read(lhs), rel, read(rhs))


def evaluate(e: sympy.Expr, point: dict[str, Fraction], dps: int) -> mpmath.mpf:
    """The value of ``e`` at ``point`` with mpmath at ``dps`` digits (see module docstring)."""
    with mpmath.workdps(dps):
        return _ev(e, point)


def _num(q) -> mpmath.mpf:
    q = Fraction(q)
    return mpmath.mpf(q.numerator) / q.denominator


def _ev(e, point):
    if e.is_Symbol:
        return _num(point[e.name])
    if e.is_Rational:
        return _num(Fraction(int(e.p), int(e.q)))
    if e is sympy.pi:
        return +mpmath.pi
    if e is sympy.E:
        return mpmath.e()
    if e.is_Add:
        return mpmath.fsum(_ev(a, point) for a in e.args)
    if e.is_Mul:
        out = mpmath.mpf(1)
        for a in e.args:
            out *= _ev(a, point)
        return out
    if e.is_Pow:
        return _pow(e.base, e.exp, point)
    name = type(e).__name__
    args = [_ev(a, point) for a in e.args]
    if name in _UNARY:
        return _UNARY[name](*args)
    if name == "Max":
        return max(args)
    if name == "Min":
        return min(args)
    if name == "binomial":
        n, k = args
        if n != int(n) or k != int(k) or n < 0 or k < 0:
            raise Undefined(f"binomial({n}, {k}) outside non-negative integers")
        return mpmath.binomial(n, k)
    raise NotImplementedError(f"no mpmath evaluation for {name}")


def _pow(base, exponent, point):
    b = _ev(base, point)
    if exponent.is_Rational:
        p, q = int(exponent.p), int(exponent.q)
        if b == 0 and p < 0:
            raise Undefined("0 to a negative power")
        if p == 0:
            return mpmath.mpf(1)
        if b < 0 and q != 1:
            if q % 2 == 0:
                raise Undefined(f"even root of the negative {mpmath.nstr(b, 5)}")
            return (-mpmath.root(-b, q)) ** p            # the real odd root, then ^p
        if q == 1:
            return b ** p
        return mpmath.root(b, q) ** p
    x = _ev(exponent, point)
    if x == 0:
        return mpmath.mpf(1)
    if b < 0 or (b == 0 and x < 0):
        raise Undefined(f"{mpmath.nstr(b, 5)} to the power {mpmath.nstr(x, 5)}")
    return mpmath.power(b, x)


def _log(x):
    if x <= 0:
        raise Undefined(f"log of {mpmath.nstr(x, 5)}")
    return mpmath.log(x)


def _dawson(x):
    """Dawson's integral D(x) = sqrt(pi)/2 exp(-x^2) erfi(x) (DLMF 7.2.5)."""
    return mpmath.sqrt(mpmath.pi) / 2 * mpmath.exp(-x * x) * mpmath.erfi(x)


_UNARY = {
    "exp": mpmath.exp, "log": _log, "Abs": abs, "erf": mpmath.erf, "erfc": mpmath.erfc,
    "Phi": lambda x: mpmath.erfc(-x / mpmath.sqrt(2)) / 2,     # standard normal cdf
    "Q": lambda x: mpmath.erfc(x / mpmath.sqrt(2)) / 2,        # standard normal tail
    "dawson": _dawson,
}


@dataclass(frozen=True)
class Check:
    """The outcome of checking one point: ``violated`` iff the hypotheses certainly hold and
    the conclusion certainly fails, at ``low`` and at ``high`` digits alike."""

    violated: bool
    margin: mpmath.mpf | None
    reason: str = ""


def check_point(parsed: Parsed, point: dict[str, Fraction], low: int = 60,
                high: int = 120) -> Check:
    """Whether ``point`` violates the statement, settled at ``low`` and ``high`` digits.

    A margin counts only if its sign and first digits agree at both precisions; a strict
    relation also fails where the margin is exactly 0 at both precisions.
    """
    try:
        for h in parsed.hypotheses:
            if not _agrees(h, point, low, high, need_negative=False):
                return Check(False, None, "a hypothesis does not certainly hold")
        m_lo = parsed.conclusion.margin(point, low)
        m_hi = parsed.conclusion.margin(point, high)
    except Undefined as exc:
        return Check(False, None, f"undefined: {exc}")
    if m_lo == 0 and m_hi == 0:
        return Check(parsed.conclusion.strict, m_hi, "margin exactly 0")
    stable = m_hi != 0 and abs(m_lo - m_hi) <= abs(m_hi) * mpmath.mpf(10) ** -3
    return Check(bool(stable and m_hi < 0), m_hi, "" if stable else "unstable margin")


def _agrees(rel: Relation, point, low, high, need_negative: bool) -> bool:
    m_lo, m_hi = rel.margin(point, low), rel.margin(point, high)
    if m_lo == 0 and m_hi == 0:
        return not rel.strict
    stable = m_hi != 0 and abs(m_lo - m_hi) <= abs(m_hi) * mpmath.mpf(10) ** -3
    return stable and (m_hi < 0 if need_negative else m_hi > 0)
