"""Lecture notes "Approximate DP" (untitled course notes; definition of (eps, delta)-DP after
Dwork, Kenthapadi, McSherry, Mironov and Naor, "Our data, ourselves: privacy via distributed
noise generation", EUROCRYPT 2006 [cited there as TCC 2006]; Gaussian mechanism; Balle and
Wang, "Improving the Gaussian mechanism for differential privacy", ICML 2018; properties:
post-processing, group privacy, basic composition after Dwork and Roth, "The Algorithmic
Foundations of Differential Privacy", 2014, Appendix B).

Claims about all mechanisms are checked on instances (Gaussian, Laplace, OSGT, truncated
Gaussian, randomized response, name-and-shame, finite laws); Delta = 1 where the claim is
invariant under scaling the query and the noise together.
"""

import sympy
from sympy import Abs, Max, Min, Rational as R, exp, log, sqrt

from dpproof.claims import Catalogue, Claim, Domain, Interval, Kind, Source, Statement
from dpproof.expr import Phi, Q
from dpproof.expr.vocabulary import (Finite, NameShame, ProductOf, Quantize, Stochastic, bad_mass,
                                     hs_events, loss_at, loss_tail, moment2)
from dpproof.expr.vocabulary import (Bernoulli, Laplace, Normal, OSGT, TruncNormal, gauss_delta,
                                     hockey_stick, rr_compose_delta)

SOURCE_FILE = "001_78cbe2bf09a5abad.txt"
closed = Interval.closed
Int = lambda lo, hi: Interval.closed(lo, hi, integer=True)  # noqa: E731
OPEN01 = Interval.open(0, 1)
Pos = lambda lo, hi: Interval(lo, hi, lo_open=True)  # noqa: E731


def src(locator, note=""):
    return Source("adp_notes", SOURCE_FILE, locator, note)


eps, delta, Delta, z = (sympy.Symbol(n, real=True) for n in ("eps", "delta", "Delta", "z"))
i, j, k, n, K = (sympy.Symbol(n, integer=True) for n in ("i", "j", "k", "n", "K"))
L = log(1 / delta)
E1 = sympy.E

# ---------------------------------------------------------------- instance pairs (P, Q)
RR1 = (Bernoulli(E1 / (1 + E1)), Bernoulli(1 / (1 + E1)))          # 1-DP randomized response
GAUSS = (Normal(0, 1), Normal(1, 1))
LAP = (Laplace(0, 1), Laplace(1, 1))
OSG = (OSGT(0, 2, 1), OSGT(1, 2, 1))
TRUNC = (TruncNormal(0, 1, 2), TruncNormal(1, 1, 2))
NS = (NameShame(R(1, 10), 2, 0), NameShame(R(1, 10), 2, 1))
FIN = (Finite(1, 2, 3, 4), Finite(4, 3, 2, 1))
CONT = (GAUSS, LAP, OSG, TRUNC, TRUNC[::-1])
ALL = (GAUSS, LAP, OSG, RR1, FIN)
TIGHT = (NS, NS[::-1], TRUNC, TRUNC[::-1])  # instances where the bound is attained
EG = Domain.of(i=Int(0, 24))  # eps = i/8 (the .instances grids)
e8 = i / 8
EC = Domain.of(eps=closed(0, 3))  # the catalogue claims: eps in [0, 3] continuous
EC_NOTE = "eps in [0, 3] continuous"
INSTANCES = "Gaussian N(0,1)/N(1,1), Laplace(0,1)/(1,1), OSGT(0,2,1)/(1,2,1), 1-DP randomized " \
            "response, Finite(1,2,3,4)/(4,3,2,1); eps = i/8"
TIGHT_NOTE = "instances where both sides are equal for large eps: name-and-shame (delta = 1/10, " \
             "n = 2) and TruncNormal(0,1,2)/(1,1,2), both orders; eps = i/8"


def hs(pair, e):
    return hockey_stick(pair[0], pair[1], e)


def quantized(pair, *cuts):
    return tuple(Quantize(P, *cuts) for P in pair)


catalogue = Catalogue()

# ---------------------------------------------------------------- definition and remarks
bins = quantized(GAUSS, -1, 0, R(1, 2), 2)
catalogue.declare(Claim(
    "adp_notes.def.hockey_stick", src("Def. and remark 2"),
    Statement(Max(*(Abs(hs(p, eps) - hs_events(p[0], p[1], eps))
                    for p in (FIN, RR1, NS, bins, FIN[::-1]))), "==", 0),
    EC, Kind.IDENTITY,
    note="H_eps from the densities vs the sup over all 2^n events, " + EC_NOTE + "; "
         "instances: Finite(1,2,3,4)/(4,3,2,1) both orders, 1-DP RR, name-and-shame n=2, "
         "Gaussian N(0,1)/N(1,1) binned at -1, 0, 1/2, 2 (finite laws: the sup over events "
         "is a finite maximum)"))
catalogue.declare(Claim(
    "adp_notes.def.hockey_stick.instances", src("Def. and remark 2"),
    Statement(Max(*(Abs(hs(p, i / 4) - hs_events(p[0], p[1], i / 4))
                    for p in (FIN, RR1, NS, bins, FIN[::-1]))), "==", 0),
    Domain.of(i=Int(0, 12)), Kind.IDENTITY,
    note="H_eps from the densities vs the sup over all 2^n events, eps = i/4; instances: "
         "Finite(1,2,3,4)/(4,3,2,1) both orders, 1-DP RR, name-and-shame n=2, "
         "Gaussian N(0,1)/N(1,1) binned at -1, 0, 1/2, 2"))
catalogue.declare(Claim(
    "adp_notes.remark3.sufficient", src("Remark 3"),
    Statement(Max(*(hs(p, eps) - loss_tail(p[0], p[1], eps) for p in ALL)), "<=", 0), EC,
    note="H_eps(P||Q) <= Pr_P(|Z| > eps) (the smallest delta the remark allows); "
         + EC_NOTE + "; instance pairs: " + INSTANCES.replace("; eps = i/8", "")))
catalogue.declare(Claim(
    "adp_notes.remark3.sufficient.instances", src("Remark 3"),
    Statement(Max(*(hs(p, e8) - loss_tail(p[0], p[1], e8) for p in ALL)), "<=", 0), EG,
    note="H_eps(P||Q) <= Pr_P(|Z| > eps) (the smallest delta the remark allows); "
         "instances: " + INSTANCES))
catalogue.declare(Claim(
    "adp_notes.remark3.sufficient.tight", src("Remark 3"),
    Statement(Max(*(hs(p, e8) - loss_tail(p[0], p[1], e8) for p in TIGHT)), "<=", 0), EG,
    note=TIGHT_NOTE))
for suffix, pair, what in (("", LAP, "Laplace(0,1)/(1,1)"), (".rr", RR1, "1-DP RR"),
                           (".finite", FIN, "Finite(1,2,3,4)/(4,3,2,1)")):
    both_hs = hs(pair, eps) + hs(pair[::-1], eps)
    both_tail = loss_tail(pair[0], pair[1], eps) + loss_tail(pair[1], pair[0], eps)
    catalogue.declare(Claim(
        "adp_notes.remark3.pure" + suffix, src("Remark 3, 'Note that'"),
        Statement(both_tail, "<=", 0, hypotheses=(Statement(both_hs, "<=", 0),)),
        Domain.of(eps=closed(0, 3)),
        note=f"eps-DP (H_eps = 0 in both orders) => Pr(|Z| <= eps) = 1 in both orders; "
             f"instance {what}; the converse is remark3.sufficient at delta = 0"))
catalogue.declare(Claim(
    "adp_notes.recipe", src("Steps 1 and 2"),
    Statement(Max(*(hs(p, eps) - bad_mass(p[0], p[1], eps) for p in ALL)), "<=", 0), EC,
    note="H_eps(P||Q) <= P(Bad), Bad = {p/q > e^eps}; " + EC_NOTE + "; instance pairs: "
         + INSTANCES.replace("; eps = i/8", "")))
catalogue.declare(Claim(
    "adp_notes.recipe.instances", src("Steps 1 and 2"),
    Statement(Max(*(hs(p, e8) - bad_mass(p[0], p[1], e8) for p in ALL)), "<=", 0), EG,
    note="H_eps(P||Q) <= P(Bad), Bad = {p/q > e^eps}; instances: " + INSTANCES))
catalogue.declare(Claim(
    "adp_notes.recipe.tight", src("Steps 1 and 2"),
    Statement(Max(*(hs(p, e8) - bad_mass(p[0], p[1], e8) for p in TIGHT)), "<=", 0), EG,
    note=TIGHT_NOTE))

# ---------------------------------------------------------------- name and shame
nsc = (NameShame(delta, n, 0), NameShame(delta, n, 1))
catalogue.declare(Claim(
    "adp_notes.name_and_shame.dp", src("Example (Name-and-Shame), Claim"),
    Statement(Max(hs(nsc, 0), hs(nsc[::-1], 0)), "<=", delta),
    Domain.of(delta=closed(0, 1), n=Int(1, 3)),
    note="H_0 of the output laws of n people, person 1 changed, both orders; delta in "
         "[0, 1] continuous, n in {1, 2, 3}"))
ns = (NameShame(i / 10, n, 0), NameShame(i / 10, n, 1))
catalogue.declare(Claim(
    "adp_notes.name_and_shame.dp.instances", src("Example (Name-and-Shame), Claim"),
    Statement(Max(hs(ns, 0), hs(ns[::-1], 0)), "<=", i / 10),
    Domain.of(i=Int(0, 10), n=Int(1, 3)),
    note="H_0 of the output laws of n people, person 1 changed, both orders; delta = i/10"))
un = Domain.of(delta=closed(0, 1), n=Int(1, 10**6))
catalogue.declare(Claim("adp_notes.name_and_shame.union", src("Example, union bound"),
               Statement(1 - (1 - delta)**n, "<=", n * delta), un,
               note="the 'at most n delta' part"))
catalogue.declare(Claim("adp_notes.name_and_shame.union.approx", src("Example, union bound"),
               Statement(n * delta - (1 - (1 - delta)**n), "<=", (n * delta)**2 / 2), un,
               note="'approximately n delta' read as: the error is at most (n delta)^2/2"))

# ---------------------------------------------------------------- Gaussian mechanism
ED = Domain.of(i=Int(1, 4), j=Int(1, 99))
eg, dg = i / 4, j / 100  # the instances: eps = i/4, delta = j/100
Lg = log(1 / dg)
sig_b = sqrt(2 * Lg) / eg  # sigma at the theorem's boundary, Delta = 1
GRID = "instances eps = i/4 (i = 1..4), delta = j/100 (j = 1..99), Delta = 1 by scaling"
sigma_b = sqrt(2 * L) / eps  # the boundary sigma, continuous eps and delta
EDC = Domain.of(eps=Pos(0, 1), delta=OPEN01)
CLASSIC_NOTE = ("H_eps(N(0,s^2)||N(1,s^2)) at the smallest allowed s^2 = 2 log(1/delta)/eps^2 "
                "(delta(eps) decreases in s); Delta = 1 by scaling (H depends on Delta/sigma "
                "only)")
catalogue.declare(Claim(
    "adp_notes.gauss.classic", src("Theorem (Gaussian mechanism)"),
    Statement(gauss_delta(eps, sigma_b, 1), "<=", delta), EDC,
    note=CLASSIC_NOTE + "; eps in (0, 1], delta in (0, 1) continuous"))
catalogue.declare(Claim(
    "adp_notes.gauss.classic.repaired", src("Theorem (Gaussian mechanism)"),
    Statement(gauss_delta(eps, sigma_b, 1), "<=", delta),
    Domain.of(eps=Pos(0, 1), delta=Pos(0, R(49, 50))),
    note="corrected range: the theorem holds for delta <= 49/50; the largest delta*(eps) "
         "decreases in eps, from 0.997 at eps = 1/2 to 0.9805 at eps = 1 (scan in mpmath, "
         "delta*(1) between 0.980 and 0.981); " + CLASSIC_NOTE))
catalogue.declare(Claim(
    "adp_notes.gauss.classic.instances", src("Theorem (Gaussian mechanism)"),
    Statement(gauss_delta(eg, sig_b, 1), "<=", dg), ED,
    note="H_eps(N(0,s^2)||N(1,s^2)) at the smallest allowed s^2 = 2 log(1/delta)/eps^2 "
         "(delta(eps) decreases in s); " + GRID))
bad_dom = Domain.of(z=closed(-100, 100), eps=Interval(0, 1, lo_open=True), delta=OPEN01,
                    Delta=Interval(0, 10, lo_open=True))
bad_hyp = Statement(eps**2 / (4 * L) - z * eps**2 / (2 * Delta * L), ">=", eps)  # the printed set
catalogue.declare(Claim("adp_notes.gauss.bad_set", src("Theorem (Gaussian mechanism), proof"),
               Statement(z, "<=", -2 * Delta * L / eps, hypotheses=(bad_hyp,)), bad_dom,
               note="z in the printed Bad set => z <= -2 Delta log(1/delta)/eps"))
bad_thr = Delta / 2 - 2 * Delta * L / eps
catalogue.declare(Claim("adp_notes.gauss.bad_set.repaired", src("Theorem (Gaussian mechanism), proof"),
               Statement(bad_hyp.lhs - bad_hyp.rhs, "==",
                         eps**2 / (2 * Delta * L) * (bad_thr - z)),
               bad_dom, Kind.IDENTITY,
               note="corrected statement: the printed Bad set is exactly {z <= Delta/2 - 2 Delta "
                    "log(1/delta)/eps} (the notes drop Delta/2): its defining margin is the "
                    "positive factor eps^2/(2 Delta log(1/delta)) times (threshold - z)"))
catalogue.declare(Claim("adp_notes.gauss.bad_set.intended", src("Theorem (Gaussian mechanism), proof"),
               Statement(z, "<=", Delta / 2 - 2 * Delta * L / eps, hypotheses=(bad_hyp,)),
               bad_dom, note="the printed Bad set solved for z exactly"))
gd = Domain.of(i=Int(1, 4), j=Int(1, 9), z=Int(-4, 4))
e_ij, d_ij = i / 4, sympy.Integer(10)**(-j)
catalogue.declare(Claim(
    "adp_notes.gauss.bad_set.loss", src("Theorem (Gaussian mechanism), proof"),
    Statement(loss_at(Normal(0, sqrt(2 * log(1 / d_ij)) / e_ij),
                      Normal(1, sqrt(2 * log(1 / d_ij)) / e_ij), z), "==",
              e_ij**2 / (4 * log(1 / d_ij)) - z * e_ij**2 / (2 * log(1 / d_ij))),
    gd, Kind.IDENTITY,
    note="the printed Bad set's left side is the privacy loss log f_D(z)/f_D'(z) at "
         "sigma^2 = 2 log(1/delta)/eps^2, Delta = 1; eps = i/4, delta = 10^-j"))
bm_lhs = bad_mass(Normal(0, sigma_b), Normal(1, sigma_b), eps)
EDB = Domain.of(eps=closed(R(1, 100), 1), delta=OPEN01)
catalogue.declare(Claim(
    "adp_notes.gauss.bad_mass", src("Theorem (Gaussian mechanism), proof"),
    Statement(bm_lhs, "<=", delta), EDB,
    note="M_D(Bad) from the densities; the steps follow the proof's route; eps in [1/100, 1] "
         "(truncated at 1/100: below it sigma = sqrt(2 log(1/delta))/eps makes the float "
         "search underflow before it reaches the failing corner eps ~ 1, delta ~ 1), "
         "delta in (0, 1) continuous, Delta = 1 by scaling; step1 is corrected by "
         "adp_notes.gauss.bad_set.repaired (Bad = {z <= 1/2 - 2 log(1/delta)/eps}), the "
         "conclusion by adp_notes.gauss.bad_mass.repaired",
    steps=tuple(Claim(f"adp_notes.gauss.bad_mass.step{s + 1}", src(loc), st, EDB,
                      Kind.IDENTITY if st.rel == "==" else Kind.INEQUALITY, note=nt)
                for s, (st, loc, nt) in enumerate(zip(
                    (Statement(bm_lhs, "<=", Phi(-2 * L / (eps * sigma_b))),
                     Statement(Phi(-2 * L / (eps * sigma_b)), "==", Q(sqrt(2 * L))),
                     Statement(Q(sqrt(2 * L)), "<=", exp(-L) / 2),
                     Statement(exp(-L) / 2, "<=", delta)),
                    ("proof, Bad subset", "proof, Gaussian tail", "proof, Chernoff",
                     "proof, delta"),
                    ("Bad is inside {z <= -2 log(1/delta)/eps} (as printed; false, the "
                     "corrected set is adp_notes.gauss.bad_set.repaired: Bad = {z <= 1/2 - "
                     "2 log(1/delta)/eps}, and the corrected bound adp_notes.gauss.bad_mass."
                     "repaired)", "standardise",
                     "Q(x) <= exp(-x^2/2)/2, x >= 0", "exp(-log(1/delta))/2 = delta/2"))))))
catalogue.declare(Claim(
    "adp_notes.gauss.bad_mass.repaired", src("Theorem (Gaussian mechanism), proof"),
    Statement(bm_lhs, "<=", delta), Domain.of(eps=Pos(0, 1), delta=Pos(0, R(97, 100))),
    note="corrected range: M_D(Bad) = Phi(eps/(2 sqrt(2 log(1/delta))) - sqrt(2 log(1/delta)))"
         " <= delta for delta <= 97/100 (the crossing at eps = 1 is between 0.973 and 0.974, "
         "mpmath scan; larger for smaller eps); eps in (0, 1], Delta = 1 by scaling"))
catalogue.declare(Claim(
    "adp_notes.gauss.bad_mass.instances", src("Theorem (Gaussian mechanism), proof"),
    Statement(bad_mass(Normal(0, sig_b), Normal(1, sig_b), eg), "<=", dg), ED,
    note="M_D(Bad) from the densities; " + GRID))
bw = Domain.of(i=Int(0, 12), j=Int(1, 8))
sigma = sympy.Symbol("sigma", real=True)
BWC = Domain.of(eps=closed(0, 3), sigma=Pos(0, 100))
BWC_NOTE = "Delta = 1 (H depends on Delta/sigma only), eps in [0, 3], sigma in (0, 100] " \
           "continuous; H_eps from the densities"
s_j = j / 2
BW_NOTE = "Delta = 1, eps = i/4, sigma = j/2; H_eps from the densities"
for suffix, sign, note in (("", -1, "literal: the notes print e^{-eps}"),
                           (".repaired", 1, "corrected statement, e^{+eps} (Balle-Wang)")):
    catalogue.declare(Claim(
        "adp_notes.gauss.balle_wang" + suffix, src("Theorem [Balle-Wang '18]"),
        Statement(hockey_stick(Normal(0, sigma), Normal(1, sigma), eps), "==",
                  Phi(1 / (2 * sigma) - eps * sigma)
                  - exp(sign * eps) * Phi(-1 / (2 * sigma) - eps * sigma)),
        BWC, Kind.IDENTITY, note=note + "; " + BWC_NOTE))
for suffix, sign, note in ((".instances", -1, "literal: the notes print e^{-eps}"),
                           (".intended", 1, "with e^{+eps} (Balle-Wang)")):
    catalogue.declare(Claim(
        "adp_notes.gauss.balle_wang" + suffix, src("Theorem [Balle-Wang '18]"),
        Statement(hockey_stick(Normal(0, s_j), Normal(1, s_j), i / 4), "==",
                  Phi(1 / (2 * s_j) - i / 4 * s_j) - exp(sign * i / 4) * Phi(-1 / (2 * s_j) - i / 4 * s_j)),
        bw, Kind.IDENTITY, note=note + "; " + BW_NOTE))
catalogue.declare(Claim(
    "adp_notes.gauss.balle_wang.dp", src("Theorem [Balle-Wang '18]"),
    Statement(hockey_stick(Normal(0, sigma), Normal(1, sigma), eps), "<=",
              Phi(1 / (2 * sigma) - eps * sigma) - exp(-eps) * Phi(-1 / (2 * sigma) - eps * sigma)),
    BWC, note="the DP part of the literal statement (e^{-eps} as printed); " + BWC_NOTE))
catalogue.declare(Claim(
    "adp_notes.gauss.zero_eps", src("Important remark after Balle-Wang"),
    Statement(hockey_stick(Normal(0, sigma), Normal(1, sigma), 0), "<", 1),
    Domain.of(sigma=Pos(0, 1024)),
    note="H_0 = TV < 1 for every sigma in (0, 1024] continuous; Delta = 1 (only Delta/sigma "
         "matters)"))
catalogue.declare(Claim(
    "adp_notes.gauss.zero_eps.instances", src("Important remark after Balle-Wang"),
    Statement(hockey_stick(Normal(0, 2**(j / 4)), Normal(1, 2**(j / 4)), 0), "<", 1),
    Domain.of(j=Int(-17, 40)),
    note="H_0 = TV < 1 at sigma = 2^(j/4) from 0.053 to 1024; Delta = 1"))

# ---------------------------------------------------------------- accuracy
x = sympy.symbols("x1:3", real=True)
y = sympy.symbols("y1:3", real=True)
cube = Domain.of(**{s.name: closed(0, 1) for s in x + y}, n=Int(1, 10**6))
SENS = "mean of n points in [0,1]^2 (k = 2), neighbours replace one point: x -> y"
L1 = sum(Abs(a - b) for a, b in zip(x, y)) / n
L2 = sqrt(sum((a - b)**2 for a, b in zip(x, y))) / n
corner = {**{s: 0 for s in x}, **{s: 1 for s in y}}
catalogue.declare(Claim("adp_notes.accuracy.sensitivities", src("Accuracy of Gaussian mechanism"),
               Statement(L1, "<=", R(2) / n), cube,
               note="l1: ||q_D - q_D'||_1 <= k/n; " + SENS))
catalogue.declare(Claim("adp_notes.accuracy.sensitivities.l2", src("Accuracy of Gaussian mechanism"),
               Statement(L2, "<=", sqrt(2) / n),
               cube, note="l2: ||q_D - q_D'||_2 <= sqrt(k)/n; " + SENS))
catalogue.declare(Claim("adp_notes.accuracy.sensitivities.attained", src("Accuracy of Gaussian mechanism"),
               Statement(Max(Abs(L1.subs(corner) - R(2) / n), Abs(L2.subs(corner) - sqrt(2) / n)),
                         "==", 0),
               Domain.of(n=Int(1, 10**6)), Kind.IDENTITY,
               note="both suprema are attained at x = 0, y = (1, 1); k = 2"))
w, y1, y2 = (sympy.Symbol(s, real=True) for s in ("w", "y1", "y2"))
b_lap = 1 / (5 * eps)  # k/(eps n) with k = 2, n = 10
catalogue.declare(Claim(
    "adp_notes.accuracy.laplace", src("Accuracy, Laplace noise"),
    Statement(loss_at(Laplace(0, b_lap), Laplace(w / 5, b_lap), y1)
              + loss_at(Laplace(0, b_lap), Laplace((1 - w) / 5, b_lap), y2), "<=", eps),
    Domain.of(eps=closed(R(1, 10), 2), w=closed(0, 1), y1=closed(-1, 1), y2=closed(-1, 1)),
    note="eps-DP part: privacy loss of Laplace(k/(eps n)) per coordinate <= eps; k = 2, "
         "n = 10, eps in [1/10, 2] continuous, shift (w, 1 - w) k/n (l1 sensitivity k/n), "
         "outputs y in [-1, 1]^2 (the loss is constant beyond the kinks 0 and k/n)"))
catalogue.declare(Claim(
    "adp_notes.accuracy.laplace.rate", src("Accuracy, Laplace noise"),
    Statement(sqrt(k * moment2(Laplace(0, k / (i / 4 * n)))), "==",
              sqrt(2) * k**R(3, 2) / (n * i / 4)),
    Domain.of(k=Int(1, 4), n=Int(1, 5), i=Int(1, 4)), Kind.IDENTITY,
    note="sqrt(E||z - q||^2) (>= E||z - q||_2 by Jensen) from the variance by integration "
         "equals sqrt(2) k^(3/2)/(n eps): the printed order; eps = i/4"))
sig_acc_c = sqrt(2 * k * L / (n * eps**2))
ACC_NOTE = ("(eps, delta)-DP part with the printed variance 2k log(1/delta)/(n eps^2), l2 "
            "sensitivity sqrt(k)/n; ")
catalogue.declare(Claim(
    "adp_notes.accuracy.gauss", src("Accuracy, Gaussian noise"),
    Statement(gauss_delta(eps, sig_acc_c, sqrt(k) / n), "<=", delta),
    Domain.of(k=Int(1, 4), n=Int(1, 5), eps=Pos(0, 1), delta=OPEN01),
    note=ACC_NOTE + "k in {1..4}, n in {1..5}, eps in (0, 1], delta in (0, 1) continuous"))
catalogue.declare(Claim(
    "adp_notes.accuracy.gauss.repaired", src("Accuracy, Gaussian noise"),
    Statement(gauss_delta(eps, sig_acc_c, sqrt(k) / n), "<=", delta),
    Domain.of(k=Int(1, 4), n=Int(1, 5), eps=Pos(0, 1), delta=Pos(0, R(49, 50))),
    note=ACC_NOTE + "corrected range delta <= 49/50 as for the classic theorem "
         "(adp_notes.gauss.classic.repaired): the printed variance is at least the classic "
         "one, 2 (sqrt(k)/n)^2 log(1/delta)/eps^2, with equality at n = 1"))
sig_acc = sqrt(2 * k * Lg / (n * (i / 2)**2))
catalogue.declare(Claim(
    "adp_notes.accuracy.gauss.instances", src("Accuracy, Gaussian noise"),
    Statement(gauss_delta(i / 2, sig_acc, sqrt(k) / n), "<=", dg),
    Domain.of(k=Int(1, 2), n=Int(1, 2), i=Int(1, 2), j=Int(1, 99)),
    note="(eps, delta)-DP part with the printed variance 2k log(1/delta)/(n eps^2), l2 "
         "sensitivity sqrt(k)/n; instances eps = i/2, delta = j/100"))
catalogue.declare(Claim(
    "adp_notes.accuracy.gauss.rate", src("Accuracy, Gaussian noise"), None, kind=Kind.CITED,
    reason="asymptotic (O-notation); accuracy.gauss.rms records the exact RMS error of the "
           "printed variance"))
catalogue.declare(Claim(
    "adp_notes.accuracy.gauss.rms", src("Accuracy, Gaussian noise"),
    Statement(sqrt(k * moment2(Normal(0, sqrt(2 * k * log(10**j) / (n * (i / 4)**2))))), "==",
              k * sqrt(2 * log(10**j) / n) / (i / 4)),
    Domain.of(k=Int(1, 4), n=Int(1, 5), i=Int(1, 4), j=Int(5, 6)), Kind.IDENTITY,
    note="sqrt(E||z - q||^2) with the printed variance, from the variance by integration; "
         "eps = i/4, delta = 10^-j"))
catalogue.declare(Claim(
    "adp_notes.accuracy.ratio", src("Accuracy, '* Gaussian mechanism ... O(k) better'"),
    Statement((k**R(3, 2) / (n * eps)) / (k / (n * eps)), "==", k),
    Domain.of(k=Int(2, 100), n=Int(1, 100), eps=closed(R(1, 10), 1)), Kind.IDENTITY,
    note="the ratio of the two printed accuracy bounds is the claimed O(k) factor"))
catalogue.declare(Claim(
    "adp_notes.accuracy.ratio.repaired", src("Accuracy, '* Gaussian mechanism ... O(k) better'"),
    Statement((k**R(3, 2) / (n * eps)) / (k / (n * eps)), "==", sqrt(k)),
    Domain.of(k=Int(2, 100), n=Int(1, 100), eps=closed(R(1, 10), 1)), Kind.IDENTITY,
    note="corrected factor: the ratio of the printed bounds is sqrt(k), i.e. the Gaussian "
         "mechanism is O(sqrt(k)) better, not O(k)"))

# ---------------------------------------------------------------- properties
pp_pairs = (quantized(GAUSS, -1, 0, R(1, 2), 2), quantized(LAP, 0, R(1, 2), 1),
            quantized(OSG, -1, 0, 1), quantized(TRUNC, -1, R(1, 2), 2))
pp = [hs(p, e8) - hs(qp, e8) for p, qp in zip(CONT[:4], pp_pairs)]
pp.append(hs(RR1, e8) - hs(tuple(Stochastic(P, 1, 2, 3, 1) for P in RR1), e8))
pp.append(hs(pp_pairs[0], e8) - hs(tuple(Stochastic(P, 1, 0, 1, 1, 0, 1, 2, 1, 1, 0, 0, 1, 0, 3, 1)
                                          for P in pp_pairs[0]), e8))
catalogue.declare(Claim(
    "adp_notes.post_processing", src("Property 1 (post-processing)"),
    Statement(Min(*pp).subs(i, 8 * eps), ">=", 0), EC,
    note="H_eps(KP||KQ) <= H_eps(P||Q), " + EC_NOTE + "; K = binning of Gaussian, Laplace, "
         "OSGT, truncated Gaussian; a stochastic matrix on 1-DP RR and on binned Gaussian "
         "outputs"))
catalogue.declare(Claim(
    "adp_notes.post_processing.instances", src("Property 1 (post-processing)"),
    Statement(Min(*pp), ">=", 0), EG,
    note="H_eps(KP||KQ) <= H_eps(P||Q), eps = i/8; K = binning of Gaussian, Laplace, OSGT, truncated "
         "Gaussian; a stochastic matrix on 1-DP RR and on binned Gaussian outputs"))
gp = Domain.of(eps=closed(0, 2), K=Int(2, 4))
catalogue.declare(Claim(
    "adp_notes.group_privacy", src("Property 2 (group privacy)"),
    Statement(hockey_stick(Normal(0, sigma), Normal(K, sigma), K * eps), "<=",
              K * exp((K - 1) * eps) * gauss_delta(eps, sigma, 1)),
    Domain.of(eps=closed(0, 2), sigma=Pos(0, 10), K=Int(2, 4)),
    note="the Gaussian mechanism family: N(0, sigma^2) at distance K (shift K), delta = its "
         "own delta(eps); eps in [0, 2], sigma in (0, 10] continuous, K in {2, 3, 4}"))
catalogue.declare(Claim(
    "adp_notes.group_privacy.instances", src("Property 2 (group privacy)"),
    Statement(hockey_stick(Normal(0, 1), Normal(K, 1), K * eps), "<=",
              K * exp((K - 1) * eps) * gauss_delta(eps, 1, 1)), gp,
    note="Gaussian sigma = 1 at distance K (shift K), delta = its own delta(eps)"))
catalogue.declare(Claim(
    "adp_notes.group_privacy.laplace", src("Property 2 (group privacy)"),
    Statement(hockey_stick(Laplace(0, 1), Laplace(K, 1), K * eps), "<=",
              K * exp((K - 1) * eps) * hockey_stick(Laplace(0, 1), Laplace(1, 1), eps)), gp,
    note="Laplace b = 1 at distance K, delta = its own delta(eps)"))
catalogue.declare(Claim(
    "adp_notes.group_privacy.rr", src("Property 2 (group privacy)"),
    Statement(rr_compose_delta(K, 1, K * eps), "<=",
              K * exp((K - 1) * eps) * rr_compose_delta(1, 1, eps)), gp,
    note="1-DP randomized response on each of K changed records (the K-fold product)"))
a = sympy.Symbol("a", real=True)
ind_dom = Domain.of(a=closed(0, 1), eps=closed(0, 2), delta=closed(0, 1), K=Int(2, 50))
ind_l = exp((K - 1) * eps) * (exp(eps) * a + delta) + (K - 1) * exp((K - 2) * eps) * delta
ind_r = exp(K * eps) * a + K * exp((K - 1) * eps) * delta
ind_m = ind_r - (K - 1) * delta * exp((K - 2) * eps) * (exp(eps) - 1)
catalogue.declare(Claim(
    "adp_notes.group_privacy.induction", src("Property 2, proof"),
    Statement(ind_l, "<=", ind_r), ind_dom,
    note="from distance K-1 (D to D'') and one step (D'' to D', a = M_D'(A)) to distance K",
    steps=(Claim("adp_notes.group_privacy.induction.step1", src("Property 2, proof"),
                 Statement(ind_l, "==", ind_m), ind_dom, Kind.IDENTITY, note="expand"),
           Claim("adp_notes.group_privacy.induction.step2", src("Property 2, proof"),
                 Statement(ind_m, "<=", ind_r), ind_dom,
                 note="drop (K-1) delta e^((K-2) eps) (e^eps - 1) >= 0"))))
cmp_pairs = ((RR1, (Bernoulli(exp(R(1, 2)) / (1 + exp(R(1, 2)))),
                    Bernoulli(1 / (1 + exp(R(1, 2)))))),
             (quantized(GAUSS, -1, 0, 1, 2), quantized((Normal(0, 2), Normal(1, 2)), -1, 1)),
             (NS, quantized(LAP, 0, R(1, 2), 1)))
e1, e2 = i / 4, j / 4
eps1, eps2 = sympy.symbols("eps1 eps2", real=True)
catalogue.declare(Claim(
    "adp_notes.basic_composition", src("Property 3 (basic composition)"),
    Statement(Min(*[hs(p1, eps1) + hs(p2, eps2) - hockey_stick(ProductOf(p1[0], p2[0]),
                                                              ProductOf(p1[1], p2[1]), eps1 + eps2)
                    for p1, p2 in cmp_pairs]), ">=", 0),
    Domain.of(eps1=closed(0, 2), eps2=closed(0, 2)),
    note="eps_1, eps_2 in [0, 2] continuous; non-adaptive, k = 2: RR(1) x RR(1/2); binned "
         "Gaussians sigma = 1 and 2; name-and-shame x binned Laplace"))
catalogue.declare(Claim(
    "adp_notes.basic_composition.instances", src("Property 3 (basic composition)"),
    Statement(Min(*[hs(p1, e1) + hs(p2, e2) - hockey_stick(ProductOf(p1[0], p2[0]),
                                                          ProductOf(p1[1], p2[1]), e1 + e2)
                    for p1, p2 in cmp_pairs]), ">=", 0),
    Domain.of(i=Int(0, 8), j=Int(0, 8)),
    note="eps_1 = i/4, eps_2 = j/4; non-adaptive, k = 2: RR(1) x RR(1/2); binned Gaussians sigma = 1 and 2; "
         "name-and-shame x binned Laplace"))

CLAIMS = catalogue.claims
