"""The convexity rules of the calculus: Jensen's premise (``convexity``), the joint
convexity of the perspective, data processing, and the change of variables
(docs/calculus.md).  An f-divergence is given by its perspective ``g(p, q)`` on the open
quadrant p, q > 0 and read as its lower-semicontinuous closure there (``rules.CLOSURE``):
KL is then +oo without absolute continuity, the hockey-stick's value at q = 0 is p."""

from __future__ import annotations

import sympy

from ..claims import Statement
from .objects import POSITIVE, REAL, Step
from .rules import RULES, Context, where

P, Q, S, T = (sympy.Symbol(n, real=True) for n in ("p", "q", "s", "t"))
#: functions with kinks or jumps: f'' by sympy would hide them in a DiracDelta
_ROUGH = (sympy.Abs, sympy.Max, sympy.Min, sympy.Piecewise, sympy.sign, sympy.Heaviside,
          sympy.DiracDelta, sympy.floor, sympy.ceiling)


def convexity(ctx: Context, f: sympy.Expr, params: dict, how: str) -> Step:
    """f(t) convex on t > 0: ``how`` = "second_derivative" (premise f'' >= 0, the
    derivative taken exactly by sympy) or "max_of_affine" (f a Max whose pieces are
    checked to be polynomials of degree <= 1 in t; premises: each piece's f'' == 0)."""
    if how == "second_derivative":
        rough = f.atoms(*_ROUGH)
        if rough:     # f'' of a kink is a DiracDelta, which a sign check would miss
            raise ValueError(f"second_derivative needs f of class C^2: {f} has {rough}")
        prem = (ctx.premise("convexity", Statement(sympy.diff(f, T, 2), ">=", 0),
                            "f'' >= 0 on t > 0", t=POSITIVE, **params),)
    elif how == "max_of_affine":
        if not isinstance(f, sympy.Max):
            raise ValueError(f"max_of_affine needs a Max of affine functions of t, got {f}")
        for piece in f.args:
            if not piece.is_polynomial(T) or sympy.degree(piece, T) > 1:
                raise ValueError(f"piece {piece} of {f} is not affine in t")
        prem = tuple(ctx.premise("convexity", Statement(sympy.diff(piece, T, 2), "==", 0),
                                 "an affine piece of the max", t=POSITIVE, **params)
                     for piece in f.args)
    else:
        raise ValueError(f"convexity by {how!r}; allowed: second_derivative, max_of_affine")
    return Step("convexity", f"f(t) = {sympy.sstr(f)} is convex on t > 0",
                RULES["convexity"][2], prem)


def _homogeneity(ctx: Context, g, params: dict, rule: str):
    return ctx.premise(rule, Statement(g.subs({P: S * P, Q: S * Q}, simultaneous=True), "==",
                                       S * g), "g(s p, s q) = s g(p, q): 1-homogeneous",
                       p=POSITIVE, q=POSITIVE, s=POSITIVE, **params)


def perspective(ctx: Context, g, params: dict, how: str) -> Step:
    """g(int w p_x, int w q_x) <= int w g(p_x, q_x) for every measure w (joint convexity):
    g 1-homogeneous (premise) and f = g(., 1) convex (child)."""
    f = g.subs({P: T, Q: 1}, simultaneous=True)
    child = convexity(ctx, f, params, how)
    says = (f"g(p, q) = {sympy.sstr(g)} is jointly convex and sublinear: g(int w p_x, "
            "int w q_x) <= int w g(p_x, q_x) for every measure w and families p_x, q_x")
    return Step("perspective", says, RULES["perspective"][2],
                (_homogeneity(ctx, g, params, "perspective"),), (child,))


def data_processing(ctx: Context, name: str, g, params: dict, how: str, line: tuple,
                    form: str = "kernel", log_scale: bool = False) -> Step:
    """D_g(KP||KQ) <= D_g(P||Q) (``form`` = "kernel", every Markov kernel K) or
    D_g(P_Y||Q_Y) <= E_X D_g(P_Y|X||Q_Y|X) (``form`` = "channel", P_Y = int P_Y|X=x dP_X,
    Q_Y likewise with the same P_X).  ``line`` = (a, b): the supporting line g(t, 1) >= a t
    + b that makes Tonelli apply to g - a p - b q >= 0; ``log_scale`` checks it at
    t = e^x, x real (a bijection of (0, oo) onto R)."""
    child = perspective(ctx, g, params, how)
    a, b = line
    f = g.subs({P: T, Q: 1}, simultaneous=True)
    x = sympy.Symbol("x", real=True)
    if log_scale:
        support = ctx.premise("data_processing", Statement(
            f.subs(T, sympy.exp(x)), ">=", a * sympy.exp(x) + b), "the supporting line, at "
            "t = e^x", x=REAL, **params)
    else:
        support = ctx.premise("data_processing", Statement(f, ">=", a * T + b),
                              "the supporting line", t=POSITIVE, **params)
    if form == "kernel":
        says = f"{name}(KP||KQ) <= {name}(P||Q) for every P, Q and Markov kernel K"
    elif form == "channel":
        says = (f"{name}(P_Y||Q_Y) <= E_(X~P_X) {name}(P_(Y|X)||Q_(Y|X)) for every P_X and "
                "channels P_(Y|X), Q_(Y|X), P_Y = int P_(Y|X=x) dP_X(x), Q_Y likewise")
    else:
        raise ValueError(f"form {form!r}; allowed: kernel, channel")
    return Step("data_processing", f"{says}; {name}(P||Q) = int {sympy.sstr(g)}",
                RULES["data_processing"][2], (support,), (child,))


def change_of_variables(ctx: Context, name: str, g, params: dict) -> Step:
    """D_g(T#P||T#Q) = D_g(P||Q) for every measurable bijection T with a Jacobian:
    the densities become |J| p(T^-1), |J| q(T^-1) and |J| cancels by 1-homogeneity."""
    says = (f"{name}(T#P||T#Q) = {name}(P||Q) for every bijection T (shift, scale, "
            f"reflection); {name}(P||Q) = int {sympy.sstr(g)}")
    return Step("change_of_variables", says, RULES["change_of_variables"][2],
                (_homogeneity(ctx, g, params, "change_of_variables"),))


def secant(ctx: Context, name: str, g, a, b, bound, params: dict, peak=None) -> Step:
    """int g(p, q) <= ``bound`` for every P, Q with a q <= p <= b q pointwise (0 < a < b).
    The rule draws the chord A t + B of f = g(., 1) through (a, f(a)) and (b, f(b))
    itself; f convex on (0, oo) (``convexity``, f'') lies below it on [a, b], so where
    q > 0, g(p, q) = q f(p/q) <= A p + B q (1-homogeneity), and where q = 0, p = 0 and
    g(0, 0) = 0; integrating, int g <= A + B.  Premises: 0 < a < b, homogeneity, A + B <=
    ``bound``.

    ``peak`` = (v, v0, form), for a bound that is the sup of A + B over the parameter v
    (tight at v0, where no ball closes it): A + B = ``form`` (an identity premise: the
    caller's closed form of the chord, checked), and form <= bound is drawn from form
    concave in v on v's range (an interval; its v'' <= 0), v0 in that range, a critical
    point there (its v' = 0), and its value at v0 <= ``bound``."""
    f = g.subs({P: T, Q: 1}, simultaneous=True)
    child = convexity(ctx, f, params, "second_derivative")
    fa, fb = f.subs(T, a), f.subs(T, b)
    slope = (fb - fa) / (b - a)
    top = fa + slope * (1 - a)          # A + B: the chord at t = 1
    prem = [ctx.premise("secant", Statement(a, ">", 0), "0 < a", **params),
            ctx.premise("secant", Statement(b, ">", a), "a < b", **params),
            _homogeneity(ctx, g, params, "secant")]
    chord = f"A + B, the chord of f(t) = {sympy.sstr(f)} between a and b at t = 1"
    if peak is None:
        prem.append(ctx.premise("secant", Statement(top, "<=", bound), f"{chord}, is <= the "
                                "bound", **params))
    else:
        prem += _peak(ctx, top, bound, params, *peak, chord)
    says = (f"{name}(P||Q) = int {sympy.sstr(g)} <= {sympy.sstr(bound)} for every P, Q with "
            f"{sympy.sstr(a)}*q <= p <= {sympy.sstr(b)}*q pointwise" + where(params))
    return Step("secant", says, RULES["secant"][2], tuple(prem), (child,))


def _peak(ctx: Context, top, bound, params: dict, v, v0, form, what: str) -> list:
    """Premises for top <= bound over v's range: top = form, form concave with a critical
    point v0 in that range and form(v0) <= bound (a concave function on an interval is at
    most its value at a critical point)."""
    span = params[v.name]
    if span.integer:
        raise ValueError(f"secant: peak over {v} needs a real range, not {span}")
    rough = form.atoms(*_ROUGH)
    if rough:     # as in ``convexity``: form'' would hide a kink in a DiracDelta
        raise ValueError(f"secant: peak needs a form of class C^2: {form} has {rough}")
    rest = {k: r for k, r in params.items() if k != v.name}
    ends = [(end, rel) for end, rel in ((span.lo, ">" if span.lo_open else ">="),
                                        (span.hi, "<" if span.hi_open else "<="))
            if end is not None]
    return ([ctx.premise("secant", Statement(top, "==", form), f"{what}, is "
                         f"{sympy.sstr(form)}", **params),
             ctx.premise("secant", Statement(sympy.diff(form, v, 2), "<=", 0),
                         f"it is concave in {v}", **params)]
            + [ctx.premise("secant", Statement(v0, rel, end), f"{v} = {sympy.sstr(v0)} is in "
                           f"the range {span} of {v}", **rest) for end, rel in ends]
            + [ctx.premise("secant", Statement(sympy.diff(form, v).subs(v, v0), "==", 0),
                           f"its derivative in {v} vanishes at {v} = {sympy.sstr(v0)}", **rest),
               ctx.premise("secant", Statement(form.subs(v, v0), "<=", bound),
                           f"its value at {v} = {sympy.sstr(v0)} is <= the bound", **rest)])


def tangent(ctx: Context, name: str, g, eps, t0, params: dict) -> Step:
    """H_eps(P||Q) <= int g(p, q) for every P, Q (the hockey-stick below an f-divergence,
    as in the conversion of Renyi DP to (eps, delta)-DP).  f = g(., 1) convex on (0, oo)
    (``convexity``, f'') lies above its tangent at t0 > 0, which the premises make the line
    t - e^eps or higher (f'(t0) = 1, f(t0) >= t0 - e^eps), and f >= 0; so f(t) >= max(0, t -
    e^eps) for t > 0.  Where q > 0, g(p, q) = q f(p/q) >= max(0, p - e^eps q) (1-homogeneity);
    where q = 0 < p, the closure's recession value p lim f(t)/t >= p, since f(t)/t >= 1 -
    e^eps/t; where p = 0 < q, q f(0+) >= 0; at p = q = 0 both are 0.  Integrating
    (monotonicity; int g may be +oo) gives the conclusion.  ``name`` labels int g."""
    f = g.subs({P: T, Q: 1}, simultaneous=True)
    child = convexity(ctx, f, params, "second_derivative")
    slope = sympy.diff(f, T).subs(T, t0)
    prem = (_homogeneity(ctx, g, params, "tangent"),
            ctx.premise("tangent", Statement(f, ">=", 0), "f >= 0 on t > 0", t=POSITIVE,
                        **params),
            ctx.premise("tangent", Statement(t0, ">", 0), "the point of tangency t0 > 0",
                        **params),
            ctx.premise("tangent", Statement(slope, "==", 1), "f'(t0) = 1: the tangent "
                        "at t0 is parallel to t - e^eps", **params),
            ctx.premise("tangent", Statement(f.subs(T, t0), ">=", t0 - sympy.exp(eps)),
                        "f(t0) >= t0 - e^eps: the tangent is on or above t - e^eps",
                        **params))
    says = (f"H_{{{sympy.sstr(eps)}}}(P||Q) <= int {sympy.sstr(g)} = {name} for every P, Q"
            + where(params))
    return Step("tangent", says, RULES["tangent"][2], prem, (child,))
