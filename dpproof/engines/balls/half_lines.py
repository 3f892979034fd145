"""Enclosures over half-lines, for the margin at an open end x -> L+ of the domain (issue 13).

At delta -> 0 the Gaussian mechanism's sigma = sqrt(2 log(1/delta))/eps runs to infinity and
both sides of ``gauss_delta(eps, sigma, 1) <= delta`` tend to 0: a ball on [0, h] holds
neither log(delta) nor the cancelling tails.  Here the open end is moved to infinity and
the tails are written relative to their common decay:

1. x = L + exp(-l) (when the margin has a log of x - L) or x = L + 1/r, a bijection of
   l (or r) in [l0, oo) onto (L, L + h]; sympy simplifies with l, r > 0 (log(delta) = -l,
   log(1/r) = -log(r), whose limit at r = oo ``Iv`` has).
   An open upper end x -> U- is the mirror image, x = U - exp(-l) or U - 1/r onto
   [U - h, U).  An unbounded side stays (``Iv`` has infinite ends): x = a + r/(1 - r) would
   add a pole at r = 1 and hide the exp(-x^2) decay that step 3 factors out.
2. Phi and Q are written with erfc.  A tail erfc(z) with z bounded below on the box and
   unbounded (or > 0) above is written exp(-z^2) erfcx(z), erfcx(z) = exp(z^2) erfc(z) (an
   identity on the real line); one with z bounded above and unbounded (or < 0) below first
   as 2 - erfc(-z).  Each term of the margin is then c_t exp(E_t) R_t.
3. If some E_s has every E_t - E_s bounded above on the box (as expanded, or collected in
   the unbounded parameters: t - n t = t (1 - n)), margin = exp(E_s) M' with
   M' = sum c_t exp(E_t - E_s) R_t (log(delta) = -t cancels exactly in the differences),
   and exp(E_s) > 0: the margin has the sign of M' wherever it is defined.  Every such
   E_s is tried until one M' is certified.

M' is enclosed in interval arithmetic with infinite ends (``Iv``): arb for every finite
end, rounded outwards; monotone functions from their values at the ends, with their limits
at infinity (erfcx(+oo) = 0, erfc(-oo) = 2, exp(-oo) = 0); products by the endpoint rule
with 0 * oo = 0 (the hull of products of reals).  Definedness: the substituted margin itself
is evaluated the same way, and every partial operation (log, division, fractional power)
must be certified defined on the whole range, else nothing is concluded.
"""

from __future__ import annotations

import math

import sympy
from flint import arb

from ...expr.functions import Phi, Q
from ...expr.stable import ExpErfc
from ...lowering import LoweringError, arb_ball, at_precision, lower

INF = math.inf
PREC = 128
MAX_FACTOR_OPS = 60      # M' factored only when small (``_factored``)


class Unsupported(Exception):
    """The expression leaves what ``Iv`` encloses (or may be undefined there)."""


class Iv:
    """[lo, hi] with exact arb ends, or -oo / +oo (``INF`` floats)."""

    __slots__ = ("lo", "hi")

    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi

    @staticmethod
    def ball(b: arb) -> "Iv":
        if not b.is_finite():
            raise Unsupported("not finite")
        return Iv(b.lower(), b.upper())

    def __add__(self, o):
        return Iv(_end(self.lo, o.lo, -1, lambda a, b: a + b),
                  _end(self.hi, o.hi, 1, lambda a, b: a + b))

    def __neg__(self):
        return Iv(-self.hi, -self.lo)

    def __mul__(self, o):
        prods = [_prod(a, b) for a in (self.lo, self.hi) for b in (o.lo, o.hi)]
        return Iv(_min(prods), _max(prods))

    def positive(self) -> bool:
        return self.lo != -INF and self.lo > 0

    def nonnegative(self) -> bool:
        return self.lo != -INF and self.lo >= 0

    def __repr__(self):
        return f"[{self.lo}, {self.hi}]"


def _inf(v) -> bool:
    return isinstance(v, float)


def _end(a, b, direction, op):
    if _inf(a) or _inf(b):
        if _inf(a) and _inf(b) and a != b:
            raise Unsupported("oo - oo")
        return a if _inf(a) else b
    v = op(a, b)
    return v.lower() if direction < 0 else v.upper()


def _prod(a, b):
    """(lower, upper) of the product of two ends, 0 * oo = 0."""
    if _inf(a) or _inf(b):
        inf, other = (a, b) if _inf(a) else (b, a)
        if not _inf(other) and other == 0:
            return arb(0), arb(0)
        if not _inf(other) and not (other > 0 or other < 0):
            raise Unsupported("sign")
        v = INF if (inf > 0) == (other > 0) else -INF
        return v, v
    v = a * b
    return v.lower(), v.upper()


def _min(prods):
    los = [p[0] for p in prods]
    if any(_inf(v) and v < 0 for v in los):
        return -INF
    return min(_finite(los))


def _max(prods):
    his = [p[1] for p in prods]
    if any(_inf(v) and v > 0 for v in his):
        return INF
    return max(_finite(his))


def _finite(vals):
    out = [v for v in vals if not _inf(v)]
    if not out:
        raise Unsupported("no finite end")
    return out


def _monotone(x: Iv, f, limits, increasing: bool) -> Iv:
    """f on x from its values at the ends (f monotone on x); ``limits`` = (f(-oo), f(+oo))
    (None: no finite end allowed there)."""
    def val(v, side):
        if _inf(v):
            lim = limits[0] if v < 0 else limits[1]
            if lim is None:
                raise Unsupported("no limit")
            return lim if _inf(lim) else arb(lim)
        y = f(v)
        if not y.is_finite():
            raise Unsupported("not finite")
        return y.lower() if side < 0 else y.upper()
    if increasing:
        return Iv(val(x.lo, -1), val(x.hi, 1))
    return Iv(val(x.hi, -1), val(x.lo, 1))


def _erfcx(p: arb) -> arb:
    """erfcx(p) = exp(p^2) erfc(p) at a point (arb's erfc is accurate far out: 1e-45
    relative at p = 10^6)."""
    return (p * p).exp() * p.erfc()


class Erfcx(sympy.Function):
    """erfcx(z) = exp(z^2) erfc(z): internal to this module (scaled tails)."""

    nargs = 1


def _power(b: Iv, n: sympy.Rational) -> Iv:
    """b^n, n rational: integer powers by sign pieces; fractional ones of b >= 0 only; a
    negative power needs b away from 0 (the claims language's edges)."""
    if n < 0:
        inner = _power(b, -n)
        if not (inner.positive() or (inner.hi != INF and inner.hi < 0)):
            raise Unsupported("division by a range holding 0")
        return _monotone(inner, lambda v: 1 / v, (arb(0), arb(0)), False)
    if n.is_Integer:
        k = int(n)
        f = (lambda v: v ** k)
        if k % 2 == 1 or b.nonnegative():
            return _monotone(b, f, (-INF if k % 2 else INF, INF), True)
        if b.hi != INF and b.hi <= 0:
            return _monotone(b, f, (INF, None), False)
        return Iv(arb(0), _max([(None, _monotone(Iv(b.lo, arb(0)), f, (INF, None), False).hi),
                                (None, _monotone(Iv(arb(0), b.hi), f, (arb(0), INF), True).hi)]))
    if not b.nonnegative():
        raise Unsupported("fractional power of a range below 0")
    e = arb(int(n.p)) / int(n.q)
    return _monotone(b, lambda v: arb(0) if v == 0 else (e * v.log()).exp(), (None, INF), True)


#: monotone functions: (arb at a point, (limit at -oo, limit at +oo), increasing)
_MONOTONE = {
    sympy.exp: (lambda v: v.exp(), (arb(0), INF), True),
    sympy.erfc: (lambda v: v.erfc(), (arb(2), arb(0)), False),
    sympy.erf: (lambda v: v.erf(), (arb(-1), arb(1)), True),
    Erfcx: (_erfcx, (INF, arb(0)), False),
    Phi: (lambda v: (-v / arb(2).sqrt()).erfc() / 2, (arb(0), arb(1)), True),
    Q: (lambda v: (v / arb(2).sqrt()).erfc() / 2, (arb(1), arb(0)), False),
}


def enclose(e: sympy.Expr, env: dict) -> Iv:
    """``Iv`` of e with its symbols in the ranges ``env`` (inside ``at_precision``);
    raises ``Unsupported`` where it cannot enclose or the value may be undefined."""
    if e in env:
        return env[e]
    if not e.free_symbols:
        try:
            return Iv.ball(lower(e, [], "arb")())
        except (LoweringError, ValueError, TypeError, ArithmeticError) as exc:
            raise Unsupported(str(exc)) from exc
    if e.is_Add or e.is_Mul:
        out = None
        for a in e.args:
            v = enclose(a, env)
            out = v if out is None else (out + v if e.is_Add else out * v)
        return out
    if e.is_Pow:
        if not e.exp.is_Rational:
            raise Unsupported("power")
        return _power(enclose(e.base, env), e.exp)
    if isinstance(e, sympy.log):
        x = enclose(e.args[0], env)
        if not x.positive():
            raise Unsupported("log of a range reaching 0")
        return _monotone(x, lambda v: v.log(), (None, INF), True)
    if e.func in _MONOTONE and len(e.args) == 1:
        f, limits, inc = _MONOTONE[e.func]
        return _monotone(enclose(e.args[0], env), f, limits, inc)
    if isinstance(e, ExpErfc):
        return enclose(sympy.exp(e.args[0]) * sympy.erfc(e.args[2]), env)
    raise Unsupported(f"{e.func.__name__}")


# ---------------------------------------------------------------- the scaled margin
def moved(exprs, x: sympy.Symbol, end, side: int = 1):
    """[(exprs with x = end + side * g(t), t, whether g = exp(-t))]: side 1 at an open lower
    end, -1 at an open upper end; exp(-t) first if the margin (``exprs[0]``; then the
    claim's guards) has a log of an expression in x, then 1/t (t > 0 in both)."""
    t = sympy.Dummy("t", positive=True)
    logs = any(x in a.free_symbols for a in exprs[0].atoms(sympy.log))
    maps = ((sympy.exp(-t), True), (1 / t, False)) if logs else ((1 / t, False),)
    return [([sympy.expand_log(sympy.sympify(e).xreplace({x: end + side * g})) for e in exprs],
             t, is_log) for g, is_log in maps]


def _tails_to_erfc(e):
    return e.replace(Phi, lambda u: sympy.erfc(-u / sympy.sqrt(2)) / 2).replace(
        Q, lambda u: sympy.erfc(u / sympy.sqrt(2)) / 2)


def _terms(e) -> list:
    return list(sympy.Add.make_args(sympy.expand_mul(e, deep=False)))


def end_span(h, is_log: bool) -> Iv | None:
    """The range [t0, oo) of t for x in (L, L + h] (or [U - h, U): ``moved``), or None when
    t0 > 0 (which sympy assumed) is not certified."""
    if h <= 0 or (is_log and h >= 1):
        return None
    t0 = (1 / arb_ball(h)).log() if is_log else 1 / arb_ball(h)
    return Iv(t0.lower(), INF) if t0 > 0 else None


def holds(exprs, t, span: Iv, box, i, names, strict, cache: dict) -> bool:
    """Whether the margin ``exprs[0]`` is >= 0 (> 0 if strict) with t over ``span`` (t
    replaces side i: ``moved`` and ``end_span``, or t = x_i on an unbounded side) and the
    other parameters over their box ranges, closed (an unbounded one: its half-line or
    the real line); the claim's guards ``exprs[1:]`` must be defined there too."""
    margin = exprs[0]
    syms = {s.name: s for e in exprs for s in e.free_symbols}
    with at_precision(PREC):
        env = {}
        for k, (name, (lo, hi)) in enumerate(zip(names, box)):
            if k != i and name in syms:
                env[syms[name]] = Iv(-INF if lo is None else arb_ball(lo).lower(),
                                     INF if hi is None else arb_ball(hi).upper())
        env[t] = span
        try:
            for e in exprs:          # every partial term certified defined on the range
                enclose(e, env)
            loose = []      # the forms defined on the range but enclosed too loosely
            for _, form in candidates(margin, env, cache):
                got = _sign(form, env, strict)
                if got:
                    return True
                loose += [form] if got is False else []
            return any(_sign(_factored(f, cache), env, strict) for f in loose)
        except Unsupported:
            return False


def _sign(form, env, strict) -> bool | None:
    """True: ``form`` >= 0 (> 0 if strict) on ``env``; False: only defined; None: not."""
    try:
        v = enclose(form, env)
    except Unsupported:
        return None
    return v.positive() if strict else v.nonnegative()


def _factored(form, cache: dict):
    """``sympy.factor`` of a small M' (an identity; M' is certified defined): 1/2 - exp(-t)/2
    - (1 - exp(-t)) erfcx(z)/2 encloses below 0, (1 - exp(-t))(1 - erfcx(z))/2 does not."""
    key = ("factor", form)
    if key not in cache:
        cache[key] = sympy.factor(form) if sympy.count_ops(form) <= MAX_FACTOR_OPS else form
    return cache[key]


def scaled(margin: sympy.Expr, env: dict, cache: dict | None = None):
    """(E_s, M') with margin = exp(E_s) M' (step 3 of the module docstring), the first
    candidate E_s, or None."""
    return next(candidates(margin, env, {} if cache is None else cache), None)


def candidates(margin: sympy.Expr, env: dict, cache: dict):
    """Every (E_s, M') of step 3 on ``env``; ``cache`` keeps the sympy work per pattern of
    rewritten tails (the margin's terms, expansions, the forms M')."""
    if margin not in cache:
        cache[margin] = _terms(sympy.expand_mul(_tails_to_erfc(margin)))
        cache[(margin, "args")] = sorted({_expanded(f.args[0], cache) for t in cache[margin]
                                          for f in t.atoms(sympy.erfc)},
                                         key=sympy.default_sort_key)
    zs = [enclose(z, env) for z in cache[(margin, "args")]]
    for pattern in dict.fromkeys(tuple(_decision(z, lean) for z in zs)
                                 for lean in (False, True)):
        key = (margin, pattern)
        if key not in cache:
            decided = dict(zip(cache[(margin, "args")], pattern))
            cache[key] = [p for term in cache[margin] for p in _parts(term, decided, cache)]
        parts = cache[key]
        for s in dict.fromkeys(ex for ex, _ in parts):
            diffs = tuple(_bounded_above(_expanded(ex - s, cache), env, cache)
                          for ex, _ in parts)
            if any(d is None for d in diffs):
                continue
            if (key, diffs) not in cache:
                cache[(key, diffs)] = sympy.Add(*[sympy.exp(d) * r for d, (_, r) in
                                                  zip(diffs, parts)])
            yield s, cache[(key, diffs)]


def _decision(z: Iv, lean: bool = False) -> int:
    """How erfc(z) is written: 1 scaled (z bounded below, unbounded or > 0 above; ``lean``:
    also z >= 0, as z = sqrt(log(1/delta)) -> 0+ at delta -> 1), -1 flipped (z bounded above,
    unbounded or < 0 below), 0 as it is."""
    if z.lo != -INF and (z.hi == INF or z.lo > 0 or (lean and z.lo >= 0)):
        return 1
    if z.hi != INF and (z.lo == -INF or z.hi < 0):
        return -1
    return 0


def _parts(term, decided: dict, cache: dict) -> list:
    """[(E, R)] with term = sum of exp(E) R: exp factors gathered into E, a tail erfc(z)
    decided 1 (``_decision``) as exp(-z^2) erfcx(z), one decided -1 first as
    2 - erfc(-z) = 2 - exp(-z^2) erfcx(-z)."""
    factors = list(sympy.Mul.make_args(term))
    ex, rest = sympy.S.Zero, []
    for k, f in enumerate(factors):
        if isinstance(f, sympy.exp):
            ex += f.args[0]
            continue
        if f.is_Pow and isinstance(f.base, sympy.exp) and f.exp.is_Rational:
            ex += f.exp * f.base.args[0]
            continue
        z = _expanded(f.args[0], cache) if isinstance(f, sympy.erfc) else None
        if decided.get(z) == 1:
            ex -= z ** 2
            rest.append(Erfcx(z))
            continue
        if decided.get(z) == -1:
            others = sympy.Mul(*factors[:k], *factors[k + 1:])
            flipped = -others * sympy.exp(-_expanded(z ** 2, cache))
            return _parts(2 * others, decided, cache) + [
                (e, r * Erfcx(-z)) for e, r in _parts(flipped, decided, cache)]
        rest.append(f)
    return [(_expanded(ex, cache), sympy.Mul(*rest))]


def _bounded_above(d, env, cache: dict):
    """d as written or collected in the unbounded parameters (t - n t -> t (1 - n)),
    whichever ``Iv`` bounds above on ``env``; None if neither."""
    key = ("collect", d)
    if key not in cache:
        grow = [s for s, v in env.items() if v.hi == INF or v.lo == -INF]
        cache[key] = sympy.collect(d, [p for p in d.atoms(sympy.Pow, sympy.Symbol)
                                       if p.free_symbols & set(grow)])
    for form in (d, cache[key]):
        try:
            if enclose(form, env).hi != INF:
                return form
        except Unsupported:
            continue
    return None


def _expanded(e, cache: dict):
    key = ("expand", e)
    if key not in cache:
        cache[key] = sympy.expand(e)
    return cache[key]
