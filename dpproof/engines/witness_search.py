"""Candidate witness points in a box: the midpoint, the corner where the margin is smallest
along every certified-monotone side, and a float local minimiser of the margin (L-BFGS-B,
scipy) started at the midpoint; for a box left undecided, its simplest rational point and its
corners (``simple_points``).  Candidates are exact rationals inside the box; each is only a
candidate -- ``witness.certify`` decides, in ball arithmetic, or ``witness.exact_violation``.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

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


#: corners tried per undecided box: all of them up to 3 parameters, else the two extreme ones
_ALL_CORNERS = 3


def simple_points(names, box, integer):
    """Points of a box that a bisection never lands on exactly and where bounds are often
    tight: the point whose coordinates are the rationals of least denominator in their sides
    (x = 1/3 in [0.3333333333333332, 0.3333333333333335]), then the box's finite corners
    (a domain's end, x = 1/10).  Infinite sides take the midpoint's value."""
    mid = B.midpoint(box, integer, names)
    yield {n: (mid[n] if lo is None or hi is None or integ else simplest_in(lo, hi))
           for n, (lo, hi), integ in zip(names, box, integer)}
    ends = [[v for v in dict.fromkeys((lo, hi)) if v is not None] or [mid[n]]
            for n, (lo, hi) in zip(names, box)]
    if len(names) <= _ALL_CORNERS:
        corners = itertools.product(*ends)
    else:
        corners = (tuple(e[0] for e in ends), tuple(e[-1] for e in ends))
    for corner in corners:
        yield {n: (sympy.ceiling(v) if integ else v)
               for n, v, integ in zip(names, corner, integer)}


def simplest_in(lo, hi) -> sympy.Rational:
    """The rational of least denominator in [lo, hi] (lo <= hi, exact rationals): the
    continued-fraction walk of the Stern-Brocot tree; 0 when the side holds 0."""
    a, b = (Fraction(int(r.p), int(r.q)) for r in (sympy.Rational(lo), sympy.Rational(hi)))
    sign = 1
    if a <= 0 <= b:
        return sympy.Integer(0)
    if b < 0:
        a, b, sign = -b, -a, -1
    terms = []     # x = t0 + 1/(t1 + 1/(...)) for the simplest x in [a, b]
    while True:
        t = math.floor(a)
        if t == a or t + 1 <= b:
            terms.append(t if t == a else t + 1)
            break
        terms.append(t)
        a, b = 1 / (b - t), 1 / (a - t)
    x = Fraction(terms[-1])
    for t in reversed(terms[:-1]):
        x = t + 1 / x
    return sign * sympy.Rational(x.numerator, x.denominator)
