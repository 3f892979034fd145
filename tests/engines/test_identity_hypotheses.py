"""An identity under hypotheses proved by cases (each case: the difference is 0, or a
hypothesis is certainly violated), and definedness of sums whose monotone differences have a
known sign (``exact_definedness._monotone_paired``): true claims PROVED / certified defined,
false and borderline twins never."""

from __future__ import annotations

import pytest

from dpproof.claims import Interval as I, Kind
from dpproof.engines.exact import engine as symbolic
from dpproof.engines.base import Config
from dpproof.engines.exact.definedness import undefined_term
from dpproof.evidence import Verdict
from tests.helpers import make_claim

CONFIG = Config(engines=("symbolic",))
LINE, POS = I(None, None), I(0, None, lo_open=True)

TRUE = [
    ("max_above", "x >= 1 => max(x, 1) == x", dict(x=LINE)),
    # the switch moves with two other parameters (the OSGT hockey-stick's bad set)
    ("moving_kink", "e > (c + 1/2)/s^2 => min(0, c + 1/2 - e*s^2) + max(0, c + 1/2 - e*s^2)"
     " == c + 1/2 - e*s^2", dict(e=I(0, None), c=POS, s=POS)),
    ("hypothesis_twice", "x > 2 and x < 5 => min(x, 1) + max(x, 6) == 7", dict(x=LINE)),
]

FALSE = [
    ("max_above", "x >= 0 => max(x, 1) == x", dict(x=LINE)),           # fails on [0, 1)
    ("moving_kink", "e > c/s^2 => min(0, c + 1/2 - e*s^2) + max(0, c + 1/2 - e*s^2)"
     " == c + 1/2 - e*s^2 + max(0, c + 1/2 - e*s^2)/10^9", dict(e=I(0, None), c=POS, s=POS)),
    # the hypothesis' boundary: at x = 1 exactly the conclusion is off by 1e-9
    ("boundary", "x >= 1 => max(x, 1) == x + max(0, 2 - x)*min(1, 2 - x)/10^9 - "
     "max(0, 2 - x)*min(1, 2 - x)/10^9 + max(0, 1 - x + 1/10^9)/10^9", dict(x=LINE)),
]


def _claim(name, text, dom):
    return make_claim(f"hyp.{name}", text, Kind.IDENTITY, **dom)


@pytest.mark.parametrize("name,text,dom", TRUE, ids=[t[0] for t in TRUE])
def test_identity_under_hypotheses_proved_by_cases(name, text, dom):
    ev = symbolic.check(_claim(name, text, dom), CONFIG)
    assert ev.verdict is Verdict.PROVED, ev.detail
    # by cases, or by the piecewise-linear route where it holds without the hypotheses
    assert "case" in ev.detail or "piecewise linear" in ev.detail


@pytest.mark.parametrize("name,text,dom", FALSE, ids=[t[0] for t in FALSE])
def test_false_identity_under_hypotheses_never_proved(name, text, dom):
    assert symbolic.check(_claim(name, text, dom), CONFIG).verdict is not Verdict.PROVED


DEFINED = [
    "log(Q(x - 1/s) - Q(x)) <= 1",               # Q decreasing: Q(x - 1/s) > Q(x)
    "log(Phi(x) - Phi(x - s) + Phi(-x)) <= 1",   # Phi increasing, plus a positive term
    "log(exp(s + x) - exp(x)) <= x + s",          # exp increasing
    "log((x^2 + 1)*(Q(x*s - 1) - Q(x*s))/Q(s)) <= 1",
]
UNDEFINED = [
    "log(Q(x) - Q(x - 1/s)) <= 1",               # the same difference, negative
    "log(Q(x) - Q(y)) <= 1",                      # the order of x and y is not known
    "log(Phi(x - s) - Phi(x) + Phi(-x)) <= 1",    # the pair is negative: its sum undecided
    "log(Q(x - s) - 2*Q(x)) <= 1",                # unequal coefficients: not a pair
]


@pytest.mark.parametrize("text", DEFINED)
def test_monotone_differences_certified_defined(text):
    claim = make_claim("def.ok", text, x=LINE, y=LINE, s=POS)
    assert undefined_term(claim) == ""


@pytest.mark.parametrize("text", UNDEFINED)
def test_monotone_differences_of_unknown_or_wrong_sign_are_named(text):
    claim = make_claim("def.bad", text, x=LINE, y=LINE, s=POS)
    assert "log" in undefined_term(claim)
