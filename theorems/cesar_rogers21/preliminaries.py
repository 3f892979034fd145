"""cesar_rogers21, Section 2: preliminaries (Lemmas 2.1-2.3, Definitions 2.3-2.4: the
exponential mechanism, BR, RR_{eps,t}; Theorems 1 and 2)."""

from sympy import (Abs, IndexedBase, Max, Rational as R, Sum, Symbol, exp, expand, log,
                   sqrt, symbols)

from dpproof.claims import Domain, Interval, Kind
from dpproof.expr.vocabulary import (Bernoulli, br_product_delta, br_sup_delta, gauss_delta,
                                     renyi)

from . import every_law
from .closed_forms import thm1_delta, thm2_delta
from .common import (EPS_E2, G_HALF, NARROWED, POS, add, add_proved, alpha, br_mean, closed,
                     delta, e, eps, eps_g, gg, ident, integers, k, le, p_t, pp, q_t, qq, rho,
                     tt)

# ---- Section 2: preliminaries ---------------------------------------------------------
# exponential mechanism on Y = {1,2,3}: u(x) = (3,1,0), u(x') = (2,1,1); range 2, Delta u = 1
U, U2 = (3, 1, 0), (2, 1, 1)


def em_logratios(scale):
    """log P(y)/Q(y), the normalisers as log-sum-exp with the top utility factored out
    (z = e^(scale max u) sum e^(scale (u - max u)): every exponent <= 0, bounded on tails)."""
    z = sum(exp(scale * (ui - max(U))) for ui in U)
    z2 = sum(exp(scale * (ui - max(U2))) for ui in U2)
    return [scale * (ui - wi) - scale * (max(U) - max(U2)) - log(z / z2)
            for ui, wi in zip(U, U2)]


L_em = em_logratios(eps / 2)
NARROWED.update({"lemma2_1.family": "one exponential mechanism (every eps > 0)",
                 "lemma2_1.instances": "one exponential mechanism, eps in [1/10, 4]"})
lemma21 = le(Max(*[sg * L - eps for L in L_em for sg in (1, -1)],
                 *[L - L2 - eps for L in L_em for L2 in L_em if L is not L2]), 0)
LEMMA21_FAMILY = add("lemma2_1.family", "Lemma 2.1", lemma21, Domain.of(eps=POS),
    note="the exponential mechanism (eps-BR) of the reference values, every eps > 0: checks "
         "-eps <= L <= eps for each log-ratio L (BR => DP) and L - L' <= eps for each pair "
         "(max L - min L <= eps), which with |L| <= eps is max(max L, 0) <= min(min L + eps, "
         "eps) (a t in [0, eps] exists); the range is exactly eps, and min L -> -eps as eps "
         "-> oo (certified in y = e^(-eps/2)). eps-DP => 2eps-BR: log-ratios in [-eps, eps] "
         "span at most 2 eps (immediate; tested).  Tried: the family of every exponential "
         "mechanism on three outcomes (u(x) with u1 = 0 by shift, u2, u3 real, u(x') = u(x) "
         "+ f, f in [0, 1]^3): the normalisers stay in |L| <= eps, sympy does not finish in "
         "20 s and the 6-dimensional boxes are never certified (INCONCLUSIVE)")
add_proved(
    "lemma2_1", "Lemma 2.1", every_law.br_range, (LEMMA21_FAMILY,),
    note="for every pair of neighbouring laws P = M(x), Q = M(x') and every eps >= 0, "
         "L = log(p/q) on the common support (eps-DP: |L| <= eps a.e.; eps-BR: ess sup L - "
         "ess inf L <= eps): eps-DP => 2 eps-BR, eps-BR => eps-DP, and eps-BR => t - eps <= "
         "L <= t a.e. with t = ess sup L in [0, eps]; the mass argument ess inf L <= 0 <= "
         "ess sup L (int p = int q = 1) and real algebra over parametrisations onto the "
         "hypothesis sets; one exponential mechanism: .family")
add("lemma2_1.instances", "Lemma 2.1", lemma21, Domain.of(eps=closed(R(1, 10), 4)),
    note="the former box eps in [1/10, 4] of lemma2_1")
def em_log_ratios(scale, u, w):
    """log P(y)/Q(y) of the exponential mechanism on utilities u (at x) and w (at x'),
    P(y) = exp(scale u_y)/sum_z exp(scale u_z), Q likewise with w."""
    zu, zw = (log(sum(exp(scale * ui) for ui in vals)) for vals in (u, w))
    return [expand(scale * (ui - wi)) - zu + zw for ui, wi in zip(u, w)]


def em_gap(scale, u, w):
    """L_1 - L_2, the log-ratio of outcome 1 minus that of outcome 2 (the normalisers
    cancel)."""
    L = em_log_ratios(scale, u, w)
    return L[0] - L[1]


us = symbols("u1 u2 u3", real=True)
fs = symbols("f1 f2 f3", real=True)
ds = symbols("d1 d2 d3", real=True)
#: N outcomes, N >= 2 a symbol: utilities u(x) = u[i], u(x') = w[i], normalisers as sums
N_OUT, I_OUT = Symbol("N", integer=True, positive=True), Symbol("i", integer=True)
UB, WB = IndexedBase("u", real=True), IndexedBase("w", real=True)


def em_gap_n(scale, shift):
    """L_1 - L_2 of the exponential mechanism on N outcomes, P(y) = exp(scale u[y])/sum_i
    exp(scale u[i]) vs Q likewise with w, the two outcomes' shifts w - u = ``shift``: the
    normalising sums (the only place N enters) cancel exactly."""
    def L(y):
        z = [Sum(exp(scale * v[I_OUT]), (I_OUT, 1, N_OUT)) for v in (UB, WB)]
        return scale * UB[y] - log(z[0]) - (scale * WB[y] - log(z[1]))
    return expand((L(1) - L(2)).subs({WB[1]: UB[1] + shift[0], WB[2]: UB[2] + shift[1]}))


add("def2_3.em_br", "Definition 2.3",
    le(Max(em_gap_n(eps, fs[:2]), em_gap_n(eps / 2, ds[:2])), eps),
    Domain.of(eps=POS, f1=closed(0, 1), f2=closed(0, 1), d1=closed(-1, 1), d2=closed(-1, 1)),
    family="exponential mechanisms on every finite outcome set (N >= 2 outcomes), every "
           "utility vectors u(x), u(x') of neighbours, every eps > 0",
    note="spread max L - min L of the log-ratios <= eps (eps-BR) for exp(eps u/range(u)) "
         "and for exp(eps u/(2 Delta u)), on N outcomes (the log-ratios written with the "
         "normalising sums over i = 1..N, N a symbol).  Reductions as in .three: Q is "
         "unchanged by a constant added to u(x'), so u(x') = u(x)/range + f with f in [0, 1]^N "
         "(resp. u(x) + d, d in [-1, 1]^N, Delta u = 1); the spread is the max of L_y - L_z "
         "over ordered pairs of outcomes, and relabelling makes any pair (1, 2); the "
         "normalisers cancel from L_1 - L_2 = scale ((u_1 - w_1) - (u_2 - w_2)) whatever N "
         "is, leaving f_1, f_2 (d_1, d_2).  One outcome: spread 0.  The three-outcome "
         "encoding is .three")
add("def2_3.em_br.three", "Definition 2.3",
    le(Max(em_gap(eps, us, [ui + fi for ui, fi in zip(us, fs)]),
           em_gap(eps / 2, us, [ui + di for ui, di in zip(us, ds)])), eps),
    Domain.of(eps=POS, f1=closed(0, 1), f2=closed(0, 1), d1=closed(-1, 1), d2=closed(-1, 1)),
    family="exponential mechanisms on three outcomes, every utility vectors u(x), u(x') "
           "of neighbours, every eps > 0",
    note="the former encoding of def2_3.em_br (three outcomes): spread max L - min L of the log-ratios <= eps (eps-BR) for exp(eps u/range(u)) "
         "and for exp(eps u/(2 Delta u)).  Reductions (proved): adding a constant to u(x') "
         "leaves Q unchanged, and the mechanism sees u/range(u) (resp. u/Delta u) only, so "
         "with u(x') - u(x) shifted to have minimum >= 0 the first is u(x)/range + f with f "
         "in [0, 1]^3 (range(u) >= the pair's spread), the second u(x) + d with d in "
         "[-1, 1]^3 (Delta u = 1); the spread is the max of L_y - L_z over ordered pairs, and "
         "relabelling the outcomes (the family is closed under it) makes any pair (1, 2): "
         "L_1 - L_2 <= eps is checked.  u(x) and the third outcome enter only through the "
         "normalisers, which cancel from L_1 - L_2 (u1..u3, f3, d3 drop out).  The reference "
         "values (u = (3,1,0), (2,1,1), range 2) are a point of the second part (tested)")
add("def2_4.rr", "Definition 2.4",
    ident(Abs(p_t(eps, tt) - exp(tt) * q_t(eps, tt))
          + Abs((1 - p_t(eps, tt)) - exp(tt - eps) * (1 - q_t(eps, tt))), 0),
    Domain.of(eps=POS, s=closed(0, 1)), Kind.IDENTITY,
    note="t = s eps, eps > 0 (the source's domain); P(y)/Q(y) = e^t for y = 0 and "
         "e^(t - eps) for y = 1 (log-ratios in [t - eps, t]: eps-BR)")
add("thm1", "Theorem 1", ident(thm1_delta(k, eps, eps_g), br_product_delta(k, k, eps, 0, eps_g)),
    Domain.of(k=Interval(1, None, integer=True), eps=POS, eps_g=Interval(0, None)), Kind.IDENTITY,
    family="the k-fold product of eps-DP randomized response: the formula; that it is the "
           "worst case of k adaptive eps-DP mechanisms (optimal) is cited, not checked",
    note="every k >= 1, eps > 0, eps_g >= 0: the closed form vs the hockey-stick of the "
         "k-fold product of eps-DP RR (its outcomes grouped by their count of ones, a sum "
         "over the count for symbolic k), summand by summand")
add("thm2", "Theorem 2",
    ident(thm2_delta(k, e / 2, gg), br_sup_delta(k, 0, e / 2, gg)),
    Domain.of(k=integers(1, 6), e=integers(1, 2), g=integers(0, 3)), Kind.IDENTITY,
    note="grid eps = e/2, eps_g = g/2: max over t_l vs certified sup over t of the product",
    derived={**EPS_E2, **G_HALF})
mu1, tau1 = br_mean(eps), eps / 2
mu_c, tau_c, b_c, r_c, k_c = symbols("mu tau b r k", real=True)
a_c = 1 + b_c                                            # alpha > 1
m_c, K_c = mu_c - r_c, b_c**2 * tau_c**2 / 2 - k_c         # m <= mu, K <= (alpha - 1)^2 tau^2/2
add("lemma2_2", "Lemma 2.2",
    le(m_c + K_c / (a_c - 1), (mu_c - tau_c**2 / 2) + tau_c**2 / 2 * a_c),
    Domain.of(mu=Interval(None, None), tau=Interval(0, None), b=POS, r=Interval(0, None),
              k=Interval(0, None)),
    derived={"alpha": a_c, "m": m_c, "K": K_c},
    family="every (mu, tau)-CDP pair P, Q, every alpha > 1: its D_alpha through the two "
           "quantities (mu, tau)-CDP bounds (the definitions unfolded)",
    note="L = log(p/q) under P; (mu, tau)-CDP: m = E_P[L] <= mu and the centred loss "
         "tau-subgaussian, K = log E_P exp((alpha - 1)(L - m)) <= (alpha - 1)^2 tau^2/2 (at "
         "lambda = alpha - 1 > 0); and D_alpha(P||Q) = log(int p^alpha q^(1 - alpha))/(alpha "
         "- 1) = log E_P exp((alpha - 1) L)/(alpha - 1) = m + K/(alpha - 1) (the definition of "
         "D_alpha, not a computation).  So the pair is (mu - tau^2/2, tau^2/2)-zCDP: D_alpha <= "
         "(mu - tau^2/2) + (tau^2/2) alpha for every alpha > 1, checked for every real m, K "
         "meeting the two bounds (a superset of the values they take: K >= 0 by Jensen), "
         "written alpha = 1 + b, m = mu - r, K = b^2 tau^2/2 - k (b > 0, r, k >= 0: onto).  "
         "The mechanism-level check, RR_{eps,t} with D_alpha from its masses: .rr.  Not by "
         "the calculus: D_alpha's integrand p^alpha q^(1 - alpha) has a power of p of a "
         "symbolic exponent, not certified defined where p = 0")
add("lemma2_2.rr", "Lemma 2.2",
    le(renyi(Bernoulli(1 - pp), Bernoulli(1 - qq), alpha), (mu1 - tau1**2 / 2) + tau1**2 / 2 * alpha),
    Domain.of(eps=closed(R(1, 2), 2), s=closed(0, 1), alpha=closed(2, 10)),
    note="the former encoding of lemma2_2: RR_{eps,t} (t = s eps) as (BR mean, eps/2)-CDP "
         "(Lemma 3.2); D_alpha from the masses")
add("lemma2_3", "Lemma 2.3",
    le(gauss_delta(rho + 2 * sqrt(rho * log(1 / delta)), 1, sqrt(2 * rho)), delta),
    Domain.of(rho=POS, delta=Interval.open(0, 1)),
    family="every Gaussian mechanism N(0, sigma^2) vs N(Delta, sigma^2), exactly rho-zCDP "
           "with rho = Delta^2/(2 sigma^2) > 0",
    note="a statement about every rho-zCDP mechanism, decided on the Gaussian ones: "
         "N(0, sigma^2) vs N(Delta, sigma^2) is N(0,1) vs N(Delta/sigma, 1) after z -> z/sigma "
         "(a bijection: divergences unchanged), i.e. N(0,1) vs N(sqrt(2 rho), 1), and the "
         "other order is its mirror image; delta from the densities; rho > 0 and delta in "
         "(0, 1) as stated (the open ends delta -> 0+, 1- are moved to half-lines, rho -> oo "
         "kept unbounded)")
