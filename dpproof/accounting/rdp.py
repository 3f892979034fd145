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
* ZCDpEvent(rho, xi): xi + alpha rho, a bound on the mechanism (upper end only).

Other steps (discrete Laplace, mixtures, subsampled Laplace, replace-one subsampling) are
refused.  ``alpha`` is exact (int, Fraction, decimal string) or ``"inf"``; floats refused.
"""

from __future__ import annotations

import math

from flint import arb, ctx, fmpq

from ..oracles.composition.subsampled import subsampled_gaussian_rdp
from ..oracles.composition.subsampled_frac import subsampled_gaussian_renyi_arb
from .certify import Certified, describe, target
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


def _order(alpha):
    if isinstance(alpha, str) and alpha.strip().lower() in ("inf", "+inf", "infinity"):
        return None
    a = target(alpha, "alpha")
    if not a > 1:
        raise ValueError(f"alpha={alpha!r}: need an order alpha > 1 (or 'inf')")
    return a


def _infinite_order(p) -> tuple[float, bool]:
    """RDP at alpha = inf: (value, exact?)."""
    if p.mu2 > 0 or p.dpsgd or p.blatant:
        return math.inf, True
    vals = []
    for (pp, k, special), n in p.rr.items():
        a, b = 1 - pp + pp / k, pp / k
        v = arb(a / b).log() if not special else arb(k * a).log().max(-arb(pp).log())
        vals.append(n * v)
    total = sum(vals, arb(0)) + sum((arb(a) for a in p.laplace), arb(0))
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
    if p.general:
        raise UnsupportedEvent(f"certify_rdp does not support {', '.join(k[0] for k in p.general)}"
                               f" steps in {event!r}; it takes Gaussian, Laplace, randomized "
                               "response, Poisson-subsampled Gaussian (add/remove) and ZCDp steps")
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
        A = arb(a)
        sym = A * arb(p.mu2) / 2
        sym += sum((_laplace(x, A) for x in p.laplace), arb(0))
        sym += sum((n * _sub_gauss(q, s, a) for (q, s), n in p.dpsgd.items()), arb(0))
        sym += sum((arb(x) + A * arb(r) for r, x in p.zcdp), arb(0))
        dirs = [sym, sym]
        for (pp, k, special), n in p.rr.items():
            per = _rr_pairs(pp, k, special)
            for i in range(2):
                dirs[i] = dirs[i] + n * _renyi_atoms(per[min(i, len(per) - 1)], A)
        # the subsampled Gaussian's removal value stands for its addition direction too (an
        # upper bound there); the maximum is tight unless another part is asymmetric
        v = dirs[0].max(dirs[1])
        if not v.is_finite():
            raise ValueError(f"RDP({alpha}) of {event!r} is not certified finite at "
                             f"precision {prec}")
        tight = p.tight and not (p.dpsgd and any(s for (_, _, s) in p.rr))
        lo, hi = +arb(v.lower()), +arb(v.upper())
    return Certified("rdp", max(down(lo), 0.0) if tight else None, up(hi), tight, pair,
                     lo if tight else None, hi)
