"""wasserman §1-§2: randomized response, eps-DP and posterior odds."""

from __future__ import annotations

import sympy
from sympy import Abs, Max, exp, log

from dpproof.claims import Claim, Domain, Interval, Statement
from dpproof.expr.vocabulary import Laplace, hockey_stick, laplace_pdf, rr_prob

from .common import build_claim, catalogue, closed, eps_, Pos, src

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
# p(z|X_i = b) at the observed z are any positive numbers within a factor e^eps of each other,
# i.e. pa = pb e^(u eps) with u in [-1, 1] (the premise's region, parametrised exactly)
ODDS = Domain.of(eps=Pos(0, None), prior=Interval.open(0, 1), pb=Pos(0, None), u=closed(-1, 1))
o_pr, o_pb, o_u = (ODDS.symbols()[n] for n in ("prior", "pb", "u"))
o_pa = o_pb * exp(o_u * eps_)
o_evidence = o_pa * o_pr + o_pb * (1 - o_pr)


def _ratio(num, den):
    """num/den kept unevaluated, so the report shows Bayes' rule as written."""
    return sympy.Mul(num, sympy.Pow(den, -1, evaluate=False), evaluate=False)


o_post = _ratio(_ratio(o_pa * o_pr, o_evidence), _ratio(o_pb * (1 - o_pr), o_evidence))
o_prior = _ratio(o_pr, 1 - o_pr)
catalogue.declare(Claim(
    "wasserman.dp.odds", src("§2, e^-eps prior odds <= posterior odds <= e^eps prior odds"),
    Statement(Abs(log(_ratio(o_post, o_prior), evaluate=False), evaluate=False), "<=", eps_),
    ODDS,
    note="the implication as stated: eps-DP in the density form the notes give (sup_z "
         "q(z|D)/q(z|D') <= e^eps, both orders of the neighbours) implies e^-eps prior odds <= "
         "posterior odds <= e^eps prior odds.  pa = p(z|X_i = a), pb = p(z|X_i = b) are the "
         "densities of any mechanism at the observed z (every positive pair: z where they "
         "vanish has probability 0); the premise e^-eps <= pa/pb <= e^eps is the region pa = "
         "pb e^(u eps), u in [-1, 1], pb > 0, parametrised exactly (a bijection onto the "
         "pairs the premise allows), so the claim is the implication for every pair and not "
         "one mechanism; the posterior probabilities by Bayes' rule, every prior P(X_i = a) "
         "in (0, 1) and eps > 0; the two bounds as |log(posterior odds / prior odds)| <= "
         "eps (all positive, log increasing: the same statement).  (Before issue 29 this id checked that the Laplace mechanism "
         "is eps-DP, with the step to the odds argued in the note: now "
         "wasserman.dp.odds.laplace; then the premise as two hypotheses on free pa, pb, "
         "which the engines left SUPPORTED)"))
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
