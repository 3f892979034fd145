"""Enclosures of a margin on a box tighter than plain ball evaluation (issue 12).

Plain ball evaluation of ``f`` on a box overestimates (the dependency problem) and cannot
certify a margin that is 0 somewhere on the box.  Every form here is derived from the
margin's sympy expression, lowered to arb like the margin itself, and is used only on boxes
where the margin itself is enclosed finitely (``defined``: the hook where a stricter
definedness check plugs in), so that the margin is continuous there:

- ``derivative(i)``: d f / d x_i, as differentiated and as cancelled into one fraction
  ``N/D`` (sympy ``together``/``cancel``, exact rewrites); the sign is certified from the
  raw form, the cancelled form, or the signs of N and D separately (``sign``);
- ``mean_value``: f(m) + sum_i f_i(B) (B_i - m_i) (Moore, *Interval Analysis*, 1966, 7.2),
  sound for f continuous on B and differentiable inside it;
- ``face(i, v)``: f with x_i = v substituted exactly (sympy), so a margin that vanishes
  identically on a face (``sqrt(0 + b) - sqrt(b)``) evaluates to an exact 0 there;
- ``tail(i, sign)``: f and d f/d x_i at x_i = sign/s, rewritten as functions of s on
  [0, 1/|X|] (a compactification of [X, +-inf)); a form finite at s = 0 encloses f on the
  whole tail, and a certified sign of the derivative there makes f monotone on the tail;
- ``homogeneity``: the degree k with f(t x_S) = t^k f(x_S) for the parameters S whose range
  starts at 0, so a box at the corner 0 is decided by scaling into certified boxes.
"""

from __future__ import annotations

from functools import cached_property, lru_cache

import sympy
from flint import arb

from ..lowering import LoweringError, lower

#: expressions larger than this (sympy count_ops) are not rewritten (cost guard)
MAX_OPS = 400


def rewritten(expr: sympy.Expr) -> sympy.Expr | None:
    """``expr`` as one cancelled fraction (an exact rewrite), or None if not different."""
    try:
        if sympy.count_ops(expr) > MAX_OPS:
            return None
        out = sympy.cancel(sympy.together(expr))
    except (sympy.PolynomialError, TypeError, ValueError, RecursionError):
        return None
    return None if out == expr else out


def defined(value: arb) -> bool:
    """The hook "the margin is certainly defined on this box": finite enclosure."""
    return value.is_finite()


def enclose(fn, balls) -> arb:
    """``fn(*balls)``, nan where an oracle rejects a wide ball (undecided, never decided)."""
    try:
        return fn(*balls)
    except (ValueError, ZeroDivisionError, TypeError):
        return arb.nan()


def intersect(values) -> arb:
    """The intersection of the finite enclosures of one quantity (nan if none)."""
    out = None
    for v in values:
        if v.is_finite():
            out = v if out is None else _meet(out, v)
    return arb.nan() if out is None else out


def _meet(a: arb, b: arb) -> arb:
    try:
        return a.intersection(b)
    except ValueError:  # disjoint: cannot happen for two enclosures of one number
        return a


class _Form:
    """One quantity with several exact expressions for it: enclosure = their intersection;
    for a fraction N/D also the sign from the signs of N and D."""

    def __init__(self, expr: sympy.Expr, names):
        self.fns, self.num_den, self.static_nd = [], None, (None, None)
        self.static = _static_sign(expr)
        exprs = [expr]
        alt = rewritten(expr)
        if alt is not None:
            exprs.append(alt)
        for e in exprs:
            try:
                self.fns.append(lower(e, names))
            except (LoweringError, TypeError, ValueError):
                continue
        try:
            num, den = sympy.fraction(alt if alt is not None else sympy.together(expr))
            if den != 1:
                self.num_den = (lower(num, names), lower(den, names))
                self.static_nd = (_static_sign(num), _static_sign(den))
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
        if self.num_den is None:
            return None
        n, d = (enclose(f, balls) for f in self.num_den)
        sn = 1 if n >= 0 else (-1 if n <= 0 else self.static_nd[0])
        sd = 1 if d >= 0 else (-1 if d <= 0 else self.static_nd[1])
        return None if sn is None or sd is None else sn * sd


def _static_sign(expr) -> int | None:
    """+1 / -1 if sympy's sign rules show expr >= 0 / <= 0 on the whole domain (its
    symbols carry the domain's sign assumptions), else None."""
    try:
        if expr.is_nonnegative:
            return 1
        if expr.is_nonpositive:
            return -1
    except (TypeError, ValueError, RecursionError):
        return None
    return None


class Forms:
    """The derived forms of one claim's margin (built lazily, cached)."""

    def __init__(self, margin: sympy.Expr, names: tuple[str, ...]):
        self.margin, self.names = margin, names
        self.symbols = {s.name: s for s in margin.free_symbols}

    @lru_cache(maxsize=None)
    def derivative(self, i: int) -> _Form | None:
        name = self.names[i]
        if name not in self.symbols:
            return None
        form = _Form(sympy.diff(self.margin, self.symbols[name]), self.names)
        return form or None

    @lru_cache(maxsize=None)
    def second(self, i: int) -> _Form | None:
        name = self.names[i]
        if name not in self.symbols:
            return None
        form = _Form(sympy.diff(self.margin, self.symbols[name], 2), self.names)
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
        for i, (b, m) in enumerate(zip(balls, mids)):
            d = self.derivative(i)
            if d is not None:
                total += d(*balls) * (b - m)
        return total

    @cached_property
    def whole(self) -> _Form:
        return _Form(self.margin, self.names)

    @lru_cache(maxsize=None)
    def face(self, i: int, value) -> _Form | None:
        """The margin with x_i = value (an exact rational) substituted symbolically."""
        name = self.names[i]
        if name not in self.symbols:
            return None
        form = _Form(self.margin.subs(self.symbols[name], value), self.names)
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
        for e in (self.margin, sympy.diff(self.margin, x)):
            form = _Form(e.subs(sub), self.names)
            out.append(form or None)
        return tuple(out)

    @lru_cache(maxsize=None)
    def homogeneity(self, group: tuple[int, ...]):
        """The degree k (sympy number) with f(t x_S) = t^k f(x_S) for t > 0, or None."""
        if not group or sympy.count_ops(self.margin) > MAX_OPS:
            return None
        t = sympy.Symbol("t_scale", positive=True)
        sub = {self.symbols[self.names[i]]: t * self.symbols[self.names[i]]
               for i in group if self.names[i] in self.symbols}
        if not sub:
            return None
        try:
            scaled = self.margin.subs(sub, simultaneous=True)
            ratio = sympy.simplify(sympy.powsimp(sympy.expand_power_base(
                sympy.factor_terms(scaled), force=False)) / self.margin)
        except (TypeError, ValueError, RecursionError, ZeroDivisionError):
            return None
        k = _power_of(ratio, t)
        if k is None:
            return None
        check = sympy.simplify(scaled - t ** k * self.margin)
        return k if check == 0 else None


def _power_of(expr, t):
    """k if expr is exactly t**k (k a rational number), else None."""
    if expr == 1:
        return sympy.Integer(0)
    if expr == t:
        return sympy.Integer(1)
    if expr.is_Pow and expr.base == t and expr.exp.is_Rational:
        return expr.exp
    return None
