"""Red team, round 4: the kinks route's switches without an exact root (``kinks.Prover.
_one_sign``) and the hs_events derivation that leaves out outcomes null in both laws
(``oracles.symbolic.masses.hs_events_discrete``).  Each false claim hides its violation
where balls alone cannot see it (1e-30 from an end, 1e-45 from an irrational root, a cubic
crossing past a tie of three arguments, one integer instance of three); its true tight
twin keeps its verdict."""

from __future__ import annotations

import pytest
import sympy
from sympy import Abs, Max, Rational as R, exp, log, sqrt

from dpproof.claims import Interval as I, Kind
from dpproof.engines.exact import kinks, engine as symbolic
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.oracles.symbolic.masses import hs_events_discrete
from tests.helpers import make_claim

CONFIG = Config(engines=("symbolic",))
DECIDED = (Verdict.PROVED, Verdict.CERTIFIED)
x = sympy.Symbol("x", real=True)
ROOT = R(10481470739682049464912375033233650158031922404764, 10 ** 49)   # sqrt(log 3) - 2e-50

# (name, false claim, its true twin, box, integer box or None)
CLAIMS = [
    # x/(1 + x) + 1e-30 > log(1 + x) only near 0
    ("end", "max(log(1 + x), x/(1 + x) + 1/10^30) <= log(1 + x)",
     "max(log(1 + x), x/(1 + x) - 1/10^30) <= log(1 + x)", I.closed(0, 5), None),
    # the instance n = 0 is false (x/x = 1 > log(1 + x) on [1/10, 5]), n = 1, 2 true
    ("instance", "max(log(1 + x), x/(n + x)) <= log(1 + x)",
     "max(log(1 + x), x/(n + 1 + x)) <= log(1 + x)", I.closed(R(1, 10), 5),
     I.closed(0, 2, integer=True)),
]


@pytest.mark.parametrize("name,false,true,box,ints", CLAIMS, ids=[c[0] for c in CLAIMS])
def test_a_hidden_sign_change_decides_nothing(name, false, true, box, ints):
    extra = {} if ints is None else {"n": ints}
    bad = make_claim(f"r4.{name}", false, Kind.INEQUALITY, x=box, **extra)
    assert symbolic.check(bad, CONFIG).verdict not in DECIDED
    good = make_claim(f"r4.{name}.twin", true, Kind.INEQUALITY, x=box, **extra)
    ev = symbolic.check(good, CONFIG)     # boxes, or (instance) a proof over every x
    assert ev.verdict in DECIDED, ev.detail


def test_three_arguments_tied_at_an_end():
    """log(1 + x) >= x - x^2/2 and >= 2x/(2 + x) on [0, 1] (no exact root: kept to one sign in
    balls; the third pair is rational, its roots exact), all three equal at 0; the
    cubic x - x^2/2 + x^3/3 is above log(1 + x) for x > 0."""
    tie = Max(log(1 + x), x - x ** 2 / 2, 2 * x / (2 + x), evaluate=False)
    lines = kinks.prove(log(1 + x) - tie, x, 0, 1, ">=", 30.0)
    assert lines is not None and sum("keeps its sign" in line for line in lines) == 2, lines
    cubic = Max(log(1 + x), x - x ** 2 / 2 + x ** 3 / 3, 2 * x / (2 + x), evaluate=False)
    assert kinks.prove(log(1 + x) - cubic, x, 0, 1, ">=", 30.0) is None


@pytest.mark.parametrize("margin,lo,hi", [
    # exp(x^2) - 3 < 0 on the first 1e-45 of [ROOT - 1e-45, 2] (beyond 128 bits)
    ((exp(x ** 2) - 3) - Abs(exp(x ** 2) - 3), ROOT - R(1, 10 ** 45), 2),
    # (x - sqrt 2)^2 - 1e-45 < 0 within 3e-23 of sqrt 2
    ((x - sqrt(2)) ** 2 - R(1, 10 ** 45) - Abs((x - sqrt(2)) ** 2 - R(1, 10 ** 45)), 1, 2),
    # 0 at the rational 1, negative from 1 + 7e-21 on: not a touching zero
    ((x - 1) ** 2 * (1 - 10 ** 20 * sqrt(2) * (x - 1))
     - Abs((x - 1) ** 2 * (1 - 10 ** 20 * sqrt(2) * (x - 1))), 0, R(3, 2)),
    # a pole of the switch inside the piece (sign flips through it)
    (Max(1 / (x - sqrt(2)), 0) - 1 / (x - sqrt(2)), 1, 2),
])
def test_a_switch_negative_out_of_reach_of_balls_is_not_kept(margin, lo, hi):
    assert kinks.prove(margin, x, lo, hi, ">=", 20.0) is None


def test_hs_events_keeps_outcomes_null_in_one_law_only():
    d = sympy.Symbol("d", nonnegative=True)
    assert hs_events_discrete([0, 0], [0, 0], 1) == 0          # every outcome null in both
    # mass d (zero only at d = 0) against 0: kept, so the value is d, not 0
    assert sympy.simplify(hs_events_discrete([d, 1 - d], [0, 1], 0) - d) == 0
    assert sympy.simplify(hs_events_discrete([1 - d, d, 0], [1, 0, 0], log(2)) - d) == 0
    # the null outcome of Finite(1, 0, 2) vs Finite(2, 0, 1) left out: 1/3 at eps = 0
    assert hs_events_discrete([R(1, 3), 0, R(2, 3)], [R(2, 3), 0, R(1, 3)], 0) == R(1, 3)
