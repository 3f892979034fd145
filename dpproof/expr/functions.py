"""The function vocabulary shared by claims, the parser and every arithmetic.

A ``SpecialFunction`` is an unevaluated sympy function that carries its own implementations
for each arithmetic: ``arb`` (python-flint balls, rigorous), ``mpmath`` and ``float``.  Each
formula is written once here and lowered by ``dpproof.lowering``.  Oracles (distributions,
divergences) register further functions the same way, so claims can use them.
"""

from __future__ import annotations

import mpmath
import sympy
from flint import arb

from .balls import monotone
from .scipy_special import special as _sp

#: name -> SpecialFunction subclass, for every function a claim may call
REGISTRY: dict[str, type["SpecialFunction"]] = {}


class SpecialFunction(sympy.Function):
    """Base of registered functions.

    Subclasses set ``nargs`` and implement ``arb_impl(*args)``; ``mpmath_impl`` and
    ``float_impl`` are optional (the lowering falls back to ``arb_impl`` at a matching
    precision and takes the midpoint).  ``opaque`` functions (oracles) are never rewritten
    by the symbolic engine.
    """

    opaque = False
    #: does the function return a number (False for distributions)
    numeric_value = True

    @classmethod
    def arb_impl(cls, *args):  # pragma: no cover - abstract
        raise NotImplementedError(f"{cls.__name__} has no ball-arithmetic implementation")

    mpmath_impl = None
    float_impl = None

    def _eval_is_real(self):
        return True if self.numeric_value else None


class OracleFunction(SpecialFunction):
    """A function computed by an oracle (an integral, a sum, a search): opaque to sympy."""

    opaque = True


class DistributionFunction(OracleFunction):
    """An oracle whose value is a distribution object, an argument of a divergence."""

    numeric_value = False


def register(cls: type[SpecialFunction]) -> type[SpecialFunction]:
    """Class decorator: make ``cls`` callable from claims under its class name."""
    name = cls.__name__
    if name in REGISTRY and REGISTRY[name] is not cls:
        raise ValueError(f"function name {name!r} is registered twice")
    REGISTRY[name] = cls
    return cls


class _NormalHalfLine(SpecialFunction):
    """Phi and Q: the N(0, 1) probability of a half-line bounded by x, in (0, 1) at a finite
    real x; its derivative is the standard normal density times ``_slope`` (+1 for the
    CDF, -1 for the tail)."""

    nargs = 1
    _slope = 1

    def _eval_is_positive(self):
        return True if self.args[0].is_extended_real and self.args[0].is_finite else None

    def fdiff(self, argindex=1):
        x = self.args[0]
        return self._slope * sympy.exp(-x**2 / 2) / sympy.sqrt(2 * sympy.pi)


@register
class Phi(_NormalHalfLine):
    """Standard normal CDF, Phi(x) = erfc(-x/sqrt 2)/2."""

    @classmethod
    def eval(cls, x):
        if x is sympy.S.Zero:
            return sympy.S.Half
        if x is sympy.S.Infinity:
            return sympy.S.One
        if x is sympy.S.NegativeInfinity:
            return sympy.S.Zero

    def _eval_rewrite_as_erfc(self, x, **kwargs):
        return sympy.erfc(-x / sympy.sqrt(2)) / 2

    def _eval_rewrite_as_erf(self, x, **kwargs):
        return (1 + sympy.erf(x / sympy.sqrt(2))) / 2

    def _latex(self, printer):
        return r"\Phi\left(%s\right)" % printer._print(self.args[0])

    @staticmethod
    def arb_impl(x):
        return monotone(arb.erfc, -x / _arb_sqrt2()) / 2

    @staticmethod
    def mpmath_impl(x):
        return mpmath.ncdf(x)

    @staticmethod
    def float_impl(x):
        return float(_sp.ndtr(x))


@register
class Q(_NormalHalfLine):
    """Standard normal tail, Q(x) = 1 - Phi(x) = erfc(x/sqrt 2)/2."""

    _slope = -1

    @classmethod
    def eval(cls, x):
        if x is sympy.S.Zero:
            return sympy.S.Half

    def _eval_rewrite_as_erfc(self, x, **kwargs):
        return sympy.erfc(x / sympy.sqrt(2)) / 2

    def _eval_rewrite_as_erf(self, x, **kwargs):
        return (1 - sympy.erf(x / sympy.sqrt(2))) / 2

    def _latex(self, printer):
        return r"Q\left(%s\right)" % printer._print(self.args[0])

    @staticmethod
    def arb_impl(x):
        return monotone(arb.erfc, x / _arb_sqrt2()) / 2

    @staticmethod
    def mpmath_impl(x):
        return mpmath.erfc(x / mpmath.sqrt(2)) / 2

    @staticmethod
    def float_impl(x):
        return float(_sp.ndtr(-x))


@register
class dawson(SpecialFunction):
    """Dawson's integral F(x) = exp(-x^2) int_0^x exp(t^2) dt = sqrt(pi)/2 exp(-x^2) erfi(x)."""

    nargs = 1

    @classmethod
    def eval(cls, x):
        if x is sympy.S.Zero:
            return sympy.S.Zero

    def fdiff(self, argindex=1):
        x = self.args[0]
        return 1 - 2 * x * dawson(x)

    def _eval_rewrite_as_erfi(self, x, **kwargs):
        return sympy.sqrt(sympy.pi) / 2 * sympy.exp(-x**2) * sympy.erfi(x)

    def _latex(self, printer):
        return r"F\left(%s\right)" % printer._print(self.args[0])

    @staticmethod
    def arb_impl(x):
        from flint import arb

        return arb.pi().sqrt() / 2 * (-x * x).exp() * x.erfi()

    @staticmethod
    def mpmath_impl(x):
        return mpmath.sqrt(mpmath.pi) / 2 * mpmath.exp(-x * x) * mpmath.erfi(x)

    @staticmethod
    def float_impl(x):
        return float(_sp.dawsn(x))


def _arb_sqrt2():
    return arb(2).sqrt()


#: sympy's own functions that claims may call, by claims-file name
ELEMENTARY = {
    "exp": sympy.exp,
    "log": sympy.log,
    "sqrt": sympy.sqrt,
    "abs": sympy.Abs,
    "min": sympy.Min,
    "max": sympy.Max,
    "erf": sympy.erf,
    "erfc": sympy.erfc,
    "binomial": sympy.binomial,
}

#: every name a claims file may call, with its arity (None = variadic, at least 2)
ELEMENTARY_ARITY = {"exp": 1, "log": 1, "sqrt": 1, "abs": 1, "min": None, "max": None,
                    "erf": 1, "erfc": 1, "binomial": 2, "Phi": 1, "Q": 1, "dawson": 1}

#: The kinds of the arguments of every function that takes a distribution, in one place:
#: "d" a distribution (Normal(0, 1), ...), "n" a number; the last letter repeats for the
#: rest of a variadic call.  Every other function takes numbers only.  The parser checks
#: calls against this table, so ``renyi(1, 2, 3)`` or ``exp(Normal(0, 1))`` is rejected
#: with its line and column instead of failing at evaluation.
ARG_KINDS = {
    # divergences (dpproof.oracles.functions)
    "renyi": "ddn", "kl": "dd", "hockey_stick": "ddn", "tv": "dd",
    # transforms, events and privacy-loss masses (dpproof.oracles.dp_instances)
    "ProductOf": "dd", "Mixture": "ndd", "Quantize": "dn", "Stochastic": "dn", "hs_events": "ddn",
    "bad_mass": "ddn", "loss_tail": "ddn", "loss_at": "ddn", "density": "dn", "cdf": "dn",
    "signed_mass_below": "ddnn", "moment2": "d", "eps_at_delta": "ddnnn",
}


def arg_kinds(name: str, n: int) -> str:
    """The kinds ("d" distribution, "n" number) of the ``n`` arguments of a call to ``name``."""
    kinds = ARG_KINDS.get(name, "n")
    return (kinds + kinds[-1] * n)[:n]


def returns_distribution(value) -> bool:
    """Whether a parsed value is a distribution (an argument of divergences only)."""
    return isinstance(value, DistributionFunction)

__all__ = ["SpecialFunction", "OracleFunction", "DistributionFunction", "register", "REGISTRY", "Phi", "Q", "dawson", "ELEMENTARY",
           "ELEMENTARY_ARITY", "ARG_KINDS", "arg_kinds", "returns_distribution"]
