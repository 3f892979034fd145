"""The calculus' functionals on finite laws, exactly, with its conventions where a density
vanishes (``rules.CLOSED``, ``rules.CLOSURE``): a perspective g(p, q) given on the open
quadrant takes at q = 0 < p the recession value p lim_{t->oo} g(t, 1)/t, at p = 0 < q the
value q g(0+, 1), and 0 at p = q = 0.  Used to check the conclusions on instances (disjoint
supports among them); never to decide a verdict."""

from __future__ import annotations

import sympy

P, Q, T = (sympy.Symbol(n, real=True) for n in ("p", "q", "t"))


def closure_value(g, p, q):
    """g at (p, q) >= 0 under the closure convention (exact; may be oo)."""
    p, q = sympy.sympify(p), sympy.sympify(q)
    if p == 0 and q == 0:
        return sympy.S.Zero
    direct = g.subs({P: p, Q: q}, simultaneous=True)
    if direct.is_finite:            # defined on the closed orthant: its own value
        return direct
    f = g.subs({P: T, Q: 1}, simultaneous=True)
    if q == 0:
        return p * sympy.limit(f / T, T, sympy.oo)
    if p == 0:
        return q * sympy.limit(f, T, 0, "+")
    return direct


def divergence(g, ps, qs):
    """D_g(P||Q) = sum_i g(p_i, q_i) for masses ``ps``, ``qs`` on one finite set."""
    return sympy.simplify(sum((closure_value(g, a, b) for a, b in zip(ps, qs)), sympy.S.Zero))


def push(kernel, ps):
    """The law K P of masses ``ps`` through the row-stochastic matrix ``kernel``."""
    return [sum((ps[i] * kernel[i][j] for i in range(len(ps))), sympy.S.Zero)
            for j in range(len(kernel[0]))]
