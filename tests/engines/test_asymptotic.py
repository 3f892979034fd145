"""Tails decided by the expansion of erfc with a certified remainder (``engines.balls.asymptotic``,
DLMF 7.12.1): osgt22's variance bound V(t, 1) < 1 (t phi(t)/Q(t) - t^2 -> 1 cancels two
unbounded terms) on t in (0, oo), V(1, t) < t^2 (the hard end an open end t -> 0+), on
m, sigma > 0 by homogeneity, and the tight V(t, 1) <= 2/t^2
(the gap is 10/t^4 + O(1/t^6)), osgt22's a/(2 V) > a/(2 sigma^2) on a > 1, m, sigma > 0 (by
homogeneity with the second pivot of the pair); false twins whose violation lives only on the tail are
never CERTIFIED."""

import mpmath
import pytest
import sympy

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.claims import Claim, Domain, Interval as I, Statement
from dpproof.engines.balls.asymptotic import expansion
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict
from dpproof.expr.functions import Q
from dpproof.lowering import arb_ball, lower

from tests.helpers import TEST_SOURCE

CONFIG = Config(engine_timeout=40, max_boxes=3000)
INTERVAL = load("interval")
t, s, a = (sympy.Symbol(n, positive=True) for n in "tsa")


def V(m, sd):
    """osgt22 eq. (2): the OSGT variance, V(m, sigma^2) with sd = sigma."""
    return sd ** 2 + m ** 2 - m * sd * sympy.exp(-m ** 2 / (2 * sd ** 2)) / (
        sympy.sqrt(2 * sympy.pi) * Q(m / sd))


def claim(cid, lhs, rel, rhs, **ranges):
    return Claim(cid, TEST_SOURCE, Statement(lhs, rel, rhs), Domain(tuple(ranges.items())))


HALF = I(0, None, lo_open=True)
TRUE = [
    claim("as.variance", V(t, 1), "<", 1, t=HALF),
    claim("as.variance.open_end", V(1, t), "<", t ** 2, t=HALF),
    claim("as.variance.open_end.tight", V(1, t), "<=", 2 * t ** 4, t=HALF),
    claim("as.variance.2d", V(t, s), "<", s ** 2, t=HALF, s=HALF),
    claim("as.variance.tight", V(t, 1), "<=", 2 / t ** 2, t=HALF),
    # osgt22.rdp.gauss_worse on m, sigma > 0: the pivot m leaves sigma/m in (0, oo) with
    # a hard tail (margin ~ 1/sigma^3); the other pivot gives m/sigma, whose ends settle
    claim("as.gauss_worse", a / (2 * V(t, s)), ">", a / (2 * s ** 2), a=I(1, None, lo_open=True),
          t=HALF, s=HALF),
]
FALSE = [
    # false only for t >= ~10: V - 19/(10 t^2) ~ 1/(10 t^2)
    claim("as.variance.tight.false", V(t, 1), "<=", sympy.Rational(19, 10) / t ** 2, t=HALF),
    # false only for t <= ~1/10 (the open end; V(1, t) = t^2 V(1/t, 1))
    claim("as.variance.open_end.false", V(1, t), "<=", sympy.Rational(19, 10) * t ** 4,
          t=HALF),
    # the 2d claim with sigma^2 scaled down by 1 - 10^-6 (false at large m/sigma)
    claim("as.variance.2d.false", V(t, s), "<", (1 - sympy.Rational(1, 10 ** 6)) * s ** 2,
          t=HALF, s=HALF),
    # false as m/sigma -> 0 (V -> sigma^2)
    claim("as.gauss_worse.false", a / (2 * V(t, s)), ">",
          a * (1 + sympy.Rational(1, 10 ** 6)) / (2 * s ** 2), a=I(1, None, lo_open=True),
          t=HALF, s=HALF),
]


@pytest.mark.parametrize("c", TRUE, ids=lambda c: c.id)
def test_true_tails_are_certified(c):
    ev = INTERVAL.check(c, CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, (ev.detail, ev.scope)


@pytest.mark.parametrize("c", FALSE, ids=lambda c: c.id)
def test_false_twins_are_never_certified(c):
    ev = INTERVAL.check(c, CONFIG)
    assert ev.verdict is not Verdict.CERTIFIED, (ev.detail, ev.scope)


@pytest.mark.parametrize("n", [1, 2, 3, 5])
def test_the_expansion_with_theta_in_0_1_encloses_erfc(n):
    """DLMF 7.12(i): erfc(z) lies between the expansion at theta = 0 and theta = 1."""
    th = sympy.Symbol("th")
    f = lower(expansion(t, th, n), ["t", "th"])
    with mpmath.workdps(40):
        for z in ("0.5", "1", "3", "17/2", "40"):
            zb = arb_ball(sympy.Rational(z))
            lo, hi = sorted([f(zb, arb_ball(0)), f(zb, arb_ball(1))], key=lambda b: b.mid())
            assert lo.lower() <= (zb.erfc()).upper() and zb.erfc().lower() <= hi.upper()
