"""Unbounded sides of claims with hypotheses (``engines.balls.root``, ``tails``): a side
that no hypothesis involves keeps its infinite end, and the tail routes decide the
conclusion there (which proves the implication) where every hypothesis is certainly
defined; a tail box whose hypotheses certainly fail holds vacuously.  osgt22's
sub-Gaussian proposition Q(m + y)/(2 Q(m)) <= exp(-y^2/2) if Q(m) >= 1/4, y >= 0 unbounded;
a tight claim (Mills' ratio: equal in the limit y -> oo) and false twins whose violation
lives only on the tail (with the hypothesis holding there) are never CERTIFIED."""

import pytest
import sympy
from sympy import Rational as R, exp

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.claims import Claim, Domain, Interval as I, Statement
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict
from dpproof.expr.functions import Q

from tests.helpers import TEST_SOURCE

CONFIG = Config(engine_timeout=40, max_boxes=3000)
INTERVAL = load("interval")
m, y = (sympy.Symbol(n, real=True) for n in "my")
UP = I(0, None)
PHI = exp(-y ** 2 / 2) / sympy.sqrt(2 * sympy.pi)


def claim(cid, lhs, rel, rhs, hyp, **ranges):
    return Claim(cid, TEST_SOURCE, Statement(lhs, rel, rhs, hypotheses=(hyp,)),
                 Domain(tuple(ranges.items())))


TRUE = [
    claim("th.subgaussian", Q(m + y) / (2 * Q(m)), "<=", exp(-y ** 2 / 2),
          Statement(Q(m), ">=", R(1, 4)), m=I(0, 2), y=UP),
    # tight as y -> oo (Mills: y Q(y)/phi(y) -> 1), with a hypothesis on another side
    claim("th.mills.tight", y * Q(y), "<=", PHI, Statement(Q(m), ">=", R(1, 4)),
          m=I(0, 2), y=UP),
]
FALSE = [
    # y Q(y) -> phi(y) = exp(-y^2/2)/sqrt(2 pi) > exp(-y^2/2)/3: false only for large y
    claim("th.mills.false", m * y * Q(y), "<=", m * exp(-y ** 2 / 2) / 3,
          Statement(m, ">=", 1), m=I(0, 2), y=UP),
    # the tight claim scaled by 1 - 10^-6: false for y >~ 10^3, where the hypothesis holds
    claim("th.mills.tight.false", y * Q(y), "<=", (1 - R(1, 10 ** 6)) * PHI,
          Statement(Q(m), ">=", R(1, 4)), m=I(0, 2), y=UP),
]


@pytest.mark.parametrize("c", TRUE, ids=lambda c: c.id)
def test_true_claims_with_hypotheses_are_certified_on_the_half_line(c):
    ev = INTERVAL.check(c, CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, (ev.detail, ev.scope)
    assert "inf" in ev.scope and "truncated" not in ev.scope


@pytest.mark.parametrize("c", FALSE, ids=lambda c: c.id)
def test_false_twins_are_never_certified(c):
    ev = INTERVAL.check(c, CONFIG)
    assert ev.verdict is not Verdict.CERTIFIED, (ev.detail, ev.scope)


def test_a_hypothesis_on_the_unbounded_side_keeps_it_truncated():
    from dpproof.engines.balls.root import root_box
    c = claim("th.blocked", Q(y), "<=", 1, Statement(y, ">=", 1), y=UP)
    root, _clip, _integer, truncated = root_box(c)
    assert root[0][1] is not None and truncated
