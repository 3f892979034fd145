"""Normal tails far out (expr.balls.monotone): flint's erfc of a ball about 7e19 whose radius
is 1e-57 is [+/- 1e-1.5e38], no digit of a value near 1e-2.2e39, so ``Q(x) <=
phi(x)/x (1 - 1/x^2)`` on [1e20, 1e21] (false: the Mills-ratio series goes on with
+3/x^4) was SUPPORTED (red round 11).  Taken at the ball's exact ends, monotone, erfc keeps
its digits: the false bound is refuted, its true twin certified at the same point."""

import random

import sympy
from flint import arb

from dpproof.claims import Interval
from dpproof.engines.base import Compiled, Config, load
from dpproof.engines import witness as W
from dpproof.evidence import Verdict
from dpproof.expr.balls import monotone
from dpproof.lowering import at_precision
from tests.helpers import make_claim

BIG = dict(x=Interval(sympy.Integer(10) ** 20, sympy.Integer(10) ** 21))
MILLS = "exp(-x^2/2)/(x*sqrt(2*pi))*(1 - 1/x^2)"


def test_the_false_tail_bound_far_out_is_refuted():
    ev = load("interval").check(make_claim("t.q", f"Q(x) <= {MILLS}", **BIG), Config())
    assert ev.verdict is Verdict.REFUTED
    x = sympy.Rational(ev.witness["x"])
    assert 10 ** 20 <= x <= 10 ** 21


def test_its_true_twin_holds_at_the_point_and_phi_agrees():
    point = {"x": sympy.Integer(10) ** 20}
    lower = Compiled(make_claim("t.q2", f"Q(x) >= {MILLS}", **BIG), "arb")
    assert W.examine(lower, point, (128, 256, 1024)).status == "holds"
    # Phi(-x) = Q(x): the same bound through the CDF
    twin = Compiled(make_claim("t.p", f"Phi(-x) <= {MILLS}", **BIG), "arb")
    assert W.examine(twin, point, (128, 256, 1024)).status == "violated"


def test_monotone_encloses_the_image_and_keeps_the_digits():
    rng = random.Random(1)
    with at_precision(128):
        # points drawn inside the ball at 128 bits (at 7e19 +/- 1e-57 a draw rounds outside)
        for mid, rad in ((30, "1e-3"), (3, "0.25"), (-2, "1e-10"), (0, "5")):
            ball = arb(mid, arb(rad))
            got = monotone(arb.erfc, ball)
            for _ in range(20):
                t = arb(ball.lower()) + (arb(ball.upper()) - arb(ball.lower())) * rng.random()
                assert got.overlaps(t.mid().erfc())     # both hold erfc(t)
    with at_precision(256):     # x^2 ~ 5e39 takes 132 bits before exp has any digit
        ball = arb(7 * 10 ** 19, arb("1e-57"))
        far = monotone(arb.erfc, ball)
        assert far > 0 and far.rad() < far.mid() * arb("1e-30")
        assert not ball.erfc() > 0                 # flint's own propagation: no digit
