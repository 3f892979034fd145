"""Enclosures of a margin on a box tighter than plain ball evaluation (issue 12).

Plain ball evaluation of ``f`` on a box overestimates (the dependency problem) and cannot
certify a margin that is 0 somewhere on the box.  Every form here is derived from the
margin's sympy expression, lowered to arb like the margin itself, and is used only on boxes
where the margin itself is enclosed finitely (``defined``: the hook where a stricter
definedness check plugs in), so that the margin is continuous there:

- ``derivative(i)``: d f / d x_i, as differentiated and as cancelled into one fraction
  ``N/D`` (sympy ``together``/``cancel``, ``factor`` for polynomials: exact rewrites); the
  sign is certified from balls, from sign rules (``signs``), or from the signs of N and D;
- affine atoms: a term c0 + sum c_i u_i under a root, power or log that is >= 0 on the
  whole domain is its own symbol (known >= 0), with its exact range as a ball per box;
- ``mean_value``: f(m) + sum_i f_i(B) (B_i - m_i) (Moore, *Interval Analysis*, 1966, 7.2),
  sound for f continuous on B and differentiable inside it, or Lipschitz with the kinks of
  abs/max/min differentiated to Clarke's generalized gradients (``ClarkeSign``);
- ``face(i, v)``: f with x_i = v substituted exactly (sympy), so a margin that vanishes
  identically on a face (``sqrt(0 + b) - sqrt(b)``) evaluates to an exact 0 there;
- ``tail(i, sign)``: f and d f/d x_i at x_i = sign/s, rewritten as functions of s on
  [0, 1/|X|] (a compactification of [X, +-inf)); a form finite at s = 0 encloses f on the
  whole tail, and a certified sign of the derivative there makes f monotone on the tail;
- ``homogeneity``: the degree k with f(t u_S) = t^k f(u_S) (u = x - L, the shifted
  coordinates), so the box at the domain's lower corner is decided by scaling.
"""

from __future__ import annotations

import math
from functools import cached_property, lru_cache

import sympy
from flint import arb

from ...expr.balls import intersect
from ...expr.functions import OracleFunction
from ...lowering.tree import JumpFree
from ...lowering import LoweringError, lower
from .clarke import clarke as _clarke
from ..signs import Budget, SignTree, enclose, guarded, static_sign

__all__ = ["Forms", "defined", "enclose", "intersect", "rewritten"]

#: expressions larger than this (sympy count_ops) are not rewritten (cost guard)
MAX_OPS = 400
#: seconds of sympy work (rewrites, derivatives, sign queries) per claim
SYMPY_BUDGET = 8.0
#: a rewrite more than this many times larger than the expression is not used
GROWTH = 4


def rewritten(expr: sympy.Expr, budget: Budget | None = None) -> sympy.Expr | None:
    """``expr`` as one cancelled fraction, factored if it is a polynomial; None if not
    different or not found in time."""
    return (budget.run if budget else guarded)(_rewritten, expr)


def _rewritten(expr: sympy.Expr) -> sympy.Expr | None:
    """``expr`` as one cancelled fraction, factored if it is a polynomial (exact
    rewrites: x^2 + y^2 - 2xy becomes (x - y)^2), or None if not different."""
    try:
        # a constant has nothing to cancel, and sympy may spend unbounded time on it
        # (cancel(-Q(40) + exp(-800)/2) runs into its time guard)
        if not expr.free_symbols or sympy.count_ops(expr) > MAX_OPS:
            return None
        out = sympy.cancel(sympy.together(expr))
        if out.is_polynomial() and len(out.free_symbols) <= 4:
            out = sympy.factor(out)
    except (sympy.PolynomialError, TypeError, ValueError, RecursionError):
        return None
    # a rewrite that swells the expression (cancel spreads a fraction through exp and erfc
    # arguments) costs more per box than it can win: kept only while compact
    if out == expr or sympy.count_ops(out) > GROWTH * sympy.count_ops(expr) + 40:
        return None
    return out


def switch_conditions(expr) -> list:
    """The conditions of the Piecewise in ``expr`` that depend on a parameter."""
    out = []
    for pw in expr.atoms(sympy.Piecewise):
        for _, cond in pw.args:
            if getattr(cond, "free_symbols", None) and cond not in out:
                out.append(cond)
    return out


def defined(value: arb) -> bool:
    """The hook "the margin is certainly defined on this box": finite enclosure."""
    return value.is_finite()


class Relaxed(sympy.Symbol):
    """A real symbol standing for an integer parameter between the integers."""


@lru_cache(maxsize=256)
def relaxed(expr):
    """``expr`` with each integer symbol replaced by a real one of the same name and sign:
    the derivatives of a margin over integer parameters are those of its real relaxation,
    which the boxes enclose between the integers (sympy, told n is an integer, takes
    DiracDelta(n - 5/2) = 0 in the second derivative of max(n - 5/2, 0): red round 5).
    Remembered for the claim: each derivative of the margin relaxes the margin again."""
    ints = [s for s in expr.free_symbols if s.is_integer]
    if not ints:
        return expr
    return expr.xreplace({s: Relaxed(s.name, real=True, **{
        k: True for k in ("positive", "nonnegative", "negative", "nonpositive")
        if getattr(s, "is_" + k)}) for s in ints})


class _Form:
    """One quantity with several exact expressions for it: enclosure = their intersection;
    for a fraction N/D also the sign from the signs of N and D."""

    def __init__(self, expr: sympy.Expr, names, budget: Budget | None = None):
        self.fns, self.num_den, self.static_nd = [], None, (None, None)
        self.trees = []
        exprs = [expr]
        alt = None if expr.atoms(OracleFunction) else rewritten(expr, budget)
        if alt is not None:
            exprs.append(alt)
        # sympy's sign rules may use integrality; the forms are also evaluated between
        # integers (derivatives), so no static signs where an integer parameter occurs
        # (nor its real relaxation: a budget choice, sympy signs are slow)
        real = not any(sym.is_integer or isinstance(sym, Relaxed) for sym in expr.free_symbols)
        self.static = next((s for s in (static_sign(e, False, budget) for e in exprs)
                            if s is not None), None) if real else None
        self.positive = real and any(static_sign(e, True, budget) == 1 for e in exprs)
        for e in exprs:
            try:
                self.fns.append(lower(e, names))
            except (LoweringError, TypeError, ValueError):
                continue
        # sign rules over the tree evaluate every node: only for small expressions
        self.trees = [SignTree(e, names) for e in exprs if sympy.count_ops(e) <= 80]
        try:
            num, den = sympy.fraction(alt if alt is not None else sympy.together(expr))
            if den != 1:
                self.num_den = (lower(num, names), lower(den, names))
                if real:
                    self.static_nd = (static_sign(num, False, budget),
                                      static_sign(den, False, budget))
        except (LoweringError, TypeError, ValueError):
            self.num_den = None

    def __bool__(self):
        return bool(self.fns)

    def __call__(self, *balls) -> arb:
        return intersect(enclose(f, balls) for f in self.fns)

    def sign(self, balls) -> int | None:
        """+1 if certified >= 0 wherever defined on the balls, -1 if <= 0, else None."""
        v = self(*balls)
        if v >= 0:
            return 1
        if v <= 0:
            return -1
        if self.static is not None:
            return self.static
        for tree in self.trees:
            t = tree.sign(balls)
            if t is not None:
                return t
        if self.num_den is None:
            return None
        n, d = (enclose(f, balls) for f in self.num_den)
        sn = 1 if n >= 0 else (-1 if n <= 0 else self.static_nd[0])
        sd = 1 if d >= 0 else (-1 if d <= 0 else self.static_nd[1])
        return None if sn is None or sd is None else sn * sd


class Forms:
    """The derived forms of one claim's margin (built lazily, cached)."""

    def __init__(self, margin: sympy.Expr, names: tuple[str, ...], ranges=None):
        self.margin, self.names = margin, names
        self.symbols = {s.name: s for s in margin.free_symbols}
        self.budget = Budget(SYMPY_BUDGET)
        self.atoms = _affine_atoms(margin, names, ranges) if ranges else []
        self.all_names = tuple(names) + tuple(a[1].name for a in self.atoms)

    def _diff(self, expr, x, n: int = 1):
        """d^n expr / dx^n, or None when sympy takes too long (``Budget``).  Where ``expr``
        has Piecewise switches, the derivative is ``JumpFree`` of their conditions: sympy
        differentiates branch by branch and drops the jumps, so it holds only on boxes
        that no switch crosses."""
        expr, x = relaxed(expr), relaxed(x)
        d = self.budget.run(sympy.diff, expr, x, n)
        conds = switch_conditions(expr)
        return d if d is None or not conds else JumpFree(d, *conds)

    def _form(self, expr, atoms: bool = True) -> _Form:
        """A form of ``expr``, its affine atoms replaced by their own symbols, and the
        derivatives of kinks (sign, Heaviside) by their Clarke generalized gradients;
        None for no expression (sympy ran out of time)."""
        if expr is None:
            return None
        expr = _clarke(expr)
        if atoms and self.atoms:
            # (a derivative is in the relaxed symbols: its atoms are the relaxed ones)
            expr = expr.xreplace({b: sym for a, sym, _ in self.atoms for b in (a, relaxed(a))})
        return _Form(expr, self.all_names, self.budget)

    def atom_balls(self, box) -> list:
        """Balls of the affine atoms on an exact box (``None`` ends not allowed): their
        exact ranges, with an end at 0 kept exactly (``boxes.balls``)."""
        from .boxes import balls as make

        out = []
        for _, _, (c0, coeffs) in self.atoms:
            lo = hi = c0
            for i, c in coeffs.items():
                a, b = c * box[i][0], c * box[i][1]
                lo, hi = lo + min(a, b), hi + max(a, b)
            out.append((lo, hi))
        return make(out)

    @lru_cache(maxsize=None)
    def derivative(self, i: int) -> _Form | None:
        name = self.names[i]
        if name not in self.symbols:
            return None
        form = self._form(self._diff(self.margin, self.symbols[name]))
        return form or None

    @lru_cache(maxsize=None)
    def second(self, i: int) -> _Form | None:
        name = self.names[i]
        if name not in self.symbols:
            return None
        form = self._form(self._diff(self.margin, self.symbols[name], 2))
        return form or None

    @cached_property
    def differentiable(self) -> bool:
        return all(self.derivative(i) is not None for i in range(len(self.names))
                   if self.names[i] in self.symbols)

    def mean_value(self, balls, mids) -> arb:
        """f(m) + sum_i f_i(B) (B_i - m_i); nan if some partial cannot be enclosed."""
        if not self.differentiable:
            return arb.nan()
        total = enclose(self.whole, mids)
        for i, (b, m) in enumerate(zip(balls[:len(self.names)], mids)):
            d = self.derivative(i)
            if d is not None:
                total += d(*balls) * (b - m)
        return total

    @cached_property
    def whole(self) -> _Form:
        return self._form(self.margin)

    @lru_cache(maxsize=None)
    def face(self, i: int, value) -> _Form | None:
        """The margin with x_i = value (an exact rational) substituted symbolically."""
        name = self.names[i]
        if name not in self.symbols:
            return None
        try:
            form = self._form(self.margin.subs(self.symbols[name], value))
        except (TypeError, ValueError):   # sympy cannot rebuild it (Max(x, Phi(1)) at x = c)
            return None
        return form or None

    @lru_cache(maxsize=None)
    def derivative_face(self, i: int, value) -> _Form | None:
        """d f / d x_i with x_i = value substituted symbolically."""
        name = self.names[i]
        if name not in self.symbols:
            return None
        x = self.symbols[name]
        d = self._diff(self.margin, x)
        form = None if d is None else self._form(d.subs(relaxed(x), value))
        return form or None

    @lru_cache(maxsize=None)
    def tail(self, i: int, sign: int) -> tuple[_Form | None, _Form | None]:
        """(margin, d margin/d x_i) at x_i = sign/s as functions of s in x_i's slot."""
        name = self.names[i]
        if name not in self.symbols:
            return None, None
        x, s = self.symbols[name], sympy.Symbol(name, positive=True)
        sub = {x: sign / s}
        out = []
        for e in (self.margin, self._diff(self.margin, x)):
            form = None if e is None else self._form(e.subs(sub), atoms=False)
            out.append(form or None)
        return tuple(out)

    @lru_cache(maxsize=None)
    def tail_second(self, i: int, sign: int) -> _Form | None:
        """d^2 margin/d x_i^2 at x_i = sign/s, as a function of s in x_i's slot."""
        name = self.names[i]
        if name not in self.symbols:
            return None
        x = self.symbols[name]
        d = self._diff(self.margin, x, 2)
        form = None if d is None else self._form(d.subs(x, sign / sympy.Symbol(
            name, positive=True)), atoms=False)
        return form or None

    @lru_cache(maxsize=None)
    def homogeneity(self, group: tuple[int, ...]):
        """The degree k (sympy number) with f(t x_S) = t^k f(x_S) for t > 0, or None.
        A float test at a few points screens out most margins before sympy is asked."""
        if not self._numerically_homogeneous(group):
            return None
        return self.budget.run(self._homogeneity, group, seconds=5.0)

    def _numerically_homogeneous(self, group) -> bool:
        try:
            f = lower(self.margin, self.names, "float")
        except (LoweringError, TypeError, ValueError):
            return False
        base = [0.37 + 0.11 * i for i in range(len(self.names))]
        scaled = [x * (0.5 if i in group else 1.0) for i, x in enumerate(base)]
        other = [x * (0.25 if i in group else 1.0) for i, x in enumerate(base)]
        a, b, c = f(*base), f(*scaled), f(*other)
        if not all(map(math.isfinite, (a, b, c))) or a == 0 or b == 0:
            return a == b == c == 0
        r1, r2 = b / a, c / b
        return r1 > 0 and abs(r1 - r2) <= 1e-9 * abs(r1)

    def _homogeneity(self, group: tuple[int, ...]):
        if not group or sympy.count_ops(self.margin) > MAX_OPS:
            return None
        t = sympy.Symbol("t_scale", positive=True)
        sub = {self.symbols[self.names[i]]: t * self.symbols[self.names[i]]
               for i in group if self.names[i] in self.symbols}
        if not sub:
            return None
        margin = _no_max(self.margin)     # max(a, b) = (a + b + |a - b|)/2, exactly
        scaled = margin.subs(sub, simultaneous=True)
        ratio = sympy.simplify(sympy.powsimp(sympy.expand_power_base(
            sympy.factor_terms(scaled), force=False)) / margin)
        k = _power_of(ratio, t)
        if k is None:
            return None
        check = sympy.simplify(scaled - t ** k * margin)
        return k if check == 0 else None


def _affine_atoms(margin, names, ranges) -> list:
    """Affine terms c0 + sum c_i u_i (rational c) under a root, a non-integer power or a
    log whose range over the whole domain is >= 0: each gets a symbol known >= 0 and, on a
    box, a ball of its exact range, so ``(1 - delta)^n`` at delta = 1 is enclosed."""
    index = {n: i for i, n in enumerate(names)}
    found, out = [], []
    for node in sympy.preorder_traversal(margin):
        if node.is_Pow and not node.exp.is_Integer:
            found.append(node.base)
        elif getattr(node.func, "__name__", "") == "log":
            found.append(node.args[0])
    for a in dict.fromkeys(found):
        if not a.is_Add or not a.free_symbols or any(s.name not in index or ranges[
                index[s.name]] is None for s in a.free_symbols):
            continue
        syms = sorted(a.free_symbols, key=lambda s: s.name)
        try:
            poly = sympy.Poly(a, *syms)
        except sympy.PolynomialError:
            continue
        if poly.total_degree() > 1 or not all(c.is_Rational for c in poly.coeffs()):
            continue
        c0 = poly.coeff_monomial(1)
        coeffs = {index[s.name]: poly.coeff_monomial(s) for s in syms}
        lo = c0 + sum(min(c * ranges[i][0], c * ranges[i][1]) for i, c in coeffs.items())
        if lo < 0:
            continue
        sym = sympy.Symbol(f"_atom{len(out)}", **({"positive": True} if lo > 0 else
                                                   {"nonnegative": True}))
        out.append((a, sym, (c0, coeffs)))
    return out


def _no_max(expr):
    """Max and Min written with Abs (exact identities), so that sympy sees scalings."""
    def pair(args, sign):
        acc = args[0]
        for b in args[1:]:
            acc = (acc + b + sign * sympy.Abs(acc - b)) / 2
        return acc
    return expr.replace(lambda e: isinstance(e, (sympy.Max, sympy.Min)),
                        lambda e: pair(e.args, 1 if isinstance(e, sympy.Max) else -1))


def _power_of(expr, t):
    """k if expr is exactly t**k (k a rational number), else None."""
    if expr == 1:
        return sympy.Integer(0)
    if expr == t:
        return sympy.Integer(1)
    if expr.is_Pow and expr.base == t and expr.exp.is_Rational:
        return expr.exp
    return None
