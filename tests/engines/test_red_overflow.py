"""Red-team round 2: inputs that killed or broke a run, each now decided or left undecided.

- ``exp_powers`` wrote exp(g/4 + 10^-12) as z^(q L) with L = 4 10^12; sympy's gcd of such
  polynomials died with SIGFPE in flint (the whole process, not an exception):
  ``br_adaptive_delta(3, 4, e/2, g/4) <= br_adaptive_delta(3, 2, e/2, g/4 + 10^-12)``.
- ``binomial(10^100, 10^50)`` overflowed arb's ``bin`` (OverflowError: ERROR).
- ``gauss_delta(x, 10^-999, 1) <= 1``: 10^999 overflowed the float lowering and mpmath's erfc
  under sympy's sign query (ERROR)."""

import math

import sympy
from flint import arb

from dpproof.claims import Interval as I
from dpproof.engines.exact import engine as symbolic
from dpproof.engines.base import Config, load
from dpproof.engines.signs import static_sign
from dpproof.evidence import Verdict
from dpproof.lowering import lower
from dpproof.lowering.arb_backend import _arb_binomial
from dpproof.oracles.symbolic import adaptive as AD
from tests.helpers import make_claim

CONFIG = Config(engine_timeout=8, timeout=20, search_examples=40)


def test_exp_powers_leaves_huge_powers_unwritten():
    tiny = sympy.Rational(1, 4) + sympy.Rational(1, 10**12)
    expr = sympy.exp(tiny) - 2 * sympy.exp(2 * tiny) + sympy.exp(sympy.Rational(1, 3))
    assert AD.exp_powers(expr) is expr
    assert AD._ball(expr) is None
    small = sympy.exp(sympy.Rational(1, 4)) ** 2 - sympy.exp(sympy.Rational(1, 2))
    assert AD.exp_powers(small) == 0


def test_adaptive_twin_with_a_tiny_shift_is_not_proved_and_does_not_crash():
    claim = make_claim("r.adaptive_shift", "br_adaptive_delta(3, 4, e/2, g/4) <= "
                       "br_adaptive_delta(3, 2, e/2, g/4 + 10^-12)",
                       e=I.closed(1, 2, integer=True), g=I.closed(0, 6, integer=True))
    ev = symbolic.check(claim, Config(engines=("symbolic",), engine_timeout=10))
    assert ev.verdict not in (Verdict.PROVED, Verdict.CERTIFIED, Verdict.ERROR), ev.detail


def test_binomial_of_huge_integers_in_arb():
    big = _arb_binomial(arb(10) ** 100, arb(10) ** 50)       # nan or an enclosure, no error
    assert not big.is_finite() or big > 0
    assert _arb_binomial(arb(20000), arb(19999)) == 20000
    assert _arb_binomial(arb(5), arb(20000)) == 0
    b = _arb_binomial(arb(20000), arb(15000))
    assert b.rad() < b.mid() * arb(2) ** -40 and abs(b.mid().log() / math.log(10) - 4882.19) < 0.01


def test_float_lowering_of_rationals_beyond_the_doubles():
    x = sympy.Symbol("x")
    f = lower(x * sympy.Integer(10) ** 999 - sympy.Integer(10) ** 999, ["x"], "float")
    assert math.isnan(f(1.0)) or f(2.0) == math.inf
    assert lower(sympy.Rational(1, 10**999) + x, ["x"], "float")(1.0) == 1.0


def test_sign_query_overflowing_in_mpmath_is_undecided():
    x = sympy.Symbol("x", positive=True)
    assert static_sign(sympy.erfc(sympy.Integer(10) ** 999 * x) - sympy.Rational(1, 2)) in (
        None, -1)


def test_gaussian_with_a_tiny_sigma_is_not_an_error():
    claim = make_claim("r.tiny_sigma", "gauss_delta(x, 10^-999, 1) <= 1", x=I.closed(0, 1))
    ev = load("interval").check(claim, CONFIG)
    assert ev.verdict is not Verdict.ERROR, ev.detail
    assert ev.verdict is not Verdict.REFUTED
