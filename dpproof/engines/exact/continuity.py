"""The value of an expression at an end of a parameter's range, where it is the limit from
inside the range: what the monotone and chord tactics (``engines.exact.tactics``) need.

``e.subs(x, end)`` alone is not that limit.  sympy takes 0^0 = 1, so x^(c/(log(3) log(x)))
is 1 at x = 0 while it is exp(c/log 3) at every x > 0; with c = -10^-400 a false strict bound
was PROVED by "0 at the excluded end and rising" (red round 9, a violation of 1e-400 that
no ball search sees).  An elementary expression is continuous at the end when every one of
its sub-expressions is finite and real there and no power has a base 0 with an exponent that
is not positive there; elsewhere the value is refused (None), never guessed.
"""

from __future__ import annotations

import sympy

_INFINITE = (sympy.zoo, sympy.nan, sympy.oo, -sympy.oo)


def value_at_end(e, x, end):
    """e at x = end where e is certainly continuous there (module docstring), else None."""
    for node in sympy.preorder_traversal(e):
        if not isinstance(node, sympy.Expr) or x not in node.free_symbols:
            continue
        v = node.subs(x, end)
        if v.has(*_INFINITE) or v.is_real is not True:
            return None
        if node.is_Pow and node.base.subs(x, end).is_zero is not False and \
                node.exp.subs(x, end).is_positive is not True:
            return None
    return e.subs(x, end)
