"""The keys of the switches of ``engines.exact.patterns``: a switching node's difference of
two arguments rewritten, preserving its sign, so that the same surface written two ways is
one key (the module doc of ``patterns``), and the signs hypotheses give keys."""

from __future__ import annotations

import sympy

from .forms import certified_constants
from ..signs import guarded


def key(g):
    """(k, o) with sign(g) = o * sign(k) wherever the symbols' assumptions hold (the module
    doc); the plain difference when no rewrite applies."""
    if g.is_number:     # a constant switch: arb decides it; grouping by rewrites costs
        return g, 1     # seconds of evalf on the derived constants of an instance
    k, o, expanded = g, 1, False
    # over a common denominator of certified sign: its numerator
    canc = guarded(sympy.cancel, g, seconds=2.0)
    num, den = sympy.fraction(canc if canc is not None else g)
    den_c = certified_constants(den)
    if den_c is not None and (den_c.is_positive or den_c.is_negative):
        g, o = num, (1 if den_c.is_positive else -1)
        k, expanded = g, canc is not None
    terms = sympy.Add.make_args(g)
    signed = [certified_constants(t) for t in terms]
    if len(terms) > 1 and all(c is not None for c in signed):
        plus = [t for t, c in zip(terms, signed) if c.is_positive]
        minus = [t for t, c in zip(terms, signed) if c.is_negative]
        if len(plus) == 1 and len(minus) == 1 and len(terms) == 2:   # two monomials
            A, Bm = sympy.Add(*plus), -sympy.Add(*minus)
            d = guarded(lambda: sympy.expand(sympy.expand_log(sympy.log(A), force=False)
                                             - sympy.expand_log(sympy.log(Bm), force=False)),
                        seconds=2.0)
            if d is not None and not d.has(sympy.zoo, sympy.nan, sympy.oo):
                k, expanded = d, True
    if not expanded and sympy.count_ops(k) < 200:
        k = guarded(sympy.expand, k, seconds=2.0) or k
    c, p = k.as_content_primitive()
    if c.is_Rational and c != 0:
        k, o = p, o * (1 if c > 0 else -1)
    if k.could_extract_minus_sign():
        k, o = -k, -o
    return k, o


def known_signs(hypotheses) -> dict:
    """{key: sign} for the hypotheses ``a <= b`` (``<``, ``>=``, ``>``; sympy relations):
    where one holds, its margin m >= 0, and with ``key(m) = (k, o)``, sign(k) is o or k is 0.
    A switch whose key is k then takes the branch of sign o wherever the hypotheses hold (at
    k = 0 either branch is the node's value): ``eps <= a`` fixes the switch of
    Max(0, e^a - e^eps), whose key is a - eps, and the RR hockey-stick identity under it
    holds by one pattern."""
    out = {}
    for h in hypotheses:
        if isinstance(h, (sympy.LessThan, sympy.StrictLessThan)):
            m = h.rhs - h.lhs
        elif isinstance(h, (sympy.GreaterThan, sympy.StrictGreaterThan)):
            m = h.lhs - h.rhs
        else:
            continue
        k, o = key(m)
        if not k.is_number:
            out.setdefault(k, o)
    return out
