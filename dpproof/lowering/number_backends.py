"""The mpmath and float lowerings; a function with only a ball implementation is evaluated
through arb (``_via_arb``) and converted back.
"""

from __future__ import annotations

import math

import mpmath
from flint import arb, fmpz
from ..expr.scipy_special import special as _sp

from .exact import arb_to_mpf, at_precision, mpf_to_arb
from .tree import Backend


class MpmathBackend(Backend):
    @staticmethod
    def undecided():
        return mpmath.mpf("nan")

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


class FloatBackend(Backend):
    @staticmethod
    def undecided():
        return math.nan

    name = "float"

    def rational(self, e):
        try:
            v = int(e.p) / int(e.q)
        except OverflowError:           # beyond the doubles (10^999): +-inf, as a float is
            v = math.inf if e.p > 0 else -math.inf
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
        return mpf_to_arb(x)
    if isinstance(x, int):
        return arb(fmpz(x))
    return x  # a distribution object or already a ball
