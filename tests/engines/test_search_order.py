"""The counterexample hunt certifies a float violation it already has before the local
optimisation, which only looks for one; a violation that arb dismisses (a rounding
artefact of a true claim) still leads to the polish and a SUPPORTED.  Witnesses read as
the shortest decimal of the double (5.05, not 5.0499999999999998)."""

from __future__ import annotations

import sympy
from sympy import exp, log

from dpproof.claims import Claim, Domain, Interval, Kind, Source, Statement
from dpproof.engines.base import Config
from dpproof.engines.search import engine as search
from dpproof.engines.witness import to_rational
from dpproof.evidence import Verdict

x, y = sympy.symbols("x y", real=True)
SRC = Source("test", "tests/engines", "search order")
CONFIG = Config(engines=("search",), search_examples=100)


def _claim(cid, lhs, rel, rhs, kind=Kind.INEQUALITY, **ranges):
    return Claim(cid, SRC, Statement(lhs, rel, rhs), Domain(tuple(sorted(ranges.items()))),
                 kind)


def _polish_counted(monkeypatch) -> list:
    runs = []
    original = search._Hunt.polish

    def polish(self):
        runs.append(self.evaluated)
        return original(self)
    monkeypatch.setattr(search._Hunt, "polish", polish)
    return runs


def test_a_violation_found_by_hypothesis_is_certified_without_the_polish(monkeypatch):
    runs = _polish_counted(monkeypatch)
    # false by 1/10 on most of the range: x^2 + 1/10 <= x^2 fails everywhere
    ev = search.check(_claim("c", x**2 + sympy.Rational(1, 10), "<=", x**2 + y / 10**6,
                             x=Interval.closed(0, 3), y=Interval.closed(0, 1)), CONFIG)
    assert ev.verdict is Verdict.REFUTED and runs == []
    w = {k: sympy.Rational(v) for k, v in ev.witness.items()}
    assert w["y"] < 10**5 and 0 <= w["x"] <= 3


def test_a_false_identity_is_refuted_without_the_polish(monkeypatch):
    runs = _polish_counted(monkeypatch)
    ev = search.check(_claim("i", log(1 + x), "==", x - x**2 / 2, Kind.IDENTITY,
                             x=Interval.closed(0, 1)), CONFIG)
    assert ev.verdict is Verdict.REFUTED and runs == []


def test_a_rounding_artefact_still_leads_to_the_polish(monkeypatch):
    """(1 + x)^3 >= 1 + 3x + 3x^2 on [0, 1e-6]: true (the margin is x^3); in floats the
    expansion cancels to negative rounding errors, which arb dismisses."""
    runs = _polish_counted(monkeypatch)
    ev = search.check(_claim("t", (1 + x)**3, ">=", 1 + 3 * x + 3 * x**2,
                             x=Interval.closed(0, sympy.Rational(1, 10**6))), CONFIG)
    assert ev.verdict is Verdict.SUPPORTED, ev.detail
    assert ev.data["float_artefacts"] > 0 and len(runs) == 1


def test_a_needle_below_the_float_search_is_not_refuted():
    """1e-30 below a tight bound at one point: invisible in floats; never REFUTED or
    certified by the search (it only supports)."""
    ev = search.check(_claim("n", (x - sympy.Rational(1, 3))**2, ">=",
                             sympy.Rational(-1, 10**30), x=Interval.closed(0, 1)), CONFIG)
    assert ev.verdict is Verdict.SUPPORTED


def test_witness_decimals_are_the_shortest_that_read_back():
    assert to_rational(5.05) == sympy.Rational(101, 20)
    assert to_rational(0.1 + 0.2) == sympy.Rational("0.30000000000000004")
    assert float(to_rational(-1.30698989607)) == -1.30698989607
    assert to_rational(sympy.Rational(1, 3)) == sympy.Rational(1, 3)


def test_a_witness_with_long_decimals_is_moved_to_simple_values():
    """exp(-w1/l) e^(-|w2|/l) == exp(-w2/l) e^(-|w1|/l) (wasserman.laplace.sd's shape):
    false wherever w1 != w2 and not both >= 0; the witness reads in short decimals."""
    w1, w2, lam = sympy.symbols("w1 w2 lam", real=True)
    box = Interval.closed(-10, 10)
    ev = search.check(_claim("w", exp(-w1 / lam) * exp(-abs(w2) / lam), "==",
                             exp(-w2 / lam) * exp(-abs(w1) / lam), Kind.IDENTITY,
                             w1=box, w2=box, lam=Interval.closed(sympy.Rational(1, 10), 10)),
                      CONFIG)
    assert ev.verdict is Verdict.REFUTED
    assert all(len(v.replace("-", "").replace(".", "").strip("0")) <= 4
               for v in ev.witness.values()), ev.witness
