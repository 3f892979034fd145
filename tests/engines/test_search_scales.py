"""The counterexample hunt on unbounded ranges draws points on a log scale too: a violation
where one parameter is small against the others (eps < |log(p/q)| <= 2 eps, under the
hypotheses |log(p/q)| <= 2 eps) lies where uniform floats up to the truncation (1e6) never
land.  Every candidate is certified in arb, so a true claim is never refuted."""

from __future__ import annotations

import pytest
import sympy
from sympy import exp

from dpproof.claims import Claim, Domain, Interval, Kind, Source, Statement
from dpproof.engines.base import Config
from dpproof.engines.search import engine as search
from dpproof.evidence import Verdict

p, q, e = (sympy.Symbol(n, real=True) for n in ("p", "q", "eps"))
HALF = Interval.closed(0, None)
SRC = Source("test", "tests/engines", "search scales")
CONFIG = Config(engines=("search",), search_examples=300)
BAND = (Statement(p, "<=", q * exp(2 * e)), Statement(q, "<=", p * exp(2 * e)))


def _claim(cid, lhs, rel, rhs, hyps=BAND, **ranges):
    ranges = ranges or {"p": HALF, "q": HALF, "eps": HALF}
    return Claim(cid, SRC, Statement(lhs, rel, rhs, hypotheses=hyps),
                 Domain(tuple(sorted(ranges.items()))), Kind.INEQUALITY)


@pytest.mark.parametrize("cid, lhs, rhs", [
    # false: p = e^(3 eps/2) q is in the band and above e^eps q
    ("band", p, q * exp(e)),
    # false with an indicator: the tail at eps does not vanish in the band of 2 eps
    ("indicator", p * sympy.Piecewise((1, (p > q * exp(e)) | (q > p * exp(e))), (0, True)), 0),
])
def test_false_claims_in_a_band_are_refuted(cid, lhs, rhs):
    ev = search.check(_claim(cid, lhs, "<=", rhs), CONFIG)
    assert ev.verdict is Verdict.REFUTED, ev.detail
    w = {k: sympy.Rational(v) for k, v in ev.witness.items()}
    assert w["p"] <= w["q"] * sympy.exp(2 * w["eps"]) and w["q"] <= w["p"] * sympy.exp(2 * w["eps"])


@pytest.mark.parametrize("cid, lhs, rhs", [
    # true: the band's own edge
    ("edge", p, q * exp(2 * e)),
    # true and tight: p = q at eps = 0 forces equality
    ("tight", p - q, (exp(2 * e) - 1) * q),
])
def test_true_claims_in_the_band_are_never_refuted(cid, lhs, rhs):
    ev = search.check(_claim(cid, lhs, "<=", rhs), CONFIG)
    assert ev.verdict is not Verdict.REFUTED, ev.detail


def test_the_whole_line_and_a_lower_half_line():
    # x^2 <= 10^-6 on the line: false away from a needle around 0 (both signs drawn)
    x = sympy.Symbol("x", real=True)
    c = Claim("line", SRC, Statement(x * x, "<=", sympy.Rational(1, 10**6)),
              Domain((("x", Interval(None, None)),)), Kind.INEQUALITY)
    assert search.check(c, CONFIG).verdict is Verdict.REFUTED
    # on (-oo, -1]: 1/x >= -1/2 fails for x in [-2, -1): drawn as -1 - 10^u
    c = Claim("lower", SRC, Statement(1 / x, ">=", -sympy.Rational(1, 2)),
              Domain((("x", Interval(None, -1)),)), Kind.INEQUALITY)
    ev = search.check(c, CONFIG)
    assert ev.verdict is Verdict.REFUTED and sympy.Rational(ev.witness["x"]) > -2


def test_a_witness_is_moved_to_simple_values():
    # x + y <= 10 on [0, oo)^2 is violated
    # almost everywhere the hunt looks (1e6 scale); the witness is simplified to small values
    x, y = (sympy.Symbol(n, real=True) for n in ("x", "y"))
    c = Claim("simple", SRC, Statement(x + y, "<=", 10),
              Domain((("x", HALF), ("y", HALF))), Kind.INEQUALITY)
    ev = search.check(c, CONFIG)
    assert ev.verdict is Verdict.REFUTED
    w = {k: sympy.Rational(v) for k, v in ev.witness.items()}
    assert w["x"] + w["y"] > 10
    # within two decades of the unit scale in all (sum |log10 x|), not at the 1e6 scale
    assert search._extremeness([float(w["x"]), float(w["y"])], [HALF, HALF]) <= 2
