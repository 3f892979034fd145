"""What the accountant returns and takes: a certified bracket (``Certified``), exact targets
(``target``), and the composed dominating pair in words (``describe``); shared by
``certify`` and ``rdp``."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from flint import arb, fmpq

from ..lowering import to_fmpq
from .events import Plan


@dataclass(frozen=True)
class Certified:
    """lower <= value <= upper, certified (``lower`` None: not certified, pair not tight).

    The floats are rounded outward from the balls ``lower_ball`` / ``upper_ball``."""

    quantity: str  # "delta" or "epsilon"
    lower: float | None
    upper: float
    tight: bool
    pair: str
    lower_ball: arb | None = field(default=None, repr=False)
    upper_ball: arb | None = field(default=None, repr=False)
    details: dict = field(default_factory=dict, repr=False)

    @property
    def width(self) -> float:
        return math.inf if self.lower is None else self.upper - self.lower


def target(value, what: str) -> fmpq:
    """An exact target: floats refused with a hint."""
    if isinstance(value, float):
        raise TypeError(f"{what}={value!r} is a float: pass an exact number (int, Fraction or "
                        f"decimal string such as '{value!r}')")
    return to_fmpq(value)


def describe(p: Plan) -> str:
    """The composed dominating pair in words."""
    parts = []
    if p.gauss_steps:
        parts.append(f"{p.gauss_steps} Gaussian step(s), mu^2 = {p.mu2}")
    for a in sorted(set(p.laplace)):
        parts.append(f"{p.laplace.count(a)} x Laplace, Delta/b = {a}")
    for (q, k, special), n in p.rr.items():
        rel = "vs uniform" if special else "x vs x'"
        parts.append(f"{n} x RR(p = {q}, k = {k}) {rel}")
    for (q, s), n in p.dpsgd.items():
        parts.append(f"{n} x Poisson({q})-subsampled N(., {s}^2), add/remove")
    for key, n in p.general.items():
        parts.append(f"{n} x {key[0]}{tuple(str(v) for v in key[1:])}")
    for g, m2, n in p.swor:
        parts.append(f"{n} x sampled {g} without replacement, then Gaussians mu^2 = {m2} "
                     "(an RDP bound, not a pair)")
    for rho, xi in sorted(set(p.zcdp)):
        parts.append(f"{p.zcdp.count((rho, xi))} x ({xi}, {rho})-zCDP (a bound, not a pair)")
    if p.blatant:
        parts.append("a noiseless step (mutually singular pair)")
    if p.nonprivate:
        parts.append("a non-private step (pair unknown)")
    return "; ".join(parts) or "no-op (P = Q)"
