"""One derived form for a closed box whose two ends' facts both matter (issue 13).

``derive_claim`` derives under the assumptions of one end (x = lo + t) or of an open end
(x = (lo + hi t)/(1 + t)); delta in [0, 1] with masses 1 - delta and delta needs both
delta >= 0 and delta <= 1, which no single map of the closed box gives.  'closed-lo' maps
t >= 0 onto [lo, hi), 'closed-hi' onto (lo, hi]; each derivation holds on its image.
"""

from __future__ import annotations

import sympy

from ...claims import Statement
from ...engines.base import EngineTimeout, outer_limit_passed, time_limit
from .pieces import Underivable

#: seconds for each half's derivation (finite masses derive in well under a second; a
#: derivation that fails on other grounds should not cost the claim more)
SECONDS = 1.5


def closed_halves(statement, domain, derive_side):
    """A closed box [lo, hi] whose two ends' facts both matter (delta in [0, 1]): derived on
    [lo, hi) ('closed-lo') and on (lo, hi] ('closed-hi'); where the two forms, each reduced
    to one fraction (``sympy.cancel``, an identity where the form is defined), are the same
    expression with no pole at any end of the domain, that form holds on the whole box."""
    if not any(not iv.integer and iv.bounded and iv.lo < iv.hi and not (iv.lo_open or
                                                                       iv.hi_open)
               for _, iv in domain.params):
        return None         # no closed real range: the halves are the maps tried already
    got = []
    for side in ("closed-lo", "closed-hi"):
        try:
            with time_limit(SECONDS):
                got.append(derive_side(statement, domain, side))
        except EngineTimeout:
            if outer_limit_passed():
                raise
            return None
        if got[-1] is None:
            return None
    ends = [(name, e) for name, iv in domain.params for e in (iv.lo, iv.hi) if e is not None]

    def one(a, b):
        ca, cb = sympy.cancel(a), sympy.cancel(b)
        at = [{s: e for s in ca.free_symbols if s.name == name} for name, e in ends]
        if ca != cb or any(ca.xreplace(e).has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo)
                           for e in at):
            raise Underivable("the two halves' forms differ")
        return ca
    (sa, raw), (sb, _) = got
    raw = {_cancelled(k): v for k, v in raw.items()}   # the calls as the box's parameters
    try:
        hyps = tuple(Statement(one(h.lhs, k.lhs), h.rel, one(h.rhs, k.rhs), guards=h.guards)
                     for h, k in zip(sa.hypotheses, sb.hypotheses))
        return Statement(one(sa.lhs, sb.lhs), sa.rel, one(sa.rhs, sb.rhs), hyps,
                         guards=sa.guards), raw
    except (Underivable, sympy.PolynomialError):
        return None


def _cancelled(e):
    """``e`` with every argument of its calls reduced to one fraction (for the evidence)."""
    if isinstance(e, sympy.Function):
        return e.func(*(_cancelled(a) for a in e.args))
    return sympy.cancel(e) if isinstance(e, sympy.Expr) else e
