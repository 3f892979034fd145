"""A positive factor of the margin divided out, for the interval engine.

``sqrt((x1 - y1)^2 + (x2 - y2)^2)/n <= sqrt(2)/n`` has the margin
``(sqrt(2) - sqrt(...))/n``: tight at the corners of the x, y box, and over a box wide in n
the balls of the two terms, each divided by n, never certify the corner boxes.  Where the
margin factors (``sympy.factor_terms``, an exact rewrite) as f * g with f certified > 0 by
ball arithmetic on the whole (finite) range of its parameters, the claim holds exactly where
``g >= 0`` (``> 0`` if strict) does: the reduced claim is decided instead, over the same
domain.  CERTIFIED transfers as it is; a witness of the reduced claim is re-certified on the
claim as written by the caller.  Only claims without hypotheses or parser guards, whose
factor lowers to balls without an undefined term on the box.
"""

from __future__ import annotations

import dataclasses

import sympy

from ...claims import Claim, Domain, Statement
from ...definedness import MaybeUndefined, Undefined
from ...lowering import LoweringError, arb_box, at_precision, lower


#: share of the interval engine's time and boxes given to the reduced claim (tried first)
SHARE = 4


def decide(claim: Claim, config, check, transfer):
    """The decisive verdict of the claim with its margin's positive factors divided out,
    said about the claim (``transfer`` re-certifies a witness on the claim as written), or
    None.  ``check(claim, config)`` is the interval engine's branch and bound."""
    divided = reduced(claim)
    if divided is None:
        return None
    small = dataclasses.replace(config, engine_timeout=config.engine_timeout / SHARE,
                                max_boxes=max(config.max_boxes // SHARE, 1))
    ev = check(divided[0], small)
    if ev.verdict.name not in ("CERTIFIED", "REFUTED"):
        return None
    return transfer(claim, None, ev, (), config, fill=divided[2],
                    how=f"the positive factor {divided[1]} divided out")


def reduced(claim: Claim) -> tuple[Claim, str, dict] | None:
    """(the claim with the margin's certified-positive factors divided out, over the
    parameters it still has; the factors as text; a point of each parameter dropped, to
    complete a witness), or None."""
    st = claim.statement
    if st is None or st.rel == "==" or st.hypotheses or st.guards:
        return None
    margin = sympy.factor_terms(st.margin())
    if not margin.is_Mul:
        return None
    drop = [f for f in margin.args if f.free_symbols and _positive(f, claim)]
    if not drop:
        return None
    keep = sympy.Mul(*(f for f in margin.args if f not in drop))
    pure = Statement(keep, ">" if st.strict else ">=", sympy.S.Zero)
    used = {s.name for s in keep.free_symbols}
    fill = {}
    for name, iv in claim.domain.params:     # parameters only the factor had
        if name not in used:
            point = _a_point(iv)
            if point is None:
                return None
            fill[name] = point
    domain = Domain(tuple((n, iv) for n, iv in claim.domain.params if n in used))
    if not domain.params:
        return None
    return (dataclasses.replace(claim, statement=pure, domain=domain, steps=(), derived=()),
            ", ".join(str(f) for f in drop), fill)


def _a_point(iv):
    """A point of a finite range (None if it may be empty)."""
    lo, hi = sympy.Rational(iv.lo), sympy.Rational(iv.hi)
    if iv.integer:
        k = sympy.ceiling(lo) + (1 if iv.lo_open and sympy.ceiling(lo) == lo else 0)
        return k if k < hi or (k == hi and not iv.hi_open) else None
    return (lo + hi) / 2 if lo < hi else (lo if not (iv.lo_open or iv.hi_open) else None)


def _positive(f: sympy.Expr, claim: Claim) -> bool:
    """Whether f is certified > 0 by balls over the closure of its parameters' ranges."""
    names = sorted(s.name for s in f.free_symbols)
    balls = []
    for name in names:
        if name not in claim.domain.names:
            return False
        iv = claim.domain[name]
        if iv.lo is None or iv.hi is None:
            return False
        balls.append((sympy.Rational(iv.lo), sympy.Rational(iv.hi)))
    try:
        with at_precision(128):
            v = lower(f, names, "arb")(*(arb_box(lo, hi) for lo, hi in balls))
    except (LoweringError, Undefined, MaybeUndefined, TypeError, ValueError,
            ZeroDivisionError, NotImplementedError):
        return False
    return bool(v.is_finite() and v > 0)
