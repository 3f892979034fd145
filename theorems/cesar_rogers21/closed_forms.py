"""cesar_rogers21: the paper's closed forms as printed (reconstructed, docs/catalogue.md), as sympy.

Theorem 1 (Kairouz-Oh-Viswanath), Theorem 2 (Dong-Durfee-Rogers), eqs. (5)-(6), F_l and t_l
of Theorem 3, Lemma 4.5's derivative and Theorem 3 itself.  k, d (and l in Lemma 4.5) may be
integer parameters: the sums are ``sympy.Sum`` over integer indices (the lowering evaluates
them at exact integers).  The definitions they are compared with (hockey-sticks of products,
the certified sup over t, the termwise derivative) are oracles in
``dpproof.oracles.composition``, computed without these formulas.

The maxima over l (Theorems 2 and 3) are ``MaxOver`` over an integer index with the printed
limits.
"""

from sympy import Max, Min, Sum, Symbol, binomial, exp

from dpproof.expr import MaxOver

from .common import p_t, q_t

i_, j_, l_ = (Symbol(v, integer=True) for v in "ijl")


def dp_ab(eps):
    """(a, b) = (e^eps/(1 + e^eps), 1/(1 + e^eps)) of eps-DP randomized response."""
    return exp(eps) / (1 + exp(eps)), 1 / (1 + exp(eps))


def thm1_delta(k, eps, eps_g):
    """Theorem 1: (1 + e^eps)^-k sum_{i=0..k} C(k,i) max(e^{(k-i) eps} - e^{eps_g + i eps}, 0)."""
    return (1 + exp(eps))**(-k) * Sum(
        binomial(k, i_) * Max(exp((k - i_) * eps) - exp(eps_g + i_ * eps), 0), (i_, 0, k))


def thm2_sum(k, eps, t, eps_g):
    """Theorem 2's sum at t: sum_i C(k,i) (q^{k-i}(1-q)^i e^{kt - i eps} - e^eps_g q^{k-i}(1-q)^i)_+."""
    q = q_t(eps, t)
    w = binomial(k, i_) * q**(k - i_) * (1 - q)**i_
    return Sum(Max(w * exp(k * t - i_ * eps) - exp(eps_g) * w, 0), (i_, 0, k))


def clip(z, eps):
    """clip_[0, eps](z)."""
    return Min(Max(z, 0), eps)


def thm2_delta(k, eps, eps_g):
    """Theorem 2: max over l in 0..k of the sum at t_l = clip((eps_g + (l+1) eps)/(k+1))."""
    return MaxOver(thm2_sum(k, eps, clip((eps_g + (l_ + 1) * eps) / (k + 1), eps), eps_g),
                   (l_, 0, k))


def _bracket(k, d, eps, t, eps_g):
    """The bracket of (5)-(6) at (i, j), binomials included, no positive part."""
    (n, p, q), (a, b) = (k - d, p_t(eps, t), q_t(eps, t)), dp_ab(eps)
    return binomial(n, i_) * binomial(d, j_) * (
        p**(n - i_) * (1 - p)**i_ * a**(d - j_) * b**j_
        - exp(eps_g) * q**(n - i_) * (1 - q)**i_ * b**(d - j_) * a**j_)


def eq56_sum(k, d, eps, t, eps_g):
    """eqs. (5)-(6) at t: sum_{i=0..k-d} sum_{j=0..d} of the bracket's positive part."""
    return Sum(Max(_bracket(k, d, eps, t, eps_g), 0), (i_, 0, k - d), (j_, 0, d))


def thm3_F(k, d, eps, eps_g, t, l):
    """F_l(t): the bracket summed over i + 2j <= l (j <= d, i <= k - d), no positive part; the
    inner sum runs to min(l - 2j, k - d), empty (upper end -1) when l - 2j < 0."""
    return Sum(_bracket(k, d, eps, t, eps_g), (i_, 0, Min(Max(l - 2 * j_, -1), k - d)),
               (j_, 0, d))


def thm3_t(k, d, eps, eps_g, l):
    """t_l = clip_[0, eps]((eps_g + (l + 1 - d) eps)/(k - d + 1))."""
    return clip((eps_g + (l + 1 - d) * eps) / (k - d + 1), eps)


def thm3_delta(k, d, eps, eps_g):
    """Theorem 3: max(0, max over l in 0..k+d-1 of F_l(t_l)).  Built unevaluated: sympy's
    evaluation cannot order 0 and the MaxOver and only spends seconds trying (the same
    expression either way)."""
    return Max(0, MaxOver(thm3_F(k, d, eps, eps_g, thm3_t(k, d, eps, eps_g, l_), l_),
                          (l_, 0, k + d - 1)), evaluate=False)


def lemma45_dF(k, d, eps, eps_g, t, l):
    """Lemma 4.5: ((k-d)/(e^eps - 1)) (e^{eps_g + (l+1-d) eps - (k-d) t} - e^t) sum_{j=0..d}
    C(d,j) a^{d-j} b^j C(k-d-1, l-2j) p^{k-d-1-l+2j} (1-p)^{l-2j}.  A term with l - 2j outside
    0..k-d-1 has C(k-d-1, l-2j) = 0: its powers are written with exponents clipped at 0 so that
    they stay defined at p = 0, 1 (t = eps, 0)."""
    (n, p, m), (a, b) = (k - d, p_t(eps, t), l - 2 * j_), dp_ab(eps)
    inner = Sum(binomial(d, j_) * a**(d - j_) * b**j_ * binomial(n - 1, m)
                * p**Max(n - 1 - m, 0) * (1 - p)**Max(m, 0), (j_, 0, d))
    return n / (exp(eps) - 1) * (exp(eps_g + (l + 1 - d) * eps - n * t) - exp(t)) * inner


def lemma52_weight(m, i, eps):
    """Lemma 5.2 / C.2: the weight C(m, i) e^{(m-i) eps}/(1 + e^eps)^m of g(x - (m - 2i) eps)
    in delta(D^m, suffix; x)."""
    return binomial(m, i) * exp((m - i) * eps) / (1 + exp(eps))**m
