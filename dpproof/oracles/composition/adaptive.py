"""The adaptive recursion of Lemma 5.1 (Dong-Durfee-Rogers; Cesar-Rogers 2021), certified.

For an order of steps ('B' = eps-BR chosen adaptively, 'D' = eps-DP), with g the value of
the remaining steps:

    delta(empty; x) = max(1 - e^x, 0)
    delta(B, rest; x) = sup_{t in [0, eps]} p_t g(x - t) + (1 - p_t) g(x - t + eps)
    delta(D, rest; x) = a g(x - eps) + b g(x + eps)

Every delta(steps; .) is (i) nonincreasing with values in [0, 1], (ii) 1-Lipschitz and (iii)
1-semiconvex (delta + y^2/2 convex): each is a sup over policies of sums of
(P_o - e^y Q_o)_+, whose second derivative is >= -sum_o P_o >= -1 where positive, with
convex kinks; and h = delta - (1 - e^y) is >= 0 and nondecreasing (the slope of each
term is -e^y Q(L > y) >= -e^y).  So a ball for g on [x1, x2] is [lower g(x2), upper g(x1)] (only exact points
are evaluated), and f(t) = p_t g(x - t) + (1 - p_t) g(x - t + eps) has
f'' >= p'' (g1 - g2) - 2 |p'| |g1' - g2'| - 1 >= -(1 + 3 e^t/(e^eps - 1)) =: -M: on
[t1, t2], f <= max(f(t1), f(t2)) + M (t2 - t1)^2 / 8.  The sup over t is then certified
by branch and bound (``br_composition.sup_unit``): lower bound = certified point values,
upper bound = the smallest of the semiconvexity bound, the monotone bound p(t1) g(x - t2) +
(1 - p(t2)) g(x - t2 + eps) and, writing f = 1 - e^x + p h(x - t) + (1 - p) h(x - t + eps),
1 - e^x + p(t1) h(x - t1) + (1 - p(t2)) h(x - t1 + eps) (exact on flat stretches).
"""

from __future__ import annotations

from flint import arb

from .bounded_range import _key, dp_ab, genrr_pq, order_from_code, sup_unit
from ..integrate import NAN, hull, pos
from ...fresh_state import Memo

_MEMO = Memo()
_MEMO_MAX = 500_000
#: the default target width of each sup is 2^-TOL_BITS (issue 13); with two or more BR
#: steps 2^-NESTED_TOL_BITS (2^-100 took 1.2 s instead of 0.07 s per point for BDB and
#: stopped near 1e-22 anyway; continuous claims on them timed out)
TOL_BITS = 100
NESTED_TOL_BITS = 20


class _Recursion:
    def __init__(self, order: str, eps: arb, tol: arb, budget: int):
        self.order, self.eps, self.tol, self.budget = order, eps, tol, budget
        self.a, self.b = dp_ab(eps)
        E = eps.exp()
        e_hi = arb(eps.upper())
        self.M = e_hi * e_hi * (1 + 3 * e_hi.exp() / (E - 1)).upper()
        self.tag = (order, _key(eps), tol.mid().str(5), budget)  # any prec: balls stay valid

    def ball(self, level: int, X: arb) -> arb:
        """Enclosure of delta(order[level:]; x) for every x in the ball X (monotone)."""
        if X.is_exact():
            return self.value(level, X)
        return hull(self.value(level, arb(X.upper())).lower(),
                    self.value(level, arb(X.lower())).upper())

    def value(self, level: int, x: arb) -> arb:
        key = (self.tag, level, x.mid().man_exp())
        hit = _MEMO.get(key)
        if hit is not None:
            return hit
        if level == len(self.order):
            v = pos(-x.expm1())
        elif self.order[level] == "D":
            v = (self.a * self.ball(level + 1, x - self.eps)
                 + self.b * self.ball(level + 1, x + self.eps))
        else:
            v = self._br(level, x)
        if len(_MEMO) > _MEMO_MAX:
            _MEMO.clear()
        _MEMO[key] = v
        return v

    def _br(self, level: int, x: arb) -> arb:
        eps, nxt = self.eps, level + 1
        points: dict = {}

        def f_point(s):
            k = s.mid().man_exp()
            if k not in points:
                t = s * eps
                p = genrr_pq(eps, t)[0]
                points[k] = p * self.ball(nxt, x - t) + (1 - p) * self.ball(nxt, x - t + eps)
            return points[k]

        def f_range(lo, hi):
            semi = f_point(lo).upper().max(f_point(hi).upper()) + self.M * (hi - lo) ** 2 / 8
            t1, t2 = lo * eps, hi * eps
            p1, p2 = genrr_pq(eps, t1)[0], genrr_pq(eps, t2)[0]
            mono = (p1 * self.ball(nxt, x - t2)).upper() + \
                ((1 - p2) * self.ball(nxt, x - t2 + eps)).upper()
            # h(y) = g(y) - 1 + e^y is nondecreasing and >= 0: bound at the t1 arguments
            y1, y2 = x - t1, x - t1 + eps
            h1 = pos(self.ball(nxt, y1) + y1.expm1()).upper()
            h2 = pos(self.ball(nxt, y2) + y2.expm1()).upper()
            viah = (-x.expm1() + p1 * h1 + (1 - p2) * h2).upper()
            return arb(semi.min(mono).min(viah))

        return sup_unit(f_point, f_range, self.tol, self.budget, init=8)


def adaptive_delta(order: str, eps: arb, x: arb, tol: arb | None = None,
                   budget: int = 400) -> arb:
    """Enclosure of delta(order; x) of Lemma 5.1 (order: string of 'B'/'D', first step first).

    ``tol`` is the target width of each sup (default 2^-TOL_BITS = 2^-100 with one BR
    step, issue 13: identities need |lhs - rhs| below 2^-50 relative; 2^-NESTED_TOL_BITS
    with more); ``budget`` caps the evaluations per sup; the result is always a valid
    enclosure, possibly wider.
    """
    if not eps > 0 or any(c not in "BD" for c in order):
        return NAN()
    if tol is None:   # nested sups cost budget^2 when their target is out of reach
        tol = arb(2) ** -(TOL_BITS if order.count("B") <= 1 else NESTED_TOL_BITS)
    rec = _Recursion(order, eps, tol, budget)
    return +rec.ball(0, x)


def adaptive_delta_code(n: int, code: int, eps: arb, x: arb) -> arb:
    """``adaptive_delta`` with the order given by the n bits of ``code`` (1 = 'B')."""
    return adaptive_delta(order_from_code(n, code), eps, x)


# ------------------------------------------------------- sympy-facing functions (claims)

from ..declare import declare, declares  # noqa: E402
from . import bounded_range as _bc  # noqa: E402
from .rr import compose_delta_bruteforce  # noqa: E402
from ..conversions import eps_from_delta  # noqa: E402
from ..distributions import genrr_pair  # noqa: E402


def _guard_kd(f):
    def run(k, d, *rest):
        return f(k, d, *rest) if 0 <= d <= k else NAN()
    return run


@declares("br_product_delta_bf", 5, "Hockey-stick of the product in the order coded by bits "
          "(1 = BR), by enumeration (oracle).", ints=(0, 1))
def _bf_code(n, code, eps, t, eps_g):
    if n < 1 or not 0 <= code < (1 << n):
        return NAN()
    return _bc.product_delta_bruteforce(_bc.order_from_code(n, code), eps, t, eps_g)


@declares("br_two_delta_bf", 5, "Hockey-stick of RR_{eps,t1} x RR_{eps,t2} x d eps-DP RR "
          "(enumeration).", ints=(0,))
def _bf_two(d, eps, t1, t2, eps_g):
    return _bc.product_delta_bruteforce("BB" + "D" * d, eps, [t1, t2], eps_g) if d >= 0 \
        else NAN()


@declares("genrr3_delta_bf", 7, "Hockey-stick of three generalized RRs (enumeration).")
def _genrr3(e1, e2, e3, t1, t2, t3, eps_g):
    return compose_delta_bruteforce([genrr_pair(e, t) for e, t in
                                     ((e1, t1), (e2, t2), (e3, t3))], eps_g)


@declares("br_adaptive_delta", 4, "Lemma 5.1 recursion delta(order; x), order = n bits of "
          "code (1 = BR), certified.", ints=(0, 1))
def _adaptive(n, code, eps, x):
    if n < 0 or not 0 <= code < max(1 << n, 1):
        return NAN()
    return adaptive_delta(_bc.order_from_code(n, code) if n else "", eps, x)


@declares("br_sup_eps_g", 4, "The eps_g at which br_sup_delta (delta_opt of d eps-DP and "
          "k - d eps-BR, non-adaptive) equals the given delta: certified bisection, 12 steps "
          "(a figure's precision: 2^-12 of [0, k eps + 1]).", ints=(0, 1))
def _br_sup_eps_g(k, d, eps, delta):
    if not 0 <= d <= k:
        return NAN()
    hi = arb(k) * eps + 1
    return eps_from_delta(lambda g: _bc.sup_delta(k, d, eps, g), delta, arb(0), hi, 12)


F_l_slope = declare("F_l_slope", _guard_kd(_bc.F_slope), 6,
                    "dF_l/dt by termwise differentiation (oracle for Lemma 4.5).", ints=(0, 1, 5))
br_product_delta = declare("br_product_delta", _guard_kd(_bc.product_delta), 5,
                           "Hockey-stick of k-d RR_{eps,t} x d eps-DP RR, grouped law (oracle).",
                           ints=(0, 1))
br_sup_delta = declare("br_sup_delta", _guard_kd(_bc.sup_delta), 4,
                       "sup over t in [0, eps] of br_product_delta, certified (oracle).",
                       ints=(0, 1))
rademacher_tail = declare("rademacher_tail", _bc.rademacher_tail, 2,
                          "P[sum of n fair +-1 / sqrt(n) >= beta] (exact).", ints=(0,))
