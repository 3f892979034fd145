"""delta(eps) of n composed k-ary randomized responses, replace-one neighbours (exact law).

R(x) outputs x with probability a = 1 - p + p/k and each other bucket with b = p/k
(dp_accounting's ``RandomizedResponseDpEvent(p, k)``).  For inputs x != x' the privacy loss
log R(x)(o) / R(x')(o) is +L (o = x, mass a), -L (o = x', mass b) or 0 (the k - 2 other
buckets, mass (k - 2) b), L = log(a / b).  The n-fold loss is (j - n) L with j the index of
the coefficient of z^j in (b + (k-2) b z + a z^2)^n, so

    delta(eps) = sum_j m_j (1 - e^{eps - (j - n) L})_+,                              (1)

the hockey-stick divergence of the product pair (the same in both directions: swapping x and
x' swaps P and Q and the law is symmetric).  The masses m_j are FLINT ``arb_poly`` powers
of the ball coefficients (certified enclosures).  p = 0 publishes the input (delta = 1);
p = 1 or k = 1 ignores it (delta = (1 - e^eps)_+).
"""

from __future__ import annotations

from flint import arb, arb_poly

from dpproof.definedness import require

from ..balls import pos, power
from ..declare import declares

MAX_STEPS = 1 << 14  # the law has 2 n + 1 terms, computed in O(n^2) ball operations


@declares("kary_rr_delta", 4,
          "delta(eps) of n composed k-ary randomized responses RR(p, k) (keep with probability "
          "1 - p + p/k), inputs x != x' (dp_accounting's REPLACE_ONE).", ints=(1, 2), guard=20,
          latex=lambda printer, args: r"\delta^{\mathrm{RR}_{%s}(%s)}_{%s}\left(%s\right)"
          % tuple(printer._print(args[i]) for i in (1, 0, 2, 3)))
def kary_rr_delta_arb(p: arb, k: int, n: int, eps: arb) -> arb:
    """Equation (1) for 0 <= p <= 1, integers k >= 1 and 0 <= n <= MAX_STEPS."""
    bad = bool(p < 0 or p > 1) or k < 1 or n < 0
    require(bool(p >= 0 and p <= 1) and k >= 1 and n >= 0, bad,
            f"kary_rr_delta(p = {p.str(5, radius=False)}, k = {k}, n = {n})",
            "needs 0 <= p <= 1, an integer k >= 1 and an integer n >= 0")
    require(n <= MAX_STEPS, False, f"kary_rr_delta(n = {n})", f"n <= {MAX_STEPS} steps")
    if n == 0 or k == 1 or p == 1:
        return pos(-eps.expm1())
    if p == 0:
        return arb(1)
    a, b = 1 - p + p / k, p / k
    if not b > 0:
        return arb.nan()  # a ball of p touching 0: the loss L is unbounded
    L = (a / b).log()
    law = power(arb_poly([b, (k - 2) * b, a]), n)
    total = arb(0)
    for j in range(2 * n, -1, -1):  # terms with (j - n) L > eps first; the factor falls in j
        f = -(eps - (j - n) * L).expm1()
        if f <= 0:
            break
        total += law[j] * pos(f)
    return +total


__all__ = ["MAX_STEPS", "kary_rr_delta", "kary_rr_delta_arb"]
