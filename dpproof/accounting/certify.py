"""``certify_delta`` and ``certify_epsilon``: certified brackets for dp_accounting DpEvents.

The quantities are those of the event's composed dominating pair (``events`` module
docstring): delta(eps) = H_{e^eps}(P || Q), maximised over the two directions where they
differ, and eps*(delta) = inf{eps >= 0 : delta(eps) <= delta}.  The lower end is reported only
when the pair is tight (two neighbouring datasets realise it); otherwise ``lower`` is None.

Targets (epsilon, delta) are exact: int, Fraction or decimal string; floats are refused
(``0.1`` is not 1/10).  Numbers inside an event are read exactly (``events.exact_param``).
"""

from __future__ import annotations

import math
from fractions import Fraction

from flint import arb, ctx, fmpq

from ..lowering import to_fmpq
from .curves import Curve
from .dpsgd import _bracket as _dpsgd_bracket, _delta_bracket as _dpsgd_delta
from .brackets import Certified, describe, target  # noqa: F401 (their home: brackets)
from .events import plan
from .general import GeneralCurve
from .zcdp import zcdp_delta_upper, zcdp_epsilon_upper
from .rounding import down, up

RAISES = 4  # precision doublings tried before a comparison is left undecided


def _ball(lo: arb, hi: arb, prec: int) -> tuple[arb, arb]:
    """Exact points: the lower end of lo and the upper end of hi."""
    with ctx.workprec(prec):
        return +arb(lo.lower()), +arb(hi.upper())


def certify_delta(event, epsilon, neighbors=None, *, prec: int = 128,
                  rel_width: float = 0.005) -> Certified:
    """Certified [lower, upper] on delta(epsilon) of ``event``'s dominating pair.

    ``neighbors`` is a dp_accounting ``NeighboringRelation`` (default ADD_OR_REMOVE_ONE).
    NonPrivateDpEvent: upper 1, no lower end; a noiseless step: exactly 1.
    A homogeneous Poisson-subsampled Gaussian goes through the certified PLD read at eps
    (``oracles.composition.subsampled_pld_delta``; about 1e-4 relative over many steps).  Other
    compositions with Laplace, subsampled, discrete-Laplace or mixture steps go through
    ``general`` (the grid shifts eps by at most ``rel_width`` / 4).
    """
    eps = target(epsilon, "epsilon")
    if eps < 0:
        raise ValueError(f"epsilon={epsilon!r}: need epsilon >= 0")
    p = plan(event, neighbors)
    pair = describe(p)
    if p.blatant:
        return Certified("delta", 1.0, 1.0, True, pair, arb(1), arb(1))
    if p.nonprivate:
        return Certified("delta", None, 1.0, False, pair, None, arb(1))
    if p.swor:
        from .rdp import rdp_delta_upper  # here: rdp imports this module
        hi = rdp_delta_upper(p, eps, prec)
        return Certified("delta", None, min(up(hi), 1.0), False, pair, None, hi,
                         {"upper_only": p.loose})
    if p.zcdp:
        hi = zcdp_delta_upper(p, eps, prec)
        return Certified("delta", None, min(up(hi), 1.0), False, pair, None, hi,
                         {"upper_only": p.loose})
    if p.dpsgd_only:
        (q, s), steps = next(iter(p.dpsgd.items()))
        lo, hi, det = _dpsgd_delta(q, s, steps, eps, prec)
        lo, hi = _ball(lo, hi, prec)
        return Certified("delta", max(down(lo), 0.0), min(up(hi), 1.0), True, pair, lo, hi,
                         {"dpsgd": det})
    if p.exact_curve:
        lo, hi = _ball(*Curve(p).bounds(eps, prec), prec)
        return Certified("delta", max(down(lo), 0.0), min(up(hi), 1.0), True, pair, lo, hi)
    lo, hi = _ball(*GeneralCurve(p, rel_width).delta(eps), prec)
    if not p.tight:
        return Certified("delta", None, min(up(hi), 1.0), False, pair, None, hi,
                         {"upper_only": p.loose})
    return Certified("delta", max(down(lo), 0.0), min(up(hi), 1.0), True, pair, lo, hi)


def certify_epsilon(event, delta, neighbors=None, *, rel_tol=Fraction(1, 2 ** 24),
                    prec: int = 128, dpsgd_rel_width: float = 0.005,
                    rel_width: float = 0.005) -> Certified:
    """Certified [lower, upper] on eps*(delta) of ``event``'s dominating pair, 0 < delta < 1.

    Bisection on exact dyadic eps (delta(eps) is non-increasing): ``upper`` has
    delta(upper) <= delta certified, ``lower`` delta(lower) > delta certified (or is 0);
    stops at relative width ``rel_tol``.  A homogeneous Poisson-subsampled Gaussian goes
    through ``dpsgd_epsilon``'s certified PLD (about 1e-5 relative; ``dpsgd_rel_width`` as there);
    the ``general`` route (Laplace, subsampled, discrete-Laplace, mixture steps, mixed
    compositions) has relative width at most ``rel_width``.
    """
    d = target(delta, "delta")
    if not 0 < d < 1:
        raise ValueError(f"delta={delta!r}: need 0 < delta < 1")
    p = plan(event, neighbors)
    pair = describe(p)
    inf = arb.pos_inf()
    if p.blatant:
        return Certified("epsilon", math.inf, math.inf, True, pair, inf, inf)
    if p.nonprivate:
        return Certified("epsilon", None, math.inf, False, pair, None, inf)
    if p.swor:
        from .rdp import rdp_epsilon_upper  # here: rdp imports this module
        hi = rdp_epsilon_upper(p, d, prec)
        return Certified("epsilon", None, up(hi), False, pair, None, hi,
                         {"upper_only": p.loose})
    if p.zcdp:
        hi = zcdp_epsilon_upper(p, d, prec)
        return Certified("epsilon", None, up(hi), False, pair, None, hi,
                         {"upper_only": p.loose})
    if p.dpsgd_only:
        (q, s), steps = next(iter(p.dpsgd.items()))
        b = _dpsgd_bracket(q, s, steps, d, dpsgd_rel_width, 1e-3, prec)
        return Certified("epsilon", b.lower, b.upper, True, pair, b.lower_ball, b.upper_ball,
                         {"dpsgd": b})
    if not p.exact_curve:
        lo, hi = GeneralCurve(p, rel_width).epsilon(d)
        if hi is None:
            raise ValueError(f"no certified epsilon at delta = {delta} for {event!r}: the "
                             "composed law's upper end never reaches delta on its grid")
        if not p.tight:
            return Certified("epsilon", None, up(arb(hi)), False, pair, None, arb(hi),
                             {"upper_only": p.loose})
        return Certified("epsilon", down(arb(lo)), up(arb(hi)), True, pair, arb(lo), arb(hi))
    lo, hi = _bisect(Curve(p), d, to_fmpq(rel_tol), prec)
    return Certified("epsilon", down(arb(lo)), up(arb(hi)), True, pair, arb(lo), arb(hi))


def _decide(curve: Curve, eps: fmpq, d: fmpq, prec: int):
    """True if delta(eps) <= d, False if delta(eps) > d (certified), None if undecided."""
    for k in range(RAISES):
        lo, hi = curve.bounds(eps, prec << k)
        if hi <= d:
            return True
        if lo > d:
            return False
    return None


def _bisect(curve: Curve, d: fmpq, rel_tol: fmpq, prec: int) -> tuple[fmpq, fmpq]:
    lo, hi = fmpq(0), fmpq(1)
    if _decide(curve, lo, d, prec) is True:
        return lo, lo  # eps* = 0
    while (r := _decide(curve, hi, d, prec)) is not True:
        if r is False:
            lo = hi  # delta(hi) > d certified: a lower bound
        hi *= 2
        if hi > 2 ** 40:
            raise ValueError(f"no certified epsilon below 2^40 at delta = {d}")
    while hi - lo > rel_tol * hi:
        m = (lo + hi) / 2
        r = _decide(curve, m, d, prec)
        if r is None:
            break
        if r:
            hi = m
        else:
            lo = m
    return lo, hi
