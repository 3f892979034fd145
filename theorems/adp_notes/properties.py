"""adp_notes: properties (post-processing, group privacy, basic composition)."""

import sympy
from sympy import Min, Rational as R, exp

from dpproof.claims import Claim, Domain, Interval, Kind, Statement
from dpproof.expr.vocabulary import (Bernoulli, Finite, Laplace, Normal, ProductOf, Stochastic,
                                     gauss_delta, hockey_stick, rr_compose_delta)

from . import every_law
from .common import (CONT, EG, GAUSS, Int, K, LAP, NS, OSG, Pos, RR1, TRUNC, catalogue,
                     closed, delta, e8, eps, hs, i, j, quantized, sigma, src)

# ---------------------------------------------------------------- properties
pp_pairs = (quantized(GAUSS, -1, 0, R(1, 2), 2), quantized(LAP, 0, R(1, 2), 1),
            quantized(OSG, -1, 0, 1), quantized(TRUNC, -1, R(1, 2), 2))
pp = [hs(p, e8) - hs(qp, e8) for p, qp in zip(CONT[:4], pp_pairs)]
pp.append(hs(RR1, e8) - hs(tuple(Stochastic(P, 1, 2, 3, 1) for P in RR1), e8))
pp.append(hs(pp_pairs[0], e8) - hs(tuple(Stochastic(P, 1, 0, 1, 1, 0, 1, 2, 1, 1, 0, 0, 1, 0, 3, 1)
                                          for P in pp_pairs[0]), e8))
# every pair of laws of full support on 3 points (masses up to normalisation) and every
# post-processing, by the reduction to the deterministic merges (partitions of the 3 points)
PPF = Domain.of(a1=Interval(None, None), a2=Interval(None, None), b1=Interval(None, None),
                b2=Interval(None, None), eps=closed(0, None))
ppf = PPF.symbols()
P3 = (Finite(exp(ppf["a1"]), exp(ppf["a2"]), 1), Finite(exp(ppf["b1"]), exp(ppf["b2"]), 1))
MERGES = ((1, 0, 1, 0, 0, 1), (1, 0, 0, 1, 1, 0), (1, 0, 0, 1, 0, 1), (1, 1, 1))
POST_PROCESSING_FAMILY = catalogue.declare(Claim(
    "adp_notes.post_processing.family", src("Property 1 (post-processing)"),
    Statement(Min(*[hockey_stick(*P3, ppf["eps"]) - hockey_stick(
        Stochastic(P3[0], *K), Stochastic(P3[1], *K), ppf["eps"]) for K in MERGES]), ">=", 0),
    PPF, family="every pair of laws of full support on 3 points, Finite(e^a1, e^a2, 1)/"
                "Finite(e^b1, e^b2, 1), every real a1, a2, b1, b2, and every post-processing "
                "K (a row-stochastic matrix, any number of outputs)",
    note="H_eps(KP||KQ) <= H_eps(P||Q), every eps >= 0, both laws from the densities (finite "
         "laws); every K by a proved reduction to the merges {1,2}{3}, {1,3}{2}, {2,3}{1} and "
         "{1,2,3} decided here: H_eps(KP||KQ) = sum_j max(0, sum_i K_ij (p_i - e^eps q_i)) is "
         "convex in K, and every row-stochastic matrix is a convex combination of 0/1 ones "
         "(each row a mixture of unit vectors), so H_eps(KP||KQ) <= max_D H_eps(DP||DQ) over "
         "deterministic maps D; a D merges the points of each block of its partition of {1, "
         "2, 3} (an output no point reaches has mass 0 in both laws and adds max(0, 0) = 0), "
         "and the finest partition is K = I (equality).  The pairs N(0,1)/N(1,1), Laplace, "
         "OSGT, truncated Gaussian with binnings and two stochastic matrices: .instances "
         "(before: eps <= 3; on every eps >= 0 the interval engine certified no box of the "
         "tail in 104 s)"))
catalogue.declare(every_law.proved(
    "adp_notes.post_processing", src("Property 1 (post-processing)"), every_law.post_processing("adp_notes.post_processing", src("Property 1 (post-processing)")), POST_PROCESSING_FAMILY,
    "H_eps(KP||KQ) <= H_eps(P||Q) for every pair of laws P, Q (allowed to vanish, disjoint supports included) and every Markov kernel K: data processing of the f-divergence with f(t) = max(0, t - e^eps); the laws on 3 points with every K by the merges: .family"))
catalogue.declare(Claim(
    "adp_notes.post_processing.instances", src("Property 1 (post-processing)"),
    Statement(Min(*pp), ">=", 0), EG, derived={"eps": i / 8},
    note="H_eps(KP||KQ) <= H_eps(P||Q), eps = i/8; K = binning of Gaussian, Laplace, OSGT, truncated "
         "Gaussian; a stochastic matrix on 1-DP RR and on binned Gaussian outputs"))
gp = Domain.of(eps=closed(0, None), K=Int(2, 4))
GROUP_PRIVACY_FAMILY = catalogue.declare(Claim(
    "adp_notes.group_privacy.family", src("Property 2 (group privacy)"),
    Statement(hockey_stick(Normal(0, sigma), Normal(K, sigma), K * eps), "<=",
              K * exp((K - 1) * eps) * gauss_delta(eps, sigma, 1)),
    Domain.of(eps=closed(0, 2), sigma=Pos(0, 10), K=Int(2, 4)),
    note="the Gaussian mechanism family: N(0, sigma^2) at distance K (shift K), delta = its "
         "own delta(eps); eps in [0, 2], sigma in (0, 10] continuous, K in {2, 3, 4}",
    narrowed="eps <= 2, sigma <= 10, K in {2, 3, 4}"))
catalogue.declare(every_law.proved(
    "adp_notes.group_privacy", src("Property 2 (group privacy)"), every_law.group("adp_notes.group_privacy", src("Property 2 (group privacy)")), GROUP_PRIVACY_FAMILY,
    "every K >= 1 and laws P_0..P_K, neighbours with H_eps(P_(i-1)||P_i) <= delta: H_(K eps)(P_0||P_K) <= K e^((K-1) eps) delta, by induction on K with the chaining H_(e1+e2)(P||R) <= H_e1(P||Q) + e^e1 H_e2(Q||R); the Gaussian family: .family"))
catalogue.declare(Claim(
    "adp_notes.group_privacy.instances", src("Property 2 (group privacy)"),
    Statement(hockey_stick(Normal(0, 1), Normal(K, 1), K * eps), "<=",
              K * exp((K - 1) * eps) * gauss_delta(eps, 1, 1)),
    Domain.of(eps=closed(0, 2), K=Int(2, 4)),
    note="Gaussian sigma = 1 at distance K (shift K), delta = its own delta(eps)"))
catalogue.declare(Claim(
    "adp_notes.group_privacy.laplace", src("Property 2 (group privacy)"),
    Statement(hockey_stick(Laplace(0, 1), Laplace(K, 1), K * eps), "<=",
              K * exp((K - 1) * eps) * hockey_stick(Laplace(0, 1), Laplace(1, 1), eps)), gp,
    narrowed="Laplace b = 1, K in {2, 3, 4}",
    note="Laplace b = 1 at distance K, delta = its own delta(eps); every eps >= 0; tried "
         "over the shift family Laplace(0,1)/Laplace(mu,1), every mu >= 0 (K in {2, 3, 4}, and "
         "K >= 2 taken as a real): not decided (sympy did not finish in 20 s, the interval "
         "engine certified no box in 56-111 s: both sides are 0 for eps >= mu)"))
catalogue.declare(Claim(
    "adp_notes.group_privacy.rr", src("Property 2 (group privacy)"),
    Statement(rr_compose_delta(K, 1, K * eps), "<=",
              K * exp((K - 1) * eps) * rr_compose_delta(1, 1, eps)), gp,
    narrowed="1-DP RR, K in {2, 3, 4}",
    note="1-DP randomized response on each of K changed records (the K-fold product); every "
         "eps >= 0; tried over eps0-DP RR, every eps0 >= 0 (K in {2, 3, 4}): not decided (no "
         "symbolic derivation of the K-fold product, the interval engine certified no box; "
         "16 s)"))
a = sympy.Symbol("a", real=True)
ind_dom = Domain.of(a=closed(0, 1), eps=closed(0, None), delta=closed(0, 1), K=Interval(2, None))
ind_l = exp((K - 1) * eps) * (exp(eps) * a + delta) + (K - 1) * exp((K - 2) * eps) * delta
ind_r = exp(K * eps) * a + K * exp((K - 1) * eps) * delta
ind_m = ind_r - (K - 1) * delta * exp((K - 2) * eps) * (exp(eps) - 1)
catalogue.declare(Claim(
    "adp_notes.group_privacy.induction", src("Property 2, proof"),
    Statement(ind_l, "<=", ind_r), ind_dom,
    note="from distance K-1 (D to D'') and one step (D'' to D', a = M_D'(A)) to distance K; "
         "every eps >= 0, a and delta in [0, 1], K >= 2 taken as a real (a superset of the "
         "counts, so CERTIFIED holds for each K)",
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
BASIC_COMPOSITION_FAMILY = catalogue.declare(Claim(
    "adp_notes.basic_composition.family", src("Property 3 (basic composition)"),
    Statement(Min(*[hs(p1, eps1) + hs(p2, eps2) - hockey_stick(ProductOf(p1[0], p2[0]),
                                                              ProductOf(p1[1], p2[1]), eps1 + eps2)
                    for p1, p2 in cmp_pairs]), ">=", 0),
    Domain.of(eps1=closed(0, 2), eps2=closed(0, 2)),
    note="eps_1, eps_2 in [0, 2] continuous; non-adaptive, k = 2: RR(1) x RR(1/2); binned "
         "Gaussians sigma = 1 and 2; name-and-shame x binned Laplace; truncated at 2 (past the "
         "largest log-ratios of the laws every hockey-stick is 0 exactly, but the proof piece "
         "by piece between kinks takes one continuous parameter); what stops the balls: at (eps1, eps2) = (0, 1) name-and-shame's kink "
         "eps1 = 0, the binned Laplace's eps2 = 1 and the product's eps1 + eps2 = 1 meet, the "
         "margin is 0 there and grows linearly into the cone, so boxes near the corner never "
         "close (their enclosures shrink with the margin)",
    narrowed="eps1, eps2 <= 2"))
catalogue.declare(every_law.proved(
    "adp_notes.basic_composition", src("Property 3 (basic composition)"), every_law.basic_composition("adp_notes.basic_composition", src("Property 3 (basic composition)")), BASIC_COMPOSITION_FAMILY,
    "k rounds, each (eps_i, delta_i)-DP given the past (adaptive, hence non-adaptive too): (sum eps_i, sum delta_i)-DP, by induction on k with the two-round conditioning; the products of pairs, k = 2: .family"))
catalogue.declare(Claim(
    "adp_notes.basic_composition.instances", src("Property 3 (basic composition)"),
    Statement(Min(*[hs(p1, e1) + hs(p2, e2) - hockey_stick(ProductOf(p1[0], p2[0]),
                                                          ProductOf(p1[1], p2[1]), e1 + e2)
                    for p1, p2 in cmp_pairs]), ">=", 0),
    Domain.of(i=Int(0, 8), j=Int(0, 8)), derived={"eps1": e1, "eps2": e2},
    note="eps_1 = i/4, eps_2 = j/4; non-adaptive, k = 2: RR(1) x RR(1/2); binned Gaussians sigma = 1 and 2; "
         "name-and-shame x binned Laplace"))
