"""Proof by cases in the symbolic engine (``engines.exact.cases``): switches the box does not decide
are split at a real root; true claims PROVED by cases, false twins never PROVED."""

from __future__ import annotations

import pytest
import sympy
from sympy import Rational as R

from dpproof.claims import Interval as I, Kind
from dpproof.engines.exact import cases, engine as symbolic
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from tests.helpers import make_claim

CONFIG = Config(engines=("symbolic",))
EQ = Kind.IDENTITY

TRUE = [
    ("max_minus_min", "max(x, 1) - min(x, 1) == abs(x - 1)", EQ, dict(x=I.closed(0, 3))),
    ("clamp_exp", "max(0, 1 - exp(x - 1)) == 1 - exp(min(x, 1) - 1)", EQ, dict(x=I.closed(0, 5))),
    ("clamp_two_params", "max(0, 1 - exp((x - 1/b)/2)) == 1 - exp((min(x, 1/b) - 1/b)/2)", EQ,
     dict(x=I(0, None), b=I(0, None, lo_open=True))),
    ("triangle_tight", "abs(x - 1) + abs(x + 1) >= 2", Kind.INEQUALITY, dict(x=I.closed(-3, 3))),
    ("kinked_bound", "max(0, 1 - exp(x - 2)) <= max(0, 1 - exp(x - 3))", Kind.INEQUALITY,
     dict(x=I.closed(0, 4))),
    # an implication: where the hypothesis holds (x >= 1) the conclusion does, elsewhere the
    # hypothesis is certainly violated
    ("implication", "max(0, 1 - x) <= 0 => x^2 >= x", Kind.INEQUALITY, dict(x=I.closed(0, 3))),
    # true for integers only (false at k = 1/3): the integer parameter is enumerated
    ("integer_values", "abs(k - 1/3) >= 1/3", Kind.INEQUALITY,
     dict(k=I.closed(-3, 3, integer=True))),
    # finite laws switch at the log-ratios of their atoms: eps = log 3, not a rational
    ("finite_hockey_stick", "hockey_stick(Finite(1, 3), Finite(3, 1), eps) == max(0, 3/4 - "
     "exp(eps)/4)", EQ, dict(eps=I.closed(0, 5))),
    # the Laplace hockey-stick derived from the densities switches at eps = 1
    ("laplace_hockey_stick",
     "hockey_stick(Laplace(0, 1), Laplace(1, 1), eps) == max(0, 1 - exp((eps - 1)/2))", EQ,
     dict(eps=I(0, None))),
    # pure DP of randomised response: its loss switches at log(e/(1+e) / (1/(1+e))), a
    # constant equal to 1 that sympy compares by floating point (and once recursed forever)
    ("pure_rr", "hockey_stick(Bernoulli(exp(1)/(1+exp(1))), Bernoulli(1/(1+exp(1))), eps) <= 0 => "
     "loss_tail(Bernoulli(exp(1)/(1+exp(1))), Bernoulli(1/(1+exp(1))), eps) <= 0", Kind.INEQUALITY,
     dict(eps=I.closed(0, 3))),
]

FALSE = [
    ("max_minus_min", "max(x, 1) - min(x, 1) == abs(x - 1) + max(0, x - 2)/10^9", EQ,
     dict(x=I.closed(0, 3))),
    ("clamp_exp", "max(0, 1 - exp(x - 1)) == 1 - exp(min(x, 2) - 2)", EQ, dict(x=I.closed(0, 5))),
    ("triangle_tight", "abs(x - 1) + abs(x + 1) >= 2 + x/10^9", Kind.INEQUALITY,
     dict(x=I.closed(-3, 3))),
    ("kinked_bound", "max(0, 1 - exp(x - 3)) <= max(0, 1 - exp(x - 2))", Kind.INEQUALITY,
     dict(x=I.closed(0, 4))),
    ("integer_values", "abs(k - 1/3) >= 1/3 + 1/100", Kind.INEQUALITY,
     dict(k=I.closed(-3, 3, integer=True))),
    # the hypothesis holds at x = 1 exactly, where the conclusion fails by 1e-9
    ("implication", "max(0, 1 - x) <= 0 => x^2 >= x + 1/10^9", Kind.INEQUALITY,
     dict(x=I.closed(0, 3))),
    ("finite_hockey_stick", "hockey_stick(Finite(1, 3), Finite(3, 1), eps) == max(0, 3/4 - "
     "exp(eps)/4) + max(0, eps - 1)/10^12", EQ, dict(eps=I.closed(0, 5))),
    ("laplace_hockey_stick",
     "hockey_stick(Laplace(0, 1), Laplace(1, 1), eps) == max(0, 1 - exp((eps - 1)/3))", EQ,
     dict(eps=I(0, None))),
    # at eps = 1 the hypothesis holds (delta(1) = 0) and P[L > 1 - 1e-9] = e/(1+e) > 0
    ("pure_rr", "hockey_stick(Bernoulli(exp(1)/(1+exp(1))), Bernoulli(1/(1+exp(1))), eps) <= 0 => "
     "loss_tail(Bernoulli(exp(1)/(1+exp(1))), Bernoulli(1/(1+exp(1))), eps - 1/10^9) <= 0", Kind.INEQUALITY,
     dict(eps=I.closed(0, 3))),
]


@pytest.fixture
def no_sign_patterns(monkeypatch):
    """Identities with switches go to ``engines.exact.patterns`` first, and those with many switches
    to the kinks route; these tests are about the proof by cases (the sign patterns and the
    kinks have tests/engines/test_patterns.py and test_kinks.py)."""
    monkeypatch.setattr(symbolic.patterns, "prove_claim", lambda *a, **k: None)
    monkeypatch.setattr(symbolic, "_by_kinks", lambda *a, **k: None)


@pytest.mark.parametrize("name,text,kind,params", TRUE, ids=[c[0] for c in TRUE])
def test_proved_by_cases(name, text, kind, params, no_sign_patterns):
    ev = symbolic.check(make_claim(f"c.{name}", text, kind, **params), CONFIG)
    assert ev.verdict is Verdict.PROVED, ev.detail
    assert "by cases" in ev.detail, ev.detail


@pytest.mark.parametrize("name,text,kind,params", FALSE, ids=[c[0] for c in FALSE])
def test_false_twin_not_proved(name, text, kind, params):
    # with the sign patterns (the engine as run)
    ev = symbolic.check(make_claim(f"c.{name}", text, kind, **params), CONFIG)
    assert ev.verdict is not Verdict.PROVED, ev.detail


@pytest.mark.parametrize("name,text,kind,params", FALSE, ids=[c[0] for c in FALSE])
def test_false_twin_not_proved_by_cases(name, text, kind, params, no_sign_patterns):
    ev = symbolic.check(make_claim(f"c.{name}", text, kind, **params), CONFIG)
    assert ev.verdict is not Verdict.PROVED, ev.detail


x = sympy.Symbol("x", real=True)
y = sympy.Symbol("y", real=True)
b = sympy.Symbol("b", positive=True)


def test_split_point_needs_a_real_root():
    # x = +-sqrt(y) is not real for y < 0: no split (the cases would not cover the box)
    assert cases._split_point(x ** 2 - y, {x: (None, None)}) is None
    # 1/b is real for b > 0: the split is at x = 1/b
    assert cases._split_point(x - 1 / b, {x: (0, None)}) == (x, 1 / b)


def test_cases_cover_the_box():
    """x = r, [lo, r) and (r, hi]: the parametrisations' images, sampled, are in place."""
    made = cases._cases(x, R(1, 3), {x: (0, 2)})
    labels = [label for label, _ in made]
    assert labels == ["x = 1/3", "x < 1/3", "x > 1/3"]
    _, ways = made[2]
    sub, new = ways[1]                      # x = hi + (r - hi) u/(1 + u), u >= 0
    (u,) = new
    image = [sub[x].subs(u, v) for v in (0, 1, 10 ** 6)]
    assert image[0] == 2 and R(1, 3) < image[2] < image[1] < 2
    # a side beyond the box is dropped: r = 5 > hi leaves only x < 5
    assert [label for label, _ in cases._cases(x, 5, {x: (0, 2)})] == ["x < 5"]


def test_sign_by_logs():
    t = sympy.Symbol("t", nonnegative=True)
    assert cases.sign(1 - sympy.exp(t / 2), strict=False) == -1
    assert cases.sign(sympy.exp(t + 1) - sympy.E, strict=False) == 1
    assert cases.sign(sympy.exp(t) - 2, strict=False) == 0      # t could be < log 2
    assert cases.sign(1 - sympy.exp(t / 2), strict=True) == 0   # 0 at t = 0


def test_exact_zero_constants_answer_both_ways():
    """A constant equal to 0 that balls cannot sign is 0 by an exact rewrite: it is >= 0 and
    <= 0, never > 0; a constant 1e-3000 above it is not taken for 0."""
    zero = 1 - sympy.log((1 - 1 / (1 + sympy.E)) / (1 - sympy.E / (1 + sympy.E)))
    assert cases.at_least(zero, False) and cases.at_least(-zero, False)
    assert not cases.at_least(zero, True) and not cases.at_least(-zero, True)
    tiny = zero + sympy.Integer(10) ** -3000
    assert not cases.at_least(-tiny, False)      # undecided at 256 bits, never "<= 0"
    lt = sympy.StrictLessThan(1, 1 + zero, evaluate=False)
    assert cases._truth(lt) is False
    assert cases._truth(sympy.LessThan(1, 1 + zero, evaluate=False)) is True


def test_sum_with_clamps_aside():
    """Terms of known sign set aside: Max(0, u) + e - e^(1-t) > 0 for t > 0, but not for
    t >= 0 (0 at t = 0, u < 0)."""
    u = sympy.Symbol("u", real=True)
    tp = sympy.Symbol("t", positive=True)
    tn = sympy.Symbol("t", nonnegative=True)
    g = lambda t: sympy.Max(0, u) + sympy.E - sympy.exp(1 - t)  # noqa: E731
    assert cases.sign(g(tp), strict=True) == 1
    assert cases.sign(g(tn), strict=True) == 0
    assert cases.sign(g(tn), strict=False) == 1
    assert cases.sign(sympy.Max(0, u) * (sympy.exp(1 - tp) - sympy.E), strict=False) == -1


def test_the_switching_point_is_its_own_case():
    """Two step functions that differ only at x = 1 (strict vs non-strict condition): the
    case x = 1 fails on a box that holds 1, and the same difference is proved on a box
    that misses it."""
    diff = sympy.Piecewise((1, x > 1), (0, True)) - sympy.Piecewise((1, x >= 1), (0, True))
    leaf = lambda e: sympy.simplify(e) == 0  # noqa: E731
    assert cases.prove(diff, leaf, {x: (0, 2)}) is None
    assert cases.prove(diff, leaf, {x: (R(3, 2), 2)}) is not None
    assert cases.prove(diff, leaf, {x: (0, R(1, 2))}) is not None
