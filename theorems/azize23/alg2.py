"""azize23 §3: Algorithm 2, X ~ N(x, (r x)^2): accuracy, the Renyi divergence of neighbours,
group-wise zCDP and the monotonicity of the budgets."""

from __future__ import annotations

import sympy
from sympy import Max, log, sqrt

from dpproof.expr.vocabulary import DataDependentNormal, normal_abs_dev, normal_variance, renyi

from .common import POS, Domain, Interval, build_claim, catalogue, closed, grid, sym

# ----------------------------------------------------------------------------- Algorithm 2

ACC = "§3.1, E|X_i - x_i| <= sqrt(V[X_i]) = r x_i"
ACC1 = "§3.1, E|X_i - x_i| <= sqrt(V[X_i])"
ACC2 = "§3.1, sqrt(V[X_i]) = r x_i"
# the source's domain: x > 0, r > 0 (§3.2 'for alpha > 1 and r, x > 0'; a count x >= 1)
A2C = Domain.of(x=POS, r=POS)
A2C_NOTE = ("E|X - x| and Var X integrated from the density of N(x, (r x)^2) (derived by the "
            "symbolic engine); x > 0, r > 0 continuous")
# grids of exact instances: x a count, r = k/8
A2 = Domain.of(x=closed(1, 30, integer=True), k=closed(1, 8, integer=True))
grid(A2, r=sym(A2)["k"] / 8)
A2_NOTE = ("E|X - x| and Var X integrated from the density of N(x, (r x)^2); instances "
           "x in {1..30}, r = k/8")


def _acc(domain):
    x = sym(domain)["x"]
    r = sym(domain)["r"] if "r" in sym(domain) else sym(domain)["k"] / 8
    return x, r, normal_abs_dev(x, r * x, x), sqrt(normal_variance(x, r * x))


cx, cr, c_dev, c_sd = _acc(A2C)
catalogue.declare(build_claim(
    "azize23.alg2.accuracy", ACC, c_dev, "<=", cr * cx, A2C, A2C_NOTE,
    steps=(build_claim("azize23.alg2.accuracy.step1", ACC1, c_dev, "<=", c_sd, A2C, A2C_NOTE),
           build_claim("azize23.alg2.accuracy.step2", ACC2, c_sd, "==", cr * cx, A2C,
                       A2C_NOTE))))
ax, ar, a_dev, a_sd = _acc(A2)
catalogue.declare(build_claim("azize23.alg2.accuracy.instances", ACC, a_dev, "<=", ar * ax, A2,
                              A2_NOTE))
catalogue.declare(build_claim("azize23.alg2.accuracy.step1.instances", ACC1, a_dev, "<=", a_sd,
                              A2, A2_NOTE))
catalogue.declare(build_claim("azize23.alg2.accuracy.step2.instances", ACC2, a_sd, "==",
                              ar * ax, A2, A2_NOTE))


def alg2_grid(lo):
    d = Domain.of(x=closed(lo, 20, integer=True), k=closed(1, 4, integer=True),
                  i=closed(0, 8, integer=True))
    xx, kk, ii = (sym(d)[n] for n in ("x", "k", "i"))
    grid(d, r=kk / 4, alpha=1 + 2**(ii - 3))
    return d, xx, kk / 4, 1 + 2**(ii - 3)


R2, qx, qr, qa = alg2_grid(1)
R2_NOTE = ("lhs from the densities (renyi oracle); instances x in {1..20}, r = k/4, "
           "alpha = 1 + 2^(i-3) in {9/8, 5/4, ..., 33}")
law_x, law_x1 = DataDependentNormal(qx, qr), DataDependentNormal(qx + 1, qr)
catalogue.declare(build_claim(
    "azize23.alg2.renyi_exact", "§3.2, the Renyi divergence of the two data-dependent normals",
    renyi(law_x, law_x1, qa), "==",
    2 * log((qx + 1) / qx) + log((qx**2 + 2 * qx + 1) / (qx**2 + qa * (2 * qx + 1)))
    / (2 * (qa - 1)) + qa / (2 * (qr**2 * qx**2 + qa * qr**2 * (2 * qx + 1))), R2, R2_NOTE
    + "; flaw: misprint (factor): the first term is printed 2 log((x+1)/x), but the Renyi "
    "divergence of the two normals starts with log(sigma'/sigma) = log((x+1)/x), coefficient "
    "1 (azize23.alg2.renyi_exact.repaired), the same slip as Attempt 2's KL (azize23.alg1."
    "kl_gauss), and the rest is right"))
# the source's domain: alpha > 1, r > 0, x > 0 (a count x >= 1, taken on the reals: a superset)
RB = Domain.of(x=POS, r=POS, alpha=Interval(1, None, lo_open=True))
RB_NOTE = ("every x > 0, r > 0, alpha > 1 continuous (the source's 'alpha > 1, r, x > 0'; the "
           "counts x >= 1 are a subset); D_alpha derived from the densities by the symbolic "
           "engine")
bx, br, ba = (sym(RB)[n] for n in ("x", "r", "alpha"))
B_LOC = "§3.2, the bound (alpha > 1, r, x > 0)"
for _x, _r, _a, _d, _sfx, _note in ((bx, br, ba, RB, "", RB_NOTE),
                                   (qx, qr, qa, R2, ".instances", R2_NOTE)):
    catalogue.declare(build_claim(
        "azize23.alg2.renyi_bound" + _sfx, B_LOC,
        renyi(DataDependentNormal(_x, _r), DataDependentNormal(_x + 1, _r), _a), "<=",
        _a / (2 * _r**2 * _x**2) + 2 * log(1 + 1 / _x), _d, _note))

G2, zx, zr, za = alg2_grid(2)


def gz_forms(x, r, a):
    """(the four divergences {direction: D_alpha}, the budget v alpha + xi at count x)."""
    n0, nadd, nrem = (DataDependentNormal(x + d, r) for d in (0, 1, -1))
    return ({"add": renyi(n0, nadd, a), "add_reverse": renyi(nadd, n0, a),
             "remove": renyi(n0, nrem, a), "remove_reverse": renyi(nrem, n0, a)},
            a / (2 * r**2 * x**2) + 2 * log(1 + 1 / x))


directions, budget = gz_forms(zx, zr, za)
GZ_DEF = ("Definition 1 with v(D)_i = 1/(2 r^2 x^2), xi(D)_i = 2 log(1 + 1/x) at D (count x), "
          "neighbours D' with count x +- 1; divergences from the densities; ")
GZ_ONE = ("removing the only record, x = 1 -> 0, gives the point mass N(0, 0): an infinite "
          "divergence, so x >= 2")
GZ_NOTE = GZ_DEF + ("instances x in {2..20}, r = k/4, alpha = 1 + 2^(i-3) (" + GZ_ONE
                    + ", outside this grid)")
# the source's domain: a count x >= 2, r > 0, alpha > 1.  The directions that hold are
# stated on the reals x >= 2 (a superset of the counts: the symbolic engine derives and
# proves them there); the refuted ones and the parent on the integers x >= 2, so that a
# witness is a count
GZ_ALPHA = Interval(1, None, lo_open=True)
GR = Domain.of(x=Interval(2, None), r=POS, alpha=GZ_ALPHA)
# r in (0, 1]: the Problem (§1) states 'r in (0, 1] ... an acceptable level of relative
# error', the rate Algorithm 2 takes; §3.2's 'r > 0' is what its bound uses (GR keeps it)
R01 = Interval(0, 1, lo_open=True)
GI = Domain.of(x=Interval(2, None, integer=True), r=R01, alpha=GZ_ALPHA)
GR_NOTE = GZ_DEF + ("every real x >= 2 (a superset of the counts x >= 2; " + GZ_ONE
                    + "), r > 0, alpha > 1 continuous; D_alpha derived from the densities by "
                    "the symbolic engine")
GI_NOTE = GZ_DEF + ("every count x >= 2 (" + GZ_ONE + "), r in (0, 1] (the Problem's range "
                    "of the relative error rate), alpha > 1 continuous; "
                    "refuted on the counts (integer x), so that the witness is a count")
GZ_REVERSE = ("from the larger to the smaller count: D_alpha = +inf for alpha >= "
              "(x + 1)^2/(2x + 1), so no (v, xi) budget repairs it (see "
              "groupwise_zcdp.repaired for the corrected statement); ")
GZ_FLAW = ("; flaw: substantive (Definition 1 bounds both orders of the divergence, and the §3.2 "
           "analysis bounds only D_alpha(N(x, (rx)^2) || N(x+1, (r(x+1))^2)), from the smaller "
           "count to the larger. From the larger count to the smaller, the Gaussian with the "
           "larger variance comes first and D_alpha = +inf for alpha >= (y+1)^2/(2y+1), y the "
           "smaller count, at every r in (0, 1] and every count, so no finite budget v alpha + xi "
           "can hold for all alpha > 1: data-dependent variance breaks zCDP in that order. The two"
           " directions from the smaller to the larger count hold with the printed (v, xi): "
           "azize23.alg2.groupwise_zcdp.repaired)")
HOLDS = ("add", "remove_reverse")
GZ_LOC = "§3.2, Algorithm 2 is (v, xi)-group-wise zCDP"
for _d, _sfx in ((GI, ""), (G2, ".instances")):
    _dirs, _budget = gz_forms(*(sym(_d)[n] for n in ("x", "r", "alpha"))) if _sfx == "" \
        else (directions, budget)
    catalogue.declare(build_claim(
        "azize23.alg2.groupwise_zcdp" + _sfx, GZ_LOC, Max(*_dirs.values()), "<=", _budget, _d,
        "all four (neighbour, order) pairs; " + (GI_NOTE if _d is GI else GZ_NOTE) + GZ_FLAW))
for direction in directions:
    for _d, _sfx in ((GR if direction in HOLDS else GI, ""), (G2, ".instances")):
        _dirs, _budget = (directions, budget) if _d is G2 else \
            gz_forms(*(sym(_d)[n] for n in ("x", "r", "alpha")))
        catalogue.declare(build_claim(
            f"azize23.alg2.groupwise_zcdp.{direction}{_sfx}", "§3.2 with Definition 1",
            _dirs[direction], "<=", _budget, _d,
            ("" if direction in HOLDS else GZ_REVERSE)
            + {G2: GZ_NOTE, GR: GR_NOTE, GI: GI_NOTE}[_d]
            + ("" if direction in HOLDS else GZ_FLAW)))

MO = Domain.of(x=Interval(0, None, lo_open=True), r=Interval(0, None, lo_open=True))
mx, mr = (sym(MO)[n] for n in ("x", "r"))
dv = sympy.diff(1 / (2 * mr**2 * mx**2), mx)
dxi = sympy.diff(2 * log(1 + 1 / mx), mx)
MO_NOTE = ("non-increasing on the reals x > 0 (hence on the counts), for every r > 0: the "
           "derivative is <= 0")
catalogue.declare(build_claim(
    "azize23.alg2.monotone", "§3.2, 'the privacy budgets are non-increasing'",
    Max(dv, dxi), "<=", 0, MO, MO_NOTE))
catalogue.declare(build_claim("azize23.alg2.monotone.v", "§3.2, v(D)_i", dv, "<=", 0, MO,
                              MO_NOTE))
catalogue.declare(build_claim("azize23.alg2.monotone.xi", "§3.2, xi(D)_i", dxi, "<=", 0, MO,
                              MO_NOTE))

