"""cesar_rogers21, Section 3: concentration (Lemmas 3.1-3.4; eq. (3) in Lemma 3.3)."""

from sympy import Max, Rational as R, exp, log, sqrt, tanh

from dpproof.claims import Domain, Interval
from dpproof.expr.vocabulary import (Bernoulli, Laplace, Normal, br_sup_delta, gauss_delta, kl,
                                     rademacher_tail, renyi, rr_compose_delta)

from . import every_law
from .common import (E, POS, a_, add, add_proved, b_, br_mean, closed, delta, e, eps, integers,
                     j, k, lam, le, n, pp, qq, r, rho, sigma, tt, v, x)

# ---- Section 3: concentration ---------------------------------------------------------
LEMMA3_1_FAMILY = add(
    "lemma3_1.family", "Lemma 3.1", le(rademacher_tail(n, x), exp(-x**2 / 2)),
    Domain.of(n=integers(1, 16), x=closed(0, 5)),
    note="the family lemma3_1's conclusion is swept over (its former encoding): M_n = sum of "
         "n fair +-1 steps of size 1/sqrt(n) (B = 1), beta = x; exact binomial tail.  beta <= 5 "
         "is every beta >= 0: M_n <= sqrt(n) <= 4, so the tail is 0 beyond")
add_proved("lemma3_1", "Lemma 3.1", every_law.martingale_tail, (LEMMA3_1_FAMILY,),
           note="every n >= 1, every filtration and every adapted sum M_n = X_1 + ... + X_n "
                "whose increments are conditionally sigma_i^2-subgaussian given the past, "
                "sigma_i predictable, sum sigma_i^2 <= B a.s. (B > 0): P[M_n >= beta] <= "
                "exp(-beta^2/(2 B)) for every beta >= 0 (the source's Appendix A: the "
                "exponential supermartingale, induction on n, Markov at lambda = beta/B).  "
                "beta < 0 is outside the statement: there the bound is < 1 and M_n = 0 "
                "violates it")


def logmgf(points, lm):
    """log E exp(lm (L - E L)) of a finite privacy-loss law [(prob, loss), ...]."""
    mean = sum(pr * L for pr, L in points)
    return log(sum(pr * exp(lm * (L - mean)) for pr, L in points))


rr_dp = [(a_, eps), (b_, -eps)]
DP_FAMILY = add("lemma3_2.dp.family", "Lemma 3.2",
                le(Max(kl(Laplace(0, 1 / eps), Laplace(1, 1 / eps)) - eps * (E - 1) / (E + 1),
                       logmgf(rr_dp, lam) - lam**2 * eps**2 / 2,
                       logmgf(rr_dp, -lam) - lam**2 * eps**2 / 2), 0),
                Domain.of(eps=closed(R(1, 10), 3), lam=closed(R(1, 4), 4)),
                note="the family lemma3_2.dp's conclusion is swept over (its former "
                     "encoding): mean on the Laplace mechanism (KL from the densities; RR "
                     "attains equality, tested); subgaussian on RR's loss (+-eps w.p. a, b), "
                     "|lambda| in [1/4, 4]")
add_proved("lemma3_2.dp", "Lemma 3.2", every_law.dp_round, (DP_FAMILY,),
           note="every eps-DP round, every eps > 0: for every pair of laws with e^-eps q "
                "<= p <= e^eps q (both allowed to vanish together), E_P[L] = KL(P||Q) <= "
                "eps (e^eps - 1)/(e^eps + 1), since t log t lies below its chord on "
                "[e^-eps, e^eps] (secant), and the centred loss is eps^2/2-subgaussian for "
                "every real lambda (hoeffding: L in [-eps, eps] P-a.s.)")
rr_br = [(pp, tt), (1 - pp, tt - eps)]
BR_FAMILY = add("lemma3_2.br.family", "Lemma 3.2",
                le(Max(kl(Bernoulli(1 - pp), Bernoulli(1 - qq)) - br_mean(eps),
                       logmgf(rr_br, lam) - lam**2 * eps**2 / 8,
                       logmgf(rr_br, -lam) - lam**2 * eps**2 / 8), 0),
                Domain.of(eps=closed(R(1, 10), 2), s=closed(0, 1), lam=closed(R(1, 4), 4)),
                note="the family lemma3_2.br's conclusion is swept over (its former "
                     "encoding): RR_{eps,t}, t = s eps (the worst case of eps-BR); the mean "
                     "bound is attained at t* = log((e^eps - 1)/eps) (tested), so the box "
                     "cannot be certified near t*")
add_proved("lemma3_2.br", "Lemma 3.2", every_law.br_round, (BR_FAMILY,), br_mean(eps),
           note="every eps-BR round, every eps > 0: Lemma 2.1 gives t - eps <= L <= t "
                "(t = ess sup L in [0, eps]); then E_P[L] = KL(P||Q) <= eps/(1 - e^-eps) - "
                "1 - log(eps/(1 - e^-eps)), the sup over t of the chord of t log t on "
                "[e^(t - eps), e^t] at 1 (secant, the sup at t* = log((e^eps - 1)/eps) by "
                "concavity in t), and the centred loss is eps^2/8-subgaussian (hoeffding). "
                "The printed '(<= eps^2/8)' on the mean bound is .mean_quadratic")
add("lemma3_2.br.mean_quadratic", "Lemma 3.2", le(br_mean(eps), eps**2 / 8), Domain.of(eps=POS),
    note="the parenthetical of Lemma 3.2 (BR): the mean bound eps/(1 - e^-eps) - 1 - "
         "log(eps/(1 - e^-eps)) is at most eps^2/8, every eps > 0; tight as eps -> 0 (both "
         "sides ~ eps^2/8), where balls do not separate them")


def cdp_gauss(sg, lm):
    mu_g, tau_g = 1 / (2 * sg**2), 1 / sg
    return Max(kl(Normal(0, sg), Normal(1, sg)) - mu_g,
               lm * renyi(Normal(0, sg), Normal(1, sg), 1 + lm) - lm * mu_g
               - lm**2 * tau_g**2 / 2)


CDP_FAMILY = add(
    "lemma3_2.cdp.family", "Lemma 3.2", le(cdp_gauss(sigma, lam), 0),
    Domain.of(sigma=POS, lam=POS),
    note="the family lemma3_2.cdp's conclusion is swept over: the Gaussian mechanism "
         "N(0, sigma^2) vs N(1, sigma^2) for every sigma > 0 and lambda > 0 (Delta = 1 is a "
         "scale reduction: sigma/Delta is what matters): (1/(2 sigma^2), 1/sigma)-CDP; log-mgf "
         "of the centred loss = lambda D_{1+lambda} - lambda mu; KL and Renyi derived from the "
         "densities; both parts hold with equality")
add_proved("lemma3_2.cdp", "Lemma 3.2", every_law.cdp_round, (CDP_FAMILY,),
           note="every (mu, tau)-CDP round, every real mu and tau > 0: the source proves it "
                "'simply due to the definition' (Dwork and Rothblum 2016, Def. 3.1: E[L] <= "
                "mu and L - E[L] tau-subgaussian, E[exp(lambda (L - E L))] <= "
                "exp(lambda^2 tau^2/2) for every real lambda); the rule checks that the "
                "lemma's constants are the definition's, at every value of the mean and "
                "the mgf (consequence)")
add("lemma3_2.cdp.instances", "Lemma 3.2", le(cdp_gauss(r / 2, v / 2), 0),
    Domain.of(r=integers(1, 6), v=integers(1, 6)), derived={"sigma": r / 2, "lambda": v / 2},
    note="instances sigma = r/2, lambda = v/2 of lemma3_2.cdp (ball oracles): equality "
         "holds, so balls cannot certify")
dl = 10**(-3 * j)


def eq3(n_dp, n_br, ep, dt):
    return (n_dp * ep * tanh(ep / 2) + n_br * br_mean(ep)
            + sqrt(2 * (n_dp * ep**2 + n_br * ep**2 / 4) * log(1 / dt)))


ee = e / 10
LEMMA3_3_FAMILY = add(
    "lemma3_3.family", "Lemma 3.3, eqs. (2)-(3)",
    le(Max(rr_compose_delta(k, ee, eq3(k, 0, ee, dl)) - dl,
           br_sup_delta(k, 0, ee, eq3(0, k, ee, dl)) - dl,
           br_sup_delta(2 * k, k, ee, eq3(k, k, ee, dl)) - dl), 0),
    Domain.of(k=integers(1, 4), e=integers(1, 3), j=integers(1, 2)),
    derived={"eps": e / 10, "delta": 10**(-3 * j)},
    note="the family lemma3_3's conclusion is swept over (its former encoding): instances (grid eps = e/10, delta = 10^(-3j)): k eps-DP (exact RR composition), k "
         "eps-BR and k + k mixed (non-adaptive worst cases, certified sup over t); CDP terms "
         "not instantiated")
add_proved("lemma3_3", "Lemma 3.3, eqs. (2)-(3)", every_law.setwise, (LEMMA3_3_FAMILY,),
           br_mean(eps),
           note="every set-wise adaptive composition of preregistered eps-DP, eps-BR and "
                "(mu, tau)-CDP parameter sets, every order the analyst chooses and every "
                "delta in (0, 1) (log(1/delta) < 0 beyond: eps_g is not real; every "
                "mechanism is (eps, 1)-DP): Lemma 3.2's three bounds per round (each "
                "proved over every law), Lemma 3.1 (supermartingale) on the centred loss "
                "with B = sum eps_i^2 + sum eps_j^2/4 + sum tau_l^2, and H_eps_g <= "
                "P[L > eps_g]; the printed terms are checked against Lemma 3.2's constants "
                "(eps tanh(eps/2) = eps (e^eps - 1)/(e^eps + 1), sigma^2 = 2 c)")
add("lemma3_4", "Lemma 3.4",
    le(gauss_delta(2 * rho + 2 * sqrt(2 * rho * log(1 / delta)), 1, sqrt(4 * rho)), delta),
    Domain.of(rho=POS, delta=Interval.open(0, 1)),
    unknown=True,
    family="compositions of Gaussian mechanisms (xi_i = 0, delta_i = 0), every total "
           "sum rho_i > 0",
    note="a statement about every composition of zCDP mechanisms, decided on Gaussian ones "
         "with xi_i = delta_i = 0: the product of N(0, sigma_i^2) vs N(Delta_i, sigma_i^2) is "
         "N(0, I) vs N(mu, I) with |mu|^2 = 2 sum rho_i after scaling each coordinate, i.e. "
         "N(0,1) vs N(sqrt(2 sum rho_i), 1) by rotation; the encoding writes the total as "
         "2 rho (two rho-zCDP steps), rho > 0 covers every total; delta in (0, 1) as in "
         "lemma2_3")
