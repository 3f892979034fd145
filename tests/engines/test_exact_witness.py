"""Witnesses where a strict bound is exactly 0 (``witness.exact_violation``) at the simple
points of the interval engine's undecided boxes (``witness_search.simple_points``).

No ball certifies ``0 > 0`` false at x = 1/3: ``arb(1/3)`` is not exact, so ``(3x - 1)^2`` is a
ball about 0.  The engine tries the box's simplest rational and its corners, and takes the
exact sign of the margin there.  False claims that fail only at such a point (a non-dyadic
rational, a decimal end of the domain, two coordinates at once) are REFUTED with that point
as the witness, also where a hypothesis holds there only exactly (x >= 1/3 at x = 1/3); their
true twins (a 10^-40 or 10^-300 lift, the point excluded by an open end or by a hypothesis,
the non-strict relation) are never refuted.  Identities false only on a needle 1e-30 wide
about x = 3/10 or 1/3 are REFUTED at that point, where balls certify the difference.
"""

import math
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings, strategies as st

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.claims import Claim, Domain, Interval as I, Kind, Statement
from dpproof.engines.base import Config, load
from dpproof.engines.witness_search import simple_points, simplest_in
from dpproof.evidence import Verdict

from tests.helpers import TEST_SOURCE, make_claim

CONFIG = Config(engine_timeout=30, max_boxes=2000)
INTERVAL = load("interval")
R = sympy.Rational
U = I(0, 1)
X = sympy.Symbol("x", real=True)

FALSE = [   # (claim, the point where it fails, in the source's variables)
    (make_claim("xw.third", "(3*x - 1)^2 > 0", x=U), {"x": R(1, 3)}),
    (make_claim("xw.seventh", "(7*x - 2)^2*(x + 1) > 0", x=U), {"x": R(2, 7)}),
    (make_claim("xw.decimal_end", "x > 1/10", x=I(R(1, 10), R(3, 10))), {"x": R(1, 10)}),
    (make_claim("xw.exp_tangent", "exp(x - 1/3) > 1 + (x - 1/3)", x=U), {"x": R(1, 3)}),
    (make_claim("xw.two", "(3*x - 1)^2 + (5*y - 2)^2 > 0", x=U, y=U),
     {"x": R(1, 3), "y": R(2, 5)}),
    (make_claim("xw.log", "log(3*x) < 3*x - 1", x=U), {"x": R(1, 3)}),
    # the hypothesis holds at x = 1/3 exactly, which no ball of 1/3 certifies
    (Claim("xw.hypothesis_tight", TEST_SOURCE, Statement(3 * X - 1, ">", 0, hypotheses=(
        Statement(X, ">=", R(1, 3)),)), Domain((("x", U),))), {"x": R(1, 3)}),
]
NEEDLES = [   # identities false only within 1e-30 of a point that bisection never reaches
    (make_claim("xw.needle", "x + max(0, 10^-30 - abs(x - 3/10)) == x", Kind.IDENTITY, x=U),
     {"x": R(3, 10)}),
    (make_claim("xw.needle_third", "x + max(0, 10^-30 - abs(x - 1/3)) == x", Kind.IDENTITY,
                x=U), {"x": R(1, 3)}),
]
TRUE_IDENTITIES = [
    make_claim("xw.flat", "x + max(0, -abs(x - 1/3)) == x", Kind.IDENTITY, x=U),
]
TRUE = [
    make_claim("xw.lifted", "(3*x - 1)^2 + 10^-40 > 0", x=U),
    make_claim("xw.lifted_far", "(3*x - 1)^2 + 10^-300 > 0", x=U),
    make_claim("xw.open_end", "x > 1/10", x=I(R(1, 10), R(3, 10), lo_open=True)),
    Claim("xw.hypothesis", TEST_SOURCE, Statement(3 * X - 1, ">", 0, hypotheses=(
        Statement(X, ">", R(1, 3)),)), Domain((("x", U),))),
    Claim("xw.hypothesis_lifted", TEST_SOURCE, Statement(3 * X - 1, ">", 0, hypotheses=(
        Statement(X, ">=", R(1, 3) + R(1, 10**40)),)), Domain((("x", U),))),
    make_claim("xw.nonstrict", "(3*x - 1)^2 >= 0", x=U),
    make_claim("xw.exp_nonstrict", "exp(x - 1/3) >= 1 + (x - 1/3)", x=U),
]


def _margin_at(claim, point):
    """The conclusion's margin at the witness, by plain substitution of exact rationals."""
    margin = claim.statement.margin()
    return sympy.simplify(margin.xreplace({s: point[s.name] for s in margin.free_symbols}))


@pytest.mark.parametrize("claim, at", FALSE, ids=lambda c: getattr(c, "id", ""))
def test_strict_bounds_exactly_zero_at_a_point_are_refuted_there(claim, at):
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is Verdict.REFUTED, (ev.detail, ev.scope)
    point = {n: R(v) for n, v in ev.witness.items()}   # "1/3" or "0.1", exactly
    assert point == at
    assert all(claim.domain[n].contains(v) for n, v in point.items())
    assert _margin_at(claim, point) == 0
    assert "0 (exactly)" in ev.detail


@pytest.mark.parametrize("claim", TRUE, ids=lambda c: c.id)
def test_true_twins_are_never_refuted(claim):
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is not Verdict.REFUTED, (ev.detail, ev.witness)
    assert ev.witness is None


@pytest.mark.parametrize("claim, at", NEEDLES, ids=lambda c: getattr(c, "id", ""))
def test_identities_false_on_a_needle_are_refuted_at_its_simplest_point(claim, at):
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is Verdict.REFUTED, (ev.detail, ev.scope)
    point = {n: R(v) for n, v in ev.witness.items()}   # "1/3" or "0.1", exactly
    assert point == at
    diff = claim.statement.lhs - claim.statement.rhs
    assert sympy.simplify(diff.xreplace({s: point[s.name] for s in diff.free_symbols})) == \
        R(1, 10**30)


@pytest.mark.parametrize("claim", TRUE_IDENTITIES, ids=lambda c: c.id)
def test_true_identities_are_never_refuted(claim):
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is not Verdict.REFUTED and ev.witness is None, ev.detail


@settings(max_examples=200, deadline=None)
@given(st.fractions(min_value=-50, max_value=50, max_denominator=10**6),
       st.fractions(min_value=0, max_value=3, max_denominator=10**6))
def test_simplest_in_is_the_least_denominator_in_the_side(lo, width):
    hi = lo + width
    got = Fraction(int(simplest_in(R(lo.numerator, lo.denominator),
                                   R(hi.numerator, hi.denominator)).p),
                   int(simplest_in(R(lo.numerator, lo.denominator),
                                   R(hi.numerator, hi.denominator)).q))
    assert lo <= got <= hi
    for q in range(1, min(got.denominator, 2000)):   # no smaller denominator fits
        assert math.floor(hi * q) < math.ceil(lo * q), (lo, hi, got, q)


def test_simple_points_are_the_simplest_rational_then_the_corners():
    box = [(R(3333, 10000), R(3334, 10000)), (R(1, 10), R(9, 80))]
    points = list(simple_points(["x", "y"], box, [False, False]))
    assert points[0] == {"x": R(1, 3), "y": R(1, 9)}
    assert {"x": R(3333, 10000), "y": R(1, 10)} in points[1:]
    assert len(points) == 5
    # an integer side keeps its midpoint; an infinite side too
    ints = list(simple_points(["k", "t"], [(2, 6), (R(1, 2), None)], [True, False]))
    assert ints[0] == {"k": 4, "t": 2}


def test_an_exact_zero_where_a_simplified_away_term_is_undefined_is_no_witness():
    """exp(log(3x - 1)) is 3x - 1 to sympy, 0 at x = 1/3, where log(3x - 1) as written is
    undefined: never a witness there (``exact.point.guards_defined_at``); the claim is an
    ERROR naming that point."""
    from dpproof.engines.exact.point import guards_defined_at

    claim = make_claim("xw.guard", "exp(log(3*x - 1)) > 0", x=I(R(1, 3), 1))
    assert claim.statement.guards
    assert not guards_defined_at(claim, {"x": R(1, 3)})
    assert guards_defined_at(claim, {"x": R(1, 2)})
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is not Verdict.REFUTED and ev.witness is None, ev.detail
    assert ev.verdict is Verdict.ERROR and "x = 1/3" in ev.detail
    defined = make_claim("xw.sqrt_squared", "sqrt(3*x - 1)^2 > 0", x=I(R(1, 3), 1))
    ev = INTERVAL.check(defined, CONFIG)      # sqrt(0) is defined: a true witness
    assert ev.verdict is Verdict.REFUTED and ev.witness == {"x": "1/3"}
