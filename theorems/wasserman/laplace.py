"""wasserman §3-§4: the Laplace mechanism, sensitivities, minimax rates."""

from __future__ import annotations

import sympy
from sympy import Abs, Rational, exp, sqrt

from dpproof.claims import Domain, Interval
from dpproof.expr.vocabulary import (Laplace, hockey_stick, loss_at, laplace_pdf, laplace_sd,
                                     mean_sensitivity_enum)

from .common import (build_claim, catalogue, cited_claim, closed, Delta_, eps_, lam_, lap,
                     lap_var, Pos, t_)

# ----------------------------------------------------------------- §3 Laplace mechanism
LS = Domain.of(w1=closed(-10, 10), w2=closed(-10, 10), lam=closed(Rational(1, 10), 10))
w1, w2, lam = (LS.symbols()[n] for n in ("w1", "w2", "lam"))
catalogue.declare(build_claim(
    "wasserman.laplace.sd", "§3, 'f(w) ∝ e^(-w/lambda)' is the Laplace law, sd sqrt(2) lambda",
    exp(-w1 / lam) * lap(w2, 0, lam), "==", exp(-w2 / lam) * lap(w1, 0, lam), LS,
    "literal: e^(-w/lambda) as printed is not integrable on the real line; being "
    "proportional to the Laplace(0, lambda) density (the law with sd sqrt(2) lambda) means "
    "f(w1) lap(w2) = f(w2) lap(w1) for all w1, w2; flaw: misprint (missing term): the "
    "absolute value, f(w) ∝ e^(-|w|/lambda) is the Laplace density with sd sqrt(2) lambda "
    "(wasserman.laplace.sd.repaired), as printed e^(-w/lambda) is not a density on the real "
    "line, and the mechanism built on it (the Laplace mechanism of §3) is meant with |w|"))


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
