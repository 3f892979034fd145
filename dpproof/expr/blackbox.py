"""Claims about implementations: a library callable as one side of a claim (Python modules only).

``black_box(name, fn, nargs)`` makes an opaque sympy function whose ball implementation

1. rounds every argument to the nearest double (the ball must determine it uniquely, else the
   value is ``nan``: an implementation is only ever evaluated at thin, exact points);
2. calls ``fn`` on those doubles;
3. returns the float result *exactly* as a point ball (a double is a dyadic rational), ``nan``
   for a NaN result, +-inf balls for infinities.

So a violation at an exact point is certified exactly as for a formula (REFUTED with a
witness), while the aggregation (``dpproof.evidence.assess``) never lets a claim that
contains a black box be PROVED or CERTIFIED: at most SUPPORTED, at the points checked
(``Claim.black_box``).  An exception of ``fn`` is re-raised as ``BlackBoxError`` naming the
callable and its arguments, so the engine records it (verdict ERROR), never hides it.
Black boxes are not registered for claims files: TOML never calls code.
"""

from __future__ import annotations

import math
from fractions import Fraction

from flint import arb, fmpq

from .functions import OracleFunction


class BlackBoxError(RuntimeError):
    """The wrapped implementation raised; the message names the call."""


def nearest_double(x: arb) -> float | None:
    """The double nearest to every point of the ball x, or None if not unique / not finite."""
    if not x.is_finite():
        return None
    lo, hi = x.lower(), x.upper()
    f_lo, f_hi = float(_exact(lo)), float(_exact(hi))  # Fraction -> float rounds to nearest
    return f_lo if f_lo == f_hi else None


def _exact(x: arb) -> Fraction:
    man, exp = x.mid().man_exp()
    man, exp = int(man), int(exp)
    return Fraction(man * 2 ** exp) if exp >= 0 else Fraction(man, 2 ** -exp)


def float_ball(v) -> arb:
    """A float result as an exact point ball (nan -> nan ball, +-inf -> infinite balls)."""
    v = float(v)
    if math.isnan(v):
        return arb.nan()
    if math.isinf(v):
        return arb.pos_inf() if v > 0 else arb.neg_inf()
    f = Fraction(v)
    return arb(fmpq(f.numerator, f.denominator))


class BlackBoxFunction(OracleFunction):
    """Base of black-box functions (see module docstring); never CERTIFIED or PROVED."""

    black_box = True
    fn = None
    label = ""

    @classmethod
    def call(cls, *xs: float) -> float:
        try:
            return float(cls.fn(*xs))
        except Exception as exc:  # recorded by the engine as ERROR, never hidden
            raise BlackBoxError(f"{cls.label}{tuple(xs)} raised {type(exc).__name__}: "
                                f"{exc}") from exc

    @classmethod
    def arb_impl(cls, *args):
        xs = []
        for a in args:
            x = a if isinstance(a, float) else nearest_double(a if isinstance(a, arb)
                                                               else arb(a))
            if x is None:
                return arb.nan()
            xs.append(x)
        return float_ball(cls.call(*xs))

    @classmethod
    def float_impl(cls, *xs):
        try:
            return cls.call(*[float(x) for x in xs])
        except BlackBoxError:
            return math.nan

    def _latex(self, printer):
        args = ", ".join(printer._print(a) for a in self.args)
        return r"\mathtt{%s}\left(%s\right)" % (self.label.replace("_", r"\_"), args)


def black_box(label: str, fn, nargs: int) -> type[BlackBoxFunction]:
    """An opaque sympy function for the library callable ``fn`` (floats in, a float out).

    ``label`` names it in reports (e.g. ``dp_accounting.rdp._compute_rdp``); the sympy name
    is derived from it.  Results are memoised per double arguments.
    """
    cache: dict = {}

    def memo(*xs):
        if xs not in cache:
            cache[xs] = fn(*xs)
        return cache[xs]

    name = "bb_" + "".join(c if c.isalnum() else "_" for c in label)
    return type(name, (BlackBoxFunction,), {"nargs": nargs, "fn": staticmethod(memo),
                                            "label": label, "__module__": __name__})


__all__ = ["BlackBoxError", "BlackBoxFunction", "black_box", "float_ball", "nearest_double"]
