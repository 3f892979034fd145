"""Algebra on the values of functionals (docs/calculus.md): a statement about a divergence
written through its integral -- D_alpha = log(int p^alpha q^(1 - alpha))/(alpha - 1) -- moved
onto another integral that equals it up to a constant factor."""

from __future__ import annotations

import sympy

from ..claims import Statement
from .objects import POSITIVE, Step
from .rules import RULES, Context, Functional, monotonicity


def proportional(ctx: Context, a: Functional, b: Functional, c, phi, psi, names: tuple,
                 ranges: dict, params: dict) -> Step:
    """phi(int a) = psi(int b) for every law with 0 < int a < oo.  The rule draws int b =
    c int a itself, by ``monotonicity`` both ways (b <= c a and a <= b/c pointwise, so no
    premise names the integrals' values), and asks for c > 0 and the identity phi(I) =
    psi(c I) for every real I > 0.  ``phi``, ``psi``: functions of one sympy expression;
    ``names``: how the conclusion writes (phi(int a), psi(int b)); ``ranges``: the
    integrands' variables (densities) and ``params``; ``params``: the parameters alone."""
    c = sympy.sympify(c)
    le = monotonicity(ctx, b, ((c, a),), ranges)
    ge = monotonicity(ctx, a, ((1 / c, b),), ranges)
    i = sympy.Symbol("I", real=True)
    prem = (ctx.premise("proportional", Statement(c, ">", 0), "the factor c > 0", **params),
            ctx.premise("proportional", Statement(phi(i), "==", psi(c * i)),
                        "phi(I) = psi(c I) for every value I > 0 of the integral",
                        I=POSITIVE, **params))
    says = (f"{names[0]} = {names[1]} for every law with 0 < {a.name} < oo "
            f"({b.name} = {sympy.sstr(c)}*{a.name})")
    return Step("proportional", says, RULES["proportional"][2], prem, (le, ge))
