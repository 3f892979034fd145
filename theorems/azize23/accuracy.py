"""azize23 §2.1: the accuracy of Algorithm 1 (X ~ N(x, s^2), Y | X ~ N(X, (r X)^2)).

Stated for every count x >= 0 (as a real), s > 0 (s^2 = 1/(2 rho), rho > 0) and r > 0; the
moments E[Y], E[Y^2] are derived from the densities by the symbolic oracles; the former
instance grid is kept as ``.instances``."""

from __future__ import annotations

import sympy
from sympy import sqrt

from dpproof.calculus import Context, Proof, instance, perspective, pointwise
from dpproof.expr.vocabulary import alg1_abs_dev, alg1_moment, alg1_variance

from .common import (NONNEG, POS, Claim, Domain, Statement, build_claim, catalogue, closed,
                     grid, src, sym)

# the source's domain: x >= 0, s > 0, r > 0
C1 = Domain.of(x=NONNEG, s=POS, r=POS)
grid(C1, rho=1 / (2 * sym(C1)["s"]**2))
C1_NOTE = ("x >= 0 (a count, as a real), s > 0 (rho = 1/(2 s^2) > 0), r > 0 continuous; E[Y^k] "
           "integrates the hierarchical law Y | X = u ~ N(u, (r u)^2) (oracle alg1_moment), "
           "derived from the densities on u > 0 and u < 0 by the symbolic engine")
# instances: x in {0..5}, s in {1, 2}, r = k/4 in {1/4, 1/2, 3/4, 1}
A1 = Domain.of(x=closed(0, 5, integer=True), s=closed(1, 2, integer=True),
               k=closed(1, 4, integer=True))
grid(A1, rho=1 / (2 * sym(A1)["s"]**2), r=sym(A1)["k"] / 4)
A1_NOTE = ("instances x in {0..5}, s in {1, 2} (rho = 1/(2 s^2)), r = k/4; E[Y^k] integrates "
           "the hierarchical law Y | X = u ~ N(u, (r u)^2) (oracle alg1_moment)")


def forms(domain):
    """(x, s, r, E[Y], Var[Y], the middle and end forms of the variance, the accuracy rhs)."""
    x, s = sym(domain)["x"], sym(domain)["s"]
    r = sym(domain)["r"] if "r" in sym(domain) else sym(domain)["k"] / 4
    var_mid = r**2 * (x**2 + s**2) + s**2
    var_end = r**2 * x**2 + s**2 * (1 + r**2)
    return (x, s, r, alg1_moment(x, s, r, 1), alg1_variance(x, s, r), var_mid, var_end,
            r * x + s * sqrt(1 + r**2))


x, s, r, EY, VARY, var_mid, var_end, acc_rhs = forms(C1)
ix, is_, ir, iEY, iVARY, ivar_mid, ivar_end, iacc_rhs = forms(A1)
MEAN = "§2.1, E[Y] = E[E[Y|X]] = E[X] = x"
VAR = "§2.1, V[Y] = r^2(x^2 + s^2) + s^2 = r^2 x^2 + s^2(1 + r^2)"
ACC = "§2.1, E|Y - x| <= sqrt(V[Y]) = ... <= r x + s sqrt(1 + r^2)"
ACC1 = "§2.1, E|Y - x| <= sqrt(V[Y])"
ACC2 = "§2.1, sqrt(V[Y]) = sqrt(r^2 x^2 + s^2(1+r^2))"
ABS_NOTE = ("; E|Y - x| integrates the folded-normal mean of Y | X over X (alg1_abs_dev, "
            "ball quadrature only: no form derived from the densities).  The first link "
            "E|Y - x| <= sqrt(V[Y]) is proved over every law of Y with E[Y] = x (the calculus: "
            "perspective, at Algorithm 1's law with its mean as the premise), the other two "
            "exactly, on the source's whole domain")

catalogue.declare(build_claim("azize23.alg1.mean", MEAN, EY, "==", x, C1, C1_NOTE))
catalogue.declare(build_claim("azize23.alg1.mean.instances", MEAN, iEY, "==", ix, A1, A1_NOTE))

catalogue.declare(build_claim(
    "azize23.alg1.variance", VAR, VARY, "==", var_end, C1,
    C1_NOTE + "; Var = E[Y^2] - E[Y]^2 (alg1_variance)",
    steps=(build_claim("azize23.alg1.variance.step1", "§2.1, first equality", VARY, "==",
                       var_mid, C1, C1_NOTE),
           build_claim("azize23.alg1.variance.step2", "§2.1, second equality", var_mid, "==",
                       var_end, C1))))
catalogue.declare(build_claim("azize23.alg1.variance.instances", VAR, iVARY, "==", ivar_end,
                              A1, A1_NOTE + "; Var = E[Y^2] - E[Y]^2 (alg1_variance)"))

STEP1_GRID = build_claim("azize23.alg1.accuracy.step1.instances", ACC1,
                         alg1_abs_dev(ix, is_, ir), "<=", sqrt(iVARY), A1, A1_NOTE)
catalogue.declare(STEP1_GRID)

# E|Y - x| <= sqrt(V[Y]), the first link, over every law of Y with E[Y] = x (Cauchy-Schwarz /
# Jensen): the perspective g(p, q) = p^2/q of t^2 is jointly convex, so with w the law of Y,
# p_y = |y - x|, q_y = 1: (E|Y - x|)^2 <= E(Y - x)^2, which is V[Y] where E[Y] = x -- the
# instance's premise, Algorithm 1's mean from the densities (azize23.alg1.mean's statement)
_P, _Q = sympy.symbols("p q", real=True)
_CTX = Context("azize23.alg1.accuracy.step1", src(ACC1))
_LINK = Statement(alg1_abs_dev(x, s, r), "<=", sqrt(VARY))
STEP1 = Claim(
    "azize23.alg1.accuracy.step1", src(ACC1), _LINK, C1,
    proof=Proof(instance(
        _LINK, "E|Y - x| <= sqrt(V[Y]) for Algorithm 1's Y (every x >= 0, s > 0, r > 0): the "
        "perspective's conclusion at w = the law of Y, p_y = |y - x|, q_y = 1, is (E|Y - "
        "x|)^2 <= E(Y - x)^2, which is V[Y] where E[Y] = x",
        perspective(_CTX, _P**2 / _Q, {}, "second_derivative"),
        pointwise("azize23.alg1.accuracy.step1.premise.mean", Statement(EY, "==", x), src(MEAN),
                  "the instance needs E[Y] = x: then E(Y - x)^2 = V[Y]", x=NONNEG, s=POS,
                  r=POS)), (STEP1_GRID,)),
    note=C1_NOTE + "; the link E|Y - x| <= sqrt(V[Y]) over every law of Y with E[Y] = x: "
         "Jensen for the perspective g(p, q) = p^2/q of t^2 (calculus: perspective < "
         "convexity, f'' = 2), at w = the law of Y, p_y = |y - x|, q_y = 1: (E|Y - x|)^2 <= "
         "E(Y - x)^2 = V[Y], as E[Y] = x (the premise, derived from the densities); square "
         "roots.  E|Y - x| itself has no form derived from the densities (alg1_abs_dev, ball "
         "quadrature): the link is swept as written, and over the instance grid .step1.instances")

catalogue.declare(build_claim(
    "azize23.alg1.accuracy", ACC, alg1_abs_dev(x, s, r), "<=", acc_rhs, C1, C1_NOTE + ABS_NOTE,
    steps=(STEP1,
           build_claim("azize23.alg1.accuracy.step2", ACC2, sqrt(VARY), "==", sqrt(var_end),
                       C1, C1_NOTE),
           build_claim("azize23.alg1.accuracy.step3", "§2.1, sqrt(r^2 x^2 + s^2(1+r^2)) <= r x + "
                       "s sqrt(1+r^2)", sqrt(var_end), "<=", acc_rhs, C1))))
catalogue.declare(build_claim(
    "azize23.alg1.accuracy.instances", ACC, alg1_abs_dev(ix, is_, ir), "<=", iacc_rhs, A1,
    A1_NOTE + "; E|Y - x| integrates the folded-normal mean of Y | X over X (alg1_abs_dev)"))
