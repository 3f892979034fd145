"""Bounds whose log terms only have a sign together (``log_groups.logs_grouped``): a Renyi
divergence of two data-dependent normals derived from the densities against a budget of
logs, on unbounded half-lines, is PROVED; a wrong coefficient or a wrong end is never
PROVED; the rewrite is exact and needs positive log arguments."""

from __future__ import annotations

import pytest
import sympy

from dpproof.claims import Interval as I
from dpproof.claims import Kind
from dpproof.engines.exact import engine as symbolic
from dpproof.engines.base import Config
from dpproof.engines.exact.log_groups import logs_grouped
from dpproof.evidence import Verdict
from tests.helpers import make_claim

CONFIG = Config(engines=("symbolic",))
POS = I(0, None, lo_open=True)
ALPHA = I(1, None, lo_open=True)
D = "renyi(DataDependentNormal({a}, r), DataDependentNormal({b}, r), alpha)"
BUDGET = "alpha/(2*r^2*x^2) + 2*log(1 + 1/x)"

TRUE = [
    # azize23 §3.2 with continuous x > 0 (the smaller count first)
    ("renyi_bound", f"{D.format(a='x', b='x + 1')} <= {BUDGET}", dict(x=POS, r=POS, alpha=ALPHA)),
    # from the smaller to the larger count, the budget at the larger: needs x >= 2
    ("remove_reverse", f"{D.format(a='x - 1', b='x')} <= {BUDGET}",
     dict(x=I(2, None), r=POS, alpha=ALPHA)),
    # tight: the margin 2 log(x + 1) - log(x) - log(x + 2) = log(1 + 1/(x(x + 2))) -> 0
    ("tight_at_infinity", "log(x) + log(x + 2) <= 2*log(x + 1)", dict(x=POS)),
    # the logs of a closed form: log((x+1)/x) + log((x+1)^2/(x^2 + a(2x+1)))/(2(a-1)) <= log(1+1/x)
    ("closed_form", "log(x + 1) - log(x) + (2*log(x + 1) - log(x^2 + alpha*(2*x + 1)))"
     "/(2*(alpha - 1)) <= log(1 + 1/x)", dict(x=POS, alpha=ALPHA)),
    # a conjunction: each conjunct proved by its own grouped logs
    ("max", f"max({D.format(a='x', b='x + 1')}, {D.format(a='x - 1', b='x')}) <= {BUDGET}",
     dict(x=I(2, None), r=POS, alpha=ALPHA)),
]

FALSE = [
    # the budget from the larger to the smaller count: D_alpha = +inf for large alpha
    ("add_reverse", f"{D.format(a='x + 1', b='x')} <= {BUDGET}",
     dict(x=I(2, None), r=POS, alpha=ALPHA)),
    # a coefficient off: log(1 + 1/x) in place of 2 log(1 + 1/x) and no v alpha term
    ("coefficient", f"{D.format(a='x', b='x + 1')} <= log(1 + 1/x)",
     dict(x=POS, r=POS, alpha=ALPHA)),
    # remove_reverse below x = (1 + sqrt 5)/2 fails (log(x/(x-1)) > 2 log(1 + 1/x) near 1)
    ("wrong_end", f"{D.format(a='x - 1', b='x')} <= {BUDGET}",
     dict(x=I(1, None, lo_open=True), r=POS, alpha=ALPHA)),
    ("tight_reversed", "2*log(x + 1) <= log(x) + log(x + 2)", dict(x=POS)),
]


@pytest.mark.parametrize("cid, text, ranges", TRUE, ids=[t[0] for t in TRUE])
def test_log_bounds_on_half_lines_are_proved(cid, text, ranges):
    ev = symbolic.check(make_claim(cid, text, Kind.INEQUALITY, **ranges), CONFIG)
    assert ev.verdict is Verdict.PROVED, ev.detail


@pytest.mark.parametrize("cid, text, ranges", FALSE, ids=[t[0] for t in FALSE])
def test_false_log_bounds_are_never_proved(cid, text, ranges):
    ev = symbolic.check(make_claim(cid, text, Kind.INEQUALITY, **ranges), CONFIG)
    assert ev.verdict is not Verdict.PROVED, ev.detail


def test_the_rewrite_is_exact_and_groups_by_coefficient():
    x, t = sympy.symbols("x t", positive=True)
    e = 2 * sympy.log(x + 1) - 2 * sympy.log(x) - (sympy.log(x + 1) - sympy.log(x)) \
        + sympy.log(x**2 + (1 + t) * (2 * x + 1)) / (2 * t) - sympy.log(x + 1) / t
    g = logs_grouped(e)
    assert g.is_nonnegative is True and e.is_nonnegative is not True
    for xv, tv in ((sympy.Rational(1, 3), sympy.Rational(5, 2)), (7, sympy.Rational(1, 9))):
        diff = (g - e).subs({x: xv, t: tv})
        assert abs(sympy.N(diff, 50)) < sympy.Float("1e-45")
    # grouped: log(1 + 1/x) and log(1 + t(2x + 1)/(x + 1)^2)/(2t)
    assert sympy.simplify(g - sympy.log(1 + 1 / x)
                          - sympy.log(1 + t * (2 * x + 1) / (x + 1)**2) / (2 * t)) == 0


def test_no_rewrite_without_positive_arguments():
    y = sympy.Symbol("y", real=True)          # y + 1 may be <= 0: logs not combined
    e = sympy.log(y**2 + 1) - 2 * sympy.log(y + 2)
    assert logs_grouped(e) == e
    x = sympy.Symbol("x", positive=True)
    assert logs_grouped(sympy.log(x) + x) == sympy.log(x) + x      # one log: nothing to group
