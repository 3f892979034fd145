"""Finite aggregates in the lowering: ``Sum`` (sympy's conventions) and ``MaxOver``."""

import mpmath
import pytest
import sympy
from flint import arb

from dpproof.definedness import MaybeUndefined, Undefined
from dpproof.expr.finite import MaxOver
from dpproof.lowering import arb_ball, at_precision, lower

k, n = sympy.symbols("k n", integer=True)
i = sympy.Symbol("i", integer=True)
x = sympy.Symbol("x", real=True)


@pytest.mark.parametrize("lo,hi", [(0, 5), (2, 2), (3, 2), (5, 1), (-2, 3)])
def test_sum_matches_sympy_including_karr_convention(lo, hi):
    expr = sympy.Sum(sympy.binomial(6, i) * x**i, (i, k, n))
    want = expr.subs({k: lo, n: hi, x: sympy.Rational(1, 3)}).doit()
    with at_precision(128):
        got = lower(expr, ["k", "n", "x"])(arb(lo), arb(hi), arb_ball(sympy.Rational(1, 3)))
    assert got.overlaps(arb_ball(want)) and got.rad() < 1e-30
    with mpmath.workdps(30):
        assert abs(lower(expr, ["k", "n", "x"], "mpmath")(lo, hi, mpmath.mpf(1) / 3)
                   - mpmath.mpf(want.p) / want.q) < 1e-25


def test_nested_sum_and_integer_power_of_a_ball_at_zero():
    j = sympy.Symbol("j", integer=True)
    expr = sympy.Sum(x**(k - i) * (1 - x)**i, (i, 0, k), (j, 0, 2))
    f = lower(expr, ["k", "x"])
    assert abs(f(arb(3), arb(0)) - 3) < 1e-30           # 0^(k - i) = 0 except at i = k
    assert f(arb(3), arb(0, 1e-20)).overlaps(arb(3))    # a ball around 0: still finite


def test_maxover_value_empty_range_and_ball_limits():
    expr = MaxOver(-(i - x)**2, (i, 0, k))
    f = lower(expr, ["k", "x"])
    assert abs(f(arb(4), arb_ball(sympy.Rational(5, 2))) + sympy.Rational(1, 4)) < 1e-30
    assert abs(f(arb(1), arb(3)) + 4) < 1e-30
    with pytest.raises(Undefined):
        f(arb(-1), arb(0))
    with pytest.raises(MaybeUndefined):
        f(arb(2, 1), arb(0))      # k not certainly an integer
    assert sympy.latex(expr).startswith(r"\max_{i=0}^{k}")
    assert lower(expr, ["k", "x"], "float")(3, 1.0) == 0.0


def test_hoisted_invariants_are_evaluated_only_for_a_nonempty_range():
    """1/x does not depend on i: evaluated once per sum, and not at all for an empty one."""
    expr = sympy.Sum(i / x, (i, 1, k))
    f = lower(expr, ["k", "x"])
    assert f(arb(0), arb(0)) == 0                  # empty: 1/0 never evaluated
    with pytest.raises(Undefined):
        f(arb(2), arb(0))
    assert abs(f(arb(4), arb(2)) - 5) < 1e-30
