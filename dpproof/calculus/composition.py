"""Composition and group privacy (docs/calculus.md): ``chaining`` (the link of group
privacy), ``group_privacy`` (induction on the distance), ``conditioning`` (two adaptive
rounds) and ``composition`` (k adaptive rounds, induction with conditioning as the step).
Their rows are in ``rules.RULES``."""

from __future__ import annotations

import sympy
from sympy import Max, Min, exp

from ..claims import Interval, Statement
from .objects import NONNEG, Density, Step
from .rules import RULES, Context, hockey, induction, monotonicity


def chaining(ctx: Context, p: Density, q: Density, r: Density, e1, e2, params: dict) -> Step:
    """H_{e1+e2}(P||R) <= H_{e1}(P||Q) + e^e1 H_{e2}(Q||R) (group privacy's link)."""
    ranges = {d.name: NONNEG for d in (p, q, r)} | params
    mono = monotonicity(ctx, hockey(p, r, e1 + e2), ((1, hockey(p, q, e1)),
                                                      (exp(e1), hockey(q, r, e2))), ranges)
    return Step("chaining", mono.says, RULES["chaining"][2], (), (mono,))


def group_privacy(ctx: Context, eps, delta, K, bound) -> Step:
    """Neighbours P_(i-1), P_i with H_eps <= delta: H_{K eps}(P_0||P_K) <= bound(K), every K.
    From chaining at e1 = (K-1) eps, e2 = eps: h_K <= h_(K-1) + e^((K-1) eps) delta, so the
    step is bound(K-1) + e^((K-1) eps) delta <= bound(K) (h -> h + c is increasing)."""
    p, q, r = Density("p"), Density("q"), Density("r")
    e1, e2 = sympy.Symbol("e1", real=True), sympy.Symbol("e2", real=True)
    link = chaining(ctx, p, q, r, e1, e2, {"e1": NONNEG, "e2": NONNEG})
    ranges = {"eps": NONNEG, "delta": NONNEG, K.name: _from(2)}
    base = Statement(delta, "<=", bound.subs(K, 1))
    step = Statement(bound.subs(K, K - 1) + exp((K - 1) * eps) * delta, "<=", bound)
    says = (f"for every integer {K} >= 1 and laws P_0, ..., P_{K} with H_eps(P_(i-1)||P_i) <= "
            f"delta: H_({K}*eps)(P_0||P_{K}) <= {sympy.sstr(bound)}")
    return induction(ctx, K, says, base, step, ranges, link)


def _from(lo):
    return Interval.closed(lo, None)


def conditioning(ctx: Context, e1, e2, params: dict) -> Step:
    """Two adaptive rounds p(x1, x2) = p1(x1) p2(x2|x1) (q likewise): H_{e1+e2}(P||Q) <=
    H_{e1}(P1||Q1) + sup_x1 H_{e2}(P2(.|x1)||Q2(.|x1))."""
    p1, q1, p2, q2 = (sympy.Symbol(n, real=True) for n in ("p1", "q1", "p2", "q2"))
    c1, c2 = exp(e1), exp(e2)
    ranges = {"p1": NONNEG, "q1": NONNEG, "p2": NONNEG, "q2": NONNEG} | params
    prem = (ctx.premise("conditioning", Statement(
        Max(0, p1 * p2 - c1 * c2 * q1 * q2), "<=",
        p2 * Max(0, p1 - c1 * q1) + Min(p1, c1 * q1) * Max(0, p2 - c2 * q2)),
        "the joint integrand splits: integrate x2 given x1 (int p2 = 1, the inner "
        "hockey-stick <= its sup over x1)", **ranges),
        ctx.premise("conditioning", Statement(Min(p1, c1 * q1), "<=", p1),
                    "the weight of the inner hockey-stick integrates to at most int p1 = 1",
                    **ranges))
    says = (f"H_({sympy.sstr(e1 + e2)})(P||Q) <= H_{sympy.sstr(e1)}(P1||Q1) + sup_x1 "
            f"H_{sympy.sstr(e2)}(P2(.|x1)||Q2(.|x1)), every two-round adaptive P, Q")
    return Step("conditioning", says, RULES["conditioning"][2], prem)


def composition(ctx: Context, k) -> Step:
    """k adaptive rounds, round i (eps_i, delta_i)-DP given the past: (sum eps_i, sum
    delta_i)-DP, by induction on k with ``conditioning`` as the step (the first k - 1
    rounds as one mechanism, (E, D)-DP, then round k: (E + eps_k, D + delta_k)).  The step
    premise is that E + eps_k stays in conditioning's domain (e1 >= 0)."""
    e1, e2 = sympy.Symbol("e1", real=True), sympy.Symbol("e2", real=True)
    pair = conditioning(ctx, e1, e2, {"e1": NONNEG, "e2": NONNEG})
    E, e, D, d = (sympy.Symbol(n, real=True) for n in ("E", "e", "D", "d"))
    base = Statement(d, "<=", d)
    step = Statement(E + e, ">=", 0)     # E, e >= 0: the domain of the step
    says = (f"for every integer {k} >= 1, {k} adaptive rounds, round i (eps_i, delta_i)-DP "
            "given the past: (eps_1 + ... + eps_k, delta_1 + ... + delta_k)-DP")
    return induction(ctx, k, says, base, step, {"E": NONNEG, "e": NONNEG, "d": NONNEG,
                                                k.name: _from(2)}, pair)
