"""cesar_rogers21, Section 4: non-adaptive composition (eq. (4), Lemmas 4.2-4.5, eqs. (5)-(6),
Theorem 3)."""

import sympy
from sympy import Abs, Max, Rational as R, exp

from dpproof.claims import Domain, Interval, Kind, Statement
from dpproof.expr.vocabulary import (F_l_slope, br_product_delta_bf, br_sup_delta, br_two_delta_bf,
                                     genrr3_delta_bf)

from . import every_law
from .closed_forms import dp_ab, eq56_sum, lemma45_dF, thm3_delta
from .common import (EPS_E2, G_HALF, POS, add, add_proved, closed, d, dk, e, eps, eps_g, gg, ident, integers, k,
                     l, le, p_t, pp, q_t, qq, s, t, tt, x)

# ---- Section 4: non-adaptive ----------------------------------------------------------
es = sympy.symbols("e1 e2 e3", positive=True)
ss = sympy.symbols("s1 s2 s3", nonnegative=True)
ts = [si * ei for si, ei in zip(ss, es)]


def subset_sum(pairs, A, C):
    """sum over the outcomes o in {0,1}^n of (A prod_i P_i(o_i) - C prod_i Q_i(o_i))_+, for
    binary mechanisms given by their masses at 0, pairs = [(P_i(0), Q_i(0)), ...]."""
    total = 0
    for mask in range(2 ** len(pairs)):
        pm, qm = A, C
        for i, (pi, qi) in enumerate(pairs):
            inS = (mask >> i) & 1
            pm *= (1 - pi) if inS else pi
            qm *= (1 - qi) if inS else qi
        total += Max(pm - qm, 0)
    return total


def eq4_sum(eps_list, t_list, eg):
    """eq. (4)'s sum over S subset [k] at t (k = len(eps_list))."""
    return subset_sum([(p_t(e_, t_), q_t(e_, t_)) for e_, t_ in zip(eps_list, t_list)], 1, exp(eg))


box3 = dict(e1=POS, e2=POS, e3=POS, s1=closed(0, 1), s2=closed(0, 1), s3=closed(0, 1),
            eps_g=Interval(0, None))     # eps_i > 0, eps_g >= 0 as stated; k = 3
EQ4_FAMILY = add(
    "eq4.family", "eq. (4), Lemma 4.1",
    ident(eq4_sum(es, ts, eps_g), genrr3_delta_bf(*es, *ts, eps_g)), Domain.of(**box3),
    Kind.IDENTITY, note="the family eq4's conclusion is swept over (its former encoding): "
    "k = 3, t_i = s_i eps_i: the printed sum over subsets vs the hockey-stick of the "
    "product of RR_{eps_i,t_i} by enumeration of its outcomes")
add_proved("eq4", "eq. (4), Lemma 4.1", every_law.nonadaptive_products, (EQ4_FAMILY,),
           note="every k, every eps_i > 0 and eps_g: non-adaptive eps_i-BR rounds have "
                "delta_opt = sup over t in prod [0, eps_i] of the hockey-stick of the product "
                "of RR_{eps_i,t_i}, which is the printed sum over S (an outcome of the product "
                "is the set S of rounds at RR's second outcome; its masses are the printed "
                "products).  Lemma 2.1 puts each round's loss in [t_i - eps_i, t_i]; "
                "adaptive_steps with the rounds fixed in advance: the convex delta-function "
                "is below its chord, and RR_{eps_i,t_i} attains it")
Ar, Cr = sympy.symbols("A C", nonnegative=True)
rr = [(p_t(ei, ti), q_t(ei, ti)) for ei, ti in zip(es, ts)]
REST = dict(A=closed(0, 1), C=Interval(0, None))
add("lemma4_2", "Lemma 4.2",
    ident(subset_sum(rr[:2], Ar, Cr), subset_sum(rr[1::-1], Ar, Cr)),
    Domain.of(e1=POS, e2=POS, s1=closed(0, 1), s2=closed(0, 1), **REST), Kind.IDENTITY,
    note="every k, every eps_i > 0, t_i = s_i eps_i, eps_g >= 0, by adjacent transpositions "
         "(they generate every permutation): the sum over S subset [k] groups by the outcome "
         "o of the other k - 2 mechanisms, whose factors are A = prod_j P_j(o_j) in [0, 1] "
         "and C = e^eps_g prod_j Q_j(o_j) >= 0; each group is the sum over the four outcomes "
         "of mechanisms i, i + 1 checked here for every A, C, with the two swapped")
add("lemma4_3", "Lemma 4.3",
    ident(subset_sum([dp_ab(eps), (pp, qq)], Ar, Cr), subset_sum([(pp, qq), dp_ab(eps)], Ar, Cr)),
    Domain.of(eps=POS, s=closed(0, 1), **REST), Kind.IDENTITY,
    note="every k and d, every eps > 0, t = s eps, eps_g >= 0, by adjacent transpositions: "
         "an order is reached from any other by swapping adjacent DP and BR steps (swaps of "
         "two DP, or two BR at the same t, exchange equal mechanisms), and as in lemma4_2 the "
         "hockey-stick of the product groups by the outcome of the other k - 2 mechanisms "
         "(A = their P-mass in [0, 1], C = e^eps_g times their Q-mass >= 0): an eps-DP RR "
         "(masses a, b at 0) next to RR_{eps,t}, in both orders, for every A, C; equal sums "
         "at every t give equal sups (the former check, k = 4, d = 2 by enumeration of all "
         "six orders, is in the tests)")
add("lemma4_4", "Lemma 4.4",
    le(br_two_delta_bf(2, 1, x, t, R(7, 10)), br_sup_delta(4, 2, 1, R(7, 10))),
    Domain.of(x=closed(0, 1), t=closed(0, 1)),
    note="instance: 2 DP + 2 BR, eps = 1, eps_g = 0.7: heterogeneous (t1, t2) = (x, t) vs "
         "the certified sup over equal t; equality on the diagonal at the optimum")
# every eps > 0 and eps_g >= 0 as four bounded pieces, chosen by the integers pe, pg in {0, 1}
# (the instance-by-instance proof substitutes the integers, then needs a bounded box):
# eps = u in (0, 1] or 1/u in [1, oo), eps_g = 1 - h in [0, 1) or 1/h in [1, oo), u, h in (0, 1]
ue, hg = sympy.Symbol("u", positive=True), sympy.Symbol("h", positive=True)
pe, pg = sympy.Symbol("pe", integer=True), sympy.Symbol("pg", integer=True)
E56, G56 = (1 - pe) * ue + pe / ue, (1 - pg) * (1 - hg) + pg / hg
UNIT = Interval(0, 1, lo_open=True)


def eq56(kk, dd, ep, eg):
    """eqs. (5)-(6): the double sum at t = s eps vs the product's hockey-stick."""
    return Statement(eq56_sum(kk, dd, ep, s * ep, eg), "==",
                     br_product_delta_bf(kk, 2**(kk - dd) - 1, ep, s * ep, eg), dk())


EQ56_NOTE = ("the double sum at t = s eps vs the product's hockey-stick by enumeration of the "
             "2^k outcomes (DP first, then BR)")
add("eq5_6", "eqs. (5)-(6)", eq56(k, d, E56, G56),
    Domain(tuple(dict(k=integers(1, 3), d=integers(0, 3), pe=integers(0, 1), pg=integers(0, 1),
                      u=UNIT, s=closed(0, 1), h=UNIT).items())), Kind.IDENTITY,
    derived={"eps": E56, "eps_g": G56},
    note=EQ56_NOTE + "; every eps > 0 and eps_g >= 0: eps = u (pe = 0) or 1/u (pe = 1), "
         "eps_g = 1 - h (pg = 0) or 1/h (pg = 1), u, h in (0, 1] (the proof instance by "
         "instance needs a bounded box; a conjunction of the four pieces spends the claim "
         "budget).  k <= 3: 4 x 4 x 4 = 48 integer instances, the most the proof takes is "
         "64; k <= 6 on a bounded box is eq5_6.k6")
add("eq5_6.k6", "eqs. (5)-(6)", eq56(k, d, eps, eps_g),
    Domain(tuple(dict(k=integers(1, 6), d=integers(0, 6), eps=closed(R(1, 4), 2), s=closed(0, 1),
                      eps_g=closed(0, 2)).items())), Kind.IDENTITY,
    note=EQ56_NOTE + "; the former box of eq5_6, k <= 6")
add("lemma4_5", "Lemma 4.5",
    Statement(lemma45_dF(k, d, eps, eps_g, tt, l), "==", F_l_slope(k, d, eps, eps_g, tt, l),
              (Statement(d, "<=", k - 1), Statement(l, "<=", k + d - 1))),
    Domain.of(k=integers(2, 6), d=integers(0, 5), l=integers(0, 10), eps=closed(R(1, 4), 2), s=closed(0, 1), eps_g=closed(0, 2)),
    Kind.IDENTITY, note="printed derivative vs termwise differentiation of F_l (t = s eps); "
    "the rise-then-fall follows from the sign of its first factor")
add("thm3", "Theorem 3",
    Statement(thm3_delta(k, d, e / 2, gg), "==", br_sup_delta(k, d, e / 2, gg), dk()),
    Domain.of(k=integers(1, 5), d=integers(0, 5), e=integers(1, 2), g=integers(0, 3)), Kind.IDENTITY, unknown=True,
    derived={**EPS_E2, **G_HALF},
    note="grid eps = e/2, eps_g = g/2: closed form vs certified sup over t of the product of "
         "k - d RR_{eps,t} and d eps-DP RR; d = 0 and d = k are Theorems 2 and 1")
