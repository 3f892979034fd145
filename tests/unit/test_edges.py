"""The claims language at the edges of its domain: every arithmetic agrees on what is undefined.

README, "The claims language at the edges of its domain".  Each case is evaluated at an exact
point in arb (``Undefined`` raised), mpmath (``Undefined`` raised) and float (nan), and the
defined ones to the same value in all three.
"""

import math
import random
from fractions import Fraction

import mpmath
import pytest
import sympy
from flint import arb, fmpq

import dpproof.oracles.functions  # noqa: F401 - registers the distributions and divergences
from dpproof.claims import Domain, Interval
from dpproof.definedness import MaybeUndefined, Undefined
from dpproof.expr import parse_expression, parse_statement
from dpproof.lowering import arb_ball, arb_box, at_precision, lower

X = sympy.Symbol("x", real=True)
Y = sympy.Symbol("y", real=True)
N = sympy.Symbol("n", integer=True)
K = sympy.Symbol("k", integer=True)
P = sympy.Symbol("p", real=True)
PARAMS = {"x": X, "y": Y, "n": N, "k": K, "p": P}


def _eval(text, point, backend):
    """Value of ``text`` at the exact ``point`` in ``backend``; 'undefined' if it is."""
    st = parse_statement(f"{text} >= 0", PARAMS)   # margin = the expression, with its guards
    names = sorted(point)
    f = lower(st.margin(), names, backend, st.guards)
    values = [sympy.Rational(point[n]) for n in names]
    try:
        if backend == "arb":
            with at_precision(128):
                out = f(*[arb_ball(v) for v in values])
            return float(out.mid()) if out.is_finite() else out
        if backend == "mpmath":
            with mpmath.workdps(30):
                return float(f(*[mpmath.mpf(v.p) / v.q for v in values]))
        out = f(*[float(v) for v in values])
        return "undefined" if math.isnan(out) else out
    except Undefined:
        return "undefined"


UNDEFINED = [
    ("sqrt(x)", {"x": -1}),
    ("sqrt(x)", {"x": "-1e-30"}),
    ("log(x)", {"x": 0}),
    ("log(x)", {"x": -2}),
    ("1/x", {"x": 0}),
    ("x/y", {"x": 0, "y": 0}),            # 0/0
    ("1/x^2", {"x": 0}),
    ("x^(-1/3)", {"x": 0}),               # the real odd root, under a negative exponent
    ("x^(3/4)", {"x": -8}),               # even root of a negative
    ("x^(-1/2)", {"x": 0}),
    ("x^y", {"x": -2, "y": "1/2"}),
    ("x^y", {"x": 0, "y": -1}),
    ("binomial(n, k)", {"n": -1, "k": 0}),
    ("binomial(n, k)", {"n": -3, "k": 2}),
    ("binomial(x, k)", {"x": "5/2", "k": 1}),
    ("binomial(n, x)", {"n": 3, "x": "1/2"}),
    ("kl(Bernoulli(p), Bernoulli(1/2))", {"p": "7/4"}),
    ("kl(Bernoulli(p), Bernoulli(1/2))", {"p": "-1/4"}),
    ("kl(Normal(0, x), Normal(0, 1))", {"x": 0}),
    ("kl(Normal(0, x), Normal(0, 1))", {"x": -1}),
    ("kl(Laplace(0, x), Laplace(0, 1))", {"x": 0}),
    ("tv(TruncNormal(0, 1, x), Normal(0, 1))", {"x": 0}),
    ("renyi(Normal(0, 1), Normal(1, 1), x)", {"x": 1}),
    ("renyi(Normal(0, 1), Normal(1, 1), x)", {"x": "1/2"}),
    ("exp(log(x))", {"x": 0}),            # log(0) is undefined, not -inf (sympy: exp(log x) = x)
]

DEFINED = [
    ("sqrt(x)", {"x": 0}, 0.0),
    ("x^(1/3)", {"x": 0}, 0.0),
    ("x^(1/3)", {"x": 8}, 2.0),
    ("x^(1/3)", {"x": -8}, -2.0),          # real odd roots
    ("x^(2/3)", {"x": -8}, 4.0),
    ("x^(-1/3)", {"x": -8}, -0.5),
    ("x^y", {"x": 0, "y": 0}, 1.0),       # 0^0 = 1, as sympy's x**0 = 1
    ("x^y", {"x": 0, "y": "1/2"}, 0.0),
    ("x^y", {"x": -2, "y": 3}, -8.0),     # integer powers of negatives
    ("x^k", {"x": -2, "k": -1}, -0.5),
    ("binomial(n, k)", {"n": 4, "k": 2}, 6.0),
    ("binomial(n, k)", {"n": 3, "k": 5}, 0.0),
    ("binomial(n, k)", {"n": 3, "k": -1}, 0.0),
    ("binomial(n, k)", {"n": 0, "k": 0}, 1.0),
    ("abs(x) + max(x, 1) + min(x, -1)", {"x": -3}, 1.0),
    ("erf(x) + erfc(x)", {"x": -5}, 1.0),
    ("Phi(x) + Q(x)", {"x": 40}, 1.0),
    ("kl(Bernoulli(p), Bernoulli(1/2))", {"p": 0}, math.log(2)),
    ("kl(Bernoulli(p), Bernoulli(1/2))", {"p": 1}, math.log(2)),
]


@pytest.mark.parametrize("backend", ["arb", "mpmath", "float"])
@pytest.mark.parametrize("text,point", UNDEFINED, ids=[f"{t}@{p}" for t, p in UNDEFINED])
def test_undefined_in_every_backend(text, point, backend):
    assert _eval(text, point, backend) == "undefined"


@pytest.mark.parametrize("backend", ["arb", "mpmath", "float"])
@pytest.mark.parametrize("text,point,value", DEFINED, ids=[f"{t}@{p}" for t, p, _ in DEFINED])
def test_defined_values_agree(text, point, value, backend):
    assert _eval(text, point, backend) == pytest.approx(value, abs=1e-12)


def test_undefined_names_the_term():
    f = lower(sympy.sqrt(X) + 1, ["x"], "arb")
    with at_precision(64), pytest.raises(Undefined) as info:
        f(arb_ball(-1))
    assert info.value.term == "sqrt(x)" and "negative" in info.value.reason


def test_balls_straddling_an_edge_may_be_undefined():
    """A ball across the edge is MaybeUndefined (nothing certified); wholly beyond, Undefined."""
    cases = [("sqrt(x)", (-1, 1), (-2, -1)), ("log(x)", (-1, 1), (-2, 0)),
             ("1/x", (-1, 1), (0, 0)), ("x^(1/4)", (-1, 1), ("-1/2", "-1/4"))]
    for text, straddle, beyond in cases:
        f = lower(parse_expression(text, PARAMS), ["x"], "arb")
        with at_precision(64):
            with pytest.raises(MaybeUndefined):
                f(arb_box(*straddle))
            with pytest.raises(Undefined):
                f(arb_box(*beyond))


def test_integer_parameters_are_integers_statically():
    """binomial(n, k) on a box of integers is defined: integrality comes from the symbols."""
    f = lower(sympy.binomial(N, 2), ["n"], "arb")
    with at_precision(64):
        value = f(arb_box(2, 40))
    assert value.contains(arb(780)) and value.contains(arb(1))


def test_arb_box_keeps_dyadic_ends_and_contains_the_interval():
    with at_precision(128):
        box = arb_box(0, fmpq(1, 3))
        assert box.lower() == 0 and box.upper() >= arb(fmpq(1, 3))
        box = arb_box(fmpq(1, 3), 1)
        assert box.upper() == 1 and box.lower() <= arb(fmpq(1, 3))
        rng = random.Random(3)
        for _ in range(2000):
            a = Fraction(rng.randint(-10**6, 10**6), rng.choice([1, 3, 2**rng.randint(0, 80)]))
            b = a + Fraction(rng.randint(1, 10**9), rng.randint(1, 10**9))
            A, B = fmpq(a.numerator, a.denominator), fmpq(b.numerator, b.denominator)
            ball = arb_box(A, B)
            assert ball.lower() <= arb(A) and ball.upper() >= arb(B)


def test_parser_keeps_terms_sympy_simplifies_away():
    dom = Domain((("x", Interval.closed(-1, 1)),)).symbols()
    assert parse_statement("x/x == 1", dom).guards == (1 / dom["x"],)
    assert parse_statement("sqrt(x)^2 >= 0", dom).guards == (sympy.sqrt(dom["x"]),)
    assert parse_statement("log(x) - log(x) == 0", dom).guards == (sympy.log(dom["x"]),)
    assert parse_statement("(x^2 - 1)/(x - 1) <= x/2", dom).guards == ()


def test_guards_make_the_simplified_claim_undefined():
    dom = Domain((("x", Interval.closed(-1, 1)),))
    st = parse_statement("x/x == 1", dom.symbols())
    f = lower(st.margin(), ["x"], "arb", st.guards)
    with at_precision(64):
        assert f(arb_ball(1)) == 0
        with pytest.raises(Undefined):
            f(arb_ball(0))
    assert math.isnan(lower(st.margin(), ["x"], "float", st.guards)(0.0))
