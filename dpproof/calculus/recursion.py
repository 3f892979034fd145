"""Repeated two-point steps (docs/calculus.md): T g(x) = a g(x - h) + b g(x + h), for every
real function g, applied m times.

An eps-DP step of an adaptive composition acts on the delta-function of the steps after it
exactly so (cesar_rogers21 Lemma 5.1: a = e^eps/(1 + e^eps), b = 1/(1 + e^eps), h = eps), so
m DP steps before any suffix are T^m applied to the suffix's delta-function (Lemma 5.2).
"""

from __future__ import annotations

import sympy

from ..claims import Interval, Statement
from .objects import Step
from .rules import RULES, Context, where

#: a count: an integer >= 0
COUNT = Interval(0, None, integer=True)



def repeated_steps(ctx: Context, a, b, h, w, params: dict, g: str = "g") -> Step:
    """T^m g = sum_i w(m, i) g(. - (m - 2i) h) for every m >= 0 and every function ``g``.

    ``w(m, i)``: the claimed weight of g(x - (m - 2i) h) (sympy, in m, i and ``params``);
    ``a``, ``b``, ``h`` in ``params``.  The conclusion is drawn from these same
    expressions.  Interior indices 1 <= i <= m are written i = j + 1, m = j + 1 + r with
    integers j, r >= 0, so every premise is over a box."""
    m, j, r = (sympy.Symbol(n, integer=True, nonnegative=True) for n in ("m", "j", "r"))
    ranges = dict(params)
    for n in ("m", "j", "r"):
        if n in ranges:
            raise ValueError(f"repeated_steps: parameter {n!r} is the rule's own index")
    base = Statement(w(sympy.S.Zero, sympy.S.Zero), "==", 1)
    low = Statement(a * w(m, 0), "==", w(m + 1, 0))
    high = Statement(b * w(m, m), "==", w(m + 1, m + 1))
    mi = j + 1 + r
    inner = Statement(a * w(mi, j + 1) + b * w(mi, j), "==", w(mi + 1, j + 1))
    prem = (ctx.premise("repeated_steps", base, "base case m = 0: T^0 g = g", **ranges),
            ctx.premise("repeated_steps", low, "step, i = 0: only a g(x - h) reaches "
                        "g(x - (m + 1) h)", **ranges, m=COUNT),
            ctx.premise("repeated_steps", high, "step, i = m + 1: only b g(x + h) reaches "
                        "g(x + (m + 1) h)", **ranges, m=COUNT),
            ctx.premise("repeated_steps", inner, "step, 1 <= i <= m (i = j + 1, m = j + 1 + "
                        "r): a w(m, i) + b w(m, i - 1) = w(m + 1, i)", **ranges, j=COUNT,
                        r=COUNT))
    i = sympy.Symbol("i", integer=True, nonnegative=True)
    says = (f"for every integer m >= 0, real x and real function {g}: T^m {g}(x) = "
            f"sum_(i=0..m) {sympy.sstr(w(m, i))}*{g}(x - (m - 2*i)*{sympy.sstr(h)}), "
            f"T {g}(x) = {sympy.sstr(a)}*{g}(x - {sympy.sstr(h)}) + {sympy.sstr(b)}*"
            f"{g}(x + {sympy.sstr(h)}){where(params)}")
    return Step("repeated_steps", says, RULES["repeated_steps"][2], prem)
