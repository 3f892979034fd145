"""mpmath at two precisions on a grid, the box's corners and edges.

The margin is evaluated at each grid point at ``config.numeric_dps[0]`` and ``[1]`` decimal
digits.  Where the two disagree beyond the lower precision's accuracy the point shows
*numerical trouble* (reported, never a refutation).  An apparent violation seen at both
precisions is handed to ``witness.certify``; only a certified one refutes.  So is a point
where one precision only shows a violation (a needle below the lower precision's rounding,
or a discontinuity the lower precision rounds across: a loss mass at eps 1e-37 past its
jump), or where an identity's sides differ beyond the higher precision's rounding but
within the tolerance of an apparent violation: after those, and without making the verdict
weaker when balls do not certify it.
Otherwise the engine reports SUPPORTED on the grid, with any trouble in its detail; when
every point shows trouble (a divergent integral at renyi's alpha = 4/3 of N(0, 4) against
N(0, 1): 895 at 30 digits, 791 at 60), INCONCLUSIVE.

Undefined points (README, edges of the domain): a grid point where mpmath finds the margin
undefined is re-examined in arb; where the claim is certainly undefined, and no violation is
certified where it is defined, the evidence is ERROR naming the point and the term.  When at least half of the grid is undefined, INCONCLUSIVE.
Grid points lie in the domain as written (open ends and non-integers are dropped).
"""

from __future__ import annotations

import itertools

import mpmath
import sympy

from ...claims import Claim
from ...evidence import Evidence, Verdict
from .. import witness as W
from ..base import (Compiled, Config, Deadline, counted, effective_bounds, fails, holds,
                    lowers, wall)

NAME = "numeric"
_MAX_POINTS = 400
#: points violating at one precision only that are certified in balls (each a few balls)
_SUSPECTS = 5


def supports(claim: Claim) -> bool:
    return lowers(claim, "mpmath")


def grid(claim: Claim, per_axis: int) -> list[dict[str, sympy.Rational]]:
    """Exact grid points: ``per_axis`` per parameter (ends included), capped at _MAX_POINTS."""
    axes = []
    for name, iv in claim.domain.params:
        lo, hi, _ = effective_bounds(iv)
        if iv.integer:
            lo, hi = sympy.ceiling(lo), sympy.floor(hi)
            n = min(per_axis, int(hi - lo) + 1)
            values = sorted({lo + sympy.floor((hi - lo) * i / max(n - 1, 1)) for i in range(n)})
            values = [v for v in values if iv.contains(v)] or [
                v for v in (lo + 1, hi - 1) if iv.contains(v)][:1] or values
        elif iv.is_point:       # one value, not per_axis copies of it
            values = [lo]
        else:
            values = [lo + (hi - lo) * sympy.Rational(i, per_axis - 1) for i in range(per_axis)]
            values = [v for v in values if iv.contains(v)] or [(lo + hi) / 2]
        axes.append(values)
    points = itertools.islice(itertools.product(*axes), _MAX_POINTS)
    return [dict(zip(claim.domain.names, p)) for p in points]


@counted
def check(claim: Claim, config: Config) -> Evidence:
    t0 = wall()
    deadline = Deadline(config.engine_timeout)
    compiled = Compiled(claim, "mpmath")
    arb_compiled = Compiled(claim, "arb")
    low, high = config.numeric_dps
    trouble, apparent, suspects, checked, undefined = [], [], [], 0, []
    worst = None
    for point in grid(claim, config.grid):
        if deadline.passed:
            break
        values = [_margin(compiled, point, dps) for dps in (low, high)]
        if values[0] is None or values[1] is None:
            continue  # outside the hypotheses
        m_low, m_high = values
        if mpmath.isnan(m_low) or mpmath.isnan(m_high):
            undefined.append(point)
            continue
        checked += 1
        if not _agree(m_low, m_high, low):
            trouble.append((point, m_low, m_high))
        seen = (_violates(m_low, claim, low), _violates(m_high, claim, high))
        if all(seen):
            apparent.append(point)
        elif any(seen) or _suspect(m_high, claim, high):
            suspects.append(point)
        worst = m_high if worst is None or m_high < worst else worst
    for point in apparent[:5] + suspects[:_SUSPECTS]:
        found = W.certify(arb_compiled, point, config.witness_precs)
        if found is not None:
            seen = (f"violates at {low} and {high} digits" if point in apparent else
                    "violates at one precision, or its sides differ beyond the rounding of "
                    f"{high} digits")
            return Evidence(NAME, Verdict.REFUTED, f"grid point {seen}; "
                            f"certified at {found.prec} bits", wall() - t0,
                            scope=f"witness {found.point}", witness=found.point,
                            violation=found.violation, data=_data(config, checked, trouble))
    for point in undefined[:5]:  # no certified violation where defined: undefined verdict
        check = W.examine(arb_compiled, point, config.witness_precs[:1])
        if check.status == "undefined":
            data = dict(_data(config, checked, trouble), undefined_points=len(undefined))
            return W.undefined_evidence(NAME, point, check.undefined,
                                        wall() - t0, data)
    seconds = wall() - t0
    data = _data(config, checked, trouble)
    data["worst_margin"] = None if worst is None else mpmath.nstr(worst, 8)
    data["undefined_points"] = len(undefined)
    scope = f"{_points_text(claim, checked)} at {low} and {high} digits"
    if undefined:
        scope += f" ({len(undefined)} more where the margin is undefined)"
    if len(undefined) >= max(checked, 1):
        return Evidence(NAME, Verdict.INCONCLUSIVE, f"the margin is undefined or not evaluable "
                        f"at {len(undefined)} of {len(undefined) + checked} grid points",
                        seconds, scope=scope, data=data)
    if apparent:
        return Evidence(NAME, Verdict.INCONCLUSIVE, f"{len(apparent)} apparent violation(s), "
                        f"none certified in ball arithmetic (e.g. at {_fmt(apparent[0])})",
                        seconds, scope=scope, data=data)
    if checked == 0:
        return Evidence(NAME, Verdict.INCONCLUSIVE, "no grid point satisfies the hypotheses",
                        seconds, scope=scope, data=data)
    if len(trouble) == checked:     # no point where the two precisions agree: no support
        p, a, b = trouble[0]
        return Evidence(NAME, Verdict.INCONCLUSIVE, "the two precisions disagree at every "
                        f"grid point, e.g. {_fmt(p)}: {mpmath.nstr(a, 5)} at {low} digits vs "
                        f"{mpmath.nstr(b, 5)} at {high}", seconds, scope=scope, data=data)
    detail = "no violation on the grid"
    if trouble:
        p, a, b = trouble[0]
        detail += (f"; numerical trouble at {len(trouble)} point(s), e.g. {_fmt(p)}: "
                   f"{mpmath.nstr(a, 5)} at {low} digits vs {mpmath.nstr(b, 5)} at {high}")
    return Evidence(NAME, Verdict.SUPPORTED, detail, seconds, scope=scope, data=data)


def _points_text(claim: Claim, checked: int) -> str:
    """'1 point' or 'all 4 points' when the grid is the whole finite domain, else 'N grid
    points'."""
    count = claim.domain.instance_count
    if count is not None and checked == count:
        return "1 point" if count == 1 else f"all {count} points"
    return f"{checked} grid point{'' if checked == 1 else 's'}"


def _data(config, checked, trouble):
    return {"dps": list(config.numeric_dps), "points": checked, "trouble_points": len(trouble)}


def _margin(compiled: Compiled, point, dps):
    """The margin at ``dps`` digits; None outside the hypotheses, nan where undefined."""
    with mpmath.workdps(dps):
        args = [mpmath.mpf(point[n].p) / point[n].q for n in compiled.names]
        try:
            for h, strict in compiled.hypotheses:
                v = _real(h(*args))
                if not holds(v, strict):
                    return None
            return _real(compiled.margin(*args))
        except (ValueError, ZeroDivisionError, OverflowError):
            return mpmath.nan


def _real(v):
    return mpmath.nan if isinstance(v, mpmath.mpc) else mpmath.mpf(v)


def _agree(a, b, dps) -> bool:
    if not (mpmath.isfinite(a) and mpmath.isfinite(b)):
        return a == b
    return abs(a - b) <= mpmath.mpf(10) ** (-(dps - 5)) * (1 + abs(b))


def _violates(m, claim: Claim, dps) -> bool:
    """An apparent violation at ``dps`` digits (identities: beyond rounding of the terms)."""
    if mpmath.isinf(m):
        return m < 0
    if claim.statement.rel == "==":
        return m < -mpmath.mpf(10) ** (-(dps // 2))
    return fails(m, claim.statement.strict)


def _suspect(m, claim: Claim, dps) -> bool:
    """An identity whose sides differ beyond the rounding of ``dps`` digits, if not beyond
    ``_violates``' tolerance (1.7e-34 at a corner: worth certifying, too small to call)."""
    return claim.statement.rel == "==" and mpmath.isfinite(m) and \
        m < -mpmath.mpf(10) ** (-(dps - 10))


def _fmt(point) -> str:
    return ", ".join(f"{k}={W.decimal_str(v)}" for k, v in point.items())
