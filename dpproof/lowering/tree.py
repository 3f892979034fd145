"""The shared tree walk of the lowering: one ``Backend`` per arithmetic says how constants,
operations and functions are built; ``Backend.compile`` turns a sympy tree into closures,
each partial operation preceded by its edge check (``definedness.edge_check``).
"""

from __future__ import annotations

import functools
from typing import Callable, Sequence

import mpmath
import sympy

from ..definedness import Undefined, edge_check, require
from ..expr.finite import MaxOver
from ..expr.functions import SpecialFunction


class LoweringError(ValueError):
    """An expression uses something the chosen arithmetic cannot evaluate."""


class JumpFree(sympy.Function):
    """``JumpFree(value, c_1, ..., c_k)``: ``value`` where every condition ``c_i`` is
    decided on the arguments, nan (undecided) where one is not.  A derivative of a
    Piecewise is taken branch by branch and drops the jumps at its switches (sympy even
    collapses ``d/dx Piecewise((1, x < 1), (0, True))`` to 0); it is valid only on a box
    that no switch crosses, which the switches' conditions, all decided there, certify
    (``engines.balls.enclosures`` wraps derivative forms so).  sympy knows no sign of it."""


SUM_TERMS = 100_000     # the most terms a ``Sum`` may have at one point (a guard against hangs)


def _hoist(body, outer: set):
    """Loop-invariant hoisting: the largest subterms of ``body`` whose symbols are all
    parameters (``outer``) become fresh symbols, each evaluated once per aggregate."""
    found: dict = {}

    def walk(e):
        if e.is_Atom or not isinstance(e, sympy.Basic):
            return
        if e.free_symbols <= outer and not e.is_Symbol and e.free_symbols:
            found.setdefault(e, sympy.Symbol(f"_inv{len(outer)}_{len(found)}"))
            return
        for a in e.args:
            walk(a)
    walk(body)
    if not found:
        return body, []
    return body.xreplace(found), [(d, e) for e, d in found.items()]


def defined_power(e) -> bool:
    """``base**exponent`` defined on the whole domain, unchecked: sympy knows the base >= 0
    there (the symbols carry the domain's signs) and the exponent > 0, not an integer."""
    base, exponent = e.args
    return bool(base.is_nonnegative and exponent.is_positive and not exponent.is_Integer)


class Backend:
    """One arithmetic: how constants, operations and functions are built."""

    name = "abstract"

    def compile(self, expr: sympy.Basic, names: Sequence[str]) -> Callable:
        index = {n: i for i, n in enumerate(names)}
        return self._node(sympy.sympify(expr), index)

    def _node(self, e, index):
        if e.is_Symbol:
            if e.name not in index:
                raise LoweringError(f"free symbol {e.name!r} is not a parameter "
                                    f"({', '.join(index) or 'none'})")
            i = index[e.name]
            return lambda env: env[i]
        if e.is_Rational:
            return self.rational(e)
        if e is sympy.pi:
            return self.constant("pi")
        if e is sympy.E:
            return self.constant("e")
        if e in (sympy.oo, -sympy.oo):
            return self.constant("inf" if e is sympy.oo else "-inf")
        if e.is_Float:
            raise LoweringError(f"float literal {e} in a claim: write it as an exact rational")
        if isinstance(e, sympy.Piecewise):
            return self._piecewise(e, index)
        if isinstance(e, JumpFree):
            value = self._node(e.args[0], index)
            conds = [self._condition(c, index) for c in e.args[1:]]

            def jump_free(env):
                if any(c(env) is None for c in conds):
                    return self.undecided()
                return value(env)
            return jump_free
        if isinstance(e, (sympy.Sum, MaxOver)):
            return self._sum(e, index)
        kids = [self._node(a, index) for a in e.args]
        if e.is_Add:
            return self.fold(kids, self.add)
        if e.is_Mul:
            return self.fold(kids, self.mul)
        if e.is_Pow:
            if defined_power(e):
                return self.nonneg_power(kids[0], e.args[1], kids[1])
            return self._checked(e, kids, lambda ks: self.power(ks[0], e.args[1], ks[1]))
        if isinstance(e, SpecialFunction):
            return self.special(type(e), kids)
        fn = self.function(e.func.__name__)
        if fn is None:
            raise LoweringError(f"{self.name} arithmetic cannot evaluate {e.func.__name__} "
                                f"(in {sympy.sstr(e)})")
        if len(kids) == 1:
            return self._checked(e, kids, lambda ks: (lambda env: fn(ks[0](env))))
        return self._checked(e, kids, lambda ks: (lambda env: fn(*[k(env) for k in ks])))

    def _sum(self, e, index):
        """``Sum(body, (i, lo, hi))`` and ``MaxOver(body, (i, lo, hi))`` (finite aggregates),
        limits integers at the point (read off the values: an integer parameter's exact
        ball).  Sum follows sympy's (Karr's) convention for hi < lo: 0 at hi = lo - 1, else
        -Sum(i = hi + 1 .. lo - 1); an empty MaxOver is undefined.  Several limits nest, the
        first innermost, as in sympy."""
        (i, lo, hi), inner = e.limits[-1], (e.func(e.function, *e.limits[:-1])
                                            if len(e.limits) > 1 else e.function)
        if i.name in index:
            raise LoweringError(f"summation index {i.name!r} is also a parameter")
        inner, hoisted = _hoist(inner, set(index))
        fixed = [self._node(h, index) for _, h in hoisted]
        inner_index = {**index, **{d.name: len(index) + n for n, (d, _) in enumerate(hoisted)}}
        body = self._node(inner, {**inner_index, i.name: len(inner_index)})
        ends, make, is_max = (self._node(lo, index), self._node(hi, index)), self.rational, \
            isinstance(e, MaxOver)
        larger = self.function("Max")

        def run(env):
            a, b = (self._limit(f(env), e) for f in ends)
            if is_max and b < a:
                raise Undefined(e, "a maximum over an empty range")
            a, b, sign = (a, b, 1) if b >= a else (b + 1, a - 1, -1)
            if b - a > SUM_TERMS:
                raise LoweringError(f"{b - a + 1} terms in {sympy.sstr(e)[:80]} (at most "
                                    f"{SUM_TERMS + 1})")
            if b < a:   # an empty sum: its terms (and their invariants) are never evaluated
                return make(sympy.S.Zero)(env)
            env = tuple(env) + tuple(f(env) for f in fixed)   # loop invariants, once
            terms = (body(env + (make(sympy.Integer(v))(env),)) for v in range(a, b + 1))
            if is_max:
                return functools.reduce(larger, terms)
            total = functools.reduce(lambda x, y: x + y, terms, make(sympy.S.Zero)(env))
            return total if sign > 0 else -total
        return run

    def _limit(self, x, e) -> int:
        """A summation limit as an int: certainly an integer, else (Maybe)Undefined."""
        require(self.integer(x), self.not_integer(x), e, "a sum's limits must be integers")
        return self.to_int(x)

    @staticmethod
    def to_int(x) -> int:
        return int(x)

    def _checked(self, e, kids, build):
        """``build(kids)`` preceded by the edge check of ``e`` (``definedness.edge_check``),
        if any.  The check and the operation share one evaluation of the arguments: ``build``
        is applied to closures that read the checked values (evaluating them again would
        double the work at every checked level of a nested term)."""
        edge = edge_check(e)
        if edge is None:
            return build(kids)
        on_values = build([(lambda vals, i=i: vals[i]) for i in range(len(kids))])

        def checked(env):   # the term is printed only if a message needs it
            vals = [k(env) for k in kids]
            edge(self, e, *vals)
            return on_values(vals)
        return checked

    def _piecewise(self, e, index):
        """The value of the first branch whose condition certainly holds; where conditions
        before it are undecided, the hull of every branch that may be taken.  No branch
        certainly taken: nan."""
        pieces = [(self._node(value, index), self._condition(cond, index))
                  for value, cond in e.args]

        def run(env):
            possible = []
            for value, cond in pieces:
                truth = cond(env)
                if truth is False:
                    continue
                possible.append(value(env))
                if truth is True:
                    return self.hull(possible)
            return self.undecided()
        return run

    def _condition(self, c, index):
        """A condition as ``env -> True / False / None`` (None: not decided)."""
        if c in (sympy.true, True):
            return lambda env: True
        if c in (sympy.false, False):
            return lambda env: False
        if isinstance(c, (sympy.And, sympy.Or)):
            parts = [self._condition(a, index) for a in c.args]
            final, other = (False, True) if isinstance(c, sympy.And) else (True, False)

            def combine(env):
                got = [p(env) for p in parts]
                return final if final in got else (None if None in got else other)
            return combine
        if isinstance(c, sympy.Not):
            inner = self._condition(c.args[0], index)
            return lambda env: (lambda t: None if t is None else not t)(inner(env))
        rel = {sympy.StrictLessThan: ("<0", ">=0"), sympy.LessThan: ("<=0", ">0"),
               sympy.StrictGreaterThan: (">0", "<=0"), sympy.GreaterThan: (">=0", "<0")}
        if type(c) not in rel:
            raise LoweringError(f"{self.name} arithmetic cannot evaluate the condition "
                                f"{sympy.sstr(c)}")
        yes, no = rel[type(c)]
        diff = self._node(c.lhs - c.rhs, index)

        def truth(env):
            d = diff(env)
            return True if self.certain(d, yes) else (False if self.certain(d, no) else None)
        return truth

    def undecided(self):
        raise LoweringError(f"{self.name} arithmetic has no undecided value")

    def hull(self, values):
        if len(values) > 1:
            return self.undecided()
        return values[0]

    # -- certain facts about a value: a ball (arb) or a number (mpmath, float) ------------
    @staticmethod
    def certain(x, rel: str) -> bool:
        """Whether ``x rel 0`` holds for certain (False for nan)."""
        return {">0": lambda: x > 0, ">=0": lambda: x >= 0, "<0": lambda: x < 0,
                "<=0": lambda: x <= 0, "==0": lambda: x == 0,
                "!=0": lambda: x > 0 or x < 0}[rel]()

    @staticmethod
    def integer(x) -> bool:
        """Certainly an integer."""
        return bool(mpmath.isfinite(x)) and x == int(x)

    @staticmethod
    def not_integer(x) -> bool:
        """Certainly not an integer."""
        return bool(mpmath.isfinite(x)) and x != int(x)

    @staticmethod
    def fold(kids, op):
        first, rest = kids[0], kids[1:]

        def run(env):
            acc = first(env)
            for k in rest:
                acc = op(acc, k(env))
            return acc
        return run

    @staticmethod
    def add(a, b):
        return a + b

    @staticmethod
    def mul(a, b):
        return a * b

    def power(self, base, exponent: sympy.Expr, exp_fn):
        if exponent.is_Integer:
            n = int(exponent)
            if n >= 0:
                return lambda env: base(env) ** n
            return lambda env: self.one() / base(env) ** (-n)
        if exponent == sympy.S.Half:
            sqrt = self.function("sqrt")
            return lambda env: sqrt(base(env))
        if exponent.is_Rational and int(exponent.q) % 2 == 1:
            # x^(p/q) with q odd is the real root: sign(x)^p |x|^(p/q) (README, edges)
            p, q, root = int(exponent.p), int(exponent.q), self.odd_root
            if p > 0:
                return lambda env: self.int_power(root(base(env), q), p)
            return lambda env: self.one() / self.int_power(root(base(env), q), -p)
        gen = self.function("pow")
        return lambda env: gen(base(env), exp_fn(env))

    def nonneg_power(self, base, exponent, exp_fn):
        """base**exponent where sympy knows base >= 0 on the domain (its symbols carry the
        domain's sign assumptions) and the exponent is positive, not an integer."""
        return self.power(base, exponent, exp_fn)

    @staticmethod
    def int_power(x, n: int):
        return x ** n

    @staticmethod
    def odd_root(x, q: int):
        """The real q-th root (q odd), negative for x < 0."""
        if x < 0:
            return -((-x) ** (mpmath.mpf(1) / q if isinstance(x, mpmath.mpf) else 1.0 / q))
        return x ** (mpmath.mpf(1) / q if isinstance(x, mpmath.mpf) else 1.0 / q)
