"""Exact composition of eps-DP and eps-BR mechanisms (Cesar-Rogers 2021, Sections 2-4).

Worst-case pairs: eps-BR -> generalized randomized response RR_{eps,t}, P(0) = p_t =
(e^eps - e^t)/(e^eps - 1), Q(0) = q_t = e^-t p_t (0 <= t <= eps); eps-DP -> randomized
response, P = (a, b), Q = (b, a), a = e^eps/(1 + e^eps), b = 1/(1 + e^eps).

Oracles (from the definition, all certified arb balls):

* ``product_delta``: hockey-stick of the product of k - d RR_{eps,t} and d DP RRs, outcomes
  grouped by their counts (i ones among the BR coordinates, j among the DP ones) -- the
  product law built by polynomial multiplication, never from the paper's formulas.
* ``product_delta_bruteforce``: the same by enumerating the 2^k outcomes, in a given order.
* ``sup_delta``: sup over t in [0, eps] of ``product_delta``, certified by branch and bound:
  lower bound = certified point values, upper bound = mean-value enclosures on sub-intervals
  (Clarke slope of (x)_+ is hull(0, x') where x may vanish, so the form is sound).

* ``F_slope``: dF_l/dt by differentiating each term of F_l (the oracle of Lemma 4.5).

The paper's closed forms (Theorems 1-3, eqs. (5)-(6), F_l, t_l, Lemma 4.5's derivative) are
sympy formulas in ``theorems/cesar_rogers21/closed_forms.py``, never here.
"""

from __future__ import annotations

import heapq

from flint import arb, arb_poly, ctx, fmpz

from .rr import compose_delta_bruteforce
from ..distributions import genrr_pair, randomized_response
from ..balls import NAN, hull, pos, power
from ...work import charge


# ----------------------------------------------------------------------- basic pieces

def genrr_pq(eps: arb, t: arb):
    """(p_t, q_t) and their t-derivatives for RR_{eps,t}."""
    E = eps.exp()
    et = t.exp()
    p = (E - et) / (E - 1)
    q = (E / et - 1) / (E - 1)
    return p, q, -et / (E - 1), -(E / et) / (E - 1)


def dp_ab(eps: arb):
    """(a, b) of eps-DP randomized response."""
    return 1 / (1 + (-eps).exp()), 1 / (1 + eps.exp())


#: the largest n whose binomial coefficients are kept exact: beyond, C(n, i) has up to n bits
#: and n + 1 of them took 12 GB at n = 10^6 (rademacher_tail, red round 12); they are balls
#: at the working precision instead, each from the last by C(n, i + 1) = C(n, i) (n - i)/(i + 1)
EXACT_BINOMIALS = 1 << 12


def _binoms(n: int):
    """C(n, i) for i = 0..n: exact up to ``EXACT_BINOMIALS``, then balls; the loop of ball
    (or integer) arithmetic makes no counted call, so its work is charged."""
    charge(4 * n if n <= EXACT_BINOMIALS else 2 * n)
    out = []
    if n <= EXACT_BINOMIALS:
        c = fmpz(1)
        for i in range(n + 1):
            out.append(arb(c))
            c = c * (n - i) // (i + 1)
        return out
    c = arb(1)
    for i in range(n + 1):
        out.append(c)
        c = c * (n - i) / (i + 1)
    return out


def _powers(x: arb, n: int):
    charge(2 * n)
    out = [arb(1)]
    for _ in range(n):
        out.append(out[-1] * x)
    return out


def _bin_law(p: arb, n: int, dp: arb | None = None):
    """u_i = C(n,i) p^(n-i) (1-p)^i and (optionally) du_i/dt given dp = dp/dt."""
    C, P, R = _binoms(n), _powers(p, n), _powers(1 - p, n)
    u = [C[i] * P[n - i] * R[i] for i in range(n + 1)]
    if dp is None:
        return u, None
    du = []
    for i in range(n + 1):
        a = (n - i) * P[n - i - 1] * R[i] if i < n else arb(0)
        b = i * P[n - i] * R[i - 1] if i > 0 else arb(0)
        du.append(C[i] * dp * (a - b))
    return u, du


# ------------------------------------------------------------- the product (oracle)

#: the most coordinates of a grouped product evaluated in balls (the powers of its binomial
#: laws are single blocking flint calls: a search point at k = 10^6 must not stall a worker)
MAX_COUNT = 10 ** 4


def product_delta(k: int, d: int, eps: arb, t: arb, eps_g: arb) -> arb:
    """H_{eps_g}(P || Q) for P, Q the products of k - d RR_{eps,t} and d eps-DP RRs.

    The law of (number of ones among BR coordinates, among DP coordinates) under P and Q is
    the product of the polynomials (P(0) + P(1) x)^(k-d) and (a + b y)^d (resp. Q); each
    group has a single likelihood ratio, so the hockey-stick is the sum over groups.
    """
    n = k - d
    if n < 0 or d < 0 or k > MAX_COUNT:
        return NAN()
    E = eps_g.exp()
    a, b = dp_ab(eps)
    if n:
        P, Q = genrr_pair(eps, t)
        Pb = power(arb_poly([P.masses[0], P.masses[1]]), n).coeffs() or [arb(0)]
        Qb = power(arb_poly([Q.masses[0], Q.masses[1]]), n).coeffs() or [arb(0)]
    else:
        Pb, Qb = [arb(1)], [arb(1)]
    Pd = power(arb_poly([a, b]), d).coeffs() if d else [arb(1)]
    Qd = power(arb_poly([b, a]), d).coeffs() if d else [arb(1)]
    total = arb(0)
    for i in range(len(Pb)):
        for j in range(len(Pd)):
            qq = Qb[i] * Qd[j] if i < len(Qb) and j < len(Qd) else arb(0)
            total += pos(Pb[i] * Pd[j] - E * qq)
    return total


def _pair(kind: str, eps: arb, t: arb):
    if kind == "B":
        return genrr_pair(eps, t)
    return randomized_response(eps, 2, 0), randomized_response(eps, 2, 1)


def product_delta_bruteforce(order: str, eps: arb, ts, eps_g: arb) -> arb:
    """Enumeration of all outcomes of the product in the given order ('B'/'D' letters);
    the i-th 'B' uses threshold ts[i] (a single ball means the same t for all)."""
    if isinstance(ts, arb):
        ts = [ts] * order.count("B")
    it = iter(ts)
    pairs = [_pair(c, eps, next(it) if c == "B" else None) for c in order]
    return compose_delta_bruteforce(pairs, eps_g)


def order_from_code(n: int, code: int) -> str:
    """Bits of ``code`` (most significant first, n of them): 1 = 'B' (BR), 0 = 'D' (DP)."""
    if not 0 <= code < (1 << n):
        raise ValueError(f"order code {code} out of range for {n} mechanisms")
    return "".join("B" if (code >> (n - 1 - i)) & 1 else "D" for i in range(n))


# ------------------------------------------------------ certified sup over t in [0, eps]

def _terms(k, d, eps, S, eps_g, slopes: bool):
    """Value and d/ds (t = s eps) enclosures of every bracket P_ij - e^eps_g Q_ij."""
    n = k - d
    t = S * eps
    p, q, dp, dq = genrr_pq(eps, t)
    u, du = _bin_law(p, n, dp if slopes else None)
    w, dw = _bin_law(q, n, dq if slopes else None)
    a, b = dp_ab(eps)
    A, B = _bin_law(a, d)[0], _bin_law(b, d)[0]
    E = eps_g.exp()
    out = []
    for i in range(n + 1):
        for j in range(d + 1):
            val = u[i] * A[j] - E * w[i] * B[j]
            sl = eps * (du[i] * A[j] - E * dw[i] * B[j]) if slopes else None
            out.append((val, sl))
    return out


def _H_point(k, d, eps, s, eps_g) -> arb:
    total = arb(0)
    for val, _ in _terms(k, d, eps, s, eps_g, False):
        total += pos(val)
    return total


def _H_range(k, d, eps, lo, hi, eps_g) -> arb:
    """Enclosure of H(s) for s in [lo, hi]: naive and mean-value forms, intersected."""
    S = hull(lo, hi)
    m = ((lo + hi) / 2).mid()
    naive, slope = arb(0), arb(0)
    for val, sl in _terms(k, d, eps, S, eps_g, True):
        naive += pos(val)
        if val > 0:
            slope += sl
        elif not val < 0:
            slope += hull(arb(0), sl)
    mv = _H_point(k, d, eps, m, eps_g) + slope * (S - m)
    return naive.intersection(mv) if naive.overlaps(mv) else naive


def sup_unit(f_point, f_range, tol: arb, budget: int = 4000, init: int = 16) -> arb:
    """Ball [L, U] containing sup_{s in [0,1]} f(s): branch and bound.

    ``f_point(s)`` encloses f at an exact s, ``f_range(lo, hi)`` encloses f on [lo, hi].
    L = the largest certified lower end of a point value; U = the largest upper end over
    the remaining sub-intervals.  Stops when U - L <= tol or after ``budget`` evaluations.
    """
    best = arb(0) - 1
    heap, evals = [], 0
    for i in range(init + 1):
        best = best.max(f_point(arb(i) / init).lower())
    for i in range(init):
        lo, hi = arb(i) / init, arb(i + 1) / init
        up = f_range(lo, hi).upper()
        heapq.heappush(heap, (-_f(up), i, lo, hi, up))
    counter = init
    while heap and evals < budget:
        _, _, lo, hi, up = heap[0]
        if not up.is_finite():
            break
        if up - best <= tol:
            break
        heapq.heappop(heap)
        m = ((lo + hi) / 2).mid()
        best = best.max(f_point(m).lower())
        evals += 3
        for a, b in ((lo, m), (m, hi)):
            u = f_range(a, b).upper()
            if not u < best:
                counter += 1
                heapq.heappush(heap, (-_f(u), counter, a, b, u))
    top = best
    for entry in heap:  # float heap keys may tie: take the max of all remaining uppers
        top = top.max(entry[4])
    return hull(best, top)


def _f(x: arb) -> float:
    return float(x.mid()) if x.is_finite() else float("inf")


def sup_delta(k: int, d: int, eps: arb, eps_g: arb, budget: int = 1500) -> arb:
    """sup_{t in [0, eps]} product_delta(k, d, eps, t, eps_g), certified (see sup_unit).

    Target width 2^-64 (at least 128 bits of working precision); results are cached by
    the exact input balls (mid and radius): an enclosure stays valid at any precision.
    """
    if not (0 <= d <= k) or not eps > 0:
        return NAN()
    if d == k:
        return product_delta(k, d, eps, arb(0), eps_g)
    key = (k, d, _key(eps), _key(eps_g), budget)
    if key not in _SUP_CACHE:
        if len(_SUP_CACHE) > 4096:
            _SUP_CACHE.clear()
        with ctx.workprec(max(ctx.prec, 128)):
            tol = arb(2) ** -64
            _SUP_CACHE[key] = sup_unit(lambda s: _H_point(k, d, eps, s, eps_g),
                                       lambda lo, hi: _H_range(k, d, eps, lo, hi, eps_g),
                                       tol, budget)
    return _SUP_CACHE[key]


_SUP_CACHE: dict = {}


def _key(x: arb):
    """An exact, hashable description of a ball."""
    return (x.mid().man_exp(), x.rad().man_exp()) if x.is_finite() else ("nonfinite",
                                                                         x.str(5))


# ------------------------------------------------ the derivative of F_l (Lemma 4.5)

def F_slope(k: int, d: int, eps: arb, eps_g: arb, t: arb, l: int) -> arb:
    """dF_l/dt by differentiating each term of F_l (product rule), not Lemma 4.5's form."""
    n = k - d
    p, q, dp, dq = genrr_pq(eps, t)
    _, du = _bin_law(p, n, dp)
    _, dw = _bin_law(q, n, dq)
    a, b = dp_ab(eps)
    A, B = _bin_law(a, d)[0], _bin_law(b, d)[0]
    E = eps_g.exp()
    total = arb(0)
    for i in range(n + 1):
        for j in range(d + 1):
            if i + 2 * j <= l:
                total += du[i] * A[j] - E * dw[i] * B[j]
    return total


# --------------------------------------------------------- Lemma 3.1 instance (Azuma)

def rademacher_tail(n: int, beta: arb) -> arb:
    """P[sum_{i<=n} eps_i / sqrt(n) >= beta], eps_i fair +-1 (exact binomial tail)."""
    x = (beta * arb(n).sqrt() + n) / 2        # heads H >= x
    C = _binoms(n)
    lo_h, hi_h = x.lower(), x.upper()
    vals = []
    for xe in (lo_h, hi_h):
        m = xe.ceil().unique_fmpz() if xe.is_finite() else None
        if m is None:
            return NAN()
        m = max(int(m), 0)
        vals.append(sum((C[h] for h in range(m, n + 1)), arb(0)) / arb(2) ** n)
    return hull(*vals)
