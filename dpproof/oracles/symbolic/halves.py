"""One derived form for a closed box whose two ends' facts both matter (issue 13).

``derive_claim`` derives under the assumptions of one end (x = lo + t) or of an open end
(x = (lo + hi t)/(1 + t)); delta in [0, 1] with masses 1 - delta and delta needs both
delta >= 0 and delta <= 1, which no single map of the closed box gives.  'closed-lo' maps
t >= 0 onto [lo, hi), 'closed-hi' onto (lo, hi]; each derivation holds on its image.  With
k closed ranges the two maps leave the mixed corners (delta1 = 0, delta2 = 1) uncovered: every
one of the 2^k choices of [lo, hi) / (lo, hi] per range is derived (k <= ``MAX_CLOSED``).
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import sympy

from ...claims import Domain, Statement
from ...engines.base import EngineTimeout, outer_limit_passed, time_limit
from .pieces import Underivable

#: seconds for each half's derivation (finite masses derive in well under a second; a
#: derivation that fails on other grounds should not cost the claim more)
BUDGET = 1.5
#: closed ranges handled (2^k derivations)
MAX_CLOSED = 3


def closed_halves(statement, domain, derive_side):
    """A closed box [lo, hi] whose two ends' facts both matter (delta in [0, 1]): derived on
    [lo, hi) ('closed-lo') and on (lo, hi] ('closed-hi'); where the two forms, each reduced
    to one fraction (``_deep_cancel``, an identity where the form is defined), are the same
    expression with no pole at any end the domain includes, that form holds on the whole box."""
    parts = halves(domain)
    if not parts:
        return None         # no closed real range: the halves are the maps tried already
    symbols = domain.symbols()
    got = []
    for picks, half in parts:
        try:
            with time_limit(BUDGET):
                side = "closed-lo" if all(picks) else "closed-hi" if not any(picks) else "both"
                one_side = derive_side(statement, domain if side != "both" else half, side)
        except EngineTimeout:
            if outer_limit_passed():
                raise
            return None
        if one_side is None:
            return None
        st, raw = one_side      # in the box's own symbols (a half's may carry more signs)
        own = {s: symbols[n] for n, s in half.symbols().items()} if side == "both" else {}
        got.append((st.xreplace(own) if own else st, raw))
    # the ends the domain includes: a pole at an open end (log(q), q in (0, 1)) is no point
    # of the box
    ends = [(name, e) for name, iv in domain.params
            for e, left_out in ((iv.lo, iv.lo_open), (iv.hi, iv.hi_open))
            if e is not None and not left_out]

    def one(a, b):
        ca, cb = _deep_cancel(a), _deep_cancel(b)
        at = [{s: e for s in ca.free_symbols if s.name == name} for name, e in ends]
        if ca != cb or any(ca.xreplace(e).has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo)
                           for e in at):
            raise Underivable("the two halves' forms differ")
        return ca
    (sa, raw) = got[0]
    raw = {_cancelled(k): v for k, v in raw.items()}   # the calls as the box's parameters
    try:
        for sb, _ in got[1:]:
            hyps = tuple(Statement(one(h.lhs, k.lhs), h.rel, one(h.rhs, k.rhs),
                                   guards=h.guards) for h, k in zip(sa.hypotheses, sb.hypotheses))
            joined = Statement(one(sa.lhs, sb.lhs), sa.rel, one(sa.rhs, sb.rhs), hyps,
                               guards=sa.guards)
        return joined, raw
    except (Underivable, sympy.PolynomialError):
        return None


def halves(domain) -> list[tuple[tuple[bool, ...], Domain]]:
    """(picks, half) for each of the 2^k ways to make every closed real range of ``domain``
    [lo, hi) (pick True) or (lo, hi] (False), k <= ``MAX_CLOSED`` ([] for none or more):
    together the halves cover the box, and the odds map ('both') of each reaches all of it.
    The first makes every range [lo, hi), the last every range (lo, hi]."""
    closed = [name for name, iv in domain.params if not iv.integer and iv.bounded and
              iv.lo < iv.hi and not (iv.lo_open or iv.hi_open)]
    if not closed or len(closed) > MAX_CLOSED:
        return []
    out = []
    for picks in itertools.product((True, False), repeat=len(closed)):
        pick = dict(zip(closed, picks))
        out.append((picks, Domain(tuple(
            (n, replace(iv, hi_open=pick[n], lo_open=not pick[n]) if n in pick else iv)
            for n, iv in domain.params))))
    return out


def _deep_cancel(e):
    """``e`` reduced to one fraction, the arguments of its calls first (exp(2 t/(1 + t)) with
    t = eps/(2 - eps) is exp(eps) on both halves; ``cancel`` alone leaves arguments as they are)."""
    if not isinstance(e, sympy.Expr) or e.is_Atom:
        return e
    return sympy.cancel(e.func(*(_deep_cancel(a) for a in e.args)))


def _cancelled(e):
    """``e`` with every argument of its calls reduced to one fraction (for the evidence)."""
    if isinstance(e, sympy.Function):
        return e.func(*(_cancelled(a) for a in e.args))
    return sympy.cancel(e) if isinstance(e, sympy.Expr) else e
