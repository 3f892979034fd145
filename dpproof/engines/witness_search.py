"""Candidate witness points in a box: the midpoint, the corner where the margin is smallest
along every certified-monotone side, and a float local minimiser of the margin (L-BFGS-B,
scipy) started at the midpoint.  Candidates are exact rationals inside the box; each is
only a candidate -- ``witness.certify`` decides, in ball arithmetic.
"""

from __future__ import annotations

import math

import sympy

from .balls import boxes as B
from .witness import to_rational


def candidates(names, box, integer, worst, float_margin=None):
    """Yield points (name -> exact rational) to try as witnesses, best guesses first."""
    mid = B.midpoint(box, integer, names)
    yield mid
    if worst is not None and any(w is not None for w in worst):
        yield {n: (mid[n] if w is None else w) for n, w in zip(names, worst)}
    if float_margin is not None:
        point = minimise(float_margin, names, box, integer, mid)
        if point is not None:
            yield point


def minimise(float_margin, names, box, integer, start):
    """A local minimiser of the float margin in the box, as exact rationals (or None).
    scipy.optimize is imported here, on first use (0.75 s that most claims do not need):
    imports are not counted work (``dpproof.work``), and no limit interrupts one -- a time
    limit that fired while scipy.optimize was half imported left pybind11 types registered,
    and every later import failed ("generic_type: type 'ObjSense' is already registered!";
    ``engines.base._raise_timeout`` now defers inside an import)."""
    from scipy.optimize import minimize

    bounds = [(None if lo is None else float(lo), None if hi is None else float(hi))
              for lo, hi in box]

    def f(x):
        v = float_margin(*x)
        return v if math.isfinite(v) else 1e300

    x0 = [float(start[n]) for n in names]
    try:
        res = minimize(f, x0, method="L-BFGS-B", bounds=bounds,
                       options={"maxiter": 60})
    except (ValueError, ArithmeticError):
        return None
    out = {}
    for n, x, (lo, hi), integ in zip(names, res.x, box, integer):
        if not math.isfinite(x):
            return None
        q = sympy.Integer(round(x)) if integ else to_rational(x)
        if lo is not None:
            q = max(q, lo)
        if hi is not None:
            q = min(q, hi)
        out[n] = q
    return out
