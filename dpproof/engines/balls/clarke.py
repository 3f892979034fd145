"""Clarke's generalized gradients of the kinks of abs, max and min, so that the mean-value
form and monotonicity of ``enclosures`` hold for Lipschitz margins (Lebourg's mean value
theorem; Clarke, *Optimization and Nonsmooth Analysis*, 1983, 2.3)."""

from __future__ import annotations

import sympy
from flint import arb

from ...expr.functions import SpecialFunction


class ClarkeSign(SpecialFunction):
    """d|u|/du as a set: 1 for u > 0, -1 for u < 0, [-1, 1] at 0 (Clarke's generalized
    gradient of |u|; Clarke, *Optimization and Nonsmooth Analysis*, 1983, 2.3).  With it the
    mean-value form and monotonicity hold for Lipschitz margins (Lebourg's mean value
    theorem).  Not in the claims vocabulary."""

    nargs = 1

    @staticmethod
    def arb_impl(u):
        return arb(1) if u > 0 else (arb(-1) if u < 0 else arb(0, 1))


class ClarkeStep(SpecialFunction):
    """d max(u, 0)/du as a set: 1 for u > 0, 0 for u < 0, [0, 1] at 0."""

    nargs = 1

    @staticmethod
    def arb_impl(u):
        return arb(1) if u > 0 else (arb(0) if u < 0 else arb(0.5, 0.5))


def clarke(expr):
    """sympy's derivatives of Abs, Max and Min (sign, Heaviside) as Clarke gradients."""
    if not expr.has(sympy.sign, sympy.Heaviside):
        return expr
    return expr.replace(lambda e: isinstance(e, sympy.sign), lambda e: ClarkeSign(e.args[0])
                        ).replace(lambda e: isinstance(e, sympy.Heaviside),
                                  lambda e: ClarkeStep(e.args[0]))
