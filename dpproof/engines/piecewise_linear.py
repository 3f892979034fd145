"""Piecewise-linear relations decided exactly (issue 13: a sensitivity reduced to the reverse
triangle inequality ``||a| - |b|| <= |a - b|`` is tight on whole faces, where no ball ever
certifies it).

A side built from affine forms with rational coefficients in the box's parameters by sums,
rational multiples, ``Abs``, ``Max`` and ``Min`` is piecewise linear.  ``pieces`` resolves every
switch into its branches: a piece is an affine form and the linear inequalities ``g >= 0``
under which the expression equals it (``Abs(a)`` is ``a`` where ``a >= 0`` and ``-a`` where
``-a >= 0``; ``Max`` is its i-th argument where that argument is >= every other; ``Min``
alike).  Ties belong to every branch that meets them, so the pieces' polyhedra cover R^n, and
with the box's ends added (integer parameters relaxed to their real hull, open ends closed)
they cover the box: a superset.  An exact rational simplex (``sympy.solvers.simplex``) then
bounds the affine form on each polyhedron: the margin ``>= 0`` (``> 0``) holds on the box when
its minimum on every non-empty piece is ``>= 0`` (``> 0``), an identity when the difference's
minimum and maximum are 0 on every piece.  Never refutes: a piece's extreme point may lie on
an open end, off the integers, or outside the pattern's own region (a tie).
"""

from __future__ import annotations

import itertools

import sympy
from sympy.solvers.simplex import InfeasibleLPError, UnboundedLPError, lpmax, lpmin

MAX_PIECES = 512        # pieces of one side (each costs one or two exact LPs)
_NODES = (sympy.Add, sympy.Mul, sympy.Pow, sympy.Abs, sympy.Max, sympy.Min, sympy.Symbol,
          sympy.Rational)


class NotPiecewiseLinear(Exception):
    """The expression has a part that is not an affine form with rational coefficients."""


def _affine(e, syms):
    """e itself when it is a polynomial of degree <= 1 with rational coefficients."""
    if e.has(sympy.Abs, sympy.Max, sympy.Min):
        return None
    try:
        poly = sympy.Poly(sympy.expand(e), *syms)
    except sympy.PolynomialError:
        return None
    if poly.total_degree() > 1 or not all(c.is_Rational for c in poly.coeffs()):
        return None
    return poly.as_expr()


def pieces(e, syms):
    """[(affine form, (g, ...))]: e equals the form where every g >= 0; the regions cover
    every real point.  Raises NotPiecewiseLinear."""
    e = sympy.sympify(e)
    flat = _affine(e, syms)
    if flat is not None:
        return [(flat, ())]
    if isinstance(e, sympy.Add):
        return _combine([pieces(a, syms) for a in e.args], lambda forms: sympy.Add(*forms))
    if isinstance(e, sympy.Mul):
        coeff, rest = e.as_coeff_Mul()
        if coeff.is_Rational and coeff != 1:
            return [(coeff * f, g) for f, g in pieces(rest, syms)]
        raise NotPiecewiseLinear(f"product {sympy.sstr(e)[:60]}")
    if isinstance(e, sympy.Abs):
        return _cap([(s * f, g + (s * f,)) for f, g in pieces(e.args[0], syms) for s in (1, -1)])
    if isinstance(e, (sympy.Max, sympy.Min)):
        sign = 1 if isinstance(e, sympy.Max) else -1
        out = []
        for combo in itertools.product(*(pieces(a, syms) for a in e.args)):
            forms = [f for f, _ in combo]
            conds = tuple(g for _, gs in combo for g in gs)
            for i, f in enumerate(forms):
                wins = tuple(sympy.expand(sign * (f - h)) for j, h in enumerate(forms) if j != i)
                out.append((f, conds + wins))
            _cap(out)
        return out
    raise NotPiecewiseLinear(f"{type(e).__name__} {sympy.sstr(e)[:60]}")


def _combine(parts, join):
    out = [(join([f for f, _ in combo]), tuple(g for _, gs in combo for g in gs))
           for combo in itertools.product(*parts)]
    return _cap(out)


def _cap(out):
    if len(out) > MAX_PIECES:
        raise NotPiecewiseLinear(f"more than {MAX_PIECES} pieces")
    return out


def _box(domain, symbols):
    """The box's ends as linear constraints (closed; integers relaxed to their hull)."""
    out = []
    for name, iv in domain.params:
        x = symbols[name]
        if iv.lo is not None:
            out.append(x - iv.lo)
        if iv.hi is not None:
            out.append(iv.hi - x)
    return out


def _constraints(gs, plain):
    """Ge relations for the LP in plain real symbols (so that no relation is decided -- and
    dropped -- by the parameters' sign assumptions); None when one is false outright."""
    out = []
    for g in gs:
        rel = sympy.Ge(sympy.expand(g).xreplace(plain), 0)
        if rel is sympy.false:
            return None
        if rel is not sympy.true:
            out.append(rel)
    return out


def _bound(extreme, f, cons):
    """The LP's optimum, or None for an empty piece; raises UnboundedLPError."""
    if not f.free_symbols:
        try:        # the piece may still be empty
            lpmin(sympy.S.Zero, cons) if cons else None
        except InfeasibleLPError:
            return None
        return f
    try:
        return extreme(f, cons)[0]
    except InfeasibleLPError:
        return None


def decide(expr, kind, domain, symbols):
    """A one-line derivation when ``expr >= 0`` (kind ``">="``), ``expr > 0`` (``">"``) or
    ``expr == 0`` (``"=="``) holds on the whole box, else None."""
    syms = [symbols[name] for name, _ in domain.params]
    if not expr.free_symbols <= set(syms) or not all(
            isinstance(node, _NODES) for node in sympy.preorder_traversal(expr)):
        return None     # a quick look: no other function, no irrational constant
    try:
        parts = pieces(expr, syms)
    except (NotPiecewiseLinear, sympy.PolynomialError):
        return None
    box, empty = _box(domain, symbols), 0
    plain = {x: sympy.Symbol(f"pl_{x.name}", real=True) for x in syms}
    for f, gs in parts:
        f, cons = f.xreplace(plain), _constraints(gs + tuple(box), plain)
        if cons is None:
            empty += 1
            continue
        try:
            lo = _bound(lpmin, f, cons)
            if lo is None:
                empty += 1
                continue
            if not (lo > 0 if kind == ">" else lo >= 0):
                return None
            if kind == "==" and (lo != 0 or _bound(lpmax, f, cons) != 0):
                return None
        except UnboundedLPError:
            return None
    what = {">=": "its minimum is >= 0", ">": "its minimum is > 0",
            "==": "the difference's minimum and maximum are 0"}[kind]
    return (f"piecewise linear: {len(parts)} pieces ({empty} empty on the box), on each "
            f"{what} (exact rational simplex)")
