"""The witness of a one-parameter rational inequality (engines.exact.rational.rational_point)
is a point of the violation set: its midpoint exactly when the ends are rational.  The set
[10^30 - 1, 10^30) of 1/(1 + x) > 10^-30 on [0, 10^30) has a midpoint 30 digits do not
write, which rounded to the excluded end 10^30: the false claim was SUPPORTED (red round 12)."""

import sympy

from dpproof.claims import Interval
from dpproof.engines.base import Config, load
from dpproof.engines.exact.rational import rational_point
from dpproof.evidence import Verdict
from tests.helpers import make_claim

BIG = sympy.Integer(10) ** 30


def test_the_midpoint_of_a_narrow_far_piece_is_exact_and_inside():
    piece = sympy.Interval.Ropen(BIG - 1, BIG)
    p = rational_point(piece)
    assert p == BIG - sympy.Rational(1, 2) and piece.contains(p)
    # irrational ends: 30 digits, then more where the piece needs them
    narrow = sympy.Interval.open(sympy.sqrt(2) * BIG, sympy.sqrt(2) * BIG + 1)
    assert narrow.contains(rational_point(narrow))


def test_the_false_claim_at_the_open_end_is_refuted_and_its_true_twin_proved():
    symbolic = load("symbolic")
    false = symbolic.check(make_claim("t.f", "1/(1 + x) > 1e-30",
                                      x=Interval(0, BIG, hi_open=True)), Config())
    assert false.verdict is Verdict.REFUTED
    assert BIG - 1 <= sympy.Rational(false.witness["x"]) < BIG
    true = symbolic.check(make_claim("t.t", "1/(1 + x) > 1e-30",
                                     x=Interval(0, BIG - 2, hi_open=True)), Config())
    assert true.verdict is Verdict.PROVED
