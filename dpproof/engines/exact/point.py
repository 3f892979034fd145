"""Exact decisions at one point, for the boxes of the interval engine that shrink to a point
where a bound is tight (issue 13: "bounds that are tight somewhere stay SUPPORTED").

At eps = 1 the hockey-stick divergence of 1-DP randomized response is exactly 0:
``Max(E/(1 + E) - exp(eps)/(1 + E), 0)``.  In ball arithmetic ``exp(1)`` and ``E`` are two
balls, their difference a ball about 0, and no precision certifies ``0 <= 0``.  Here the
point is decided exactly instead:

1. oracle calls are replaced by their forms derived from the densities
   (``oracles.symbolic.derive_claim`` on the one-point domain); a call without a derivation
   leaves the point undecided;
2. the parameters are put in as exact rationals, and every ``Max``/``Min``/``Abs``/
   ``Piecewise`` is resolved by the certified sign of the difference of its branches -- never
   by sympy's own comparison of numbers, which is floating-point ``evalf``;
3. a constant's sign is certified in ball arithmetic (128 to 2048 bits), or the constant is
   exactly 0: it rewrites to the integer 0 by ``expand``, ``together`` or ``simplify`` (exact
   rewriting, the symbolic engine's rule 1).

The point holds when the conclusion's margin is certified > 0, or is exactly 0 under a
non-strict relation, or a hypothesis certainly fails there.  Nothing here refutes by itself:
``conclusion_sign`` gives ``witness.exact_violation`` the exact 0 of a strict bound, which it
takes as a violation only at a point of the domain as written where every hypothesis holds
(certified in balls, or by ``hypotheses_hold_at``).
"""

from __future__ import annotations

import sympy
from flint import arb

from ...domain import Domain, Interval
from ...lowering import LoweringError, at_precision, lower
from ...oracles import symbolic as symbolic_oracles
from ...oracles.symbolic.pieces import decide_condition
from ..signs import Budget

_PRECS = (128, 512, 2048)
_MAX_TERMS = 200   # terms of a finite Sum unrolled at a point
_BRANCHES = (sympy.Max, sympy.Min, sympy.Abs, sympy.Piecewise)
_UNSUPPORTED = (sympy.sign, sympy.Heaviside, sympy.floor, sympy.ceiling, sympy.frac)


class _Undecided(Exception):
    """A sign or a branch at the point that neither balls nor exact rewriting decide."""


def holds_at(claim, point: dict, budget: Budget, conclusion_only: bool = False) -> bool:
    """Whether the claim certainly holds at ``point`` ({name: exact rational}); False when
    undecided.  ``conclusion_only``: whether its conclusion's margin is >= 0 (> 0 if
    strict) there, hypotheses aside.  ``budget`` bounds the sympy work."""
    try:
        return _holds_at(claim, point, budget, conclusion_only)
    except (TypeError, ValueError, ArithmeticError, RecursionError):
        return False   # sympy cannot rebuild the statement at the point (Max(x, Phi(1)) ...)


def _holds_at(claim, point, budget, conclusion_only):
    st = claim.statement
    if st.rel == "==" or budget.left <= 0:
        return False
    got = _at_point(claim, point, budget)
    if got is None:
        return False
    st, values = got
    s = _margin_sign(st.margin(), values, budget)
    if s == 1 or (s == 0 and not st.strict):
        return True
    for h in () if conclusion_only else st.hypotheses:   # where a hypothesis fails
        s = _margin_sign(h.margin(), values, budget)
        if s == -1 or (s == 0 and h.strict):
            return True
    return False


def conclusion_sign(claim, point: dict, budget: Budget) -> int | None:
    """The exact sign (-1, 0, 1) of the conclusion's margin at ``point``, or None when
    undecided: a strict bound that is exactly 0 at a point fails there, which no ball can
    certify (``witness.exact_violation``).  ``budget`` bounds the sympy work."""
    if claim.statement.rel == "==" or budget.left <= 0:
        return None
    try:
        got = _at_point(claim, point, budget)
        return None if got is None else _margin_sign(got[0].margin(), got[1], budget)
    except (TypeError, ValueError, ArithmeticError, RecursionError):
        return None


def hypotheses_hold_at(claim, point: dict, budget: Budget) -> bool:
    """Whether every hypothesis certainly holds at ``point``: its margin's exact sign is
    > 0, or 0 under a non-strict relation (``x >= 1/3`` at x = 1/3, which no ball of 1/3
    certifies).  False when undecided."""
    if budget.left <= 0:
        return False
    try:
        got = _at_point(claim, point, budget)
        if got is None:
            return False
        st, values = got
        signs = [(_margin_sign(h.margin(), values, budget), h.strict) for h in st.hypotheses]
    except (TypeError, ValueError, ArithmeticError, RecursionError):
        return False
    return all(s is not None and (s > 0 or (s == 0 and not strict)) for s, strict in signs)


def guards_defined_at(claim, point: dict) -> bool:
    """Whether every term the parser recorded as written and sympy simplified away
    (``Statement.guards``: ``log(3x - 1)`` in ``exp(log(3x - 1))``), of the conclusion and of
    each hypothesis, is defined at ``point``: sympy's exact value there is a finite real
    number (log(0) is zoo, sqrt(-1/3) is imaginary: undefined).  An exact 0 of a margin is
    a violation only where the claim as written is defined."""
    values = {name: sympy.Rational(v) for name, v in point.items()}

    def terms(st):
        yield from st.guards
        for h in st.hypotheses:
            yield from terms(h)
    for g in terms(claim.statement):
        v = g.xreplace({s: values[s.name] for s in g.free_symbols if s.name in values})
        if v.free_symbols or v.is_extended_real is not True or v.is_finite is not True:
            return False
    return True


def _at_point(claim, point, budget):
    """The statement with its oracles derived at ``point`` (or as written without oracles)
    and the point's exact values; None when a derivation fails."""
    st = claim.statement
    if symbolic_oracles.has_oracles(st.margin()) or any(
            symbolic_oracles.has_oracles(h.margin()) for h in st.hypotheses):
        # integer parameters go in first (a k-fold product is summed out for a given k);
        # real ones stay symbols that carry the point's signs, so the derivation decides no
        # sign of a constant by sympy's evalf
        ints = {s: sympy.Integer(point[s.name]) for s in st.free_symbols
                if claim.domain[s.name].integer}
        st = st.xreplace(ints) if ints else st
        domain = Domain.of(**{name: Interval.point(point[name]) for name in claim.domain.names
                              if not claim.domain[name].integer})
        got = budget.run(symbolic_oracles.derive_claim, st, domain, seconds=budget.left)
        if got is None:
            return None
        st = got[0]
    return st, {name: sympy.Rational(v) for name, v in point.items()}


def _margin_sign(margin, values, budget) -> int | None:
    try:
        return sign(resolve(margin, values, budget), budget)
    except _Undecided:
        return None


def resolve(expr, values: dict, budget: Budget):
    """``expr`` at the point: a constant without Max/Min/Abs/Piecewise (each replaced by the
    branch that certified signs select); raises ``_Undecided``."""
    if not expr.free_symbols:
        if expr.has(*_BRANCHES, *_UNSUPPORTED):
            return _resolve_node(expr, values, budget)
        return expr
    if expr.is_Symbol:
        if expr.name not in values:
            raise _Undecided(f"{expr} is not a parameter")
        return values[expr.name]
    return _resolve_node(expr, values, budget)


def _resolve_node(expr, values, budget):
    if isinstance(expr, (sympy.Max, sympy.Min)):
        args = [resolve(a, values, budget) for a in expr.args]
        return _extreme(args, 1 if isinstance(expr, sympy.Max) else -1, budget)
    if isinstance(expr, sympy.Abs):
        a = resolve(expr.args[0], values, budget)
        s = sign(a, budget)
        if s is None:
            raise _Undecided(f"the sign of {a}")
        return a if s >= 0 else -a
    if isinstance(expr, sympy.Piecewise):
        for value, cond in expr.args:
            truth = _truth(cond, values, budget)
            if truth is None:
                raise _Undecided(f"the condition {cond}")
            if truth:
                return resolve(value, values, budget)
        raise _Undecided("no branch of a Piecewise holds")
    if isinstance(expr, sympy.Sum):
        return _unrolled(expr, values, budget)
    if isinstance(expr, _UNSUPPORTED):
        raise _Undecided(f"{expr.func} at a point")
    if not expr.args:
        return expr
    return expr.func(*(resolve(a, values, budget) for a in expr.args))


def _unrolled(expr, values, budget):
    """A finite Sum (integer limits at the point, at most ``_MAX_TERMS`` terms) as the sum
    of its terms, each resolved with the index put in (a Max in the summand is resolved per
    term: cesar_rogers21.lemma6_2's sum over i of Max(0, ...))."""
    if len(expr.limits) != 1:
        raise _Undecided("a multiple Sum at a point")
    var, lo, hi = expr.limits[0]
    lo, hi = (resolve(x, values, budget) for x in (lo, hi))
    if not (lo.is_Integer and hi.is_Integer) or hi - lo >= _MAX_TERMS:
        raise _Undecided(f"the range of {expr}")
    return sympy.Add(*(resolve(expr.function, {**values, var.name: sympy.Integer(k)}, budget)
                       for k in range(int(lo), int(hi) + 1)))


def _extreme(args, direction, budget):
    """The argument that is certainly >= (direction 1) or <= (-1) every other one."""
    for a in args:
        if all(b is a or _at_least(direction * (a - b), budget) for b in args):
            return a
    raise _Undecided("the order of the arguments of a Max/Min")


def _at_least(d, budget) -> bool:
    s = sign(d, budget)
    return s is not None and s >= 0


def _truth(cond, values, budget):
    """A Piecewise condition at the point: its relations by certified signs."""
    return decide_condition(cond, lambda rel: _relation_truth(rel, values, budget))


def _relation_truth(cond, values, budget):
    if not isinstance(cond, sympy.core.relational.Relational):
        return None
    s = sign(resolve(cond.lhs - cond.rhs, values, budget), budget)
    if s is None:
        return None
    return {sympy.StrictGreaterThan: s > 0, sympy.GreaterThan: s >= 0,
            sympy.StrictLessThan: s < 0, sympy.LessThan: s <= 0,
            sympy.Equality: s == 0, sympy.Unequality: s != 0}.get(type(cond))


def sign(c, budget: Budget) -> int | None:
    """The sign of the constant ``c``, certified in balls -- of ``c`` or of an exact rewrite
    of it (``expand``, ``together``, ``simplify``: cancellation done exactly) -- or 0 when a
    rewrite is the integer 0; None if none decides it."""
    got = _ball_sign(c)
    if got is not None:
        return got
    for rewrite in (_powers, sympy.expand, lambda e: sympy.together(sympy.expand(e)),
                    sympy.simplify):
        r = budget.run(rewrite, c)
        if r is None:
            continue
        if r is sympy.S.Zero:
            return 0
        got = _ball_sign(r) if r != c else None
        if got is not None:
            return got
    return None


def _powers(c):
    """``c`` with exp(q) (q rational) as powers of one z = e^(1/L) over one denominator
    (``oracles.symbolic.adaptive.exp_powers``, exact): a constant of Q(e^(1/L)) is then 0
    exactly when its numerator polynomial is (e^(1/L) is transcendental)."""
    return symbolic_oracles.AD.exp_powers(c, back=False)


def _ball_sign(c) -> int | None:
    if c.is_Rational:
        return int(sympy.sign(c))
    try:
        fn = lower(c, (), "arb")
    except (LoweringError, TypeError, ValueError, NotImplementedError):
        return None
    for prec in _PRECS:
        try:
            with at_precision(prec):
                v = fn()
        except (ValueError, ZeroDivisionError, ArithmeticError):
            return None
        if not isinstance(v, arb) or not v.is_finite():
            return None
        if v > 0:
            return 1
        if v < 0:
            return -1
        if v.is_exact() and v == 0:
            return 0
    return None
