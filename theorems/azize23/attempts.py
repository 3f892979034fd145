"""azize23 §2.2: Attempt 1 (the product density, the split of the Renyi divergence) and
Attempt 2 (the KL of the two channels, the principal-value expectations, the KL bound)."""

from __future__ import annotations

import sympy
from sympy import Abs, Max, log, sqrt

from dpproof.expr.vocabulary import (DataDependentNormal, Normal, cyik16_series, dawson,
                                     fp_inv_sq_normal, kl, moment2, normal_product_kl,
                                     normal_product_pdf, pv_inv_normal, trunc_abs_inv_normal,
                                     trunc_inv_sq_normal)

from dpproof.calculus import (Context, Density, Functional, Proof, data_processing,
                              proportional)

from .common import (NONNEG, POS, Claim, Domain, Interval, Kind, Statement, build_claim,
                     catalogue, closed, grid, src, sym)

# the product density: x in {0, 1, 2}, s = 1, r = 1/2, y in {-3/2, 1/2, 5/2}
PD = Domain.of(x=closed(0, 2, integer=True), s=Interval.point(1),
               j=closed(0, 2, integer=True))
px, ps, pj = (sym(PD)[n] for n in ("x", "s", "j"))
py, pr = 2 * pj - sympy.Rational(3, 2), sympy.Rational(1, 2)
grid(PD, y=py)
catalogue.declare(build_claim(
    "azize23.alg1.product_pdf", "§2.2 Attempt 1, f_Y(y) by Theorem 2.1 of [CYIK16]",
    cyik16_series(px, ps, pr, py), "==", normal_product_pdf(px, ps, pr, py), PD,
    "lhs: the double series exactly as printed, summed with a certified tail bound "
    "(cyik16_series); rhs: the density of X Z from its definition int phi_X(u) phi_Z(y/u)/|u| du; "
    "instances x in {0, 1, 2}, s = 1, r = 1/2, y = 2j - 3/2 in {-3/2, 1/2, 5/2} (an "
    "equality: balls cannot certify it on a continuous box, and neither side has a symbolic "
    "form; every x, s is not reached)"))

# D_alpha(Y||Y') = log(I)/(alpha - 1) with I = int (f_Y/f_Y')^alpha f_Y' (the definition), for
# every pair of densities f_Y (p), f_Y' (q): with h the source's h(x) = f_Y exp(x^2/(2 s^2) +
# 1/(2 r^2)) (Thm 2.1's prefactor taken out), the integrands agree at every y, (h/h')^alpha q =
# exp(-alpha pm) p^alpha q^(1 - alpha), so int (h/h')^alpha f_Y' = exp(-alpha pm) I (the rule
# draws it by monotonicity both ways) and the split is the log algebra at every value I > 0
RS = Domain.of(x=NONNEG, s=POS, alpha=Interval(1, None, lo_open=True),
               j=closed(0, 1, integer=True))   # a count x >= 0, s > 0, alpha > 1
rx, rs, ra, rj = (sym(RS)[n] for n in ("x", "s", "alpha", "j"))
pm = (1 + (2 * rj - 1) * 2 * rx) / (2 * rs**2)
_fp, _fq = Density("p"), Density("q")
_rr = sympy.Symbol("r", real=True)
_pre = lambda xx: sympy.exp(xx**2 / (2 * rs**2) + 1 / (2 * _rr**2))  # noqa: E731
_I = Functional("I", _fp.value**ra * _fq.value**(1 - ra), (_fp, _fq), finite=False)
_H = Functional("int (h(x)/h(x')) ^ alpha f_Y'", (_fp.value * _pre(rx) / (
    _fq.value * _pre(rx + 2 * rj - 1)))**ra * _fq.value, (_fp, _fq), finite=False)
_PARAMS = dict(RS.params)
_RANGES = {"p": POS, "q": POS, "r": POS, **_PARAMS}
_RS_LOC = "§2.2 Attempt 1, the split of D_alpha(Y_i || Y'_i)"
catalogue.declare(Claim(
    "azize23.alg1.renyi_split", src(_RS_LOC), None,
    proof=Proof(proportional(
        Context("azize23.alg1.renyi_split", src(_RS_LOC)), _I, _H, sympy.exp(-ra * pm),
        lambda v: log(v) / (ra - 1), lambda v: ra / (ra - 1) * pm + log(v) / (ra - 1),
        ("D_alpha(Y||Y') = log(I)/(alpha - 1)", "alpha/(alpha - 1) (1 +- 2x)/(2 s^2) + "
         "log(int (h(x)/h(x'))^alpha f_Y')/(alpha - 1)"), _RANGES, _PARAMS)),
    note="D_alpha(Y||Y') = alpha/(alpha - 1) (1 +- 2x)/(2 s^2) + log(int (h(x)/h(x +- 1))^alpha "
         "f_Y' dy)/(alpha - 1) over every pair of densities f_Y = p, f_Y' = q of the outputs on "
         "counts x and x' = x +- 1 (+- = 2j - 1), x >= 0, s, r > 0, alpha > 1, with h as the "
         "source defines it, f_Y = exp(-x^2/(2 s^2) - 1/(2 r^2)) h(x) (whether the printed "
         "series is that h is azize23.alg1.product_pdf, and the integrands on instances are "
         ".pointwise); D_alpha = log(I)/(alpha - 1), I = int (f_Y/f_Y')^alpha f_Y' (the "
         "definition; I = +oo gives +oo on both sides).  The calculus' proportional rule: "
         "int (h/h')^alpha f_Y' = exp(-alpha(1 +- 2x)/(2 s^2)) I by monotonicity both ways "
         "(the integrands agree at every y; decided on p, q > 0: at q = 0 < p both are +oo, "
         "the closure convention, at p = 0 both 0), then the log algebra at every I > 0.  "
         "The earlier encoding checked the log algebra alone, the integral identity "
         "substituted by hand"))

# the substitution itself: the integrands agree at every y, with f_Y, f_Y' the product
# density from its definition and h the printed double series without its prefactor
PW = Domain.of(x=closed(1, 2, integer=True), j=closed(0, 1, integer=True),
               i=closed(0, 2, integer=True), a=closed(2, 3, integer=True))
wx, wj, wi, wa = (sym(PW)[n] for n in ("x", "j", "i", "a"))
wy, ws, wr, wal = 2 * wi - sympy.Rational(3, 2), 1, sympy.Rational(1, 2), wa
wx2 = wx + 2 * wj - 1          # the neighbour's count x +- 1


def h_printed(xx, yy):
    """h(x, s, r, y) as printed: the CYIK16 series without exp(-x^2/(2s^2) - 1/(2r^2))."""
    return cyik16_series(xx, ws, wr, yy) * sympy.exp(xx**2 / (2 * ws**2) + 1 / (2 * wr**2))


grid(PW, y=wy, alpha=wal, s=ws, r=wr)
catalogue.declare(build_claim(
    "azize23.alg1.renyi_split.pointwise", "§2.2 Attempt 1, the split of D_alpha(Y_i || Y'_i)",
    (normal_product_pdf(wx, ws, wr, wy) / normal_product_pdf(wx2, ws, wr, wy))**wal, "==",
    sympy.exp(wal * (1 + (2 * wj - 1) * 2 * wx) / (2 * ws**2))
    * (h_printed(wx, wy) / h_printed(wx2, wy))**wal, PW,
    "the step renyi_split substitutes by hand, checked on its integrands: (f_Y/f_Y')^alpha = "
    "exp(alpha (1 +- 2x)/(2 s^2)) (h(x)/h(x +- 1))^alpha at each y (multiply by f_Y' and "
    "integrate over y to get the printed split); f_Y, f_Y' the density of X Z from its "
    "definition (normal_product_pdf), h the printed double series (cyik16_series) times "
    "exp(x^2/(2 s^2) + 1/(2 r^2)); instances x in {1, 2}, the sign +- = 2j - 1, y = 2i - 3/2, "
    "alpha in {2, 3}, s = 1, r = 1/2"))

_kp, _kq = sympy.Symbol("p", real=True), sympy.Symbol("q", real=True)
_KL_SRC = src("§2.2 Attempt 2, the recalled theorem")
catalogue.declare(Claim(
    "azize23.alg1.kl_channel", _KL_SRC, None,
    proof=Proof(data_processing(Context("azize23.alg1.kl_channel", _KL_SRC), "KL",
                                _kp * log(_kp / _kq), {}, "second_derivative", (1, -1),
                                form="channel", log_scale=True)),
    note="the recalled theorem for KL, the divergence the attempt uses: KL(P_Y||Q_Y) <= "
         "E_X KL(P_Y|X||Q_Y|X) for every mixing law and channels (allowed to vanish: KL = "
         "+oo without absolute continuity), by the calculus' data processing (joint convexity "
         "of p log(p/q)); every f-divergence is the cited .every_f"))
catalogue.declare(Claim(
    "azize23.alg1.kl_channel.every_f", _KL_SRC, None,
    kind=Kind.CITED, reason="cited: joint convexity / data processing of f-divergences "
    "(D_f(P_Y||Q_Y) <= E_X D_f(P_Y|X || Q_Y|X)), a general theorem quoted without proof; "
    "the calculus proves it one f at a time (KL: azize23.alg1.kl_channel)"))

# X = a/4, X' = b/4, r = k/4 on a grid of exact instances
KG = Domain.of(a=closed(1, 16, integer=True), b=closed(1, 16, integer=True),
               k=closed(1, 4, integer=True))
ga, gb, gk = (sym(KG)[n] for n in ("a", "b", "k"))
gX, gXp, gr = ga / 4, gb / 4, gk / 4
grid(KG, X=gX, Xp=gXp, r=gr)
kl_rest = (gr**2 * gX**2 + gX**2 - 2 * gX * gXp + gXp**2) / (2 * gr**2 * gXp**2) - \
    sympy.Rational(1, 2)
KG_NOTE = ("lhs from the densities (kl oracle); (X - X')^2 written expanded; instances "
           "X = a/4, X' = b/4, r = k/4")
catalogue.declare(build_claim(
    "azize23.alg1.kl_gauss", "§2.2 Attempt 2, KL of the two channels",
    kl(DataDependentNormal(gX, gr), DataDependentNormal(gXp, gr)), "==",
    2 * log(gXp / gX) + kl_rest, KG, KG_NOTE + ", a, b in {1..16} (X, X' > 0, "
    "where log(X'/X) is defined); flaw: misprint (factor): the note writes 2 log(X'/X), but "
    "the KL of N(X, (rX)^2) and N(X', (rX')^2) starts with log(sigma'/sigma) = log(X'/X), "
    "coefficient 1 (azize23.alg1.kl_gauss.repaired), the rest of the formula is right"))
KGI = Domain.of(a=closed(-6, 6, integer=True), b=closed(-6, 6, integer=True),
                k=closed(1, 4, integer=True))
ha, hb, hk = (sym(KGI)[n] for n in ("a", "b", "k"))
grid(KGI, X=ha / 4, Xp=hb / 4, r=hk / 4)
INT_NOTE = ("reading: the scales are r|X|, r|X'| (X, X' of any sign) and KL = log(sigma'/sigma) "
            "+ ...: log |X'/X| in place of 2 log(X'/X); ")
INT_LOC = "§2.2 Attempt 2, KL of the two channels"
# every X, X' != 0 and r > 0: X = (2j - 1) u, X' = (2l - 1) v with u, v > 0, j, l in {0, 1}
KGC = Domain.of(u=POS, v=POS, j=closed(0, 1, integer=True), l=closed(0, 1, integer=True),
                r=POS)
cu, cv, cj, cl, cr = (sym(KGC)[n] for n in ("u", "v", "j", "l", "r"))
cX, cXp = (2 * cj - 1) * cu, (2 * cl - 1) * cv
grid(KGC, X=cX, Xp=cXp)
catalogue.declare(build_claim(
    "azize23.alg1.kl_gauss.intended", INT_LOC,
    kl(DataDependentNormal(cX, cr), DataDependentNormal(cXp, cr)), "==",
    log(Abs(cXp / cX)) + kl_rest.subs({ga: 4 * cX, gb: 4 * cXp, gk: 4 * cr}), KGC,
    INT_NOTE + "every X, X' != 0 of either sign, written X = (2j - 1) u, X' = (2l - 1) v with "
    "u, v > 0 real, and r > 0; lhs from the densities (kl oracle, derived by the symbolic "
    "engine); (X - X')^2 written expanded"))
catalogue.declare(build_claim(
    "azize23.alg1.kl_gauss.intended.instances", INT_LOC,
    kl(DataDependentNormal(ha / 4, hk / 4), DataDependentNormal(hb / 4, hk / 4)), "==",
    log(Abs(hb / ha)) + kl_rest.subs({ga: ha, gb: hb, gk: hk}), KGI,
    INT_NOTE + KG_NOTE + ", a, b in {-6..6} \\ {0}",
    hyps=(Statement(ha**2, ">=", 1), Statement(hb**2, ">=", 1))))

# expectations with X ~ N(x, s^2), X' ~ N(x + d, s^2), d = 2j - 1


def pv_forms(domain):
    """{name: (expectation from the definitions, printed formula)} on ``domain`` (x, j, s)."""
    x, j, s = (sym(domain)[n] for n in ("x", "j", "s"))
    xp = x + 2 * j - 1
    return {"xp_over_x": ((xp) * pv_inv_normal(x, s), xp * sqrt(2) / s * dawson(x / (sqrt(2) * s))),
            "x_over_xp": (x * pv_inv_normal(xp, s), x * sqrt(2) / s * dawson(xp / (sqrt(2) * s))),
            "sq_ratio": (moment2(Normal(x, s)) * fp_inv_sq_normal(xp, s),
                         (s**2 + x**2) / (2 * s**2) * (sqrt(2) * xp / s * dawson(
                             xp / (sqrt(2) * s)) - 1))}


# the source's domain: x >= 0 (a count, as a real), x' = x +- 1, s > 0
PVC = Domain.of(x=NONNEG, j=closed(0, 1, integer=True), s=POS)
PV = Domain.of(x=closed(0, 6, integer=True), j=closed(0, 1, integer=True),
               s=closed(1, 2, integer=True))
for _d in (PVC, PV):
    grid(_d, xp=sym(_d)["x"] + 2 * sym(_d)["j"] - 1, rho=1 / (2 * sym(_d)["s"]**2))
PV_DEF = ("E[X'/X] = E[X'] PV E[1/X] (independence), PV E[1/X] = int_0^inf (phi(u) - phi(-u))/u du "
          "(pv_inv_normal); E[X^2] = moment2(N(x, s^2)); E[1/X'^2] has no principal value (see "
          ".inv_sq_no_pv): its only finite regularisation, Hadamard's finite part "
          "(fp_inv_sq_normal), is used")
PVC_NOTE = ("x >= 0 real, x' = x + 2j - 1, s > 0 continuous; each expectation derived from the "
            "density by the symbolic engine; " + PV_DEF)
PV_FLAW = ("; flaw: misprint (factor): the third formula, E[X^2/X'^2], has (s^2 + x^2)/(2 s^2) "
           "where (s^2 + x^2)/s^2 is right (a factor 2, azize23.alg1.pv_moments.sq_ratio."
           "repaired), the first two hold as printed, and the factor is judged under the only "
           "finite reading of E[1/X'^2], Hadamard's finite part: the expectation has no "
           "principal value (azize23.alg1.pv_moments.inv_sq_no_pv), so the printed step is "
           "also reading-dependent")
PV_NOTE = "instances x in {0..6}, x' = x + 2j - 1, s in {1, 2}; " + PV_DEF
PV_LOC = {"xp_over_x": "§2.2 Attempt 2, E[X'/X]", "x_over_xp": "§2.2 Attempt 2, E[X/X']",
          "sq_ratio": "§2.2 Attempt 2, E[X^2/X'^2]"}


def all_three(forms):
    return Max(*(Abs(e - f) for e, f in forms.values()))


#: an instance grid's corrected statement is its catalogue claim's ``.repaired``
_GRID_REPAIR = "; corrected statement: azize23.alg1.pv_moments{}.repaired"
for _d, _sfx, _note in ((PVC, "", PVC_NOTE), (PV, ".instances", PV_NOTE)):
    _f = pv_forms(_d)
    catalogue.declare(build_claim(
        "azize23.alg1.pv_moments" + _sfx, "§2.2 Attempt 2, the three principal-value "
        "expectations", all_three(_f), "==", 0, _d, "all three formulas at once; " + _note
        + (_GRID_REPAIR.format("") if _sfx else "") + PV_FLAW))
    for _name, (_e, _p) in _f.items():
        catalogue.declare(build_claim(
            f"azize23.alg1.pv_moments.{_name}{_sfx}", PV_LOC[_name], _e, "==", _p, _d, _note
            + (_GRID_REPAIR.format(f".{_name}") if _sfx and _name == "sq_ratio" else "")
            + (PV_FLAW if _name == "sq_ratio" else "")))

# existence: int_{eps <= |u|} phi/|u| >= 2 m log(1/eps), m = min_{|u| <= 1} phi, eps = 2^-t
EX = Domain.of(x=closed(0, 1, integer=True), s=Interval.point(1), t=closed(1, 12))
ex, es, et = (sym(EX)[n] for n in ("x", "s", "t"))
m_min = sympy.exp(-(ex + 1)**2 / (2 * es**2)) / (es * sqrt(2 * sympy.pi))
EX_NOTE = ("instances x in {0, 1}, s = 1, eps = 2^-t, t in [1, 12]: a lower bound growing "
           "without limit as eps -> 0 shows the integral diverges; m = phi(|x| + 1) = min of phi "
           "on [-1, 1].  Not widened: u = s v gives int_{|u|>=eps} phi_{x,s}/|u|^p = s^-p "
           "int_{|v|>=eps/s} phi_{x/s,1}/|v|^p (a proved scale reduction to s = 1, with the "
           "window |u| <= s), but x/s >= 0 and t >= 1 stay unbounded: tried on x >= 0, t >= 1 "
           "(s = 1), SUPPORTED only (no box certified: the ball oracle has no value at "
           "infinity, and both sides tend to 0 as x -> oo)")
catalogue.declare(build_claim(
    "azize23.alg1.pv_moments.inv_not_integrable",
    "§2.2 Attempt 2, 'these expectations do not exist as ordinary integrals' (1/X)",
    trunc_abs_inv_normal(ex, es, 2**(-et)), ">=", 2 * m_min * et * log(2), EX,
    "E|1/X| = lim int_{|u|>=eps} phi/|u| = +inf; " + EX_NOTE,
    narrowed="x in {0, 1}, s = 1, eps = 2^-t >= 2^-12"))
catalogue.declare(build_claim(
    "azize23.alg1.pv_moments.inv_sq_no_pv",
    "§2.2 Attempt 2, E[1/X'^2] 'in the principal value sense'",
    trunc_inv_sq_normal(ex, es, 2**(-et)), ">=", 2 * m_min * (2**et - 1), EX,
    "the symmetric truncation int_{|u|>=eps} phi/u^2 (both the ordinary integral and "
    "its principal value) tends to +inf; " + EX_NOTE,
    narrowed="x in {0, 1}, s = 1, eps = 2^-t >= 2^-12"))

KB = Domain.of(x=closed(0, 8, integer=True), j=closed(0, 1, integer=True),
               s=closed(1, 2, integer=True), k=closed(1, 4, integer=True))
bx, bj, bs, bk = (sym(KB)[n] for n in ("x", "j", "s", "k"))
br, bd = bk / 4, 2 * bj - 1
grid(KB, xp=bx + bd, rho=1 / (2 * bs**2), r=br)
catalogue.declare(build_claim(
    "azize23.alg1.kl_bound", "§2.2 Attempt 2, the bound on D_1(Y_i || Y'_i)",
    normal_product_kl(bx, bs, br, bx + bd), "<=",
    2 * log((bx + bd) * pv_inv_normal(bx, bs))
    + (1 + 1 / br**2) / 2 * (bs**2 + bx**2) * fp_inv_sq_normal(bx + bd, bs)
    - bx * pv_inv_normal(bx + bd, bs) / br**2 + (1 / br**2 - 1) / 2, KB,
    "instances x in {0..8}, x' = x + 2j - 1, s in {1, 2}, r = k/4; the expectations do not "
    "exist as ordinary integrals: they are taken in the principal-value sense (E[X'/X], "
    "E[X/X']) and as Hadamard finite part (E[X^2/X'^2]); KL(Y||Y') is enclosed between the "
    "binary KL of sign(Y) and KL(X||X') (data processing, normal_product_kl); no .repaired "
    "claim: the bound is built on 2 log(X'/X) (see kl_gauss.repaired: the coefficient is 1), "
    "on Jensen's inequality for principal values of variables that change sign, and on "
    "moments that do not exist as integrals (.inv_not_integrable, .inv_sq_no_pv): a "
    "corrected bound needs another argument, not a changed constant, and was not attempted"
    "; flaw: substantive (the bound fails on a sixth of the instance box and is not a slip: "
    "it combines the misprinted 2 log(X'/X), Jensen's inequality applied to principal values "
    "of variables that change sign, and moments that do not exist as integrals, so no changed "
    "constant repairs it and no corrected bound is given)"))

