"""Substitution that leaves switches unevaluated.

sympy's ``Max`` / ``Min`` compare every pair of their arguments at construction (by evalf for
constants: seconds to minutes over sums of exponentials, or "not comparable" for numeric
oracle calls), ``Abs`` signs its argument, and a ``Piecewise`` condition between two equal
constants can send ``Piecewise.eval`` into endless recursion.  ``replace_unevaluated`` is
``expr.xreplace(mapping)`` with the nodes of chosen kinds above a replaced node rebuilt with
``evaluate=False``; the value is the same.
"""

from __future__ import annotations

import sympy

#: the switches: the nodes whose branch depends on a sign
SWITCHES = (sympy.Max, sympy.Min, sympy.Abs, sympy.Piecewise)


def replace_unevaluated(expr, mapping: dict, kinds: tuple):
    """``expr.xreplace(mapping)``, each node of a class in ``kinds`` rebuilt unevaluated
    (subtrees holding no key of ``mapping`` are kept as they are)."""
    if expr in mapping:
        return mapping[expr]
    if not expr.args or not any(n in mapping for n in sympy.preorder_traversal(expr)):
        return expr
    args = [replace_unevaluated(a, mapping, kinds) for a in expr.args]
    if isinstance(expr, kinds):
        return expr.func(*args, evaluate=False)
    return expr.func(*args)
