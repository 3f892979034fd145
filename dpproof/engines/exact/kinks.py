"""Proof piece by piece between the kinks of a claim in one continuous parameter (issue 13).

The hockey-stick of finite laws, H_eps(P||Q) = sum_i max(0, p_i - e^eps q_i), is A - e^eps B
between its breakpoints eps = log(p_i/q_i), and exactly 0 past the largest; a claim
comparing such terms (post-processing, composition, group privacy on binned or discrete
mechanisms) is 0 on whole intervals or tight at a kink, where ball arithmetic alone never
certifies a sign.  Here the margin f(x) (its oracles derived from the definitions,
``oracles.symbolic``) is decided on [lo, hi] exactly at the kinks:

1. the innermost switches (``Max``, ``Min``, ``Abs``, a two-branch ``Piecewise`` that is
   continuous at its switch, checked exactly) each switch where g = A + B h(x) vanishes,
   h(x) = x or e^(c x) (strictly monotone): its only root x0 = -A/B or log(-A/B)/c, exact;
2. the roots inside (lo, hi) are ordered in arb (a pair the balls do not separate must be
   equal exactly, ``cases.is_zero``, and is merged), the piece is split at them, and on
   each piece every switch keeps the branch it takes at an interior rational point (no
   root inside, and the switches are continuous, so the branch holds on the closed piece);
3. a piece with no switch left is a leaf: f simplifies to 0 exactly (the only way on the
   last piece of a half-line [lo, oo): past the last kink, e.g. where a hockey-stick and
   its bound both vanish), or f is bounded below
   by 0 in ball arithmetic on sub-intervals (bisection), where a sub-interval at an end x0
   with f(x0) = 0 exactly is decided by the sign of f' (of f'' where f'(x0) = 0 too) on it:
   f(x) = f(x0) + f'(xi)(x - x0) (mean value theorem).

PROVED needs every piece proved; a failure says nothing about the claim.  Integer
parameters with few values are substituted instance by instance (``instances.by_kinks``).
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import sympy
from flint import arb
from sympy import Abs, Max, Min, Piecewise

from ...expr.rebuild import SWITCHES, replace_unevaluated
from ...lowering import LoweringError, arb_ball, at_precision, lower
from .cases import is_zero
from .kink_points import PREC, Fail, Point, constant as _constant, point, root, roots
from ..base import now

MAX_BOXES = 4000         # sub-intervals of one leaf
MAX_PIECES = 200       # pieces of one claim
MAX_ORDER = 3          # derivatives tried at a tight end
TOUCH_WIDTH = arb(2) ** -4     # an undecided sub-interval this narrow: look for a touching
                               # zero at the simplest rational within twice its radius
MAX_DENOMINATOR = 10 ** 4


_DEBUG = bool(__import__("os").environ.get("DPPROOF_KINKS_DEBUG"))


def _rational_between(a: Point, b: Point) -> sympy.Rational:
    if b.exact is sympy.oo:
        man, ex = a.ball.upper().mid().man_exp()
        return sympy.floor(sympy.Rational(int(man)) * sympy.Rational(2) ** int(ex)) + 1
    if not a.ball.upper() < b.ball.lower():
        raise Fail(f"the ends {a.exact} and {b.exact} are not separated")
    m = (a.ball.upper() + b.ball.lower()) / 2
    man, ex = m.mid().man_exp()
    return sympy.Rational(int(man)) * sympy.Rational(2) ** int(ex)


# -- switches ---------------------------------------------------------------------------

def _innermost(f) -> list:
    """The switches of f with no switch inside them."""
    return [n for n in sympy.preorder_traversal(f) if isinstance(n, SWITCHES)
            and not any(isinstance(a, SWITCHES) for arg in n.args
                        for a in sympy.preorder_traversal(arg))]


def _switches(node) -> list:
    if isinstance(node, (Max, Min)):
        return [a - b for i, a in enumerate(node.args) for b in node.args[i + 1:]]
    if isinstance(node, Abs):
        return [node.args[0]]
    if len(node.args) != 2 or node.args[1][1] is not sympy.true:
        raise Fail("a Piecewise of more than two branches")
    cond = node.args[0][1]
    if not isinstance(cond, sympy.core.relational.Relational) or isinstance(cond, (sympy.Eq,
                                                                                 sympy.Ne)):
        raise Fail(f"the condition {cond}")
    return [cond.lhs - cond.rhs]


@functools.lru_cache(maxsize=4096)
def _value(expr, x, at: sympy.Rational) -> arb:
    """expr at the rational ``at`` in balls (cached: the envelope and the branch taken
    evaluate the same arguments at the same point): expr lowered once as a function of x
    (every piece evaluates the same arguments), else the constant expr(at) lowered."""
    f = _in_x(expr, x)
    if f is not None:
        try:
            with at_precision(PREC):
                v = f(arb_ball(at))
            if v.is_finite():
                return v
        except (ArithmeticError, TypeError, ValueError, NotImplementedError):
            pass
    return _constant(expr.xreplace({x: at}))


@functools.lru_cache(maxsize=1024)
def _in_x(expr, x):
    if expr.free_symbols - {x} or expr.has(sympy.CRootOf, sympy.cosh, sympy.sinh, sympy.tanh):
        return None
    try:
        return lower(expr, (x.name,), "arb")
    except (LoweringError, TypeError, ValueError, NotImplementedError):
        return None


def _branch(node, x, at):
    """The branch of ``node`` at the rational point ``at`` (certified in arb)."""
    if isinstance(node, Abs):
        v = _value(node.args[0], x, at)
        if v > 0 or v < 0:
            return node.args[0] if v > 0 else -node.args[0]
        if is_zero(node.args[0].xreplace({x: at})) and is_zero(node.args[0]):
            return node.args[0]                       # 0 on the whole piece
        raise Fail(f"the sign of {node.args[0]} at {at}")
    if isinstance(node, Piecewise):
        (a, cond), (b, _) = node.args
        g = _value(cond.lhs - cond.rhs, x, at)
        if not (g > 0 or g < 0):
            raise Fail(f"the condition {cond} at {at}")
        holds = (g > 0) == isinstance(cond, (sympy.StrictGreaterThan, sympy.GreaterThan))
        if not is_zero(_at_switch(a - b, cond, x)):
            raise Fail(f"a Piecewise not continuous at {cond}")
        return a if holds else b
    flip = 1 if isinstance(node, Max) else -1
    vals = [(_value(a, x, at), a) for a in node.args]
    for v, a in vals:      # above every other argument at ``at``, or equal to it everywhere
        if all(flip * (v - w) > 0 or (v.overlaps(w) and is_zero(a - b))
               for w, b in vals if b is not a):
            return a
    raise Fail(f"the branch of {node} at {at}")


def _at_switch(d, cond, x):
    r = root(cond.lhs - cond.rhs, x)
    if r is None:
        return sympy.S.Zero                           # never switches
    return d.xreplace({x: r})


# -- pieces ----------------------------------------------------------------------------

class Prover:
    def __init__(self, x, strict: bool, deadline: float, zero: bool = False):
        self.x, self.strict, self.deadline, self.zero = x, strict, deadline, zero
        self.pieces, self.lines, self.tried, self.compiled = 0, [], set(), {}
        self.roots: dict = {}         # a switch's exact roots, found once for every piece

    def _time(self):
        if now() > self.deadline:
            raise Fail("out of time")

    def piece(self, f, a: Point, b: Point):
        """f >= 0 (> 0) on [a, b]."""
        self._time()
        nodes = _innermost(f)
        if not nodes:
            return self.leaf(f, a, b)
        found = []
        for node in nodes:
            for g in self._envelope(node, a, b) or _switches(node):
                try:
                    if g not in self.roots:
                        self.roots[g] = roots(g, self.x)
                    found.extend(self.roots[g])
                except Fail:
                    if isinstance(node, Piecewise) or not self._one_sign(g, a, b):
                        raise
        inside = self._inside(found, a, b)
        if inside:
            ends = [a, *inside, b]
            for u, v in zip(ends, ends[1:]):
                self.piece(f, u, v)
            return
        at = _rational_between(a, b)
        # the other Max/Min rebuilt unevaluated (sympy compares at construction: seconds)
        self.piece(replace_unevaluated(f, {n: _branch(n, self.x, at) for n in nodes},
                                       (Max, Min, Piecewise)), a, b)

    def _envelope(self, node, a: Point, b: Point) -> list | None:
        """The switches of a Max/Min of more than two arguments that matter on [a, b]: the
        differences between the argument w on top at an interior rational point and each
        other one (the envelope leaves w only where w meets another argument, so with no
        such root inside, w is on top on the whole piece); None: every pair."""
        if not isinstance(node, (Max, Min)) or len(node.args) <= 2:
            return None
        try:
            w = _branch(node, self.x, _rational_between(a, b))
        except Fail:
            return None
        return [w - o for o in node.args if o is not w]

    def _one_sign(self, g, a: Point, b: Point) -> bool:
        """g >= 0 or g <= 0 on all of [a, b], bounded in balls like a leaf (its zeros, if
        any, are where the two arguments of a Max/Min/Abs agree, so the branch taken at an
        interior point holds on the whole piece): a switch with no exact root form."""
        mid = _value(g, self.x, _rational_between(a, b))
        if not (mid > 0 or mid < 0):
            return False
        side = Prover(self.x, False, self.deadline)
        try:
            side.leaf(g if mid > 0 else -g, a, b)
        except Fail as exc:
            debug(f"the switch {g} on [{a.exact}, {b.exact}]: {exc}")
            return False
        self.lines.append(f"[{a.exact}, {b.exact}]: the switch {g} keeps its sign "
                          f"({side.lines[-1].split(': ', 1)[1]})")
        return True

    def _inside(self, roots, a: Point, b: Point) -> list:
        kept: list[Point] = []
        for r in dict.fromkeys(roots):
            p = point(r)
            if p.ball <= a.ball or p.ball >= b.ball:       # certainly outside (a, b)
                continue
            if _equal(p, a) or _equal(p, b):
                continue
            if not (p.ball > a.ball and p.ball < b.ball):
                raise Fail(f"the kink {r} against the ends {a.exact}, {b.exact}")
            if any(_equal(p, q) for q in kept if q.ball.overlaps(p.ball)):
                continue
            kept.append(p)
        kept.sort(key=lambda p: p.ball.mid())
        for p, q in zip(kept, kept[1:]):
            if not p.ball < q.ball:
                raise Fail(f"the order of the kinks {p.exact} and {q.exact}")
        self.pieces += len(kept) + 1
        if self.pieces > MAX_PIECES:
            raise Fail("too many pieces")
        return kept

    def leaf(self, f, a: Point, b: Point):
        inner = _value(f, self.x, _rational_between(a, b))
        if not self.strict and not (inner > 0 or inner < 0) and is_zero(f):
            self.lines.append(f"[{a.exact}, {b.exact}]: 0 exactly")
            return
        if self.zero or b.exact is sympy.oo:
            raise Fail(f"not 0 exactly on [{a.exact}, {b.exact}]")
        tight = {id(a): self._tight(f, a), id(b): self._tight(f, b)}
        stack, boxes = [(a, b)], 0
        while stack:
            self._time()
            u, v = stack.pop()
            boxes += 1
            if boxes > MAX_BOXES:
                raise Fail(f"{MAX_BOXES} sub-intervals of [{a.exact}, {b.exact}]")
            ball = u.ball.union(v.ball)
            if self._bounded(f, ball):
                continue
            if (u is a and tight[id(a)] and self._near(f, a, ball, 1)) or \
                    (v is b and tight[id(b)] and self._near(f, b, ball, -1)):
                continue
            if ball.rad() < TOUCH_WIDTH:
                q = self._touching(f, ball, a, b)
                if q is not None:      # f(q) = 0 exactly inside: q becomes an end of both
                    self.leaf(f, a, q)
                    self.leaf(f, q, b)
                    return
            m = point(_rational_between(u, v))
            stack += [(u, m), (m, v)]
        self.lines.append(f"[{a.exact}, {b.exact}]: bounded in balls ({boxes} sub-intervals)")

    def _touching(self, f, ball, a: Point, b: Point):
        """The simplest rational q near an undecided ``ball``, strictly inside (a, b), where
        f(q) = 0 exactly (a zero the margin touches), or None."""
        if self.strict:
            return None
        lo, hi = (_fraction(ball.mid() - 2 * ball.rad()), _fraction(ball.mid() + 2 * ball.rad()))
        q = _simplest(lo, hi)
        if q is None or (f, q) in self.tried:
            return None
        self.tried.add((f, q))
        p = point(sympy.Rational(q.numerator, q.denominator))
        if not (p.ball > a.ball and p.ball < b.ball) or not self._tight(f, p):
            return None
        return p

    def _compiled(self, g):
        if g not in self.compiled:
            self.compiled[g] = lower(g, (self.x.name,), "arb")
        return self.compiled[g]

    def _bounded(self, g, ball) -> bool:
        """g > 0 (>= 0) on ``ball``: directly, or by the mean value form
        g(ball) in g(mid) + g'(ball) (ball - mid)."""
        try:
            with at_precision(PREC):
                v = self._compiled(g)(ball)
                if not (v > 0 if self.strict else v >= 0) and ball.rad() > 0:
                    mid = arb(ball.mid())
                    v = self._compiled(g)(mid) + self._compiled(sympy.diff(g, self.x))(
                        ball) * (ball - mid)
        except (LoweringError, ArithmeticError, TypeError, ValueError, NotImplementedError):
            return False
        return bool(v > 0) if self.strict else bool(v >= 0)

    def _tight(self, g, end: Point) -> bool:
        if self.strict:
            return False
        v = _constant(g.xreplace({self.x: end.exact}))
        return not (v > 0 or v < 0) and is_zero(g.xreplace({self.x: end.exact}))

    def _near(self, g, end: Point, ball, side: int, order: int = 1) -> bool:
        """g >= 0 on ``ball`` (an interval with ``end`` as its left (side 1) or right end),
        given g(end) = 0: side * g' >= 0 there (or the same one derivative further)."""
        if order > MAX_ORDER:
            return False
        d = side * sympy.diff(g, self.x)
        if self._bounded(d, ball):
            return True
        return self._tight(d, end) and self._near(d, end, ball, side, order + 1)


def _fraction(x: arb) -> Fraction:
    man, ex = x.mid().man_exp()
    return Fraction(int(man)) * Fraction(2) ** int(ex)


def _simplest(lo: Fraction, hi: Fraction):
    """The rational of least denominator in [lo, hi] (continued fractions), None if it
    exceeds MAX_DENOMINATOR."""
    fl = math.floor(lo)
    if fl == lo or math.ceil(lo) <= hi:
        q = Fraction(math.ceil(lo))
    else:
        inner = _simplest(1 / (hi - fl), 1 / (lo - fl))
        if inner is None:
            return None
        q = fl + 1 / inner
    return q if q.denominator <= MAX_DENOMINATOR else None


def _equal(p: Point, q: Point) -> bool:
    return p.ball.overlaps(q.ball) and is_zero(p.exact - q.exact)


def conjuncts(f):
    """f >= 0 as a list of margins: a Min is >= 0 when each of its arguments is."""
    if isinstance(f, Min):
        return [g for a in f.args for g in conjuncts(a)]
    if f.is_Add:
        mins = [t for t in f.args if isinstance(t, Min)]
        if len(mins) == 1:
            rest = f - mins[0]
            return [g for a in mins[0].args for g in conjuncts(a + rest)]
    return [f]


def zeros(f):
    """f == 0 as a list of margins each == 0: Max(|a_1|, ..., |a_n|) = 0 when every a_i is
    (each then split at its own kinks only)."""
    if isinstance(f, Abs):
        return zeros(f.args[0])
    if isinstance(f, Max) and all(isinstance(a, Abs) for a in f.args):
        return [g for a in f.args for g in zeros(a)]
    return [f]


def debug(what: str) -> None:
    """Why a proof failed, printed when DPPROOF_KINKS_DEBUG is set."""
    if _DEBUG:
        print("kinks:", what[:300])


def prove(margin, x, lo, hi, rel: str, seconds: float) -> list[str] | None:
    """Proof lines for margin >= 0 (> 0 for rel '>', == 0 for '==') on x in [lo, hi]."""
    prover = Prover(x, rel == ">", now() + seconds, zero=rel == "==")
    try:
        for g in (zeros(margin) if rel == "==" else conjuncts(margin)):
            prover.piece(g, point(lo), point(hi))
    except Fail as exc:
        debug(str(exc))
        return None
    return prover.lines
