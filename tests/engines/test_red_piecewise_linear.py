"""Red team of ``engines.exact.piecewise_linear``: false claims are never PROVED, their true twins
still are.  sympy 1.14's simplex calls some feasible systems empty (and loops on others), so an
LP's answer counts only with an exactly checked certificate; atoms must be real; a Piecewise
must cover every point."""

from __future__ import annotations

import pytest
import sympy

from dpproof.claims import Domain, Interval as I
from dpproof.engines.exact import lp_certificates as LP, piecewise_linear as PL, engine as symbolic
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from tests.engines.test_piecewise_linear import _decide

R = I(None, None)
LP_BOX = dict(x=I.closed(-3, 1), y=I(1, None), z=I(3, None))
x, y, z = sympy.symbols("x y z", real=True)


# (f, constraints g >= 0, box, exact minimum): sympy 1.14's linprog raised InfeasibleLPError (the
# route used it before its answers were certified)
LPS = [(-3 * x + y + 3 * z - 1, [-x + 3 * y + 2 * z - 3], [(-3, 1), (1, None), (3, None)], 6),
       (x + 3 * y + z + 2, [-x - 3 * z - 2, 3 * x - y + 2 * z + 3, 2 * x + 2 * y - 2],
        [(1, None), (1, None), (-3, 2)], sympy.Rational(10, 3))]


@pytest.mark.parametrize("f,cons,bounds,minimum", LPS)
def test_a_feasible_piece_the_solver_calls_empty_is_bounded_not_skipped(f, cons, bounds,
                                                                         minimum):
    got = LP.lower_bound(1, f, cons, bounds, [x, y, z])
    assert got is not None and got <= minimum
    assert got == minimum       # the certified bound is the minimum here


def test_a_piece_wrongly_called_empty_does_not_prove_a_false_margin():
    # g = 3y + 2z - x - 3 >= 5 on the box, so the margin is f - 7 with f >= 6: -1 at (1, 1, 3)
    false = "abs(3*y + 2*z - x - 3) - 2*x - 2*y + z - 5 >= 0"
    claim, line = _decide(false, **LP_BOX)
    assert line is None
    assert symbolic.check(claim, Config(engines=("symbolic",))).verdict is not Verdict.PROVED
    # twin: tight at (1, 1, 3), proved
    claim, line = _decide("abs(3*y + 2*z - x - 3) - 2*x - 2*y + z - 4 >= 0", **LP_BOX)
    assert line and line.startswith("piecewise linear: 2 pieces (1 empty")


def test_emptiness_needs_a_farkas_ray():
    # x + 3y + 2z <= 10 < 11 on the box: empty, certified; an unconstrained form is unbounded
    assert LP.lower_bound(1, x, [x + 3 * y + 2 * z - 11], [(None, 1), (None, 1), (None, 3)],
                     [x, y, z]) is None
    with pytest.raises(LP.Uncertified):
        LP.lower_bound(1, x, [], [(None, None)], [x])
    assert LP.lower_bound(-1, sympy.Integer(3), [], [(None, None)], [x]) == -3


def test_complex_terms_are_not_real_atoms():
    # |a + 1| + |a - 1| = 2 max(|a|, 1) holds for real a, not for a = sqrt(-4) = 2i
    text = "abs(sqrt(x) + 1) + abs(sqrt(x) - 1) <= 2*max(sqrt(x), -sqrt(x), 1)"
    assert _decide(text, x=I.closed(-4, 4))[1] is None
    assert _decide(text.replace("sqrt", "log"), x=I.closed(-4, 4))[1] is None
    # twin: sqrt(x) real on [0, 4]
    assert _decide(text, x=I.closed(0, 4))[1]


def test_a_piecewise_without_an_otherwise_branch_is_not_decided():
    box = Domain.of(x=I.closed(-1, 1))
    s = box.symbols()["x"]
    # undefined for x <= 0: no relation holds there
    assert PL.decide(sympy.Piecewise((s, s > 0)), ">=", box, box.symbols()) is None
    assert PL.decide(sympy.Piecewise((s, s > 0), (-s, True)), ">=", box, box.symbols())


def test_no_parameters_is_left_to_ball_arithmetic():
    assert PL.decide(sympy.Integer(1), ">=", Domain(), {}) is None
    assert PL.decide(sympy.Integer(-1), ">=", Domain(), {}) is None
