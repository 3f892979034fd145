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


def test_mpmath_numbers_become_exact_balls_whatever_their_exponent():
    """``mpf_to_arb``: radius 0 and the very mantissa and exponent, negative, tiny, huge or
    a float alike (``exp(-10^6)`` went through a rational of 1.4 million bits)."""
    from flint import arb

    from dpproof.lowering.exact import mpf_to_arb
    with mpmath.workdps(60):
        tiny = mpmath.exp(-mpmath.mpf(10) ** 6) * mpmath.pi
        for x in (tiny, -tiny, 1 / tiny, mpmath.mpf("-1.5"), mpmath.mpf(0), 0.1, -2.0 ** -1074):
            ball = mpf_to_arb(x)
            assert ball.rad() == 0 and arb_to_mpf(ball) == mpmath.mpf(x), x
        assert mpf_to_arb(mpmath.mpf("-1.5")) == arb(-1.5)
        assert mpf_to_arb(-tiny) < 0 < mpf_to_arb(tiny) < mpf_to_arb(mpmath.mpf("1e-400000"))


def test_a_product_of_wide_balls_is_the_hull_of_its_ends():
    """Midpoint-radius products overestimate wide balls: exp(3a/5) exp(a(a - 49)/80) on
    a in [467, 467.5] (relative radii 0.15 and ~1) came out as a ball containing 0, and the
    log of the OSGT Renyi form was 'maybe undefined' on every box of alpha in [5, 1000]."""
    import random

    import sympy
    from flint import arb

    from dpproof.lowering import arb_box, at_precision, lower

    a = sympy.Symbol("a")
    f = lower(sympy.exp(3 * a / 5) * sympy.exp(a * (a - 49) / 80), ("a",), "arb")
    with at_precision(128):
        v = f(arb_box(467, sympy.Rational(935, 2)))
    assert v > 0
    # the hull encloses every product of points of the two balls, signs mixed
    g = lower(a * sympy.Symbol("b"), ("a", "b"), "arb")
    rng = random.Random(3)
    for _ in range(300):
        lo1, lo2 = rng.uniform(-5, 5), rng.uniform(-5, 5)
        w1, w2 = rng.choice([0, 1e-3, 2, 9]), rng.choice([0, 1e-3, 2, 9])
        r = [sympy.Rational(x).limit_denominator(10 ** 6) for x in (lo1, lo1 + w1, lo2, lo2 + w2)]
        with at_precision(64):
            ball = g(arb_box(r[0], r[1]), arb_box(r[2], r[3]))
        for _ in range(5):
            x = r[0] + (r[1] - r[0]) * sympy.Rational(rng.randint(0, 100), 100)
            y = r[2] + (r[3] - r[2]) * sympy.Rational(rng.randint(0, 100), 100)
            with at_precision(256):
                p = arb(sympy.Rational(x * y).p) / arb(sympy.Rational(x * y).q)
                assert ball.contains(p), (r, x, y, ball)
