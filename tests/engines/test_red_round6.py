"""Red team, round 6: false claims against the routes of the day (engines.sums, identities
by cases under hypotheses, monotone pairs, induction, halves/products, quick conjuncts) must
never be PROVED/CERTIFIED; their true twins are still decided."""

import sympy
from sympy import Max, Sum, pi, sin

from dpproof.claims import Claim, Domain, Interval, Kind, Source, Statement
from dpproof.engines import sums
from dpproof.engines.base import Config
from dpproof.runner import check_claim

x = sympy.Symbol("x", real=True)
k = sympy.Symbol("k", integer=True, positive=True)
SOUND = ("PROVED", "CERTIFIED")


def _verdict(statement, domain, kind=Kind.IDENTITY):
    claim = Claim("t.red6", Source("test", "", "red6"), statement, domain, kind)
    return check_claim(claim, Config()).verdict.name


def test_sum_index_over_non_integer_limits_is_not_an_integer():
    # Sum(sin(pi i), i = x..x+2) is 1 at x = 1/2 (i = 1/2, 3/2, 5/2): the summand is 0 only at
    # integers, so summand by summand needs integer limits
    i = sympy.Symbol("i")
    dom = Domain.of(x=Interval(0, 1))
    assert sums.prove_zero(Sum(sin(pi * i), (i, x, x + 2))) is None
    assert _verdict(Statement(Sum(sin(pi * i), (i, x, x + 2)), "==", 0), dom) not in SOUND
    # twin: integer limits, the same summand is 0 at every index
    n = sympy.Symbol("n", integer=True)
    assert sums.prove_zero(Sum(sin(pi * i), (i, n, n + 2))) is not None
    assert _verdict(Statement(Sum(sin(pi * i), (i, k, k + 2)), "==", 0),
                    Domain.of(k=Interval(1, None, integer=True))) == "PROVED"


def test_closed_halves_of_two_closed_ranges_cover_the_mixed_corners():
    # [0, 1)^2 and (0, 1]^2 miss (0, 1) and (1, 0): a form derived on those two maps only
    # is not known there; the mixed choices are derived too and must agree
    from dpproof.oracles.symbolic.halves import closed_halves
    a, b = sympy.Symbol("a", real=True), sympy.Symbol("b", real=True)
    box = Domain.of(a=Interval.closed(0, 1), b=Interval.closed(0, 1))

    def fake(mixed):
        def derive_side(st, dom, side):
            form = a * b if side != "both" else mixed
            return Statement(form, "<=", 1), {}
        return derive_side
    assert closed_halves(None, box, fake(a * b + a * (1 - b) * 0 + 1)) is None
    assert sympy.sstr(closed_halves(None, box, fake(a * b))[0].lhs) == "a*b"


def test_inner_range_in_an_outer_index_declared_nonnegative_but_running_negative():
    # i is declared nonnegative but runs over -3..0; the inner j = i..i is then negative:
    # sum of |j| - j = 6 + 4 + 2 + 0 = 12, not 0
    i = sympy.Symbol("i", integer=True, nonnegative=True)
    j = sympy.Symbol("j", integer=True)
    assert sums.prove_zero(Sum(abs(j) - j, (i, -3, 0), (j, i, i))) is None
    # twin: the outer index runs over 0..k, the inner j = 0..i is nonnegative
    assert sums.prove_zero(Sum(abs(j) - j, (i, 0, k), (j, 0, i))) is not None
