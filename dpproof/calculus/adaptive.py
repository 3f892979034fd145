"""Adaptive composition of rounds with bounded privacy loss (docs/calculus.md).

A class of rounds is given by the range of its privacy loss L = log(p/q): a pair (P, Q)
is in it when e^lo q <= p <= e^hi q pointwise for some parameter theta of the class (lo,
hi and the printed weights w, wbar depend on theta).  An eps-DP round has the one range
[-eps, eps]; an eps-BR round the ranges [t - eps, t], t in [0, eps] (Lemma 2.1,
``bounded_range``).  ``adaptive_steps`` is Lemma 5.1 of cesar_rogers21 (Dong, Durfee and
Rogers 2020): the optimal hockey-stick curve of an adaptive composition is the recursion
delta(C, rest; x) = sup_theta [w delta(rest; x - hi) + wbar delta(rest; x - lo)], from
delta(empty; x) = (1 - e^x)_+.  ``step_order`` is Proposition 1: a BR step after a DP
step gives a delta-function at least as large as before it, for every suffix.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy
from sympy import Max, exp

from ..claims import Statement
from .convex import convexity
from .objects import NONNEG, POSITIVE, REAL, Step
from .rules import RULES, Context, where


@dataclass(frozen=True)
class LossClass:
    """Rounds whose loss lies in [lo, hi] for some value of the parameters ``theta`` (names
    in ``ranges``, chosen with the round, adaptively); the other parameters in ``ranges``
    are fixed in advance (a round's eps).  ``w`` and ``wbar`` are the weights of
    g(x - hi) and g(x - lo) in the step as the source prints them (sympy)."""

    name: str
    lo: sympy.Expr
    hi: sympy.Expr
    w: sympy.Expr
    wbar: sympy.Expr
    ranges: dict
    theta: tuple = ()
    #: the Q-masses of the two-point pair (at hi, at lo) as the source prints them, if it
    #: names that pair (randomized response): checked to be w e^-hi and wbar e^-lo
    q_masses: tuple = ()

    def step(self, g: str) -> str:
        """The step applied to ``g`` (a format with one slot for the argument)."""
        body = (f"({sympy.sstr(self.w)})*{g.format('x - (' + sympy.sstr(self.hi) + ')')} + "
                f"({sympy.sstr(self.wbar)})*{g.format('x - (' + sympy.sstr(self.lo) + ')')}")
        if self.theta:
            body = f"sup over {', '.join(self.theta)} of [{body}]"
        return f"{self.name}: {body}"


_OWN = ("v", "r", "c", "z")


def _own_names(rule, classes):
    for cl in classes:
        for n in _OWN:
            if n in cl.ranges:
                raise ValueError(f"{rule}: parameter {n!r} is the rule's own variable")


def adaptive_steps(ctx: Context, classes: tuple[LossClass, ...], adaptive: bool = True) -> Step:
    """Lemma 5.1 for every law: for every finite sequence of rounds, round i of a class
    C_i of ``classes`` fixed in advance, its pair of laws chosen adaptively (given the
    past outcomes, with a parameter theta that may depend on them), and every real x:
    sup H_x(P_1..k || Q_1..k) = delta(C_1, ..., C_k; x).  With ``adaptive=False`` (each
    round's pair, and so its theta_i, fixed in advance: a product of laws), the same proof
    with theta fixed gives sup H_x(P_1 x ... x P_k || Q_1 x ... x Q_k) = sup over theta_1..k
    of H_x of the product of the two-point pairs at theta_i (the recursion at fixed theta is
    linear, and its equality case is that product; eq. (4), Lemma 4.1).

    Induction on k, with the invariant: phi(v) = delta(rest; log v) is convex on v > 0
    with values in [0, 1].  Base: the empty composition has H_x = (1 - e^x)_+ (premise),
    phi_0(v) = (1 - v)_+ is convex (``convexity``) and in [0, 1] (premise).  The
    invariant passes through a step: v -> phi(v e^-d) is convex, w, wbar >= 0 with w +
    wbar = 1 (premises), a convex combination and a sup of convex functions is convex, and
    of values in [0, 1] in [0, 1].  Upper bound: given the first outcome y (p(y) > 0), the
    rest has H at most delta(rest; .) at x - L(y), and max(0, p r - e^x q s) = p max(0, r -
    e^x W s), W = q/p = e^-L (positive homogeneity, premise), so by Tonelli H_x <= E_P[
    phi(e^x W)].  W lies in [e^-hi, e^-lo], where the convex phi(e^x .) is below its chord:
    lambda(W) phi(e^x e^-hi) + (1 - lambda(W)) phi(e^x e^-lo), lambda affine with lambda(
    e^-lo) = 0, lambda(e^-hi) = 1; E_P[W] = int q = 1 (q > 0 forces p > 0), so E_P[lambda]
    = (e^-lo - 1)/(e^-lo - e^-hi) = w (the chord premise w (e^-lo - e^-hi) = e^-lo - 1);
    then the sup over theta.  Attained: the two-point pair P = (w, wbar), Q = (w e^-hi,
    wbar e^-lo) is a law (the same premise, with wbar = 1 - w) of the class, where the
    bound is an equality, and the rest's laws may be chosen for each outcome apart."""
    _own_names("adaptive_steps", classes)
    v, r = sympy.Symbol("v", real=True), sympy.Symbol("r", real=True)
    c, z = sympy.Symbol("c", real=True), sympy.Symbol("z", real=True)
    t = sympy.Symbol("t", real=True)
    prem = [ctx.premise("adaptive_steps", Statement(Max(0, r - v * r), "==", Max(0, 1 - v) * r),
                        "base case: the empty composition has H_x(R||R) = (1 - e^x)_+",
                        r=NONNEG, v=POSITIVE),
            ctx.premise("adaptive_steps", Statement(Max(0, 1 - v), "<=", 1),
                        "base case: delta(empty; x) is in [0, 1] (>= 0 as a max with 0)",
                        v=POSITIVE),
            ctx.premise("adaptive_steps", Statement(Max(0, c * z), "==", c * Max(0, z)),
                        "max(0, .) is positively homogeneous: max(0, p r - e^x q s) = p max(0, "
                        "r - e^x (q/p) s) where p > 0", c=NONNEG, z=REAL)]
    for cl in classes:
        prem += [ctx.premise("adaptive_steps", Statement(
                     cl.w * (exp(-cl.lo) - exp(-cl.hi)), "==", exp(-cl.lo) - 1),
                     f"{cl.name}: the chord's weight E_P[lambda(W)] is w, and the two-point "
                     "pair's Q-masses w e^-hi + wbar e^-lo sum to 1", **cl.ranges),
                 ctx.premise("adaptive_steps", Statement(cl.w + cl.wbar, "==", 1),
                             f"{cl.name}: wbar = 1 - w", **cl.ranges),
                 ctx.premise("adaptive_steps", Statement(cl.w, ">=", 0),
                             f"{cl.name}: w >= 0", **cl.ranges),
                 ctx.premise("adaptive_steps", Statement(cl.wbar, ">=", 0),
                             f"{cl.name}: wbar >= 0", **cl.ranges)]
        if cl.q_masses:
            q_hi, q_lo = cl.q_masses
            prem += [ctx.premise("adaptive_steps", Statement(q_hi, "==", cl.w * exp(-cl.hi)),
                                 f"{cl.name}: the printed pair's Q-mass at the loss hi is "
                                 "w e^-hi", **cl.ranges),
                     ctx.premise("adaptive_steps", Statement(q_lo, "==", cl.wbar * exp(-cl.lo)),
                                 f"{cl.name}: the printed pair's Q-mass at the loss lo is "
                                 "wbar e^-lo", **cl.ranges)]
    base = convexity(ctx, Max(0, 1 - t), {}, "max_of_affine")
    ranges = {n: rng for cl in classes for n, rng in cl.ranges.items()}
    pairs = "; ".join(_pair(cl) for cl in classes)
    if adaptive:
        steps = "; ".join(cl.step("delta(rest; {})") for cl in classes)
        says = ("for every finite sequence of rounds, each of a class fixed in advance and its "
                "laws chosen adaptively (e^lo q <= p <= e^hi q given the past, for a parameter "
                "of its class that may depend on the past), and every real x: sup H_x(P_1..k "
                "|| Q_1..k) over the laws = delta(C_1, ..., C_k; x), delta(empty; x) = max(0, "
                f"1 - e^x), delta(C, rest; x) = {steps}; attained by the two-point pairs "
                f"{pairs}{where(ranges)}")
    else:
        says = ("for every finite sequence of rounds, each of a class fixed in advance and its "
                "pair fixed in advance (a product: e^lo q_i <= p_i <= e^hi q_i for a parameter "
                "theta_i of its class), and every real x: sup H_x(P_1 x ... x P_k || Q_1 x ... "
                "x Q_k) over the laws = sup over theta_1..k of H_x of the product of the "
                f"two-point pairs {pairs}{where(ranges)}")
    return Step("adaptive_steps", says, RULES["adaptive_steps"][2], tuple(prem), (base,))


def _pair(cl: LossClass) -> str:
    """The class's two-point pair: P-masses (w, wbar), Q-masses (as printed, if given)."""
    q = cl.q_masses or (cl.w * exp(-cl.hi), cl.wbar * exp(-cl.lo))
    return (f"{cl.name}: P = ({sympy.sstr(cl.w)}, {sympy.sstr(cl.wbar)}), Q = ("
            f"{sympy.sstr(q[0])}, {sympy.sstr(q[1])})")


def step_order(ctx: Context, dp: LossClass, br: LossClass) -> Step:
    """Proposition 1 for every pair of delta-functions: S T g(x) <= T S g(x) for every
    bounded real function g and real x, where T g(x) = a g(x - h) + b g(x + h) is the
    ``dp`` step (one parameter value) and S g(x) = sup_theta [w g(x - hi) + wbar g(x -
    lo)] the ``br`` step.  S T g(x) = sup_theta sum_(d, e) c_d c'_e g(x - d - e) =
    sup_theta [a S_theta g(x - h) + b S_theta g(x + h)] (the same products c_d c'_e at the
    same shifts d + e, in the other order), at most a S g(x - h) + b S g(x + h) =
    T S g(x) as a, b >= 0 (the sup of a sum is at most the sum of the sups).  Both steps
    are monotone (non-negative weights), so steps applied after (before, in the sequence)
    keep the order: delta(A, BR, DP, B; x) <= delta(A, DP, BR, B; x) for all sequences A,
    B."""
    if dp.theta:
        raise ValueError("step_order: the DP step has one loss range (no parameter theta)")
    ranges = {**dp.ranges, **br.ranges}
    prem = tuple(ctx.premise("step_order", Statement(wt, ">=", 0), f"{cl.name}: a weight "
                             "is >= 0 (the step is monotone; for DP, the sup of a sum is at "
                             "most the sum of the sups)", **cl.ranges)
                 for cl in (dp, br) for wt in (cl.w, cl.wbar))
    says = (f"for every bounded real function g and real x: S T g(x) <= T S g(x), T g(x) = "
            f"{dp.step('g({})')}; S g(x) = {br.step('g({})')}; so for all sequences A, B: "
            f"delta(A, {br.name}, {dp.name}, B; x) <= delta(A, {dp.name}, {br.name}, B; x)"
            f"{where(ranges)}")
    return Step("step_order", says, RULES["step_order"][2], prem)
