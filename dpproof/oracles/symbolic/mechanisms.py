"""Privacy losses of finite mechanisms, exactly, from their definitions.

``cosine_series_loss(n, m, b)`` (Wasserman and Zhou 2010, §5.3: the Laplace(b) orthogonal-series
estimator, coefficients beta_j = (1/n) sum_i psi_j(X_i), psi_j(x) = sqrt(2) cos(pi j x), j =
1..m, data on the grid {0, 1/4, ..., 1}) is the sup over replace-one neighbours of the log
density ratio.  The other records cancel, and for one coordinate
sup_z (|z - a'| - |z - a|) = |a - a'| (triangle inequality, attained at z = a), so the loss is
max over the replaced pair (x, x') of sum_j |psi_j(x) - psi_j(x')| / (n b).  On this grid every
psi_j(x) = sqrt(2) cos(k pi/4) lies in Q(sqrt(2)); the sums are kept as exact pairs (p, q)
meaning p + q sqrt(2), whose signs and order are decided exactly (p + q sqrt(2) > 0 iff ...
by comparing p^2 with 2 q^2), never by a float.  The ball oracle
(``dpproof.oracles.mechanisms.cosine_series_loss_arb``) is the independent evaluation.
"""

from __future__ import annotations

import itertools

import sympy

from .pieces import Underivable, require

_R2 = sympy.sqrt(2)


def _sign(p, q) -> int:
    """Sign of p + q sqrt(2), p and q rational."""
    if p >= 0 and q >= 0 or p <= 0 and q <= 0:
        s = p + q
        return 0 if p == 0 and q == 0 else (1 if s > 0 else -1)
    lead = 1 if p > 0 else -1     # p, q of opposite signs: compare p^2 with 2 q^2
    d = p * p - 2 * q * q
    return lead if d > 0 else -lead   # d == 0 impossible: sqrt(2) is irrational


def _psi(j: int, x: sympy.Rational) -> tuple:
    """sqrt(2) cos(pi j x) as (p, q) with p + q sqrt(2)."""
    v = sympy.expand(_R2 * sympy.cos(sympy.pi * j * x))
    q = v.coeff(_R2)
    p_part = sympy.expand(v - q * _R2)
    if not (p_part.is_Rational and q.is_Rational):
        raise Underivable(f"sqrt(2) cos(pi {j} {x}) outside Q(sqrt(2))")
    return p_part, q


def cosine_series_loss(n, m, b):
    """The exact loss (see the module docstring) at integer n >= 1 (given, or a symbol whose
    assumptions say so: n enters only as the factor 1/n) and given m in [1, 50]."""
    from ..mechanisms import _SERIES_GRID
    n, m = sympy.sympify(n), sympy.sympify(m)
    if not (n.is_integer and n.is_positive and m.is_Integer and 1 <= int(m) <= 50):
        raise Underivable("cosine_series_loss at integer n >= 1 and a given m in [1, 50]")
    require(b > 0, "b > 0")
    grid = [sympy.Rational(g.numerator, g.denominator) for g in _SERIES_GRID]
    psi = {x: [_psi(j, x) for j in range(1, int(m) + 1)] for x in grid}
    best = (sympy.S.Zero, sympy.S.Zero)
    for x, xp in itertools.product(grid, repeat=2):
        p = q = sympy.S.Zero
        for (a1, b1), (a2, b2) in zip(psi[x], psi[xp]):
            da, db = a1 - a2, b1 - b2
            s = _sign(da, db)
            p, q = p + s * da, q + s * db
        if _sign(p - best[0], q - best[1]) > 0:
            best = (p, q)
    return (best[0] + best[1] * _R2) / (n * b)


def ks_sensitivity_enum(n, k):
    """The enumerated sensitivity of the KS distance (``oracles.mechanisms``) as the exact
    rational its table holds (the ball oracle encloses the same number), at given n in
    [1, 4], k in [1, 3]."""
    from ..mechanisms import _ks_tables
    n, k = sympy.sympify(n), sympy.sympify(k)
    if not (n.is_Integer and 1 <= int(n) <= 4 and k.is_Integer and 1 <= int(k) <= 3):
        raise Underivable("ks_sensitivity_enum at given n in [1, 4] and k in [1, 3]")
    sens = _ks_tables(int(n), int(k))[2]
    return sympy.Rational(sens.numerator, sens.denominator)
