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
* ``SampledWithoutReplacementDpEvent(n, m, Gaussians)`` under REPLACE_ONE: no pair, an RDP
  bound (``rdp`` module; upper end only).
* ``TruncatedSubsampledGaussianDpEvent(n, q, B, s)``: dp_accounting's PLD mixture
  (``oracles.composition.truncated``), a bound, not a pair; upper end only (with B >= n no
  batch is cut: the Poisson-subsampled Gaussian, tight).
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
    "(REPLACE_ONE, REPLACE_SPECIAL), PoissonSampledDpEvent of a GaussianDpEvent (any "
    "relation) or LaplaceDpEvent, DiscreteLaplaceDpEvent, MixtureOfGaussiansDpEvent "
    "(ADD_OR_REMOVE_ONE, REPLACE_SPECIAL), ZCDpEvent (upper end only; with Gaussians only), "
    "SampledWithoutReplacementDpEvent of Gaussians (REPLACE_ONE; upper end only, RDP), "
    "TruncatedSubsampledGaussianDpEvent (any relation; upper end only), "
    "NoOpDpEvent, NonPrivateDpEvent, and Composed/SelfComposed events of these")


HOEFFDING_FROM = 64


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
    general: dict = field(default_factory=dict)  # law key (``general.laws``) -> count
    zcdp: list = field(default_factory=list)  # (rho, xi) of each ZCDpEvent step
    swor: list = field(default_factory=list)  # (gamma, mu2, count): sampled w/o replacement
    loose: list = field(default_factory=list)  # why only an upper end is certified

    @property
    def tight(self) -> bool:
        return not (self.nonprivate or self.loose)

    @property
    def exact_curve(self) -> bool:
        """Gaussians and randomized responses, or one Laplace alone: ``curves.Curve``."""
        return not (self.general or self.dpsgd or self.zcdp or self.swor) and (
            not self.laplace or (len(self.laplace) == 1 and not self.gauss_steps
                                 and not self.rr))

    @property
    def dpsgd_only(self) -> bool:
        """One homogeneous Poisson-subsampled Gaussian over more than ``HOEFFDING_FROM``
        steps: the Hoeffding PLD route (its sqrt(T) rounding error beats the general
        route's T h only for many steps)."""
        return (len(self.dpsgd) == 1 and next(iter(self.dpsgd.values())) > HOEFFDING_FROM
                and not (self.general or self.gauss_steps or self.swor
                                                or self.laplace or self.rr or self.zcdp))


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
    if out.zcdp and (out.general or out.dpsgd or out.laplace or out.rr):
        raise _refuse(event, relation, "a ZCDpEvent composed with events other than "
                      "Gaussians and ZCDpEvents")
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
    elif isinstance(event, e.DiscreteLaplaceDpEvent):
        _no_replace_one(event, out, top)
        a = _scale(event.noise_parameter, "noise_parameter", event)
        sens = event.sensitivity
        if isinstance(sens, bool) or not isinstance(sens, int) or sens < 0:
            raise ValueError(f"sensitivity={sens!r} in {event!r}: need an integer >= 0")
        out.noise.append(("discrete_laplace", a))
        if sens == 0:
            return
        if a == 0:
            out.blatant = True
            return
        _add(out, ("dlap", a, sens), count)
    elif isinstance(event, e.MixtureOfGaussiansDpEvent):
        _mog(event, count, out, top)
    elif isinstance(event, e.SampledWithoutReplacementDpEvent):
        _swor(event, count, out, dpa, top)
    elif isinstance(event, e.TruncatedSubsampledGaussianDpEvent):
        _truncated(event, count, out, dpa, top)
    elif isinstance(event, e.ZCDpEvent):
        rho = exact_param(event.rho, "rho")
        xi = exact_param(event.xi, "xi")
        if rho < 0 or xi < 0:
            raise ValueError(f"{event!r}: need rho >= 0 and xi >= 0")
        out.zcdp.extend([(rho, xi)] * count)
        _loose(out, "ZCDpEvent: (xi, rho)-zCDP is a bound on the mechanism, not a pair; "
               "only the upper end (the optimal RDP conversion) is certified")
    else:
        raise _refuse(top, relation, type(event).__name__)


def _truncated(event, count: int, out: Plan, dpa, top) -> None:
    """Truncated Poisson subsampling (``oracles.composition.truncated``): dp_accounting's PLD
    mixture, an upper end only; no cut possible (B >= n): the Poisson-subsampled Gaussian."""
    n, B = event.dataset_size, event.truncated_batch_size
    q = exact_param(event.sampling_probability, "sampling_probability")
    s = exact_param(event.noise_multiplier, "noise_multiplier")
    if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in (n, B)) or \
            not 0 <= q <= 1 or s < 0:
        raise ValueError(f"{event!r}: need integers dataset_size, truncated_batch_size >= 0, "
                         "0 <= sampling_probability <= 1 and noise_multiplier >= 0")
    out.noise.append(("truncated_gaussian", s))
    if q == 0 or B == 0 or n == 0:
        return  # no record is used (as in dp_accounting)
    if s == 0:
        out.nonprivate = True  # dp_accounting: not DP; only delta <= 1 is certified
        return
    if B >= n:
        e = dpa.dp_event
        out.noise.pop()
        _poisson(e.PoissonSampledDpEvent(event.sampling_probability,
                                         e.GaussianDpEvent(event.noise_multiplier)),
                 count, out, dpa, top)
        return
    _add(out, ("trunc", n, q, B, s, out.relation.name == "REPLACE_ONE"), count)
    _loose(out, "TruncatedSubsampledGaussianDpEvent: dp_accounting's PLD mixture (replace-one "
           "pair when the batch is cut), a bound not realised by two datasets; upper end only")


def _swor(event, count: int, out: Plan, dpa, top) -> None:
    """m of n records sampled without replacement, then Gaussians (dp_accounting's RDP
    accountant: REPLACE_ONE only).  The subsample's Gaussians have mu^2 = sum (2/s)^2 (the
    REPLACE_ONE sensitivity of ``GaussianDpEvent``); the bound is ``rdp._swor_rdp``'s."""
    if out.relation.name != "REPLACE_ONE":
        raise _refuse(top, out.relation, "SampledWithoutReplacementDpEvent under "
                      f"{out.relation.name} (as in dp_accounting, use REPLACE_ONE)")
    n, m = event.source_dataset_size, event.sample_size
    if any(isinstance(v, bool) or not isinstance(v, int) for v in (n, m)) or not 0 <= m <= n \
            or n < 1:
        raise ValueError(f"{event!r}: need integers 0 <= sample_size <= source_dataset_size, "
                         "source_dataset_size >= 1")
    sub = Plan(out.relation)
    _walk(event.event, 1, sub, dpa, top)
    if sub.general or sub.dpsgd or sub.laplace or sub.rr or sub.zcdp or sub.swor or \
            sub.nonprivate or sub.blatant:
        raise _refuse(top, out.relation, "SampledWithoutReplacementDpEvent of anything but "
                      "(compositions of) GaussianDpEvents with noise > 0")
    out.noise.extend(sub.noise)
    if m == 0 or sub.mu2 == 0:
        return
    if m == n:  # every record is used: the Gaussians themselves
        out.mu2 += count * sub.mu2
        out.gauss_steps += count * sub.gauss_steps
        return
    out.swor.append((fmpq(m, n), sub.mu2, count))
    _loose(out, "SampledWithoutReplacementDpEvent: an RDP bound (Wang-Balle-Kasiviswanathan "
           "2019, Thm. 9), upper end only")


def _add(out: Plan, key, count: int) -> None:
    out.general[key] = out.general.get(key, 0) + count


def _loose(out: Plan, why: str) -> None:
    if why not in out.loose:
        out.loose.append(why)


def _no_replace_one(event, out: Plan, top) -> None:
    """dp_accounting 0.6.0's PLD accountant takes these events only under ADD_OR_REMOVE_ONE
    and REPLACE_SPECIAL (the pairs below are those of its privacy-loss mechanisms)."""
    if out.relation.name == "REPLACE_ONE":
        raise _refuse(top, out.relation, f"{type(event).__name__} under REPLACE_ONE (as in "
                      "dp_accounting, use ADD_OR_REMOVE_ONE or REPLACE_SPECIAL)")


def _mog(event, count, out: Plan, top) -> None:
    _no_replace_one(event, out, top)
    s = _scale(event.standard_deviation, "standard_deviation", event)
    sens = [exact_param(v, "sensitivities") for v in event.sensitivities]
    probs = [exact_param(v, "sampling_probs") for v in event.sampling_probs]
    if len(sens) != len(probs) or not sens or any(v < 0 for v in sens) or \
            any(not 0 <= p <= 1 for p in probs) or sum(probs) == 0:
        raise ValueError(f"{event!r}: need equally long sensitivities >= 0 and sampling_probs "
                         "in [0, 1] with a positive sum")
    out.noise.append(("mog", s))
    total = sum(probs)
    pairs = sorted((v, p / total) for v, p in zip(sens, probs) if p > 0)
    if all(v == 0 for v, _ in pairs):
        return
    if s == 0:
        out.blatant = True
        return
    # the probabilities are normalised by their exact sum (floats rarely sum to 1 exactly)
    _add(out, ("mog", s, tuple(v for v, _ in pairs), tuple(p for _, p in pairs)), count)


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
    q = exact_param(event.sampling_probability, "sampling_probability")
    if not 0 <= q <= 1:
        raise ValueError(f"sampling_probability={event.sampling_probability!r}: need 0..1")
    if q == 0:
        return
    if q == 1:  # every record is sampled: the inner event itself, whatever it is
        _walk(inner, count, out, dpa, top)
        return
    if not isinstance(inner, (e.GaussianDpEvent, e.LaplaceDpEvent)):
        raise _refuse(top, out.relation, f"PoissonSampledDpEvent of {type(inner).__name__}")
    if isinstance(inner, e.LaplaceDpEvent):
        _no_replace_one(event, out, top)
    s = _scale(inner.noise_multiplier, "noise_multiplier", inner)
    if s == 0:
        raise _refuse(top, out.relation, "PoissonSampledDpEvent of a noiseless mechanism "
                      "(delta(eps) = q for every eps; not certified here)")
    if isinstance(inner, e.LaplaceDpEvent):
        out.noise.append(("poisson_laplace", s))
        _add(out, ("sub_laplace", q, s), count)
    elif out.relation == R.REPLACE_ONE:
        out.noise.append(("poisson_gaussian", s))
        _add(out, ("sub_gauss_replace", q, s), count)
    else:
        out.noise.append(("poisson_gaussian", s))
        out.dpsgd[(q, s)] = out.dpsgd.get((q, s), 0) + count
