"""The range of the privacy loss (docs/calculus.md): Lemma 2.1 of Cesar and Rogers (ALT
2021) -- eps-DP => 2 eps-BR, eps-BR => eps-DP, and eps-BR => some t in [0, eps] with
t - eps <= L <= t -- for every pair of laws.

L = log(p/q) on the common support {p > 0} = {q > 0} (eps-DP and eps-BR both give or
presuppose mutual absolute continuity; off it both laws vanish and no outcome has mass);
s and i are its essential sup and inf (finite under eps-BR: i <= L <= s, L finite a.e.).
The rules name what each real variable of their premises stands for (the caller gives
nothing but the context).
``loss_range`` is the mass argument: p <= e^s q a.e., so 1 = int p <= e^s int q = e^s
(monotonicity), and q <= e^-i p likewise; its premises are the real steps 1 <= e^s => s >= 0
and 1 <= e^-i => i <= 0.  ``bounded_range`` parametrises each hypothesis set onto (see
there), so its premises carry no hypothesis.
"""

from __future__ import annotations

import sympy
from sympy import Abs, exp

from ..claims import Interval, Statement
from .objects import REAL, Step
from .rules import RULES, Context

S, I = (sympy.Symbol(n, real=True) for n in ("s", "i"))


def loss_range(ctx: Context) -> Step:
    """ess inf L <= 0 <= ess sup L for every pair of mutually absolutely continuous laws."""
    prem = (ctx.premise("loss_range", Statement(S, ">=", 0, (Statement(1, "<=", exp(S)),)),
                        "p <= e^s q a.e. integrates to 1 <= e^s: s >= 0", s=REAL),
            ctx.premise("loss_range", Statement(I, "<=", 0, (Statement(1, "<=", exp(-I)),)),
                        "q <= e^-i p a.e. integrates to 1 <= e^-i: i <= 0", i=REAL))
    says = ("for every P, Q mutually absolutely continuous, L = log(p/q): ess inf L <= 0 <= "
            "ess sup L")
    return Step("loss_range", says, RULES["loss_range"][2], prem)


def bounded_range(ctx: Context) -> Step:
    """Lemma 2.1 for every pair of neighbouring laws P = M(x), Q = M(x') and every eps >= 0,
    from the definitions (eps-DP: |L| <= eps a.e.; eps-BR: s - i <= eps) and ``loss_range``
    (i <= 0 <= s).  The premises range over parametrisations onto the hypothesis sets,
    so no premise has a hypothesis: eps-DP's values L(y), L(y') are u = eps a, v = eps b,
    a, b in [-1, 1] (a = u/eps; eps = 0 forces u = 0); eps-BR's (eps, s, i, L(y)) are
    s = sigma, i = -iota, eps = sigma + iota + rho (rho = eps - s + i >= 0, the slack of
    BR), L(y) = -iota + lam (sigma + iota), lam in [0, 1] (i <= L(y) <= s)."""
    child = loss_range(ctx)
    eps, a, b, sg, io, rh, lm = (sympy.Symbol(n, real=True) for n in
                                 ("eps", "a", "b", "sigma", "iota", "rho", "lam"))
    one, unit, nonneg = Interval.closed(-1, 1), Interval.closed(0, 1), Interval.closed(0, None)
    e_br, s_br, i_br, u_br = sg + io + rh, sg, -io, -io + lm * (sg + io)
    br = dict(sigma=nonneg, iota=nonneg, rho=nonneg)
    prem = (ctx.premise("bounded_range", Statement(eps * a - eps * b, "<=", 2 * eps),
                        "eps-DP => 2 eps-BR: L(y) - L(y') <= 2 eps for L(y) = eps a, L(y') = "
                        "eps b, a, b in [-1, 1]", eps=nonneg, a=one, b=one),
            ctx.premise("bounded_range", Statement(Abs(u_br), "<=", e_br),
                        "eps-BR => eps-DP: |L(y)| <= eps, L(y) = -iota + lam (sigma + iota) "
                        "in [i, s], eps = sigma + iota + rho", lam=unit, **br),
            ctx.premise("bounded_range", Statement(s_br, "<=", e_br), "t = s is in [0, eps] "
                        "(s = sigma >= 0 by loss_range)", **br),
            ctx.premise("bounded_range", Statement(s_br - e_br, "<=", i_br), "t - eps <= i "
                        "<= L(y) <= s = t", **br))
    says = ("for every pair of laws P = M(x), Q = M(x') and every eps >= 0: eps-DP => 2 "
            "eps-BR; eps-BR => eps-DP; eps-BR => t - eps <= log(p/q) <= t a.e. for "
            "t = ess sup log(p/q), which is in [0, eps]")
    return Step("bounded_range", says, RULES["bounded_range"][2], prem, (child,))
