"""Whole-box certification by the interval engine (issue 12).

True claims tight at a point, on an axis or face, on a curve, over unbounded ranges and
with a margin of 2.5e-33 are CERTIFIED over their whole stated domain; the same claims
perturbed by 1e-9, 1e-12 and 1e-15 at the tight point, and needles of width 1e-6 in 1, 2
and 3 dimensions, are REFUTED with witnesses re-certified here at 512 bits; AM-GM (tight on
the diagonal, not polynomial) stays SUPPORTED; nothing true is ever refuted.
"""

import pytest
import sympy

from dpproof.claims import Interval as I
from dpproof.engines.base import Config, load
from dpproof.engines.balls.enclosures import Forms, rewritten
from dpproof.evidence import Verdict
from dpproof.lowering import arb_box, at_precision, lower

from tests.engines.cases import TRUE, WHOLE_BOX_FALSE, WHOLE_BOX_TRUE
from tests.engines.test_conformance import _recertify
from tests.helpers import make_claim

CONFIG = Config(engine_timeout=30, max_boxes=2000)
INTERVAL = load("interval")


@pytest.mark.parametrize("claim", WHOLE_BOX_TRUE, ids=lambda c: c.id)
def test_true_claims_are_certified_on_the_whole_domain(claim):
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, (ev.detail, ev.scope)
    assert ev.scope.startswith("whole domain") and ev.data["undecided_boxes"] == 0
    assert "cut at" not in ev.scope


@pytest.mark.parametrize("claim", WHOLE_BOX_FALSE, ids=lambda c: c.id)
def test_perturbed_claims_and_needles_are_refuted_with_certified_witnesses(claim):
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is Verdict.REFUTED, (ev.detail, ev.scope)
    assert _recertify(claim, ev.witness) < 0


def test_unbounded_domains_are_certified_not_truncated():
    ev = INTERVAL.check(next(c for c in WHOLE_BOX_TRUE if c.id == "wb.exp_line"), CONFIG)
    assert ev.verdict is Verdict.CERTIFIED and "-inf" in ev.scope and "inf)" in ev.scope


def test_the_certified_scope_is_the_stated_domain_open_ends_and_integers_as_written():
    """The engine decides the closure; its scope names the domain as stated."""
    c = make_claim("wb.scope", "1/(a - 1) + k >= 0", a=I(1, sympy.Rational(9803, 10000) + 2,
                   lo_open=True), k=I(0, 3, integer=True))
    ev = INTERVAL.check(c, CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, ev.detail
    assert ev.scope == "whole domain: a in (1, 2.9803], k in [0, 3] integers"


def test_a_tail_that_cannot_be_compactified_stays_truncated_and_supported():
    # the margin oscillates-free but its tail forms are not finite at s = 0 and its
    # derivative's sign is not certified there: the documented truncation applies
    claim = make_claim("tail.hard", "log(x) <= sqrt(x) + exp(-x^2)*x^3", x=I(1, None))
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict in (Verdict.CERTIFIED, Verdict.SUPPORTED)
    if ev.verdict is Verdict.SUPPORTED:
        assert "1e6" in ev.scope


def test_amgm_tight_on_a_curve_is_certified_by_substitution_and_refuted_when_perturbed():
    ev = INTERVAL.check(next(c for c in TRUE if c.id == "true.amgm"), CONFIG)
    assert ev.verdict is Verdict.CERTIFIED and "x = u^2 for a, b" in ev.scope
    claim = make_claim("amgm-12", "sqrt(a*b) <= (a + b)/2 - 1/10^12",
                       a=I.closed(sympy.Rational(1, 4), 4), b=I.closed(1, 9))
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is Verdict.REFUTED and _recertify(claim, ev.witness) < 0


def test_a_curve_without_an_exact_argument_stays_supported():
    # u + v <= sqrt(2 (u^2 + v^2)) after the substitution: still a root, tight on a = b
    claim = make_claim("power_mean", "sqrt(a) + sqrt(b) <= sqrt(2*(a + b))",
                       a=I.closed(0, 4), b=I.closed(0, 4))
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is Verdict.SUPPORTED and 0.9 < ev.data["certified_fraction"] < 1


def test_a_claim_false_only_at_the_tight_point_is_never_certified():
    # log(1 + x) < x is false exactly at x = 0 (equality): never CERTIFIED, and refuted
    claim = make_claim("strict.tight", "log(1 + x) < x", x=I.closed(0, 50))
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is Verdict.REFUTED and ev.witness == {"x": "0"}


def test_a_claim_undefined_on_part_of_the_box_is_not_certified():
    # sqrt(x) is undefined for x < 0: the shifted/rewritten forms must not hide it
    claim = make_claim("undefined", "0 <= sqrt(x) + 1", x=I.closed(-1, 1))
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is not Verdict.CERTIFIED


def test_deep_cancellation_needs_and_gets_more_than_1024_bits():
    # erf(39/sqrt 2) - erf((39 - 1/10^6)/sqrt 2) ~ 2e-336 (two numbers within 1e-333 of 1): a
    # claim that it is >= 2/10^330 is false, and the violation shows only beyond 1100 bits
    # (erf differences are not rewritten by expr.stable, unlike Phi differences below)
    claim = make_claim("deep", "erf(x/sqrt(2)) - erf((x - 1/10^6)/sqrt(2)) >= 2/10^330",
                       x=I.closed(39, 39))
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is Verdict.REFUTED and ev.witness == {"x": "39"}
    margin = lower(claim.statement.margin(), ["x"])
    with at_precision(1024):
        assert not margin(arb_box(39, 39)) < 0          # 1024 bits cannot tell
    with at_precision(4096):
        assert margin(arb_box(39, 39)) < 0


def test_a_phi_difference_near_one_is_lowered_in_its_stable_form():
    # the same cancellation written with Phi: the lowering evaluates Phi(u) - Phi(v) through
    # the tails (expr.stable), so 128 bits see the violation
    claim = make_claim("deep.phi", "Phi(x) - Phi(x - 1/10^6) >= 1/10^330", x=I.closed(39, 39))
    assert INTERVAL.check(claim, CONFIG).verdict is Verdict.REFUTED
    with at_precision(128):
        assert lower(claim.statement.margin(), ["x"])(arb_box(39, 39)) < 0


def test_rewrites_are_exact_and_polynomials_are_factored():
    x, y = sympy.symbols("x y", real=True)
    assert rewritten(x**2 + y**2 - 2*x*y) == (x - y)**2
    assert rewritten(1 - x/(1 + x)) == 1/(x + 1)
    assert rewritten(x) is None


def test_mean_value_form_beats_the_natural_enclosure_on_a_dependent_margin():
    x = sympy.Symbol("x", positive=True)
    margin = x/(1 + x) - x + x**2/2          # ~ x^3/3 near 0, dependent
    forms = Forms(margin, ("x",))
    with at_precision(128):
        box, mid = arb_box(sympy.Rational(1, 100), sympy.Rational(2, 100)), arb_box(
            sympy.Rational(3, 200), sympy.Rational(3, 200))
        natural = lower(margin, ["x"])(box)
        mv = forms.mean_value([box], [mid])
    assert mv.rad() < natural.rad() / 10
    assert mv.contains(lower(margin, ["x"])(arb_box(sympy.Rational(1, 50),
                                                     sympy.Rational(1, 50))))


def test_homogeneity_is_detected_only_where_it_holds():
    a, b = sympy.symbols("a b", nonnegative=True)
    assert Forms(sympy.sqrt(a) + sympy.sqrt(b) - sympy.sqrt(a + b), ("a", "b")).homogeneity(
        (0, 1)) == sympy.Rational(1, 2)
    assert Forms(sympy.sqrt(a) + sympy.sqrt(b) - sympy.sqrt(a + b) - sympy.Rational(
        1, 10**9), ("a", "b")).homogeneity((0, 1)) is None


def test_an_affine_term_touching_zero_is_enclosed_exactly():
    """(1 - delta)^n at delta = 1: the union bound of name-and-shame, tight at delta = 0
    and at n = 1, is certified; overdrawn by 1e-9 it is refuted."""
    n = I.closed(1, 10**6, integer=True)
    ev = INTERVAL.check(make_claim("union", "1 - (1 - delta)^n <= delta*n",
                                   delta=I.closed(0, 1), n=n), CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, ev.detail
    false = make_claim("union-9", "1 - (1 - delta)^n <= delta*n - 1/10^9",
                       delta=I.closed(0, 1), n=n)
    ev = INTERVAL.check(false, CONFIG)
    assert ev.verdict is Verdict.REFUTED and _recertify(false, ev.witness) < 0


@pytest.mark.parametrize("text, ranges", [
    ("sqrt(a) + sqrt(b) >= 10001/10000*sqrt(a+b)", dict(a=I.closed(0, 4), b=I.closed(0, 4))),
    ("sqrt(a*b) <= (a+b)/2 - (a+b)/10^12", dict(a=I.closed(0, 4), b=I.closed(0, 4))),
    ("x/(1+x) <= 1 - 2/x", dict(x=I(1, None))),
    ("exp(-x) >= 1/10^9", dict(x=I(1, None))),
    ("(1 - d)^n <= 1 - n*d", dict(d=I.closed(0, 1), n=I.closed(sympy.Rational(1, 2), 3))),
    ("(1 - d)^n >= 1 - n*d", dict(d=I.closed(0, 1), n=I.closed(sympy.Rational(1, 2), 3))),
    ("x^2*(x-1)^2 >= 1/10^20", dict(x=I.closed(0, 1))),
    ("a*b <= (a + b)^2/4 - 1/10^15", dict(a=I.closed(-1, 1), b=I.closed(-1, 1))),
])
def test_false_claims_near_the_new_arguments_are_refuted_never_certified(text, ranges):
    """False where a homogeneous corner, a tail, a face or an exact rewrite would decide."""
    claim = make_claim("adversarial", text, **ranges)
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is Verdict.REFUTED, ev.detail
    assert _recertify(claim, ev.witness) < 0


@pytest.mark.parametrize("text, ranges, verdict", [
    # tight at the corners; the derivative of |u| is Clarke's [-1, 1] at u = 0
    ("(abs(x1 - y1) + abs(x2 - y2))/2 <= 1", dict(x1=I.closed(0, 1), x2=I.closed(0, 1),
                                                 y1=I.closed(0, 1), y2=I.closed(0, 1)),
     Verdict.CERTIFIED),
    ("exp(c*abs(b)/16) <= exp(c/4)", dict(b=I.closed(-4, 4), c=I.closed(1, 8)),
     Verdict.CERTIFIED),
    ("max(x, y) <= x + y", dict(x=I.closed(0, 2), y=I.closed(0, 2)), Verdict.CERTIFIED),
    ("exp(c*abs(b)/16) <= exp(c/4) - 1/10^12", dict(b=I.closed(-4, 4), c=I.closed(1, 8)),
     Verdict.REFUTED),
    ("abs(x - y) <= 1", dict(x=I.closed(0, sympy.Rational(3, 2)),
                             y=I.closed(0, sympy.Rational(3, 2))), Verdict.REFUTED),
    ("max(x, y) <= x + y - 1/10^15", dict(x=I.closed(0, 2), y=I.closed(0, 2)),
     Verdict.REFUTED),
])
def test_lipschitz_margins_with_kinks(text, ranges, verdict):
    claim = make_claim("kinks", text, **ranges)
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is verdict, ev.detail
    if verdict is Verdict.REFUTED:
        assert _recertify(claim, ev.witness) < 0
