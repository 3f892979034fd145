"""Masses of finite laws built from other laws, as sympy expressions (issue 13), mirroring
the ball oracles of ``oracles.distributions.transforms`` from the same definitions:

- ``Quantize(P, t1, .., tk)``: P's masses on (-oo, t1], (t1, t2], ..., (tk, oo), each the
  integral of P's density pieces over the bin (cuts certainly increasing);
- ``Stochastic(P, K...)``: P's masses pushed through the row-normalised matrix K;
- ``ProductOf(P, Q)``: the outer product of the masses (P's index major);
- ``NameShame(delta, n, v)``: the product of n persons' laws (1 - delta, delta [x = 0],
  delta [x = 1]), x_1 = v, x_j = 0 otherwise (n, v given integers).

Each raises ``Underivable`` where a needed sign, order or integer is not decided.
"""

from __future__ import annotations

import itertools

import sympy

from .divergences import _clamp, bernoulli
from .pieces import DENSITIES, Underivable, integral, require

#: the most outcomes written out (a product's masses are multiplied out)
MAX_OUTCOMES = 256


def masses(d) -> list:
    """The mass vector of a finite law (raises Underivable for any other law)."""
    name = type(d).__name__
    rule = RULES.get(name)
    if rule is None:
        raise Underivable(f"no finite masses for {name}")
    out = rule(*d.args)
    if len(out) > MAX_OUTCOMES:
        raise Underivable(f"{len(out)} outcomes (at most {MAX_OUTCOMES} are written out)")
    return out


def _finite(*w) -> list:
    for x in w:
        require(x >= 0, "a Finite weight >= 0")
    total = sympy.Add(*w)
    require(total > 0, "a positive sum of the Finite weights")
    return [x / total for x in w]


def _quantize(P, *cuts) -> list:
    name = type(P).__name__
    if name not in DENSITIES:
        raise Underivable(f"no density pieces for {name}")
    for a, b in zip(cuts, cuts[1:]):
        require(b > a, "increasing cuts")
    pieces = [pc for pc in DENSITIES[name](*P.args) if pc.logp is not None]
    ends = (-sympy.oo, *cuts, sympy.oo)
    return [sympy.Add(*(integral(0, pc.logp, _clamp(a, pc.lo, pc.hi), _clamp(b, pc.lo, pc.hi))
                        for pc in pieces)) for a, b in zip(ends, ends[1:])]


def _stochastic(P, *entries) -> list:
    p = masses(P)
    n = len(p)
    if len(entries) % n:
        raise Underivable(f"{len(entries)} matrix entries do not fill {n} rows")
    r = len(entries) // n
    rows = [entries[i * r:(i + 1) * r] for i in range(n)]
    for row in rows:
        for x in row:
            require(x >= 0, "a matrix entry >= 0")
        require(sympy.Add(*row) > 0, "a row with a positive sum")
    rows = [[x / sympy.Add(*row) for x in row] for row in rows]
    return [sympy.Add(*(p[i] * rows[i][j] for i in range(n))) for j in range(r)]


def _product(*laws) -> list:
    parts = [masses(P) for P in laws]
    size = 1
    for m in parts:
        size *= len(m)
    if size > MAX_OUTCOMES:
        raise Underivable(f"a product of {size} outcomes")
    return [sympy.Mul(*o) for o in itertools.product(*parts)]


def _name_shame(delta, n, v) -> list:
    if not (getattr(n, "is_Integer", False) and 1 <= int(n) <= 5):
        raise Underivable(f"name-and-shame on n = {n} people (a given integer 1..5)")
    if v not in (0, 1):
        raise Underivable(f"name-and-shame with v = {v}")
    require(delta >= 0, "delta >= 0")
    require(delta <= 1, "delta <= 1")
    zero = sympy.S.Zero

    def person(x):
        return [1 - delta, delta if x == 0 else zero, delta if x == 1 else zero]
    laws = [person(v if j == 0 else 0) for j in range(int(n))]
    return [sympy.Mul(*o) for o in itertools.product(*laws)]


def _bernoulli(p) -> list:
    return bernoulli(p)


RULES = {"Bernoulli": _bernoulli, "Finite": _finite, "Quantize": _quantize,
         "Stochastic": _stochastic, "ProductOf": lambda P, Q: _product(P, Q),
         "NameShame": _name_shame}


def same_outcomes(P, Q) -> tuple[list, list]:
    """The mass vectors of P and Q on the same outcomes (equal lengths, else Underivable)."""
    p, q = masses(P), masses(Q)
    if len(p) != len(q):
        raise Underivable(f"{len(p)} and {len(q)} outcomes")
    return p, q

