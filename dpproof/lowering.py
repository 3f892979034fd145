"""Lower sympy expressions to callables in three arithmetics: arb balls, mpmath, float.

Each formula is written once (as sympy) and compiled here to a tree of closures.  The arb
lowering is the rigorous one: its inputs are balls built from exact rationals
(``arb_ball``/``arb_box``), never from floats, and every operation is flint's rigorous
ball arithmetic.  Precision is never set globally: ``at_precision(bits)`` wraps
``flint.ctx.workprec`` for the duration of one evaluation.

Edges of the domain (README, "The claims language at the edges of its domain"): every
partial operation is checked before it is applied, the same way in every arithmetic
(``definedness.edge_check``, against the backend's ``certain``/``integer`` facts):
``log`` needs x > 0, ``sqrt`` x >= 0, a division a nonzero divisor, ``x^y`` x > 0, or x = 0
with y >= 0 (0^0 = 1), or x < 0 with y an integer; ``binomial(n, k)`` integers with n >= 0.
A certain violation raises ``definedness.Undefined`` (naming the term), a ball that straddles
the edge ``definedness.MaybeUndefined``; float evaluation turns both into nan.
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from fractions import Fraction
from typing import Callable, Sequence

import mpmath
import sympy
from flint import arb, ctx, fmpq, fmpz
from scipy import special as _sp

from .definedness import edge_check
from .expr.functions import SpecialFunction
from .expr.stable import stable


class LoweringError(ValueError):
    """An expression uses something the chosen arithmetic cannot evaluate."""


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
    (exact as a radius), or None if that end or the midpoint is not exact."""
    end = a if low else b
    if not arb(end).is_exact():
        return None
    half = Fraction(int((b - a).p), int((b - a).q)) / 2
    e = half.numerator.bit_length() - half.denominator.bit_length() - 19
    m = math.ceil(half / Fraction(2) ** e)
    while m >= 1 << 20:
        e += 1
        m = math.ceil(half / Fraction(2) ** e)
    rad = Fraction(m) * Fraction(2) ** e
    exact_end = Fraction(int(end.p), int(end.q))
    mid = arb(to_fmpq(exact_end + rad if low else exact_end - rad))
    if not mid.is_exact():
        return None
    ball = arb(mid, (m, e))   # (mantissa, exponent): an exact radius
    ok = ball.lower() <= arb(a) and ball.upper() >= arb(b)
    return ball if ok and (ball.lower() if low else ball.upper()) == arb(end) else None


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


def mpf_to_fmpq(x) -> fmpq:
    """An mpmath number or float, exactly, as a rational."""
    if isinstance(x, float):
        f = Fraction(x)
        return fmpq(f.numerator, f.denominator)
    sign, man, exp, _ = mpmath.mpf(x)._mpf_
    man, exp = (-int(man) if sign else int(man)), int(exp)
    return fmpq(man * 2**exp) if exp >= 0 else fmpq(man, 2**-exp)


# -- the compiler -------------------------------------------------------------------------

class _Backend:
    """One arithmetic: how constants, operations and functions are built."""

    name = "abstract"

    def compile(self, expr: sympy.Basic, names: Sequence[str]) -> Callable:
        index = {n: i for i, n in enumerate(names)}
        return self._node(sympy.sympify(expr), index)

    def _node(self, e, index):
        if e.is_Symbol:
            if e.name not in index:
                raise LoweringError(f"free symbol {e.name!r} is not a parameter "
                                    f"({', '.join(index) or 'none'})")
            i = index[e.name]
            return lambda env: env[i]
        if e.is_Rational:
            return self.rational(e)
        if e is sympy.pi:
            return self.constant("pi")
        if e is sympy.E:
            return self.constant("e")
        if e in (sympy.oo, -sympy.oo):
            return self.constant("inf" if e is sympy.oo else "-inf")
        if e.is_Float:
            raise LoweringError(f"float literal {e} in a claim: write it as an exact rational")
        kids = [self._node(a, index) for a in e.args]
        if e.is_Add:
            return self.fold(kids, self.add)
        if e.is_Mul:
            return self.fold(kids, self.mul)
        if e.is_Pow:
            if e.args[0].is_nonnegative and e.args[1].is_positive and not e.args[1].is_Integer:
                # defined on the whole domain: sympy knows the base >= 0 there (the symbols
                # carry the domain's signs) and the exponent > 0
                return self.nonneg_power(kids[0], e.args[1], kids[1])
            return self._checked(e, kids, self.power(kids[0], e.args[1], kids[1]))
        if isinstance(e, SpecialFunction):
            return self.special(type(e), kids)
        fn = self.function(e.func.__name__)
        if fn is None:
            raise LoweringError(f"{self.name} arithmetic cannot evaluate {e.func.__name__} "
                                f"(in {sympy.sstr(e)})")
        if len(kids) == 1:
            k = kids[0]
            return self._checked(e, kids, lambda env: fn(k(env)))
        return self._checked(e, kids, lambda env: fn(*[k(env) for k in kids]))

    def _checked(self, e, kids, run):
        """``run`` preceded by the edge check of ``e`` (``definedness.edge_check``), if any."""
        edge = edge_check(e)
        if edge is None:
            return run
        def checked(env):   # the term is printed only if a message needs it
            edge(self, e, *[k(env) for k in kids])
            return run(env)
        return checked

    # -- certain facts about a value: a ball (arb) or a number (mpmath, float) ------------
    @staticmethod
    def certain(x, rel: str) -> bool:
        """Whether ``x rel 0`` holds for certain (False for nan)."""
        return {">0": lambda: x > 0, ">=0": lambda: x >= 0, "<0": lambda: x < 0,
                "<=0": lambda: x <= 0, "==0": lambda: x == 0,
                "!=0": lambda: x > 0 or x < 0}[rel]()

    @staticmethod
    def integer(x) -> bool:
        """Certainly an integer."""
        return bool(mpmath.isfinite(x)) and x == int(x)

    @staticmethod
    def not_integer(x) -> bool:
        """Certainly not an integer."""
        return bool(mpmath.isfinite(x)) and x != int(x)

    @staticmethod
    def fold(kids, op):
        first, rest = kids[0], kids[1:]

        def run(env):
            acc = first(env)
            for k in rest:
                acc = op(acc, k(env))
            return acc
        return run

    @staticmethod
    def add(a, b):
        return a + b

    @staticmethod
    def mul(a, b):
        return a * b

    def power(self, base, exponent: sympy.Expr, exp_fn):
        if exponent.is_Integer:
            n = int(exponent)
            if n >= 0:
                return lambda env: base(env) ** n
            return lambda env: self.one() / base(env) ** (-n)
        if exponent == sympy.S.Half:
            sqrt = self.function("sqrt")
            return lambda env: sqrt(base(env))
        if exponent.is_Rational and int(exponent.q) % 2 == 1:
            # x^(p/q) with q odd is the real root: sign(x)^p |x|^(p/q) (README, edges)
            p, q, root = int(exponent.p), int(exponent.q), self.odd_root
            if p > 0:
                return lambda env: self.int_power(root(base(env), q), p)
            return lambda env: self.one() / self.int_power(root(base(env), q), -p)
        gen = self.function("pow")
        return lambda env: gen(base(env), exp_fn(env))

    def nonneg_power(self, base, exponent, exp_fn):
        """base**exponent where sympy knows base >= 0 on the domain (its symbols carry the
        domain's sign assumptions) and the exponent is positive, not an integer."""
        return self.power(base, exponent, exp_fn)

    @staticmethod
    def int_power(x, n: int):
        return x ** n

    @staticmethod
    def odd_root(x, q: int):
        """The real q-th root (q odd), negative for x < 0."""
        if x < 0:
            return -((-x) ** (mpmath.mpf(1) / q if isinstance(x, mpmath.mpf) else 1.0 / q))
        return x ** (mpmath.mpf(1) / q if isinstance(x, mpmath.mpf) else 1.0 / q)


class _ArbBackend(_Backend):
    name = "arb"

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
    def certain(x, rel: str) -> bool:
        if rel == "==0":
            return x.is_exact() and x.is_zero()
        return _Backend.certain(x, rel)

    @staticmethod
    def integer(x) -> bool:
        return x.is_exact() and x.is_integer()

    @staticmethod
    def not_integer(x) -> bool:
        return x.is_finite() and not x.contains_integer()

    def power(self, base, exponent, exp_fn):
        if exponent.is_Integer and int(exponent) >= 0:
            n = int(exponent)
            return lambda env: _arb_int_pow(base(env), n)
        return super().power(base, exponent, exp_fn)

    def nonneg_power(self, base, exponent, exp_fn):
        inner = self.power(base, exponent, exp_fn)
        return lambda env: _arb_nonneg_pow(base(env), exp_fn(env), inner, env)

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


def _arb_nonneg_pow(x: arb, y: arb, inner, env) -> arb:
    """x**y, y > 0, for an x known to be >= 0 on the domain.  A ball touching 0 reaches
    slightly below it (arb rounds radii up), where flint's power is nan; as x**y increases
    in x >= 0, its range is [0, upper(x)**y]."""
    if x.lower() >= 0 or not x.is_finite() or not y.is_finite() or not y > 0:
        return inner(env)
    top = x.upper()
    return arb(0).union(top.sqrt() if y == arb(0.5) else top ** y).nonnegative_part()


def _arb_binomial(n, k):
    """binomial(n, k) for integers n >= 0, k (checked by ``_binomial_check``); 0 for k < 0."""
    if k.is_exact() and k.is_integer():
        kk = int(k.unique_fmpz())
        return arb(0) if kk < 0 else n.bin(kk)
    return (n + 1).gamma() / ((k + 1).gamma() * (n - k + 1).gamma())


def _arb_pow(x, y):
    """x^y where ``_pow_check`` passed: 0^y for y >= 0 exactly, else flint's ball power."""
    if x.is_exact() and x.is_zero() and y >= 0:
        return arb(1) if (y.is_exact() and y.is_zero()) else (
            arb(0) if y > 0 else arb(0).union(arb(1)))
    return x ** y


_ARB_FUNCTIONS = {
    "exp": lambda x: x.exp(), "log": lambda x: x.log(), "sqrt": lambda x: x.sqrt(),
    "Abs": abs, "erf": lambda x: x.erf(), "erfc": lambda x: x.erfc(),
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


class _MpmathBackend(_Backend):
    name = "mpmath"

    def rational(self, e):
        p, q = int(e.p), int(e.q)
        return lambda env: mpmath.mpf(p) / q

    def constant(self, which):
        return {"pi": lambda env: +mpmath.pi, "e": lambda env: +mpmath.e,
                "inf": lambda env: mpmath.inf, "-inf": lambda env: -mpmath.inf}[which]

    @staticmethod
    def one():
        return mpmath.mpf(1)

    def special(self, cls, kids):
        if cls.mpmath_impl is not None:
            impl = cls.mpmath_impl
            return lambda env: impl(*[k(env) for k in kids])
        return _via_arb(cls, kids, lambda: int(mpmath.mp.prec) + 10, arb_to_mpf)

    def function(self, name):
        return _MPMATH_FUNCTIONS.get(name)


_MPMATH_FUNCTIONS = {
    "exp": mpmath.exp, "log": mpmath.log, "sqrt": mpmath.sqrt, "Abs": abs, "erf": mpmath.erf,
    "erfc": mpmath.erfc, "erfi": mpmath.erfi, "Min": min, "Max": max,
    "binomial": mpmath.binomial, "pow": mpmath.power, "gamma": mpmath.gamma,
    "loggamma": mpmath.loggamma, "tanh": mpmath.tanh, "besselk": mpmath.besselk,
    "factorial": mpmath.factorial, "expm1": mpmath.expm1, "log1p": mpmath.log1p,
}


class _FloatBackend(_Backend):
    name = "float"

    def rational(self, e):
        v = int(e.p) / int(e.q)
        return lambda env: v

    def constant(self, which):
        v = {"pi": math.pi, "e": math.e, "inf": math.inf, "-inf": -math.inf}[which]
        return lambda env: v

    @staticmethod
    def one():
        return 1.0

    def power(self, base, exponent, exp_fn):
        inner = super().power(base, exponent, exp_fn)
        return lambda env: _float_guard(inner, env)

    def special(self, cls, kids):
        if cls.float_impl is not None:
            impl = cls.float_impl
            return lambda env: impl(*[k(env) for k in kids])
        return _via_arb(cls, kids, lambda: 64, lambda x: float(arb_to_mpf(x)))

    def function(self, name):
        fn = _FLOAT_FUNCTIONS.get(name)
        if fn is None:
            return None
        return lambda *xs: _float_guard(lambda _: fn(*xs), None)


def _float_guard(fn, env):
    try:
        return float(fn(env))
    except (OverflowError, ZeroDivisionError):
        return math.inf
    except (ValueError, TypeError):
        return math.nan


_FLOAT_FUNCTIONS = {
    "exp": math.exp, "log": math.log, "sqrt": math.sqrt, "Abs": abs, "erf": math.erf,
    "erfc": math.erfc, "erfi": lambda x: float(_sp.erfi(x)), "Min": min, "Max": max,
    "binomial": lambda n, k: float(_sp.binom(n, k)), "pow": math.pow, "gamma": math.gamma,
    "loggamma": math.lgamma, "tanh": math.tanh, "besselk": lambda nu, x: float(_sp.kv(nu, x)),
    "factorial": lambda x: math.gamma(x + 1), "expm1": math.expm1, "log1p": math.log1p,
}


def _via_arb(cls, kids, bits, out):
    """Evaluate a function that only has a ball implementation from another arithmetic.

    Numbers come back as the ball's midpoint; distributions (non-numeric) as objects."""
    convert = out if cls.numeric_value else (lambda obj: obj)

    def run(env):
        values = [k(env) for k in kids]
        with at_precision(bits()):
            return convert(cls.arb_impl(*[_exact_arb(v) for v in values]))
    return run


def _exact_arb(x):
    if isinstance(x, (float, mpmath.mpf)):
        if not mpmath.isfinite(x):
            return arb.pos_inf() if x > 0 else (arb.neg_inf() if x < 0 else arb.nan())
        return arb(mpf_to_fmpq(x))
    if isinstance(x, int):
        return arb(fmpz(x))
    return x  # a distribution object or already a ball


ARB, MPMATH, FLOAT = _ArbBackend(), _MpmathBackend(), _FloatBackend()


def lower(expr: sympy.Basic, names: Sequence[str], backend: str = "arb",
          guards: Sequence[sympy.Basic] = ()) -> Callable:
    """Compile ``expr`` to ``f(*args)`` in ``backend`` ('arb', 'mpmath' or 'float').

    Arguments are positional in the order of ``names``.  For 'arb' pass balls made by
    ``arb_ball``/``arb_box`` inside ``at_precision``; for 'mpmath' call inside
    ``mpmath.workdps``.  Where a term is undefined (README, edges of the domain) 'arb' and
    'mpmath' raise ``Undefined`` / ``MaybeUndefined``; float evaluation never raises:
    overflow gives inf, undefined terms and domain errors nan.  ``guards`` are terms of the
    claim as written that sympy simplified away (``x/x`` -> 1): each is evaluated first, for
    its definedness only.
    """
    chosen = {"arb": ARB, "mpmath": MPMATH, "float": FLOAT}.get(backend)
    if chosen is None:
        raise ValueError(f"unknown backend {backend!r}; allowed: arb, mpmath, float")
    tree = chosen.compile(stable(expr), names)
    if guards:
        checks, value = [chosen.compile(g, names) for g in guards], tree

        def tree(env):
            for check in checks:
                check(env)
            return value(env)
    if backend == "float":
        return lambda *args: _float_guard(tree, args)
    return lambda *args: tree(args)
