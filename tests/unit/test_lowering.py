"""Lowering: one formula, three arithmetics; arb gets exact rationals only."""

import math

import mpmath
import pytest
import sympy

from dpproof.expr import Phi, Q, dawson
from dpproof.lowering import LoweringError, arb_ball, arb_box, arb_to_mpf, at_precision, lower

x = sympy.Symbol("x")


def test_arb_refuses_floats():
    with pytest.raises(TypeError, match="refusing float"):
        arb_ball(0.1)
    with pytest.raises(LoweringError, match="exact rational"):
        lower(x + sympy.Float(0.1), ["x"])


def test_three_backends_agree_on_the_gaussian_functions():
    expr = Phi(x) - Q(-x) + dawson(x) + sympy.erfc(x) + sympy.binomial(7, 3)
    with at_precision(200):
        ball = lower(expr, ["x"])(arb_ball("1.5"))
    with mpmath.workdps(50):
        mp = lower(expr, ["x"], "mpmath")(mpmath.mpf("1.5"))
        ref = mpmath.mpf("0.4282490710853986") + mpmath.erfc(1.5) + 35  # F(1.5), A&S 7.1
        assert abs(arb_to_mpf(ball) - mp) < mpmath.mpf(10) ** -45
        assert float(ball.rad()) < 1e-55
        assert abs(mp - ref) < 1e-15
    fl = lower(expr, ["x"], "float")(1.5)
    assert math.isclose(fl, float(mp), rel_tol=1e-13)


def test_box_encloses_every_point():
    with at_precision(64):
        f = lower(sympy.exp(-x**2), ["x"])
        box = f(arb_box(0, 2))
        for p in ("0", "1", "2", "0.5"):
            assert box.contains(f(arb_ball(p)))


def test_float_backend_never_raises():
    assert math.isnan(lower(sympy.log(x), ["x"], "float")(-1.0))
    assert lower(sympy.exp(x), ["x"], "float")(1e6) == math.inf


def test_precision_is_restored():
    from flint import ctx
    before = ctx.prec
    with at_precision(300):
        assert ctx.prec == 300
    assert ctx.prec == before


def test_oracles_lower_to_every_backend_through_balls():
    import dpproof.oracles  # noqa: F401 - registers renyi, Bernoulli
    from dpproof.expr.parser import parse_expression

    eps = sympy.Symbol("eps", positive=True)
    e = parse_expression("renyi(Bernoulli(exp(eps)/(1+exp(eps))), Bernoulli(1/(1+exp(eps))), 2)",
                         {"eps": eps})
    with at_precision(128):
        ball = lower(e, ["eps"])(arb_ball(1))
    with mpmath.workdps(30):
        mp = lower(e, ["eps"], "mpmath")(mpmath.mpf(1))
        # D_2 of RR: log(p^2/q + q^2/p) with p = e/(1+e), q = 1/(1+e)
        p, q = mpmath.e / (1 + mpmath.e), 1 / (1 + mpmath.e)
        assert abs(mp - mpmath.log(p**2 / q + q**2 / p)) < 1e-25
        assert abs(arb_to_mpf(ball) - mp) < 1e-25
    assert abs(lower(e, ["eps"], "float")(1.0) - float(mp)) < 1e-14


def test_integer_powers_of_balls_containing_zero_are_enclosed_not_nan():
    with at_precision(64):
        sq = lower(x**2, ["x"])(arb_box(sympy.Rational(-1, 2), sympy.Rational(1, 4)))
        cube = lower(x**3, ["x"])(arb_box(sympy.Rational(-1, 2), sympy.Rational(1, 4)))
    assert sq.is_finite() and sq.lower() > -1e-9 and sq.upper() < 0.2501
    assert cube.lower() < -0.1249 and cube.lower() > -0.1251 and cube.upper() < 0.0157


def test_negative_mpmath_numbers_keep_their_sign_when_made_exact():
    from dpproof.lowering import mpf_to_fmpq
    with mpmath.workdps(30):
        assert mpf_to_fmpq(mpmath.mpf("-1.5")) == sympy.Rational(-3, 2)
        assert float(mpf_to_fmpq(-mpmath.mpf(3) * 2**70)) == -3 * 2.0**70
