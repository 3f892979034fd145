"""Certified linear programming for ``engines.exact.piecewise_linear``: bounds of an affine form
on a polyhedron by weak duality, emptiness by Farkas, and candidate minimisers -- every
solver answer (HiGHS, in floats) is only a guess, solved exactly on its support and checked
in rationals before it is used.
"""

from __future__ import annotations

import sympy


def _row(e, xs):
    """(coefficients, constant) of an affine form in the variables xs."""
    terms = sympy.sympify(e).as_coefficients_dict()
    if set(terms) - set(xs) - {sympy.S.One}:
        raise ValueError(f"not affine in the LP's variables: {e}")
    return [terms.get(x, sympy.S.Zero) for x in xs], terms.get(sympy.S.One, sympy.S.Zero)


def _rows(cons, bounds, xs):
    """A x <= b: the constraints g >= 0 (as -g <= 0) and the box's finite ends."""
    A, b = [], []
    for g in cons:
        gc, g0 = _row(g, xs)
        A.append([-v for v in gc])
        b.append(g0)
    for i, (lo, hi) in enumerate(bounds):
        for end, s in ((lo, -1), (hi, 1)):
            if end is not None:
                A.append([s if j == i else 0 for j in range(len(xs))])
                b.append(s * end)
    return A, b


class Uncertified(Exception):
    """Neither a lower bound nor emptiness of a piece could be certified."""


def lower_bound(sign, f, cons, bounds, xs):
    """A certified lower bound of ``sign * f`` on the piece (its minimum when the solver is
    right), or None when the piece is certified empty; raises Uncertified.  No solver is
    trusted (sympy 1.14's simplex called feasible systems empty): weak duality, checked
    exactly, makes the proof.
    Rows A x <= b are the constraints and the box's ends; a y >= 0 with A^T y = -c gives
    c x >= -b y on the piece; a y >= 0 with A^T y = 0 and b y < 0 shows it empty (Farkas)."""
    coeffs, const = _row(f, xs)
    c = [sign * x for x in coeffs]
    A, b = _rows(cons, bounds, xs)
    if not A:
        if any(c):
            raise Uncertified("an unconstrained non-constant form")
        return sign * const
    n, m = len(xs), len(A)
    dual = _certificate(b, A, [-v for v in c], None)
    if dual is not None:
        return sign * const - sum(bi * yi for bi, yi in zip(b, dual))
    if _certificate([0] * m, A, [0] * n, b) is not None:
        return None
    raise Uncertified("no certificate")


def _certificate(objective, A, target, negative):
    """y >= 0 with A^T y = target (and b y < 0 when ``negative`` is b), checked exactly; None
    when none was found.  The guess: HiGHS's vertex (floats) whose support is solved exactly
    (sympy 1.14's own simplex loops or errs on some systems: sympy issue 28089)."""
    rows = [[A[i][j] for i in range(len(A))] for j in range(len(target))]
    rhs = list(target)
    if negative is not None:
        rows, rhs = rows + [list(negative)], rhs + [-1]
    y = _support_guess(objective, rows, rhs)
    if y is not None and all(v >= 0 for v in y) and all(
            sum(a * v for a, v in zip(row, y)) == t for row, t in zip(rows, rhs)):
        return y
    return None


def _support_guess(objective, rows, rhs):
    """min objective . y over y >= 0 with rows y = rhs by HiGHS's dual simplex (a vertex),
    then the equations solved exactly on its support (free parts 0)."""
    try:
        from scipy.optimize import linprog as highs   # on first use: engines.witness_search

        res = highs([float(v) for v in objective], A_eq=[[float(a) for a in r] for r in rows]
                    or None, b_eq=[float(t) for t in rhs] or None, method="highs-ds")
    except (ValueError, OverflowError):
        return None
    if res.status != 0:
        return None
    support = [i for i, v in enumerate(res.x) if v > 1e-9]
    M = sympy.Matrix([[r[i] for i in support] for r in rows]) if support else None
    if M is None:
        return [sympy.S.Zero] * len(objective)
    try:
        sol, free = M.gauss_jordan_solve(sympy.Matrix(rhs))
    except ValueError:
        return None
    sol = sol.xreplace({p: 0 for p in free})
    y = [sympy.S.Zero] * len(objective)
    for i, v in zip(support, sol):
        y[i] = v
    return y


def minimiser(f, cons, bounds, xs, n_params):
    """The minimiser of f on the piece as exact rationals of the first ``n_params``
    variables: HiGHS's primal vertex (floats), then its active rows solved exactly (free
    parts 0) and kept only if it meets every row exactly.  [] when none is found."""
    coeffs, _ = _row(f, xs)
    A, b = _rows(cons, bounds, xs)
    try:
        from scipy.optimize import linprog as highs   # on first use: engines.witness_search

        res = highs([float(c) for c in coeffs], A_ub=[[float(a) for a in r] for r in A] or None,
                    b_ub=[float(v) for v in b] or None, bounds=(None, None), method="highs-ds")
    except (ValueError, OverflowError):
        return []
    if res.status != 0:
        return []
    slack = [float(bi) - sum(float(a) * v for a, v in zip(r, res.x)) for r, bi in zip(A, b)]
    active = [i for i, s in enumerate(slack) if abs(s) <= 1e-9 * (1 + abs(float(b[i])))]
    if not active:
        return []
    M = sympy.Matrix([A[i] for i in active])
    try:
        sol, free = M.gauss_jordan_solve(sympy.Matrix([b[i] for i in active]))
    except ValueError:
        return []
    x = [sympy.Rational(v) for v in sol.xreplace({p: 0 for p in free})]
    if any(sum(a * v for a, v in zip(r, x)) > bi for r, bi in zip(A, b)):
        return []
    return [x[:n_params]]
