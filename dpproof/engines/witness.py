"""Certify a counterexample: the violation at an exact point, in ball arithmetic.

Shared by every engine that may say REFUTED.  A point is a witness only if (1) it lies in
the stated domain, checked exactly; (2) every hypothesis is certified to hold there; (3)
the conclusion's margin is certified negative there (for a strict relation: certified
negative, or exactly zero).  Precision is raised step by step (``Config.witness_precs``)
before giving up: numerically treacherous claims never pass (3) by accident, because a
ball that straddles zero certifies nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy
from flint import arb

from ..claims import Claim
from ..lowering import arb_ball, at_precision
from .base import Compiled, decimal_str


@dataclass(frozen=True)
class Witness:
    point: dict[str, str]     # parameter -> exact decimal string
    violation: str            # the certified enclosure of the margin there
    prec: int


def to_rational(x) -> sympy.Rational:
    """A float/mpf candidate as a short exact decimal (17 significant digits)."""
    if isinstance(x, sympy.Rational):
        return x
    return sympy.Rational(format(float(x), ".17g"))


def in_domain(claim: Claim, point: dict[str, sympy.Rational]) -> bool:
    return all(iv.contains(point[name]) for name, iv in claim.domain.params)


def margin_enclosure(compiled: Compiled, point: dict[str, sympy.Rational], prec: int) -> arb:
    """The ball enclosing the conclusion margin at an exact point (compiled for arb)."""
    with at_precision(prec):
        args = [arb_ball(point[n]) for n in compiled.names]
        return compiled.margin(*args)


def hypotheses_hold(compiled: Compiled, point, prec: int) -> bool | None:
    """True if certified to hold, False if certified to fail, None if undecided."""
    with at_precision(prec):
        return compiled.hypotheses_on([arb_ball(point[n]) for n in compiled.names])


def certify(compiled: Compiled, point: dict[str, sympy.Rational],
            precs: tuple[int, ...]) -> Witness | None:
    """A certified Witness at ``point`` (exact rationals), or None if not certified."""
    claim = compiled.claim
    if not in_domain(claim, point):
        return None
    for prec in precs:
        hyp = hypotheses_hold(compiled, point, prec)
        if hyp is False:
            return None
        if hyp is None:
            continue
        m = margin_enclosure(compiled, point, prec)
        violated = (m < 0) or (compiled.strict and m.is_exact() and m.is_zero())
        if violated:
            return Witness({n: decimal_str(point[n]) for n in compiled.names},
                           m.str(10, radius=True), prec)
        if m >= 0 if not compiled.strict else m > 0:
            return None  # certified to hold here
    return None
