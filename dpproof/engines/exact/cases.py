"""Proof by cases where a closed form switches (issue 13): the symbolic engine's answer to
``Max``, ``Min``, ``Abs`` and ``Piecewise`` whose branch the box does not decide.

A divergence of two Laplace laws derived from the densities, a clamp ``Max(0, 1 - e^u)``,
the hockey-stick of finite laws: each is a different closed form on either side of a
switching surface ``g(params) = 0``.  Where sympy's assumptions do not decide the sign of
``g`` on the box, a parameter ``x`` in which ``g`` has a real root ``r`` (of the other
parameters) is split into three cases,

    x = r,    x = lo + (r - lo) u/(1 + u),    x = hi - (hi - r) u/(1 + u)    (u >= 0),

(``x = r -/+ t``, t > 0, where the box is unbounded on that side).  The images cover
``[lo, r)``, ``{r}`` and ``(r, hi]`` whatever ``r`` is, so the cases cover the box whether or
not ``r`` is the root: ``sympy.solve`` only proposes the split, soundness never rests on it
(``r`` must be real on the domain, which sympy's assumptions must say).  Each case is a
statement about the new symbols, proved for every value their assumptions allow -- a
superset of the case's part of the box.  In a case the switches are resolved by sign rules
(with ``log A - log B`` for ``A - B`` of two positive parts: ``1 - e^(t/2) <= 0`` for
``t >= 0``), and the leaf test of the symbolic engine (an identity simplifying to 0, a margin
with a definite sign: ``is_zero``, ``has_sign``) decides it; a case may split again (depth
``MAX_DEPTH``).  An integer parameter with at most ``MAX_INTEGERS`` values is split into its
values instead (those cases cover the box exactly).  PROVED needs every case proved; a case
that fails never refutes (it may lie outside the box).  The symbolic engine also proves an
implication this way: in every case the conclusion holds or a hypothesis is certainly
violated.
"""

from __future__ import annotations

import functools
import itertools

import sympy
from sympy import Abs, Max, Min, Piecewise

from ...evidence import Verdict
from ...oracles.symbolic.pieces import decide_condition
from .forms import certified_constants, erfc_by_range, forms, identity
from ...sympy_powers import bounded_powers
from ..signs import guarded

MAX_DEPTH = 3          # nested splits
MAX_LEAVES = 60        # leaf decisions per claim
_CALL_BUDGET = 2.0         # any one sympy call
_counter = itertools.count()


class _Budget:
    def __init__(self):
        self.leaves = MAX_LEAVES


def switches(expr) -> list:
    """The expressions whose sign selects a branch of a Max/Min/Abs/Piecewise in ``expr``."""
    out = []
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, (Max, Min)):
            out += [a - b for a, b in itertools.combinations(node.args, 2)]
        elif isinstance(node, Abs):
            out.append(node.args[0])
        elif isinstance(node, Piecewise):
            out += _conditions(node)
    seen, kept = set(), []
    for g in out:
        if g.free_symbols and g not in seen:
            seen.add(g)
            kept.append(g)
    return kept


def _conditions(piecewise) -> list:
    """lhs - rhs of every comparison in a Piecewise's conditions."""
    return [rel.lhs - rel.rhs for _, cond in piecewise.args
            for rel in getattr(cond, "atoms", lambda *_: ())(sympy.core.relational.Relational)]


def _strict_switches(expr) -> set:
    """The switches of ``expr`` that are a Piecewise condition (either sign)."""
    return {s * g for node in sympy.preorder_traversal(expr) if isinstance(node, Piecewise)
            for g in _conditions(node) for s in (1, -1)}


def sign(g, strict: bool, depth: int = 0) -> int:
    """See ``_sign``; remembered (a proof by cases asks the same signs in every case and
    leaf; an answer cut short by a guard's time limit is 0, which is never wrong)."""
    return _sign(g, bool(strict), depth)


@functools.lru_cache(maxsize=8192)
def _sign(g, strict: bool, depth: int = 0) -> int:
    """+1 if ``g > 0`` (``>= 0`` when not strict) is proved for every value the symbols'
    assumptions allow, -1 for ``g < 0`` (``<= 0``), 0 if neither is proved.  Constants that
    are not rationals are first replaced by symbols whose sign is certified in arb (sympy
    would decide them by floating-point ``evalf``); one not certified leaves g undecided."""
    abstract = certified_constants(g)
    for form in _sign_forms(abstract) if abstract is not None else ():
        if form.is_positive if strict else form.is_nonnegative:
            return 1
        if form.is_negative if strict else form.is_nonpositive:
            return -1
    if depth >= 2:
        return 0
    got = _by_parts(g, strict, depth)
    if got or not g.is_Add:
        return got
    # A - B with A, B > 0 has the sign of log A - log B (log is increasing)
    terms = sympy.Add.make_args(g)
    signed = [(t, certified_constants(t)) for t in terms]
    if any(c is None for _, c in signed):
        return 0
    plus = [t for t, c in signed if c.is_nonnegative]
    minus = [t for t, c in signed if c.is_nonpositive and t not in plus]
    if len(plus) + len(minus) != len(terms) or not plus or not minus:
        return 0
    A, B = sympy.Add(*plus), -sympy.Add(*minus)
    if not (certified_constants(A).is_positive and certified_constants(B).is_positive):
        return 0
    d = guarded(lambda: sympy.expand(sympy.expand_log(sympy.log(A), force=False)
                                     - sympy.expand_log(sympy.log(B), force=False)),
                seconds=_CALL_BUDGET)
    return 0 if d is None else sign(d, strict, depth + 1)


def _by_parts(g, strict, depth) -> int:
    """The sign of a sum whose terms, or a product whose factors, have known signs: a sum
    of terms >= 0 is > 0 when one of them is, or when the other terms' sum is
    (``Max(0, x) + e - e^(1-t)`` for t > 0)."""
    parts = sympy.Add.make_args(g) if g.is_Add else sympy.Mul.make_args(g)
    if len(parts) < 2 or len(parts) > 12:
        return 0
    if g.is_Add:
        for s in (1, -1):
            known = [t for t in parts if sign(s * t, False, depth + 1) == 1]
            if len(known) == len(parts) and (not strict or any(
                    sign(s * t, True, depth + 1) == 1 for t in parts)):
                return s
            # the terms of known sign only add to the others' sum: try the switches among
            # them aside (a clamp Max(0, x) >= 0), then all of them
            switched = [t for t in known if t.has(Max, Min, Abs, Piecewise)]
            for aside in (switched, known):
                rest = [t for t in parts if t not in aside]
                if aside and rest and sign(s * sympy.Add(*rest), strict, depth + 1) == 1:
                    return s
        return 0
    total = 1
    for f in parts:
        s = 1 if sign(f, strict, depth + 1) == 1 else (
            -1 if sign(-f, strict, depth + 1) == 1 else 0)
        if s == 0:
            return 0
        total *= s
    return total


def _sign_forms(g):
    yield g
    if not g.is_Atom:
        together = guarded(lambda: sympy.factor(sympy.together(g)), seconds=_CALL_BUDGET)
        if together is not None and together != g:
            yield together


def _truth(cond):
    """True/False if the condition is decided by ``sign``, else None."""
    return decide_condition(cond, _relation_truth)


def _relation_truth(cond):
    if not isinstance(cond, sympy.core.relational.Relational):
        return None
    g = cond.lhs - cond.rhs
    if isinstance(cond, (sympy.StrictLessThan, sympy.LessThan)):
        g = -g                                  # lhs < rhs: rhs - lhs > 0
    if isinstance(cond, (sympy.StrictGreaterThan, sympy.GreaterThan, sympy.StrictLessThan,
                         sympy.LessThan)):
        strict = isinstance(cond, (sympy.StrictGreaterThan, sympy.StrictLessThan))
        if at_least(g, strict):
            return True
        return False if at_least(-g, not strict) else None
    if isinstance(cond, (sympy.Eq, sympy.Ne)):
        if at_least(g, True) or at_least(-g, True):
            return isinstance(cond, sympy.Ne)
        if at_least(g, False) and at_least(-g, False):
            return isinstance(cond, sympy.Eq)
        return None
    return None


def at_least(g, strict: bool) -> bool:
    """``g > 0`` (``g >= 0``) proved; asked this way round, an exact 0 answers both
    ``g >= 0`` and ``-g >= 0``, which ``sign``'s single answer cannot."""
    return sign(g, strict) == 1


def _resolve_node(node):
    """The branch of one switching node that the assumptions decide, or None."""
    if isinstance(node, Abs):
        x = node.args[0]
        return x if at_least(x, False) else (-x if at_least(-x, False) else None)
    if isinstance(node, (Max, Min)):
        flip = 1 if isinstance(node, Max) else -1
        for cand in node.args:
            if all(at_least(flip * (cand - o), False) for o in node.args if o is not cand):
                return cand
        return None
    if isinstance(node, Piecewise):
        for value, cond in node.args:
            t = _truth(cond)
            if t is True:
                return value
            if t is None:
                return None
    return None


def resolve(expr):
    """``expr`` with every switch whose branch the assumptions decide replaced by it."""
    for _ in range(60):
        for node in sympy.postorder_traversal(expr):
            if isinstance(node, (Abs, Max, Min, Piecewise)):
                repl = _resolve_node(node)
                if repl is not None:
                    expr = expr.xreplace({node: repl})
                    break
        else:
            return expr
    return expr


def _split_point(g, ends, line_first: bool = False):
    """(x, r): a real root r of g in a continuous symbol x with known ends, or None."""
    order = sorted(g.free_symbols, key=lambda s: s.name)
    if line_first:
        order.sort(key=lambda s: ends.get(s) != (None, None))
    for x in order:
        if x not in ends or x.is_integer:
            continue
        roots = guarded(sympy.solve, g, x, seconds=_CALL_BUDGET)
        for r in roots or ():
            if (isinstance(r, sympy.Expr) and x not in r.free_symbols and r.is_real is True
                    and not r.has(Abs, Max, Min, Piecewise, sympy.oo, sympy.zoo, sympy.nan)):
                return x, r
    return None


MAX_INTEGERS = 8       # an integer parameter is enumerated when it takes at most this many values


def _integer_split(g, ends):
    """(k, None) for an integer symbol of g with at most MAX_INTEGERS values on the box."""
    for k in sorted(g.free_symbols, key=lambda s: s.name):
        lo, hi = ends.get(k, (None, None))
        if k.is_integer and lo is not None and hi is not None and \
                sympy.floor(hi) - sympy.ceiling(lo) < MAX_INTEGERS:
            return k, None
    return None


def _integer_cases(k, ends):
    """One case per integer value of k on the box: they cover it exactly."""
    lo, hi = ends[k]
    return [(f"{k} = {v}", [({k: v}, {})])
            for v in range(int(sympy.ceiling(lo)), int(sympy.floor(hi)) + 1)]


def _cases(x, r, ends):
    """[(label, [(substitution, new ends), ...])] for x = r, x < r, x > r: each case with
    its parametrisations, simplest first (see the module docstring); a case is proved when
    one of them is."""
    lo, hi = ends[x]
    r = sympy.sympify(r)
    k = next(_counter)
    out = []
    if not ((lo is not None and (r - lo).is_negative) or (hi is not None and (hi - r).is_negative)):
        out.append((f"{x} = {r}", [({x: r}, {})]))
    for side, end in (("<", lo), (">", hi)):
        if end is not None and ((r - end).is_nonpositive if side == "<" else
                                (r - end).is_nonnegative):
            continue                                    # the side misses the box
        t = sympy.Symbol(f"{x.name}_t{k}", positive=True)
        ways = [({x: r - t if side == "<" else r + t}, {t: (0, None)})]
        if end is not None:
            u = sympy.Symbol(f"{x.name}_u{k}", nonnegative=True)
            ways.append(({x: end + (r - end) * u / (1 + u)}, {u: (0, None)}))
        out.append((f"{x} {side} {r}", ways))
    return out


def prove(expr, leaf, ends, depth: int = 0, budget: _Budget | None = None,
          tried: bool = True, line_first: bool = False) -> list | None:
    """Proof lines for ``leaf(expr)`` in every case of the switches of ``expr``, or None.

    ``leaf(e) -> bool`` is the engine's sound decision of one case (``expr`` may be a
    ``sympy.Tuple``, e.g. a conclusion and its hypotheses); ``ends`` maps the continuous
    symbols to their (lo, hi) box ends (None: unbounded; a superset is fine); ``tried``: the
    engine has already tried ``leaf`` on the statement as a whole; ``line_first``: split a
    parameter ranging over the whole line first (its cases keep its assumptions)."""
    budget = budget or _Budget()
    resolved = resolve(expr)
    if budget.leaves <= 0:
        return None
    budget.leaves -= 1
    if (depth > 0 or not tried or resolved != expr) and leaf(resolved):
        return []
    if depth >= MAX_DEPTH:
        return None
    expr = resolved
    strict = _strict_switches(expr)
    for g in switches(expr):
        # a known sign decides a Max/Min/Abs (its branches meet where g = 0); a Piecewise
        # condition g > 0 known only as g >= 0 still splits at g = 0 (tv of two laws at
        # mu = 0)
        sharp = g in strict
        if at_least(g, sharp) or at_least(-g, sharp):
            continue
        split = _split_point(g, ends, line_first)
        if split is None:
            split = _integer_split(g, ends)
        if split is None:
            continue
        x, r = split
        lines = []
        for label, ways in (_cases(x, r, ends) if r is not None else _integer_cases(x, ends)):
            for sub, new in ways:
                got = prove(substitute(expr, sub), leaf, {**ends, **new}, depth + 1, budget,
                            line_first=line_first)
                if got is not None:
                    break
            if got is None:
                return None
            lines += [f"case {label}"] + [f"  {line}" for line in got]
        return lines
    return None


def substitute(expr, sub):
    """``expr.xreplace(sub)`` with every Piecewise rebuilt unevaluated: sympy evaluates a
    condition that becomes a comparison of constants by floating point, and one of two
    equal constants (``1 < log(e/(1+e) / (1/(1+e)))`` at eps = 1) sends Piecewise.eval into
    endless recursion; ``resolve`` decides such conditions by certified signs instead.  A
    Max/Min of constants sympy cannot compare (two equal ones) stays unevaluated too, and so
    does a node whose evaluation would build an exact power beyond ``sympy_powers.MAX_BITS``
    (a Max comparing exp(-0.40546510810816438197801311546435) with a constant: logcombine's
    3/2 to a 35-digit rational power filled 12 GB, work no count sees)."""
    with bounded_powers():
        return _substitute(expr, sub)


def _substitute(expr, sub):
    if expr in sub:
        return sub[expr]
    if not expr.args:
        return expr
    args = [_substitute(a, sub) for a in expr.args]
    if isinstance(expr, Piecewise):
        return Piecewise(*args, evaluate=False)
    try:
        return expr.func(*args)
    except (TypeError, ValueError, ArithmeticError):   # Max of constants sympy cannot
        return expr.func(*args, evaluate=False)        # compare (equal ones), a huge power


# -- the leaves: one case decided like a whole statement ---------------------------------

def is_zero(e) -> bool:
    """Leaf of an identity by cases: the difference simplifies to 0."""
    got = guarded(identity, e, seconds=5.0)
    return got is not None and got[0] is Verdict.PROVED


def has_sign(e, strict) -> bool:
    """Leaf of an inequality by cases: the margin is (strictly) non-negative by sign rules."""
    if e == 0:
        return not strict

    def decided():
        for _, form in forms(e):
            for variant in (form, erfc_by_range(form)):
                # sign certifies the constants itself, term by term where it must split
                if sign(variant, strict) == 1:
                    return True
        return False
    return guarded(decided, seconds=5.0) is True
