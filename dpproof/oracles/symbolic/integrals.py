"""Definite integrals in one variable of exp-polynomial pieces with linear kinks, by the
Gaussian integrals of ``pieces``: the only integrals the symbolic oracles evaluate."""

from __future__ import annotations

import sympy

from .pieces import Piece, Underivable, X, certainly, integrate_terms, merge


def integrate_exp_poly(integral: sympy.Integral) -> sympy.Expr:
    """A one-variable definite integral of sum_k c_k y^k exp(g(y)), g a polynomial of degree
    <= 2 in y and |linear in y| terms (kinks), by the Gaussian integrals of ``pieces``;
    raises Underivable otherwise (the only integrals the symbolic engine evaluates)."""
    if len(integral.limits) != 1 or len(integral.limits[0]) != 3:
        raise Underivable("only definite integrals in one variable")
    y, lo, hi = integral.limits[0]
    f = integral.function
    kinks, signs = [], {}
    for a in f.atoms(sympy.Abs):
        u = sympy.Poly(a.args[0], y) if a.args[0].has(y) else None
        if u is None:
            continue
        if u.degree() != 1:
            raise Underivable(f"a kink of {a} that is not linear in {y}")
        slope, root = u.coeff_monomial(y), -u.coeff_monomial(1) / u.coeff_monomial(y)
        if not (certainly(slope > 0) or certainly(slope < 0)):
            raise Underivable(f"the sign of the slope of {a}")
        kinks.append(root)
        signs[a] = (root, 1 if certainly(slope > 0) else -1)
    cuts = [c for c in merge([Piece(-oo_, k, None) for k in kinks] + [Piece(-oo_, oo_, None)],
                             [Piece(-oo_, oo_, None)])]
    total = sympy.S.Zero
    for a_, b_, _, _ in cuts:
        a_, b_ = _clip(a_, lo, hi, "lo"), _clip(b_, lo, hi, "hi")
        if a_ is None or b_ is None:
            continue
        piece_f = f.xreplace({a: s * (a.args[0]) if certainly(a_ >= root) else -s * a.args[0]
                              for a, (root, s) in signs.items()})
        total += integrate_terms(piece_f.xreplace({y: X}), a_, b_)
    return total


oo_ = sympy.oo


def _clip(t, lo, hi, which):
    """The end t of a piece inside [lo, hi] (None if the piece lies outside)."""
    if t in (oo_, -oo_):
        return lo if t == -oo_ else hi
    if certainly(t <= lo):
        return lo if which == "lo" else None
    if certainly(t >= hi):
        return None if which == "lo" else hi
    if certainly(t >= lo) and certainly(t <= hi):
        return t
    raise Underivable(f"the order of {t} and the limits [{lo}, {hi}]")
