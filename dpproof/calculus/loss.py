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
there), so its premises carry no hypothesis.  ``hoeffding`` is Hoeffding's lemma (1963,
eq. (4.16)) for a loss on an interval: the chord of a convex exponential, then a Taylor
bound of the log-mgf with the second derivative at most 1/4.
"""

from __future__ import annotations

import sympy
from sympy import Abs, exp

from ..claims import Interval, Statement
from .objects import REAL, Step
from .rules import RULES, Context, where

S, I = (sympy.Symbol(n, real=True) for n in ("s", "i"))
# Hoeffding's function: u = lambda (hi - lo), m = (E L - lo)/(hi - lo) in [0, 1]
U, M, Z, LAM = (sympy.Symbol(n, real=True) for n in ("u", "m", "z", "lam"))
HOEFFDING_A = 1 - M + M * exp(U)
HOEFFDING_F = -U * M + sympy.log(HOEFFDING_A)


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


def hoeffding(ctx: Context, lo, hi, bound, params: dict, of: str,
              children: tuple = ()) -> Step:
    """Hoeffding's lemma for the privacy loss: for every P, Q whose loss L = log(p/q) lies in
    [lo, hi] P-a.s. (``of`` says which hypothesis gives it; ``children`` derive it, if any),
    and every real lambda, E_P[exp(lambda (L - E_P L))] <= exp(lambda^2 bound).

    Why (w = hi - lo > 0, mu = E_P L in [lo, hi], finite as L is bounded): exp(lambda z)
    is convex in z (its z'' >= 0, a premise), so it lies below its chord on [lo, hi];
    integrating against P (monotonicity, linearity) and multiplying by exp(-lambda mu),
    E_P[exp(lambda (L - mu))] <= exp(f(u, m)) with u = lambda w, m = (mu - lo)/w in [0, 1],
    f = -u m + log(1 - m + m e^u).  Taylor in u with Lagrange's remainder: f(0, m) = 0,
    f_u(0, m) = 0 and f_uu <= 1/4 (premises: A = 1 - m + m e^u > 0, f_uu A^2 = m (1 - m) e^u,
    A^2 >= 4 m (1 - m) e^u), so f <= u^2/8 = lambda^2 w^2/8 <= lambda^2 ``bound`` (a premise,
    which also covers w = 0: L = E L a.s., and the left side is 1)."""
    unit = Interval.closed(0, 1)
    f_u = sympy.diff(HOEFFDING_F, U)
    f_uu = sympy.diff(HOEFFDING_F, U, 2)
    prem = (ctx.premise("hoeffding", Statement(lo, "<=", hi), "the interval [lo, hi] is not "
                        "empty", **params),
            ctx.premise("hoeffding", Statement((hi - lo)**2 / 8, "<=", bound),
                        "(hi - lo)^2/8 is at most the stated parameter", **params),
            ctx.premise("hoeffding", Statement(sympy.diff(exp(LAM * Z), Z, 2), ">=", 0),
                        "exp(lambda z) is convex in z", lam=REAL, z=REAL),
            ctx.premise("hoeffding", Statement(HOEFFDING_F.subs(U, 0), "==", 0),
                        "f(0, m) = 0", m=unit),
            ctx.premise("hoeffding", Statement(f_u.subs(U, 0), "==", 0), "f_u(0, m) = 0",
                        m=unit),
            ctx.premise("hoeffding", Statement(HOEFFDING_A, ">", 0), "A = 1 - m + m e^u > 0: "
                        "f is smooth in u", u=REAL, m=unit),
            ctx.premise("hoeffding", Statement(sympy.cancel(f_uu * HOEFFDING_A**2), "==",
                                               M * (1 - M) * exp(U)),
                        "f_uu A^2 = m (1 - m) e^u", u=REAL, m=unit),
            ctx.premise("hoeffding", Statement(HOEFFDING_A**2 - 4 * M * (1 - M) * exp(U), ">=",
                                               0), "A^2 >= 4 m (1 - m) e^u: f_uu <= 1/4",
                        u=REAL, m=unit))
    says = (f"for every P, Q with {sympy.sstr(lo)} <= L <= {sympy.sstr(hi)} P-a.s. ({of}) and "
            f"every real lambda: E_P[exp(lambda (L - E_P L))] <= exp(lambda^2*"
            f"({sympy.sstr(bound)}))" + where(params))
    return Step("hoeffding", says, RULES["hoeffding"][2], prem, tuple(children))
