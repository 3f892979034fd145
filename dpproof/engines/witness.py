"""Certify a counterexample: the violation at an exact point, in ball arithmetic.

Shared by every engine that may say REFUTED.  A point is a witness only if (1) it lies in
the stated domain, checked exactly; (2) every hypothesis is certified to hold there; (3)
the conclusion's margin is certified negative there (for a strict relation: certified
negative, or exactly zero).  Precision is raised step by step (``Config.witness_precs``)
before giving up: numerically treacherous claims never pass (3) by accident, because a
ball that straddles zero certifies nothing.

Definedness (README, edges of the domain): a point where the claim is undefined -- a term of
the conclusion, or of a hypothesis that must be defined because those before it hold -- is
never a witness.  ``examine`` reports it as ``undefined`` with the term, so the engine can
say ERROR "undefined at x = -1: sqrt(x): sqrt of a negative number" instead.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy
from flint import arb

from ..claims import Claim
from ..definedness import MaybeUndefined, Undefined
from ..evidence import Evidence, Verdict
from ..lowering import LoweringError, arb_ball, at_precision
from .base import Compiled, decimal_str, holds


@dataclass(frozen=True)
class Witness:
    point: dict[str, str]     # parameter -> exact decimal string
    violation: str            # the certified enclosure of the margin there
    prec: int


def to_rational(x) -> sympy.Rational:
    """A float/mpf candidate as a short exact decimal: the shortest that reads back as the
    same double (``repr``: 5.05, not 5.0499999999999998)."""
    if isinstance(x, sympy.Rational):
        return x
    return sympy.Rational(repr(float(x)))


@dataclass(frozen=True)
class PointCheck:
    """What ball arithmetic says about the claim at one exact point.

    ``status``: 'violated' (``witness`` set), 'holds', 'vacuous' (a hypothesis certified to
    fail), 'undefined' (``undefined`` names the term), 'outside' (not in the domain as
    written) or 'unknown' (nothing certified at the highest precision)."""

    status: str
    witness: Witness | None = None
    undefined: Undefined | None = None


def in_domain(claim: Claim, point: dict[str, sympy.Rational]) -> bool:
    """Exactly inside the domain as written: open ends excluded, integers integral."""
    return all(name in point and iv.contains(sympy.Rational(point[name]))
               for name, iv in claim.domain.params)


def margin_enclosure(compiled: Compiled, point: dict[str, sympy.Rational], prec: int) -> arb:
    """The ball enclosing the conclusion margin at an exact point (compiled for arb); nan
    where the margin is (or may be) undefined."""
    with at_precision(prec):
        args = [arb_ball(point[n]) for n in compiled.names]
        try:
            return compiled.margin(*args)
        except (Undefined, MaybeUndefined):
            return arb.nan()


def undefined_message(point: dict, exc: Undefined) -> str:
    """'undefined at x = -1: sqrt(x): sqrt of a negative number'."""
    where = ", ".join(f"{n} = {decimal_str(sympy.Rational(v))}" for n, v in point.items())
    return f"undefined at {where}: {exc.term}: {exc.reason}"


def undefined_evidence(engine: str, point: dict, exc: Undefined, seconds: float,
                       data: dict) -> Evidence:
    """The documented verdict of a claim found undefined at a point of its domain: ERROR,
    naming the point and the term; ``data['undefined']`` says so to the runner."""
    data = dict(data)
    data["undefined"] = {"point": {n: decimal_str(sympy.Rational(v)) for n, v in point.items()},
                         "term": exc.term, "reason": exc.reason}
    return Evidence(engine, Verdict.ERROR, undefined_message(point, exc), seconds,
                    scope="undefined at a point of the domain", data=data)


def hypotheses_hold(compiled: Compiled, point, prec: int) -> bool | None:
    """True if certified to hold, False if certified to fail, None if undecided (or
    undefined there: ``examine`` tells which)."""
    try:
        return _hypotheses(compiled, point, prec)
    except (Undefined, MaybeUndefined):
        return None


def _hypotheses(compiled: Compiled, point, prec: int) -> bool | None:
    with at_precision(prec):
        return compiled.hypotheses_on([arb_ball(point[n]) for n in compiled.names])


def certify(compiled: Compiled, point: dict[str, sympy.Rational],
            precs: tuple[int, ...]) -> Witness | None:
    """A certified Witness at ``point`` (exact rationals), or None if not certified."""
    return examine(compiled, point, precs).witness


def examine(compiled: Compiled, point: dict[str, sympy.Rational],
            precs: tuple[int, ...]) -> PointCheck:
    """Decide the claim at an exact ``point``, raising the precision step by step."""
    if not in_domain(compiled.claim, point):
        return PointCheck("outside")
    point = {n: sympy.Rational(point[n]) for n in compiled.names}
    for prec in precs:
        try:
            hyp = _hypotheses(compiled, point, prec)
            if hyp is False:
                return PointCheck("vacuous")
            if hyp is None:
                continue
            with at_precision(prec):
                m = compiled.margin(*[arb_ball(point[n]) for n in compiled.names])
        except Undefined as exc:
            return PointCheck("undefined", undefined=exc)
        except MaybeUndefined:
            continue
        except (LoweringError, TypeError, NotImplementedError):
            # not evaluable at this point (a sum longer than the lowering writes out, an
            # oracle without this pair: a product of continuous laws): nothing certified here
            return PointCheck("unknown")
        violated = (m < 0) or (compiled.strict and m.is_exact() and m.is_zero())
        if violated:
            return PointCheck("violated", Witness({n: decimal_str(point[n]) for n in
                                                   compiled.names}, _text(m), prec))
        if holds(m, compiled.strict):
            return PointCheck("holds")
    return PointCheck("unknown")


def _text(m: arb) -> str:
    """A certified negative margin: arb's text, or '-inf' (arb writes -inf as [+/- inf])."""
    return m.str(10, radius=True) if m.is_finite() else "-inf"


def exact_violation(compiled: Compiled, point: dict[str, sympy.Rational], precs: tuple[int, ...],
                    budget) -> Witness | None:
    """A certified Witness at ``point`` when balls certify the violation (``certify``), or
    when the claim is strict, its hypotheses are certified to hold there and the margin is
    exactly 0 (or certified negative) after exact rewriting (``exact.point.conclusion_sign``):
    ``(3x - 1)^2 > 0`` fails at x = 1/3 and ``x > 1/10`` at x = 1/10, where every ball of
    the margin straddles 0.  Hypotheses that no ball certifies there (``x >= 1/3`` at
    x = 1/3) are decided by their exact signs too (``exact.point.hypotheses_hold_at``); the
    terms sympy simplified away must be defined there (``exact.point.guards_defined_at``).
    ``budget`` (``signs.Budget``) bounds the sympy work."""
    from .exact.point import conclusion_sign, guards_defined_at, hypotheses_hold_at

    check = examine(compiled, point, precs)
    if check.status != "unknown" or not compiled.strict:
        return check.witness
    point = {n: sympy.Rational(point[n]) for n in compiled.names}
    if not guards_defined_at(compiled.claim, point):
        return None
    hyp = hypotheses_hold(compiled, point, precs[-1])
    if hyp is None:
        hyp = hypotheses_hold_at(compiled.claim, point, budget)
    if hyp is not True:
        return None
    s = conclusion_sign(compiled.claim, point, budget)
    if s is None or s > 0:
        return None
    return Witness({n: decimal_str(point[n]) for n in compiled.names},
                   "0 (exactly)" if s == 0 else "< 0 (certified on an exact rewrite)",
                   precs[-1])
