"""A claim over an integer parameter is split into its instances only where fixing the integer
keeps every power's meaning (conjunction._powers_keep_meaning): ``x^y`` with an expression y
is undefined for x < 0 unless y is an integer, while a constant p/q with q odd is the real
root (docs/claims-language.md). ``(-8)^(n/3)`` is undefined at n = 1, its instance
``(-8)^(1/3)`` is -2: the split made the conjunction CERTIFY a claim the other engines found
undefined (red round 11, an internal soundness failure, exit 3). And an undefined point found
by the search is the shortest one, not a subnormal double written out in 300 digits."""

import sympy

from dpproof import conjunction
from dpproof.claims import Interval
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict
from dpproof.runner import check_claim
from tests.helpers import make_claim

N06 = dict(n=Interval(0, 6, integer=True))


def test_a_negative_base_under_an_integer_exponent_is_not_split():
    assert conjunction.parts(make_claim("t.neg", "(-8)^(n/3) <= 100", **N06)) == []
    # the instances of n/2 under an unsigned base: x^(1/2) of a negative x is undefined, the
    # written x^(n/2) too; x^(1/3) is not: refused as well (the meanings differ at x < 0)
    assert conjunction.parts(make_claim("t.x", "x^(n/3) <= 100", x=Interval(-1, 1),
                                        **N06)) == []


def test_splits_that_keep_the_meaning_stay():
    pos = conjunction.parts(make_claim("t.pos", "8^(n/3) <= 100", **N06))
    assert [p[2]["n"] for p in pos] == list(range(7))
    assert pos[1][1].statement.lhs == 2
    # an integer exponent keeps (-8)^n defined everywhere; a base sympy knows is >= 0 too
    assert len(conjunction.parts(make_claim("t.int", "(-8)^(n*3) <= 10^20", **N06))) == 7
    sq = conjunction.parts(make_claim("t.sq", "(1 + x^2)^(n/2) <= 100", x=Interval(-1, 1),
                                      **N06))
    assert len(sq) == 7
    x = next(iter(sq[2][1].statement.free_symbols))
    assert sympy.expand(sq[2][1].statement.lhs - (1 + x ** 2)) == 0     # n = 2


def test_the_claim_undefined_at_n_1_is_an_error_not_a_soundness_failure():
    ev = check_claim(make_claim("t.neg", "(-8)^(n/3) <= 100", **N06), Config())
    assert ev.verdict is Verdict.ERROR
    assert not ev.soundness_failure
    assert ev.scope.startswith("interval: undefined at n = 1"), ev.scope
    # the same powers with a positive base: true (2^6 = 64 <= 100) and false (> 60)
    assert check_claim(make_claim("t.pos", "8^(n/3) <= 100", **N06),
                       Config()).verdict in (Verdict.PROVED, Verdict.CERTIFIED)
    bad = check_claim(make_claim("t.pos2", "8^(n/3) <= 60", **N06), Config())
    assert bad.verdict is Verdict.REFUTED and bad.witness == {"n": "6"}


def test_the_search_names_a_short_undefined_point():
    ev = load("search").check(make_claim("t.x", "(-8)^(x/3) <= 100",
                                         x=Interval(0, 6)), Config())
    assert ev.verdict is Verdict.ERROR
    point = ev.data["undefined"]["point"]["x"]
    assert len(point) <= 8 and 0 <= float(point) <= 6, point
