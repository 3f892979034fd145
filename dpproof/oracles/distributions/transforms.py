"""Transforms of distributions, computed from their definitions (registered for claims).

``Finite(w0, ..., wn)`` (normalised weights), ``NameShame(delta, n, v)`` (name-and-shame on n
people, person 1 holding v in {0, 1}), ``ProductOf(P, Q)``, ``Quantize(P, t1, .., tk)`` (bins
of a continuous law: a deterministic post-processing), ``Stochastic(P, K...)`` (P pushed
through a row-stochastic matrix, rows normalised); ``rejection_shift_cdf``: CDF of N(0, s^2)
conditioned on |X| >= m and shifted towards 0 by m, from Normal masses.
"""

from __future__ import annotations

from flint import arb

from dpproof.definedness import require

from ..balls import hull
from ..declare import declare
from . import continuous as _cont
from .continuous import _check_probability
from .discrete import Discrete, ProductDistribution

_GUARD = 20  # extra working bits of these oracles


def joint(P):
    """A product of discrete laws as one Discrete (other laws unchanged)."""
    return P.joint_discrete() if isinstance(P, ProductDistribution) else P


def _weights(name: str, w) -> arb:
    """The sum of weights that must be >= 0 with a positive sum: ``Undefined`` where one is
    certainly negative (or all are 0), ``MaybeUndefined`` where a ball straddles an edge."""
    total = sum(w, arb(0))
    require(all(x >= 0 for x in w) and total > 0,
            any(x < 0 for x in w) or all(x == 0 for x in w),
            f"{name} ({', '.join(x.str(5, radius=False) for x in w)})",
            "weights must be >= 0 with a positive sum")
    return total


def finite(*w) -> Discrete:
    total = _weights("Finite weights", w)
    return Discrete(tuple(x / total for x in w))


#: the most people a name-and-shame law is built for (one component each)
MAX_PEOPLE = 1 << 12


def name_shame(delta, n: int, v: int) -> ProductDistribution:
    """Outputs (Y_1..Y_n), Y_j in {bot, 0, 1}: Y_j = x_j w.p. delta, bot otherwise;
    x_1 = v, x_j = 0 for j > 1 (delta in [0, 1], n >= 1, v in {0, 1})."""
    _check_probability("NameShame delta", delta)
    # a law of more people is not evaluated (MaybeUndefined: nothing is certified there)
    require(n <= MAX_PEOPLE, False, "NameShame(delta, n, v)", f"n <= {MAX_PEOPLE} people built")
    ok = n >= 1 and v in (0, 1)
    require(ok, not ok, f"NameShame(n = {n}, v = {v})",
            "n >= 1 people and v in {0, 1}")

    def person(x):
        return Discrete((1 - delta, delta if x == 0 else arb(0), delta if x == 1 else arb(0)))
    return ProductDistribution(tuple(person(v if j == 0 else 0) for j in range(n)))


def product_of(P, Q) -> ProductDistribution:
    parts = []
    for X in (P, Q):
        parts.extend(X.components if isinstance(X, ProductDistribution) else (X,))
    return ProductDistribution(tuple(parts))


def quantize(P, *cuts) -> Discrete:
    """Masses of P on (-inf, t1], (t1, t2], ..., (tk, inf) (cuts increasing)."""
    pairs = list(zip(cuts, cuts[1:]))
    require(all(b > a for a, b in pairs), any(b <= a for a, b in pairs),
            f"Quantize cuts ({', '.join(c.str(5, radius=False) for c in cuts)})",
            "the cuts must increase strictly")
    ends = (None, *cuts, None)
    return Discrete(tuple(P.mass(a, b) for a, b in zip(ends, ends[1:])))


def stochastic(P, *entries) -> Discrete:
    P = joint(P)
    n = len(P.masses)
    if len(entries) % n:
        raise ValueError(f"{len(entries)} matrix entries do not fill {n} rows")
    r = len(entries) // n
    rows = [entries[i * r:(i + 1) * r] for i in range(n)]
    rows = [[x / _weights("Stochastic row", row) for x in row] for row in rows]
    return Discrete(tuple(sum((P.masses[i] * rows[i][j] for i in range(n)), arb(0))
                               for j in range(r)))


def rejection_shift_cdf_value(sigma, m, t) -> arb:
    """P(Y <= t), Y = X + m if X < -m, X - m if X >= m, X ~ N(0, s^2) given |X| >= m."""
    N = _cont.Normal(arb(0), sigma)

    def at(x):
        kept = 1 - N.mass(-m, m)
        left = N.mass(None, (x - m).min(-m)) if x < 0 else N.mass(None, -m)
        right = N.mass(m, x + m) if x >= 0 else arb(0)
        return (left + right) / kept
    if t >= 0 or t < 0:
        return at(t)
    return hull(at(arb(t.lower())), at(arb(t.upper())))


Finite = declare("Finite", finite,
                  tuple(range(2, 15)), "Finite law, weights normalised.", distribution=True, guard=_GUARD)
NameShame = declare("NameShame", name_shame,
                     3, "Name-and-shame outputs.", distribution=True, ints=(1, 2), guard=_GUARD)
ProductOf = declare("ProductOf", product_of,
                     2, "Independent product.", distribution=True, guard=_GUARD)
Quantize = declare("Quantize", quantize,
                    tuple(range(2, 10)), "Bins of a continuous law.", distribution=True, guard=_GUARD)
Stochastic = declare("Stochastic", stochastic,
                      tuple(range(3, 40)), "Push-forward by a row-stochastic matrix.", distribution=True, guard=_GUARD)
rejection_shift_cdf = declare("rejection_shift_cdf", rejection_shift_cdf_value,
                               3, "CDF of the rejected-and-shifted Gaussian.", guard=_GUARD)
