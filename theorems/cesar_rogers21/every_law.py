"""cesar_rogers21: the statements about every mechanism proved by the calculus
(docs/calculus.md); the family encodings stay as ``.family`` claims, over which each
conclusion is also swept."""

from dataclasses import replace

import sympy
from sympy import Abs, Max, exp, log

from dpproof.calculus import (COUNT, NONNEG, POSITIVE, REAL, Context, Density, LossClass,
                              adaptive_steps, both, bounded_range, consequence, dp_products,
                              hockey, hoeffding, instance, mass, monotonicity, repeated_steps,
                              secant, setwise_composition, step_order, supermartingale)
from dpproof.claims import Interval, Statement
from dpproof.expr.vocabulary import br_adaptive_delta
from .closed_forms import dp_ab, lemma52_weight, thm1_delta
from .common import p_t, q_t

P, Q = Density("p"), Density("q")
p, q = P.value, Q.value
eps = sympy.Symbol("eps", real=True)


def dp_round(cid, source):
    """Lemma 3.2 for an eps-DP round, every eps > 0 and every pair with e^-eps q <= p <=
    e^eps q: the mean E[L] = KL(P||Q) <= eps (e^eps - 1)/(e^eps + 1) = eps tanh(eps/2) (t log t
    lies below its chord on [e^-eps, e^eps], ``secant``; the chord at t = 1 is the bound
    exactly, so RR, with loss +-eps only, attains it) and the centred loss eps^2/2-subgaussian,
    E_P[exp(lambda (L - E L))] <= exp(lambda^2 eps^2/2) for every real lambda (Hoeffding's
    lemma on [-eps, eps], as the source's proof cites it: (2 eps)^2/8 = eps^2/2)."""
    return _dp(Context(cid, source))


def _dp(ctx):
    mean = secant(ctx, "KL", p * log(p / q), exp(-eps), exp(eps),
                  eps * (exp(eps) - 1) / (exp(eps) + 1), {"eps": POSITIVE})
    spread = hoeffding(ctx, -eps, eps, eps**2 / 2, {"eps": POSITIVE},
                       "eps-DP: e^-eps q <= p <= e^eps q")
    return both(mean, spread)


def martingale_tail(cid, source):
    """Lemma 3.1 (the source's Appendix A, after Howard et al. 2020): for every n, a sum of
    increments conditionally sigma_i^2-subgaussian given the past, sigma_i predictable and
    sum sigma_i^2 <= B a.s., has P[M_n >= beta] <= exp(-beta^2/(2 B)), every beta >= 0,
    B > 0 (``supermartingale`` at lambda = beta/B)."""
    beta, B = sympy.Symbol("beta", real=True), sympy.Symbol("B", real=True)
    return supermartingale(Context(cid, source), beta, B, exp(-beta**2 / (2 * B)), beta / B,
                           {"beta": NONNEG, "B": POSITIVE})


def cdp_round(cid, source):
    """Lemma 3.2 for a (mu, tau)-CDP round: E[L] <= mu and the centred loss
    tau^2/2-subgaussian, E_P[exp(lambda (L - E L))] <= exp(lambda^2 tau^2/2), every real
    lambda -- from the definition of (mu, tau)-CDP (Dwork and Rothblum 2016, Def. 3.1) at
    every value of the mean m = E_P[L] and of that mgf (``consequence``)."""
    return _cdp(Context(cid, source))


MU, TAU = sympy.Symbol("mu", real=True), sympy.Symbol("tau", real=True)


def _cdp(ctx):
    mu, tau = MU, TAU
    lm, mean, mgf = (sympy.Symbol(n, real=True) for n in ("lambda", "mean_L", "mgf_L"))
    definition = (Statement(mean, "<=", mu), Statement(mgf, "<=", exp(lm**2 * tau**2 / 2)))
    lemma = (Statement(mean, "<=", mu), Statement(mgf, "<=", exp(lm**2 * (tau**2 / 2))))
    return consequence(ctx, "(mu, tau)-CDP: mean_L = E_P[L], mgf_L = "
                       "E_P[exp(lambda (L - E_P L))]", definition, lemma,
                       {"mu": REAL, "tau": POSITIVE, "lambda": REAL, "mean_L": REAL,
                        "mgf_L": NONNEG})


#: t = ess sup L of an eps-BR round (Lemma 2.1); named t_sup, as t is the ratio p/q of the
#: convexity premises
T_SUP = sympy.Symbol("t_sup", real=True)


def br_round(cid, source, bound):
    """Lemma 3.2 for an eps-BR round, every eps > 0 and every pair of neighbouring laws:
    Lemma 2.1 (``bounded_range``) gives t - eps <= L <= t with t = ess sup L in [0, eps];
    for every real t, a pair with e^(t - eps) q <= p <= e^t q has E[L] = KL(P||Q) <= ``bound``
    (``secant``: t log t below its chord on [e^(t - eps), e^t]; the chord at 1 is t - eps
    (e^t - 1)/(e^eps - 1), concave in t, largest at t* = log((e^eps - 1)/eps), where it
    equals the printed bound -- RR_{eps,t*} attains it) and the centred loss is
    eps^2/8-subgaussian (Hoeffding's lemma on an interval of width eps)."""
    return _br(Context(cid, source), bound)


def _br(ctx, bound):
    t = T_SUP
    chord = t - eps * (exp(t) - 1) / (exp(eps) - 1)
    mean = secant(ctx, "KL", p * log(p / q), exp(t - eps), exp(t), bound,
                  {"eps": POSITIVE, "t_sup": REAL},
                  peak=(t, log((exp(eps) - 1) / eps), chord))
    spread = hoeffding(ctx, t - eps, t, eps**2 / 8, {"eps": POSITIVE, "t_sup": REAL},
                       "eps-BR, t_sup = ess sup L")
    return both(bounded_range(ctx), mean, spread)


def br_range(cid, source):
    """Lemma 2.1 for every pair of neighbouring laws: eps-DP => 2 eps-BR, eps-BR => eps-DP,
    eps-BR => some t in [0, eps] with t - eps <= L <= t (``bounded_range``)."""
    return bounded_range(Context(cid, source))


#: Lemma 6.2's parameters as the premise sees them: eps0 = log(1 + x), eps = log(1 + y)
X6, Y6 = sympy.Symbol("x", real=True), sympy.Symbol("y", real=True)


def dp_to_theorem1(cid, source):
    """Lemma 6.2 with Delta_0 = 1: every pair P, Q and every eps0 > 0, eps >= 0 have
    H_eps(P||Q) <= delta_1 + H_eps0(P||Q) + H_eps0(Q||P), delta_1 = Theorem 1 at k = 1
    ((e^eps0 - e^eps)_+/(1 + e^eps0)); for an eps0-DP pair (the Laplace mechanism of scale
    Delta_inf/eps0 among them) both H_eps0 vanish.  ``monotonicity`` with the pointwise
    premise max(0, p - e^eps q) <= (delta_1 + w) p - w q + max(0, p - e^eps0 q) + max(0, q -
    e^eps0 p), w = (e^eps0 - e^eps)_+/(e^(2 eps0) - 1): the chord of max(0, t - e^eps) on
    [e^-eps0, e^eps0] (the secant argument; ``secant`` itself takes C^2 integrands only), the
    two hockey-sticks paying for t outside it.  Written in x = e^eps0 - 1 > 0, y = e^eps - 1
    >= 0 (a bijection), the premise is algebraic; the w terms integrate to w - w = 0."""
    e0, e = log(1 + X6), log(1 + Y6)
    w = Max(0, X6 - Y6) / (X6 * (X6 + 2))
    return monotonicity(Context(cid, source), hockey(P, Q, e),
                        ((thm1_delta(1, e0, e).doit() + w, mass(P)), (-w, mass(Q)),
                         (1, hockey(P, Q, e0)), (1, hockey(Q, P, e0))),
                        {"p": NONNEG, "q": NONNEG, "x": POSITIVE, "y": NONNEG})


def setwise(cid, source, br_bound):
    """Lemma 3.3 (eqs. (2)-(3)): set-wise adaptive composition of preregistered eps-DP, eps-BR
    and (mu, tau)-CDP parameter sets is (eps_g, delta)-DP for every delta in (0, 1), eps_g =
    sum eps_i tanh(eps_i/2) + sum [BR mean of eps_j] + sum mu_l + sqrt(2 (sum eps_i^2 + sum
    eps_j^2/4 + sum tau_l^2) log(1/delta)) (``setwise_composition`` over Lemma 3.2's three
    steps and Lemma 3.1)."""
    ctx = Context(cid, source)
    rounds = (("eps-DP", _dp(ctx), eps * sympy.tanh(eps / 2), eps * (exp(eps) - 1) /
               (exp(eps) + 1), eps**2, eps**2 / 2, {"eps": POSITIVE}),
              ("eps-BR", _br(ctx, br_bound), br_bound, br_bound, eps**2 / 4, eps**2 / 8,
               {"eps": POSITIVE}),
              ("(mu, tau)-CDP", _cdp(ctx), MU, MU, TAU**2, TAU**2 / 2,
               {"mu": REAL, "tau": POSITIVE}))
    return setwise_composition(ctx, rounds, sympy.Symbol("delta", real=True),
                               {"delta": "(0, 1)"})


def dp_steps(cid, source):
    """Lemma 5.2 (Appendix C.2): m eps-DP steps before any suffix with delta-function g give
    delta(D^m, suffix; x) = sum_{i=0..m} C(m, i) e^{(m-i) eps}/(1 + e^eps)^m g(x - (m - 2i)
    eps) for every integer m >= 0, eps >= 0 and real x.  Lemma 5.1's DP step is
    T g(x) = a g(x - eps) + b g(x + eps), (a, b) = (e^eps, 1)/(1 + e^eps) as Lemma 5.1 prints
    them (the masses of eps-DP randomized response; tests/calculus/test_recursion.py checks
    the weights against the oracles' D^m, built from RR's masses); ``repeated_steps`` is the
    induction on m."""
    return _dp_steps(Context(cid, source))


def _dp_steps(ctx, h=eps, params=None):
    """Lemma 5.2's T^m with RR's masses at shift ``h`` (eps >= 0 unless ``params`` say)."""
    a, b = dp_ab(h)
    return repeated_steps(ctx, a, b, h, lambda m, i: lemma52_weight(m, i, h),
                          {"eps": NONNEG} if params is None else params)


X = sympy.Symbol("x", real=True)
#: a composition count (Theorem 1's k, Lemma 6.2's Delta_0)
K = sympy.Symbol("k", integer=True, nonnegative=True)


def dp_recursion(cid, source):
    """Lemma 5.1 with eps-DP steps only: from delta(empty; x) = (1 - e^x)_+, k steps of the
    recursion give Theorem 1 at (k, eps, x), for every integer k >= 0, eps > 0 and real x.
    Lemma 5.2's T^k (``_dp_steps``) at g = delta(empty; .) (the oracles' recursion with no
    step), and term i of its weighted sum equal to term i of Theorem 1 as printed (the
    premise, over k = i + r with integers i, r >= 0: the ends and every term between)."""
    ctx = Context(cid, source)
    premise = _termwise(ctx, eps, lambda y: br_adaptive_delta(0, 0, eps, y),
                        "term i of T^k g at g = delta(empty; .) is term i of Theorem 1",
                        {"eps": POSITIVE})
    return instance(Statement(br_adaptive_delta(K, 0, eps, X), "==", thm1_delta(K, eps, X)),
                    "the recursion through k eps-DP steps is T^k applied to delta(empty; x) "
                    "= (1 - e^x)_+ (every k >= 0, eps > 0, real x), whose weighted sum agrees "
                    "with Theorem 1 term by term", _dp_steps(ctx), premise)


def _termwise(ctx, h, g, note, params):
    """The premise: term i of T^k g (Lemma 5.2's weight at shift h) is term i of Theorem 1
    at (k, h, x) as printed, over k = i + r with integers i, r >= 0 and real x."""
    i, r = (sympy.Symbol(n, integer=True, nonnegative=True) for n in ("i", "r"))
    k = i + r
    printed = thm1_delta(k, h, X)
    (total,) = printed.atoms(sympy.Sum)
    (index, lo, hi), = total.limits
    if (lo, hi) != (0, k):
        raise ValueError(f"Theorem 1's sum runs over {index} = {lo}..{hi}, not 0..k")
    term = (printed / total) * total.function.xreplace({index: i})
    step = lemma52_weight(k, i, h) * g(X - (k - 2 * i) * h)
    return ctx.premise("instance", Statement(step, "==", term), note, i=COUNT, r=COUNT, x=REAL,
                       **params)


#: Lemma 6.2's eps0 = log(1 + u), u > 0 (a bijection onto eps0 > 0; the premises are algebraic)
U6 = sympy.Symbol("u", real=True)


def laplace_products(cid, source):
    """Lemma 6.2 for every Delta_0: Laplace noise of scale b = Delta_inf/eps0 on each
    coordinate, inputs differing in at most Delta_0 coordinates by at most Delta_inf each,
    has H_x <= Theorem 1 at (k = Delta_0, eps0, x) for every real x (so every eps >= 0).
    A changed coordinate is an eps0-DP pair (the premise: the privacy loss (|z| - |z - D|)/b
    <= |D|/b <= eps0, the reverse triangle inequality), the others are one law R on both
    sides; ``dp_products`` bounds the product by T^k (1 - e^x)_+, ``repeated_steps`` writes
    T^k as Lemma 5.2's weighted sum and the premise ``_termwise`` matches it with Theorem 1
    term by term."""
    ctx = Context(cid, source)
    e0 = log(1 + U6)
    par = {"u": POSITIVE}
    products = dp_products(ctx, *dp_ab(e0), e0, par)
    steps = _dp_steps(ctx, e0, par)
    z, D = sympy.Symbol("z", real=True), sympy.Symbol("D", real=True)
    ratio = ctx.premise("instance", Statement(Abs(z) - Abs(z - D), "<=", Abs(D)),
                        "a coordinate moved by D: the privacy loss of Laplace noise of scale b "
                        "at z is (|z| - |z - D|)/b <= |D|/b <= Delta_inf/b = eps0 (and at -z "
                        "the reverse: the same inequality at (D - z, D)), so the pair is "
                        "eps0-DP", z=REAL, D=REAL)
    terms = _termwise(ctx, e0, lambda y: Max(0, 1 - exp(y)),
                      "term i of T^k g at g(x) = (1 - e^x)_+ is term i of Theorem 1", par)
    H = sympy.Function("H")
    return instance(Statement(H(K, U6, X), "<=", thm1_delta(K, e0, X)),
                    "H(k, u, x) = H_x of Laplace noise of scale Delta_inf/eps0, eps0 = log(1 + "
                    "u), on each coordinate, at inputs differing in k = Delta_0 coordinates: "
                    "the k changed coordinates are eps0-DP pairs (the ratio premise), the "
                    "unchanged ones the law R of dp_products", both(products, steps),
                    ratio, terms)


#: a round's eps = log(1 + y), y > 0, and a BR round's t = log(1 + s y), s in [0, 1]: onto
#: eps > 0 and t in [0, eps], so the premises are algebraic
Y5, S5 = sympy.Symbol("y", real=True), sympy.Symbol("s", real=True)


def _classes():
    """Lemma 5.1's two steps as the source prints them: an eps-DP round (loss in [-eps,
    eps], weights a, b of eps-DP randomized response) and an eps-BR round (loss in [t - eps,
    t] for some t in [0, eps], Lemma 2.1; weights p_t, 1 - p_t)."""
    e, t = log(1 + Y5), log(1 + S5 * Y5)
    a, b = dp_ab(e)
    dp = LossClass("eps-DP", -e, e, a, b, {"y": POSITIVE})
    br = LossClass("eps-BR", t - e, t, p_t(e, t), 1 - p_t(e, t),
                   {"y": POSITIVE, "s": Interval.closed(0, 1)}, ("s",))
    return dp, br


def nonadaptive_products(cid, source):
    """eq. (4), Lemma 4.1, for every k: non-adaptive eps_i-BR rounds (each eps_i > 0, every
    eps_g) have delta_opt = sup over t in prod [0, eps_i] of H_eps_g of the product of
    RR_{eps_i,t_i}, whose outcomes are the subsets S of [k] (RR's second outcome in S):
    the sum over S as printed, with RR's masses p_t, q_t at the loss t and 1 - p_t, 1 - q_t
    at t - eps (premises).  ``bounded_range`` (Lemma 2.1) and ``adaptive_steps`` with each
    round's pair, and so its t_i, fixed in advance."""
    ctx = Context(cid, source)
    e, t = log(1 + Y5), log(1 + S5 * Y5)
    br = replace(_classes()[1], name="eps_i-BR", q_masses=(q_t(e, t), 1 - q_t(e, t)))
    return both(bounded_range(ctx), adaptive_steps(ctx, (br,), adaptive=False))


def adaptive_recursion(cid, source):
    """Lemma 5.1 (Dong, Durfee and Rogers 2020) for every adaptive composition of eps_i-DP
    and eps_i-BR rounds (each round's eps_i > 0 and class fixed in advance, its mechanism
    chosen adaptively) and every real x: delta_opt(M_1..M_k; x) = delta(M_1..M_k; x), the
    recursion as printed.  ``bounded_range`` (Lemma 2.1) turns eps-BR into a loss in
    [t - eps, t] for some t in [0, eps], ``adaptive_steps`` is the recursion's induction."""
    ctx = Context(cid, source)
    return both(bounded_range(ctx), adaptive_steps(ctx, _classes()))


def br_last(cid, source):
    """Proposition 1 for all sequences A, B of adaptively chosen eps-DP and eps-BR rounds
    and every eps > 0 and eps_g: delta(A, BR, DP, B; eps_g) <= delta(A, DP, BR, B; eps_g),
    delta the optimal value (``adaptive_recursion``: Lemma 5.1, the recursion) and
    ``step_order``: the BR step after the DP step is at most the DP step after it, for
    every delta-function of B, and the steps of A keep the order (monotone)."""
    ctx = Context(cid, source)
    dp, br = _classes()
    return both(bounded_range(ctx), adaptive_steps(ctx, (dp, br)), step_order(ctx, dp, br))
