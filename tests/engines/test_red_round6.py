"""Red team, round 6: false claims against the routes of the day (engines.exact.sums, identities
by cases under hypotheses, monotone pairs, induction, halves/products, quick conjuncts) must
never be PROVED/CERTIFIED; their true twins are still decided."""

import sympy
from sympy import Max, Sum, pi, sin

from dpproof.claims import Claim, Domain, Interval, Kind, Source, Statement
from dpproof.engines.exact import sums
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
    # (sympy lists the limits innermost first: (j, i, i) inner, (i, -3, 0) outer; written the
    # other way round the outer range names an index it does not bind: nothing is assumed)
    assert sums.prove_zero(Sum(abs(j) - j, (j, i, i), (i, -3, 0))) is None
    assert sums.prove_zero(Sum(abs(j) - j, (i, -3, 0), (j, i, i))) is None
    # twin: the outer index runs over 0..k, the inner j = 0..i is nonnegative
    assert sums.prove_zero(Sum(abs(j) - j, (j, 0, i), (i, 0, k))) is not None
    assert sums.prove_zero(Sum(abs(j) - j, (i, 0, k), (j, 0, i))) is None


def _sym(text, kind=Kind.IDENTITY, **dom):
    from dpproof.engines.exact import engine as symbolic
    from tests.helpers import make_claim
    claim = make_claim("t.red6", text, kind, **dom)
    return symbolic.check(claim, Config(engines=("symbolic",))).verdict.name


LINE = Interval(None, None)


def test_identities_true_only_on_part_of_the_hypothesis_region():
    for text in ("x > y => max(x, y + 1/10^9) == x", "x >= y - 1/10^9 => max(x, y) == x",
                 "x*y >= 0 => max(x, 0) == x", "x^2 >= 1 => max(x, 1) == x",
                 "min(x, y) >= 0 => max(x - y, 0) == x - y"):
        assert _sym(text, x=LINE, y=LINE) not in SOUND, text
    assert _sym("x*y > 0 and y > 0 => max(x, 0) == x", x=LINE, y=LINE) == "PROVED"


def test_induction_base_is_the_first_integer_of_the_range():
    # 2^n >= 5 n/2 holds at n = 1/2 and g(n) = 5(n - 1)/2 >= 0 for integers n >= 1, but
    # fails at n = 1: the range [1/2, oo) of integers starts at 1
    half = Interval(sympy.Rational(1, 2), None, integer=True)
    assert _sym("2^n >= 5*n/2", Kind.INEQUALITY, n=half) not in SOUND
    # strict at an equal base (n = 0), Q with a sign change (n = 3), a base at n = 1 failing
    for text, lo in (("2^n > n + 1", 0), ("2^n >= n^2", 0), ("2^n >= n + 2", 1)):
        assert _sym(text, Kind.INEQUALITY, n=Interval(lo, None, integer=True)) not in SOUND
    assert _sym("2^n >= n + 1", Kind.INEQUALITY, n=Interval(0, None, integer=True)) == "PROVED"


def test_common_factor_of_a_product_must_be_a_law():
    # Bernoulli(x) is no law for x > 1: the product's hockey-stick is undefined there
    text = ("hockey_stick(ProductOf(Bernoulli(1/3), Bernoulli(x)), ProductOf(Bernoulli(2/3), "
            "Bernoulli(x)), 0) == 1/3")
    from tests.helpers import make_claim
    run = lambda hi: check_claim(make_claim("t.red6", text, Kind.IDENTITY,  # noqa: E731
                                            x=Interval.closed(0, hi)), Config()).verdict.name
    assert run(2) not in SOUND
    assert run(1) == "PROVED"
    # the factor in different coordinates is not common
    swapped = ("hockey_stick(ProductOf(Bernoulli(1/3), Bernoulli(1/2)), ProductOf(Bernoulli(2/3)"
               ", Bernoulli(x)), 0) == 1/3")
    assert check_claim(make_claim("t.red6", swapped, Kind.IDENTITY, x=Interval.closed(0, 1)),
                       Config()).verdict.name not in SOUND


def test_monotone_pairs_of_unknown_order_or_reaching_zero_stay_uncertified():
    from dpproof.engines.exact.definedness import undefined_term
    from tests.helpers import make_claim
    pos = Interval(0, None, lo_open=True)
    bad = ["log(exp(x + s) - exp(x) - 1) <= 1", "log(x*(Q(x) - Q(x + s))) <= 1",
           "log(erf(x) - erf(x - s) - 1/10^9) <= 1", "log(exp(s^2 + 1) - exp(2*s)) <= 1",
           "log(exp(x + s) - exp(x) - (exp(y + s) - exp(y))) <= 1"]
    for text in bad:      # each argument is <= 0 somewhere on the box
        assert "log" in undefined_term(make_claim("d", text, x=LINE, y=LINE, s=pos)), text
    for text in ("log(s*(Q(x) - Q(x + s))) <= 1", "log(erf(x + s) - erf(x)) <= 1"):
        assert undefined_term(make_claim("d", text, x=LINE, y=LINE, s=pos)) == "", text


def test_summands_equal_only_at_nonnegative_indices_over_ranges_that_go_negative():
    i = sympy.Symbol("i", integer=True)
    for lo, hi in ((k - 5, k), (0, -k), (-k, 0), (0, k - 3)):
        assert sums.prove_zero(Sum(abs(i) - i, (i, lo, hi))) is None, (lo, hi)
    assert sums.prove_zero(Sum(abs(i) - i, (i, 0, k - 1))) is not None
    # Max(c y, 0) = c Max(y, 0) needs c >= 0: c = k - 2 may be -1
    y = sympy.Symbol("y", real=True)
    assert sums.prove_zero(Sum(Max((k - 2) * y * i, 0) - (k - 2) * Max(y * i, 0),
                               (i, 0, k))) is None
