"""``calibrate``: a certified bracket on the smallest noise parameter meeting an epsilon target.

``make_event(x)`` must build the same event tree for every x > 0, with every noise scale
(GaussianDpEvent / LaplaceDpEvent noise multipliers, also inside PoissonSampledDpEvent) equal
to c_i * x for fixed c_i > 0, and everything else (counts, sampling rates, randomized
responses) fixed.  This is checked at every evaluated x; other families are refused.

Why delta is non-increasing in x for these families: raising a scale from s to s' > s is
one Markov kernel (independent additive noise) applied to both distributions of the pair,
so no hockey-stick divergence grows (data processing), and the composed pair is mapped by
the product kernel.  The kernels: Gaussian N(0, s'^2 - s^2); subsampled Gaussian the same
noise on every mixture component; Laplace Z = r delta_0 + (1 - r) Lap(0, s'), r = (s/s')^2,
since 1/(1 + s'^2 t^2) = [1/(1 + s^2 t^2)] [r + (1 - r)/(1 + s'^2 t^2)] (characteristic
functions).  So eps*(delta) is non-increasing in x, and x meets the target iff
delta(target) <= delta (delta(eps) is continuous and non-increasing in eps).

The returned ``upper`` is certified to meet the target, ``lower`` certified not to; both
are floats whose exact binary values are the parameters that were certified.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from flint import fmpq

from .certify import Certified, certify_delta, certify_epsilon, target
from .events import UnsupportedEvent, exact_param, plan

LIMIT = 2.0 ** 60


@dataclass(frozen=True)
class Calibration:
    """make_event(lower) misses the target, make_event(upper) meets it (both certified)."""

    lower: float
    upper: float
    at_lower: Certified = field(repr=False)
    at_upper: Certified = field(repr=False)
    evaluations: int = 0


class _Family:
    def __init__(self, make_event, eps: fmpq, delta: fmpq, neighbors, dpsgd_rel_width):
        self.make, self.eps, self.delta, self.rel = make_event, eps, delta, neighbors
        self.shape = None
        self.evaluations = 0
        self.width = dpsgd_rel_width

    def _check(self, x: float, p, event) -> None:
        xq = exact_param(x, "noise parameter")
        if p.zcdp or any(k == "discrete_laplace" for k, _ in p.noise):
            raise UnsupportedEvent(f"calibrate: make_event({x!r}) = {event!r} has a ZCDpEvent "
                                   "or a DiscreteLaplaceDpEvent (not a noise scale c * x)")
        if p.swor or p.loose:
            raise UnsupportedEvent(f"calibrate: make_event({x!r}) = {event!r}: only an upper "
                                   "end is certified (without-replacement or truncated "
                                   "sampling), so no lower end could be certified to miss "
                                   "the target")
        general = tuple(sorted((k[0], k[1] if k[0] != "mog" else k[2:], n)
                               for k, n in p.general.items()))
        shape = (general, tuple(k for k, _ in p.noise), tuple(sorted(p.rr.items())),
                 tuple(sorted((q, n) for (q, _), n in p.dpsgd.items())), p.gauss_steps,
                 len(p.laplace), tuple(v / xq for _, v in p.noise))
        if not p.noise or p.nonprivate or p.blatant:
            raise UnsupportedEvent(f"calibrate: make_event({x!r}) = {event!r} has no noise "
                                   "scale to calibrate, or a non-private / noiseless step")
        if self.shape is None:
            self.shape = shape
        elif shape != self.shape:
            raise UnsupportedEvent(
                f"calibrate: make_event({x!r}) = {event!r} is not the family seen before: "
                "every noise scale must be c * x with fixed c, everything else fixed")

    def status(self, x: float):
        """(True: meets, False: certified to miss, None: undecided, Certified at x)."""
        event = self.make(x)
        p = plan(event, self.rel)
        self._check(x, p, event)
        self.evaluations += 1
        if p.dpsgd_only:
            c = certify_epsilon(event, self.delta, self.rel, dpsgd_rel_width=self.width)
            return (True if c.upper_ball <= self.eps else
                    False if c.lower_ball > self.eps else None), c
        c = certify_delta(event, self.eps, self.rel)
        return (True if c.upper_ball <= self.delta else
                False if c.lower_ball > self.delta else None), c


def calibrate(make_event, target_epsilon, delta, neighbors=None, *, start: float = 1.0,
              rel_tol=Fraction(1, 1000), dpsgd_rel_width: float = 0.005) -> Calibration:
    """Certified [lower, upper] on the smallest x with eps*(delta) of make_event(x) <= target.

    Doubling / halving from ``start`` finds a certified bracket, then bisection on floats
    (exact dyadic midpoints) narrows it to relative width ``rel_tol`` or until a comparison
    is undecidable (the certified bracket so far is returned).  Targets are exact numbers
    (int, Fraction, decimal string); see the module docstring for the families accepted.
    """
    eps, d = target(target_epsilon, "target_epsilon"), target(delta, "delta")
    if not (eps >= 0 and 0 < d < 1):
        raise ValueError(f"need target_epsilon >= 0 and 0 < delta < 1; got "
                         f"{target_epsilon!r}, {delta!r}")
    start = float(start)
    if not 0 < start < LIMIT:
        raise ValueError(f"start={start!r}: need a positive noise parameter")
    fam = _Family(make_event, eps, d, neighbors, dpsgd_rel_width)
    lo = hi = None
    x = start
    while hi is None:
        ok, c = fam.status(x)
        if ok:
            hi = (x, c)
        else:
            lo = (x, c) if ok is False else lo
            x *= 2
            if x > LIMIT:
                raise ValueError(f"no noise parameter up to 2^60 certified to meet "
                                 f"epsilon = {target_epsilon} at delta = {delta}")
    x = hi[0]
    while lo is None:
        x /= 2
        if x < 1 / LIMIT:
            raise ValueError(f"every noise parameter down to 2^-60 meets epsilon = "
                             f"{target_epsilon} at delta = {delta}: nothing to calibrate")
        ok, c = fam.status(x)
        if ok:
            hi = (x, c)
        elif ok is False:
            lo = (x, c)
    tol = Fraction(rel_tol)
    while Fraction(hi[0]) - Fraction(lo[0]) > tol * Fraction(hi[0]):
        m = (lo[0] + hi[0]) / 2
        if Fraction(m) != (Fraction(lo[0]) + Fraction(hi[0])) / 2 or m in (lo[0], hi[0]):
            break  # no exact float midpoint left
        ok, c = fam.status(m)
        if ok is None:
            break
        if ok:
            hi = (m, c)
        else:
            lo = (m, c)
    return Calibration(lo[0], hi[0], lo[1], hi[1], fam.evaluations)
