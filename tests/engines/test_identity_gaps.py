"""Equality verdicts that mean something (issue 11, item 4): stable forms in the lowering,
SUPPORTED identities only with a relative gap below 2^-50 on every box."""

import sympy
from flint import arb

from dpproof.claims import Interval
from dpproof.definedness import Undefined
from dpproof.engines.balls import engine as interval
from dpproof.engines.base import Config
from dpproof.evidence import Evidence, Verdict, assess
from dpproof.expr import Phi, Q
from dpproof.expr.stable import NormalMassBetween, expm1, log1p, stable
from dpproof.lowering import at_precision, lower
from tests.helpers import make_claim

x = sympy.Symbol("x", real=True)
CONFIG = Config(engine_timeout=20)


def _ball(expr, at, prec=128):
    with at_precision(prec):
        return lower(expr, ["x"])(arb(at))


def test_rewrites_are_the_stable_forms():
    u, v = sympy.symbols("u v", real=True)
    assert stable(1 - sympy.exp(-x)) == -expm1(-x)
    assert stable(3 * sympy.exp(x) - 3) == 3 * expm1(x)
    assert stable(sympy.log(1 + x)) == log1p(x)
    assert stable(sympy.log(2 + x)) == sympy.log(2 + x)
    assert stable(1 - Phi(x)) == Q(x)
    assert stable(2 - Q(x)) == 1 + Phi(x)
    assert stable(Phi(u) - Phi(v)).has(NormalMassBetween)
    # the mass is antisymmetric: the same mass written both ways cancels
    assert stable(Phi(u) - Phi(v) + Q(u) - Q(v)) == 0


def test_a_difference_of_two_phi_near_one_keeps_its_digits():
    # Phi(39 + 1/1000) - Phi(39) is about 2e-334; printed as it is, every digit cancels
    value = _ball(Phi(x + sympy.Rational(1, 1000)) - Phi(x), 39)
    assert value > 0 and value.rad() < value.mid() * arb(2) ** -100
    exact = _ball(Q(x) - Q(x + sympy.Rational(1, 1000)), 39, prec=2048)
    assert value.overlaps(exact)


def test_expm1_and_log1p_keep_relative_accuracy_at_small_x():
    tiny = "1e-30"
    a = _ball(1 - sympy.exp(-x), tiny)
    b = _ball(sympy.log(1 + x), tiny)
    for ball in (a, b):
        assert ball.rad() < abs(ball.mid()) * arb(2) ** -100
    assert a.overlaps(arb(tiny) - arb(tiny) ** 2 / 2) and b.overlaps(arb(tiny) - arb(tiny) ** 2 / 2)


def test_log1p_is_undefined_exactly_where_log_of_one_plus_x_is():
    f = lower(sympy.log(1 + x), ["x"])
    with at_precision(128):
        try:
            f(arb(-2))
        except Undefined:
            pass
        else:
            raise AssertionError("log(1 + x) at x = -2 must be undefined")
        assert f(arb("-0.5")) < 0


def test_a_right_identity_with_cancelling_print_is_supported():
    c = make_claim("id.phi_tails", "Phi(x + 1/1000) - Phi(x) == Q(x) - Q(x + 1/1000)",
                   x=Interval(30, 40))
    assert interval.check(c, CONFIG).verdict is Verdict.SUPPORTED


def test_an_identity_off_by_a_relative_1e_minus_12_is_never_supported():
    # exact at every instance but for the factor (1 + 10^-12): a gap far above 2^-50 relative
    c = make_claim("id.off", "exp(x) == exp(x)*(1 + 10^(-12))", x=Interval(1, 2))
    ev = interval.check(c, CONFIG)
    assert ev.verdict is Verdict.REFUTED and ev.witness is not None


def test_a_gap_balls_cannot_close_is_inconclusive_with_the_gap():
    # lhs and rhs agree to ~1e-7 relative at the midpoint of a tiny box that cannot be split
    c = make_claim("id.point", "exp(x) == 1 + x + x^2/2 + x^3/6 + x^4/24 + x^5/120 + x^6/720",
                   x=Interval(sympy.Rational(1, 10), sympy.Rational(1, 10)))
    ev = interval.check(c, CONFIG)
    assert ev.verdict in (Verdict.REFUTED, Verdict.INCONCLUSIVE)
    assert ev.verdict is not Verdict.SUPPORTED


def test_an_identity_supported_by_points_alone_is_inconclusive():
    c = make_claim("id.points", "log(1 + x) == 2*log(sqrt(1 + x))", x=Interval(0, 1))
    numeric = Evidence("numeric", Verdict.SUPPORTED, "agrees at 7 points to 60 digits")
    ball = Evidence("interval", Verdict.INCONCLUSIVE, "below 2^-50 relative on 12% of the box")
    a = assess(c, [numeric, ball])
    assert a.verdict is Verdict.INCONCLUSIVE and "2^-50" in a.scope
    assert assess(c, [numeric, Evidence("interval", Verdict.SUPPORTED, "every box")]).verdict \
        is Verdict.SUPPORTED


def test_an_identity_off_by_a_relative_2e_minus_5_near_x_39_is_refuted():
    # the first-order approximation of a Phi difference near 1: the difference of the sides
    # is ~4e-342; balls on boxes straddle 0, the midpoint of a box does not
    c = make_claim("id.taylor", "Phi(x) - Phi(x - 1/10^6) == exp(-x^2/2)/sqrt(2*pi)/10^6",
                   x=Interval(38, 40))
    ev = interval.check(c, CONFIG)
    assert ev.verdict is Verdict.REFUTED and 38 <= float(sympy.Rational(ev.witness["x"])) <= 40


def test_a_vector_identity_is_measured_against_the_quantities_it_compares():
    # E == 0 with E = |a - b|: relative to a and b (not to E, which is the gap itself)
    c = make_claim("id.vector", "abs(erf(x) - (1 - erfc(x))) == 0",
                   x=Interval(sympy.Rational(1, 2), sympy.Rational(1, 2)))
    assert interval.check(c, CONFIG).verdict is Verdict.SUPPORTED
    from dpproof.engines.balls.identity import compared
    terms = compared(c.statement)
    assert len(terms) == 3 and any(t.func is sympy.erf for t in terms)


def test_quantities_indistinguishable_from_zero_need_a_gap_below_2_to_the_minus_half_bits():
    from dpproof.engines.balls.identity import Gaps
    c = make_claim("id.zero", "abs(erf(x) - (1 - erfc(x))) == 0",
                   x=Interval(sympy.Rational(1, 2), sympy.Rational(1, 2)))
    box = [(sympy.Rational(1, 2), sympy.Rational(1, 2))]
    for radius, settled in ((arb(2) ** -600, True), (arb(2) ** -100, False)):
        gaps = Gaps(c, ["x"], 128)
        zero = arb(0, radius)
        gaps.quantities, gaps.margin = (lambda _x: zero,), lambda _x: -abs(zero)
        assert gaps.settle(box) is settled
