"""Boxes at an open lower end of the domain (``engines.balls.open_ends``): the margin as one
fraction N/D whose factors have certified signs on box ∩ domain.  True claims undefined at
the excluded end (1/(a - 1)) or tending to 0 there (x - x^2 at x -> 0+, strict) are
CERTIFIED; false twins (off by 1e-6, equality at the closed end under <, a needle next to
the open end) and claims undefined inside the domain are never CERTIFIED."""

import pytest
import sympy

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.claims import Interval as I
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict

from tests.helpers import make_claim

CONFIG = Config(engine_timeout=30, max_boxes=3000)
INTERVAL = load("interval")
R = sympy.Rational
X = I(0, 1, lo_open=True)
A = I(1, 3, lo_open=True)

TRUE = [
    make_claim("oe.pole", "1/(a - 1) - a >= -100", a=A),
    make_claim("oe.to_zero_strict", "x^2 < x", x=I(0, R(1, 2), lo_open=True)),
    # tight at both ends: 0 at the excluded end, equality at the closed end x = 1
    make_claim("oe.tight", "x^2 <= x", x=X),
    # the osgt22 zeta shape: (log c - log g(a))/(a - 1) with g(1) = 1, c > 1
    make_claim("oe.zeta", "log(exp(a - 1)*(2 - a/2)/ (3/2))/(a - 1) <= log(3)/(a - 1) + 1",
               a=A),
]
FALSE = [
    make_claim("oe.equal_at_closed_end", "x^2 < x", x=X),
    make_claim("oe.off", "x^2 <= x*(1 - 1/10^6)", x=X),
    make_claim("oe.needle", "x^2 < x - 10^5*x*max(0, 1/10^4 - abs(x - 1/10^3))", x=X),
    make_claim("oe.pole_off", "1/(a - 1) - a >= 1/(a - 1) - 1 + 1/10^6", a=A),
]
UNDEFINED = [
    make_claim("oe.pole_inside", "(x^2 + 1)/(x*(x - 1/4)) <= 10^9", x=X),
    make_claim("oe.log_inside", "log(x - 1/100)/x <= 10^9", x=X),
]


@pytest.mark.parametrize("claim", TRUE, ids=lambda c: c.id)
def test_true_claims_at_an_open_end_are_certified(claim):
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, (ev.detail, ev.scope)


@pytest.mark.parametrize("claim", FALSE, ids=lambda c: c.id)
def test_false_twins_are_never_certified(claim):
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is not Verdict.CERTIFIED, (ev.detail, ev.scope)


@pytest.mark.parametrize("claim", UNDEFINED, ids=lambda c: c.id)
def test_claims_undefined_inside_the_domain_are_never_certified(claim):
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is not Verdict.CERTIFIED, (ev.detail, ev.scope)
