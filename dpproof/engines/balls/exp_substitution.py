"""The substitution x = -q log y for the interval engine (issue 13: margins tight at x -> oo).

A margin on a half-line x in [0, oo) that depends on x through exponentials e^(c x) (a
log-sum-exp normaliser such as the exponential mechanism's log((1 + e^-x + e^(-3x/2))/
(1 + 2 e^(-x/2))) <= 0, cesar_rogers21 Lemma 2.1) tends to 0 like e^(-x/2): no ball on a
tail [X, oo) certifies its sign, and the compactification x = 1/s makes every derivative
vanish at s = 0.  With y = e^(-x/q), q the least common denominator of the rates c, every
e^(c x + r) becomes y^(-c q) e^r and a bare x becomes -q log y; the tail x -> oo is the end
y -> 0+, where the margin is a rational function of y (plus logs) whose sign balls and the
open-end tactics read (``log((1 + 2y)/(1 + y^2 + y^3)) >= 0`` on (0, 1) is certified).

The map x -> e^(-x/q) is a strictly decreasing bijection of [0, oo) onto (0, 1] ((0, oo)
onto (0, 1)), and the rewrite is exact for every x, so the claim in y over the image says
exactly what the claim in x says: CERTIFIED transfers as it is.  Tried first, on half the
interval engine's time (few claims have this form; a linear tail has not).  A witness y would map to
an irrational x, so nothing else is transferred.  Only parameters over [0, oo) or (0, oo)
whose occurrences are all linear in exponents (rational rates) or bare, at least one in an
exponent, and only claims without parser guards.
"""

from __future__ import annotations

import dataclasses
import math

import sympy

from ...claims import Claim, Domain, Interval, Statement, symbol_for
from ...evidence import Verdict


def substituted(claim: Claim) -> tuple[Claim, tuple[str, ...]] | None:
    """(the claim in y = e^(-x/q) for each eligible parameter x, their names), or None."""
    st = claim.statement
    if st is None or st.guards or any(h.guards for h in st.hypotheses):
        return None
    exprs = [st.lhs, st.rhs] + [e for h in st.hypotheses for e in (h.lhs, h.rhs)]
    old = {s.name: s for e in exprs for s in e.free_symbols}   # the statement's own symbols
    params, names, maps = [], [], []
    for name, iv in claim.domain.params:
        x = old.get(name, sympy.Symbol(name))
        q = None if iv.integer or iv.lo != 0 or iv.hi is not None else _rate_lcd(exprs, x)
        if q is None:
            params.append((name, iv))
            continue
        new = Interval(0, 1, lo_open=True, hi_open=iv.lo_open)
        y = symbol_for(name, new)
        params.append((name, new))
        names.append(f"{name} = -{q} log {name}'" if q != 1 else f"{name} = -log {name}'")
        maps.append((x, y, q))
    if not maps:
        return None

    def sub(e):
        for x, y, q in maps:
            e = _rewrite(e, x, y, q)
        return e

    def move(s: Statement) -> Statement:
        return Statement(sub(s.lhs), s.rel, sub(s.rhs), tuple(move(h) for h in s.hypotheses))

    return dataclasses.replace(claim, statement=move(st), domain=Domain(tuple(params)),
                               steps=()), tuple(names)


def _rate_lcd(exprs, x) -> int | None:
    """The least common denominator of the rates c of x in the exponents e^(c x + r), or
    None if x occurs other than there or bare (in a polynomial, a log, an oracle) or in no
    exponent."""
    dens = []
    for e in exprs:
        for p in sympy.preorder_traversal(e):
            if isinstance(p, sympy.exp) and p.has(x):
                rest, dep = p.args[0].as_independent(x, as_Add=True)
                c = sympy.simplify(dep / x)
                if not c.is_Rational or c == 0:
                    return None
                dens.append(int(c.q))
    if not dens:
        return None
    # every occurrence of x outside the exponents must be bare (x itself) in +, *, ^n, log
    stripped = [e.replace(lambda p: isinstance(p, sympy.exp) and p.has(x), lambda p: sympy.S.One)
                for e in exprs]
    for e in stripped:
        for p in sympy.preorder_traversal(e):
            if p.has(x) and not (p == x or isinstance(p, (sympy.Add, sympy.Mul, sympy.log,
                                                          sympy.Abs, sympy.Max, sympy.Min))
                                 or (p.is_Pow and p.exp.is_Integer)):
                return None
    return math.lcm(*dens)


def _rewrite(e, x, y, q):
    """e with e^(c x + r) -> y^(-c q) e^r and then x -> -q log y (exact for x = -q log y;
    y may share x's name, so a dummy stands for it until x is gone)."""
    u = sympy.Dummy("u", positive=True)

    def one(p):
        rest, dep = p.args[0].as_independent(x, as_Add=True)
        return u ** (-sympy.simplify(dep / x) * q) * sympy.exp(rest)
    e = e.replace(lambda p: isinstance(p, sympy.exp) and p.has(x), one)
    return e.xreplace({x: -q * sympy.log(u)}).xreplace({u: y})


def certified(claim: Claim, config, check):
    """The CERTIFIED verdict of ``check`` on the claim in y (half the engine's time), said
    about the claim, or None (not eligible, or not certified)."""
    moved = substituted(claim) if claim.statement.rel != "==" else None
    if moved is None:
        return None
    ev2 = check(moved[0], dataclasses.replace(config, engine_timeout=config.engine_timeout / 2))
    if ev2.verdict is not Verdict.CERTIFIED:
        return None
    how = "the substitution " + ", ".join(moved[1])
    return dataclasses.replace(ev2, detail=f"{ev2.detail}, after {how}",
                               scope=f"whole domain: {claim.domain} (via {how})")
