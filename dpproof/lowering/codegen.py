"""The arb lowering as straight-line Python: one function per expression instead of a tree
of closures.

``Backend.compile`` builds a closure per node, so one evaluation of an expression of n
nodes makes about 2n Python calls (a closure and an operator per node).  The engines
evaluate the same margins on every box -- the interval engine, its witnesses, the
cross-examination -- and those calls were most of the counted work of the interval routes
(``azize23.alg1.renyi_split``: about a thousand calls per evaluation).  ``generate`` emits
the same operations, in the same order, as assignments to temporaries of one function:
sums and products are flint's operators (C), the unary functions flint's methods, and only
edge checks (``definedness.edge_check``), powers and the rarer nodes call Python.  A node
it does not emit (Piecewise, Sum, JumpFree, ...) is the closure ``ArbBackend`` builds for
it, called with the environment.  A subterm that occurs several times is computed once
(evaluation is a function of the environment and the precision, so the value is the same
ball).  ``tests/unit/test_codegen.py`` checks the two lowerings give identical balls and
identical errors on hand-written edge terms and on every margin of two library sources.
"""

from __future__ import annotations

import sympy
from flint import arb, fmpq

from ..definedness import edge_check
from ..expr.functions import SpecialFunction
from .tree import JumpFree, defined_power

#: flint methods that are exactly ``_ARB_FUNCTIONS[name]`` (``lambda x: x.<method>()``; erf
#: and erfc are not: ``expr.balls.monotone``)
_METHODS = {"exp": "exp", "log": "log", "sqrt": "sqrt", "erfi": "erfi", "gamma": "gamma",
            "loggamma": "lgamma", "tanh": "tanh", "expm1": "expm1", "log1p": "log1p"}

#: expressions needing more statements than this keep the closures: Python compiles one
#: statement per node, and a function of that size takes long to compile
MAX_NODES = 20_000


class _TooLarge(Exception):
    pass


def generate(backend, expr: sympy.Basic, index: dict, int_power, wide_product):
    """``env -> ball`` for ``expr`` (parameters at ``index`` in env), or None when it is too
    large (the caller keeps the closures).  ``int_power(x, n)`` and ``wide_product(a, b, p)``
    are the backend's integer power and wide-factor product (``arb_backend``)."""
    gen = _Gen(backend, index, int_power, wide_product)
    try:
        out = gen.node(expr)
    except _TooLarge:
        return None
    body = "\n".join(f"    {line}" for line in gen.lines) or "    pass"
    source = f"def evaluate(env):\n{body}\n    return {out}\n"
    namespace = dict(gen.names)
    exec(compile(source, "<dpproof lowering>", "exec"), namespace)   # noqa: S102 - our code
    return namespace["evaluate"]


class _Gen:
    def __init__(self, backend, index: dict, int_power, wide_product):
        self.b, self.index = backend, index
        self.lines: list[str] = []
        self.names: dict = {"arb": arb, "_ipow": int_power, "_wide": wide_product,
                            "_B": backend}
        self.seen: dict = {}

    def name(self, obj) -> str:
        """A name for ``obj`` in the function's globals."""
        n = f"k{len(self.names)}"
        self.names[n] = obj
        return n

    def emit(self, code: str) -> str:
        if len(self.lines) > MAX_NODES:
            raise _TooLarge
        t = f"t{len(self.lines)}"
        self.lines.append(f"{t} = {code}")
        return t

    def node(self, e) -> str:
        if e in self.seen:
            return self.seen[e]
        t = self._node(e)
        self.seen[e] = t
        return t

    def _node(self, e) -> str:
        b = self.b
        if e.is_Symbol:
            b._node(e, self.index)   # the same LoweringError for a stray symbol
            return self.emit(f"env[{self.index[e.name]}]")
        if e.is_Rational:
            return self.emit(f"arb({self.name(fmpq(int(e.p), int(e.q)))})")
        if e.is_Add or e.is_Mul:
            kids = [self.node(a) for a in e.args]
            if e.is_Add:
                return self.emit(" + ".join(kids))
            acc = kids[0]
            for k in kids[1:]:
                acc = self._product(acc, k)
            return acc
        if e.is_Pow:
            return self._power(e)
        if isinstance(e, SpecialFunction):
            kids = [self.node(a) for a in e.args]
            return self.emit(f"{self.name(e.arb_impl)}({', '.join(kids)})")
        if e.is_Function and not isinstance(e, (sympy.Piecewise, JumpFree)) and \
                b.function(e.func.__name__) is not None and e.args:
            return self._function(e)
        # anything else (constants, Piecewise, Sum, MaxOver, JumpFree): the closure
        return self.emit(f"{self.name(b._node(e, self.index))}(env)")

    def _product(self, a: str, c: str) -> str:
        """``ArbBackend.mul(a, c)``: the ball product, the wide case by ``_wide_product``."""
        t = self.emit(f"{a} * {c}")
        self.lines.append(f"if not (({a}.rel_accuracy_bits() >= 2 and "
                          f"{c}.rel_accuracy_bits() >= 2) or not ({a}.is_finite() and "
                          f"{c}.is_finite())): {t} = _wide({a}, {c}, {t})")
        return t

    def _power(self, e) -> str:
        """As ``Backend._node``: a power defined on the whole domain, or checked."""
        base, ex = e.args
        if defined_power(e):
            fn = self.b.nonneg_power(lambda v: v[0], ex, lambda v: v[1])
            tb, te = self.node(base), self.node(ex)
            return self.emit(f"{self.name(fn)}(({tb}, {te}))")
        edge = edge_check(e)
        if edge is None and ex.is_Integer and int(ex) >= 0:
            return self.emit(f"_ipow({self.node(base)}, {int(ex)})")
        tb, te = self.node(base), self.node(ex)
        if edge is not None:
            self.lines.append(f"{self.name(edge)}(_B, {self.name(e)}, {tb}, {te})")
        fn = self.b.power(lambda v: v[0], ex, lambda v: v[1])
        return self.emit(f"{self.name(fn)}(({tb}, {te}))")

    def _function(self, e) -> str:
        kids = [self.node(a) for a in e.args]
        edge = edge_check(e)
        if edge is not None:
            self.lines.append(f"{self.name(edge)}(_B, {self.name(e)}, {', '.join(kids)})")
        fname = e.func.__name__
        if fname in _METHODS and len(kids) == 1:
            return self.emit(f"{kids[0]}.{_METHODS[fname]}()")
        if fname == "Abs" and len(kids) == 1:
            return self.emit(f"abs({kids[0]})")
        return self.emit(f"{self.name(self.b.function(fname))}({', '.join(kids)})")
