"""wasserman §5: the exponential mechanism, histograms, orthogonal series."""

from __future__ import annotations

import sympy
from sympy import Abs, Max, Rational, sqrt

from dpproof.calculus import NONNEG, POSITIVE, Context, Density, Functional, Proof, mass, \
    monotonicity
from dpproof.claims import Claim, Domain, Interval, Kind, Statement
from dpproof.expr.vocabulary import (Finite, Laplace, hockey_stick, cosine_series_loss,
                                     expmech_ks_loss, ks_sensitivity_enum, laplace_sd,
                                     shift_abs_sup)

from .common import build_claim, catalogue, cited_claim, closed, eps_, lap, lap_var, Pos, src

# ----------------------------------------------------------------- §5.1 exponential mechanism
EM_LOC = "§5.1, q(z|x) ∝ exp(-eps xi(x, z)/(2 Delta)) is eps-DP"
# the family: two outputs, q(.|x) with weights (1, a), q(.|y) with weights (s_0, a s_1),
# s_z = e^(eps (1 - d_z)/2) with d_z = (xi(y, z) - xi(x, z))/Delta in (-1, 1], written
# s_z = (1 + m_z e^eps)/(1 + m_z), m_z >= 0, and e^(eps/2) = 1 + g, g > 0: every weight is a
# rational function positive by sign rules
EMF = Domain.of(g=Pos(0, None), a=Pos(0, None), m0=Interval(0, None), m1=Interval(0, None))
fg, fa, fm0, fm1 = (EMF.symbols()[n] for n in ("g", "a", "m0", "m1"))
f_ratio = [(1 + m * (1 + fg)**2) / (1 + m) for m in (fm0, fm1)]
catalogue.declare(Claim(
    "wasserman.expmech.dp.family", src(EM_LOC),
    Statement(hockey_stick(Finite(1, fa), Finite(f_ratio[0], fa * f_ratio[1]),
                           2 * sympy.log(1 + fg)), "<=", 0), EMF, Kind.INEQUALITY,
    family="every exponential mechanism with finitely many outputs and any scores of "
           "sensitivity Delta, every eps > 0",
    note="eps-DP as H_eps(q(.|x) || q(.|y)) = 0 (hockey_stick derived from the masses of the "
         "two Finite laws), for every replace-one pair x ~ y (both orders: the family is "
         "closed under exchanging x and y).  Two outputs: q(.|x) has weights (1, a), a = "
         "e^(-eps (xi(x, 1) - xi(x, 0))/(2 Delta)) > 0; q(.|y) = q(.|x) reweighted by "
         "e^(-eps d_z/2), d_z = (xi(y, z) - xi(x, z))/Delta in [-1, 1], times the constant "
         "e^(eps/2) (a common factor of the weights cancels): s_z = e^(eps (1 - d_z)/2) in "
         "[1, e^eps], written s_z = (1 + m_z e^eps)/(1 + m_z), m_z >= 0 (a bijection onto "
         "d_z in (-1, 1]; d_z = -1 by continuity: H is continuous in the weights and "
         "H <= 0 is closed), e^(eps/2) = 1 + g, g > 0.  Every finite output set reduces "
         "exactly to two outputs: p_z <= e^eps q_z at output z holds iff it does for the "
         "two-output mechanism that merges the other outputs into one of weight "
         "sum_{w != z} w_w and ratio their weighted average s-bar in [1, e^eps] (p_z/q_z = "
         "(w_z s_z + A s-bar)/(s_z (w_z + A)) in both); a density over a continuous output "
         "set merges the same way (an argued reduction: the notes' statement over densities is "
         "wasserman.expmech.dp, checked).  The notes' Kolmogorov-Smirnov example: .instances"))
# the notes' statement: a density q(z|x) = w_x(z)/Z_x, w_x = exp(-eps xi(x, z)/(2 Delta)), on
# any output space with a base measure mu (X^k, X compact), Z_x = int w_x dmu finite
EM_P = Density("p")          # q(.|x), a probability density w.r.t. mu
em_g, em_t = sympy.Symbol("g", real=True), sympy.Symbol("t", real=True)
em_c = 1 + em_g              # e^(eps/2), g > 0 iff eps > 0
# w_y/w_x = e^(-eps d/2), d = (xi(y, z) - xi(x, z))/Delta in [-1, 1]: every value in [1/c, c],
# written c - (1 - t) g (2 + g)/c, t in [0, 1] (t = 0: 1/c, t = 1: c; increasing in t)
em_ratio = Functional("Z_y/Z_x = int q(z|x) e^(-eps d(z)/2) dmu(z)",
                      EM_P.value * (em_c - (1 - em_t) * em_g * (2 + em_g) / em_c), (EM_P,))
catalogue.declare(Claim(
    "wasserman.expmech.dp.partition", src(EM_LOC), None,
    proof=Proof(monotonicity(Context("wasserman.expmech.dp.partition", src(EM_LOC)), em_ratio,
                             ((em_c, mass(EM_P)),), {"p": NONNEG, "t": closed(0, 1),
                                                     "g": POSITIVE})),
    note="the normalisers of neighbours: Z_y/Z_x = int (w_y/w_x) q(.|x) dmu <= e^(eps/2), for "
         "every output space, base measure mu and scores xi of sensitivity Delta (every "
         "density q(.|x), every measurable d(z) in [-1, 1]); with e^(eps/2) = 1 + g, g > 0, "
         "and w_y/w_x = e^(-eps d/2) in [1/(1 + g), 1 + g] written (1 + g) - (1 - t) g (2 + "
         "g)/(1 + g), t in [0, 1].  Relabelled (x <-> y: the statement is about every density "
         "and every d, so (q(.|y), -d) is an instance): Z_x/Z_y <= e^(eps/2) too"))
em_eps, em_d, em_s, em_w, em_Z = (sympy.Symbol(n_, real=True)
                                  for n_ in ("eps", "d", "s", "wx", "Zx"))
em_qx = em_w / em_Z                                                     # q(z|x)
em_qy = em_w * sympy.exp(-em_eps * em_d / 2) / (sympy.exp(em_eps * em_s / 2) * em_Z)  # q(z|y)
catalogue.declare(Claim(
    "wasserman.expmech.dp", src(EM_LOC),
    Statement(Abs(sympy.log(em_qx / em_qy)), "<=", em_eps),
    Domain.of(eps=Pos(0, None), d=closed(-1, 1), s=closed(-1, 1)),
    note="eps-DP as |log q(z|x)/q(z|y)| <= eps at every output z (the densities are "
         "positive), for every replace-one pair x ~ y, on the notes' domain: any output space "
         "Z with a base measure mu (the notes' X^k, X compact; a finite set with counting "
         "measure is one), any scores xi(x, z) with sensitivity Delta = sup_{x ~ y} sup_z "
         "|xi(x, z) - xi(y, z)| in (0, oo) and finite normalisers Z_x = int w_x dmu, w_x = "
         "exp(-eps xi(x, z)/(2 Delta)) > 0; every eps > 0.  At z: q(z|x) = w_x/Z_x, q(z|y) = "
         "w_x e^(-eps d/2)/Z_y with d = (xi(y, z) - xi(x, z))/Delta in [-1, 1], and Z_y = R Z_x "
         "with R = e^(eps s/2), s in [-1, 1] (w_x > 0 and Z_x > 0 cancel in the ratio): R in [e^(-eps/2), e^(eps/2)] is the conclusion "
         "of wasserman.expmech.dp.partition (the calculus, PROVED over every law: Z_y/Z_x <= "
         "e^(eps/2), and relabelled Z_x/Z_y <= e^(eps/2)); both orders by the absolute value.  "
         "The pointwise bound gives Q_x(A) <= e^eps Q_y(A) for every event by integration.  "
         "The earlier encoding (finite output sets, the family reduced to two outputs): "
         ".family; the notes' Kolmogorov-Smirnov example: .instances"))
EM = Domain.of(n=closed(1, 3, integer=True), k=closed(1, 3, integer=True),
               eps=closed(Rational(1, 10), 4))
en, ek, ee = (EM.symbols()[n] for n in ("n", "k", "eps"))
catalogue.declare(build_claim(
    "wasserman.expmech.dp.instances", EM_LOC,
    expmech_ks_loss(en, ek, ee), "<=", ee, EM,
    "instance: xi = the Kolmogorov-Smirnov distance (the notes' example), data and outputs "
    "on {0, 1/2, 1}, n in {1, 2, 3} records, k in {1, 2, 3} released points, Delta the "
    "enumerated sensitivity; lhs = max over replace-one x ~ y and z of log q(z|x)/q(z|y); "
    "eps in [1/10, 4] (the loss is not homogeneous in eps: log q(z|x) carries the "
    "log-partition function)",
    narrowed="xi = the KS distance on data and outputs in {0, 1/2, 1}, n <= 3 records, "
             "k <= 3 released points, eps in [1/10, 4]"))
KS = Domain.of(j=closed(0, 2, integer=True), k=closed(1, 3, integer=True))
kj, kk = (KS.symbols()[n] for n in ("j", "k"))
KS_NOTE = "Delta = sup_{x ~ y} sup_z |xi(x, z) - xi(y, z)| enumerated over data in " \
          "{0, 1/2, 1}^n and z in {0, 1/2, 1}^k, "
# every n >= 1 and continuous data, by a proved reduction (note), in units of 1/n: at each
# t, n (F_x - F_z) = v + h_a and n (F_y - F_z) = v + h_b for replace-one x ~ y (records
# a -> b), v = A - n F_z real (A = #shared records <= t), h_a = 1[a <= t], h_b = 1[b <= t]
KSN = Domain.of(n=Interval(1, None, integer=True), v=Interval(None, None), ha=closed(0, 1),
                hb=closed(0, 1))
kn, kv, kha, khb = (KSN.symbols()[n] for n in ("n", "v", "ha", "hb"))
# the witness x = (0, .., 0), y = (1, 0, .., 0), z = (1, .., 1) (any k): n times the sup
# over the pieces t < 0, 0 <= t < 1, t >= 1 of |F_x - F_z|, minus that of |F_y - F_z|
ks_witness = Max(0, Abs(kn - 0), Abs(kn - kn)) - Max(0, Abs(kn - 1 - 0), Abs(kn - kn))
catalogue.declare(Claim(
    "wasserman.ks.sensitivity.one_record", src("§5.1, for the Kolmogorov-Smirnov distance Delta = 1/n"),
    Statement(Max(Abs(Abs(kv + kha) - Abs(kv + khb)), ks_witness), "==", 1), KSN,
    Kind.IDENTITY,
    narrowed="the one-record form n (F_x - F_z) = v + h_a; every dataset by the reduction "
             "argued in the note, checked (the max lemma by induction on the pieces) in "
             "wasserman.ks.sensitivity",
    note="Delta = sup_{x ~ y} sup_z |xi(x, z) - xi(y, z)|, xi = ||F_x - F_z||_inf, is 1/n for "
         "every n >= 1 records, k >= 1 released points and any data (a space with two points "
         "0 < 1), by a proved reduction, in units of 1/n (n Delta = 1): x ~ y share n - 1 "
         "records and differ in one, a in x, b in y, so at every t n (F_x - F_z) = v + h_a, "
         "n (F_y - F_z) = v + h_b with v = A - n F_z real (A = #shared records <= t), h_a = "
         "1[a <= t], h_b = 1[b <= t] in {0, 1} (relaxed to [0, 1]); sup_t f - sup_t g <= "
         "sup_t (f - g), so n |xi(x, z) - xi(y, z)| <= sup over (v, h_a, h_b) of ||v + h_a| - "
         "|v + h_b||.  The witness x = (0, .., 0), y = (1, 0, .., 0), z = (1, .., 1) has n "
         "xi(x, z) = n, n xi(y, z) = n - 1 (sup over the pieces t < 0, [0, 1), >= 1; sympy "
         "evaluates their gap to 1 for every n >= 1).  The identity max(the pointwise gap, "
         "the witness's gap) = 1 says both: n Delta <= 1, and 1 is attained.  The enumeration "
         "over data and z on {0, 1/2, 1} (n in {1, 2, 4}, k <= 3): .instances"))
# the reduction checked: the ecdfs are step functions, constant between consecutive data
# points of x, y and z, so sup_t is a max over finitely many pieces j; |max_j f_j - max_j
# g_j| <= max_j |f_j - g_j| by induction on the number of pieces, its step over F, G (the
# maxima over the first pieces), f, g (the last piece) and D = |F - G| + r >= |F - G| (the
# induction hypothesis), every real (a superset); its base (one piece) is an equality
kF, kG, kf, kg, kr = (sympy.Symbol(s_, real=True) for s_ in ("F", "G", "f", "g", "r"))
ks_max_step = Abs(Max(kF, kf) - Max(kG, kg)) - Max(Abs(kF - kG) + kr, Abs(kf - kg))
catalogue.declare(Claim(
    "wasserman.ks.sensitivity", src("§5.1, for the Kolmogorov-Smirnov distance Delta = 1/n"),
    Statement(Max(Abs(Abs(kv + kha) - Abs(kv + khb)) - 1, ks_max_step, Abs(ks_witness - 1)),
              "<=", 0),
    Domain.of(**dict(KSN.params), F=Interval(None, None), G=Interval(None, None),
              f=Interval(None, None), g=Interval(None, None), r=Interval(0, None)),
    Kind.INEQUALITY,
    note="Delta = sup_{x ~ y} sup_z |xi(x, z) - xi(y, z)|, xi = ||F_x - F_z||_inf, is 1/n for "
         "every n >= 1 records, k >= 1 released points and any data (a space with two points "
         "0 < 1), in units of 1/n (n Delta = 1), three conjuncts, each <= 0: gap - 1, step, "
         "|witness's gap - 1|.  Gap: x ~ y share n - 1 records and differ in one, a in x, b in y, so "
         "at every t n (F_x - F_z) = v + h_a, n (F_y - F_z) = v + h_b with v = A - n F_z real "
         "(A = #shared records <= t), h_a = 1[a <= t], h_b = 1[b <= t] in {0, 1} (relaxed to "
         "[0, 1]): ||v + h_a| - |v + h_b|| <= 1.  Step: F_x, F_y, F_z are constant between "
         "consecutive data points of x, y and z, so each sup over t is a max over the same "
         "finitely many pieces, and |max_j f_j - max_j g_j| <= max_j |f_j - g_j| (f_j = n "
         "|F_x - F_z|, g_j = n |F_y - F_z| on piece j) by induction on the number of pieces: "
         "one piece is an equality, and |max(F, f) - max(G, g)| <= max(D, |f - g|) for every "
         "real F, G, f, g and D = |F - G| + r >= |F - G| (the maxima over the first pieces and "
         "the hypothesis), the step conjunct (<= 0); so n |xi(x, z) - xi(y, z)| <= max_j "
         "||v_j + h_a| - |v_j + h_b|| <= 1.  The witness x = (0, .., 0), y = (1, 0, .., 0), z = "
         "(1, .., 1) (any k) has n xi(x, z) = n, n xi(y, z) = n - 1 (sup over the pieces t < "
         "0, [0, 1), >= 1; sympy evaluates their gap to 1 for every n >= 1): 1 is attained.  "
         "The earlier encoding (the reduction argued in the note): .one_record; the "
         "enumeration over data and z on {0, 1/2, 1} (n in {1, 2, 4}, k <= 3): .instances"))
catalogue.declare(build_claim(
    "wasserman.ks.sensitivity.instances", "§5.1, for the Kolmogorov-Smirnov distance Delta = 1/n",
    Abs(ks_sensitivity_enum(2**kj, kk) - 1 / 2**kj), "<=", 0, KS,
    KS_NOTE + "n = 2^j in {1, 2, 4}, k in {1, 2, 3}", derived={"n": 2**kj}))
catalogue.declare(cited_claim(
    "wasserman.ks.rates", "§5.1, Wasserman and Zhou (2010) rates",
    "cited, asymptotic: k ≍ n^(2/3), ||F - F_z|| = O_P(n^(-1/3)), and the "
    "small-ball bound are quoted from Wasserman and Zhou (2010)"))

# ----------------------------------------------------------------- §5.2 histogram
HG = Domain.of(c1=closed(1, 3, integer=True), c2=closed(0, 2, integer=True),
               k=closed(1, 32, integer=True))
hc1, hc2, hk = (HG.symbols()[n] for n in ("c1", "c2", "k"))
heps = hk / 8
hb = sqrt((8 / heps**2) / 2)  # Laplace variance 2 b^2 = 8/eps^2: scale b = 2/eps
# every histogram: outputs z1, z2 of the two bins a replace-one neighbour changes (counts c1
# -> c1 - 1, c2 -> c2 + 1), every real count and output; the other bins' factors are the same
# in both product densities and cancel
HD = Domain.of(eps=Pos(0, None), z1=Interval(None, None), z2=Interval(None, None),
               c1=Interval(None, None), c2=Interval(None, None))
hz1, hz2, hcc1, hcc2 = (HD.symbols()[n] for n in ("z1", "z2", "c1", "c2"))
h_scale = 2 / eps_         # variance 2 b^2 = 8/eps^2 (wasserman.histogram.dp.scale)
# log p(z|D) - log p(z|D'): the log of each Laplace density written out, log f(z; mu, b)
# = -|z - mu|/b - log(2 b) (the log(2 b) terms cancel in the difference)
h_loss = sum(sympy.expand_log(sympy.log(lap(z, c, h_scale)), force=True)
             - sympy.expand_log(sympy.log(lap(z, c + dc, h_scale)), force=True)
             for z, c, dc in ((hz1, hcc1, -1), (hz2, hcc2, 1)))
catalogue.declare(build_claim(
    "wasserman.histogram.dp", "§5.2, D_j = C_j + nu_j, nu_j Laplace with variance 8/eps^2",
    Abs(h_loss), "<=", eps_, HD,
    "eps-DP as |log p(z|D)/p(z|D')| <= eps at every output z (the densities are positive), "
    "for every replace-one pair D ~ D': the record moves from bin 1 (count c1 -> c1 - 1) to "
    "bin 2 (c2 -> c2 + 1), or stays in its bin (ratio 1); p(.|D) is the product over the "
    "bins of Laplace(C_j, 2/eps) densities (variance 2 b^2 = 8/eps^2, .scale), so every other "
    "bin's factor is the same in both and cancels; both orders by the absolute value; every "
    "eps > 0, every real count and output (k bins, any k); the earlier encoding, one moved "
    "bin's Laplace pair at eps/2: .one_bin"))
catalogue.declare(build_claim(
    "wasserman.histogram.dp.one_bin", "§5.2, D_j = C_j + nu_j, nu_j Laplace with variance 8/eps^2",
    hockey_stick(Laplace(0, 2 / eps_), Laplace(1, 2 / eps_), eps_ / 2), "<=", 0,
    Domain.of(eps=Pos(0, None)),
    note="one moved bin's Laplace pair is eps/2-DP: H_(eps/2)(Lap(0, 2/eps)||Lap(1, 2/eps)) "
    "= 0 (derived from the densities; counts only translate both laws); every eps > 0"))
catalogue.declare(build_claim(
    "wasserman.histogram.dp.instances", "§5.2, D_j = C_j + nu_j, nu_j Laplace with variance 8/eps^2",
    (shift_abs_sup(hc1, hc1 - 1) + shift_abs_sup(hc2, hc2 + 1)) / hb, "<=", heps, HG,
    "variance 8/eps^2 is the Laplace scale b = 2/eps (sd 2 sqrt(2)/eps); a replace-one "
    "neighbour moves one record from bin 1 (count c1 -> c1 - 1) to bin 2 (c2 -> c2 + 1); "
    "lhs = sup over outputs of the log density ratio of the two product Laplace laws "
    "(other bins cancel; each coordinate's sup is at a kink, shift_abs_sup); instances "
    "c1 in {1..3}, c2 in {0..2}, eps = k/8 in {1/8, ..., 4}", derived={"eps": heps}))
catalogue.declare(build_claim(
    "wasserman.histogram.dp.scale", "§5.2, the Laplace law of scale 2/eps has variance 8/eps^2",
    lap_var(2 / eps_), "==", 8 / eps_**2, Domain.of(eps=Pos(0, None)),
    note="variance int w^2 f(w) dw of the Laplace(0, 2/eps) density, every eps > 0 "
         "continuous"))
HS = Domain.of(c=closed(1, 40, integer=True))
hs_eps = HS.symbols()["c"] / 4
catalogue.declare(build_claim(
    "wasserman.histogram.dp.scale.instances", "§5.2, the Laplace law of scale 2/eps has variance 8/eps^2",
    laplace_sd(0, 2 / hs_eps), "==", sqrt(8 / hs_eps**2), HS,
    "sd integrated from the Laplace(0, 2/eps) density (laplace_sd); eps = c/4 in {1/4..10}",
    derived={"eps": hs_eps}))

# ----------------------------------------------------------------- §5.3 orthogonal series
SE = Domain.of(n=closed(1, 20, integer=True), m=closed(1, 4, integer=True),
               c=closed(1, 8, integer=True))
sn, sm, sc = (SE.symbols()[n] for n in ("n", "m", "c"))
se = sc / 4
c0 = sqrt(2)  # sup_j sup_x |sqrt(2) cos(pi j x)|, attained at x = 0
SE_FLAW = ("; flaw: misprint (factor): the noise omits the factor 2 of the replace-one "
           "sensitivity, 2 m c0/n, which the notes themselves use for the mean (Delta = 2B/n in "
           "§3), so the Laplace scale must be 2 m c0/(n eps) (wasserman.series.dp.repaired). Not "
           "reading-dependent: 'standard deviation m c0/(n eps)' taken literally is a factor 2 "
           "sqrt(2) short, taken as the Laplace scale (wasserman.series.dp.intended) a factor 2 "
           "short, and the minimax-rate claim is unaffected by the constant")
SE_NOTE = ("instance: cosine basis psi_j(x) = sqrt(2) cos(pi j x), c0 = sqrt(2), data on "
           "{0, 1/4, ..., 1}, n in {1..20}, m in {1..4}, eps = c/4 in {1/4..2}; lhs = sup of "
           "the log density ratio over replace-one neighbours (cosine_series_loss)")
catalogue.declare(build_claim(
    "wasserman.series.dp", "§5.3, nu_j Laplace with sd m c0/(n eps) makes q-hat eps-DP",
    cosine_series_loss(sn, sm, sm * c0 / (sn * se) / sqrt(2)), "<=", se, SE,
    "literal: standard deviation m c0/(n eps), i.e. Laplace scale m c0/(sqrt(2) n eps); "
    + SE_NOTE + SE_FLAW))
catalogue.declare(build_claim(
    "wasserman.series.dp.intended", "§5.3, reading 'sd' as the Laplace scale",
    cosine_series_loss(sn, sm, sm * c0 / (sn * se)), "<=", se, SE,
    "reading: Laplace scale b = m c0/(n eps) (still a factor 2 short; the corrected "
    "statement is wasserman.series.dp.repaired); " + SE_NOTE + SE_FLAW))

SR_NOTE = ("corrected constant: the l1 sensitivity of (beta_1..beta_m) is 2 m c0/n (each "
           "|psi_j| <= c0 changes by up to 2 c0), so the Laplace scale must be 2 m c0/(n eps), "
           "twice the notes' scale; the sup is attained (odd j at x = 0 vs 1; at m = 1 the bound "
           "is an equality), decided exactly at those instances through the loss derived in "
           "Q(sqrt(2)) (oracles.symbolic.mechanisms); ")
SEC = Domain.of(n=Interval(1, None, integer=True), eps=Pos(0, None))
cn = SEC.symbols()["n"]
catalogue.declare(Claim(
    "wasserman.series.dp.repaired", src("§5.3, Laplace scale 2 m c0/(n eps)"),
    Statement(Max(*(cosine_series_loss(cn, mm, 2 * mm * c0 / (cn * eps_)) - eps_
                    for mm in range(1, 9))), "<=", 0), SEC,
    Kind.INEQUALITY,
    narrowed="m <= 8, cosine basis, data on {0, 1/4, ..., 1}; every m >= 1 by the "
             "periodicity reduction argued in the note, which the engines do not check",
    note=SR_NOTE + "cosine basis, c0 = sqrt(2), data on {0, 1/4, ..., 1}; every n >= 1, "
         "eps > 0 continuous, m in {1..8} decided (the loss is derived for each given m), "
         "every m >= 1 by a proved reduction: with b = 2 m c0/(n eps) the claim at m says "
         "max_pairs S_m <= 2 sqrt(2) m, S_m(x, x') = sum_{j <= m} |psi_j(x) - psi_j(x')| "
         "(the loss is max_pairs S_m/(n b)); on the grid psi_(j+8) = psi_j (cos(pi (j + 8) "
         "k/4) = cos(pi j k/4)), so for m = 8q + r (0 <= r < 8) S_m = q S_8 + S_r and "
         "max S_m <= q max S_8 + max S_r <= 2 sqrt(2) (8q + r) by the claims at m = 8 and "
         "m = r"))
catalogue.declare(build_claim(
    "wasserman.series.dp.repaired.instances", "§5.3, Laplace scale 2 m c0/(n eps)",
    cosine_series_loss(sn, sm, 2 * sm * c0 / (sn * se)), "<=", se, SE, SR_NOTE + SE_NOTE,
    derived={"eps": se}))
catalogue.declare(cited_claim(
    "wasserman.kde.cited", "§5.4, Hall-Rinaldo-Wasserman (2013), Alda-Rubinstein (2017)",
    "cited: private kernel density estimation and Bernstein-polynomial release, "
    "stated without constants or proofs"))
