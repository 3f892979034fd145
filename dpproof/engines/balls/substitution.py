"""The substitution x = u^2 for the interval engine (issue 12: margins tight on a curve).

A margin with square roots of non-negative parameters, such as AM-GM
``(a + b)/2 - sqrt(a*b)`` (0 on the whole diagonal), has no enclosure that certifies the
boxes the curve crosses.  With a = u^2, b = v^2 (u, v >= 0) sympy's exact simplification
gives ``(u^2 + v^2)/2 - u*v``, which factors to ``(u - v)^2/2``: certified on every box.

The map u -> u^2 is a bijection from [sqrt(lo), sqrt(hi)] onto [lo, hi], so the claim in u
over that box says exactly what the claim in x says over its domain: CERTIFIED transfers
as it is, and a witness u maps to the exact witness x = u^2 (re-certified by the caller).
Only parameters whose ends are squares of rationals are substituted (no superset, no
rounding), and only in claims without parser guards.
"""

from __future__ import annotations

import dataclasses

import sympy

from ...claims import Claim, Domain, Interval, Statement, symbol_for
from ...evidence import Verdict
from .. import witness as W
from ..base import Compiled


def substituted(claim: Claim) -> tuple[Claim, tuple[str, ...]] | None:
    """(the claim in u with x = u^2 for each eligible parameter, their names), or None."""
    st = claim.statement
    if st is None or st.guards or any(h.guards for h in st.hypotheses):
        return None
    exprs = [st.lhs, st.rhs] + [e for h in st.hypotheses for e in (h.lhs, h.rhs)]
    rooted = {s for e in exprs for p in sympy.preorder_traversal(e)
              if p.is_Pow and p.exp.is_Rational and p.exp.q % 2 == 0
              for s in p.base.free_symbols}
    params, sub, names = [], {}, []
    old = claim.domain.symbols()
    for name, iv in claim.domain.params:
        ends = [_root(iv.lo), _root(iv.hi)] if old[name] in rooted and not iv.integer else []
        if ends and None not in ends:
            new = Interval(ends[0], ends[1], iv.lo_open, iv.hi_open)
            sub[old[name]] = symbol_for(name, new) ** 2
            params.append((name, new))
            names.append(name)
        else:
            params.append((name, iv))
    if not names:
        return None

    def move(s: Statement) -> Statement:
        return Statement(s.lhs.subs(sub, simultaneous=True), s.rel,
                         s.rhs.subs(sub, simultaneous=True),
                         tuple(move(h) for h in s.hypotheses))

    return dataclasses.replace(claim, statement=move(st), domain=Domain(tuple(params)),
                               steps=()), tuple(names)


def _root(q):
    """The rational square root of a non-negative rational, or None."""
    if q is None or q < 0:
        return None
    r = sympy.sqrt(sympy.Rational(q))
    return r if r.is_Rational else None


def transfer(claim, ev, ev2, names, config, how=None, fill=None):
    """The verdict on the substituted (or divided) claim, said about the claim (x = u^2 is
    a bijection of the boxes; a witness is mapped back and re-certified), or None."""
    how = how or "the substitution x = u^2 for " + ", ".join(names)
    if ev2.verdict is Verdict.CERTIFIED:
        return dataclasses.replace(ev2, detail=f"{ev2.detail}, after {how}",
                                   scope=f"whole domain: {claim.domain} (via {how})")
    if ev2.verdict is Verdict.REFUTED:
        point = {n: sympy.Rational(v) ** (2 if n in names else 1)
                 for n, v in ev2.witness.items()} | dict(fill or {})
        found = W.certify(Compiled(claim, "arb"), point, config.witness_precs + (2048,))
        if found is not None:
            return dataclasses.replace(ev2, witness=found.point, violation=found.violation,
                                       scope=f"witness at {found.point}")
    return None
