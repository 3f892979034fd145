"""cesar_rogers21, Section 5: adaptive composition, orders of DP and BR mechanisms (Lemmas
5.1-5.4, Propositions 1-2, Corollary 5.1, Lemma C.1)."""

from sympy import Abs, Max, Rational as R, exp

from dpproof.claims import Domain, Interval, Kind, Statement
from dpproof.expr.vocabulary import br_adaptive_delta as rec, br_sup_delta

from . import every_law
from .closed_forms import lemma52_weight, thm1_delta, thm3_delta
from .common import (EPS_E2, G_HALF, G_QUARTER, POS, add, add_proved, closed, e, eps, eps_g, g, gh, gq, ident, integers, k,
                     le, p_t, q_t, r, tt, v, x)

# ---- Section 5: adaptive --------------------------------------------------------------
LEMMA51 = add(
    "lemma5_1.family", "Lemma 5.1",
    ident(Max(Abs(rec(k, 0, e / 2, gq) - thm1_delta(k, e / 2, gq)),
              Abs(rec(1, 1, e / 2, gq) - br_sup_delta(1, 0, e / 2, gq))), 0),
    Domain.of(k=integers(1, 4), e=integers(1, 2), g=integers(0, 6)), Kind.IDENTITY,
    derived={**EPS_E2, **G_QUARTER},
    note="the family lemma5_1's conclusion is swept over (its former encoding): the "
         "recursion (certified, inner sups as balls) with DP steps only vs Theorem 1's "
         "exact product, and with one BR step vs the certified sup over t of the "
         "hockey-stick of RR_{eps,t} from its densities (grid eps = e/2, eps_g = g/4)")
add_proved("lemma5_1", "Lemma 5.1", every_law.adaptive_recursion, (LEMMA51,),
           note="every finite sequence of eps_i-DP and eps_i-BR rounds (eps_i > 0 and the "
                "classes fixed in advance, the mechanisms chosen adaptively) and every real "
                "x: delta_opt = the recursion as printed.  Lemma 2.1 (bounded_range) puts an "
                "eps-BR round's loss in [t - eps, t], t in [0, eps]; adaptive_steps is the "
                "induction: delta(rest; log v) is convex in v, so the expectation over the "
                "first outcome is below the chord between the loss range's ends, whose "
                "weight is p_t (a for DP), and randomized response attains it.  The DP-only "
                "recursion equals Theorem 1 for every k (lemma5_1.dp)")
add_proved("lemma5_1.dp", "Lemma 5.1", every_law.dp_recursion, (LEMMA51,),
           note="Lemma 5.1's recursion with eps-DP steps only, every integer k >= 0, eps > 0 "
                "and real x: T^k (Lemma 5.2, repeated_steps) applied to delta(empty; x) = "
                "(1 - e^x)_+ is Theorem 1 at (k, eps, x), term by term; swept over the grid "
                "lemma5_1 (which also holds the one-BR half)")


def prop1_gap(eg):
    """The swaps BD -> DB in BD, BBD, BDB at eps = 1: delta(before) - delta(after) <= 0."""
    return Max(rec(2, 2, 1, eg) - rec(2, 1, 1, eg), rec(3, 6, 1, eg) - rec(3, 5, 1, eg),
               rec(3, 5, 1, eg) - rec(3, 3, 1, eg))


PROP1_FAMILY = add(
    "prop1.family", "Proposition 1",
    le(rec(3, 5, 1, eps_g), rec(3, 3, 1, eps_g)), Domain.of(eps_g=closed(0, R(1, 2))),
    note="the family prop1's conclusion is swept over (its former encoding): "
         "A = (), B = (BR), eps = 1, every eps_g in [0, 1/2]: delta(BDB) <= delta(DBB), "
         "the swap that is strict for eps_g < eps (Lemma 5.4; gap >= 0.0024 here).  The "
         "other swaps of 2-3 steps are equalities (BD = DB, Proposition 2; BBD = BDB for "
         "eps_g in {0} and >= eps, Lemma 5.3), where balls cannot certify '<=': they are "
         "prop1.instances.  The recursion's inner sups are enclosed to 2^-100 at exact points (issue 13)")
add_proved("prop1", "Proposition 1", every_law.br_last, (PROP1_FAMILY,),
           note="all sequences A, B of adaptively chosen eps-DP and eps-BR rounds, every eps "
                "> 0 and eps_g: delta is the recursion (Lemma 5.1, adaptive_steps), and "
                "step_order: S T g <= T S g for every delta-function g of B (the BR step's "
                "sup over t of a sum is at most the sum of the sups), kept by the monotone "
                "steps of A, as the source's proof argues term by term")
add("prop1.instances", "Proposition 1", le(prop1_gap(g / 2), 0), Domain.of(g=integers(0, 2)),
    derived=G_HALF,
    note="eps = 1, eps_g = g/2 in {0, 1/2, 1}: the swaps BD -> DB in BD, BBD, BDB (4-step "
         "orders BBDD <= BDBD <= DDBB are tested at eps_g = 0.7); orders that give equal "
         "deltas (BBD, BDB at eps_g = 0; all at eps_g = eps) make the margin 0 there, and BD "
         "= DB (Proposition 2), so balls cannot certify any instance.  Inner sups to "
         "2^-100 (two BR steps stop near 1e-22, the evaluation budget); orders with two BR "
         "steps have no exact derivation (the inner sup is a function of its argument)")
add("prop1.strict", "Proposition 1",
    Statement(rec(3, 5, 1, g / 4), "<", rec(3, 3, 1, g / 4)), Domain.of(g=integers(1, 3)),
    derived=G_QUARTER,
    note="the strict case of prop1: eps = 1, eps_g in {1/4, 1/2, 3/4} (inside (0, eps)), the "
         "swap BDB -> DBB strictly raises delta.  The other two swaps are equalities there "
         "to within the enclosures (at eps_g = 1/2: BD - DB in [+/- 6.5e-13], BBD - BDB in "
         "[+/- 6.8e-6] with sups to 2^-40, consistent with Proposition 2), so no strict form "
         "of them exists to check")

add("prop2", "Proposition 2",
    ident(Max(Abs(rec(3, 4, e / 2, gq) - rec(3, 2, e / 2, gq)),
              Abs(rec(3, 2, e / 2, gq) - rec(3, 1, e / 2, gq)),
              Abs(rec(4, 8, e / 2, gq) - rec(4, 1, e / 2, gq))), 0),
    Domain.of(e=integers(1, 2), g=integers(0, 6)), Kind.IDENTITY, derived={**EPS_E2, **G_QUARTER},
    note="one BR among 3 or 4 steps at every position (grid eps = e/2, eps_g = g/4)")
add("cor5_1", "Corollary 5.1",
    ident(rec(k, 1, e / 2, gq), thm3_delta(k, k - 1, e / 2, gq)),
    Domain.of(k=integers(1, 4), e=integers(1, 2), g=integers(0, 6)), Kind.IDENTITY,
    derived={**EPS_E2, **G_QUARTER},
    note="k - 1 DP then one adaptive BR (recursion) vs Theorem 3 with d = k - 1")
xq = x / 4


def lemma52_rhs(mm, ep, xx):
    return sum(lemma52_weight(mm, i, ep) * rec(1, 1, ep, xx - (mm - 2 * i) * ep)
               for i in range(mm + 1))


LEMMA52_FAMILY = add(
    "lemma5_2.family", "Lemma 5.2 / C.2",
    ident(Max(*[Abs(rec(mm + 1, 1, e / 2, xq) - lemma52_rhs(mm, e / 2, xq)) for mm in (1, 2, 3)]), 0),
    Domain.of(e=integers(1, 2), x=integers(-2, 6)), Kind.IDENTITY, derived={**EPS_E2, "x": x / 4},
    note="the family lemma5_2's conclusion is swept over (its former encoding): m = 1, 2, 3 "
         "DP steps before one BR (g = the one-BR recursion, the library's oracle), grid "
         "eps = e/2, x = x/4")
add_proved("lemma5_2", "Lemma 5.2 / C.2", every_law.dp_steps, (LEMMA52_FAMILY,),
           note="every integer m >= 0, eps >= 0, real x and every suffix (its delta-function "
                "g any real function): Lemma 5.1's DP step is the linear operator T g(x) = "
                "a g(x - eps) + b g(x + eps), (a, b) = (e^eps, 1)/(1 + e^eps) the masses of "
                "eps-DP randomized response, and by induction on m the printed weights "
                "C(m, i) e^((m-i) eps)/(1 + e^eps)^m are those of T^m: base m = 0 and "
                "Pascal's rule w(m + 1, i) = a w(m, i) + b w(m, i - 1), at the two ends and "
                "inside (repeated_steps); swept over the one-BR suffix grid, .family")
add("lemma5_3", "Lemma 5.3",
    ident(Max(Abs(rec(3, 6, 1, gh) - rec(3, 5, 1, gh)), Abs(rec(3, 5, 1, gh) - rec(3, 3, 1, gh))), 0),
    Domain.of(g=integers(2, 4)), Kind.IDENTITY, unknown=True, derived=G_HALF,
    note="eps = 1, eps_g = g/2 in {1, 3/2, 2}: BBD, BDB, DBB agree; the closed forms for "
         "eps_g < eps are unknown (reference values tested)")
add("lemma5_4", "Lemma 5.4", Statement(rec(3, 5, 1, eps_g), "<", rec(3, 3, 1, eps_g)),
    Domain.of(eps_g=closed(0, R(1, 2))),
    note="eps = 1, every eps_g in [0, 1/2] (of [0, eps)): BDB < DBB strictly; the gap "
         "falls to 0 as eps_g -> eps (3.4e-4 at 3/4, 3e-6 at 0.95), where boxes would have to "
         "shrink without end; the grid up to 3/4 is lemma5_4.instances")
add("lemma5_4.instances", "Lemma 5.4", Statement(rec(3, 5, 1, gq), "<", rec(3, 3, 1, gq)),
    Domain.of(g=integers(0, 3)), derived=G_QUARTER,
    note="eps = 1, eps_g = g/4 in [0, 3/4]: BDB < DBB strictly")
r1 = p_t(eps, tt)


def c1_lhs(xx):
    return r1 * Max(1 - exp(xx - tt), 0) + (1 - r1) * Max(1 - exp(xx - tt + eps), 0)


x1, x2, x3 = tt - eps - r, tt - eps + v * eps, tt + r
add("lemma_c1", "Lemma C.1",
    ident(Max(Abs(c1_lhs(x1) - (1 - exp(x1))), Abs(c1_lhs(x2) - (r1 - q_t(eps, tt) * exp(x2))),
              Abs(c1_lhs(x3))), 0),
    Domain.of(eps=POS, s=closed(0, 1), r=Interval(0, None), v=closed(0, 1)), Kind.IDENTITY,
    note="t = s eps, eps > 0; x = t - eps - r (x < t - eps), t - eps + v eps (middle), t + r "
         "(x >= t), r >= 0: every real x")
