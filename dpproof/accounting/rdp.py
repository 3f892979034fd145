"""``certify_rdp(event, alpha, neighbors=...)``: certified Renyi divergence of an event's pair.

RDP(alpha) = max over directions of sum_i D_alpha(P_i || Q_i) (Renyi divergences add over
independent products), the pairs being those of ``events``.  Per step, alpha > 1:

* Gaussian, mu^2 = sum (Delta/s)^2: alpha mu^2 / 2 (Mironov 2017, Prop. 7); inf at alpha = inf.
* Laplace, a = Delta / b: log(alpha/(2 alpha - 1) e^{(alpha-1) a} + (alpha-1)/(2 alpha - 1)
  e^{-alpha a}) / (alpha - 1) (Mironov 2017, Prop. 6); a at alpha = inf.
* Randomized response: the finite sums log(sum p^alpha q^(1-alpha)) / (alpha - 1) over the
  atoms of ``curves._rr_group``'s pairs; log max p/q at alpha = inf.
* Poisson-subsampled Gaussian (add/remove): D_alpha(mixture || N(0, s^2)), the exact finite
  sum at integer alpha (``subsampled.subsampled_gaussian_rdp``), the certified split series
  at real alpha (``subsampled_frac``); it dominates the reverse direction (Mironov-Talwar-
  Zhang 2019, Thm. 5), so it stands for both; inf at alpha = inf.
* Poisson-subsampled Laplace (add/remove, sensitivity 1): both directions at real alpha,
  the tails exact and the middle by certified quadrature (``subsampled_laplace_frac``).
* ZCDpEvent(rho, xi): xi + alpha rho, a bound on the mechanism (upper end only).
* SampledWithoutReplacement(n, m, Gaussians), REPLACE_ONE, gamma = m/n, at integer alpha >= 2:
  the bound of Wang-Balle-Kasiviswanathan 2019 (AISTATS, Thm. 9) with the subsample's
  Gaussian RDP eps(j) = j mu^2/2 (eps(inf) = inf):
  log(1 + gamma^2 C(alpha, 2) min(4 (e^eps(2) - 1), 2 e^eps(2)) + sum_{j=3}^alpha 2 gamma^j
  C(alpha, j) e^{(j-1) eps(j)}) / (alpha - 1).  Upper end only.

``rdp_delta_upper`` / ``rdp_epsilon_upper`` convert the composed RDP at alpha = 2..256 with
Canonne-Kamath-Steinke 2020 (Prop. 12): delta <= exp((alpha-1)(tau-eps))/alpha (1-1/alpha)^(alpha-1),
eps <= tau + log(1 - 1/alpha) - log(alpha delta)/(alpha - 1).

Other steps (discrete Laplace, mixtures, replace-one subsampling, truncated subsampling) are
refused.  At alpha = inf the largest log-ratios are summed per direction, then maximised.  ``alpha`` is exact (int, Fraction, decimal string) or ``"inf"``; floats refused.
"""

from __future__ import annotations

import math

from flint import arb, ctx, fmpq

from ..oracles.composition.subsampled import subsampled_gaussian_rdp
from ..oracles.composition.subsampled_frac import subsampled_gaussian_renyi_arb
from ..oracles.composition.subsampled_laplace_frac import (subsampled_laplace_inf,
                                                          subsampled_laplace_renyi_dirs)
from .brackets import Certified, describe, target
from .events import UnsupportedEvent, plan
from .rounding import down, up


def _renyi_atoms(pairs, alpha: arb) -> arb:
    """log(sum p^alpha q^(1 - alpha)) / (alpha - 1) over atoms (p, q), q > 0."""
    s = sum((arb(p) ** alpha * arb(q) ** (1 - alpha) for p, q in pairs if p), arb(0))
    return s.log() / (alpha - 1)


def _rr_pairs(p: fmpq, k: int, special: bool) -> list:
    """Atoms (P, Q) per direction (``curves._rr_group``'s pairs)."""
    a, b = 1 - p + p / k, p / k
    if not special:
        rest = [(b, b)] * (k - 2)
        return [[(a, b), (b, a)] + rest]
    u = fmpq(1, k)
    return [[(a, u)] + [(b, u)] * (k - 1), [(u, a)] + [(u, b)] * (k - 1)]


def _laplace(a: fmpq, alpha: arb) -> arb:
    A = arb(a)
    return ((alpha / (2 * alpha - 1)) * ((alpha - 1) * A).exp()
            + ((alpha - 1) / (2 * alpha - 1)) * (-alpha * A).exp()).log() / (alpha - 1)


def _sub_gauss(q: fmpq, s: fmpq, alpha: fmpq) -> arb:
    if alpha.q == 1:
        return subsampled_gaussian_rdp(arb(q), arb(s), int(alpha.p))
    return subsampled_gaussian_renyi_arb(arb(q), arb(s), arb(alpha))


def _swor_rdp(gamma: fmpq, mu2: fmpq, alpha: int) -> arb:
    """The WBK19 Thm. 9 bound (module docstring) at integer alpha >= 2."""
    g, e2 = arb(gamma), arb(mu2)  # eps(2) = 2 mu2 / 2
    total = 1 + g * g * (alpha * (alpha - 1) // 2) * (4 * e2.expm1()).min(2 * e2.exp())
    c = arb(alpha * (alpha - 1) // 2)
    for j in range(3, alpha + 1):
        c = c * (alpha - j + 1) / j
        total += 2 * g ** j * c * ((j - 1) * j * arb(mu2) / 2).exp()
    return total.log() / (alpha - 1)


ORDERS = range(2, 257)


def _only_sub_laplace(p) -> None:
    other = [k[0] for k in p.general if k[0] != "sub_laplace"]
    if other:
        raise UnsupportedEvent(f"RDP of {', '.join(other)} steps is not certified; "
                               "certify_rdp takes Gaussian, Laplace, randomized response, "
                               "Poisson-subsampled Gaussian (add/remove) and Laplace, "
                               "without-replacement sampled Gaussian and ZCDp steps")


def plan_rdp(p, a: fmpq) -> arb:
    """A ball containing the max over directions of the summed RDP at a finite order a > 1
    (an upper bound where parts are bounds: ZCDp, without-replacement sampling)."""
    _only_sub_laplace(p)
    if p.swor and a.q != 1:
        raise ValueError(f"alpha={a}: without-replacement sampling is bounded at integer "
                         "orders only")
    A = arb(a)
    sym = A * arb(p.mu2) / 2
    sym += sum((_laplace(x, A) for x in p.laplace), arb(0))
    sym += sum((n * _sub_gauss(q, s, a) for (q, s), n in p.dpsgd.items()), arb(0))
    sym += sum((arb(x) + A * arb(r) for r, x in p.zcdp), arb(0))
    sym += sum((n * _swor_rdp(g, m2, int(a.p)) for g, m2, n in p.swor), arb(0))
    dirs = [sym, sym]
    for (_, q, b), n in p.general.items():  # sub_laplace: removal, addition
        r, d = subsampled_laplace_renyi_dirs(arb(q), arb(b), A)
        dirs = [dirs[0] + n * r, dirs[1] + n * d]
    for (pp, k, special), n in p.rr.items():
        per = _rr_pairs(pp, k, special)
        for i in range(2):
            dirs[i] = dirs[i] + n * _renyi_atoms(per[min(i, len(per) - 1)], A)
    # the subsampled Gaussian's removal value stands for its addition direction too (an
    # upper bound there); the maximum is tight unless another part is asymmetric
    return dirs[0].max(dirs[1])


def rdp_delta_upper(p, eps: fmpq, prec: int = 128) -> arb:
    """A certified upper end (ball) of delta(eps) from the RDP at alpha = 2..256 (CKS)."""
    best = arb(1)
    with ctx.workprec(prec):
        E = arb(eps)
        for a in ORDERS:
            tau = plan_rdp(p, fmpq(a))
            d = ((a - 1) * (tau - E)).exp() / a * (1 - arb(1) / a) ** (a - 1)
            if d.is_finite() and d.upper() < best.upper():
                best = arb(d.upper())
    return best


def rdp_epsilon_upper(p, delta: fmpq, prec: int = 128) -> arb:
    """A certified upper end (ball) of eps*(delta) from the RDP at alpha = 2..256 (CKS)."""
    best = arb.pos_inf()
    with ctx.workprec(prec):
        L = arb(delta).log()
        for a in ORDERS:
            tau = plan_rdp(p, fmpq(a))
            e = tau + (1 - arb(1) / a).log() - (L + arb(a).log()) / (a - 1)
            if e.is_finite() and (not best.is_finite() or e.upper() < best.upper()):
                best = arb(e.upper())
    return best if not best.is_finite() else best.max(arb(0))


def _order(alpha):
    if isinstance(alpha, str) and alpha.strip().lower() in ("inf", "+inf", "infinity"):
        return None
    a = target(alpha, "alpha")
    if not a > 1:
        raise ValueError(f"alpha={alpha!r}: need an order alpha > 1 (or 'inf')")
    return a


def _infinite_order(p) -> tuple[float, bool]:
    """RDP at alpha = inf: (value, exact?)."""
    _only_sub_laplace(p)
    if p.mu2 > 0 or p.dpsgd or p.blatant or p.swor:
        return math.inf, True
    dirs = [arb(0), arb(0)]  # the largest log-ratio summed per direction, then the max
    for (pp, k, special), n in p.rr.items():
        a, b = 1 - pp + pp / k, pp / k
        v = [arb(a / b).log()] * 2 if not special else [arb(k * a).log(), -arb(pp).log()]
        dirs = [dirs[0] + n * v[0], dirs[1] + n * v[1]]
    for (_, q, b), n in p.general.items():  # subsampled Laplace
        r, d = subsampled_laplace_inf(arb(q), arb(b))
        dirs = [dirs[0] + n * r, dirs[1] + n * d]
    total = dirs[0].max(dirs[1]) + sum((arb(a) for a in p.laplace), arb(0))
    total += sum((arb(x) for _, x in p.zcdp), arb(0))  # xi; rho > 0 gives inf below
    if any(r > 0 for r, _ in p.zcdp):
        return math.inf, True
    return total, False


def certify_rdp(event, alpha, neighbors=None, *, prec: int = 128) -> Certified:
    """Certified [lower, upper] on RDP(alpha) of ``event``'s dominating pair (module docstring).

    ``lower`` is None where the pair is not tight (ZCDpEvent, NonPrivateDpEvent)."""
    a = _order(alpha)
    p = plan(event, neighbors)
    pair = describe(p)
    if p.nonprivate:
        return Certified("rdp", None, math.inf, False, pair, None, arb.pos_inf())
    with ctx.workprec(prec):
        if a is None:
            v, _ = _infinite_order(p)
            if v == math.inf:
                return Certified("rdp", math.inf, math.inf, p.tight, pair,
                                 arb.pos_inf(), arb.pos_inf())
            lo, hi = down(v), up(v)
            return Certified("rdp", lo if p.tight else None, hi, p.tight, pair,
                             v if p.tight else None, v)
        if p.blatant:
            return Certified("rdp", math.inf, math.inf, True, pair, arb.pos_inf(), arb.pos_inf())
        v = plan_rdp(p, a)
        if not v.is_finite():
            raise ValueError(f"RDP({alpha}) of {event!r} is not certified finite at "
                             f"precision {prec}")
        tight = p.tight and not (p.dpsgd and any(s for (_, _, s) in p.rr))
        lo, hi = +arb(v.lower()), +arb(v.upper())
    return Certified("rdp", max(down(lo), 0.0) if tight else None, up(hi), tight, pair,
                     lo if tight else None, hi)
