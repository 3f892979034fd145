"""Weighted homogeneity (``engines.balls.homogeneous``): a pair with f(l x_j, l^w x_i) = f(x), so
that only x_i^(1/w)/x_j matters (n/sigma^2 of cesar_rogers21.lemma6_3), is reduced to the
ratio t_i = x_i / x_j^w over the exact image of its ranges; true claims are CERTIFIED
through it, false ones refuted, the tight one (equality at n = s^2) never refuted, and a
margin that scales with no weight is not reduced."""

import pytest
import sympy

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.claims import Interval as I
from dpproof.engines.balls import homogeneous
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict

from tests.helpers import make_claim

CONFIG = Config(engine_timeout=30, max_boxes=3000)
INTERVAL = load("interval")
R = sympy.Rational
HALF_LINES = dict(n=I(1, None), s=I(0, None, lo_open=True))


def test_the_ratio_to_a_square_over_its_exact_range():
    claim = make_claim("hw.range", "n/s^2 + s^2/n >= 3/2", n=I.closed(2, 3), s=I.closed(1, 2))
    reduced, how = homogeneous.reduced(claim)
    assert reduced.domain.names == ("n",) and "weight 2 for n" in how
    iv = dict(reduced.domain.params)["n"]
    assert (iv.lo, iv.hi) == (R(1, 2), 3)        # n/s^2 over [2, 3] x [1, 2]
    assert {x.name for x in reduced.statement.margin().free_symbols} == {"n"}


def test_no_weight_no_reduction():
    assert homogeneous.reduced(make_claim("hw.none", "n/s^2 + s/n >= 0", **HALF_LINES)) is None


def test_true_claim_on_half_lines_is_certified_via_the_weighted_reduction():
    ev = INTERVAL.check(make_claim("hw.true", "n/s^2 + s^2/n >= 3/2", **HALF_LINES), CONFIG)
    assert ev.verdict is Verdict.CERTIFIED and "weight" in ev.scope, (ev.detail, ev.scope)


def test_gaussian_shape_is_certified_via_the_weighted_reduction():
    # 1 - exp(-u) <= u with u = n/(2 s^2): degree 0 in (s, n) with weight 2
    ev = INTERVAL.check(make_claim("hw.gauss", "1 - exp(-n/(2*s^2)) <= n/(2*s^2)",
                                   **HALF_LINES), CONFIG)
    assert ev.verdict is Verdict.CERTIFIED and "weight" in ev.scope, (ev.detail, ev.scope)


@pytest.mark.parametrize("text", ["n/s^2 + s^2/n >= 5/2", "1 - exp(-n/(2*s^2)) <= n/(4*s^2)"])
def test_false_twins_are_refuted(text):
    ev = INTERVAL.check(make_claim("hw.false", text, **HALF_LINES), CONFIG)
    assert ev.verdict is Verdict.REFUTED, (ev.detail, ev.scope)


def test_tight_claim_is_never_refuted():
    ev = INTERVAL.check(make_claim("hw.tight", "n/s^2 + s^2/n >= 2", **HALF_LINES), CONFIG)
    assert ev.verdict is not Verdict.REFUTED, (ev.detail, ev.scope)
