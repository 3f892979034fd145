"""Hockey-sticks of products of randomized responses, derived in sympy from the masses
(Cesar-Rogers 2021, Sections 2-4: eps-BR -> RR_{eps,t}, eps-DP -> randomized response).

RR_{eps,t}: P = (p_t, 1 - p_t), Q = (q_t, 1 - q_t), p_t = (e^eps - e^t)/(e^eps - 1),
q_t = e^-t p_t; eps-DP RR: P = (a, b), Q = (b, a), a = e^eps/(1 + e^eps), b = 1/(1 + e^eps).
The hockey-stick of a product is sum over outcomes o of (P(o) - e^eps_g Q(o))_+; with the
orders and counts given integers it is written out (outcome by outcome for the ``_bf``
oracles, by the counts (i, j) of ones among the BR and DP coordinates for
``br_product_delta``, whose outcomes with equal counts share one likelihood ratio).  The
ball oracles (``oracles.composition.bounded_range``) are the separate derivation.
"""

from __future__ import annotations

import itertools

import sympy
from sympy import Max, binomial, exp

from .pieces import DENSITIES, Underivable, require

#: the most coordinates written out (2^n outcomes)
MAX_COORDS = 10


def continuous_factors(P, Q):
    """The factor pairs of two products of continuous laws (ProductOf(P1, P2) vs
    ProductOf(Q1, Q2)), else None: Renyi and KL of product measures are the sums over the
    factors (tensorisation: the density ratio and the integral factor)."""
    if not (type(P).__name__ == type(Q).__name__ == "ProductOf"):
        return None
    factors = list(zip(P.args, Q.args))
    if all(type(d).__name__ in DENSITIES for pair in factors for d in pair):
        return factors
    return None


def gaussian_shift(P, Q):
    """sqrt(sum_i ((mu_i - nu_i)/s_i)^2) when P and Q are products of normals N(mu_i, s_i)
    and N(nu_i, s_i) with the same scale expression per coordinate, else None: standardised
    and rotated so that the mean difference lies along one axis, the pair is N(0, 1) against
    N(shift, 1) on that axis, every other axis common to both (a bijection, which keeps every
    divergence); the ball oracle ``divergences.hockey_stick._normal_shift`` is the same map."""
    if not (type(P).__name__ == type(Q).__name__ == "ProductOf") or len(P.args) != len(Q.args):
        return None
    total = sympy.S.Zero
    for p, q in zip(P.args, Q.args):
        if not (type(p).__name__ == type(q).__name__ == "Normal") or p.args[1] != q.args[1]:
            return None
        require(p.args[1] > 0, "sigma > 0")
        total += ((p.args[0] - q.args[0]) / p.args[1]) ** 2
    return sympy.sqrt(total)


def common_factor_dropped(P, Q):
    """(P1, Q1) when P and Q are products with a common independent factor R, P = P1 x R and
    Q = Q1 x R, else None: H_eps(P1 x R || Q1 x R) = sum_y r(y) H_eps(P1 || Q1) = H_eps(P1 || Q1)
    (R sums to 1), exactly, for every eps.  ``ProductOf`` pairs with one identical factor;
    ``NameShame(delta, n, v)`` = person(v) x person(0)^(n - 1), so two with the same delta and
    n (any integer n >= 1, symbolic too) reduce to n = 1."""
    names = (type(P).__name__, type(Q).__name__)
    if names == ("ProductOf", "ProductOf"):
        (p1, p2), (q1, q2) = P.args, Q.args
        return (p1, q1) if p2 == q2 else ((p2, q2) if p1 == q1 else None)
    if names == ("NameShame", "NameShame") and P.args[:2] == Q.args[:2]:
        delta, n = P.args[:2]
        if n == 1:
            return None
        require(sympy.And(sympy.Eq(n, sympy.floor(n)), n >= 1), "an integer n >= 1 people")
        return type(P)(delta, 1, P.args[2]), type(Q)(delta, 1, Q.args[2])
    return None


def genrr(eps, t):
    require(eps > 0, "eps > 0")
    # RR_{eps,t} is a distribution for 0 <= t <= eps only (the ball oracle: undefined outside)
    if sympy.sympify(t).is_negative or sympy.sympify(t - eps).is_positive:
        raise Underivable(f"RR_{{eps,t}} with t = {t} outside [0, {eps}]")
    p = (exp(eps) - exp(t)) / (exp(eps) - 1)
    q = exp(-t) * p
    return (p, 1 - p), (q, 1 - q)


def dp_rr(eps):
    a, b = exp(eps) / (1 + exp(eps)), 1 / (1 + exp(eps))
    return (a, b), (b, a)


def hockey_stick_discrete(p, q, eps_g):
    """sum_o (P(o) - e^eps_g Q(o))_+, each clamp built unevaluated (sympy's Max compares
    its arguments at construction, seconds for a product of six coordinates)."""
    return sympy.Add(*(Max(a - exp(eps_g) * b, 0, evaluate=False) for a, b in zip(p, q)))


def _int(n, what, lo=0, hi=MAX_COORDS):
    if not (getattr(n, "is_Integer", False) and lo <= int(n) <= hi):
        raise Underivable(f"{what} = {n} (a given integer {lo}..{hi} is written out)")
    return int(n)


def enumerated(pairs, eps_g):
    """sum over the product's outcomes of (prod P_i - e^eps_g prod Q_i)_+."""
    pm, qm = [], []
    for o in itertools.product(*(range(len(P)) for P, _ in pairs)):
        pm.append(sympy.Mul(*(P[x] for (P, _), x in zip(pairs, o))))
        qm.append(sympy.Mul(*(Q[x] for (_, Q), x in zip(pairs, o))))
    return hockey_stick_discrete(pm, qm, eps_g)


def _counts_sum(k, d, eps, t, eps_g):
    """br_product_delta with k, d integer symbols (not given numbers): the same grouping as a
    ``sympy.Sum`` over the counts (i, j) of ones among the k - d BR and the d DP coordinates,
    each count's binomial(k - d, i) binomial(d, j) outcomes sharing one likelihood ratio.
    Derived only where k - d is known to be 0 (the DP-only product, a sum over j) or a
    nonnegative integer (a double sum): a negative count would make an empty product."""
    k, d = sympy.sympify(k), sympy.sympify(d)
    if not (k.is_integer and d.is_integer and d.is_nonnegative and (k - d).is_nonnegative):
        raise Underivable(f"k = {k}, d = {d}: integers with 0 <= d <= k needed")
    n = sympy.expand(k - d)
    i, j = sympy.Dummy("i", integer=True, nonnegative=True), sympy.Dummy(
        "j", integer=True, nonnegative=True)
    (a, b), _ = dp_rr(eps)
    if n == 0:
        term = binomial(d, j) * (a ** (d - j) * b ** j - exp(eps_g) * b ** (d - j) * a ** j)
        return sympy.Sum(Max(term, 0, evaluate=False), (j, 0, d))
    (p, _), (q, _) = genrr(eps, t)
    c = binomial(n, i) * binomial(d, j)
    term = c * (p ** (n - i) * (1 - p) ** i * a ** (d - j) * b ** j
                - exp(eps_g) * q ** (n - i) * (1 - q) ** i * b ** (d - j) * a ** j)
    return sympy.Sum(Max(term, 0, evaluate=False), (i, 0, n), (j, 0, d))


def br_product_delta(k, d, eps, t, eps_g):
    """k - d RR_{eps,t} and d eps-DP RRs, outcomes grouped by their counts of ones (a
    ``Sum`` over the counts when k, d are integer symbols, ``_counts_sum``)."""
    if not (getattr(sympy.sympify(k), "is_Integer", False)
            and getattr(sympy.sympify(d), "is_Integer", False)):
        return _counts_sum(k, d, eps, t, eps_g)
    k, d = _int(k, "k"), _int(d, "d")
    if d > k:
        raise Underivable("d > k")
    n = k - d
    (p, _), (q, _) = genrr(eps, t) if n else ((1, 0), (1, 0))
    (a, b), _ = dp_rr(eps)
    pm, qm = [], []
    for i in range(n + 1):
        for j in range(d + 1):
            c = binomial(n, i) * binomial(d, j)
            pm.append(c * p ** (n - i) * (1 - p) ** i * a ** (d - j) * b ** j)
            qm.append(c * q ** (n - i) * (1 - q) ** i * b ** (d - j) * a ** j)
    return hockey_stick_discrete(pm, qm, eps_g)


def br_product_delta_bf(n, code, eps, t, eps_g):
    """The product in the order of the bits of ``code`` (most significant first, 1 = BR)."""
    n = _int(n, "n", 1)
    code = _int(code, "code", 0, (1 << n) - 1)
    bits = [(code >> (n - 1 - i)) & 1 for i in range(n)]
    return enumerated([genrr(eps, t) if b else dp_rr(eps) for b in bits], eps_g)


def br_two_delta_bf(d, eps, t1, t2, eps_g):
    d = _int(d, "d", 0, MAX_COORDS - 2)
    return enumerated([genrr(eps, t1), genrr(eps, t2)] + [dp_rr(eps)] * d, eps_g)


def genrr3_delta_bf(e1, e2, e3, t1, t2, t3, eps_g):
    return enumerated([genrr(e1, t1), genrr(e2, t2), genrr(e3, t3)], eps_g)


RULES = {"br_product_delta": br_product_delta, "br_product_delta_bf": br_product_delta_bf,
         "br_two_delta_bf": br_two_delta_bf, "genrr3_delta_bf": genrr3_delta_bf}
