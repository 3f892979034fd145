"""azize23: corrected statements of the REFUTED claims, on the source's own (continuous)
domain where the engines can decide it."""

from __future__ import annotations

from sympy import Abs, Max, log

from dpproof.expr.vocabulary import DataDependentNormal, Normal, kl, renyi

from .alg2 import G2, GR, GR_NOTE, GZ_NOTE, R2, R2_NOTE, budget, directions, gz_forms, qa, qr, qx
from .attempts import PV, PV_NOTE, PVC, PVC_NOTE, ga, gb, gk, kl_rest, pv_forms
from .common import POS, Domain, Interval, build_claim, catalogue, sym

# ----------------------------------------------------------------------------- repairs
# corrected statements of the REFUTED claims, on the source's own (continuous) domain where
# the engines can decide it

KR = Domain.of(X=POS, Xp=POS, r=POS)
kX, kXp, kr = (sym(KR)[n] for n in ("X", "Xp", "r"))
catalogue.declare(build_claim(
    "azize23.alg1.kl_gauss.repaired", "§2.2 Attempt 2, KL of the two channels (corrected)",
    kl(Normal(kX, kr * kX), Normal(kXp, kr * kXp)), "==",
    log(kXp / kX) + kl_rest.subs({ga: 4 * kX, gb: 4 * kXp, gk: 4 * kr}), KR,
    "corrected: the coefficient of log(X'/X) is 1 (KL of N(X, (rX)^2) and N(X', (rX')^2) = "
    "log(sigma'/sigma) + ...), not 2; all X, X' > 0, r > 0 (the source's domain), "
    "N(x, (r x)^2) written Normal(x, r x) so that the KL is derived from the densities"))

KM = Domain.of(X=POS, Xp=Interval(None, 0, hi_open=True), r=POS)
mX, mXp, mr = (sym(KM)[n] for n in ("X", "Xp", "r"))
catalogue.declare(build_claim(
    "azize23.alg1.kl_gauss.repaired.mixed_signs",
    "§2.2 Attempt 2, KL of the two channels (corrected, X > 0 > X')",
    kl(Normal(mX, mr * Abs(mX)), Normal(mXp, mr * Abs(mXp))), "==",
    log(Abs(mXp / mX)) + kl_rest.subs({ga: 4 * mX, gb: 4 * mXp, gk: 4 * mr}), KM,
    "the corrected KL when X and X' have opposite signs (scales r|X|, r|X'|): log|X'/X| + "
    "...; with .repaired (X, X' > 0) this covers every X, X' != 0, since reflecting both "
    "means (x -> -x) leaves the KL and the formula unchanged"))

SQ_FIX = ("corrected: the factor is (s^2 + x^2)/s^2, not (s^2 + x^2)/(2 s^2): FP E[1/X'^2] = "
          "-d/dx' PV E[1/X'] = (sqrt(2) x'/s D(x'/(sqrt(2) s)) - 1)/s^2 (= -1 at x' = 0, s = 1); ")


def _fixed(domain):
    forms = pv_forms(domain)
    e, p = forms["sq_ratio"]
    return {**forms, "sq_ratio": (e, 2 * p)}


for _d, _sfx, _note in ((PVC, "", PVC_NOTE), (PV, ".instances", PV_NOTE)):
    _f = _fixed(_d)
    catalogue.declare(build_claim(
        "azize23.alg1.pv_moments.repaired" + _sfx, "§2.2 Attempt 2, the three expectations "
        "(corrected)", Max(*(Abs(e - p) for e, p in _f.values())), "==", 0, _d,
        "the first two as printed, the third with the corrected factor (see "
        ".sq_ratio.repaired); " + _note))
    catalogue.declare(build_claim(
        "azize23.alg1.pv_moments.sq_ratio.repaired" + _sfx, "§2.2 Attempt 2, E[X^2/X'^2] "
        "(corrected)", *_f["sq_ratio"][:1], "==", _f["sq_ratio"][1], _d, SQ_FIX + _note))

RE_FIX = ("corrected: log((x+1)/x) (= log(sigma'/sigma)) in place of 2 log((x+1)/x); "
          "the divergence is finite since x^2 + alpha(2x + 1) > 0.  ")
RC = Domain.of(x=POS, r=POS, alpha=Interval(1, None, lo_open=True))


def _renyi_fixed(x, r, a):
    """(D_alpha from the densities, the corrected closed form)."""
    return (renyi(DataDependentNormal(x, r), DataDependentNormal(x + 1, r), a),
            log((x + 1) / x) + log((x + 1)**2 / (x**2 + a * (2 * x + 1))) / (2 * (a - 1))
            + a / (2 * (r**2 * x**2 + a * r**2 * (2 * x + 1))))


RE_LOC = "§3.2, the Renyi divergence (corrected)"
_div, _form = _renyi_fixed(*(sym(RC)[n] for n in ("x", "r", "alpha")))
catalogue.declare(build_claim(
    "azize23.alg2.renyi_exact.repaired", RE_LOC, _div, "==", _form, RC, RE_FIX + "Every x > 0, r > 0, alpha > 1 (the source's domain); D_alpha derived from the "
    "densities by the symbolic engine"))
catalogue.declare(build_claim(
    "azize23.alg2.renyi_exact.repaired.instances", RE_LOC, _renyi_fixed(qx, qr, qa)[0], "==",
    _renyi_fixed(qx, qr, qa)[1], R2, RE_FIX + R2_NOTE))
GZ_FIX = ("corrected: the budget (v, xi) at either count bounds D_alpha(M(D) || M(D')) only "
          "when D' has one record more than D (directions add and remove_reverse); in the "
          "other order no (v, xi) budget exists: D_alpha(N(x + 1, r^2 (x + 1)^2) || N(x, r^2 "
          "x^2)) = +inf for alpha >= (x + 1)^2/(2x + 1) (the tilted variance alpha x^2 + (1 - "
          "alpha)(x + 1)^2 is <= 0), while v alpha + xi is finite; ")
GZ_FIX_LOC = ("§3.2, Algorithm 2 group-wise zCDP (corrected: from the smaller to the larger "
              "count)")
_gr_dirs, _gr_budget = gz_forms(*(sym(GR)[n] for n in ("x", "r", "alpha")))
catalogue.declare(build_claim(
    "azize23.alg2.groupwise_zcdp.repaired", GZ_FIX_LOC,
    Max(_gr_dirs["add"], _gr_dirs["remove_reverse"]), "<=", _gr_budget, GR, GZ_FIX + GR_NOTE))

CLAIMS = catalogue.claims
