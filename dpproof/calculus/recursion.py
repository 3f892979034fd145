"""Repeated two-point steps (docs/calculus.md): T g(x) = a g(x - h) + b g(x + h), for every
real function g, applied m times.

An eps-DP step of an adaptive composition acts on the delta-function of the steps after it
exactly so (cesar_rogers21 Lemma 5.1: a = e^eps/(1 + e^eps), b = 1/(1 + e^eps), h = eps), so
m DP steps before any suffix are T^m applied to the suffix's delta-function (Lemma 5.2).
A product of k h-DP pairs has a hockey-stick curve at most T^k (1 - e^x)_+
(``dp_products``): each factor is dominated by one step.
"""

from __future__ import annotations

import sympy
from sympy import Max, Min, exp

from ..claims import Statement
from .objects import COUNT, NONNEG, POSITIVE, Step
from .rules import RULES, Context, where


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


def dp_products(ctx: Context, a, b, h, params: dict) -> Step:
    """H_x(P_1 x ... x P_k x R || Q_1 x ... x Q_k x R) <= T^k g(x), g(x) = (1 - e^x)_+, for
    every integer k >= 0, real x, law R and pairs with e^-h q_i <= p_i <= e^h q_i (h-DP);
    T g(x) = a g(x - h) + b g(x + h) with the caller's ``a``, ``b`` (in ``params``, h > 0).

    Induction on k (premises in v = e^x > 0).  Base: H_x(R||R) = int max(0, r - v r) <=
    (1 - v)_+.  Step, first factor (p, q) at y, the rest (r, s) at z: an h-DP pair is
    randomized response post-processed, p = a k0 + b k1, q = b k0 + a k1 with k0 = (a p -
    b q)/(a - b) >= 0, k1 = (a q - b p)/(a - b) >= 0 (premises: a > b, a + b = 1), and
    int k0 = int k1 = 1 (from int p = int q = 1).  As max(0, .) is sublinear,
    max(0, p r - v q s) <= k0 max(0, a r - v b s) + k1 max(0, b r - v a s); Tonelli (all
    >= 0) leaves int [max(0, a r - v b s) + max(0, b r - v a s)] dz <= a H_(x-h) + b H_(x+h)
    of the rest (the premise), at most a T^k g(x - h) + b T^k g(x + h) = T^(k+1) g(x) by
    the hypothesis at every x, as a, b >= 0 (the premise: T is monotone)."""
    p, q, r, s, v = (sympy.Symbol(n, real=True) for n in ("p", "q", "r", "s", "v"))
    for n in ("p", "q", "r", "s", "v"):
        if n in params:
            raise ValueError(f"dp_products: parameter {n!r} is the rule's own variable")
    c = exp(h)
    u0, u1 = a * p - b * q, a * q - b * p           # (a - b) k0, (a - b) k1
    dp = (Statement(p, "<=", c * q), Statement(q, "<=", c * p))
    pq = {"p": NONNEG, "q": NONNEG, **params}
    prem = (ctx.premise("dp_products", Statement(Max(0, r - v * r), "<=", Max(0, 1 - v) * r),
                        "base case k = 0: H_x(R||R) <= (1 - e^x)_+", r=NONNEG, v=POSITIVE),
            ctx.premise("dp_products", Statement(a - b, ">", 0), "a != b: the kernel below "
                        "is defined", **params),
            ctx.premise("dp_products", Statement(a + b, "==", 1), "a + b = 1: with it the "
                        "kernel reproduces p and q (a^2 - b^2 = a - b)", **params),
            ctx.premise("dp_products", Statement(a * u0 + b * u1, "==", (a - b) * p),
                        "p = a k0 + b k1 (times a - b > 0)", **pq),
            ctx.premise("dp_products", Statement(b * u0 + a * u1, "==", (a - b) * q),
                        "q = b k0 + a k1 (times a - b > 0)", **pq),
            ctx.premise("dp_products", Statement(u0, ">=", 0, hypotheses=dp),
                        "k0 >= 0 on an h-DP pair (times a - b > 0)", **pq),
            ctx.premise("dp_products", Statement(u1, ">=", 0, hypotheses=dp),
                        "k1 >= 0 on an h-DP pair (times a - b > 0)", **pq),
            ctx.premise("dp_products", Statement(
                Max(0, a * r - v * b * s) + Max(0, b * r - v * a * s), "<=",
                a * Max(0, r - v * exp(-h) * s) + b * Max(0, r - v * c * s)),
                "step: randomized response's two outcomes give a H_(x-h) + b H_(x+h) of the "
                "rest", r=NONNEG, s=NONNEG, v=POSITIVE, **params),
            ctx.premise("dp_products", Statement(Min(a, b), ">=", 0),
                        "T is monotone (a, b >= 0), so the hypothesis passes through it",
                        **params))
    says = (f"for every integer k >= 0, real x, law R and k pairs (P_i, Q_i) with "
            f"e^-{sympy.sstr(h)} q_i <= p_i <= e^{sympy.sstr(h)} q_i: H_x(P_1 x ... x P_k x R"
            f" || Q_1 x ... x Q_k x R) <= T^k g(x), g(x) = max(0, 1 - e^x), T g(x) = "
            f"{sympy.sstr(a)}*g(x - {sympy.sstr(h)}) + {sympy.sstr(b)}*g(x + {sympy.sstr(h)})"
            f"{where(params)}")
    return Step("dp_products", says, RULES["dp_products"][2], prem)
