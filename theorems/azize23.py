"""Achraf Azize, "Open problem - Better privacy guarantees for larger groups", note, July 2023.

Algorithm 1 (X ~ N(x, s^2), s^2 = 1/(2 rho), Y | X ~ N(X, (r X)^2)) and Algorithm 2
(X ~ N(x, (r x)^2)) for group-wise zCDP (Definition 1).  Oracle-heavy claims are checked on
grids of exact instances, written with integer parameters: the count x, the noise scale
s in {1, 2} (rho = 1/2, 1/8), r = k/4 or k/2, the neighbour's count x + d with d = 2j - 1.
"""

from __future__ import annotations

import sympy
from sympy import Abs, Max, log, sqrt

from dpproof.claims import Claim, Domain, Interval, Kind, Source, Statement
from dpproof.expr.vocabulary import (DataDependentNormal, kl, renyi)
from dpproof.expr.vocabulary import (fp_inv_sq_normal, pv_inv_normal, trunc_abs_inv_normal,
                                     trunc_inv_sq_normal)
from dpproof.expr.vocabulary import (alg1_abs_dev, alg1_moment, alg1_variance, cyik16_series,
                                     normal_abs_dev, normal_product_kl, normal_product_pdf,
                                     normal_variance)
from dpproof.expr.vocabulary import (dawson)

SOURCE_FILE = "000_9898914606e568bb.txt"
I = Interval.closed


def src(locator: str, note: str = "") -> Source:
    return Source("azize23", SOURCE_FILE, locator, note)


def sym(domain: Domain) -> dict:
    return domain.symbols()


def claim(cid, locator, lhs, rel, rhs, domain, note="", kind=None, steps=(), hyps=()):
    kind = kind or (Kind.IDENTITY if rel == "==" else Kind.INEQUALITY)
    return Claim(cid, src(locator), Statement(lhs, rel, rhs, tuple(hyps)), domain, kind,
                 steps=steps, note=note)


# ----------------------------------------------------------------------------- Algorithm 1

# instances: x in {0..5}, s in {1, 2}, r = k/4 in {1/4, 1/2, 3/4, 1}
A1 = Domain.of(x=I(0, 5, integer=True), s=I(1, 2, integer=True), k=I(1, 4, integer=True))
x, s, k = (sym(A1)[n] for n in ("x", "s", "k"))
r = k / 4
EY, VARY = alg1_moment(x, s, r, 1), alg1_variance(x, s, r)
A1_NOTE = ("instances x in {0..5}, s in {1, 2} (rho = 1/(2 s^2)), r = k/4; E[Y^k] integrates "
           "the hierarchical law Y | X = u ~ N(u, (r u)^2) (oracle alg1_moment)")

mean = claim("azize23.alg1.mean", "§2.1, E[Y] = E[E[Y|X]] = E[X] = x", EY, "==", x, A1, A1_NOTE)

var_mid = r**2 * (x**2 + s**2) + s**2
var_end = r**2 * x**2 + s**2 * (1 + r**2)
variance = claim(
    "azize23.alg1.variance", "§2.1, V[Y] = r^2(x^2 + s^2) + s^2 = r^2 x^2 + s^2(1 + r^2)",
    VARY, "==", var_end, A1, A1_NOTE + "; Var = E[Y^2] - E[Y]^2 (alg1_variance)",
    steps=(claim("azize23.alg1.variance.step1", "§2.1, first equality", VARY, "==", var_mid,
                 A1, A1_NOTE),
           claim("azize23.alg1.variance.step2", "§2.1, second equality", var_mid, "==",
                 var_end, A1)))

acc_rhs = r * x + s * sqrt(1 + r**2)
accuracy = claim(
    "azize23.alg1.accuracy", "§2.1, E|Y - x| <= sqrt(V[Y]) = ... <= r x + s sqrt(1 + r^2)",
    alg1_abs_dev(x, s, r), "<=", acc_rhs, A1,
    A1_NOTE + "; E|Y - x| integrates the folded-normal mean of Y | X over X (alg1_abs_dev)",
    steps=(claim("azize23.alg1.accuracy.step1", "§2.1, E|Y - x| <= sqrt(V[Y])",
                 alg1_abs_dev(x, s, r), "<=", sqrt(VARY), A1, A1_NOTE),
           claim("azize23.alg1.accuracy.step2", "§2.1, sqrt(V[Y]) = sqrt(r^2 x^2 + s^2(1+r^2))",
                 sqrt(VARY), "==", sqrt(var_end), A1, A1_NOTE),
           claim("azize23.alg1.accuracy.step3", "§2.1, sqrt(r^2 x^2 + s^2(1+r^2)) <= r x + "
                 "s sqrt(1+r^2)", sqrt(var_end), "<=", acc_rhs, A1)))

# the product density: x in {0, 1, 2}, s = 1, r = 1/2, y in {-3/2, 1/2, 5/2}
PD = Domain.of(x=I(0, 2, integer=True), s=Interval.point(1), j=I(0, 2, integer=True))
px, ps, pj = (sym(PD)[n] for n in ("x", "s", "j"))
py, pr = 2 * pj - sympy.Rational(3, 2), sympy.Rational(1, 2)
product_pdf = claim(
    "azize23.alg1.product_pdf", "§2.2 Attempt 1, f_Y(y) by Theorem 2.1 of [CYIK16]",
    cyik16_series(px, ps, pr, py), "==", normal_product_pdf(px, ps, pr, py), PD,
    "lhs: the double series exactly as printed, summed with a certified tail bound "
    "(cyik16_series); rhs: the density of X Z from its definition int phi_X(u) phi_Z(y/u)/|u| du; "
    "instances x in {0, 1, 2}, s = 1, r = 1/2, y = 2j - 3/2 in {-3/2, 1/2, 5/2}")

# D_alpha(Y||Y') = log(I)/(alpha - 1) with I = int (f_Y/f_Y')^alpha f_Y'; by the definition
# of h (f = exp(-x^2/(2s^2) - 1/(2r^2)) h), int (h/h')^alpha f_Y' = exp(-alpha(1 +- 2x)/(2s^2)) I
RS = Domain.of(x=I(0, 10**4), s=Interval(0, 100, lo_open=True), alpha=Interval(1, 100, True),
               Iint=Interval(0, 10**6, lo_open=True), j=I(0, 1, integer=True))
rx, rs, ra, rI, rj = (sym(RS)[n] for n in ("x", "s", "alpha", "Iint", "j"))
pm = (1 + (2 * rj - 1) * 2 * rx) / (2 * rs**2)
renyi_split = claim(
    "azize23.alg1.renyi_split", "§2.2 Attempt 1, the split of D_alpha(Y_i || Y'_i)",
    log(rI) / (ra - 1), "==",
    ra / (ra - 1) * pm + log(sympy.exp(-ra * pm) * rI) / (ra - 1), RS,
    "Iint = int (f_Y/f_Y')^alpha f_Y' dy > 0 (so the lhs is D_alpha by definition); the "
    "integral of the rhs is rewritten through the definition of h (f_Y = exp(-x^2/(2s^2) - "
    "1/(2r^2)) h) as exp(-alpha(1 +- 2x)/(2 s^2)) Iint; the sign +- is 2j - 1")

kl_channel = Claim(
    "azize23.alg1.kl_channel", src("§2.2 Attempt 2, the recalled theorem"), None,
    kind=Kind.CITED, reason="cited: joint convexity / data processing of f-divergences "
    "(D_f(P_Y||Q_Y) <= E_X D_f(P_Y|X || Q_Y|X)), a general theorem quoted without proof")

# X = a/4, X' = b/4, r = k/4 on a grid of exact instances
KG = Domain.of(a=I(1, 16, integer=True), b=I(1, 16, integer=True), k=I(1, 4, integer=True))
ga, gb, gk = (sym(KG)[n] for n in ("a", "b", "k"))
gX, gXp, gr = ga / 4, gb / 4, gk / 4
kl_rest = (gr**2 * gX**2 + gX**2 - 2 * gX * gXp + gXp**2) / (2 * gr**2 * gXp**2) - \
    sympy.Rational(1, 2)
KG_NOTE = ("lhs from the densities (kl oracle); (X - X')^2 written expanded; instances "
           "X = a/4, X' = b/4, r = k/4")
kl_gauss = claim("azize23.alg1.kl_gauss", "§2.2 Attempt 2, KL of the two channels",
                 kl(DataDependentNormal(gX, gr), DataDependentNormal(gXp, gr)), "==",
                 2 * log(gXp / gX) + kl_rest, KG, KG_NOTE + ", a, b in {1..16} (X, X' > 0, "
                 "where log(X'/X) is defined)")
KGI = Domain.of(a=I(-6, 6, integer=True), b=I(-6, 6, integer=True), k=I(1, 4, integer=True))
ha, hb, hk = (sym(KGI)[n] for n in ("a", "b", "k"))
kl_gauss_intended = claim(
    "azize23.alg1.kl_gauss.intended", "§2.2 Attempt 2, KL of the two channels",
    kl(DataDependentNormal(ha / 4, hk / 4), DataDependentNormal(hb / 4, hk / 4)), "==",
    log(Abs(hb / ha)) + kl_rest.subs({ga: ha, gb: hb, gk: hk}), KGI,
    "reading: the scales are r|X|, r|X'| (X, X' of any sign) and KL = log(sigma'/sigma) + "
    "...: log |X'/X| in place of 2 log(X'/X); " + KG_NOTE + ", a, b in {-6..6} \\ {0}",
    hyps=(Statement(ha**2, ">=", 1), Statement(hb**2, ">=", 1)))

# expectations with X ~ N(x, s^2), X' ~ N(x + d, s^2), d = 2j - 1
PV = Domain.of(x=I(0, 6, integer=True), j=I(0, 1, integer=True), s=I(1, 2, integer=True))
vx, vj, vs = (sym(PV)[n] for n in ("x", "j", "s"))
vd = 2 * vj - 1
E_xp_over_x = (vx + vd) * pv_inv_normal(vx, vs)
E_x_over_xp = vx * pv_inv_normal(vx + vd, vs)
E_sq = (vs**2 + vx**2) * fp_inv_sq_normal(vx + vd, vs)
F_xp_over_x = (vx + vd) * sqrt(2) / vs * dawson(vx / (sqrt(2) * vs))
F_x_over_xp = vx * sqrt(2) / vs * dawson((vx + vd) / (sqrt(2) * vs))
F_sq = (vs**2 + vx**2) / (2 * vs**2) * (sqrt(2) * (vx + vd) / vs *
                                         dawson((vx + vd) / (sqrt(2) * vs)) - 1)
PV_NOTE = ("instances x in {0..6}, x' = x + 2j - 1, s in {1, 2}; E[X'/X] = E[X'] PV E[1/X] "
           "(independence), PV E[1/X] = int_0^inf (phi(u) - phi(-u))/u du (pv_inv_normal); "
           "E[1/X'^2] has no principal value (see .inv_sq_no_pv): its only finite "
           "regularisation, Hadamard's finite part (fp_inv_sq_normal), is used")
pv_moments = claim(
    "azize23.alg1.pv_moments", "§2.2 Attempt 2, the three principal-value expectations",
    Max(Abs(E_xp_over_x - F_xp_over_x), Abs(E_x_over_xp - F_x_over_xp), Abs(E_sq - F_sq)),
    "==", 0, PV, "all three formulas at once; " + PV_NOTE)
pv_parts = (
    claim("azize23.alg1.pv_moments.xp_over_x", "§2.2 Attempt 2, E[X'/X]", E_xp_over_x, "==",
          F_xp_over_x, PV, PV_NOTE),
    claim("azize23.alg1.pv_moments.x_over_xp", "§2.2 Attempt 2, E[X/X']", E_x_over_xp, "==",
          F_x_over_xp, PV, PV_NOTE),
    claim("azize23.alg1.pv_moments.sq_ratio", "§2.2 Attempt 2, E[X^2/X'^2]", E_sq, "==",
          F_sq, PV, PV_NOTE),
)
# existence: int_{eps <= |u|} phi/|u| >= 2 m log(1/eps), m = min_{|u| <= 1} phi, eps = 2^-t
EX = Domain.of(x=I(0, 1, integer=True), s=Interval.point(1), t=I(1, 12))
ex, es, et = (sym(EX)[n] for n in ("x", "s", "t"))
m_min = sympy.exp(-(ex + 1)**2 / (2 * es**2)) / (es * sqrt(2 * sympy.pi))
EX_NOTE = ("instances x in {0, 1}, s = 1, eps = 2^-t, t in [1, 12]: a lower bound growing "
           "without limit as eps -> 0 shows the integral diverges; m = phi(|x| + 1) = min of phi "
           "on [-1, 1]")
not_ordinary = (
    claim("azize23.alg1.pv_moments.inv_not_integrable",
          "§2.2 Attempt 2, 'these expectations do not exist as ordinary integrals' (1/X)",
          trunc_abs_inv_normal(ex, es, 2**(-et)), ">=", 2 * m_min * et * log(2), EX,
          "E|1/X| = lim int_{|u|>=eps} phi/|u| = +inf; " + EX_NOTE),
    claim("azize23.alg1.pv_moments.inv_sq_no_pv",
          "§2.2 Attempt 2, E[1/X'^2] 'in the principal value sense'",
          trunc_inv_sq_normal(ex, es, 2**(-et)), ">=", 2 * m_min * (2**et - 1), EX,
          "the symmetric truncation int_{|u|>=eps} phi/u^2 (both the ordinary integral and "
          "its principal value) tends to +inf; " + EX_NOTE),
)

KB = Domain.of(x=I(0, 8, integer=True), j=I(0, 1, integer=True), s=I(1, 2, integer=True),
               k=I(1, 4, integer=True))
bx, bj, bs, bk = (sym(KB)[n] for n in ("x", "j", "s", "k"))
br, bd = bk / 4, 2 * bj - 1
kl_bound = claim(
    "azize23.alg1.kl_bound", "§2.2 Attempt 2, the bound on D_1(Y_i || Y'_i)",
    normal_product_kl(bx, bs, br, bx + bd), "<=",
    2 * log((bx + bd) * pv_inv_normal(bx, bs))
    + (1 + 1 / br**2) / 2 * (bs**2 + bx**2) * fp_inv_sq_normal(bx + bd, bs)
    - bx * pv_inv_normal(bx + bd, bs) / br**2 + (1 / br**2 - 1) / 2, KB,
    "instances x in {0..8}, x' = x + 2j - 1, s in {1, 2}, r = k/4; the expectations do not "
    "exist as ordinary integrals: they are taken in the principal-value sense (E[X'/X], "
    "E[X/X']) and as Hadamard finite part (E[X^2/X'^2]); KL(Y||Y') is enclosed between the "
    "binary KL of sign(Y) and KL(X||X') (data processing, normal_product_kl)")

# ----------------------------------------------------------------------------- Algorithm 2

# grids of exact instances: x a count, r = k/8, alpha = 1 + 2^(i - 3) in {9/8, ..., 33}
A2 = Domain.of(x=I(1, 30, integer=True), k=I(1, 8, integer=True))
ax, ak = (sym(A2)[n] for n in ("x", "k"))
ar = ak / 8
abs_dev2 = normal_abs_dev(ax, ar * ax, ax)
A2_NOTE = ("E|X - x| and Var X integrated from the density of N(x, (r x)^2); instances "
           "x in {1..30}, r = k/8")
alg2_accuracy = claim(
    "azize23.alg2.accuracy", "§3.1, E|X_i - x_i| <= sqrt(V[X_i]) = r x_i", abs_dev2, "<=",
    ar * ax, A2, A2_NOTE,
    steps=(claim("azize23.alg2.accuracy.step1", "§3.1, E|X_i - x_i| <= sqrt(V[X_i])", abs_dev2,
                 "<=", sqrt(normal_variance(ax, ar * ax)), A2, A2_NOTE),
           claim("azize23.alg2.accuracy.step2", "§3.1, sqrt(V[X_i]) = r x_i",
                 sqrt(normal_variance(ax, ar * ax)), "==", ar * ax, A2, A2_NOTE)))


def alg2_grid(lo):
    d = Domain.of(x=I(lo, 20, integer=True), k=I(1, 4, integer=True), i=I(0, 8, integer=True))
    xx, kk, ii = (sym(d)[n] for n in ("x", "k", "i"))
    return d, xx, kk / 4, 1 + 2**(ii - 3)


R2, qx, qr, qa = alg2_grid(1)
R2_NOTE = ("lhs from the densities (renyi oracle); instances x in {1..20}, r = k/4, "
           "alpha = 1 + 2^(i-3) in {9/8, 5/4, ..., 33}")
P, Pp = DataDependentNormal(qx, qr), DataDependentNormal(qx + 1, qr)
renyi_exact = claim(
    "azize23.alg2.renyi_exact", "§3.2, the Renyi divergence of the two data-dependent normals",
    renyi(P, Pp, qa), "==",
    2 * log((qx + 1) / qx) + log((qx**2 + 2 * qx + 1) / (qx**2 + qa * (2 * qx + 1)))
    / (2 * (qa - 1)) + qa / (2 * (qr**2 * qx**2 + qa * qr**2 * (2 * qx + 1))), R2, R2_NOTE)
v_bound = qa / (2 * qr**2 * qx**2) + 2 * log(1 + 1 / qx)
renyi_bound = claim("azize23.alg2.renyi_bound", "§3.2, the bound (alpha > 1, r, x > 0)",
                    renyi(P, Pp, qa), "<=", v_bound, R2, R2_NOTE)

G2, zx, zr, za = alg2_grid(2)
N0, Nadd, Nrem = (DataDependentNormal(zx + d, zr) for d in (0, 1, -1))
budget = za / (2 * zr**2 * zx**2) + 2 * log(1 + 1 / zx)
directions = {"add": renyi(N0, Nadd, za), "add_reverse": renyi(Nadd, N0, za),
              "remove": renyi(N0, Nrem, za), "remove_reverse": renyi(Nrem, N0, za)}
GZ_NOTE = ("Definition 1 with v(D)_i = 1/(2 r^2 x^2), xi(D)_i = 2 log(1 + 1/x) at D (count x), "
           "neighbours D' with count x +- 1; divergences from the densities; instances "
           "x in {2..20}, r = k/4, alpha = 1 + 2^(i-3) (removing the only record, x = 1 -> 0, "
           "gives the point mass N(0, 0): an infinite divergence, outside this grid)")
groupwise = claim("azize23.alg2.groupwise_zcdp", "§3.2, Algorithm 2 is (v, xi)-group-wise zCDP",
                  Max(*directions.values()), "<=", budget, G2, "all four (neighbour, order) "
                  "pairs; " + GZ_NOTE)
groupwise_parts = tuple(
    claim(f"azize23.alg2.groupwise_zcdp.{name}", "§3.2 with Definition 1", div, "<=", budget,
          G2, GZ_NOTE) for name, div in directions.items())

MO = Domain.of(x=Interval(0, None, lo_open=True), r=Interval(0, 1, lo_open=True))
mx, mr = (sym(MO)[n] for n in ("x", "r"))
dv = sympy.diff(1 / (2 * mr**2 * mx**2), mx)
dxi = sympy.diff(2 * log(1 + 1 / mx), mx)
MO_NOTE = "non-increasing on the reals x > 0 (hence on the counts): the derivative is <= 0"
monotone = claim("azize23.alg2.monotone", "§3.2, 'the privacy budgets are non-increasing'",
                 Max(dv, dxi), "<=", 0, MO, MO_NOTE)
monotone_parts = (claim("azize23.alg2.monotone.v", "§3.2, v(D)_i", dv, "<=", 0, MO, MO_NOTE),
                  claim("azize23.alg2.monotone.xi", "§3.2, xi(D)_i", dxi, "<=", 0, MO, MO_NOTE))

CLAIMS = (mean, variance, accuracy, product_pdf, renyi_split, kl_channel, kl_gauss,
          kl_gauss_intended, pv_moments, *pv_parts, *not_ordinary, kl_bound, alg2_accuracy,
          renyi_exact, renyi_bound, groupwise, *groupwise_parts, monotone, *monotone_parts)
