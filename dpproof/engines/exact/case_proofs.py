"""Proofs by cases of a claim's margin or implication (``engines.exact.cases`` on the switches of
the claim), for the symbolic engine; and the Gaussian special functions in sympy's forms.
"""

from __future__ import annotations

import sympy

from ...evidence import Verdict
from ...expr.functions import SpecialFunction
from . import cases
from .forms import simplify_constants


def prepare(expr):
    """Rewrite the Gaussian special functions into sympy's erfc/erfi forms; constant parts
    shortened (``simplify_constants``)."""
    return rewrite_special(simplify_constants(expr))


def rewrite_special(expr):
    """The Gaussian special functions as sympy's erfc / erfi."""
    return expr.replace(lambda e: isinstance(e, SpecialFunction) and not e.opaque,
                        lambda e: e.rewrite(sympy.erfc) if e.func.__name__ != "dawson"
                        else e.rewrite(sympy.erfi))


def implication_by_cases(claim, margin, subs, tried):
    """H => C by cases: in every case C's margin has its sign (C's difference is 0, for an
    identity) or some hypothesis is certainly violated (its margin certainly of the wrong
    sign).  An identity splits at the hypotheses' boundaries first."""
    st = claim.statement
    hyps = [(prepare(h.rhs.xreplace(subs)) - prepare(h.lhs.xreplace(subs))
             if h.rel in ("<=", "<") else prepare(h.lhs.xreplace(subs)) - prepare(
                 h.rhs.xreplace(subs)), h.strict) for h in st.hypotheses if h.rel != "=="]
    if len(hyps) != len(st.hypotheses):
        return None, ""
    identity = st.rel == "=="

    def leaf(exprs):
        conclusion, *hs = exprs.args[len(hyps):] if identity else exprs.args[:-1]
        if cases.is_zero(conclusion) if identity else cases.has_sign(conclusion, st.strict):
            return True
        # a hypothesis "m >= 0" is violated where m < 0 (m <= 0 for a strict one)
        return any(cases.has_sign(-m, not strict) for m, (_, strict) in zip(hs, hyps))
    # |margin| entries (an inequality's conclusion, last; an identity's hypotheses, first)
    # only make the cases split at their roots too; leaf ignores them
    parts = (margin, *(m for m, _ in hyps))
    parts = (*map(sympy.Abs, parts[1:]), *parts) if identity else (*parts, sympy.Abs(margin))
    return by_cases(claim, sympy.Tuple(*parts), leaf, tried, first=True, line_first=True)


def by_cases(claim, expr, leaf, tried, first=False, line_first=False):
    """(PROVED, derivation) if ``leaf`` holds in every case of the switches of ``expr``
    (``engines.exact.cases``), else (None, ""); ``first``: try the whole statement too."""
    if not first and not expr.has(sympy.Max, sympy.Min, sympy.Abs, sympy.Piecewise):
        return None, ""
    tried.append("cases")
    symbols = claim.domain.symbols()
    ends = {symbols[name]: (iv.lo, iv.hi) for name, iv in claim.domain.params}
    lines = cases.prove(expr, leaf, ends, tried=not first, line_first=line_first)
    if lines is None:
        return None, ""
    return Verdict.PROVED, "by cases: " + "; ".join(line.strip() for line in lines)
