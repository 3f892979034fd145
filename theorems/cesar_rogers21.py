"""Zeana Cesar and Ryan Rogers, "Bounding, Concentrating, and Truncating: Unifying Privacy
Loss Composition for Data Analytics", Proceedings of the 32nd International Conference on
Algorithmic Learning Theory (ALT 2021), PMLR 132, pp. 421-457.

The extracted text lost every formula: each statement below is the reconstruction given in
THEOREMS.md (from the definitions and the cited papers), and every claim's source says so.
Conventions: k mechanisms, d of them eps-DP, k - d eps-BR; RR_{eps,t} with P(0) = p_t =
(e^eps - e^t)/(e^eps - 1), Q(0) = q_t = e^-t p_t; a = e^eps/(1 + e^eps), b = 1/(1 + e^eps).
Order codes of adaptive sequences: n bits, most significant first, 1 = BR ('B'), 0 = DP.
"""

from dataclasses import replace

import sympy
from sympy import Abs, Max, Min, Rational as R, exp, log, sqrt, tanh, binomial

from dpproof.claims import (Catalogue, Claim, Domain, FigureSpec, Interval, Kind, Series, Source,
                            Statement)
from dpproof.expr.vocabulary import (Phi)
from dpproof.expr.vocabulary import (Bernoulli, Laplace, Normal, gauss_delta, hockey_stick, kl,
                                     renyi, rr_compose_delta)
from dpproof.expr.vocabulary import (br_adaptive_delta as rec, br_product_delta,
                                     br_product_delta_bf, br_sup_delta, br_two_delta_bf, eq56_sum,
                                     F_l_slope, genrr3_delta_bf, lemma45_dF, rademacher_tail,
                                     thm1_delta, thm2_delta, thm3_delta, thm3_eps_g)
from dpproof.expr.vocabulary import (isotonic_bf_fit, pava_fit, tgauss_fail, tgauss_renyi_cond)

SOURCE_FILE = "004_19597b2af6908c45.txt"
KEY = "cesar_rogers21"
UNKNOWN = "reconstructed; exact form in the paper unknown"


def src(locator, unknown=False, more=""):
    note = (UNKNOWN if unknown else "reconstructed") + (f"; {more}" if more else "")
    return Source(KEY, SOURCE_FILE, locator, note)


def closed(lo, hi):
    return Interval.closed(lo, hi)


def integers(lo, hi):
    return Interval.closed(lo, hi, integer=True)


def point(v):
    return Interval.point(v)


Symbol = sympy.Symbol
k, d, n, l, m = (Symbol(x, integer=True) for x in "kdnlm")
eps, eps_g, t, s, x, g = (Symbol(v, real=True) for v in ("eps", "eps_g", "t", "s", "x", "g"))
alpha, sigma, lam, rho, delta = (Symbol(v, positive=True) for v in
                                 ("alpha", "sigma", "lam", "rho", "delta"))
e, j, r, v = (Symbol(v_, real=True) for v_ in "ejrv")
E = exp(eps)
a_, b_ = E / (1 + E), 1 / (1 + E)


def p_t(ep, tt):
    return (exp(ep) - exp(tt)) / (exp(ep) - 1)


def q_t(ep, tt):
    return exp(-tt) * p_t(ep, tt)


def br_mean(ep):
    """Lemma 3.2 BR mean bound eps/(1 - e^-eps) - 1 - log(eps/(1 - e^-eps))."""
    z = ep / (1 - exp(-ep))
    return z - 1 - log(z)


def ident(lhs, rhs):
    return Statement(lhs, "==", rhs)


def le(lhs, rhs):
    return Statement(lhs, "<=", rhs)


def dk():
    return (Statement(d, "<=", k),)


#: how a continuous box narrows the source's domain (Claim.narrowed, shown in the verdict)
NARROWED = {
    "lemma2_1": "one exponential mechanism, eps in [1/10, 4]",
    "def2_3.em_br": "one exponential mechanism",
    "def2_4.rr": "eps in [1/10, 4]",
    "thm1": "k <= 10, eps in [1/10, 1], eps_g <= 2",
    "lemma2_2": "RR_{eps,t} only, eps in [1/2, 2], alpha in [2, 10]",
    "lemma2_3": "the Gaussian mechanism, rho in [1/100, 2], delta in [1e-9, 1/10]",
    "lemma3_1": "steps +-1/sqrt(n), n <= 16, beta <= 5",
    "lemma3_2.dp": "Laplace and RR only, eps in [1/10, 3], |lambda| in [1/4, 4]",
    "lemma3_2.br": "RR_{eps,t} only, eps in [1/10, 2], lambda in [1/4, 4]",
    "lemma3_4": "two Gaussian mechanisms, rho in [1/20, 1/2], delta in [1e-8, 1/100]",
    "eq4": "k = 3, eps_i in [1/2, 2], eps_g <= 2",
    "lemma4_2": "k = 3, eps_i in [1/2, 2], eps_g <= 2",
    "lemma4_4": "2 DP + 2 BR, eps = 1, eps_g = 0.7",
    "eq5_6": "k <= 6, eps in [1/4, 2], eps_g <= 2",
    "lemma4_5": "k <= 6, l <= 10, eps in [1/4, 2], eps_g <= 2",
    "lemma_c1": "eps in [1/10, 3], distance to the kinks <= 3",
    "alg2.delta": "sigma in [1/2, 3], s in [1, 6], Delta in [1/2, 2]",
    "lemma6_4": "one changed count, alpha in [3/2, 10], sigma in [1/2, 2], s in [2, 3], "
                "Delta = 1",
}


def _narrow(c: Claim) -> Claim:
    why = NARROWED.get(c.id.removeprefix(KEY + "."), "")
    steps = tuple(_narrow(s_) for s_ in c.steps)
    return replace(c, narrowed=why or NARROWED.get(c.id.removeprefix(KEY + ".").split(".step")[0],
                                                   ""), steps=steps)


catalogue = Catalogue()


def add(id_, locator, statement, domain, kind=Kind.INEQUALITY, unknown=False, note="",
        more="", steps=(), derived=()):
    """Declare a claim (narrowed as ``NARROWED`` says); ``derived`` names the source
    parameters of an instance grid."""
    catalogue.declare(_narrow(Claim(f"{KEY}.{id_}", src(locator, unknown, more), statement,
                                    domain, kind, steps=steps, note=note, derived=derived)))


# source parameters of the instance grids (printed beside witnesses, Claim.derived)
EPS_E2 = {"eps": e / 2}
G_HALF, G_QUARTER = {"eps_g": g / 2}, {"eps_g": g / 4}


# ---- Section 2: preliminaries ---------------------------------------------------------
# exponential mechanism on Y = {1,2,3}: u(x) = (3,1,0), u(x') = (2,1,1); range 2, Delta u = 1
U, U2 = (3, 1, 0), (2, 1, 1)


def em_logratios(scale):
    z = sum(exp(scale * ui) for ui in U)
    z2 = sum(exp(scale * ui) for ui in U2)
    return [scale * (ui - wi) - log(z / z2) for ui, wi in zip(U, U2)]


L_em = em_logratios(eps / 2)
L_em2 = em_logratios(eps / (2 * 1))  # exp(eps u / (2 Delta u)), Delta u = 1
add("lemma2_1", "Lemma 2.1",
    le(Max(Max(*[Abs(L) for L in L_em]) - eps,
           Max(Max(*L_em), 0) - Min(Min(*L_em) + eps, eps)), 0),
    Domain.of(eps=closed(R(1, 10), 4)),
    note="instance: the exponential mechanism (eps-BR) of the reference values; checks "
         "max|log-ratio| <= eps (BR => DP) and max(max L, 0) <= min(min L + eps, eps) (a t in "
         "[0, eps] exists); the second is tight (range exactly eps). eps-DP => 2eps-BR: "
         "log-ratios in [-eps, eps] span at most 2 eps (immediate; tested)")
add("def2_3.em_br", "Definition 2.3",
    le(Max(Max(*L_em) - Min(*L_em), Max(*L_em2) - Min(*L_em2)), eps),
    Domain.of(eps=Interval(0, None, lo_open=True)),
    note="instance of the reference values: spread of the log-ratios with exp(eps u/range) "
         "and exp(eps u/(2 Delta u)); tight (spread = eps)")
tt = s * eps
add("def2_4.rr", "Definition 2.4",
    ident(Abs(p_t(eps, tt) - exp(tt) * q_t(eps, tt))
          + Abs((1 - p_t(eps, tt)) - exp(tt - eps) * (1 - q_t(eps, tt))), 0),
    Domain.of(eps=closed(R(1, 10), 4), s=closed(0, 1)), Kind.IDENTITY,
    note="t = s eps; on eps > 0 unbounded the symbolic engine does not close it (SUPPORTED); P(y)/Q(y) = e^t for y = 0 and e^(t - eps) for y = 1 (log-ratios in "
         "[t - eps, t]: eps-BR)")
gg = g / 2
gq, gh = g / 4, g / 2
add("thm1", "Theorem 1", ident(thm1_delta(k, eps, eps_g), br_product_delta(k, k, eps, 0, eps_g)),
    Domain.of(k=integers(1, 10), eps=closed(R(1, 10), 1), eps_g=closed(0, 2)), Kind.IDENTITY,
    note="closed form vs the hockey-stick of the k-fold product of eps-DP RR (grouped law)")
add("thm2", "Theorem 2",
    ident(thm2_delta(k, e / 2, gg), br_sup_delta(k, 0, e / 2, gg)),
    Domain.of(k=integers(1, 6), e=integers(1, 2), g=integers(0, 3)), Kind.IDENTITY,
    note="grid eps = e/2, eps_g = g/2: max over t_l vs certified sup over t of the product",
    derived={**EPS_E2, **G_HALF})
mu1, tau1 = br_mean(eps), eps / 2
pp, qq = p_t(eps, tt), q_t(eps, tt)
add("lemma2_2", "Lemma 2.2",
    le(renyi(Bernoulli(1 - pp), Bernoulli(1 - qq), alpha), (mu1 - tau1**2 / 2) + tau1**2 / 2 * alpha),
    Domain.of(eps=closed(R(1, 2), 2), s=closed(0, 1), alpha=closed(2, 10)),
    note="instance: RR_{eps,t} (t = s eps) as (BR mean, eps/2)-CDP; D_alpha from the masses")
add("lemma2_3", "Lemma 2.3",
    le(gauss_delta(rho + 2 * sqrt(rho * log(1 / delta)), 1, sqrt(2 * rho)), delta),
    Domain.of(rho=closed(R(1, 100), 2), delta=closed(R(1, 10**9), R(1, 10))),
    note="instance: the Gaussian mechanism N(0,1) vs N(sqrt(2 rho), 1), exactly rho-zCDP; "
         "delta from the densities")

# ---- Section 3: concentration ---------------------------------------------------------
add("lemma3_1", "Lemma 3.1", le(rademacher_tail(n, x), exp(-x**2 / 2)),
    Domain.of(n=integers(1, 16), x=closed(0, 5)),
    note="instance: M_n = sum of n fair +-1 steps of size 1/sqrt(n) (B = 1), beta = x; exact "
         "binomial tail")


def logmgf(points, lm):
    """log E exp(lm (L - E L)) of a finite privacy-loss law [(prob, loss), ...]."""
    mean = sum(pr * L for pr, L in points)
    return log(sum(pr * exp(lm * (L - mean)) for pr, L in points))


rr_dp = [(a_, eps), (b_, -eps)]
add("lemma3_2.dp", "Lemma 3.2",
    le(Max(kl(Laplace(0, 1 / eps), Laplace(1, 1 / eps)) - eps * (E - 1) / (E + 1),
           logmgf(rr_dp, lam) - lam**2 * eps**2 / 2, logmgf(rr_dp, -lam) - lam**2 * eps**2 / 2), 0),
    Domain.of(eps=closed(R(1, 10), 3), lam=closed(R(1, 4), 4)),
    note="mean: Laplace mechanism (KL from the densities; RR attains equality, tested); "
         "subgaussian: RR's loss (+-eps w.p. a, b), |lambda| in [1/4, 4]")
rr_br = [(pp, tt), (1 - pp, tt - eps)]
add("lemma3_2.br", "Lemma 3.2",
    le(Max(kl(Bernoulli(1 - pp), Bernoulli(1 - qq)) - br_mean(eps), br_mean(eps) - eps**2 / 8,
           logmgf(rr_br, lam) - lam**2 * eps**2 / 8, logmgf(rr_br, -lam) - lam**2 * eps**2 / 8), 0),
    Domain.of(eps=closed(R(1, 10), 2), s=closed(0, 1), lam=closed(R(1, 4), 4)),
    note="instance: RR_{eps,t}, t = s eps (the worst case of eps-BR); the mean bound is "
         "attained at t* = log((e^eps - 1)/eps) (tested), so the box cannot be certified "
         "near t*")


def cdp_gauss(sg, lm):
    mu_g, tau_g = 1 / (2 * sg**2), 1 / sg
    return Max(kl(Normal(0, sg), Normal(1, sg)) - mu_g,
               lm * renyi(Normal(0, sg), Normal(1, sg), 1 + lm) - lm * mu_g
               - lm**2 * tau_g**2 / 2)


POS = Interval(0, None, lo_open=True)
add("lemma3_2.cdp", "Lemma 3.2", le(cdp_gauss(sigma, lam), 0),
    Domain.of(sigma=POS, lam=POS),
    note="the Gaussian mechanism N(0, sigma^2) vs N(1, sigma^2) for every sigma > 0 and "
         "lambda > 0 (Delta = 1 is a scale reduction: sigma/Delta is what matters): "
         "(1/(2 sigma^2), 1/sigma)-CDP; log-mgf of the centred loss = lambda D_{1+lambda} - "
         "lambda mu; KL and Renyi derived from the densities; both parts hold with equality")
add("lemma3_2.cdp.instances", "Lemma 3.2", le(cdp_gauss(r / 2, v / 2), 0),
    Domain.of(r=integers(1, 6), v=integers(1, 6)), derived={"sigma": r / 2, "lambda": v / 2},
    note="instances sigma = r/2, lambda = v/2 of lemma3_2.cdp (ball oracles): equality "
         "holds, so balls cannot certify")
dl = 10**(-3 * j)


def eq3(n_dp, n_br, ep, dt):
    return (n_dp * ep * tanh(ep / 2) + n_br * br_mean(ep)
            + sqrt(2 * (n_dp * ep**2 + n_br * ep**2 / 4) * log(1 / dt)))


ee = e / 10
add("lemma3_3", "Lemma 3.3, eqs. (2)-(3)",
    le(Max(rr_compose_delta(k, ee, eq3(k, 0, ee, dl)) - dl,
           br_sup_delta(k, 0, ee, eq3(0, k, ee, dl)) - dl,
           br_sup_delta(2 * k, k, ee, eq3(k, k, ee, dl)) - dl), 0),
    Domain.of(k=integers(1, 4), e=integers(1, 3), j=integers(1, 2)),
    derived={"eps": e / 10, "delta": 10**(-3 * j)},
    note="instances (grid eps = e/10, delta = 10^(-3j)): k eps-DP (exact RR composition), k "
         "eps-BR and k + k mixed (non-adaptive worst cases, certified sup over t); CDP terms "
         "not instantiated")
add("lemma3_4", "Lemma 3.4",
    le(gauss_delta(2 * rho + 2 * sqrt(2 * rho * log(1 / delta)), 1, sqrt(4 * rho)), delta),
    Domain.of(rho=closed(R(1, 20), R(1, 2)), delta=closed(R(1, 10**8), R(1, 100))),
    unknown=True,
    note="instance: two Gaussian mechanisms, each rho-zCDP with xi = 0, delta_i = 0 (their "
         "composition is N(0,1) vs N(sqrt(4 rho), 1))")

# ---- Section 4: non-adaptive ----------------------------------------------------------
es = sympy.symbols("e1 e2 e3", positive=True)
ss = sympy.symbols("s1 s2 s3", nonnegative=True)
ts = [si * ei for si, ei in zip(ss, es)]


def eq4_sum(eps_list, t_list, eg):
    total = 0
    for mask in range(8):
        pm, qm = 1, 1
        for i in range(3):
            pi, qi = p_t(eps_list[i], t_list[i]), q_t(eps_list[i], t_list[i])
            inS = (mask >> i) & 1
            pm *= (1 - pi) if inS else pi
            qm *= (1 - qi) if inS else qi
        total += Max(pm - exp(eg) * qm, 0)
    return total


box3 = dict(e1=closed(R(1, 2), 2), e2=closed(R(1, 2), 2), e3=closed(R(1, 2), 2), s1=closed(0, 1), s2=closed(0, 1),
            s3=closed(0, 1), eps_g=closed(0, 2))
add("eq4", "eq. (4), Lemma 4.1",
    ident(eq4_sum(es, ts, eps_g), genrr3_delta_bf(*es, *ts, eps_g)), Domain.of(**box3),
    Kind.IDENTITY, note="k = 3, t_i = s_i eps_i: the sum over subsets vs the hockey-stick of "
    "the product by enumeration (the sup over t is the definition of delta_opt)")
perm = [1, 2, 0]
add("lemma4_2", "Lemma 4.2",
    ident(eq4_sum([es[i] for i in perm], [ts[i] for i in perm], eps_g), eq4_sum(es, ts, eps_g)),
    Domain.of(**box3), Kind.IDENTITY, note="k = 3, the cyclic permutation (1 2 3)")
add("lemma4_3", "Lemma 4.3",
    ident(Max(*[Abs(br_product_delta_bf(4, c, e / 2, (r / 4) * (e / 2), gh)
                    - br_product_delta_bf(4, 3, e / 2, (r / 4) * (e / 2), gh))
                for c in (5, 6, 9, 10, 12)]), 0),
    Domain.of(e=integers(1, 4), r=integers(0, 4), g=integers(0, 4)), Kind.IDENTITY,
    derived={**EPS_E2, "t": (r / 4) * (e / 2), **G_HALF},
    note="grid eps = e/2, t = (r/4) eps, eps_g = g/2; 2 eps-DP + 2 eps-BR: every order (codes 3, 5, 6, 9, 10, 12) gives the "
         "same hockey-stick at every t, hence the same sup")
add("lemma4_4", "Lemma 4.4",
    le(br_two_delta_bf(2, 1, x, t, R(7, 10)), br_sup_delta(4, 2, 1, R(7, 10))),
    Domain.of(x=closed(0, 1), t=closed(0, 1)),
    note="instance: 2 DP + 2 BR, eps = 1, eps_g = 0.7: heterogeneous (t1, t2) = (x, t) vs "
         "the certified sup over equal t; equality on the diagonal at the optimum")
add("eq5_6", "eqs. (5)-(6)",
    Statement(eq56_sum(k, d, eps, tt, eps_g), "==",
              br_product_delta_bf(k, 2**(k - d) - 1, eps, tt, eps_g), dk()),
    Domain(tuple(dict(k=integers(1, 6), d=integers(0, 6), eps=closed(R(1, 4), 2), s=closed(0, 1),
                      eps_g=closed(0, 2)).items())), Kind.IDENTITY,
    note="the double sum at t = s eps vs the product's hockey-stick by enumeration of the 2^k "
         "outcomes (DP first, then BR)")
add("lemma4_5", "Lemma 4.5",
    Statement(lemma45_dF(k, d, eps, eps_g, tt, l), "==", F_l_slope(k, d, eps, eps_g, tt, l),
              (Statement(d, "<=", k - 1), Statement(l, "<=", k + d - 1))),
    Domain.of(k=integers(2, 6), d=integers(0, 5), l=integers(0, 10), eps=closed(R(1, 4), 2), s=closed(0, 1), eps_g=closed(0, 2)),
    Kind.IDENTITY, note="printed derivative vs termwise differentiation of F_l (t = s eps); "
    "the rise-then-fall follows from the sign of its first factor")
add("thm3", "Theorem 3",
    Statement(thm3_delta(k, d, e / 2, gg), "==", br_sup_delta(k, d, e / 2, gg), dk()),
    Domain.of(k=integers(1, 5), d=integers(0, 5), e=integers(1, 2), g=integers(0, 3)), Kind.IDENTITY, unknown=True,
    derived={**EPS_E2, **G_HALF},
    note="grid eps = e/2, eps_g = g/2: closed form vs certified sup over t of the product of "
         "k - d RR_{eps,t} and d eps-DP RR; d = 0 and d = k are Theorems 2 and 1")

# ---- Section 5: adaptive --------------------------------------------------------------
add("lemma5_1", "Lemma 5.1",
    ident(Max(Abs(rec(k, 0, e / 2, gq) - thm1_delta(k, e / 2, gq)),
              Abs(rec(1, 1, e / 2, gq) - br_sup_delta(1, 0, e / 2, gq))), 0),
    Domain.of(k=integers(1, 4), e=integers(1, 2), g=integers(0, 6)), Kind.IDENTITY,
    derived={**EPS_E2, **G_QUARTER},
    note="the recursion (certified, inner sups as balls) with DP steps only vs Theorem 1's "
         "exact product, and with one BR step vs the certified sup over t (grid eps = e/2, "
         "eps_g = g/4); adaptivity of several BRs is what the recursion defines")


def prop1_gap(eg):
    """The swaps BD -> DB in BD, BBD, BDB at eps = 1: delta(before) - delta(after) <= 0."""
    return Max(rec(2, 2, 1, eg) - rec(2, 1, 1, eg), rec(3, 6, 1, eg) - rec(3, 5, 1, eg),
               rec(3, 5, 1, eg) - rec(3, 3, 1, eg))


add("prop1", "Proposition 1", le(prop1_gap(g / 2), 0), Domain.of(g=integers(0, 2)),
    derived=G_HALF,
    note="eps = 1, eps_g = g/2 in {0, 1/2, 1} (both ends of [0, eps] and a strict case "
         "inside): the swaps "
         "BD -> DB in BD, BBD, BDB (4-step orders BBDD <= BDBD <= DDBB are tested at eps_g = "
         "0.7); orders that give equal deltas (BBD, BDB at eps_g = 0; all at eps_g = eps) "
         "make the margin 0 there, and BD = DB (Proposition 2), so balls cannot certify "
         "any instance; the strict swap is prop1.strict.  The recursion's inner sups are "
         "enclosed to 2^-20 (2^-100 costs > 60 s per point, see the module docstring)")
add("prop1.strict", "Proposition 1",
    Statement(rec(3, 5, 1, g / 4), "<", rec(3, 3, 1, g / 4)), Domain.of(g=integers(1, 3)),
    derived=G_QUARTER,
    note="the strict case of prop1: eps = 1, eps_g in {1/4, 1/2, 3/4} (inside (0, eps)), the "
         "swap BDB -> DBB strictly raises delta.  The other two swaps are equalities there "
         "to within the enclosures (at eps_g = 1/2: BD - DB in [+/- 6.5e-13], BBD - BDB in "
         "[+/- 6.8e-6] with sups to 2^-40, consistent with Proposition 2), so no strict form "
         "of them exists to check")

add("prop2", "Proposition 2",
    ident(Max(Abs(rec(3, 4, e / 2, gq) - rec(3, 2, e / 2, gq)),
              Abs(rec(3, 2, e / 2, gq) - rec(3, 1, e / 2, gq)),
              Abs(rec(4, 8, e / 2, gq) - rec(4, 1, e / 2, gq))), 0),
    Domain.of(e=integers(1, 2), g=integers(0, 6)), Kind.IDENTITY, derived={**EPS_E2, **G_QUARTER},
    note="one BR among 3 or 4 steps at every position (grid eps = e/2, eps_g = g/4)")
add("cor5_1", "Corollary 5.1",
    ident(rec(k, 1, e / 2, gq), thm3_delta(k, k - 1, e / 2, gq)),
    Domain.of(k=integers(1, 4), e=integers(1, 2), g=integers(0, 6)), Kind.IDENTITY,
    derived={**EPS_E2, **G_QUARTER},
    note="k - 1 DP then one adaptive BR (recursion) vs Theorem 3 with d = k - 1")
xq = x / 4


def lemma52_rhs(mm, ep, xx):
    return sum(binomial(mm, i) * exp((mm - i) * ep) / (1 + exp(ep))**mm
               * rec(1, 1, ep, xx - (mm - 2 * i) * ep) for i in range(mm + 1))


add("lemma5_2", "Lemma 5.2 / C.2",
    ident(Max(*[Abs(rec(mm + 1, 1, e / 2, xq) - lemma52_rhs(mm, e / 2, xq)) for mm in (1, 2, 3)]), 0),
    Domain.of(e=integers(1, 2), x=integers(-2, 6)), Kind.IDENTITY, derived={**EPS_E2, "x": x / 4},
    note="m = 1, 2, 3 DP steps before one BR (g = the one-BR recursion), grid eps = e/2, "
         "x = x/4")
add("lemma5_3", "Lemma 5.3",
    ident(Max(Abs(rec(3, 6, 1, gh) - rec(3, 5, 1, gh)), Abs(rec(3, 5, 1, gh) - rec(3, 3, 1, gh))), 0),
    Domain.of(g=integers(2, 4)), Kind.IDENTITY, unknown=True, derived=G_HALF,
    note="eps = 1, eps_g = g/2 in {1, 3/2, 2}: BBD, BDB, DBB agree; the closed forms for "
         "eps_g < eps are unknown (reference values tested)")
add("lemma5_4", "Lemma 5.4", Statement(rec(3, 5, 1, gq), "<", rec(3, 3, 1, gq)),
    Domain.of(g=integers(0, 3)), derived=G_QUARTER,
    note="eps = 1, eps_g = g/4 in [0, 3/4]: BDB < DBB strictly")
r1 = p_t(eps, tt)


def c1_lhs(xx):
    return r1 * Max(1 - exp(xx - tt), 0) + (1 - r1) * Max(1 - exp(xx - tt + eps), 0)


x1, x2, x3 = tt - eps - r, tt - eps + v * eps, tt + r
add("lemma_c1", "Lemma C.1",
    ident(Max(Abs(c1_lhs(x1) - (1 - exp(x1))), Abs(c1_lhs(x2) - (r1 - q_t(eps, tt) * exp(x2))),
              Abs(c1_lhs(x3))), 0),
    Domain.of(eps=closed(R(1, 10), 3), s=closed(0, 1), r=closed(0, 3), v=closed(0, 1)), Kind.IDENTITY,
    note="t = s eps; x = t - eps - r (x < t - eps), t - eps + v eps (middle), t + r (x >= t)")

# ---- Section 6: Gaussian vs Laplace, truncation ----------------------------------------
D2 = Symbol("Delta", positive=True)


def lemma61(e61, s61, d61):
    return ident(Phi(d61 / (2 * s61) - e61 * s61 / d61)
                 - exp(e61) * Phi(-d61 / (2 * s61) - e61 * s61 / d61), gauss_delta(e61, s61, d61))


add("lemma6_1", "Lemma 6.1", lemma61(eps, sigma, D2),
    Domain.of(eps=Interval(0, None), sigma=POS, Delta=POS), Kind.IDENTITY,
    note="every eps >= 0, sigma > 0, Delta_2 > 0: the formula vs the hockey-stick of "
         "N(0, sigma^2) vs N(Delta_2, sigma^2) derived from the densities (equality gives "
         "the iff)")
add("lemma6_1.instances", "Lemma 6.1", lemma61(e / 2, r / 2, j / 2),
    Domain.of(e=integers(0, 4), r=integers(1, 6), j=integers(2, 3)), Kind.IDENTITY,
    derived={"eps": e / 2, "sigma": r / 2, "Delta_2": j / 2},
    note="grid eps = e/2, sigma = r/2, Delta_2 = j/2 of lemma6_1 (ball oracle)")
add("lemma6_2", "Lemma 6.2",
    le(hockey_stick(Laplace(0, e / 4), Laplace(1, e / 4), j / 4), thm1_delta(1, 4 / e, j / 4)),
    Domain.of(e=integers(1, 8), j=integers(0, 8)), derived={"b": e / 4, "eps0": 4 / e, "eps": j / 4},
    note="Delta_0 = 1, Delta_inf = 1: the exact Laplace hockey-stick (scale e/4, eps0 = 4/e, "
         "eps = j/4) "
         "vs Theorem 1 with k = 1; Delta_0 > 1 rests on Theorem 1's composition (not "
         "instantiated: no product-Laplace oracle)")
rho63 = n / (2 * (r / 2)**2)
add("lemma6_3", "Lemma 6.3",
    le(gauss_delta(rho63 + 2 * sqrt(rho63 * log(10**6)), r / 2, sqrt(n)), R(1, 10**6)),
    Domain.of(n=integers(1, 20), r=integers(4, 12)), derived={"sigma": r / 2},
    note="Delta_0 = n, Delta_inf = 1, sigma = r/2, delta = 1e-6: the product Gaussian is "
         "N(0, sigma^2) vs N(sqrt(Delta_0), sigma^2) (rotation invariance)")
cs = sympy.symbols("c1 c2 c3 c4", integer=True)
add("alg1", "Algorithm 1, eq. (9)",
    ident(Max(*[Abs(pava_fit(*cs, i) - isotonic_bf_fit(*cs, i)) for i in (1, 2, 3, 4)]), 0),
    Domain.of(c1=integers(-1, 4), c2=integers(-1, 4), c3=integers(-1, 4), c4=integers(-1, 4)), Kind.IDENTITY, unknown=True,
    note="k = 4 integer noisy counts: PAVA clipped at 0 vs exhaustive block enumeration (exact "
         "rationals); the privacy part is post-processing (not instantiated)")
sA, DA = Symbol("s", positive=True), D2
add("alg2.delta", "Algorithm 2, eq. (10)",
    ident((Phi((DA - sA) / sigma) - Phi(-sA / sigma)) / (Phi(sA / sigma) - Phi(-sA / sigma)),
          tgauss_fail(sigma, sA, DA)),
    Domain.of(sigma=closed(R(1, 2), 3), s=closed(1, 6), Delta=closed(R(1, 2), 2)), Kind.IDENTITY, unknown=True,
    note="delta'(s) vs the mass of TGauss(0, sigma, s) outside the support of TGauss(Delta, "
         "sigma, s), by integration of the density")
f64 = alpha * DA**2 / (2 * sigma**2) + log(
    (Phi((sA + (alpha - 1) * DA) / sigma) - Phi((alpha * DA - sA) / sigma))
    / (Phi(sA / sigma) - Phi((DA - sA) / sigma))) / (alpha - 1)
lhs64 = Max(tgauss_renyi_cond(alpha, sigma, sA, DA, 0), tgauss_renyi_cond(alpha, sigma, sA, DA, 1))
dom64 = Domain.of(alpha=closed(R(3, 2), 10), sigma=closed(R(1, 2), 2), s=closed(2, 3), Delta=point(1))
rhs64 = alpha * DA**2 / (2 * sigma**2)
add("lemma6_4", "Lemma 6.4", le(lhs64, rhs64), dom64, unknown=True,
    note="one changed count, both orders, conditioned on the overlap [Delta - s, s] of the "
         "supports (unconditioned Renyi is infinite: supports differ); the threshold part "
         "is qualitative",
    steps=(Claim(f"{KEY}.lemma6_4.step1", src("Lemma 6.4", True), ident(lhs64, f64), dom64,
                 Kind.IDENTITY, note="oracle (definition) vs the printed formula"),
           Claim(f"{KEY}.lemma6_4.step2", src("Lemma 6.4", True), le(f64, rhs64), dom64)))


CLAIMS = catalogue.claims

FIGURES = (
    FigureSpec("cesar_rogers21_epsg_vs_d", "k = 20 mechanisms, d of them 0.1-DP, the rest "
               "0.1-BR; delta = 1e-6", ("d", 0, 20),
               (Series("eq. (3) (Lemma 3.3)", eq3(d, 20 - d, R(1, 10), R(1, 10**6))),
                Series("Theorem 3 (optimal, non-adaptive)",
                       thm3_eps_g(20, d, R(1, 10), R(1, 10**6)))),
               xlabel="d (number of DP mechanisms)", ylabel="eps_g", integer_x=True,
               claim_ids=(f"{KEY}.lemma3_3", f"{KEY}.thm3")),
    FigureSpec("cesar_rogers21_ratio_bdb_dbb", "Lemma 5.4: delta(BDB)/delta(DBB), eps = 1",
               ("eps_g", 0, R(3, 2)), (Series("BDB / DBB", rec(3, 5, 1, eps_g) / rec(3, 3, 1, eps_g)),),
               xlabel="eps_g", ylabel="ratio", points=13, claim_ids=(f"{KEY}.lemma5_4",)),
)
