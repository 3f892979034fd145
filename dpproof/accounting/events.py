"""dp_accounting ``DpEvent`` + ``NeighboringRelation`` -> the dominating pair dpproof certifies.

``plan(event, relation)`` flattens Composed / SelfComposed events into a ``Plan``: the
Gaussian steps as one mu^2 = sum (Delta_i / sigma_i)^2, the Laplace steps, groups of identical
randomized responses, a homogeneous Poisson-subsampled Gaussian (DP-SGD), and flags for
non-private steps.  Every number inside an event is read exactly: a float is the binary
rational it is (``Fraction(float)``), never rounded through decimal.

Dominating pairs (sensitivity-1 conventions of dp_accounting 0.6.0's PLD accountant):

* ``GaussianDpEvent(s)``: N(0, s^2) vs N(Delta, s^2), Delta = 1 under ADD_OR_REMOVE_ONE and
  REPLACE_SPECIAL, Delta = 2 under REPLACE_ONE (v -> v', |v - v'| <= 2).
* ``LaplaceDpEvent(b)``: Lap(0, b) vs Lap(Delta, b), Delta as for the Gaussian.
* ``RandomizedResponseDpEvent(p, k)``: REPLACE_ONE: R(x) vs R(x'), x != x';
  REPLACE_SPECIAL: R(x) vs the uniform law (both directions), R(x) = x w.p. 1 - p + p/k,
  each other bucket w.p. p/k.  ADD_OR_REMOVE_ONE is refused (RR reads exactly one input).
* ``PoissonSampledDpEvent(q, GaussianDpEvent(s))`` under ADD_OR_REMOVE_ONE / REPLACE_SPECIAL:
  (1-q) N(0, s^2) + q N(1, s^2) vs N(0, s^2), both directions (Mironov-Talwar-Zhang 2019).
* ``NoOpDpEvent``: P = Q.  ``NonPrivateDpEvent``: nothing is known but delta <= 1.

Each pair is realised by two neighbouring datasets of a mechanism matching the event (a record
whose contribution has norm exactly the clipping bound), so the pairs are tight; a plan with a
NonPrivateDpEvent is not.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from flint import fmpq

from ..lowering import to_fmpq

SUPPORTED = (
    "supported: GaussianDpEvent, LaplaceDpEvent (any relation), RandomizedResponseDpEvent "
    "(REPLACE_ONE, REPLACE_SPECIAL), PoissonSampledDpEvent of a GaussianDpEvent "
    "(ADD_OR_REMOVE_ONE, REPLACE_SPECIAL; not composed with other events), NoOpDpEvent, "
    "NonPrivateDpEvent, and Composed/SelfComposed events of these")


class UnsupportedEvent(ValueError):
    """The (event, relation) pair has no certified dominating pair in dpproof (yet)."""


def _dpa():
    try:
        import dp_accounting
    except ImportError as exc:  # pragma: no cover - DpEvents need dp_accounting anyway
        raise ImportError("dpproof.accounting reads dp_accounting's DpEvents: "
                          "pip install dp-accounting") from exc
    return dp_accounting


def exact_param(value, what: str) -> fmpq:
    """A mechanism parameter as an exact rational: a float is the binary rational it is."""
    if isinstance(value, float):
        try:
            f = Fraction(value)
        except (OverflowError, ValueError):
            raise ValueError(f"{what}={value!r} is not a finite number") from None
        return fmpq(f.numerator, f.denominator)
    return to_fmpq(value)


@dataclass
class Plan:
    """The composed dominating pair, in parts (see module docstring)."""

    relation: object
    mu2: fmpq = field(default_factory=lambda: fmpq(0))  # sum (Delta/sigma)^2, Gaussians
    gauss_steps: int = 0
    laplace: list = field(default_factory=list)  # a = Delta / b of each Laplace step
    rr: dict = field(default_factory=dict)  # (p, k, special) -> count
    dpsgd: dict = field(default_factory=dict)  # (q, sigma) -> count
    blatant: bool = False  # a step with zero noise: delta = 1 for every eps, tight
    nonprivate: bool = False  # a NonPrivateDpEvent: only delta <= 1 is known
    noise: list = field(default_factory=list)  # (kind, value) of each noise scale, in order

    @property
    def tight(self) -> bool:
        return not self.nonprivate


def plan(event, relation=None) -> Plan:
    """The Plan of ``event`` under ``relation`` (default ADD_OR_REMOVE_ONE)."""
    dpa = _dpa()
    rel = dpa.NeighboringRelation
    relation = rel.ADD_OR_REMOVE_ONE if relation is None else relation
    if not isinstance(relation, rel):
        raise ValueError(f"neighbors={relation!r}: pass a dp_accounting NeighboringRelation "
                         f"({', '.join(r.name for r in rel)})")
    out = Plan(relation)
    _walk(event, 1, out, dpa, event)
    if out.dpsgd and (len(out.dpsgd) > 1 or out.gauss_steps or out.laplace or out.rr):
        raise _refuse(event, relation, "a PoissonSampledDpEvent composed with other events "
                      "(or with a differently parameterised one)")
    if len(out.laplace) > 1 or (out.laplace and (out.gauss_steps or out.rr)):
        raise _refuse(event, relation, "a LaplaceDpEvent composed with other events")
    return out


def _refuse(event, relation, what: str) -> UnsupportedEvent:
    return UnsupportedEvent(f"dpproof.accounting does not support {what} in {event!r} under "
                            f"{relation.name}; {SUPPORTED}")


def _count(value, event, top, relation) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"count={value!r} in {event!r}: need an integer >= 0")
    return value


def _walk(event, count: int, out: Plan, dpa, top) -> None:
    e, R = dpa.dp_event, dpa.NeighboringRelation
    relation = out.relation
    if count == 0 or isinstance(event, e.NoOpDpEvent):
        return
    if isinstance(event, e.NonPrivateDpEvent):
        out.nonprivate = True
    elif isinstance(event, e.SelfComposedDpEvent):
        _walk(event.event, count * _count(event.count, event, top, relation), out, dpa, top)
    elif isinstance(event, e.ComposedDpEvent):
        for sub in event.events:
            _walk(sub, count, out, dpa, top)
    elif isinstance(event, e.GaussianDpEvent):
        s = _scale(event.noise_multiplier, "noise_multiplier", event)
        out.noise.append(("gaussian", s))
        if s == 0:
            out.blatant = True
            return
        sens = 2 if relation == R.REPLACE_ONE else 1
        out.mu2 += count * fmpq(sens * sens) / (s * s)
        out.gauss_steps += count
    elif isinstance(event, e.LaplaceDpEvent):
        b = _scale(event.noise_multiplier, "noise_multiplier", event)
        out.noise.append(("laplace", b))
        if b == 0:
            out.blatant = True
            return
        sens = 2 if relation == R.REPLACE_ONE else 1
        out.laplace.extend([fmpq(sens) / b] * count)
    elif isinstance(event, e.RandomizedResponseDpEvent):
        _rr(event, count, out, R, top)
    elif isinstance(event, e.PoissonSampledDpEvent):
        _poisson(event, count, out, dpa, top)
    else:
        raise _refuse(top, relation, type(event).__name__)


def _scale(value, what, event) -> fmpq:
    x = exact_param(value, what)
    if x < 0:
        raise ValueError(f"{what}={value!r} in {event!r}: need a value >= 0")
    return x


def _rr(event, count, out: Plan, R, top) -> None:
    if out.relation == R.ADD_OR_REMOVE_ONE:
        raise _refuse(top, out.relation, "RandomizedResponseDpEvent (it reads exactly one "
                      "input: use REPLACE_ONE or REPLACE_SPECIAL)")
    p = exact_param(event.noise_parameter, "noise_parameter")
    k = event.num_buckets
    if not (0 <= p <= 1) or isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"{event!r}: need 0 <= noise_parameter <= 1 and an integer "
                         "num_buckets >= 1")
    if k == 1 or p == 1:
        return  # the output does not depend on the input
    if p == 0:
        out.blatant = True  # the input is published
        return
    key = (p, k, out.relation == R.REPLACE_SPECIAL)
    out.rr[key] = out.rr.get(key, 0) + count


def _poisson(event, count, out: Plan, dpa, top) -> None:
    e, R = dpa.dp_event, dpa.NeighboringRelation
    inner = event.event
    if not isinstance(inner, e.GaussianDpEvent):
        raise _refuse(top, out.relation, f"PoissonSampledDpEvent of {type(inner).__name__}")
    if out.relation == R.REPLACE_ONE:
        raise _refuse(top, out.relation, "PoissonSampledDpEvent (no certified dominating pair "
                      "for replace-one subsampling yet)")
    q = exact_param(event.sampling_probability, "sampling_probability")
    if not 0 <= q <= 1:
        raise ValueError(f"sampling_probability={event.sampling_probability!r}: need 0..1")
    if q == 0:
        return
    if q == 1:
        _walk(inner, count, out, dpa, top)
        return
    s = _scale(inner.noise_multiplier, "noise_multiplier", inner)
    if s == 0:
        raise _refuse(top, out.relation, "PoissonSampledDpEvent of a noiseless Gaussian")
    out.noise.append(("poisson_gaussian", s))
    out.dpsgd[(q, s)] = out.dpsgd.get((q, s), 0) + count
