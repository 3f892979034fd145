"""Discrete distributions: finite mass vectors over outcomes 0..n-1, and their products."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from flint import arb

from dpproof.definedness import require

from ...expr.balls import intersect
from ..balls import hull

from .continuous import _check_probability


@dataclass(frozen=True)
class Discrete:
    """Finite distribution: masses[i] = P(outcome i)."""

    masses: tuple

    def mass(self, i: int) -> arb:
        return self.masses[i]

    def pdf(self, y: arb) -> arb:
        """The mass at y: masses[k] at the outcome k, 0 at every other real; on a ball y, the
        hull of what it may be (the masses of the outcomes in it, and 0)."""
        if y.is_exact():
            k = y.unique_fmpz() if y.is_integer() else None
            return self.masses[int(k)] if k is not None and 0 <= k < len(self.masses) else arb(0)
        inside = [m for k, m in enumerate(self.masses) if y.overlaps(arb(k))]
        return hull(arb(0), *inside)

    def logpdf(self, y: arb) -> arb:
        """log of the mass at y: undefined where it is 0 (``Undefined`` naming the point; a
        mass that may be 0, ``MaybeUndefined``), as log is."""
        m = self.pdf(y)
        require(bool(m > 0), bool(m.is_exact() and m.is_zero()),
                f"the log-mass at y = {y.str(5, radius=False)}",
                "a finite law's log-mass is defined where its mass is > 0")
        return m.log()

    def cdf(self, t: arb) -> arb:
        """P(Y <= t) at an exact t: the masses of the outcomes k <= t, met with 1 minus those
        of the outcomes above t (the masses of a law sum to 1 exactly; each sum is a ball, and
        the normalised masses of Finite(1, 2, 3) sum to a ball around 1, not to 1: its cdf at
        2 was not certified to be 1)."""
        below = [m for k, m in enumerate(self.masses) if arb(k) <= t]
        if len(below) == len(self.masses):
            return arb(1)
        if not below:
            return arb(0)
        return intersect((sum(below, arb(0)),
                          1 - sum(self.masses[len(below):], arb(0))))


def Bernoulli(p: arb) -> Discrete:
    """Bernoulli(p): P(1) = p, P(0) = 1 - p; p in [0, 1]."""
    _check_probability("Bernoulli p", p)
    return Discrete((1 - p, p))


def randomized_response(eps: arb, k: int = 2, value: int = 0) -> Discrete:
    """k-ary randomized response on input ``value``: keep w.p. e^eps/(e^eps + k - 1)."""
    e = eps.exp()
    z = e + (k - 1)
    return Discrete(tuple(e / z if i == value else 1 / z for i in range(k)))


def genrr_pair(eps0: arb, t: arb) -> tuple:
    """Generalized RR with 0 <= t <= eps0: P = RR(0), Q = RR(1).

    P(0) = p_t = (e^eps0 - e^t)/(e^eps0 - 1), Q(0) = q_t = e^-t p_t, so that
    log P(0)/Q(0) = t and log P(1)/Q(1) = t - eps0.
    """
    # outside 0 <= t <= eps0 the masses leave [0, 1]: not a distribution (a value there
    # would refute a true claim about the mechanism); a ball straddling an end is evaluated
    outside = bool(eps0 <= 0 or t < 0 or t > eps0)
    require(not outside, outside,
            f"genrr(eps0 = {eps0.str(5, radius=False)}, t = {t.str(5, radius=False)})",
            "RR_{eps0,t} needs eps0 > 0 and 0 <= t <= eps0")
    e0 = eps0.exp()
    p = (e0 - t.exp()) / (e0 - 1)
    q = (-t).exp() * p
    return Discrete((p, 1 - p)), Discrete((q, 1 - q))


@dataclass(frozen=True)
class ProductDistribution:
    """Independent product of components (any of the above)."""

    components: tuple

    def joint_discrete(self, limit: int = 1 << 16) -> Discrete:
        """The product of discrete components as one Discrete (enumeration, <= limit atoms)."""
        sizes = [len(c.masses) for c in self.components]
        n = 1
        for s in sizes:
            n *= s
        if n > limit:
            raise ValueError(f"product has {n} outcomes, more than the limit {limit}")
        masses = []
        for combo in itertools.product(*(c.masses for c in self.components)):
            m = arb(1)
            for x in combo:
                m *= x
            masses.append(m)
        return Discrete(tuple(masses))
