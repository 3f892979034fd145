"""Tails decided by the asymptotic expansion of erfc with a certified remainder (issue 13).

On a tail x in [X, oo) (or an open end x -> L+) a margin such as osgt22's variance bound,
t phi(t)/Q(t) - t^2 -> 1, cancels two terms that grow without bound: no ball on the tail
holds it, and the relative margin shrinks like 1/t^2 on finite boxes.  Here x = 1/s
(x = -1/s, x = L + s) with s in [0, h], and every erfc(z) (Q, Phi and erf written with
erfc) whose argument is certified of one sign on the box is replaced by its expansion
(DLMF 7.12.1; 7.12(i): for real z > 0 the remainder after n terms has the sign of the
first neglected term and is at most its size):

    erfc(z) = exp(-z^2)/(sqrt(pi) z) (sum_{m<n} (-1)^m (2m-1)!!/(2z^2)^m
                                      + theta (-1)^n (2n-1)!!/(2z^2)^n),  theta in [0, 1],

erfc(z) = 2 - erfc(-z) for z < 0.  For every x some theta in [0, 1] (one per distinct z)
makes this exact, so the margin is certified if its rewritten form is, for all theta in
[0, 1] and s in [0, h].  sympy combines the exponentials and cancels the rational
function exactly (the cancelling leading terms disappear there); its numerator and
denominator, stripped of factors positive for s > 0 (positive numbers, powers of s,
exponentials), are enclosed separately on the box: the margin has the sign of their
product wherever both are non-zero.  The sign of z is read from 1/z (together): > 0 by
sympy's sign rules (s > 0), or its enclosure on the box >= 0 (then z > 0) or <= 0.

Definedness: every partial term of the margin (``definedness.edge_check``) must be a power
or a log whose base, rewritten the same way, is certified non-zero (negative integer
powers) or positive (logs, other powers) on the box; a base c erfc(z), c > 0, is positive.
Claims with hypotheses: only on a tail whose hypotheses are free of the unbounded side and
certainly defined (``tails``): the conclusion certified there proves the implication.
"""

from __future__ import annotations

import sympy
from flint import arb

from ...definedness import edge_check
from ...expr.functions import Phi, Q
from ...lowering import LoweringError, lower
from . import boxes as B
from ..signs import enclose, guarded, static_sign

#: orders of the expansion tried (terms before the remainder)
ORDERS = (2, 4)
BUDGET = 4.0     # sympy work per side, orientation and order
THETA = "asymptotic_theta"


def expansion(z, theta, n: int):
    """erfc(z) for real z > 0, with some theta in [0, 1] (DLMF 7.12.1, 7.12(i))."""
    w = 1 / (2 * z ** 2)
    head = sympy.Add(*[(-1) ** m * sympy.factorial2(2 * m - 1) * w ** m for m in range(n)])
    rest = theta * (-1) ** n * sympy.factorial2(2 * n - 1) * w ** n
    return sympy.exp(-z ** 2) / (sympy.sqrt(sympy.pi) * z) * (head + rest)


def _erfc_only(e):
    return e.replace(Q, lambda u: sympy.erfc(u / sympy.sqrt(2)) / 2).replace(
        Phi, lambda u: sympy.erfc(-u / sympy.sqrt(2)) / 2).replace(
        sympy.erf, lambda z: 1 - sympy.erfc(z))


def _positive_factor(f, s) -> bool:
    return ((f.is_number and f.is_positive) or isinstance(f, sympy.exp) or
            (f.is_Pow and f.base == s) or f == s)


class _Side:
    """The sympy work for one side and substitution (cached per orientation and order)."""

    def __init__(self, exprs, x, to, names, i):
        self.s = sympy.Symbol(names[i], positive=True)
        self.names = tuple(names)
        self.exprs = [_erfc_only(e).xreplace({x: to(self.s)}) for e in exprs]
        self.zs = list(dict.fromkeys(a.args[0] for e in self.exprs
                                     for a in e.atoms(sympy.erfc) if a.args[0].has(self.s)))
        self.thetas = [sympy.Symbol(f"{THETA}{k}", real=True) for k in range(len(self.zs))]
        inverse = [sympy.together(1 / z) for z in self.zs]
        self.static = [static_sign(v, True) for v in inverse]
        self.inverse = [lower(v, self.names) for v in inverse]
        self.partial = [n for e in self.exprs for n in sympy.preorder_traversal(e)
                        if isinstance(n, sympy.Basic) and not n.is_Atom
                        and edge_check(n) is not None]
        self.cache: dict = {}

    def orientation(self, balls, i) -> tuple:
        """Per z: +1 / -1 if z > 0 / z < 0 on the box, 0 if unknown or if z stays bounded
        at s = 0 (1/z away from 0 there: the expansion would not help)."""
        out, end = [], list(balls)
        end[i] = arb(0)
        for f, known in zip(self.inverse, self.static):
            at_end = enclose(f, end)
            if not (at_end.is_finite() and at_end.contains(0)):
                out.append(0)
                continue
            if known is not None:
                out.append(known)
                continue
            v = enclose(f, balls)
            out.append(1 if v.is_finite() and v >= 0 else (
                -1 if v.is_finite() and v <= 0 else 0))
        return tuple(out)

    def rewrite(self, e, signs, n):
        rule = {}
        for z, th, sg in zip(self.zs, self.thetas, signs):
            if sg > 0:
                rule[sympy.erfc(z)] = expansion(z, th, n)
            elif sg < 0:
                rule[sympy.erfc(z)] = 2 - expansion(-z, th, n)
        return e.xreplace(rule)

    def signed_parts(self, e, signs, n):
        """(numerator, denominator) of the rewritten e, stripped of positive factors."""
        r = sympy.cancel(sympy.together(sympy.powsimp(self.rewrite(e, signs, n))))
        num, den = sympy.fraction(r)
        out = []
        for part in (num, den):
            kept = [f for f in sympy.Mul.make_args(sympy.factor_terms(part))
                    if not _positive_factor(f, self.s)]
            out.append(lower(sympy.Mul(*kept), self.names + tuple(t.name for t in self.thetas)))
        return tuple(out)

    def compiled(self, signs, n):
        key = (signs, n)
        if key not in self.cache:
            self.cache[key] = guarded(self._compile, signs, n, seconds=BUDGET)
        return self.cache[key]

    def _compile(self, signs, n):
        checks = []
        for node in self.partial:
            base = node.base if node.is_Pow else node.args[0]
            if not (node.is_Pow or node.func.__name__ == "log"):
                return None
            if not base.has(self.s) and not base.free_symbols:
                continue
            if _positive_erfc(base):
                continue
            nonzero = node.is_Pow and node.exp.is_Integer and node.exp < 0
            checks.append((self.signed_parts(base, signs, n), nonzero))
        return self.signed_parts(self.exprs[0], signs, n), checks


def _positive_erfc(base) -> bool:
    c, rest = base.as_coeff_Mul()
    return c > 0 and isinstance(rest, sympy.erfc)


def _sign(parts, balls):
    """+1/-1 if num/den is certified > 0 / < 0 on the balls, 0 if only >= 0 (den != 0),
    None otherwise."""
    num, den = (enclose(f, balls) for f in parts)
    if not (num.is_finite() and den.is_finite()) or not (den > 0 or den < 0):
        return None
    flip = 1 if den > 0 else -1
    if num > 0 or num < 0:
        return flip if num > 0 else -flip
    if num >= 0 or num <= 0:
        return 0 if flip * (1 if num >= 0 else -1) > 0 else None
    return None


def _defined(parts, nonzero: bool, balls) -> bool:
    """A partial term's base certified != 0 (``nonzero``) or > 0 on the box."""
    sg = _sign(parts, balls)
    return sg is not None and sg != 0 and (nonzero or sg > 0)


def holds(side: _Side, balls, i, strict: bool) -> bool:
    """The margin certified >= 0 (> 0 if strict) on the box (s in x's slot i)."""
    signs = side.orientation(balls, i)
    if not any(signs):
        return False
    full = list(balls) + [arb(0).union(arb(1))] * len(side.thetas)
    for n in ORDERS:
        got = side.compiled(signs, n)
        if got is None:
            return False
        margin, checks = got
        if not all(_defined(parts, nonzero, full) for parts, nonzero in checks):
            continue        # a higher order may separate the base from 0
        sg = _sign(margin, full)
        if sg is not None and (sg > 0 or (sg == 0 and not strict)):
            return True
    return False


class AsymptoticTails:
    """Methods of ``interval_search.Search``: a tail or an open end by the expansion of erfc."""

    def _asymptotic_holds(self, box, i, open_end=False) -> bool:
        st = self.c.claim.statement
        if (st.hypotheses and (open_end or self._tail_routes_off(box))) or self.identity:
            return False
        lo, hi = box[i]
        if open_end:
            key, to, h = ("open", i), (lambda s, L=lo: L + s), hi - lo
        elif hi is None and lo is not None and lo > 0:
            key, to, h = ("tail", i, 1), (lambda s: 1 / s), 1 / lo
        elif lo is None and hi is not None and hi < 0:
            key, to, h = ("tail", i, -1), (lambda s: -1 / s), -1 / hi
        else:
            return False
        if any(a is None or b is None for k, (a, b) in enumerate(box) if k != i):
            return False
        cache = self.__dict__.setdefault("_asymptotic", {})
        if key not in cache:
            x = {s.name: s for s in st.margin().free_symbols}.get(self.c.names[i])
            cache[key] = None if x is None else guarded(
                _Side, [st.margin(), *st.guards], x, to, self.c.names, i, seconds=BUDGET)
        side = cache[key]
        if side is None:
            return False
        others = list(box)
        others[i] = (0, h)
        try:
            return holds(side, B.balls(others), i, self.c.strict)
        except (LoweringError, ValueError, ZeroDivisionError, TypeError):
            return False
