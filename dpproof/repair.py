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
from .engines import witness as W
from .engines.base import Compiled, Config, decimal_str, effective_bounds, holds, now
from .engines.balls.classify import classify
from .engines.numeric.engine import grid
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
    undecided = sum(_volume(b) for b, s in leaves if s == "undecided")
    if len(names) <= 2 and undecided > 0.5 * (sum(_volume(b) for b, _ in leaves) or 1):
        return _pointwise(claim, config, names)
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


def _volume(box) -> float:
    v = 1.0
    for lo, hi in box:
        v *= float(hi - lo) if hi > lo else 1.0
    return v


#: the time the finer 2-parameter grid of ``_pointwise`` may take (estimated from the coarse)
FINER_BUDGET = 10.0


def _pointwise(claim: Claim, config: Config, names: list[str], per_axis: int = 33) -> Repair:
    """Where boxes stay undecided (oracles are loose on wide parameter balls): the certified
    status at each point of a grid, summarised as runs (1 parameter) or shares (2); the
    region map colours the cell around each grid point by the status at its centre."""
    compiled = Compiled(claim, "arb")
    points = grid(claim, per_axis if len(names) == 1 else 17)
    if len(names) == 1:
        points += _towards_ends(claim, names[0])

    def at(ps):
        return [(tuple(p[n] for n in names), _point_status(compiled, p, config.prec))
                for p in ps]

    started = now()
    status = at(points)
    if len(names) == 2:   # the product of each axis' grid and its points towards the ends
        axes = [sorted({p[n] for p in points} | {p[n] for p in _towards_ends(claim, n, 10)})
                for n in names]
        finer = [{**points[0], names[0]: x, names[1]: y} for x in axes[0] for y in axes[1]]
        per_point = (now() - started) / max(len(points), 1)
        if per_point * len(finer) < FINER_BUDGET:   # the coarse points are kept, not redone
            known = dict(status)
            status += at([p for p in finer if tuple(p[n] for n in names) not in known])
    status = [(xs, s) for xs, s in status if s != "vacuous"]
    if len(names) == 1:
        runs = []
        for (x,), s in sorted(set(status)):
            if runs and runs[-1][0] == s:
                runs[-1][2], runs[-1][3] = x, runs[-1][3] + 1
            else:
                runs.append([s, x, x, 1])
        parts = "; ".join(f"{s} for {names[0]} in [{_fmt(a)}, {_fmt(b)}] ({n} point"
                          f"{'s' if n > 1 else ''})" for s, a, b, n in runs)
        text = f"pointwise on a grid of {len(status)} values (certified at each): {parts}"
    else:
        count = {s: sum(1 for _, st in status if st == s) for s in ("holds", "fails")}
        text = (f"pointwise on a {len(status)}-point grid over ({', '.join(names)}): holds "
                f"(certified) at {count['holds']}, fails (certified) at {count['fails']}"
                if count["holds"] or count["fails"] else
                f"pointwise on a {len(status)}-point grid over ({', '.join(names)}): no grid "
                "point certified either way (the failure is certified at the witness)")
    return Repair(text, tuple(names), _cells(status, len(names)))


def _towards_ends(claim: Claim, name: str, steps: int = 16) -> list[dict]:
    """Extra points lo + w 2^-k and hi - w 2^-k: a linear grid misses what happens near
    the ends of a wide range (e.g. alpha near 1 on (1, 1000])."""
    iv = claim.domain[name]
    lo, hi, _ = effective_bounds(iv)
    fixed = {n: v.lo for n, v in claim.domain.params if n != name}
    out = []
    for k in range(1, steps + 1):
        for x in (lo + (hi - lo) / 2**k, hi - (hi - lo) / 2**k):
            x = sympy.floor(x) if iv.integer else x
            if iv.contains(x):
                out.append({**fixed, name: x})
    return out


def _point_status(compiled: Compiled, point, prec: int) -> str:
    hyp = W.hypotheses_hold(compiled, point, prec)
    if hyp is False:
        return "vacuous"
    m = W.margin_enclosure(compiled, point, prec)
    if compiled.claim.statement.rel != "==" and holds(m, compiled.strict):
        return "holds"
    return "fails" if hyp is True and m < 0 else "undecided"


def _cells(status, dims: int):
    """The cell around each grid point (edges halfway to its neighbours), for the figure."""
    axes = [sorted({xs[i] for xs, _ in status}) for i in range(dims)]

    def edges(values, v):
        k = values.index(v)
        lo = (values[k - 1] + v) / 2 if k > 0 else v
        hi = (values[k + 1] + v) / 2 if k + 1 < len(values) else v
        return (lo, hi)
    return tuple((tuple(edges(axes[i], xs[i]) for i in range(dims)), s) for xs, s in status)


def _many_parameters(names, leaves) -> str:
    volume = _volume
    total = sum(volume(b) for b, s in leaves if s != "vacuous") or 1.0
    share = {s: sum(volume(b) for b, st in leaves if st == s) / total
             for s in ("holds", "fails")}
    if not share["holds"] and not share["fails"]:
        return f"over ({', '.join(names)}): {NEITHER}"
    return (f"over ({', '.join(names)}): holds (certified) on {_pct(share['holds'])} of the "
            f"box, fails (certified) on {_pct(share['fails'])}")


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
    return _pct(float(sum(b - a + (1 if integer else 0) for a, b in runs) / total))


#: a repair whose boxes were all left undecided (never "0.0% holds, 0.0% fails")
NEITHER = "no region certified either way (the failure is certified at the witness)"


def _pct(share: float) -> str:
    """A share as a percentage that never rounds a non-empty region to 0.0% or a partial
    one to 100.0%: ``none``, ``<0.1%``, ``12.3%``, ``>99.9%``, ``all``."""
    if share <= 0:
        return "none"
    if share >= 1:
        return "all"
    if share < 0.0005:
        return "<0.1%"
    return ">99.9%" if share > 0.9995 else f"{share:.1%}"


def _two_parameters(names, boxes) -> str:
    def area(b):
        (a0, a1), (b0, b1) = b
        return (a1 - a0 if a1 > a0 else 1) * (b1 - b0 if b1 > b0 else 1)
    total = sum(area(b) for b, s in boxes if s != "vacuous") or 1
    share = {s: float(sum(area(b) for b, st in boxes if st == s) / total)
             for s in ("holds", "fails", "undecided")}
    held = [b for b, s in boxes if s == "holds"]
    if not share["holds"] and not share["fails"]:
        return f"over ({names[0]}, {names[1]}): {NEITHER}"
    text = (f"over ({names[0]}, {names[1]}): holds (certified) on {_pct(share['holds'])} of "
            f"the domain, fails (certified) on {_pct(share['fails'])}, undecided "
            f"{_pct(share['undecided'])}")
    if held:
        (a0, a1), (b0, b1) = max(held, key=area)
        text += (f"; largest certified box {names[0]} in [{_fmt(a0)}, {_fmt(a1)}], "
                 f"{names[1]} in [{_fmt(b0)}, {_fmt(b1)}]")
    return text
