"""repeated_steps: m two-point steps T g(x) = a g(x - h) + b g(x + h) on any function g, with
true weights (Lemma 5.2's), false ones, and ones false only where a finite check cannot see."""

import pytest
import sympy
from sympy import binomial, exp

from dpproof.calculus import NONNEG, repeated_steps
from dpproof.evidence import Verdict
from dpproof.oracles.symbolic.adaptive import dp_terms
from dpproof.oracles.symbolic.products import dp_rr

from .common import ctx, decide, premise_verdicts

eps = sympy.Symbol("eps", real=True)
(A, B), _ = dp_rr(eps)


def lemma52(m, i):
    return binomial(m, i) * exp((m - i) * eps) / (1 + exp(eps))**m


def _decide(name, w):
    return decide(f"t.{name}", repeated_steps(ctx(f"t.{name}"), A, B, eps, w, {"eps": NONNEG}))


def test_lemma52_weights_are_proved_for_every_m():
    got = _decide("good", lemma52)
    assert got.verdict is Verdict.PROVED and "every law" in got.label
    assert got.evidence[0].data["rules"] == ["repeated_steps"]
    assert set(premise_verdicts(got).values()) == {"PROVED"}


@pytest.mark.parametrize("name, w, refuted", [
    # a and b exchanged: the ends and the inside fail, the base holds
    ("swapped", lambda m, i: binomial(m, i) * exp(i * eps) / (1 + exp(eps))**m, {2, 3, 4}),
    # one power of (1 + e^eps) too many: only the base fails
    ("normalised", lambda m, i: lemma52(m, i) / (1 + exp(eps)), {1}),
    # right at both ends and for m <= 3 (all the one-BR grid of .family sees), wrong inside
    # from m = 4 on: only the inner step fails
    ("needle", lambda m, i: lemma52(m, i) * (1 + binomial(m, 4) * i * (m - i)), {4}),
])
def test_false_weights_never_hold(name, w, refuted):
    got = _decide(name, w)
    assert not got.verdict.holds and "every law" not in got.label
    verdicts = premise_verdicts(got)
    assert {int(k.split(".premise")[1].split(".")[0]) for k, v in verdicts.items()
            if v == "REFUTED"} == refuted, verdicts


@pytest.mark.parametrize("m", [0, 1, 2, 5])
def test_lemma52_weights_match_dp_steps_from_the_definition(m):
    """The oracles' D^m applied to max(1 - e^y, 0) (the step from randomized response's
    masses, not from the printed weights) has weight w(m, i) at shift c = (2i - m) eps."""
    terms = dict((c, w) for w, c in dp_terms(m, eps))
    assert len(terms) == m + 1
    for i in range(m + 1):
        assert sympy.simplify(terms[sympy.expand((2 * i - m) * eps)] - lemma52(m, i)) == 0


def test_index_names_are_the_rules_own():
    with pytest.raises(ValueError, match="'m' is the rule's own index"):
        repeated_steps(ctx("t.clash"), A, B, eps, lemma52, {"eps": NONNEG, "m": NONNEG})
