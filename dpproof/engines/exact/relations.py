"""A relation ``lhs REL rhs`` on a box as margin goals for the tactics (``tactics.Prover``).

The margin rhs - lhs (after orienting the relation to <= or <) is tried first with every open
half-line x in (a, oo), a != 0, written a + x_shift (without it a margin over alpha > 1
carries alpha - 1 of unknown sign, and the end of an open half-line is where such a margin is
tight), then as given, then after a monotone transformation of both sides (exp compared by
exponents, positive sides by logs, nonnegative sides by squares).
"""

from __future__ import annotations

import sympy

from ...domain import Domain, Interval
from .tactics import Prover


def prove_relation(lhs, rel, rhs, domain, symbols) -> list[str] | None:
    """A derivation of ``lhs rel rhs`` on the box, or None (rel one of <=, <, >=, >)."""
    if rel in (">=", ">"):
        lhs, rhs, rel = rhs, lhs, {">=": "<=", ">": "<"}[rel]
    strict = rel == "<"
    shifted = _shifted(domain, symbols)
    if shifted is not None:     # first: an open half-line's end is where a margin is tight
        sdomain, ssymbols, subs, names = shifted
        prover = Prover(sdomain, ssymbols)
        if prover.nonneg((rhs - lhs).xreplace(subs), strict):
            return [f"{', '.join(names)} shifted to its half-line's end",
                    *dict.fromkeys(prover.steps)]     # each step once, in order
    prover = Prover(domain, symbols)
    if prover.nonneg(rhs - lhs, strict):
        return prover.steps
    for name, transform in _monotone(lhs, rhs, prover):
        prover.steps = [name]
        if prover.nonneg(transform, strict):
            return prover.steps
    return None


def _shifted(domain, symbols):
    """The domain with every open half-line x in (a, oo), a != 0, as a + x_shift,
    x_shift in (0, oo): (domain, symbols, substitution, names), or None if there is none."""
    params, ssymbols, subs, names = [], dict(symbols), {}, []
    for name, iv in domain.params:
        if iv.lo is not None and iv.hi is None and iv.lo != 0 and iv.lo_open and \
                not iv.integer and name in symbols:
            t = sympy.Symbol(f"{name}_shift", positive=True)
            subs[symbols[name]] = iv.lo + t
            params.append((f"{name}_shift", Interval(0, None, lo_open=True)))
            ssymbols[f"{name}_shift"] = t
            names.append(name)
        else:
            params.append((name, iv))
    if not subs:
        return None
    return Domain(tuple(params)), ssymbols, subs, names


def _monotone(lhs, rhs, prover):
    """(description, new margin) for monotone transforms valid on the box."""
    if isinstance(lhs, sympy.exp) and isinstance(rhs, sympy.exp):
        yield "exp is increasing: compare the exponents", rhs.args[0] - lhs.args[0]
    if prover.nonneg(lhs, True) and prover.nonneg(rhs, True):
        yield "both sides positive: compare logs", sympy.expand_log(
            sympy.log(rhs), force=False) - sympy.expand_log(sympy.log(lhs), force=False)
    if prover.nonneg(lhs) and prover.nonneg(rhs):
        yield "both sides nonnegative: compare squares", sympy.expand(rhs ** 2 - lhs ** 2)
