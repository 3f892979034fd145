"""Identities whose integer instances are constants (no continuous parameter), decided
exactly (``engines.exact.instances.constant_zero``): Theorem 3 with d = k - 1 against the adaptive
recursion (cesar_rogers21.cor5_1); ties resolved by exact rewrites over Q(e^(1/L)), never by
floats; wrong closed forms never proved (issue 13)."""

import pytest
import sympy
from sympy import Max, Min, Rational as R, exp

from dpproof.claims import Claim, Domain, Interval, Kind, Statement
from dpproof.engines.exact import instances
from dpproof.expr import MaxOver
from dpproof.expr.finite import written_out
from dpproof.expr.vocabulary import br_adaptive_delta as rec
from tests.helpers import TEST_SOURCE
from theorems.cesar_rogers21.closed_forms import thm3_delta

k, e, g, i = (sympy.Symbol(v, integer=True) for v in "kegi")


def test_a_tie_is_zero_exactly():
    # e^(1/4) e^(1/4) - e^(1/2) is 0: balls cannot tell, the rewrite over z = e^(1/4) does
    tie = Max(exp(R(1, 4)) * exp(R(1, 4)) - exp(R(1, 2)), 0, evaluate=False)
    assert instances.constant_zero(tie, 30.0) is not None
    assert instances.constant_zero(tie + Max(exp(R(1, 3)), exp(R(1, 2)), evaluate=False)
                                   - exp(R(1, 2)), 30.0) is not None


def test_nonzero_constants_are_not_proved():
    assert instances.constant_zero(Max(exp(R(1, 2)), exp(R(1, 3))) - exp(R(1, 3)), 30.0) is None
    # treacherous: a Taylor polynomial of e^(1/2) to 1e-24, a Max that picks it
    taylor = sum(R(1, 2) ** n / sympy.factorial(n) for n in range(20))
    assert instances.constant_zero(Max(exp(R(1, 2)), taylor, evaluate=False) - taylor, 30.0) is None


def test_limits_that_are_maxima_of_integers_are_written_out():
    j = sympy.Symbol("j", integer=True)
    s = sympy.Sum(i, (i, 0, Min(1, Max(-1, j, evaluate=False), evaluate=False)))
    assert written_out(sympy.Sum(s, (j, 0, 2))) == 0 + 1 + 1
    with pytest.raises(ValueError):     # a limit that is not an integer stays an error
        written_out(sympy.Sum(i, (i, 0, Min(1, Max(-1, R(1, 2), evaluate=False),
                                            evaluate=False))))


def test_a_max_over_a_max_over_takes_integers():
    expr = Max(0, MaxOver(k * i - 2, (i, 0, k)))
    at = instances._at(expr, {k: sympy.Integer(2)})
    assert written_out(at).doit() == 2


def _claim(lhs, rhs, **ranges):
    dom = Domain(tuple((n, Interval.closed(lo, hi, integer=True)) for n, (lo, hi) in ranges.items()))
    return Claim("t.c", TEST_SOURCE, Statement(lhs, "==", rhs), dom, Kind.IDENTITY)


def test_corollary_5_1_is_proved_instance_by_instance():
    claim = _claim(rec(k, 1, e / 2, g / 4), thm3_delta(k, k - 1, e / 2, g / 4),
                   k=(1, 3), e=(1, 1), g=(0, 2))
    assert instances.prove(claim, 120.0) is not None


@pytest.mark.parametrize("rhs", [
    thm3_delta(k, k - 1, e / 2, g / 4 + R(1, 1000)),     # eps_g off by 1/1000
    thm3_delta(k, k - 1, e / 2 + R(1, 64), g / 4),       # eps off
    thm3_delta(k + 1, k, e / 2, g / 4),                  # one DP step more
])
def test_wrong_closed_forms_are_not_proved(rhs):
    claim = _claim(rec(k, 1, e / 2, g / 4), rhs, k=(1, 2), e=(1, 1), g=(0, 2))
    assert instances.prove(claim, 120.0) is None
