"""dpproof.hypothesis_bounds: hypotheses that bound one parameter by a constant are read as
its range; the claim so narrowed says exactly what the claim as written says, and the routes
decide it (strict bounds tight at the end a hypothesis leaves out, terms defined only where a
hypothesis holds), with witnesses where the hypotheses hold."""

import sympy

from dpproof.claims import Interval
from dpproof.engines.base import Config
from dpproof.hypothesis_bounds import on_ranges
from dpproof.runner import check_claim
from tests.helpers import make_claim

R = sympy.Rational


def test_bounds_move_into_the_ranges_and_the_symbols_follow():
    c = make_claim("t.a", "x > 0 and 1/2 >= y and x*y < 3 => exp(x) > 1 + x*y",
                   x=Interval(0, 1), y=Interval(-1, 2))
    d = on_ranges(c)
    x, y = d.domain["x"], d.domain["y"]
    assert (x.lo, x.hi, x.lo_open, x.hi_open) == (0, 1, True, False)
    assert (y.lo, y.hi, y.lo_open, y.hi_open) == (-1, R(1, 2), False, False)
    assert [str(h) for h in d.statement.hypotheses] == ["x*y < 3"]      # not a bound: kept
    xs = {s.name: s for s in d.statement.free_symbols}
    assert xs["x"].is_positive and xs["y"].is_positive is None
    assert on_ranges(make_claim("t.b", "exp(x) >= 1", x=Interval(0, 1))).domain["x"].lo == 0


def test_integer_ranges_equalities_and_empty_ranges():
    n = on_ranges(make_claim("t.n", "n > 2 => n^2 >= 9", n=Interval(0, 5, integer=True)))
    assert (n.domain["n"].lo, n.domain["n"].hi) == (3, 5) and not n.statement.hypotheses
    eq = make_claim("t.eq", "x == 1/2 => x <= 1", x=Interval(0, 1))
    assert on_ranges(eq) is eq                                     # only < <= > >= move
    empty = make_claim("t.e", "x > 2 => x < 0", x=Interval(0, 1))
    assert on_ranges(empty) is empty                               # vacuous: left as it is


def test_true_claims_whose_hypothesis_leaves_the_tight_end_out_are_proved():
    tight = make_claim("t.exp", "x > 0 => exp(x) > 1 + x", x=Interval(0, 1))
    defined = make_claim("t.log", "x >= 1/2 => log(x) <= x - 1", x=Interval(0, 1))
    flipped = make_claim("t.flip", "1 > x => log(1 - x) < 0", x=Interval(-1, 1))
    for c in (tight, defined):
        assert check_claim(c, Config()).verdict.name == "PROVED"
    # 1 - x in (0, 2] on [-1, 1): log(1 - x) < 0 fails for x <= 0; a true twin on (0, 1)
    got = check_claim(flipped, Config())
    assert got.verdict.name == "REFUTED" and -1 <= R(got.witness["x"]) <= 0
    twin = make_claim("t.flip_t", "1 > x and x > 0 => log(1 - x) < 0", x=Interval(-1, 1))
    assert check_claim(twin, Config()).verdict.name == "PROVED"


def test_false_claims_are_refuted_where_the_hypotheses_hold():
    c = make_claim("t.f", "x >= 1/2 and y <= 1 => log(x) + y >= x - 1 + y + 1/100",
                   x=Interval(0, 1), y=Interval(0, 3))
    got = check_claim(c, Config())
    assert got.verdict.name == "REFUTED"
    assert R(got.witness["x"]) >= R(1, 2) and R(got.witness["y"]) <= 1
    n = make_claim("t.nf", "n >= 2 => n^2 <= 16", n=Interval(0, 9, integer=True))
    got = check_claim(n, Config())
    assert got.verdict.name == "REFUTED" and 5 <= int(got.witness["n"]) <= 9


def test_a_range_narrowed_to_one_point_puts_the_number_in_the_statement():
    true = make_claim("t.pt", "n > 2 and n < 4 => n == 3", n=Interval(0, 9, integer=True))
    false = make_claim("t.pt_f", "n > 2 and n < 4 => n^2 == 10", n=Interval(0, 9, integer=True))
    x = make_claim("t.ptx", "x >= 1/2 and x <= 1/2 => 2*x == 1", x=Interval(0, 1))
    d = on_ranges(true)
    assert d.domain["n"].is_point and d.statement.lhs == 3 and not d.statement.free_symbols
    assert check_claim(true, Config()).verdict.name == "PROVED"
    assert check_claim(x, Config()).verdict.name == "PROVED"
    got = check_claim(false, Config())
    assert got.verdict.name == "REFUTED" and int(got.witness["n"]) == 3


def test_a_needle_at_the_end_the_hypothesis_leaves_out_is_not_proved():
    """Treacherous: exp(x) >= its Taylor polynomial of degree 6 plus 10^-40 fails only for
    0 < x < about 6.6e-6 (x^7/5040 < 10^-40), next to the end x = 0 that the hypothesis
    leaves out.  Whatever the engines say, it is not PROVED or CERTIFIED, and a witness
    satisfies the hypothesis."""
    c = make_claim("t.needle", "x > 0 => exp(x) >= 1 + x + x^2/2 + x^3/6 + x^4/24 + x^5/120 "
                   "+ x^6/720 + 10^(-40)", x=Interval(0, 1))
    got = check_claim(c, Config())
    assert got.verdict.name not in ("PROVED", "CERTIFIED")
    if got.verdict.name == "REFUTED":
        assert 0 < R(got.witness["x"]) < R(7, 10**6)
