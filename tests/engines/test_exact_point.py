"""Exact decisions at point boxes (``engines.exact.point``): bounds tight at a point.

At eps = 1 the hockey-stick divergence of 1-DP randomized response is exactly 0, which no
ball certifies (``exp(1) - E`` is a ball about 0).  True claims tight at such a point are
CERTIFIED by the interval engine; twins off by 10^-40 at the same point are REFUTED with a
witness re-certified at 512 bits, never certified; constants that are tiny but not zero are
never taken for 0, and Max/Min/Abs/Piecewise are resolved by certified signs only.
"""

import pytest
import sympy
from sympy import E, Max, Min, Piecewise, exp, log

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.claims import Interval as I
from dpproof.engines.base import Config, load
from dpproof.engines.exact.point import _Undecided, holds_at, resolve, sign
from dpproof.engines.signs import Budget
from dpproof.evidence import Verdict

from tests.engines.test_conformance import _recertify
from tests.helpers import make_claim

CONFIG = Config(engine_timeout=30, max_boxes=2000)
INTERVAL = load("interval")
R = sympy.Rational
RR1 = "Bernoulli(exp(1)/(1 + exp(1))), Bernoulli(1/(1 + exp(1)))"
x = sympy.Symbol("x")


def budget():
    return Budget(10.0)


@pytest.mark.parametrize("expr, value, want", [
    (Max(exp(x) - E, 0), 1, 0),                           # exact 0 (exp(1) is E)
    (Max(exp(x) - E, -x), 1, 0),                          # the larger argument is 0 exactly
    (Min(exp(x) - E, 1 - x), 1, 0),
    (sympy.Abs(log(x) - 2 * log(2)), 4, 0),               # log 4 - 2 log 2 rewrites to 0
    (Piecewise((1, x < log(4)), (0, True)), 2, 0),        # 2 > log 4, certified
    (Piecewise((1, x < log(4)), (0, True)), 1, 1),
    (exp(x) - E - sympy.Integer(10) ** -3000, 1, -1),     # tiny, not 0: certified negative
])
def test_constants_at_a_point_resolve_by_certified_signs(expr, value, want):
    c = resolve(expr, {"x": R(value)}, budget())
    assert sign(c, budget()) == want


def test_a_tiny_difference_is_never_zero():
    # exp(10^-3000) - 1 is about 10^-3000: balls at 2048 bits see a ball about 0, and
    # no exact rewrite turns it into 0, so its sign stays undecided rather than "0"
    tiny = exp(sympy.Integer(10) ** -3000) - 1
    assert sign(tiny, budget()) in (1, None)
    assert sign(-tiny, budget()) in (-1, None)


def test_max_of_nearly_equal_constants_is_resolved_exactly_or_not_at_all():
    # E (1 + 10^-3000) - E: at 2048 bits a ball about 0; the exact rewrite E/10^3000 is
    # certified positive, so the Max is the larger argument -- never chosen by evalf
    tiny = sympy.Integer(10) ** -3000
    close = Max(exp(x), sympy.Mul(E, 1 + tiny, evaluate=False))
    assert resolve(close, {"x": R(1)}, budget()) == sympy.Mul(E, 1 + tiny, evaluate=False)
    # with a budget that allows no rewriting, the order stays undecided
    with pytest.raises(_Undecided):
        resolve(close, {"x": R(1)}, Budget(0.0))


TIGHT = [
    # H_eps of 1-DP RR is 0 for eps >= 1 and positive below: tight at the end eps = 1
    ("rr_hs_zero", f"hockey_stick({RR1}, eps) <= 0", {"eps": I.closed(1, 3)}),
    # the loss tail Pr(|Z| > eps) of 1-DP RR vanishes from eps = 1 on (strict >)
    ("rr_tail_zero", f"loss_tail({RR1}, eps) <= 0", {"eps": I.closed(1, 2)}),
    # H_eps <= e^(-eps) - e^(-1) + H_eps: equality at the end eps = 1 after the Max resolves
    ("rr_hs_shift", f"hockey_stick({RR1}, eps) <= hockey_stick({RR1}, eps) + exp(1 - eps) - 1",
     {"eps": I.closed(R(1, 2), 1)}),
]
TWINS = [
    ("rr_hs_zero_minus", f"hockey_stick({RR1}, eps) <= -1/10^40", {"eps": I.closed(1, 3)}),
    ("rr_tail_zero_minus", f"loss_tail({RR1}, eps) + 1/10^40 <= 0", {"eps": I.closed(1, 2)}),
]


@pytest.mark.parametrize("cid, text, ranges", TIGHT, ids=[t[0] for t in TIGHT])
def test_tight_at_a_point_is_certified(cid, text, ranges):
    ev = INTERVAL.check(make_claim(f"ep.{cid}", text, **ranges), CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, (ev.detail, ev.scope)


@pytest.mark.parametrize("cid, text, ranges", TWINS, ids=[t[0] for t in TWINS])
def test_twins_off_by_a_needle_are_refuted_never_certified(cid, text, ranges):
    claim = make_claim(f"ep.{cid}", text, **ranges)
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is Verdict.REFUTED, (ev.detail, ev.scope)
    assert _recertify(claim, ev.witness) < 0
    assert not holds_at(claim, {"eps": R(1)}, budget())


def test_hypotheses_failing_exactly_make_the_point_hold_but_not_the_conclusion():
    # conclusion H <= -1 fails at eps = 1; the hypothesis H >= 1/10 fails there too (H = 0)
    claim = make_claim("ep.vacuous", f"hockey_stick({RR1}, eps) >= 1/10 => "
                       f"hockey_stick({RR1}, eps) <= -1", eps=I.closed(1, 2))
    assert holds_at(claim, {"eps": R(1)}, budget())
    assert not holds_at(claim, {"eps": R(1)}, budget(), conclusion_only=True)


def test_integer_parameters_are_summed_out_at_the_point():
    # group privacy of K-fold 1-DP RR: both sides are 0 at eps = 1 for every K; the K-fold
    # product is derived from its masses once K is given (oracles.symbolic._rr_compose)
    text = "rr_compose_delta(K, 1, K*eps) <= K*exp(eps*(K - 1))*rr_compose_delta(1, 1, eps)"
    ranges = {"eps": I.point(1), "K": I.closed(2, 4, integer=True)}
    claim = make_claim("ep.rr_group", text, **ranges)
    assert holds_at(claim, {"eps": R(1), "K": R(3)}, budget())
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, ev.detail
    twin = make_claim("ep.rr_group_minus", text + " - 1/10^40", **ranges)
    assert not holds_at(twin, {"eps": R(1), "K": R(3)}, budget())
    ev = INTERVAL.check(twin, CONFIG)
    assert ev.verdict is Verdict.REFUTED and _recertify(twin, ev.witness) < 0


def test_a_piecewise_derivative_never_crosses_a_jump():
    # the loss tails are step functions of eps; their difference + 1/4 is >= 0 at both ends
    # and on most of [0, 3] but -1/4 on [log(3/2), 1): a derivative taken branch by branch
    # (0 everywhere) would "certify" it by the mean-value form; it must be refuted
    claim = make_claim("ep.steps", "loss_tail(Finite(1, 2, 3, 4), Finite(4, 3, 2, 1), eps) "
                       f"+ 1/4 >= loss_tail({RR1}, eps)", eps=I.closed(0, 3))
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is Verdict.REFUTED, (ev.detail, ev.scope)
    assert _recertify(claim, ev.witness) < 0
    # the same steps with the offset that makes it true: certified through the derived
    # (Piecewise) forms, each step decided on the boxes no switch crosses
    true = make_claim("ep.steps_true", "loss_tail(Finite(1, 2, 3, 4), Finite(4, 3, 2, 1), "
                      f"eps) + 1/2 >= loss_tail({RR1}, eps)", eps=I.closed(0, 3))
    assert INTERVAL.check(true, CONFIG).verdict is not Verdict.REFUTED


def test_piecewise_lowering_takes_the_hull_where_the_switch_is_undecided():
    from flint import arb

    from dpproof.lowering import arb_box, at_precision, lower
    from dpproof.lowering.tree import JumpFree
    e = Piecewise((R(1, 10), x < log(4)), (0, True))
    with at_precision(128):
        f = lower(e, ("x",))
        tenth = arb(1) / 10
        assert f(arb_box(0, 1)).overlaps(tenth) and f(arb_box(0, 1)).rad() < 1e-30
        assert f(arb_box(2, 3)) == 0
        both = f(arb_box(0, 3))
        assert both.contains(0) and both.contains(tenth)
        # a derivative guarded by the switch: nan across it, the branch's value elsewhere
        g = lower(JumpFree(sympy.Integer(0), x < log(4)), ("x",))
        assert not g(arb_box(0, 3)).is_finite() and g(arb_box(2, 3)) == 0


I_ = sympy.Symbol("i", integer=True)


@pytest.mark.parametrize("expr, value, want", [
    # cesar_rogers21.lemma6_2's shape: a sum over i of Max(0, ...), 0 exactly at x = 1
    (sympy.Sum(sympy.binomial(1, I_) * Max(0, exp(x * (1 - I_)) - exp(1 + I_)), (I_, 0, 1)),
     1, 0),
    (sympy.Sum(Max(0, exp(x) - E) + I_, (I_, 0, 3)), 1, 1),
    (sympy.Sum(Max(0, exp(x) - E) - sympy.Integer(10) ** -3000, (I_, 0, 1)), 1, -1),
])
def test_finite_sums_are_unrolled_at_a_point(expr, value, want):
    c = resolve(expr, {"x": R(value)}, budget())
    assert sign(c, budget()) == want


def test_laplace_hockey_stick_sum_tight_at_eps_equal_eps0():
    """H_eps(Laplace(0, 1), Laplace(1, 1)) is 0 at eps = 1 = eps0, as is the sum bound."""
    from dpproof.claims import Claim, Domain, Statement
    from dpproof.expr.vocabulary import Laplace, hockey_stick
    from tests.helpers import TEST_SOURCE
    j, i = sympy.Symbol("j", integer=True), sympy.Symbol("i", integer=True)
    bound = sympy.Sum(sympy.binomial(1, i) * Max(0, exp(1 - i) - exp(j / 4 + i)),
                      (i, 0, 1)) / (E + 1)
    lhs = hockey_stick(Laplace(0, 1), Laplace(1, 1), j / 4)
    dom = Domain.of(j=I(4, 4, integer=True))
    claim = Claim("ep.sum_tight", TEST_SOURCE, Statement(lhs, "<=", bound), dom)
    assert INTERVAL.check(claim, CONFIG).verdict is Verdict.CERTIFIED
    off = Claim("ep.sum_off", TEST_SOURCE, Statement(lhs, "<=", bound - R(1, 10**6)), dom)
    assert INTERVAL.check(off, CONFIG).verdict is not Verdict.CERTIFIED
