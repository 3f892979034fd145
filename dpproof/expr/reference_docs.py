"""The documentation of every function a claim may call, as data (``dpproof.expr.reference``
renders it; ``tests/unit/test_reference.py`` checks it against the vocabulary).

Argument orders were read from each implementation (``dpproof/oracles``) and its use in
``theorems/``; each example is a claim that holds on its domain.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Doc:
    """One function's documentation: ``args`` (names; ``"*w"`` a variadic rest), ``meaning``,
    ``defined`` (where the value is defined; elsewhere the claim is undefined, never a
    number), and an example claim: ``example`` on the domain ``on`` (a TOML inline table),
    ``integers`` its integer parameters."""

    topic: str
    args: tuple[str, ...]
    meaning: str
    defined: str
    example: str
    on: str = "{}"
    integers: tuple[str, ...] = ()

    def signature(self, name: str) -> str:
        return f"{name}({', '.join(self.args)})"


_P = "P, Q laws"
_STD = "sigma > 0"


def _d(topic, args, meaning, defined, example, on="{}", integers=()):
    return Doc(topic, tuple(args.split(", ")) if args else (), meaning, defined, example, on,
               tuple(integers))


DOCS: dict[str, Doc] = {
    # ------------------------------------------------------------------ elementary
    "exp": _d("elementary", "x", "e^x.", "all reals (a large argument is a finite ball)",
              "exp(x) >= 1 + x", "{ x = [-10, 10] }"),
    "log": _d("elementary", "x", "The natural logarithm.",
              "x > 0; log(0) is undefined, not -inf", "log(x) <= x - 1", '{ x = "(0, 10]" }'),
    "sqrt": _d("elementary", "x", "The non-negative square root, x^(1/2).", "x >= 0",
               "sqrt(x) <= (1 + x)/2", "{ x = [0, 100] }"),
    "abs": _d("elementary", "x", "|x|.", "all reals", "abs(x - 1) <= abs(x) + 1",
              "{ x = [-5, 5] }"),
    "min": _d("elementary", "a, b, *rest", "The least of its arguments (at least 2).",
              "all reals", "min(x, 1) <= 1", "{ x = [-5, 5] }"),
    "max": _d("elementary", "a, b, *rest", "The greatest of its arguments (at least 2).",
              "all reals", "max(x, 0) >= x", "{ x = [-5, 5] }"),
    "erf": _d("elementary", "x", "The error function 2/sqrt(pi) int_0^x exp(-t^2) dt.",
              "all reals", "erf(x) == 1 - erfc(x)", "{ x = [-5, 5] }"),
    "erfc": _d("elementary", "x", "The complementary error function 1 - erf(x).",
               "all reals", "erfc(x) == 2*Q(x*sqrt(2))", "{ x = [-5, 5] }"),
    "binomial": _d("elementary", "n, k", "The binomial coefficient C(n, k); 0 when k < 0 or "
                   "k > n, binomial(0, 0) = 1.", "integers n >= 0 and k",
                   "binomial(n, 2) == n*(n - 1)/2", "{ n = [0, 50] }", ["n"]),
    # ------------------------------------------------------------------ special
    "Phi": _d("normal", "x", "The standard normal CDF, Phi(x) = erfc(-x/sqrt 2)/2.",
              "all reals", "Phi(x) + Phi(-x) == 1", "{ x = [-10, 10] }"),
    "Q": _d("normal", "x", "The standard normal tail, Q(x) = 1 - Phi(x) = erfc(x/sqrt 2)/2 "
            "(accurate far in the tail, where 1 - Phi(x) loses every digit).", "all reals",
            "Q(x) <= exp(-x^2/2)/2", "{ x = [0, 40] }"),
    "dawson": _d("normal", "x", "Dawson's integral F(x) = exp(-x^2) int_0^x exp(t^2) dt.",
                 "all reals", "dawson(x) <= 0.55", "{ x = [0, 10] }"),
    # ------------------------------------------------------------------ distributions
    "Normal": _d("laws", "mu, sigma", "The normal law N(mu, sigma^2): the second argument is "
                 "the standard deviation, not the variance.", _STD,
                 "kl(Normal(0, s), Normal(1, s)) == 1/(2*s^2)", "{ s = [0.5, 4] }"),
    "DataDependentNormal": _d("laws", "x, r", "N(x, (r x)^2): a normal law centred at the "
                              "data x with standard deviation proportional to it.",
                              "r x != 0", "moment2(DataDependentNormal(x, 1/2)) == 5*x^2/4",
                              "{ x = [1, 10] }"),
    "Laplace": _d("laws", "mu, b", "The Laplace law of density exp(-|y - mu|/b)/(2b).",
                  "b > 0", "renyi(Laplace(0, b), Laplace(1, b), alpha) <= 1/b",
                  '{ b = [0.5, 4], alpha = [2, 10] }'),
    "Bernoulli": _d("laws", "p", "The law on {0, 1} with P(1) = p.",
                    "0 <= p <= 1 (0 and 1 are point masses)",
                    "kl(Bernoulli(p), Bernoulli(1/2)) <= log(2)", "{ p = [0, 1] }"),
    "OSGT": _d("laws", "mu, sigma, m", "The offset symmetric Gaussian tail: density "
               "proportional to exp(-(|y - mu| + m)^2/(2 sigma^2)) (osgt22).",
               "sigma > 0, any real mu and m", "moment2(OSGT(0, s, 0)) == s^2",
               "{ s = [0.5, 4] }"),
    "TruncNormal": _d("laws", "mu, sigma, C", "N(mu, sigma^2) restricted to [mu - C, mu + C] "
                      "and renormalised.", "sigma > 0, C > 0",
                      "cdf(TruncNormal(0, 1, C), 0) == 1/2", "{ C = [1, 5] }"),
    "Finite": _d("laws", "w1, w2, *rest", "A law on n outcomes (n = 2 to 14) "
                 "with masses w_i / sum(w).", "every w_i >= 0 and sum(w) > 0",
                 "tv(Finite(1, 2, 3, 4), Finite(4, 3, 2, 1)) == 2/5"),
    "NameShame": _d("laws", "delta, n, v", "The outputs (Y_1..Y_n) of name-and-shame on n "
                    "people: Y_j is person j's value with probability delta, nothing "
                    "otherwise; person 1 has value v, the others 0 (adp_notes).",
                    "delta in [0, 1], integers n in [1, 4096] and v in {0, 1}",
                    "hockey_stick(NameShame(delta, 2, 0), NameShame(delta, 2, 1), 0) == delta",
                    "{ delta = [0, 1] }"),
    "ProductOf": _d("laws", "P, Q", "The independent product of two laws (products flatten).",
                    "any two laws (hockey_stick: differing factors finite, or N of one scale)",
                    "kl(ProductOf(Bernoulli(p), Bernoulli(p)), ProductOf(Bernoulli(1/2), "
                    "Bernoulli(1/2))) == 2*kl(Bernoulli(p), Bernoulli(1/2))",
                    "{ p = [0.1, 0.9] }"),
    "Quantize": _d("laws", "P, t1, *rest", "The law of the bin of Y ~ P among (-inf, t1], "
                   "(t1, t2], ..., (tk, inf) (1 to 8 cuts).", "the cuts increase strictly",
                   "tv(Quantize(Normal(0, 1), 0), Quantize(Normal(mu, 1), 0)) <= "
                   "tv(Normal(0, 1), Normal(mu, 1))", "{ mu = [0, 3] }"),
    "Stochastic": _d("laws", "P, a11, a12, *rest", "The push-forward of a discrete law P "
                     "(n outcomes) by an n x r row-stochastic matrix, given row by row; each "
                     "row is normalised to sum 1.",
                     "the entries fill n rows; each row >= 0 with a positive sum",
                     "tv(Stochastic(Bernoulli(p), 3, 1, 1, 3), Stochastic(Bernoulli(1/2), 3, "
                     "1, 1, 3)) <= tv(Bernoulli(p), Bernoulli(1/2))", "{ p = [0, 1] }"),
    # ------------------------------------------------------------------ divergences
    "renyi": _d("divergences", "P, Q, alpha", "The Renyi divergence D_alpha(P || Q) = "
                "log(int p^alpha q^(1 - alpha))/(alpha - 1), from the densities.",
                f"{_P}, alpha > 1; +inf where P has mass where Q has none",
                "renyi(Normal(0, s), Normal(1, s), alpha) == alpha/(2*s^2)",
                '{ s = [0.5, 4], alpha = "(1, 20]" }'),
    "kl": _d("divergences", "P, Q", "The Kullback-Leibler divergence KL(P || Q) = "
             "int p log(p/q).", f"{_P} of the same kind; +inf where P has mass where Q has "
             "none", "kl(Normal(0, s), Normal(d, s)) == d^2/(2*s^2)",
             "{ s = [0.5, 4], d = [0, 3] }"),
    "hockey_stick": _d("divergences", "P, Q, eps", "The hockey-stick divergence H_eps(P || Q) "
                       "= int (p - e^eps q)_+ = sup_A P(A) - e^eps Q(A): the delta of "
                       "(eps, delta)-DP for one pair of neighbours.", f"{_P}, every real eps",
                       "hockey_stick(Normal(0, 1), Normal(1, 1), eps) == Phi(1/2 - eps) - "
                       "exp(eps)*Phi(-1/2 - eps)", "{ eps = [0, 5] }"),
    "tv": _d("divergences", "P, Q", "The total variation distance sup_A |P(A) - Q(A)| = "
             "int |p - q| / 2.", _P, "tv(Normal(0, 1), Normal(mu, 1)) == 2*Phi(mu/2) - 1",
             "{ mu = [0, 5] }"),
    "hs_events": _d("divergences", "P, Q, eps", "sup over events A of P(A) - e^eps Q(A), by "
                    "enumerating the events of two discrete laws.",
                    "discrete laws of at most 14 outcomes",
                    "hs_events(Finite(1, 2, 3), Finite(3, 2, 1), eps) == "
                    "hockey_stick(Finite(1, 2, 3), Finite(3, 2, 1), eps)", "{ eps = [0, 2] }"),
    "bad_mass": _d("divergences", "P, Q, eps", "P(L > eps), L = log p(Y)/q(Y) the privacy "
                   "loss of Y ~ P: the mass of the 'bad' set.", f"{_P}, real eps",
                   "hockey_stick(Normal(0, 1), Normal(1, 1), eps) <= "
                   "bad_mass(Normal(0, 1), Normal(1, 1), eps)", "{ eps = [0, 3] }"),
    "loss_tail": _d("divergences", "P, Q, eps", "P(|L| > eps), L = log p(Y)/q(Y), Y ~ P.",
                    f"{_P}, real eps", "bad_mass(Normal(0, 1), Normal(1, 1), eps) <= "
                    "loss_tail(Normal(0, 1), Normal(1, 1), eps)", "{ eps = [0, 3] }"),
    "loss_at": _d("divergences", "P, Q, y", "The privacy loss log p(y) - log q(y) at the "
                  "output y.", f"{_P}, y where both densities are positive",
                  "loss_at(Normal(0, 1), Normal(1, 1), y) == 1/2 - y", "{ y = [-5, 5] }"),
    "density": _d("divergences", "P, y", "The density (or mass: outcomes 0..n-1) p(y) of P.",
                  "a law P, real y", "density(Normal(0, 1), y) == exp(-y^2/2)/sqrt(2*pi)",
                  "{ y = [-5, 5] }"),
    "cdf": _d("divergences", "P, t", "P(Y <= t), Y ~ P.", "a law P, real t",
              "cdf(Normal(0, 1), t) == Phi(t)", "{ t = [-5, 5] }"),
    "signed_mass_below": _d("divergences", "P, Q, eps, t", "P(Y <= t) - e^eps Q(Y <= t) (no "
                            "positive part).", f"{_P}, real eps and t",
                            "signed_mass_below(Normal(0, 1), Normal(1, 1), eps, t) == Phi(t) "
                            "- exp(eps)*Phi(t - 1)", "{ eps = [0, 2], t = [-3, 3] }"),
    "moment2": _d("divergences", "P", "The second moment E[Y^2], Y ~ P.", "a law P",
                  "moment2(Normal(mu, s)) == mu^2 + s^2", "{ mu = [-3, 3], s = [0.5, 4] }"),
    "gauss_delta": _d("divergences", "eps, sigma, Delta", "delta(eps) of the Gaussian "
                      "mechanism of sensitivity Delta: hockey_stick(Normal(0, sigma), "
                      "Normal(Delta, sigma), eps).", "sigma > 0, real eps and Delta",
                      "gauss_delta(eps, 1, 1) == Phi(1/2 - eps) - exp(eps)*Phi(-1/2 - eps)",
                      "{ eps = [0, 5] }"),
    # ------------------------------------------------------------------ moments
    "pv_inv_normal": _d("moments", "mu, sigma", "The principal value of E[1/X], X ~ "
                        "N(mu, sigma^2).", _STD,
                        "pv_inv_normal(mu, 1) == sqrt(2)*dawson(mu/sqrt(2))",
                        "{ mu = [0.5, 5] }"),
    "fp_inv_sq_normal": _d("moments", "mu, sigma", "The Hadamard finite part of E[1/X^2], "
                           "X ~ N(mu, sigma^2) (E[1/X^2] itself diverges).", _STD,
                           "fp_inv_sq_normal(mu, 1) == -1 + sqrt(2)*mu*dawson(mu/sqrt(2))",
                           "{ mu = [0.5, 5] }"),
    "trunc_abs_inv_normal": _d("moments", "mu, sigma, eps", "int_{|u| >= eps} phi(u)/|u| du, "
                               "phi the N(mu, sigma^2) density.", "sigma > 0, eps > 0",
                               "trunc_abs_inv_normal(0, 1, eps) <= 1/eps",
                               "{ eps = [0.01, 2] }"),
    "trunc_inv_sq_normal": _d("moments", "mu, sigma, eps", "int_{|u| >= eps} phi(u)/u^2 du, "
                              "phi the N(mu, sigma^2) density.", "sigma > 0, eps > 0",
                              "trunc_inv_sq_normal(0, 1, eps) <= 1/eps^2",
                              "{ eps = [0.01, 2] }"),
    "normal_variance": _d("moments", "mu, sigma", "Var X, X ~ N(mu, sigma^2), by integrating "
                          "the density.", _STD, "normal_variance(mu, s) == s^2",
                          "{ mu = [-3, 3], s = [0.5, 4] }"),
    "normal_abs_dev": _d("moments", "mu, sigma, c", "E|X - c|, X ~ N(mu, sigma^2).",
                         "sigma > 0, real c", "normal_abs_dev(mu, s, mu) == s*sqrt(2/pi)",
                         "{ mu = [-3, 3], s = [0.5, 4] }"),
    "laplace_sd": _d("moments", "mu, b", "The standard deviation of Laplace(mu, b), by "
                     "integrating the density.", "b > 0", "laplace_sd(mu, b) == sqrt(2)*b",
                     "{ mu = [-3, 3], b = [0.5, 4] }"),
    "osgt_kernel_mass": _d("moments", "sigma, m", "int exp(-y^2/(2 sigma^2) - |y| m/sigma^2) "
                           "dy over the line (the normaliser S' of osgt22).", _STD,
                           "osgt_kernel_mass(s, m) == 2*s*sqrt(2*pi)*exp(m^2/(2*s^2))*Q(m/s)",
                           "{ s = [0.5, 4], m = [0, 3] }"),
    "osgt_moment": _d("moments", "sigma, m, k", "E[Y^k], Y ~ OSGT(0, sigma, m), k in "
                      "{0, 1, 2}.", "sigma > 0, an integer k in {0, 1, 2}",
                      "osgt_moment(s, 0, 2) == s^2", "{ s = [0.5, 4] }"),
    "osgt_tail": _d("moments", "sigma, m, y", "P(Y >= y), Y ~ OSGT(0, sigma, m).",
                    "sigma > 0, real y", "osgt_tail(s, m, 0) == 1/2",
                    "{ s = [0.5, 4], m = [0, 3] }"),
    "rejection_shift_cdf": _d("moments", "sigma, m, t", "P(Y <= t) for Y = X + m if X < -m, "
                              "X - m if X >= m, X ~ N(0, sigma^2) conditioned on |X| >= m "
                              "(osgt22's sampler).", "sigma > 0, m >= 0, real t",
                              "rejection_shift_cdf(s, m, t) == 1 - osgt_tail(s, m, t)",
                              "{ s = [0.5, 4], m = [0, 3], t = [-3, 3] }"),
    # ------------------------------------------------------------------ normal product
    "alg1_moment": _d("product", "x, s, r, k", "E[Y^k], k in {1, 2}, for X ~ N(x, s^2) and "
                      "Y given X ~ N(X, (r X)^2).", "s > 0, r > 0, an integer k in {1, 2}",
                      "alg1_moment(x, s, r, 1) == x",
                      "{ x = [0, 10], s = [0.5, 4], r = [0.1, 2] }"),
    "alg1_variance": _d("product", "x, s, r", "Var[Y] for the Y of alg1_moment.",
                        "s > 0, r > 0",
                        "alg1_variance(x, s, r) == r^2*(x^2 + s^2) + s^2",
                        "{ x = [0, 10], s = [0.5, 4], r = [0.1, 2] }"),
    "alg1_abs_dev": _d("product", "x, s, r", "E|Y - x| for the Y of alg1_moment.",
                       "x >= 0, s > 0, r > 0",
                       "alg1_abs_dev(x, s, r) <= sqrt(r^2*(x^2 + s^2) + s^2)",
                       "{ x = [0, 10], s = [0.5, 4], r = [0.1, 2] }"),
    "normal_product_pdf": _d("product", "x, s, r, y", "The density at y of X Z, X ~ "
                             "N(x, s^2), Z ~ N(1, r^2) independent (the law of Alg. 1's Y), "
                             "from its definition int phi_X(u) phi_Z(y/u)/|u| du.",
                             "s > 0, r > 0, y != 0", "normal_product_pdf(x, s, r, y) >= 0",
                             "{ x = [0, 3], s = [0.5, 2], r = [0.1, 1], y = [0.5, 3] }"),
    "normal_product_kl": _d("product", "x, s, r, xp", "An enclosure (not the value) of "
                            "KL(X Z || X' Z), X ~ N(x, s^2), X' ~ N(xp, s^2), Z ~ N(1, r^2): "
                            "between the binary KL of the signs and KL(X || X') (data "
                            "processing).", "s > 0, r > 0",
                            "normal_product_kl(x, s, r, x + 1) <= 1/(2*s^2)",
                            "{ x = [0, 3], s = [0.5, 2], r = [0.1, 1] }"),
    "cyik16_series": _d("product", "x, s, r, y", "PRINTED FORMULA, not a definition: the "
                        "double series with Bessel K of azize23 (Thm 2.1 of [CYIK16]) as "
                        "printed, for the density of X Z at y, with a certified tail; compare "
                        "it with normal_product_pdf.", "s > 0, r > 0, y != 0",
                        "abs(cyik16_series(1, 1, 1/2, y)) >= 0", "{ y = [0.5, 3] }"),
    # ------------------------------------------------------------------ conversions
    "zcdp_eps": _d("conversions", "rho, delta", "eps = rho + 2 sqrt(rho log(1/delta)): the "
                   "(eps, delta)-DP of rho-zCDP.", "rho >= 0, 0 < delta <= 1",
                   "zcdp_eps(rho, 1/10^5) >= rho", "{ rho = [0, 10] }"),
    "rdp_to_delta": _d("conversions", "alpha, tau, eps", "delta(eps) of (alpha, tau)-RDP: "
                       "exp((alpha - 1)(tau - eps))/(alpha - 1) (1 - 1/alpha)^alpha.",
                       "alpha > 1",
                       "rdp_to_delta(alpha, tau, eps) == exp((alpha - 1)*(tau - eps))/"
                       "(alpha - 1)*(1 - 1/alpha)^alpha",
                       "{ alpha = [2, 64], tau = [0, 2], eps = [0, 5] }"),
    "eps_at_delta": _d("conversions", "P, Q, delta, lo, hi", "The eps in [lo, hi] at which "
                       "hockey_stick(P, Q, eps) = delta, by certified bisection (64 steps).",
                       f"{_P}, H_eps decreasing through delta on [lo, hi]",
                       "eps_at_delta(Normal(0, 1), Normal(1, 1), 1/10^5, 0, 10) <= 5"),
    "gauss_var_needed": _d("conversions", "eps, delta, Delta", "The variance sigma^2 at which "
                           "gauss_delta(eps, sigma, Delta) = delta, by certified bisection.",
                           "eps > 0, 0 < delta < 1, Delta > 0",
                           "gauss_var_needed(eps, 1/10^5, 1) <= 2*log(125000)/eps^2",
                           "{ eps = [0.1, 1] }"),
    "osgt_var_needed": _d("conversions", "eps, delta, m, Delta", "E[Y^2] of OSGT(0, sigma, m) "
                          "at the sigma where hockey_stick(OSGT(0, sigma, m), OSGT(Delta, "
                          "sigma, m), eps) = delta, by certified bisection.",
                          "eps > 0, 0 < delta < 1, m >= 0, Delta > 0",
                          "osgt_var_needed(eps, 1/10^10, 3, 1) >= 0", "{ eps = [0.5, 2] }"),
    # ------------------------------------------------------------------ composition
    "rr_compose_delta": _d("composition", "k, eps0, eps", "delta(eps) of the k-fold "
                           "composition of eps0-DP binary randomized response (the optimal "
                           "composition of Kairouz-Oh-Viswanath).",
                           "an integer k >= 1, eps0 > 0, real eps",
                           "rr_compose_delta(k, e, k*e) == 0",
                           "{ k = [1, 10], e = [0.1, 2] }", ["k"]),
    "subsampled_gaussian_rdp": _d("composition", "q, sigma, alpha", "The RDP at order alpha "
                                  "of the Poisson-subsampled Gaussian mechanism: sampling "
                                  "rate q, noise multiplier sigma (sensitivity 1); the exact "
                                  "sum of Mironov-Talwar-Zhang 2019.",
                                  "0 <= q <= 1, sigma > 0, an integer alpha >= 2",
                                  "subsampled_gaussian_rdp(q, 2, 4) <= 1/2", "{ q = [0, 1] }"),
    "subsampled_laplace_renyi": _d("composition", "q, b, alpha", "D_alpha((1 - q) Lap(0, b) "
                                   "+ q Lap(1, b) || Lap(0, b)) at integer order alpha (an "
                                   "exact sum).", "0 <= q <= 1, b > 0, an integer alpha >= 2",
                                   "subsampled_laplace_renyi(q, 1, 2) <= "
                                   "renyi(Laplace(1, 1), Laplace(0, 1), 2)", "{ q = [0, 1] }"),
    "kary_rr_delta": _d("composition", "p, k, n, eps", "delta(eps) of n composed k-ary "
                        "randomized responses RR(p, k) (keep the input with probability 1 - p "
                        "+ p/k, else a uniform bucket), inputs x != x' (dp_accounting's "
                        "REPLACE_ONE); the exact law of the n-fold privacy loss.",
                        "0 <= p <= 1, integers k >= 1 and 1 <= n <= 16384, real eps",
                        "kary_rr_delta(1/2, 4, n, 1) <= kary_rr_delta(1/2, 4, n + 1, 1)",
                        "{ n = [1, 5] }", ["n"]),
    "subsampled_gaussian_renyi": _d("composition", "q, sigma, alpha", "D_alpha((1 - q) N(0, "
                                    "sigma^2) + q N(1, sigma^2) || N(0, sigma^2)) at real "
                                    "alpha > 1 (the RDP of the Poisson-subsampled Gaussian), "
                                    "by the split series of Mironov-Talwar-Zhang 2019 (Sec. "
                                    "3.3) with certified tails.", "0 < q < 1, sigma > 0, alpha > 1",
                                    "subsampled_gaussian_renyi(q, 2, 3/2) <= "
                                    "subsampled_gaussian_renyi(q, 2, 2)", '{ q = ["1/100", "1/2"] }'),
    "dpsgd_eps": _d("composition", "q, sigma, steps, delta", "A certified ball containing the "
                    "optimal eps(delta) of `steps` compositions of the Poisson-subsampled "
                    "Gaussian (sampling rate q, noise multiplier sigma, add/remove "
                    "neighbours): [lower, upper] of dpproof.accounting.dpsgd_epsilon.",
                    "0 < q <= 1, sigma > 0, an integer steps >= 1, 0 < delta < 1",
                    "dpsgd_eps(0.004, 0.8, 1000, 1e-5) <= 1.3"),
    # ------------------------------------------------------------------ bounded range
    "F_l_slope": _d("bounded_range", "k, d, eps, eps_g, t, l", "d/dt of F_l(t) = sum over the "
                    "outcomes (i ones among the k - d RR_{eps,t} coordinates, j among the d "
                    "eps-DP randomized responses) with i + 2j <= l of P(i, j) - e^eps_g "
                    "Q(i, j), differentiated term by term (the oracle of Lemma 4.5).",
                    "integers 0 <= d <= k and l, eps > 0",
                    "F_l_slope(2, 0, 1, 0, t, 5) == 0", "{ t = [0, 1] }"),
    "br_product_delta": _d("bounded_range", "k, d, eps, t, eps_g", "H_eps_g(P || Q) of the "
                           "product of k - d generalized randomized responses RR_{eps,t} "
                           "(eps-bounded range) and d eps-DP randomized responses, from the "
                           "grouped law.", "integers 0 <= d <= k, eps > 0, t in [0, eps]",
                           "br_product_delta(k, k, 1, 0, g) == rr_compose_delta(k, 1, g)",
                           "{ k = [1, 6], g = [0, 3] }", ["k"]),
    "br_product_delta_bf": _d("bounded_range", "n, code, eps, t, eps_g", "The same "
                              "hockey-stick by enumerating every outcome of the n steps in "
                              "the order coded by the bits of code (1 = a RR_{eps,t} step, "
                              "0 = an eps-DP step).", "integers n >= 1 and 0 <= code < 2^n",
                              "br_product_delta_bf(3, 5, 1, t, g) == "
                              "br_product_delta(3, 1, 1, t, g)",
                              "{ t = [0, 1], g = [0, 2] }"),
    "br_two_delta_bf": _d("bounded_range", "d, eps, t1, t2, eps_g", "The hockey-stick at "
                          "eps_g of RR_{eps,t1} x RR_{eps,t2} x d eps-DP randomized "
                          "responses, by enumeration.", "an integer d >= 0, eps > 0",
                          "br_two_delta_bf(1, 1, t, t, g) == br_product_delta(3, 1, 1, t, g)",
                          "{ t = [0, 1], g = [0, 2] }"),
    "genrr3_delta_bf": _d("bounded_range", "e1, e2, e3, t1, t2, t3, eps_g", "The hockey-stick "
                          "at eps_g of the product of three generalized randomized responses "
                          "RR_{e_i,t_i}, by enumeration.", "e_i > 0, t_i in [0, e_i]",
                          "genrr3_delta_bf(1, 1, 1, t, t, t, g) == "
                          "br_product_delta(3, 0, 1, t, g)", "{ t = [0, 1], g = [0, 2] }"),
    "br_sup_delta": _d("bounded_range", "k, d, eps, eps_g", "sup over t in [0, eps] of "
                       "br_product_delta(k, d, eps, t, eps_g), certified by branch and "
                       "bound.", "integers 0 <= d <= k, eps > 0",
                       "br_product_delta(3, 1, 1, t, g) <= br_sup_delta(3, 1, 1, g)",
                       "{ t = [0, 1], g = [0, 3] }"),
    "br_sup_eps_g": _d("bounded_range", "k, d, eps, delta", "The eps_g at which "
                       "br_sup_delta(k, d, eps, eps_g) = delta, by certified bisection of 12 "
                       "steps (a ball about 2^-12 (k eps + 1) wide: a figure's precision).",
                       "integers 0 <= d <= k, eps > 0, 0 < delta < 1",
                       "br_sup_eps_g(4, 2, 1/10, 1/10^6) <= 0.41"),
    "br_adaptive_delta": _d("bounded_range", "n, code, eps, x", "delta(order; x) of the "
                            "recursion of Lemma 5.1 (adaptively chosen eps-BR steps), the "
                            "order given by the n bits of code (1 = a BR step, 0 = an eps-DP "
                            "step); the empty order gives max(1 - e^x, 0).",
                            "integers n >= 0 and 0 <= code < max(2^n, 1), eps > 0",
                            "br_adaptive_delta(0, 0, 1, x) == max(1 - exp(x), 0)",
                            "{ x = [-1, 1] }"),
    "rademacher_tail": _d("bounded_range", "n, beta", "P(sum_{i<=n} e_i/sqrt(n) >= beta), e_i "
                          "independent fair signs (an exact binomial tail).",
                          "an integer n >= 1, real beta", "rademacher_tail(n, x) <= "
                          "exp(-x^2/2)", "{ n = [1, 50], x = [0, 5] }", ["n"]),
    # ------------------------------------------------------------------ mechanisms
    "laplace_pdf": _d("mechanisms", "z, mu, b", "The Laplace(mu, b) density at z.", "b > 0",
                      "laplace_pdf(z, mu, b) == exp(-abs(z - mu)/b)/(2*b)",
                      "{ z = [-3, 3], mu = [-1, 1], b = [0.5, 4] }"),
    "rr_prob": _d("mechanisms", "eps, x, y", "P(Y = y | X = x) of binary randomized response, "
                  "which keeps x with probability e^eps/(1 + e^eps).", "x, y in {0, 1}",
                  "rr_prob(eps, 1, 1) == exp(eps)/(1 + exp(eps))", "{ eps = [0, 5] }"),
    "shift_abs_sup": _d("mechanisms", "m1, m2", "sup over z of |z - m2| - |z - m1|.",
                        "all reals", "shift_abs_sup(a, b) == abs(a - b)",
                        "{ a = [-3, 3], b = [-3, 3] }"),
    "mean_sensitivity_enum": _d("mechanisms", "n, B", "sup |mean(D) - mean(D')| over "
                                "replace-one neighbours D, D' in {-B, 0, B}^n, by "
                                "enumeration.", "integers n in [1, 5], B in [1, 100]",
                                "mean_sensitivity_enum(n, B) == 2*B/n",
                                "{ n = [1, 5], B = [1, 10] }", ["n", "B"]),
    "ks_sensitivity_enum": _d("mechanisms", "n, k", "sup over replace-one neighbours x, y in "
                              "{0, 1/2, 1}^n and z in {0, 1/2, 1}^k of |KS(x, z) - KS(y, z)|, "
                              "KS the sup distance of the empirical CDFs, by enumeration.",
                              "integers n in [1, 4], k in [1, 3]",
                              "ks_sensitivity_enum(n, k) == 1/n",
                              "{ n = [1, 4], k = [1, 3] }", ["n", "k"]),
    "expmech_ks_loss": _d("mechanisms", "n, k, eps", "The largest privacy loss log q(z|x) - "
                          "log q(z|y) of the exponential mechanism with utility -KS(x, z) "
                          "over replace-one x, y and outputs z (the sets of "
                          "ks_sensitivity_enum).", "integers n in [1, 4], k in [1, 3], eps > 0",
                          "expmech_ks_loss(n, k, eps) <= eps",
                          "{ n = [1, 4], k = [1, 3], eps = [0.1, 3] }", ["n", "k"]),
    "cosine_series_loss": _d("mechanisms", "n, m, b", "The largest privacy loss of adding "
                             "Laplace(b) noise to the m cosine-series coefficients (1/n) sum_i "
                             "sqrt(2) cos(pi j X_i), over replace-one neighbours with data in "
                             "{0, 1/4, ..., 1}.", "integers n >= 1, m in [1, 50], b > 0",
                             "cosine_series_loss(n, m, b) <= 2*sqrt(2)*m/(n*b)",
                             "{ n = [1, 10], m = [1, 5], b = [0.5, 4] }", ["n", "m"]),
    # ------------------------------------------------------------------ isotonic
    "pava_fit": _d("isotonic", "c1, c2, c3, c4, i", "Component i of argmin sum (x_j - c_j)^2 "
                   "subject to x1 >= x2 >= x3 >= x4 >= 0 (cesar_rogers21 eq. (9)), by the pool "
                   "adjacent violators algorithm clipped at 0.",
                   "exact rational c_j (a ball gives nan), an integer i in [1, 4]",
                   "pava_fit(4, 1, 2, 3, 2) == 2"),
    "isotonic_bf_fit": _d("isotonic", "c1, c2, c3, c4, i", "The same optimum as pava_fit, by "
                          "enumerating every partition into consecutive blocks.",
                          "exact rational c_j (a ball gives nan), an integer i in [1, 4]",
                          "isotonic_bf_fit(4, 1, 2, 3, 4) == 2"),
    "tgauss_fail": _d("isotonic", "sigma, s, Delta", "P(Z < Delta - s), Z ~ TruncNormal(0, "
                      "sigma, s): the mass where the neighbour TruncNormal(Delta, sigma, s) has "
                      "no density.", "sigma > 0, s > 0, Delta >= 0",
                      "tgauss_fail(sigma, 2, 0) == 0", "{ sigma = [0.5, 4] }"),
    "tgauss_renyi_cond": _d("isotonic", "alpha, sigma, s, Delta, rev", "D_alpha of N(0, "
                            "sigma^2) and N(Delta, sigma^2), both conditioned on the overlap "
                            "[Delta - s, s] of the truncated supports; rev = 1 swaps the "
                            "order.", "alpha > 1, sigma > 0, Delta >= 0, rev in {0, 1}",
                            "tgauss_renyi_cond(alpha, 1, s, 0, 0) == 0",
                            "{ alpha = [2, 10], s = [1, 3] }"),
}
