"""Concentration of adapted sums, and classes of laws given by inequalities on functionals
(docs/calculus.md).

``supermartingale`` is Lemma 3.1 of Cesar and Rogers (ALT 2021), after Howard et al.
(2020): for every n, a sum M_n = X_1 + ... + X_n of increments that are conditionally
sigma_i^2-subgaussian given the past, with sigma_i known one round ahead (predictable) and
sum sigma_i^2 <= B a.s., has P[M_n >= beta] <= exp(-beta^2/(2 B)).  The proof is the
exponential supermartingale Z_k = exp(lambda M_k - lambda^2 S_k/2), S_k = sigma_1^2 + ... +
sigma_k^2: E[Z_k | F_(k-1)] = Z_(k-1) exp(-lambda^2 sigma_k^2/2) E[exp(lambda X_k) | F_(k-1)]
<= Z_(k-1) (sigma_k and Z_(k-1) are F_(k-1)-measurable: pulled out of the conditional
expectation), so E Z_n <= 1 by induction on n (the tower property), and Markov's
inequality with S_n <= B gives the bound.  The measure-theoretic steps (pull-out, tower,
integration) are the rule's; every real inequality they rest on is a premise.

``consequence`` concludes, for every law of a class defined by inequalities H(v) on real
functionals v of the law (a mean, a log-mgf at each lambda), any C(v) that H implies at
every real value of v: the implication is the premise.
"""

from __future__ import annotations

import sympy
from sympy import exp, log

from ..claims import Interval, Statement
from .objects import NONNEG, REAL, Step
from .rules import RULES, Context, induction, where

# the real values the premises range over (names kept apart from the callers' parameters)
MGF, VAR, LMB = (sympy.Symbol(n, real=True) for n in ("mgf_k", "var_k", "lambda_k"))
ZPREV, FACTOR, SLACK, DROP = (sympy.Symbol(n, real=True)
                              for n in ("z_prev", "factor_k", "slack_prev", "drop_k"))
EXCESS, SHARE = sympy.Symbol("d_n", real=True), sympy.Symbol("w_n", real=True)
NCOUNT = sympy.Symbol("n_rounds", real=True)
UNIT = Interval.closed(0, 1)


def supermartingale(ctx: Context, beta, B, bound, lam, params: dict) -> Step:
    """For every n >= 1, filtration F_0 <= ... <= F_n, X_i F_i-measurable and sigma_i
    F_(i-1)-measurable with E[exp(l X_i) | F_(i-1)] <= exp(l^2 sigma_i^2/2) for every real l
    and sigma_1^2 + ... + sigma_n^2 <= ``B`` a.s.: P[X_1 + ... + X_n >= ``beta``] <= ``bound``.

    ``lam`` is the lambda of the exponential supermartingale, a function of the parameters
    (beta/B for Lemma 3.1).  Premises: (1) exp(-l^2 v/2) mgf <= 1 where mgf <= exp(l^2 v/2)
    (one round, the pull-out property); (2) z c <= z for z >= 0, c in [0, 1] (the tower
    property); the induction on n (base n = 1: E Z_1 = E[c_1] <= 1; step: E Z_n <= E Z_(n-1)
    <= 1, over E Z_(n-1) = 1 - a, E Z_n = 1 - a - b, a, b >= 0); (3) Markov over M_n = beta
    + d, d >= 0, and S_n = w B, w in [0, 1]: log(bound) + lam (beta + d) - lam^2 w B/2 >= 0,
    and bound > 0, so 1[m >= beta] <= bound exp(lam m - lam^2 S_n/2) at
    every real m; integrated, P[M_n >= beta] <= bound E Z_n <= bound."""
    one = ctx.premise("supermartingale", Statement(
        MGF * exp(-LMB**2 * VAR / 2), "<=", 1, (Statement(MGF, "<=", exp(LMB**2 * VAR / 2)),)),
        "one round: sigma_k is F_(k-1)-measurable, so E[exp(l X_k - l^2 sigma_k^2/2) | "
        "F_(k-1)] = exp(-l^2 sigma_k^2/2) E[exp(l X_k) | F_(k-1)] <= 1",
        mgf_k=NONNEG, var_k=NONNEG, lambda_k=REAL)
    tower = ctx.premise("supermartingale", Statement(ZPREV * FACTOR, "<=", ZPREV),
                        "the tower property: E Z_k = E[Z_(k-1) E[exp(l X_k - l^2 sigma_k^2/2) "
                        "| F_(k-1)]] <= E Z_(k-1), the factor in [0, 1] by premise 1",
                        z_prev=NONNEG, factor_k=UNIT)
    # the step over a parametrisation onto {E Z_k <= E Z_(k-1) <= 1}: E Z_(k-1) = 1 - a,
    # E Z_k = 1 - a - b, a, b >= 0 (so no premise carries a hypothesis)
    base = Statement(FACTOR, "<=", 1)
    step = Statement(1 - SLACK - DROP, "<=", 1)
    says_e = ("for every n >= 1: E[exp(l M_n - l^2 (sigma_1^2 + ... + sigma_n^2)/2)] <= 1, "
              "every real l")
    chain = Step("supermartingale", "one round and the tower property: E Z_k <= E Z_(k-1)",
                 RULES["supermartingale"][2], (one, tower))
    expect = induction(ctx, NCOUNT, says_e, base, step,
                       {"factor_k": UNIT, "slack_prev": NONNEG, "drop_k": NONNEG,
                        "n_rounds": Interval.closed(2, None)}, chain)
    # Markov over M_n = beta + d, d >= 0 (onto {M_n >= beta}), S_n = w B, w in [0, 1]
    m_range = {"d_n": NONNEG, "w_n": UNIT} | params
    markov = (ctx.premise("supermartingale", Statement(bound, ">", 0),
                          "the bound is positive (so 1[m < beta] = 0 <= bound exp(...))",
                          **params),
              ctx.premise("supermartingale", Statement(
                  log(bound) + lam * (beta + EXCESS) - lam**2 * SHARE * B / 2, ">=", 0),
                  "Markov: where M_n = beta + d >= beta, 1 <= bound exp(lam M_n - lam^2 "
                  "S_n/2), S_n = w B <= B", **m_range))
    says = (f"for every n >= 1, filtration F_0 <= ... <= F_n, X_i F_i-measurable, sigma_i "
            "F_(i-1)-measurable with E[exp(l X_i) | F_(i-1)] <= exp(l^2 sigma_i^2/2) for "
            f"every real l and sigma_1^2 + ... + sigma_n^2 <= {sympy.sstr(B)} a.s.: "
            f"P[X_1 + ... + X_n >= {sympy.sstr(beta)}] <= {sympy.sstr(bound)}" + where(params))
    return Step("supermartingale", says, RULES["supermartingale"][2], markov, (expect,))


def consequence(ctx: Context, cls: str, definition: tuple, conclusions: tuple,
                ranges: dict) -> Step:
    """For every law of the class ``cls``, defined by the inequalities ``definition`` on real
    functionals of the law (each a variable of ``ranges``), the ``conclusions``: each is a
    premise C with the definition as its hypotheses, over every real value of the
    functionals -- the values of a law of the class are among them."""
    if not definition or not conclusions:
        raise ValueError("consequence: give the class's defining inequalities and a conclusion")
    prem = tuple(ctx.premise("consequence", Statement(c.lhs, c.rel, c.rhs, tuple(definition)),
                             f"follows from the definition of {cls}", **ranges)
                 for c in conclusions)
    says = (f"for every law of {cls} (" + ", ".join(str(d) for d in definition) + "): "
            + ", ".join(str(c) for c in conclusions))
    return Step("consequence", says, RULES["consequence"][2], prem)


def _exp_form(e):
    """``e`` with its hyperbolic functions written in exp (an identity: tanh x = (e^x -
    e^-x)/(e^x + e^-x)); the exact engine compares exponentials, not tanh."""
    return e.rewrite(sympy.exp) if e.has(sympy.tanh, sympy.sinh, sympy.cosh) else e


def setwise_composition(ctx: Context, rounds: tuple, delta, params: dict) -> Step:
    """Lemma 3.3 of Cesar and Rogers: the set-wise adaptive composition of preregistered
    parameter sets, one set per class of round, is (eps_g, delta)-DP with eps_g = sum over
    every parameter of its mean term + sqrt(2 (sum of its variance terms) log(1/delta)).

    ``rounds`` holds one entry per class: (class name, the class's Lemma 3.2 step, the printed
    mean term, the step's mean bound, the printed variance term, the step's subgaussian
    constant c: E[exp(l (L - E L))] <= exp(l^2 c)).  Why: the analyst's view has the density
    of its rounds' conditional laws (the analyst's own choices are the same under both
    neighbours and cancel), so the total loss is L = L_1 + ... + L_n, L_i the loss of round i
    given the past; L_i = E[L_i | F_(i-1)] + X_i with E[L_i | F_(i-1)] <= the round's mean
    bound and X_i conditionally (2 c)-subgaussian (each class's step, applied to the round's
    conditional laws); the class and parameter of round i are F_(i-1)-measurable, and every
    preregistered parameter is used exactly once, so the bounds sum to A and the sigma_i^2 to
    B, whatever the order.  Premises: the printed terms are the steps' (mean term = mean
    bound, variance term = 2 c); ``supermartingale`` at B; L >= A + beta => M_n >= beta;
    exp(-beta^2/(2 B)) <= delta at beta = sqrt(2 B log(1/delta)); H_eps_g(V0||V1) <=
    P[L > eps_g] (the recipe: max(0, p - e^eps_g q) <= p 1[p > e^eps_g q])."""
    beta_s, B_s, dl = (sympy.Symbol(n, real=True) for n in ("beta_tail", "B_total", "delta_g"))
    terms = []
    for name, step, mean_printed, mean_step, var_printed, c_step, ranges in rounds:
        terms.append(ctx.premise("setwise", Statement(_exp_form(mean_printed), "==",
                                                      mean_step),
                                 f"{name}: the printed mean term is the bound of Lemma 3.2 "
                                 "(hyperbolic functions written in exp)", **ranges))
        terms.append(ctx.premise("setwise", Statement(var_printed, "==", 2 * c_step),
                                 f"{name}: the printed variance term is sigma^2 = 2 c, c the "
                                 "subgaussian constant of Lemma 3.2", **ranges))
    tail = supermartingale(ctx, beta_s, B_s, exp(-beta_s**2 / (2 * B_s)), beta_s / B_s,
                           {"beta_tail": NONNEG, "B_total": Interval(0, None, lo_open=True)})
    open01 = Interval(0, 1, lo_open=True, hi_open=True)
    pos = Interval(0, None, lo_open=True)
    L_exc, c_sl = sympy.Symbol("excess_L", real=True), sympy.Symbol("slack_A", real=True)
    own = (ctx.premise("setwise", Statement(beta_s + L_exc + c_sl, ">=", beta_s),
                       "L = A + beta + d (d >= 0) and sum E[L_i | F_(i-1)] = A - c (c >= 0): "
                       "M_n = L - sum E[L_i | F_(i-1)] >= beta", beta_tail=NONNEG,
                       excess_L=NONNEG, slack_A=NONNEG),
           ctx.premise("setwise", Statement(
               exp(-beta_s**2 / (2 * B_s)).subs(beta_s, sympy.sqrt(2 * B_s * log(1 / dl))),
               "<=", dl), "at beta = sqrt(2 B log(1/delta)) the tail is at most delta",
               B_total=pos, delta_g=open01),
           ctx.premise("setwise", Statement(sympy.sqrt(2 * B_s * log(1 / dl)), ">=", 0),
                       "beta >= 0, in Lemma 3.1's range", B_total=pos, delta_g=open01))
    up, uq, cg = (sympy.Symbol(n, real=True) for n in ("p_view", "q_view", "c_g"))
    recipe = tuple(ctx.premise("setwise", Statement(sympy.Max(0, u_l - cg * uq), "<=", u_r,
                                                    (h,)),
                               "H_eps_g(V0||V1) <= P[L > eps_g]: the hockey-stick's integrand "
                               "is at most p 1[p > e^eps_g q] (c_g = e^eps_g)",
                               p_view=NONNEG, q_view=NONNEG, c_g=pos)
                   for u_l, u_r, h in ((up, up, Statement(up, ">", cg * uq)),
                                       (up, sympy.S.Zero, Statement(up, "<=", cg * uq))))
    names = ", ".join(r[0] for r in rounds)
    mean = " + ".join(f"sum {sympy.sstr(r[2])}" for r in rounds)
    var = " + ".join(f"sum {sympy.sstr(r[4])}" for r in rounds)
    says = (f"set-wise adaptive composition of preregistered sets of {names} rounds (every "
            "order the analyst chooses, each parameter used once, every pair of neighbours "
            f"per round): (eps_g, delta)-DP for every delta in (0, 1), eps_g = {mean} + "
            f"sqrt(2 ({var}) log(1/delta))" + where(params))
    return Step("setwise", says, RULES["setwise"][2], terms + list(own + recipe),
                tuple(r[1] for r in rounds) + (tail,))
