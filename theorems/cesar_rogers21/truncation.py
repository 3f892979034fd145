"""cesar_rogers21, Section 6: Gaussian vs Laplace, truncation (Lemmas 6.1-6.4, Algorithms 1
and 2)."""

import sympy
from sympy import Abs, Max, Rational as R, exp, log, sqrt

from dpproof.claims import Claim, Domain, Interval, Kind
from dpproof.expr.vocabulary import (Laplace, Phi, gauss_delta, hockey_stick, isotonic_bf_fit,
                                     pava_fit, tgauss_fail, tgauss_renyi_cond)

from . import every_law
from .closed_forms import thm1_delta
from .common import (KEY, POS, Symbol, add, add_proved, alpha, closed, delta, e, eps, ident,
                     integers, j, le, n, point, r, sigma, src)

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


def lemma62(b, eg):
    return le(hockey_stick(Laplace(0, b), Laplace(1, b), eg), thm1_delta(1, 1 / b, eg).doit())


LEMMA62 = add("lemma6_2.family", "Lemma 6.2", lemma62(e / 4, eps),
              Domain.of(e=integers(1, 8), eps=Interval(0, None)),
    derived={"b": e / 4, "eps0": 4 / e},
    note="the family lemma6_2's and lemma6_2.one_coordinate's conclusions are swept over: "
         "Delta_0 = 1, Delta_inf = 1, every eps >= 0 (the exact Laplace hockey-stick from "
         "the densities, scale b = e/4, eps0 = 4/e) vs Theorem 1 with k = 1; both sides are "
         "0 from eps = eps0 on.  Tried: every eps0 > 0 (scale 1/eps0, also with eps = r "
         "eps0): the derived hockey-stick needs a polynomial inequality in two exponentials "
         "(sympy gives up after 30 s) and the boxes do not close near eps = eps0 (SUPPORTED)")
add_proved(
    "lemma6_2", "Lemma 6.2", every_law.laplace_products, (LEMMA62,),
    note="every Delta_0 >= 0 (an integer), Delta_inf > 0, eps0 > 0 (= log(1 + u)) and eps "
         "(every real x, so every eps >= 0): the product of Delta_0 eps0-DP pairs and one "
         "law R of the unchanged coordinates has H_x <= T^Delta_0 (1 - e^x)_+ "
         "(dp_products: each eps0-DP pair is randomized response post-processed), which is "
         "Theorem 1 at (Delta_0, eps0, x) term by term (repeated_steps and the termwise "
         "premise); a premise checks that the Laplace densities of scale Delta_inf/eps0 at "
         "a coordinate moved by |D| <= Delta_inf are within e^eps0.  Swept over the grid "
         "lemma6_2.family (Delta_0 = 1)")
add_proved(
    "lemma6_2.one_coordinate", "Lemma 6.2", every_law.dp_to_theorem1, (LEMMA62,),
    note="one changed coordinate (Delta_0 = 1), every Laplace scale: for every pair of laws "
         "P, Q, every eps0 > 0 (= log(1 + x)) and eps >= 0 (= log(1 + y)), H_eps(P||Q) <= "
         "Theorem 1 at (k = 1, eps0, eps) + H_eps0(P||Q) + H_eps0(Q||P); an eps0-DP pair has "
         "both H_eps0 = 0.  Sharper than lemma6_2 at Delta_0 = 1 for a pair that is not "
         "eps0-DP (it pays the two H_eps0 instead); lemma6_2 covers every Delta_0")
add("lemma6_2.instances", "Lemma 6.2", lemma62(e / 4, j / 4),
    Domain.of(e=integers(1, 8), j=integers(0, 8)), derived={"b": e / 4, "eps0": 4 / e, "eps": j / 4},
    note="grid b = e/4 (eps0 = 4/e), eps = j/4 of lemma6_2 (ball oracles)")
DI, N0 = Symbol("Delta_inf", positive=True), Symbol("Delta_0", positive=True)


def lemma63(d0, di, sg, dt):
    rho_ = d0 * di**2 / (2 * sg**2)
    return le(gauss_delta(rho_ + 2 * sqrt(rho_ * log(1 / dt)), sg, sqrt(d0) * di), dt)


add("lemma6_3", "Lemma 6.3", lemma63(N0, DI, sigma, delta),
    Domain.of(Delta_0=Interval(1, None), Delta_inf=POS, sigma=POS, delta=Interval.open(0, 1)),
    note="every Delta_0 >= 1 (decided on the reals, a superset of the integers), Delta_inf > "
         "0, sigma > 0, delta in (0, 1): the product Gaussian is N(0, sigma^2) vs "
         "N(sqrt(Delta_0) Delta_inf, sigma^2) (rotation invariance), delta from the densities")
add("lemma6_3.instances", "Lemma 6.3", lemma63(n, 1, r / 2, R(1, 10**6)),
    Domain.of(n=integers(1, 20), r=integers(4, 12)), derived={"sigma": r / 2},
    note="grid Delta_0 = n, Delta_inf = 1, sigma = r/2, delta = 1e-6 of lemma6_3 (ball oracle)")
cs = sympy.symbols("c1 c2 c3 c4", integer=True)
add("alg1", "Algorithm 1, eq. (9)",
    ident(Max(*[Abs(pava_fit(*cs, i) - isotonic_bf_fit(*cs, i)) for i in (1, 2, 3, 4)]), 0),
    Domain.of(c1=integers(-1, 4), c2=integers(-1, 4), c3=integers(-1, 4), c4=integers(-1, 4)), Kind.IDENTITY, unknown=True,
    note="k = 4 integer noisy counts: PAVA clipped at 0 vs exhaustive block enumeration (exact "
         "rationals); the privacy part is post-processing (not instantiated)")
sA, DA = Symbol("s", positive=True), D2
W2 = Symbol("w", positive=True)
DW = 2 * sA * W2           # Delta = 2 s w: every 0 < Delta <= 2 s
add("alg2.delta", "Algorithm 2, eq. (10)",
    ident((Phi((DW - sA) / sigma) - Phi(-sA / sigma)) / (Phi(sA / sigma) - Phi(-sA / sigma)),
          tgauss_fail(sigma, sA, DW)),
    Domain.of(sigma=POS, s=POS, w=Interval(0, 1, lo_open=True)), Kind.IDENTITY,
    unknown=True, derived={"Delta": DW},
    note="delta'(s) vs the mass of TGauss(0, sigma, s) outside the support of TGauss(Delta, "
         "sigma, s), by integration of the density; every sigma > 0, s > 0 and 0 < Delta <= "
         "2 s (Delta = 2 s w, w in (0, 1]).  That is the algorithm's domain: s solves "
         "Delta_0 delta'(s) = delta with delta in (0, 1), Delta_0 >= 1, so delta'(s) < 1, "
         "which is Delta < 2 s.  For Delta > 2 s the supports are disjoint (mass 1) and the "
         "printed quotient exceeds 1: such an s is never chosen")
H64 = Symbol("h", positive=True)
S64 = DA / 2 + H64         # s = Delta/2 + h: the overlap [Delta - s, s] has length 2 h > 0


def lemma64_formula(s_):
    """Lemma 6.4's printed bound on the conditioned Renyi divergence of order alpha."""
    return alpha * DA**2 / (2 * sigma**2) + log(
        (Phi((s_ + (alpha - 1) * DA) / sigma) - Phi((alpha * DA - s_) / sigma))
        / (Phi(s_ / sigma) - Phi((DA - s_) / sigma))) / (alpha - 1)


f64 = lemma64_formula(sA)
lhs64 = Max(tgauss_renyi_cond(alpha, sigma, S64, DA, 0),
            tgauss_renyi_cond(alpha, sigma, S64, DA, 1))
dom64 = Domain.of(alpha=Interval(1, None, lo_open=True), sigma=POS, Delta=POS, h=POS)
rhs64 = alpha * DA**2 / (2 * sigma**2)
add("lemma6_4", "Lemma 6.4", le(lhs64, rhs64), dom64, unknown=True, derived={"s": S64},
    note="one changed count, both orders, conditioned on the overlap [Delta - s, s] of the "
         "supports (unconditioned Renyi is infinite: supports differ); every alpha > 1, "
         "sigma > 0, Delta > 0 and s = Delta/2 + h, h > 0: the overlap has positive length, "
         "which is the algorithm's domain (as for alg2.delta: Delta < 2 s); the threshold "
         "part is qualitative",
    steps=(Claim(f"{KEY}.lemma6_4.step1", src("Lemma 6.4", True),
                 ident(lhs64, lemma64_formula(S64)), dom64, Kind.IDENTITY,
                 note="oracle (definition) vs the printed formula", derived={"s": S64}),
           Claim(f"{KEY}.lemma6_4.step2", src("Lemma 6.4", True),
                 le(lemma64_formula(S64), rhs64), dom64, derived={"s": S64})))
