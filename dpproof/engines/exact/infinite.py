"""A margin that is exactly +inf or -inf once its oracles are derived from the densities.

A divergence is +inf where its defining integral diverges or Q vanishes where P has mass
(docs/claims-language.md): ``renyi(N(0, 2), N(0, 1), 4/3)``, whose integrand
p^alpha q^(1 - alpha) is constant in x there.  Balls cannot see it (4/3 is not a ball's end,
and the quadrature of a divergent integral is no enclosure), and floats or mpmath at a
nearby alpha give finite values that grow with the precision.  The derivation decides it
exactly (``oracles.symbolic.divergences``: the quadratic coefficient is exactly 0), so the
margin is a sympy infinity: +inf holds, -inf fails at every point of the domain.
"""

from __future__ import annotations

import sympy

from ...evidence import Verdict
from ..base import effective_bounds
from ..decimals import decimal_str
from ..witness import Witness
from ..witness_search import simplest_in


def decide(claim, margin: sympy.Expr):
    """(verdict, detail, tried, witness) for a margin that is +oo or -oo, else None; a
    claim with hypotheses is not refuted here (they must hold at the witness)."""
    tried = ["exactly infinite margin"]
    if margin is sympy.S.Infinity:
        return Verdict.PROVED, "the margin is +inf exactly (derived from the densities)", \
            tried, None
    if margin is not sympy.S.NegativeInfinity or claim.statement.hypotheses:
        return None
    point = {}
    for name, iv in claim.domain.params:
        lo, hi, _ = effective_bounds(iv)
        value = simplest_in(lo, hi)
        value = sympy.ceiling(value) if iv.integer else value
        if not iv.contains(value):      # the simplest is an end left out: the midpoint
            value = sympy.floor((lo + hi) / 2) if iv.integer else (lo + hi) / 2
        if not iv.contains(value):
            return None
        point[name] = decimal_str(value)
    return Verdict.REFUTED, "the margin is -inf exactly (derived from the densities)", \
        tried, Witness(point, "-inf (exactly)", 0)
