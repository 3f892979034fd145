"""How far a refuted claim is from true: where it certifiably holds and where it fails.

For a refuted claim with one or two parameters that vary, the interval engine's
``classify`` partitions the domain into boxes that certifiably hold, certifiably fail, or
stay undecided.  The repair line names the largest certified sub-interval (one parameter)
or the certified fractions and the largest certified box (two parameters); the boxes are
kept for the region figures.  Nothing here is typed in: it is what the balls certify.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from .claims import Claim, Kind
from .engines.base import Config, decimal_str
from .engines.interval import classify
from .lowering import arb_ball, at_precision, lower


@dataclass(frozen=True)
class Repair:
    text: str
    names: tuple[str, ...]
    boxes: tuple[tuple[tuple, str], ...]     # ((lo, hi) per varying parameter, status)


def varying(claim: Claim) -> list[str]:
    return [n for n, iv in claim.domain.params if not iv.is_point]


def repair(claim: Claim, config: Config, max_boxes: int = 800, seconds: float = 15.0):
    """A Repair for a refuted claim: the certified value of a printed number, or where the
    claim certifiably holds and fails over its varying parameters."""
    names = varying(claim)
    if claim.statement is None:
        return None
    value = _printed_value(claim, config)
    if value is not None:
        return Repair(value, (), ())
    if not names:
        return None
    leaves = classify(claim, config, max_boxes, seconds)
    index = [claim.domain.names.index(n) for n in names]
    boxes = tuple((tuple(box[i] for i in index), status) for box, status in leaves)
    if len(names) == 1:
        text = _one_parameter(names[0], boxes, claim.domain[names[0]].integer)
    elif len(names) == 2:
        text = _two_parameters(names, boxes)
    else:
        return Repair(_many_parameters(names, leaves), (), ())
    return Repair(text, tuple(names), boxes)


def _printed_value(claim: Claim, config: Config) -> str | None:
    """For a VALUE claim |expr - printed| <= tol at one instance: the certified value."""
    st = claim.statement
    if (claim.kind is not Kind.VALUE or not claim.printed or varying(claim)
            or not isinstance(st.lhs, sympy.Abs)):
        return None
    printed = sympy.Rational(claim.printed)
    with at_precision(config.prec):
        point = [arb_ball(iv.lo) for _, iv in claim.domain.params]
        ball = lower(st.lhs.args[0] + printed, claim.domain.names)(*point)
    return (f"the certified value is {ball.str(12, radius=True)}; printed "
            f"{claim.printed} (tolerance {decimal_str(st.rhs)})")


def _many_parameters(names, leaves) -> str:
    def volume(box):
        v = 1.0
        for lo, hi in box:
            v *= float(hi - lo) if hi > lo else 1.0
        return v
    total = sum(volume(b) for b, s in leaves if s != "vacuous") or 1.0
    share = {s: sum(volume(b) for b, st in leaves if st == s) / total
             for s in ("holds", "fails")}
    return (f"over ({', '.join(names)}): holds (certified) on {share['holds']:.1%} of the "
            f"box, fails (certified) on {share['fails']:.1%}")


def _merge(boxes, status, integer):
    """Maximal runs of adjacent 1-d boxes with ``status`` (integers: n and n + 1 adjoin)."""
    runs = []
    gap = 1 if integer else 0
    for ((lo, hi),), s in sorted(boxes, key=lambda b: b[0][0][0]):
        if s != status:
            continue
        if runs and runs[-1][1] + gap == lo:
            runs[-1][1] = hi
        else:
            runs.append([lo, hi])
    return runs


def _fmt(q) -> str:
    text = decimal_str(sympy.Rational(q))
    return text if len(text) <= 12 else f"{float(q):.6g}"


def _one_parameter(name, boxes, integer) -> str:
    """Vacuous boxes (hypotheses certified false) count neither way."""
    holds, fails = _merge(boxes, "holds", integer), _merge(boxes, "fails", integer)
    total = sum(hi - lo + (1 if integer else 0) for ((lo, hi),), s in boxes
                if s != "vacuous") or 1
    if not holds:
        return f"certified to hold nowhere on the domain of {name}; certified to fail on " \
               f"{_share(fails, total, integer)} of it"
    best = max(holds, key=lambda r: r[1] - r[0])
    parts = ", ".join(f"[{_fmt(a)}, {_fmt(b)}]" for a, b in holds[:4])
    more = f" and {len(holds) - 4} more" if len(holds) > 4 else ""
    return (f"holds (certified) for {name} in {parts}{more}; largest: [{_fmt(best[0])}, "
            f"{_fmt(best[1])}]; fails (certified) on {_share(fails, total, integer)} of the range")


def _share(runs, total, integer=False) -> str:
    return f"{float(sum(b - a + (1 if integer else 0) for a, b in runs) / total):.1%}"


def _two_parameters(names, boxes) -> str:
    def area(b):
        (a0, a1), (b0, b1) = b
        return (a1 - a0 if a1 > a0 else 1) * (b1 - b0 if b1 > b0 else 1)
    total = sum(area(b) for b, s in boxes if s != "vacuous") or 1
    share = {s: float(sum(area(b) for b, st in boxes if st == s) / total)
             for s in ("holds", "fails", "undecided")}
    held = [b for b, s in boxes if s == "holds"]
    text = (f"over ({names[0]}, {names[1]}): holds (certified) on {share['holds']:.1%} of "
            f"the domain, fails (certified) on {share['fails']:.1%}, undecided "
            f"{share['undecided']:.1%}")
    if held:
        (a0, a1), (b0, b1) = max(held, key=area)
        text += (f"; largest certified box {names[0]} in [{_fmt(a0)}, {_fmt(a1)}], "
                 f"{names[1]} in [{_fmt(b0)}, {_fmt(b1)}]")
    return text
