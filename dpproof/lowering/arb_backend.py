"""The arb lowering, the rigorous one: flint's ball arithmetic, with the exact ranges
flint's own operations miss (powers of a ball containing 0, real odd roots, 0^y).
"""

from __future__ import annotations

import sympy
from flint import arb, fmpq

from ..expr.balls import intersect, monotone
from .codegen import generate
from .exact import arb_box, arb_to_mpf, mpf_to_fmpq
from .tree import Backend


class ArbBackend(Backend):
    name = "arb"

    @staticmethod
    def undecided():
        return arb.nan()

    @staticmethod
    def hull(values):
        out = values[0]
        for v in values[1:]:
            out = out.union(v)
        return out

    def rational(self, e):
        q = fmpq(int(e.p), int(e.q))
        return lambda env: arb(q)

    def constant(self, which):
        make = {"pi": arb.pi, "e": lambda: arb(1).exp(), "inf": arb.pos_inf,
                "-inf": arb.neg_inf}[which]
        return lambda env: make()

    @staticmethod
    def one():
        return arb(1)

    @staticmethod
    def mul(a, b):
        """The ball product; where a factor is wide (relative radius over about 1/4) also the
        hull of the four products of the ends, intersected: midpoint-radius arithmetic makes
        the product of two positive balls of relative radii 0.15 and 0.99 a ball containing 0
        (a log of exp(a) exp(b) on a wide box was "maybe undefined")."""
        p = a * b
        if (a.rel_accuracy_bits() >= 2 and b.rel_accuracy_bits() >= 2) or not (
                a.is_finite() and b.is_finite()):
            return p
        return _wide_product(a, b, p)

    def compile(self, expr, names):
        """Straight-line code (``codegen``); the closures of ``Backend.compile`` for an
        expression too large to generate."""
        expr, index = sympy.sympify(expr), {n: i for i, n in enumerate(names)}
        return generate(self, expr, index, _arb_int_pow, _wide_product) or \
            self._node(expr, index)

    @staticmethod
    def certain(x, rel: str) -> bool:
        if rel == "==0":
            return x.is_exact() and x.is_zero()
        return Backend.certain(x, rel)

    @staticmethod
    def integer(x) -> bool:
        return x.is_exact() and x.is_integer()

    @staticmethod
    def not_integer(x) -> bool:
        return x.is_finite() and not x.contains_integer()

    @staticmethod
    def to_int(x) -> int:
        return int(x.unique_fmpz())

    def power(self, base, exponent, exp_fn):
        if exponent.is_Integer and int(exponent) >= 0:
            n = int(exponent)
            return lambda env: _arb_int_pow(base(env), n)
        return super().power(base, exponent, exp_fn)

    def nonneg_power(self, base, exponent, exp_fn):
        # ``inner`` reads the values already computed: base and exponent evaluated once
        inner = self.power(lambda xy: xy[0], exponent, lambda xy: xy[1])
        return lambda env: _arb_nonneg_pow(base(env), exp_fn(env), inner)

    @staticmethod
    def int_power(x, n: int):
        return _arb_int_pow(x, n)

    @staticmethod
    def odd_root(x, q: int):
        """The real q-th root (q odd) of a ball: monotone, so a ball straddling 0 maps to the
        hull of the roots of its ends."""
        if x.is_zero():
            return arb(0)
        if x > 0:
            return x.root(q)
        if x < 0:
            return -((-x).root(q))
        if not x.is_finite():
            return arb.nan()

        # monotone: the hull of the roots of the ends; an end at 0 stays exactly 0 (arb's
        # root is nan on a ball touching 0), so [0, h] maps into [0, h^(1/q)]
        lo, hi = arb(x.lower()), arb(x.upper())
        top = arb(0) if hi == 0 else hi.root(q).upper()
        bottom = arb(0) if lo == 0 else -((-lo).root(q)).upper()
        return arb_box(mpf_to_fmpq(arb_to_mpf(bottom)), mpf_to_fmpq(arb_to_mpf(top)))

    def special(self, cls, kids):
        impl = cls.arb_impl
        return lambda env: impl(*[k(env) for k in kids])

    def function(self, name):
        return _ARB_FUNCTIONS.get(name)


def _wide_product(a: arb, b: arb, p: arb) -> arb:
    """``p = a * b`` intersected with the hull of the four products of the ends (a factor
    of relative radius over about 1/4: ``ArbBackend.mul``)."""
    la, ua, lb, ub = a.lower(), a.upper(), b.lower(), b.upper()
    return intersect((p, (la * lb).union(la * ub).union(ua * lb).union(ua * ub)))


def _arb_int_pow(x: arb, n: int) -> arb:
    """x**n for an integer n >= 0.  flint's ``**`` gives nan for a ball containing 0;
    there the exact range is used: [0, max|x|^n] for even n, [lo^n, hi^n] for odd n."""
    if n == 0:
        return arb(1)
    if n == 1:
        return x
    if x > 0 or x < 0 or x.is_zero() or not x.is_finite():
        return x ** n
    if x >= 0 or (x <= 0 and n % 2 == 0):   # touches 0 from one side: [0, |end|^n] exactly
        top = (arb(x.upper()) if x >= 0 else -arb(x.lower())) ** n
        return arb_box(0, mpf_to_fmpq(arb_to_mpf(top.upper())))
    if n % 2 == 0:
        return arb(0).union(x.abs_upper() ** n).nonnegative_part()
    return (x.lower() ** n).union(x.upper() ** n)


def _arb_nonneg_pow(x: arb, y: arb, inner) -> arb:
    """x**y, y > 0, for an x known to be >= 0 on the domain.  A ball touching 0 reaches
    slightly below it (arb rounds radii up), where flint's power is nan; as x**y increases
    in x >= 0, its range is [0, upper(x)**y]."""
    if x.lower() >= 0 or not x.is_finite() or not y.is_finite() or not y > 0:
        return inner((x, y))
    top = x.upper()
    return arb(0).union(top.sqrt() if y == arb(0.5) else top ** y).nonnegative_part()


#: the largest k of binomial(n, k) taken as a product of k terms (beyond: Gamma functions)
_BIN_TERMS = 10 ** 4


def _arb_binomial(n, k):
    """binomial(n, k) for integers n >= 0, k (checked by ``_binomial_check``); 0 for k < 0."""
    if k.is_exact() and k.is_integer():
        kk = int(k.unique_fmpz())
        if kk < 0:
            return arb(0)
        if kk <= _BIN_TERMS:
            return n.bin(kk)
        if n.is_exact() and n.is_integer():     # binomial(10^100, 10^50) overflowed n.bin
            nn = int(n.unique_fmpz())
            if kk > nn:
                return arb(0)
            if nn - kk <= _BIN_TERMS:
                return n.bin(nn - kk)
    return (n + 1).gamma() / ((k + 1).gamma() * (n - k + 1).gamma())


def _arb_pow(x, y):
    """x^y where ``_pow_check`` passed: 0^y for y >= 0 exactly, else flint's ball power."""
    if x.is_exact() and x.is_zero() and y >= 0:
        return arb(1) if (y.is_exact() and y.is_zero()) else (
            arb(0) if y > 0 else arb(0).union(arb(1)))
    if y.is_exact() and y.is_integer():   # an integer-valued exponent (a summation index)
        n = int(y.unique_fmpz())
        return _arb_int_pow(x, n) if n >= 0 else 1 / _arb_int_pow(x, -n)
    return x ** y


_ARB_FUNCTIONS = {
    "exp": lambda x: x.exp(), "log": lambda x: x.log(), "sqrt": lambda x: x.sqrt(),
    "Abs": abs, "erf": lambda x: monotone(arb.erf, x), "erfc": lambda x: monotone(arb.erfc, x),
    "erfi": lambda x: x.erfi(), "Min": lambda *xs: _fold(xs, lambda a, b: a.min(b)),
    "Max": lambda *xs: _fold(xs, lambda a, b: a.max(b)), "binomial": _arb_binomial,
    "pow": _arb_pow, "gamma": lambda x: x.gamma(), "loggamma": lambda x: x.lgamma(),
    "tanh": lambda x: x.tanh(), "besselk": lambda nu, x: x.bessel_k(nu),
    "factorial": lambda x: (x + 1).gamma(),
    "expm1": lambda x: x.expm1(), "log1p": lambda x: x.log1p(),
}


def _fold(xs, op):
    acc = xs[0]
    for x in xs[1:]:
        acc = op(acc, x)
    return acc
