"""Certified delta(eps) of a Plan's composed dominating pair (arb balls from exact rationals).

delta(eps) = H_{e^eps}(P || Q) = E_P[(1 - e^{eps - L})_+], L = log(p/q)(X), X ~ P.  For a
composition L is the sum of the independent steps' losses, so conditioning on the discrete
part D (randomized responses) gives

    delta(eps) = sum_j P(D = y_j) G(mu, eps - y_j)                                  (1)

with G the Gaussian part: Balle & Wang 2018 (ICML, "Improving the Gaussian mechanism",
Thm. 8): k Gaussians N(0, s_i^2) vs N(Delta_i, s_i^2) compose to one with
mu^2 = sum (Delta_i / s_i)^2, and

    G(mu, e) = Phi(-e/mu + mu/2) - e^e Phi(-e/mu - mu/2),   G(0, e) = (1 - e^e)_+.  (2)

The discrete law: each group of n identical RRs is the n-th power of a polynomial whose
coefficients are the exact rational one-step masses (FLINT arb_poly: certified enclosures), the
loss of index j an integer combination of logs of those rationals.  Terms
of mass below 2^-(prec + 64) may be dropped: that mass is added to the upper end only.
Laplace Lap(0, b) vs Lap(Delta, b), a = Delta / b (one step, not composed):

    delta(eps) = (1 - e^{(eps - a)/2})_+                                            (3)

(integrate E_P[(1 - e^{eps - L})_+] over the atom L = a of mass 1/2 and the continuous part
of density e^{(l - a)/2}/4 on (-a, a)).
"""

from __future__ import annotations

import itertools

from flint import arb, arb_poly, ctx, fmpq

from ..oracles.balls import normal_tail, pos
from .events import Plan, UnsupportedEvent

MAX_TERMS = 100_000  # distinct discrete loss values enumerated per direction


def gauss_delta(mu2: arb, eps: arb) -> arb:
    """Equation (2) at mu = sqrt(mu2)."""
    if mu2 == 0:
        return pos(-eps.expm1())
    mu = mu2.sqrt()
    return normal_tail(eps / mu - mu / 2) - eps.exp() * normal_tail(eps / mu + mu / 2)


def laplace_delta(a: arb, eps: arb) -> arb:
    """Equation (3) (eps >= 0)."""
    return pos(-((eps - a) / 2).expm1())


def _rr_group(p: fmpq, k: int, special: bool, n: int):
    """Per direction: (polynomial factors, loss of index j as [(coef, log arg)]): the law of
    the n-fold loss is the n-th power of the one-step polynomial (computed in ``_joint``)."""
    a = 1 - p + p / k  # R(x) outputs x
    if not special:  # R(x) vs R(x'): masses a at x (loss +L), p/k at x' (-L), rest 0
        b, c = p / k, (k - 2) * p / k  # index j of (b + c z + a z^2)^n: loss (j - n) log(a/b)
        return [([b, c, a], n, lambda j: [(j - n, a / b)])]
    # R(x) vs uniform: remove masses a (loss log(k a)), 1 - a (loss log p); add from uniform
    return [([1 - a, a], n, lambda j: [(j, k * a), (n - j, p)]),
            ([fmpq(k - 1, k), fmpq(1, k)], n, lambda j: [(-j, k * a), (-(n - j), p)])]


def _group_size(group) -> int:
    coeffs, n, _ = group
    return (len(coeffs) - 1) * n + 1


class Curve:
    """delta(eps) bounds of a Plan without subsampled or non-private steps."""

    def __init__(self, plan: Plan):
        if plan.dpsgd or plan.nonprivate or plan.blatant:
            raise ValueError("Curve handles Gaussian, Laplace and randomized-response steps")
        self.plan = plan
        self._cache: dict[int, tuple] = {}
        dirs = [[]]
        for (p, k, special), n in plan.rr.items():
            g = _rr_group(p, k, special, n)
            if len(g) == 2 and len(dirs) == 1:
                dirs = [list(dirs[0]), list(dirs[0])]
            for i, d in enumerate(dirs):
                d.append(g[min(i, len(g) - 1)])
        size = max((_size(d) for d in dirs), default=1)
        if size > MAX_TERMS:
            raise UnsupportedEvent(
                f"the composed randomized responses have {size} distinct loss values per "
                f"direction (limit {MAX_TERMS}); compose fewer distinct (p, k) groups")
        self.directions = dirs

    def _terms(self, prec: int):
        """Per direction: (masses, losses) as arb lists, and the dropped mass."""
        hit = self._cache.get(prec)
        if hit is None:
            with ctx.workprec(prec):
                hit = self._cache[prec] = [_joint(d, prec) for d in self.directions]
        return hit

    def bounds(self, eps: fmpq, prec: int = 128) -> tuple[arb, arb]:
        """(lo, hi): delta(eps) lies in [lo.lower(), hi.upper()]."""
        plan = self.plan
        with ctx.workprec(prec):
            e = arb(eps)
            if plan.laplace:
                d = laplace_delta(arb(plan.laplace[0]), e)
                return d, d
            mu2 = arb(plan.mu2)
            lo = hi = None
            for masses, losses, dropped in self._terms(prec):
                s = sum((m * gauss_delta(mu2, e - y) for m, y in zip(masses, losses)), arb(0))
                s_hi = s + dropped
                lo = s if lo is None else lo.max(s)
                hi = s_hi if hi is None else hi.max(s_hi)
            return +lo, +hi


def _size(groups) -> int:
    n = 1
    for g in groups:
        n *= _group_size(g)
    return n


def _joint(groups, prec: int):
    """The product of the groups' laws: masses and losses as arb, small masses dropped."""
    tiny = arb(2) ** -(prec + 64)
    logs: dict = {}

    def log(x: fmpq) -> arb:
        if x not in logs:
            logs[x] = arb(x).log()
        return logs[x]

    dropped = arb(0)
    per_group = []
    for coeffs, n, loss_of in groups:
        law = arb_poly([arb(c) for c in coeffs]) ** n  # ball enclosures of the exact masses
        rows = []
        for j in range(_group_size((coeffs, n, None))):
            m = law[j]
            if m < tiny:
                dropped += arb(m.upper())
                continue
            rows.append((m, sum((c * log(x) for c, x in loss_of(j) if c), arb(0))))
        per_group.append(rows)
    masses, losses = [], []
    for combo in itertools.product(*per_group):
        m, y = arb(1), arb(0)
        for mi, yi in combo:
            m, y = m * mi, y + yi
        masses.append(m)
        losses.append(y)
    # the joint loses 1 - prod(1 - d_g) <= sum d_g of the groups' dropped masses d_g
    return masses, losses, dropped
