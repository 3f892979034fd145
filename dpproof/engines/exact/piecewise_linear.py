"""Piecewise-linear relations decided exactly (issue 13: a sensitivity reduced to the reverse
triangle inequality ``||a| - |b|| <= |a - b|`` is tight on whole faces, where no ball ever
certifies it).

``pieces`` resolves every switch (``Abs``, ``Max``, ``Min``, ``Piecewise``) of a side into its
branches: a piece is a switch-free form and the inequalities ``g >= 0`` under which the
expression equals it (``Abs(a)`` is ``a`` where ``a >= 0`` and ``-a`` where ``-a >= 0``;
``Max`` is its i-th argument where that argument is >= every other; ``Min`` alike; a
``Piecewise`` branch where its condition holds and the earlier ones fail, relations taken
closed).  Every point's own branch is among the pieces whose constraints it meets, so the
regions cover R^n, and with the box's ends added (integer parameters relaxed to their real
hull, open ends closed) they cover the box: a superset.  Each form and constraint is then
brought to an affine form with rational coefficients *of the same sign* (``linear``: expanded,
positive factors dropped -- ``eps (u - w)/n`` is ``u - w`` where eps, n > 0 by the symbols'
assumptions); a constraint with no such form is dropped (a larger region), a form with none
ends the attempt.  Each affine form is bounded on its polyhedron by a certificate (a dual
point, or a Farkas ray for an empty piece; guessed by HiGHS in floats, checked exactly):
the margin ``>= 0`` (``> 0``) holds on the box when its lower bound on every non-empty piece
is ``>= 0`` (``> 0``), an identity when the difference's and its negative's are >= 0 on every
piece.

Refuting: where a piece's certified bound fails, the LP's minimising vertex (HiGHS's primal
vertex, its active constraints solved exactly) is only a *candidate*: it may lie on an open
end, off the integers, outside the piece's true region (a dropped constraint, atoms relaxed
to free variables) -- ``refute_margin`` re-certifies the claim as written there (and at the
nearest integers, for integer parameters) and refutes only with a certified witness.
"""

from __future__ import annotations

import itertools
import math

import sympy
from .lp_certificates import Uncertified, lower_bound, minimiser
from ..base import now

MAX_PIECES = 512        # pieces of one side (each costs one or two exact LPs)
MAX_OPS = 1500          # a larger expression is not tried (expansion would dominate)
QUICK_BUDGET = 1.0       # a quick attempt: the symbolic engine's other routes come after it


class NotPiecewiseLinear(Exception):
    """A switch the decomposition does not resolve (inside another function, an Or)."""


SWITCHES = (sympy.Abs, sympy.Max, sympy.Min, sympy.Piecewise)


def linear(e, syms, atoms=None):
    """An affine form with rational coefficients that has the sign of ``e`` everywhere on the
    box, else None: ``e`` expanded (equal terms cancel: a common log), positive factors
    dropped (``eps (u - w)/n`` -> ``u - w`` where the symbols' assumptions say eps, n > 0).
    With ``atoms`` (a dict, filled here), every term that is not a rational multiple of a
    parameter becomes a fresh unconstrained variable: ``exp(u) - exp(eps)`` is ``a1 - a2``
    (only a term real on the box: ``sqrt(x)`` for a real x ends the attempt).
    Identical terms share one variable, so a relation that holds for every value of the
    atoms holds for the values they take (a relaxation: never more than a proof)."""
    quick = _affine(e, syms)
    if quick is not None:
        return quick
    e = sympy.expand(e)
    if e.is_zero:
        return sympy.S.Zero
    e = sympy.factor_terms(e)
    if isinstance(e, sympy.Mul):
        e = sympy.Mul(*[a for a in e.args if a.is_positive is not True])
    flat = _affine(e, syms)
    if flat is not None or atoms is None:
        return flat
    out = sympy.S.Zero
    for term in sympy.Add.make_args(sympy.expand(e)):
        coeff, rest = term.as_coeff_Mul()
        if not coeff.is_Rational:
            return None
        if rest != 1 and rest not in syms:
            if rest.is_real is not True:    # sqrt(x), log(x) where x < 0 may be complex
                return None
            rest = atoms.setdefault(rest, sympy.Dummy(f"atom{len(atoms)}", real=True))
        out += coeff * rest
    return out


def _affine(e, syms):
    try:
        poly = sympy.Poly(e, *syms)
    except sympy.PolynomialError:
        return None
    if poly.total_degree() > 1 or not all(c.is_Rational for c in poly.coeffs()):
        return None
    return poly.as_expr()


def pieces(e, syms):
    """[(form, (g, ...))]: e equals the (switch-free) form where every g >= 0; the regions
    cover every real point.  Raises NotPiecewiseLinear."""
    e = sympy.sympify(e)
    if not e.has(*SWITCHES):
        return [(e, ())]
    if isinstance(e, (sympy.Add, sympy.Mul)):
        join = sympy.Add if isinstance(e, sympy.Add) else sympy.Mul
        return _combine([pieces(a, syms) for a in e.args], lambda forms: join(*forms))
    if isinstance(e, sympy.Abs):
        return _cap([(s * f, g + (s * f,)) for f, g in pieces(e.args[0], syms) for s in (1, -1)])
    if isinstance(e, (sympy.Max, sympy.Min)):
        sign = 1 if isinstance(e, sympy.Max) else -1
        out, parts = [], [pieces(a, syms) for a in e.args]
        if math.prod(len(p) for p in parts) * len(parts) > MAX_PIECES:
            raise NotPiecewiseLinear(f"more than {MAX_PIECES} pieces")
        for combo in itertools.product(*parts):
            forms = [f for f, _ in combo]
            conds = tuple(g for _, gs in combo for g in gs)
            for i, f in enumerate(forms):
                wins = tuple(sign * (f - h) for j, h in enumerate(forms) if j != i)
                out.append((f, conds + wins))
            _cap(out)
        return out
    if isinstance(e, sympy.Piecewise):
        return _piecewise(e, syms)
    raise NotPiecewiseLinear(f"a switch inside {type(e).__name__}")


def _piecewise(e, syms):
    """Branch i where its condition holds and the earlier ones fail: closed relations (a
    point's own branch is always among those whose closed constraints it meets)."""
    if e.args[-1].cond is not sympy.true:
        raise NotPiecewiseLinear("a Piecewise undefined where no condition holds")
    out, failed = [], ()
    for expr, cond in e.args:
        if cond.has(*SWITCHES):
            raise NotPiecewiseLinear("a switch in a Piecewise condition")
        holds = _relations(cond)
        out += [(f, g + holds + failed) for f, g in pieces(expr, syms)]
        if cond is sympy.true:
            break
        negated = _relations(sympy.Not(cond))
        failed += negated
    return _cap(out)


def _relations(cond):
    """cond as a conjunction of closed constraints g >= 0."""
    if cond is sympy.true:
        return ()
    parts = cond.args if isinstance(cond, sympy.And) else (cond,)
    out = []
    for rel in parts:
        if isinstance(rel, (sympy.Le, sympy.Lt)):
            out.append(rel.rhs - rel.lhs)
        elif isinstance(rel, (sympy.Ge, sympy.Gt)):
            out.append(rel.lhs - rel.rhs)
        else:
            raise NotPiecewiseLinear(f"condition {type(rel).__name__}")
    return tuple(out)


def _conjuncts(e):
    """The m_i of a margin min_i m_i (a Min, or r + c Max(a_i) with c < 0 = min_i r + c a_i,
    or r + c Min(a_i) with c > 0), split recursively; [e] otherwise."""
    if isinstance(e, sympy.Min):
        return [m for a in e.args for m in _conjuncts(a)]
    if isinstance(e, sympy.Add):
        for t in e.args:
            c, core = t.as_coeff_Mul()
            if (isinstance(core, sympy.Max) and c < 0) or (isinstance(core, sympy.Min) and c > 0):
                rest = e - t
                return [m for a in core.args for m in _conjuncts(rest + c * a)]
    return [e]


def _combine(parts, join):
    if math.prod(len(p) for p in parts) > MAX_PIECES:
        raise NotPiecewiseLinear(f"more than {MAX_PIECES} pieces")
    return [(join([f for f, _ in combo]), tuple(g for _, gs in combo for g in gs))
            for combo in itertools.product(*parts)]


def _cap(out):
    if len(out) > MAX_PIECES:
        raise NotPiecewiseLinear(f"more than {MAX_PIECES} pieces")
    return out


def _constraints(gs, syms, atoms, memo):
    """The constraints g >= 0 as affine forms; None when one is false outright.  A
    constraint with no affine form of its sign is dropped: a larger region, still sound."""
    out = []
    for g in gs:
        if g not in memo:           # pieces share most of their constraints
            memo[g] = linear(g, syms, atoms)
        g = memo[g]
        if g is None:
            continue
        if g.is_Number:
            if g < 0:
                return None
            continue
        out.append(g)
    return out


def decide(expr, kind, domain, symbols, t_end=None, candidates=None):
    """A one-line derivation when ``expr >= 0`` (kind ``">="``), ``expr > 0`` (``">"``) or
    ``expr == 0`` (``"=="``) holds on the whole box, else None.  With a list
    ``candidates``, the minimising vertex (exact rationals, the parameters only) of each
    piece whose certified bound fails the relation is appended to it."""
    syms = [symbols[name] for name, _ in domain.params]
    if not syms or not expr.free_symbols <= set(syms) or sympy.count_ops(expr) > MAX_OPS:
        return None
    t_end = t_end or now() + QUICK_BUDGET      # shared by the conjuncts
    parts = _conjuncts(expr) if kind != "==" else [expr]
    if len(parts) > 1:          # min_i m_i >= 0 iff every m_i >= 0: one at a time
        lines = []
        for m in parts:
            lines.append(decide(m, kind, domain, symbols, t_end, candidates))
            if not lines[-1] and candidates is None:
                return None
        if not all(lines):
            return None
        return f"each of {len(parts)} conjuncts: " + "; ".join(sorted(set(lines)))
    try:
        parts = pieces(expr, syms)
    except (NotPiecewiseLinear, sympy.PolynomialError):
        return None
    atoms: dict = {}
    memo: dict = {}
    bounds = [(iv.lo, iv.hi) for _, iv in domain.params]   # closed; integers: their hull
    empty, failed = 0, False
    for f, gs in parts:
        if now() > t_end:
            return None
        cons = _constraints(gs, syms, atoms, memo)
        if cons is None:
            empty += 1
            continue
        f = linear(f, syms, atoms)
        if f is None:
            return None
        # the atoms met so far are free variables (unconstrained)
        xs = syms + list(atoms.values())
        full = bounds + [(None, None)] * len(atoms)
        try:
            lo = lower_bound(1, f, cons, full, xs)
            if lo is None:
                empty += 1
                continue
            if not (lo > 0 if kind == ">" else lo >= 0):
                if candidates is None:
                    return None
                candidates.extend(minimiser(f, cons, full, xs, len(syms)))
                failed = True
                continue
            if kind == "==" and (lower_bound(-1, f, cons, full, xs) or 0) < 0:
                return None     # f >= 0 and -f >= 0 (or the piece empty): f is 0 on it
        except (Uncertified, ValueError):
            return None
    if failed:
        return None
    what = {">=": "its minimum is >= 0", ">": "its minimum is > 0",
            "==": "the difference's minimum and maximum are 0"}[kind]
    lifted = f", {len(atoms)} non-linear terms as free variables" if atoms else ""
    return (f"piecewise linear: {len(parts)} pieces ({empty} empty on the box{lifted}), on "
            f"each {what} (LP duality, checked exactly)")


def refute_margin(claim, margin, strict, symbols, precs=(128, 256, 1024)):
    """A certified witness of the claim as written (``witness.certify``) at the minimising
    vertex of a piece whose bound fails (integer parameters at the integers next to it,
    every point inside the domain as written), or None.  Tried where ``prove_margin`` is."""
    from .. import witness as W
    from ..base import Compiled
    if not (margin.has(*SWITCHES) and unbounded(claim.domain)):
        return None
    found: list = []
    decide(margin, ">" if strict else ">=", claim.domain, symbols, candidates=found)
    compiled = None
    for vertex in found:
        for point in _nearby(claim.domain, vertex):
            if not W.in_domain(claim, point):
                continue
            compiled = compiled or Compiled(claim, "arb")
            witness = W.certify(compiled, point, precs)
            if witness is not None:
                return witness
    return None


def _nearby(domain, vertex):
    """The vertex, with each integer parameter at the floor and the ceiling of its value."""
    choices = [(sympy.floor(v), sympy.ceiling(v)) if iv.integer else (v,)
               for (_, iv), v in zip(domain.params, vertex)]
    for combo in itertools.islice(itertools.product(*choices), 16):
        yield {name: sympy.Rational(v) for (name, _), v in zip(domain.params, combo)}


def unbounded(domain):
    """Some parameter has an infinite end (where bisection-based routes cannot go)."""
    return any(iv.lo is None or iv.hi is None for _, iv in domain.params)


def prove_margin(margin, strict, domain, symbols):
    """``decide`` for ``margin >= 0`` (``> 0`` if strict) when the margin has a switch and
    the box an infinite end (tried first there; elsewhere the other routes come first)."""
    if margin.has(*SWITCHES) and unbounded(domain):
        return decide(margin, ">" if strict else ">=", domain, symbols)
    return None
