"""Jisu Kim, "Differential Privacy", lecture note for "Theory and Modeling for AI", Fall 2023, a
minor modification of Larry Wasserman's lecture notes "Statistical Machine Learning":
randomized response (Warner 1965), eps-DP and posterior odds, the Laplace mechanism,
sensitivities, the exponential mechanism (McSherry and Talwar 2007) with the
Kolmogorov-Smirnov distance (Wasserman and Zhou 2010), privatized histograms and
orthogonal-series density estimators.

Claims about mechanisms are checked on instances: the Laplace mechanism and randomized
response (odds), exhaustive enumerations of small datasets on a grid (sensitivities, the
exponential mechanism's KS example), the histogram's two moved counts, and the cosine basis
psi_j(x) = sqrt(2) cos(pi j x) of L2[0, 1] (series estimator); the exponential mechanism's
privacy over the family of every finite-output mechanism (reduced exactly to two outputs).
"""

from __future__ import annotations

import sympy
from sympy import Abs, Integral, Max, Rational, exp, oo, sqrt

from dpproof.claims import Catalogue, Claim, Domain, Interval, Kind, Source, Statement
from dpproof.expr.vocabulary import Finite, Laplace, hockey_stick, loss_at
from dpproof.expr.vocabulary import (cosine_series_loss, expmech_ks_loss, ks_sensitivity_enum,
                                     laplace_pdf, laplace_sd, mean_sensitivity_enum, rr_prob,
                                     shift_abs_sup)

SOURCE_FILE = "003_d3e50d1fed2eda74.txt"
closed = Interval.closed
Pos = lambda lo, hi: Interval(lo, hi, lo_open=True)  # noqa: E731
eps_, Delta_, t_, lam_ = (sympy.Symbol(s, real=True) for s in ("eps", "Delta", "t", "lambda_"))


def src(locator: str, note: str = "") -> Source:
    return Source("wasserman", SOURCE_FILE, locator, note)


def build_claim(cid, locator, lhs, rel, rhs, domain, note="", kind=None, derived=(),
                narrowed="", family=""):
    """A claim ``lhs rel rhs`` (declared through ``catalogue``); ``derived``: the source's
    parameters of a grid index; ``narrowed``: how the domain narrows the source's;
    ``family``: the mechanisms a statement about every mechanism is decided on."""
    kind = kind or (Kind.IDENTITY if rel == "==" else Kind.INEQUALITY)
    return Claim(cid, src(locator), Statement(lhs, rel, rhs), domain, kind, note=note,
                 derived=derived, narrowed=narrowed, family=family)


def cited_claim(cid, locator, reason):
    return Claim(cid, src(locator), None, kind=Kind.CITED, reason=reason)


def lap(z, mu, b):
    """The Laplace(mu, b) density."""
    return exp(-Abs(z - mu) / b) / (2 * b)


catalogue = Catalogue()


# ----------------------------------------------------------------- §1 randomized response
RR = Domain.of(theta=closed(0, 1), p=closed(0, 1))
theta, p = (RR.symbols()[n] for n in ("theta", "p"))
# P(Y = 1) by enumerating C ~ Bernoulli(theta), Z ~ Bernoulli(p), Y = (1 - C) + C Z
pi_enum = sum(theta**c * (1 - theta)**(1 - c) * p**zz * (1 - p)**(1 - zz)
              for c in (0, 1) for zz in (0, 1) if (1 - c) + c * zz == 1)
catalogue.declare(build_claim(
    "wasserman.rr.identity", "§1, pi = P(Y = 1) = (1 - theta) + theta p",
    pi_enum, "==", (1 - theta) + theta * p, RR,
    "lhs enumerates (C, Z) in {0, 1}^2 with Y = (1 - C) + C Z = 1"))
RRI = Domain.of(theta=Interval(0, 1, lo_open=True), p=closed(0, 1))
catalogue.declare(build_claim(
    "wasserman.rr.identity.inversion", "§1, p = (pi - 1 + theta)/theta",
    (pi_enum.subs(theta, RRI.symbols()["theta"]) - 1 + RRI.symbols()["theta"])
    / RRI.symbols()["theta"], "==", p, RRI, "pi by enumeration; theta > 0"))

# ----------------------------------------------------------------- §2 posterior odds
# grids of exact instances: z = a/2, t = b/4, eps = c/4, prior = p/4
OD = Domain.of(a=closed(-4, 4, integer=True), b=closed(-4, 4, integer=True),
               c=closed(1, 3, integer=True), p=closed(1, 2, integer=True))
oa, ob, oc, op = (OD.symbols()[n] for n in ("a", "b", "c", "p"))
oz, ot, oe, opr = oa / 2, ob / 4, oc / 4, op / 4
post = laplace_pdf(oz, 0, 1 / oe) * opr / (laplace_pdf(oz, ot, 1 / oe) * (1 - opr))
prior_odds = opr / (1 - opr)
ODDS_NOTE = ("the bounds are attained (pure DP is tight), so ball arithmetic cannot certify "
             "the equality cases; ")
# eps-DP => the odds bound, for every mechanism: the densities pa = p(z|X_i = a), pb =
# p(z|X_i = b) at the observed z are any positive numbers within a factor e^eps of each other
ODDS = Domain.of(eps=Pos(0, None), prior=Interval.open(0, 1), pa=Pos(0, None), pb=Pos(0, None))
o_pr, o_pa, o_pb = (ODDS.symbols()[n] for n in ("prior", "pa", "pb"))
o_evidence = o_pa * o_pr + o_pb * (1 - o_pr)
o_post = (o_pa * o_pr / o_evidence) / (o_pb * (1 - o_pr) / o_evidence)   # Bayes' rule
o_prior = o_pr / (1 - o_pr)
catalogue.declare(Claim(
    "wasserman.dp.odds", src("§2, e^-eps prior odds <= posterior odds <= e^eps prior odds"),
    Statement(Max(o_post - exp(eps_) * o_prior, exp(-eps_) * o_prior - o_post), "<=", 0,
              hypotheses=(Statement(o_pa, "<=", exp(eps_) * o_pb),
                          Statement(o_pb, "<=", exp(eps_) * o_pa))),
    ODDS,
    note="the implication as stated: eps-DP in the density form the notes give (sup_z "
         "q(z|D)/q(z|D') <= e^eps, both orders of the neighbours) implies e^-eps prior odds <= "
         "posterior odds <= e^eps prior odds; pa = p(z|X_i = a), pb = p(z|X_i = b) are the "
         "densities of any mechanism at the observed z (every positive pair: z where they "
         "vanish has probability 0), the posterior probabilities by Bayes' rule, every prior "
         "P(X_i = a) in (0, 1) and eps > 0.  (Before issue 29 this id checked that the Laplace "
         "mechanism is eps-DP, with the step to the odds argued in the note: now "
         "wasserman.dp.odds.laplace)"))
catalogue.declare(Claim(
    "wasserman.dp.odds.laplace", src("§2, e^-eps prior odds <= posterior odds <= e^eps prior odds"),
    Statement(hockey_stick(Laplace(0, 1 / eps_), Laplace(1, 1 / eps_), eps_), "<=", 0),
    Domain.of(eps=Pos(0, None)),
    family="the eps-DP Laplace mechanism, Delta = 1: its eps-DP (the premise of "
           "wasserman.dp.odds), not the odds bound itself",
    note="instance family: the eps-DP Laplace mechanism f(D) + Lap(Delta/eps), Delta = 1 "
    "(scale invariance), worst neighbour |f(D_a) - f(D_b)| = Delta, eps > 0 "
    "continuous, every prior; by Bayes' rule posterior odds / prior odds = "
    "p(z|a)/p(z|b), so the bound for all z is H_eps(P_a||P_b) = 0 (the reverse order "
    "by the reflection z -> 1 - z); H_eps derived from the densities"))
catalogue.declare(build_claim(
    "wasserman.dp.odds.instances", "§2, e^-eps prior odds <= posterior odds <= e^eps prior odds",
    Max(post - exp(oe) * prior_odds, exp(-oe) * prior_odds - post), "<=", 0, OD,
    ODDS_NOTE + "instance: the eps-DP Laplace mechanism Z = f(D) + Lap(1/eps) with "
    "f(D_a) = 0, f(D_b) = t, |t| <= 1 = Delta; posterior odds by Bayes' rule from the "
    "densities (laplace_pdf); z = a/2 in [-2, 2], t = b/4, eps = c/4 in [1/4, 3/4], "
    "prior P(X_i = a) = p/4 in {1/4, 1/2}",
    derived={"z": oz, "t": ot, "eps": oe, "prior": opr}))
RRC = Domain.of(eps=Pos(0, None), prior=Interval.open(0, 1))
prior_ = RRC.symbols()["prior"]


def rr_odds_gap(e, pr, outputs):
    """max over outputs y of the two odds-bound margins of binary randomized response
    (X_i in {a = 1, b = 0}): posterior odds by Bayes' rule from rr_prob."""
    post_ = [rr_prob(e, 1, yy) * pr / (rr_prob(e, 0, yy) * (1 - pr)) for yy in outputs]
    return Max(*(g for q in post_ for g in (q - exp(e) * pr / (1 - pr),
                                              exp(-e) * pr / (1 - pr) - q)))


RR_NOTE = ("instance: eps-DP binary randomized response (keep w.p. e^eps/(1 + e^eps), "
           "rr_prob), X_i in {a = 1, b = 0}, ")
catalogue.declare(build_claim(
    "wasserman.dp.odds.rr", "§2, the odds bound for randomized response",
    rr_odds_gap(eps_, prior_, (0, 1)), "<=", 0, RRC,
    family="eps-DP binary randomized response, every eps > 0 and prior", note=RR_NOTE + "both outputs y in {0, 1}, eps > 0 and prior P(X_i = a) in (0, 1) continuous"))
RO = Domain.of(c=closed(1, 8, integer=True), p=closed(1, 3, integer=True),
               y=closed(0, 1, integer=True))
rc, rp_, ry = (RO.symbols()[n] for n in ("c", "p", "y"))
catalogue.declare(build_claim(
    "wasserman.dp.odds.rr.instances", "§2, the odds bound for randomized response",
    rr_odds_gap(rc / 4, rp_ / 4, (ry,)), "<=", 0, RO,
    ODDS_NOTE + RR_NOTE + "output y, eps = c/4, prior = p/4",
    derived={"eps": rc / 4, "prior": rp_ / 4}))

# ----------------------------------------------------------------- §3 Laplace mechanism
LS = Domain.of(w1=closed(-10, 10), w2=closed(-10, 10), lam=closed(Rational(1, 10), 10))
w1, w2, lam = (LS.symbols()[n] for n in ("w1", "w2", "lam"))
catalogue.declare(build_claim(
    "wasserman.laplace.sd", "§3, 'f(w) ∝ e^(-w/lambda)' is the Laplace law, sd sqrt(2) lambda",
    exp(-w1 / lam) * lap(w2, 0, lam), "==", exp(-w2 / lam) * lap(w1, 0, lam), LS,
    "literal: e^(-w/lambda) as printed is not integrable on the real line; being "
    "proportional to the Laplace(0, lambda) density (the law with sd sqrt(2) lambda) means "
    "f(w1) lap(w2) = f(w2) lap(w1) for all w1, w2"))
w_ = sympy.Symbol("w", real=True)


def lap_var(b):
    """Var of the Laplace(0, b) law as the integral of w^2 against its density (mean 0)."""
    return Integral(w_**2 * lap(w_, 0, b), (w_, -oo, oo))


catalogue.declare(build_claim(
    "wasserman.laplace.sd.repaired", "§3, f(w) ∝ e^(-|w|/lambda) has sd sqrt(2) lambda",
    lap_var(lam_), "==", 2 * lam_**2, Domain.of(lambda_=Pos(0, None)),
    note="corrected statement: the density must be e^(-|w|/lambda)/(2 lambda) (the absolute "
         "value is missing in the notes); variance int w^2 f(w) dw = 2 lambda^2, i.e. sd "
         "sqrt(2) lambda, every lambda > 0"))
SD_LOC = "§3, f(w) ∝ e^(-|w|/lambda) has sd sqrt(2) lambda"
catalogue.declare(build_claim(
    "wasserman.laplace.sd.intended", SD_LOC, laplace_sd(0, lam_), "==", sqrt(2) * lam_,
    Domain.of(lambda_=Pos(0, None)),
    "sd integrated from the Laplace(0, lambda) density (laplace_sd, derived by the symbolic "
    "engine), every lambda > 0"))
LSI = Domain.of(a=closed(1, 40, integer=True))
lsl = LSI.symbols()["a"] / 4
catalogue.declare(build_claim(
    "wasserman.laplace.sd.intended.instances", SD_LOC, laplace_sd(0, lsl), "==", sqrt(2) * lsl,
    LSI, "sd integrated from the Laplace(0, lambda) density (laplace_sd); lambda = a/4 in "
    "{1/4, ..., 10}", derived={"lambda": lsl}))

# Delta = 1 (the claim is invariant under scaling f and lambda together), f(D) = 0
LD = Domain.of(a=closed(-6, 6, integer=True), b=closed(-4, 4, integer=True),
               c=closed(1, 4, integer=True))
la, lb, lc = (LD.symbols()[n] for n in ("a", "b", "c"))
lz, lt, le = la / 2, lb / 4, lc / 4
llam = 1 / le
ratio = laplace_pdf(lz, 0, llam) / laplace_pdf(lz, lt, llam)
mid_ = exp(Abs(lt) / llam)
LD_NOTE = ("Z = f(D) + W, W ~ Laplace(0, lambda) (density e^(-|w|/lambda)/(2 lambda), "
           "laplace_pdf), lambda = Delta/eps with Delta = 1 (scale invariance), f(D) = 0, "
           "f(D') = t, |t| <= Delta; z = a/2 in [-3, 3], t = b/4, eps = c/4 in [1/4, 1]; "
           "the bounds are attained, so the equality cases cannot be certified by balls")
SUP_NOTE = ("sup_z log p(z|D)/p(z|D') <= c is H_c(P_D||P_D') = 0, derived from the Laplace "
            "densities by the symbolic engine (not assumed); ")
catalogue.declare(build_claim(
    "wasserman.laplace.dp", "§3, p(z|D)/p(z|D') <= e^(|f(D) - f(D')|/lambda) <= e^eps",
    hockey_stick(Laplace(0, Delta_ / eps_), Laplace(Delta_, Delta_ / eps_), eps_), "<=", 0,
    Domain.of(eps=Pos(0, None), Delta=Pos(0, None)),
    SUP_NOTE + "lambda = Delta/eps, every eps > 0, Delta > 0, the worst "
    "neighbour |f(D) - f(D')| = Delta (smaller shifts: step1 with H decreasing in eps; "
    "negative shifts by reflection)"))
z_ = sympy.Symbol("z", real=True)
catalogue.declare(build_claim(
    "wasserman.laplace.dp.step1", "§3, first inequality",
    loss_at(Laplace(0, lam_), Laplace(t_, lam_), z_), "<=", t_ / lam_,
    Domain.of(lambda_=Pos(0, None), t=Interval(0, None), z=Interval(None, None)),
    "log p(z|D)/p(z|D') <= |f(D) - f(D')|/lambda at every output z: the log-ratio computed "
    "from the two Laplace densities (loss_at, derived by the symbolic engine), f(D) = 0, "
    "t = f(D') >= 0 (t < 0 by the reflection z -> -z), lambda > 0, z real"))
catalogue.declare(build_claim(
    "wasserman.laplace.dp.step2", "§3, second inequality",
    exp(t_ * eps_), "<=", exp(eps_), Domain.of(t=closed(0, 1), eps=Pos(0, None)),
    "e^(|f(D) - f(D')|/lambda) <= e^eps with lambda = Delta/eps, |f(D) - f(D')| = t Delta, "
    "t in [0, 1]"))
catalogue.declare(build_claim(
    "wasserman.laplace.dp.instances", "§3, p(z|D)/p(z|D') <= e^(|f(D) - f(D')|/lambda) <= e^eps",
    ratio, "<=", exp(le), LD, LD_NOTE, derived={"z": lz, "t": lt, "eps": le}))

# Delta = sup over replace-one neighbours of |mean(D) - mean(D')|: D and D' share n - 1
# entries (sum S, |S| <= (n - 1) B, written S = (n - 1) B v with v in [-1, 1]) and differ in
# one, a in D and b in D', both in [-B, B]
MSC = Domain.of(n=Interval(1, None, integer=True), B=Pos(0, None), v=closed(-1, 1),
                a=closed(-1, 1), b=closed(-1, 1))
cn, cB, cv, ca, cb = (MSC.symbols()[k] for k in ("n", "B", "v", "a", "b"))
mS = (cn - 1) * cB * cv
mean_gap = Abs((mS + ca * cB) / cn - (mS + cb * cB) / cn)
MS_LOC = "§3, X_i in [-B, B], f = mean: Delta = 2B/n"
MS_NOTE = ("mean(D) = (S + a)/n, mean(D') = (S + b)/n for replace-one neighbours sharing n - 1 "
           "entries with sum S = (n - 1) B v, the replaced entries a B, b B in [-B, B] (a, b, v "
           "in [-1, 1]); every n >= 1 and B > 0")
catalogue.declare(build_claim(
    "wasserman.mean.sensitivity", MS_LOC, mean_gap, "<=", 2 * cB / cn, MSC,
    "the sup is at most 2B/n (and attained: .attained); " + MS_NOTE))
catalogue.declare(build_claim(
    "wasserman.mean.sensitivity.attained", MS_LOC, mean_gap.subs({ca: 1, cb: -1}), "==",
    2 * cB / cn, MSC, "the sup 2B/n is attained at a = B, b = -B; " + MS_NOTE))
# exact enumerations: n = 2^j so that 2B/n and 1/n are exact binary numbers (|.| <= 0 can
# then be certified exactly)
MS = Domain.of(j=closed(0, 2, integer=True), B=closed(1, 3, integer=True))
mj, mB = (MS.symbols()[n] for n in ("j", "B"))
catalogue.declare(build_claim(
    "wasserman.mean.sensitivity.instances", MS_LOC,
    Abs(mean_sensitivity_enum(2**mj, mB) - 2 * mB / 2**mj), "<=", 0, MS,
    "Delta = sup over replace-one neighbours, enumerated over all datasets in "
    "{-B, 0, B}^n (contains the extremes +-B, where the sup over [-B, B] is attained), "
    "n = 2^j in {1, 2, 4}, B in {1, 2, 3}; the equality as |Delta_enum - 2B/n| <= 0",
    derived={"n": 2**mj}))

catalogue.declare(cited_claim(
    "wasserman.minimax", "§4, Barber and Duchi (2014) lower bound",
    "cited, asymptotic (a minimax rate up to constants, ⪰)"))

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
    "wasserman.expmech.dp", src(EM_LOC),
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
         "set merges the same way.  The notes' Kolmogorov-Smirnov example: .instances"))
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
    "wasserman.ks.sensitivity", src("§5.1, for the Kolmogorov-Smirnov distance Delta = 1/n"),
    Statement(Max(Abs(Abs(kv + kha) - Abs(kv + khb)), ks_witness), "==", 1), KSN,
    Kind.IDENTITY,
    narrowed="the one-record form n (F_x - F_z) = v + h_a; every dataset by the reduction "
             "argued in the note, which the engines do not check",
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
catalogue.declare(build_claim(
    "wasserman.histogram.dp", "§5.2, D_j = C_j + nu_j, nu_j Laplace with variance 8/eps^2",
    hockey_stick(Laplace(0, 2 / eps_), Laplace(1, 2 / eps_), eps_ / 2), "<=", 0,
    Domain.of(eps=Pos(0, None)),
    narrowed="one moved bin's Laplace pair at eps/2; the histogram's loss as the sum of the "
             "two moved bins' losses is argued in the note, which the engines do not check "
             "(.instances checks both bins)",
    note=    "variance 8/eps^2 is the Laplace scale b = 2/eps; a replace-one neighbour moves one "
    "record between two bins, shifting two coordinates by 1 each; the product density's "
    "log-ratio is the sum of the two coordinates' log-ratios (other bins cancel), each "
    "bounded by eps/2 iff H_(eps/2)(Lap(0, 2/eps)||Lap(1, 2/eps)) = 0 (derived from the "
    "densities; counts only translate both laws); every eps > 0"))
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
SE_NOTE = ("instance: cosine basis psi_j(x) = sqrt(2) cos(pi j x), c0 = sqrt(2), data on "
           "{0, 1/4, ..., 1}, n in {1..20}, m in {1..4}, eps = c/4 in {1/4..2}; lhs = sup of "
           "the log density ratio over replace-one neighbours (cosine_series_loss)")
catalogue.declare(build_claim(
    "wasserman.series.dp", "§5.3, nu_j Laplace with sd m c0/(n eps) makes q-hat eps-DP",
    cosine_series_loss(sn, sm, sm * c0 / (sn * se) / sqrt(2)), "<=", se, SE,
    "literal: standard deviation m c0/(n eps), i.e. Laplace scale m c0/(sqrt(2) n eps); "
    + SE_NOTE))
catalogue.declare(build_claim(
    "wasserman.series.dp.intended", "§5.3, reading 'sd' as the Laplace scale",
    cosine_series_loss(sn, sm, sm * c0 / (sn * se)), "<=", se, SE,
    "reading: Laplace scale b = m c0/(n eps) (still a factor 2 short; the corrected "
    "statement is wasserman.series.dp.repaired); " + SE_NOTE))

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

CLAIMS = catalogue.claims
