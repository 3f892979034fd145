"""adp_notes: the Gaussian mechanism (the classic theorem, its proof's bad set and
masses, Balle and Wang's exact condition)."""

import sympy
from sympy import Rational as R, exp, log, sqrt

from dpproof.claims import Claim, Domain, Interval, Kind, Statement
from dpproof.expr import Phi, Q
from dpproof.expr.vocabulary import Normal, bad_mass, gauss_delta, hockey_stick, loss_at

from .common import Delta, Int, L, OPEN01, Pos, catalogue, closed, delta, eps, i, j, sigma, src, z

# ---------------------------------------------------------------- Gaussian mechanism
ED = Domain.of(i=Int(1, 4), j=Int(1, 99))
eg, dg = i / 4, j / 100  # the instances: eps = i/4, delta = j/100
Lg = log(1 / dg)
sig_b = sqrt(2 * Lg) / eg  # sigma at the theorem's boundary, Delta = 1
GRID = "instances eps = i/4 (i = 1..4), delta = j/100 (j = 1..99), Delta = 1 by scaling"
sigma_b = sqrt(2 * L) / eps  # the boundary sigma, continuous eps and delta
EDC = Domain.of(eps=Pos(0, 1), delta=OPEN01)
CLASSIC_FLAW = ("; flaw: edge of the domain (fails only as delta -> 1: for delta above "
                "delta*(eps), which falls from 0.9965 at eps = 1/2 to 0.9803 at eps = 1, while the"
                " notes allow every delta in (0, 1)), holds for delta <= 0.9803 "
                "(adp_notes.gauss.classic.repaired), so the theorem is sound for any delta of "
                "practical use")
CLASSIC_NOTE = ("H_eps(N(0,s^2)||N(1,s^2)) at the smallest allowed s^2 = 2 log(1/delta)/eps^2 "
                "(delta(eps) decreases in s); Delta = 1 by scaling (H depends on Delta/sigma "
                "only)")
catalogue.declare(Claim(
    "adp_notes.gauss.classic", src("Theorem (Gaussian mechanism)"),
    Statement(gauss_delta(eps, sigma_b, 1), "<=", delta), EDC,
    note=CLASSIC_NOTE + "; eps in (0, 1], delta in (0, 1) continuous" + CLASSIC_FLAW))
catalogue.declare(Claim(
    "adp_notes.gauss.classic.repaired", src("Theorem (Gaussian mechanism)"),
    Statement(gauss_delta(eps, sigma_b, 1), "<=", delta),
    Domain.of(eps=Pos(0, 1), delta=Pos(0, R(9803, 10000))),
    note="corrected range: the theorem holds for delta <= 0.9803; the largest delta*(eps) "
         "decreases in eps, from 0.9965 at eps = 1/2 to delta*(1) = 0.98033 (mpmath root; "
         "delta = 0.9804, eps = 1 is a certified violation): 0.9803 is the best range to 4 "
         "digits; " + CLASSIC_NOTE))
catalogue.declare(Claim(
    "adp_notes.gauss.classic.instances", src("Theorem (Gaussian mechanism)"),
    Statement(gauss_delta(eg, sig_b, 1), "<=", dg), ED, derived={"eps": eg, "delta": dg},
    note="H_eps(N(0,s^2)||N(1,s^2)) at the smallest allowed s^2 = 2 log(1/delta)/eps^2 "
         "(delta(eps) decreases in s); " + GRID + "; the corrected statement is "
         "adp_notes.gauss.classic.repaired (on the source's continuous domain)" + CLASSIC_FLAW))
bad_dom = Domain.of(z=closed(-100, 100), eps=Interval(0, 1, lo_open=True), delta=OPEN01,
                    Delta=Interval(0, 10, lo_open=True))  # the witness search's box
BAD_ALL = Domain.of(z=Interval(None, None), eps=Interval(0, 1, lo_open=True), delta=OPEN01,
                    Delta=Pos(0, None))  # the source's domain
BAD_SET_FLAW = ("; flaw: misprint (missing term): solving the printed Bad set (privacy loss >= "
                "eps) for z gives z <= Delta/2 - 2 Delta log(1/delta)/eps, the notes drop Delta/2 "
                "(adp_notes.gauss.bad_set.repaired states the exact set), so their threshold is "
                "too small by Delta/2 and the step 'Bad is inside {z <= -2 Delta "
                "log(1/delta)/eps}' is false, the rest of the proof goes through with the "
                "corrected threshold up to delta = 0.9738 (adp_notes.gauss.bad_mass.repaired)")
bad_hyp = Statement(eps**2 / (4 * L) - z * eps**2 / (2 * Delta * L), ">=", eps)  # the printed set
catalogue.declare(Claim("adp_notes.gauss.bad_set", src("Theorem (Gaussian mechanism), proof"),
               Statement(z, "<=", -2 * Delta * L / eps, hypotheses=(bad_hyp,)), bad_dom,
               note="z in the printed Bad set => z <= -2 Delta log(1/delta)/eps" + BAD_SET_FLAW))
bad_thr = Delta / 2 - 2 * Delta * L / eps
catalogue.declare(Claim("adp_notes.gauss.bad_set.repaired", src("Theorem (Gaussian mechanism), proof"),
               Statement(bad_hyp.lhs - bad_hyp.rhs, "==",
                         eps**2 / (2 * Delta * L) * (bad_thr - z)),
               BAD_ALL, Kind.IDENTITY,
               note="corrected statement: the printed Bad set is exactly {z <= Delta/2 - 2 Delta "
                    "log(1/delta)/eps} (the notes drop Delta/2): its defining margin is the "
                    "positive factor eps^2/(2 Delta log(1/delta)) times (threshold - z)"))
lg = sympy.Symbol("log1_delta", real=True)  # log(1/delta): delta = exp(-log1_delta) in (0, 1)
lg_hyp = Statement(eps**2 / (4 * lg) - z * eps**2 / (2 * Delta * lg), ">=", eps)
catalogue.declare(Claim("adp_notes.gauss.bad_set.intended", src("Theorem (Gaussian mechanism), proof"),
               Statement(z, "<=", Delta / 2 - 2 * Delta * lg / eps, hypotheses=(lg_hyp,)),
               Domain.of(z=Interval(None, None), eps=Interval(0, 1, lo_open=True),
                         log1_delta=Pos(0, None), Delta=Pos(0, None)),
               derived=(("delta", exp(-lg)),),
               note="the printed Bad set solved for z exactly; in log1_delta = log(1/delta) "
                    "(delta = exp(-log1_delta) maps (0, oo) onto (0, 1)); z real, "
                    "eps in (0, 1], Delta > 0: the source's whole domain"))
gd = Domain.of(i=Int(1, 4), j=Int(1, 9), z=Int(-4, 4))
e_ij, d_ij = i / 4, sympy.Integer(10)**(-j)
LOSS_NOTE = "the printed Bad set's left side is the privacy loss log f_D(z)/f_D'(z) at " \
            "sigma^2 = 2 Delta^2 log(1/delta)/eps^2"
sig_l = Delta * sqrt(2 * L) / eps
catalogue.declare(Claim(
    "adp_notes.gauss.bad_set.loss", src("Theorem (Gaussian mechanism), proof"),
    Statement(loss_at(Normal(0, sig_l), Normal(Delta, sig_l), z), "==",
              eps**2 / (4 * L) - z * eps**2 / (2 * Delta * L)), BAD_ALL, Kind.IDENTITY,
    note=LOSS_NOTE + "; z real, eps in (0, 1], delta in (0, 1), Delta > 0 continuous"))
catalogue.declare(Claim(
    "adp_notes.gauss.bad_set.loss.instances", src("Theorem (Gaussian mechanism), proof"),
    Statement(loss_at(Normal(0, sqrt(2 * log(1 / d_ij)) / e_ij),
                      Normal(1, sqrt(2 * log(1 / d_ij)) / e_ij), z), "==",
              e_ij**2 / (4 * log(1 / d_ij)) - z * e_ij**2 / (2 * log(1 / d_ij))),
    gd, Kind.IDENTITY, derived={"eps": e_ij, "delta": d_ij},
    note=LOSS_NOTE + ", Delta = 1; eps = i/4, delta = 10^-j"))
BAD_MASS_FLAW = ("; flaw: edge of the domain (the conclusion M_D(Bad) <= delta fails only as "
                 "delta -> 1, above 0.9738 at eps = 1 and closer to 1 for smaller eps), holds for "
                 "delta <= 0.9738 (adp_notes.gauss.bad_mass.repaired) although its step1 rests "
                 "on the misprinted Bad set (adp_notes.gauss.bad_set, a missing Delta/2)")
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
         "conclusion by adp_notes.gauss.bad_mass.repaired" + BAD_MASS_FLAW,
    steps=tuple(Claim(f"adp_notes.gauss.bad_mass.step{s + 1}", src(loc), st, EDC,
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
                     "repaired)" + BAD_SET_FLAW, "standardise",
                     "Q(x) <= exp(-x^2/2)/2, x >= 0", "exp(-log(1/delta))/2 = delta/2"))))))
catalogue.declare(Claim(
    "adp_notes.gauss.bad_mass.repaired", src("Theorem (Gaussian mechanism), proof"),
    Statement(bm_lhs, "<=", delta), Domain.of(eps=Pos(0, 1), delta=Pos(0, R(9738, 10000))),
    note="corrected range: M_D(Bad) = Phi(eps/(2 sqrt(2 log(1/delta))) - sqrt(2 log(1/delta)))"
         " <= delta for delta <= 0.9738 (the crossing at eps = 1 is 0.97381, mpmath root; "
         "larger for smaller eps): the best range to 4 digits; eps in (0, 1], Delta = 1 by "
         "scaling"))
catalogue.declare(Claim(
    "adp_notes.gauss.bad_mass.instances", src("Theorem (Gaussian mechanism), proof"),
    Statement(bad_mass(Normal(0, sig_b), Normal(1, sig_b), eg), "<=", dg), ED,
    derived={"eps": eg, "delta": dg},
    note="M_D(Bad) from the densities; " + GRID + "; the corrected statement is "
         "adp_notes.gauss.bad_mass.repaired" + BAD_MASS_FLAW))
bw = Domain.of(i=Int(0, 12), j=Int(1, 8))
BWC = Domain.of(eps=closed(0, None), sigma=Pos(0, None))
BWC_NOTE = "Delta = 1 (H depends on Delta/sigma only), eps >= 0, sigma > 0 " \
           "continuous; H_eps from the densities"
s_j = j / 2
BW_NOTE = "Delta = 1, eps = i/4, sigma = j/2; H_eps from the densities"
BW_FLAW = ("; flaw: reading-dependent (the theorem as printed claims only (eps, delta)-DP with its "
           "delta, which holds: adp_notes.gauss.balle_wang, the heading's reading 'Optimal', "
           "delta == H_eps exactly, fails) and the cause is a misprint (sign): the notes print "
           "e^{-eps} in the second term where Balle-Wang's exact delta has e^{+eps} "
           "(adp_notes.gauss.balle_wang.repaired), the printed delta is larger, so it is a valid "
           "but not the optimal delta")
BW_DP = Statement(hockey_stick(Normal(0, sigma), Normal(1, sigma), eps), "<=",
                  Phi(1 / (2 * sigma) - eps * sigma) - exp(-eps) * Phi(-1 / (2 * sigma) - eps * sigma))
catalogue.declare(Claim(
    "adp_notes.gauss.balle_wang", src("Theorem [Balle-Wang '18]"), BW_DP, BWC,
    note="the theorem as printed: the Gaussian mechanism is (eps, delta)-DP with the printed "
         "delta (e^{-eps} in the second term), i.e. H_eps <= delta; " + BWC_NOTE + ".  Before "
         "issue 29 this id encoded the heading 'Optimal Gaussian Mechanism' as the identity "
         "H_eps == the printed delta, which the theorem does not state (REFUTED, now "
         "adp_notes.gauss.balle_wang.optimal): the printed delta is an upper bound, not "
         "H_eps; the optimal delta, with e^{+eps}, is .repaired / .intended"))
for suffix, sign, note in ((".optimal", -1, "the heading's reading 'Optimal Gaussian "
                            "Mechanism': the printed delta (e^{-eps}) equals H_eps"),
                           (".repaired", 1, "corrected statement, e^{+eps} (Balle-Wang)"),
                           (".intended", 1, "with e^{+eps} (Balle-Wang)")):
    catalogue.declare(Claim(
        "adp_notes.gauss.balle_wang" + suffix, src("Theorem [Balle-Wang '18]"),
        Statement(hockey_stick(Normal(0, sigma), Normal(1, sigma), eps), "==",
                  Phi(1 / (2 * sigma) - eps * sigma)
                  - exp(sign * eps) * Phi(-1 / (2 * sigma) - eps * sigma)),
        BWC, Kind.IDENTITY,
        note=note + "; " + BWC_NOTE + (BW_FLAW if suffix == ".optimal" else "")))
for suffix, sign, note in ((".instances", -1, "the heading's reading (.optimal): the "
                            "printed delta, e^{-eps}, equals H_eps (the corrected statement is "
                            "adp_notes.gauss.balle_wang.repaired)"),
                           (".intended.instances", 1, "with e^{+eps} (Balle-Wang)")):
    catalogue.declare(Claim(
        "adp_notes.gauss.balle_wang" + suffix, src("Theorem [Balle-Wang '18]"),
        Statement(hockey_stick(Normal(0, s_j), Normal(1, s_j), i / 4), "==",
                  Phi(1 / (2 * s_j) - i / 4 * s_j) - exp(sign * i / 4) * Phi(-1 / (2 * s_j) - i / 4 * s_j)),
        bw, Kind.IDENTITY, derived={"eps": i / 4, "sigma": s_j},
        note=note + "; " + BW_NOTE + (BW_FLAW if suffix == ".instances" else "")))
catalogue.declare(Claim(
    "adp_notes.gauss.balle_wang.dp", src("Theorem [Balle-Wang '18]"),
    BW_DP, BWC, note="the DP part of the literal statement (e^{-eps} as printed), the same "
                     "statement as adp_notes.gauss.balle_wang since issue 29 (id kept "
                     "stable); " + BWC_NOTE))
catalogue.declare(Claim(
    "adp_notes.gauss.zero_eps", src("Important remark after Balle-Wang"),
    Statement(hockey_stick(Normal(0, sigma), Normal(1, sigma), 0), "<", 1),
    Domain.of(sigma=Pos(0, None)),
    note="H_0 = TV < 1 for every sigma > 0; Delta = 1 (only Delta/sigma "
         "matters)"))
catalogue.declare(Claim(
    "adp_notes.gauss.zero_eps.instances", src("Important remark after Balle-Wang"),
    Statement(hockey_stick(Normal(0, 2**(j / 4)), Normal(1, 2**(j / 4)), 0), "<", 1),
    Domain.of(j=Int(-17, 40)), derived={"sigma": 2**(j / 4)},
    note="H_0 = TV < 1 at sigma = 2^(j/4) from 0.053 to 1024; Delta = 1"))
