"""Identity by sign patterns (``engines.exact.patterns``): true piecewise identities PROVED, false
twins (a branch wrong on a region, on a needle, a constant off by 1e-6, a wrong exponent)
never PROVED; identities with a derived oracle side for two values of k."""

from __future__ import annotations

import pytest
import sympy
from sympy import Abs, Max, Min, Rational as R, Sum, exp

from dpproof.claims import Interval as I, Kind
from dpproof.engines.exact import patterns, engine as symbolic
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.expr import MaxOver
from tests.helpers import make_claim

CONFIG = Config(engines=("symbolic",))
x = sympy.Symbol("x", nonnegative=True)
y = sympy.Symbol("y", nonnegative=True)
i = sympy.Symbol("i", integer=True)

TRUE = [
    ("clamp", Max(0, x - 1) + Min(x, 1) - x, [(x, 0, 3)]),
    # tight at x = 1/2, where both switches tie
    ("tie", Max(x, 1 - x) - Abs(x - R(1, 2)) - R(1, 2), [(x, 0, 1)]),
    # the same surface x = y written by two nodes
    ("two_params", Max(0, x - y) + Min(x, y) - x, [(x, 0, 2), (y, 0, 2)]),
    # a written-out sum against a written-out max: hinge functions
    ("sum_of_hinges", Sum(Max(0, x - i), (i, 0, 2)) - Max(x, 2 * x - 1, 3 * x - 3), [(x, 0, 3)]),
    # the upper envelope of the tangents i x - i^2 of x^2/4 as a sum of hinges
    ("max_over", MaxOver(i * x - i**2, (i, 0, 3)) - Max(0, x - 1) - Max(0, x - 3) - Max(0, x - 5),
     [(x, 0, 6)]),
    # surfaces of exponentials: exp(x) = e^2 y is one switch after logs are taken
    ("exp_surface", Max(exp(x), exp(2) * (y + 1)) - exp(2) * (y + 1) - Max(0, exp(x) - exp(2) * (y + 1)),
     [(x, 0, 4), (y, 0, 1)]),
]

FALSE = [
    # wrong where the branch x > 2 is active
    ("region", Max(0, x - 1) + Min(x, 1) - x - Max(0, x - 2) / 1000, [(x, 0, 3)]),
    # wrong only on [2.999999, 3]
    ("needle", Max(0, x - 1) + Min(x, 1) - x - Max(0, x - R(2999999, 1000000)), [(x, 0, 3)]),
    # wrong only at the tie's neighbourhood: the kink moved by 1e-6
    ("moved_kink", Max(x, 1 - x) - Abs(x - R(1, 2) - R(1, 10**6)) - R(1, 2), [(x, 0, 1)]),
    ("max_over", MaxOver(i * x - i**2, (i, 0, 3)) - Max(0, x - 1) - Max(0, x - 3)
     - Max(0, x - R(50001, 10000)), [(x, 0, 6)]),
    ("sum_of_hinges", Sum(Max(0, x - i), (i, 0, 2)) - Max(x, 2 * x - 1, 3 * x - R(3000001, 1000000)),
     [(x, 0, 3)]),
]


@pytest.mark.parametrize("name, diff, box", TRUE, ids=[t[0] for t in TRUE])
def test_true_identity_proved(name, diff, box):
    assert patterns.prove(diff, box) is not None


@pytest.mark.parametrize("name, diff, box", FALSE, ids=[t[0] for t in FALSE])
def test_false_twin_never_proved(name, diff, box):
    assert patterns.prove(diff, box) is None


# -- through the symbolic engine, with an oracle side derived from the definition ---------

KOV = {1: "(max(0, exp(a) - exp(g)) + max(0, 1 - exp(g + a)))/(1 + exp(a))",
       2: "(max(0, exp(2*a) - exp(g)) + 2*max(0, exp(a) - exp(g + a)) "
          "+ max(0, 1 - exp(g + 2*a)))/(1 + exp(a))^2"}
BOX = dict(a=I.closed(R(1, 10), 1), g=I.closed(0, 2))


def _claim(text):
    return make_claim("patterns", text, Kind.IDENTITY, **BOX)


@pytest.mark.parametrize("k", [1, 2])
def test_oracle_identity_proved(k):
    ev = symbolic.check(_claim(f"rr_compose_delta({k}, a, g) == {KOV[k]}"), CONFIG)
    assert ev.verdict is Verdict.PROVED, ev.detail


MUTANTS = [
    # a constant changed by 1e-6 in a term that is positive on part of the box
    (1, KOV[1].replace("exp(a) - exp(g)", "exp(a) - exp(g + 1/1000000)")),
    (2, KOV[2].replace("exp(2*a) - exp(g)", "exp(2*a) - exp(g + 1/1000000)")),
    # a wrong exponent
    (2, KOV[2].replace("exp(2*a) - exp(g)", "exp(2*a) - exp(2*g)")),
    # the clamp dropped where it matters
    (1, KOV[1].replace("max(0, exp(a) - exp(g))", "(exp(a) - exp(g))")),
]


@pytest.mark.parametrize("k, text", MUTANTS)
def test_oracle_mutant_never_proved(k, text):
    ev = symbolic.check(_claim(f"rr_compose_delta({k}, a, g) == {text}"), CONFIG)
    assert ev.verdict is not Verdict.PROVED, ev.detail


def test_integer_instances_and_vacuous_hypothesis():
    claim = make_claim("patterns", "max(0, x - k) + min(x, k) == x", Kind.IDENTITY,
                       x=I.closed(0, 3), k=I.closed(0, 2, integer=True))
    diff = claim.statement.lhs - claim.statement.rhs
    assert patterns.prove_claim(claim, diff) is not None
    bad = make_claim("patterns", "max(0, x - k) + min(x, 1) == x", Kind.IDENTITY,
                     x=I.closed(0, 3), k=I.closed(0, 2, integer=True))
    diff = bad.statement.lhs - bad.statement.rhs
    assert patterns.prove_claim(bad, diff) is None
    # the instance k = 0 (false) is excluded by a hypothesis k >= 1; k = 1 stays and holds,
    # k = 2 stays and fails
    syms = bad.domain.symbols()
    hyp = [sympy.Ge(syms["k"], 1, evaluate=False)]
    assert patterns.prove_claim(bad, diff, hyp) is None
    hyp = [sympy.Le(syms["k"], 1, evaluate=False), sympy.Ge(syms["k"], 1, evaluate=False)]
    assert patterns.prove_claim(bad, diff, hyp) is not None


# -- instance by instance: an oracle that derives only for a given k ----------------------

def _kov_claim(shift=0, exponent=1):
    """rr_compose_delta(k, a, g) == (1 + e^a)^-k sum_i C(k, i) (e^{(k-i) a} - e^{g + i a})_+
    for k in {1, 2} (Theorem 1 of cesar_rogers21); ``shift``/``exponent`` make mutants."""
    from dpproof.claims import Claim, Domain, Statement
    from dpproof.expr import vocabulary as V
    from tests.helpers import TEST_SOURCE
    domain = Domain((("k", I.closed(1, 2, integer=True)), *BOX.items()))
    sy = domain.symbols()
    k, a, g = sy["k"], sy["a"], sy["g"]
    j = sympy.Symbol("j", integer=True)
    printed = (1 + exp(a))**(-k) * Sum(sympy.binomial(k, j) * Max(
        0, exp((k - j) * a * exponent) - exp(g + j * a + shift)), (j, 0, k))
    st = Statement(V.rr_compose_delta(k, a, g), "==", printed)
    return Claim("patterns.kov", TEST_SOURCE, st, domain, Kind.IDENTITY)


def test_oracle_identity_over_two_k_values_proved_instance_by_instance():
    ev = symbolic.check(_kov_claim(), CONFIG)
    assert ev.verdict is Verdict.PROVED, ev.detail
    assert "2 instances" in ev.detail


@pytest.mark.parametrize("shift, exponent", [(R(1, 10**6), 1), (0, 2)])
def test_oracle_mutant_over_two_k_values_never_proved(shift, exponent):
    ev = symbolic.check(_kov_claim(shift, exponent), CONFIG)
    assert ev.verdict is not Verdict.PROVED, ev.detail


def test_many_integer_values_by_their_hull():
    claim = make_claim("patterns", "max(0, x - 1) + min(x, 1) == x", Kind.IDENTITY,
                       x=I.closed(0, 3), k=I.closed(0, 40, integer=True))
    sy = claim.domain.symbols()
    xs, k = sy["x"], sy["k"]
    base = Max(0, xs - 1) + Min(xs, 1) - xs
    # sin(pi k) = 0 for integer k (sympy knows it): true at every integer of [0, 40]
    assert patterns.prove_claim(claim, base + sympy.sin(sympy.pi * k)) is not None
    # sin(pi k/2) = 1 at k = 1: never proved
    assert patterns.prove_claim(claim, base + sympy.sin(sympy.pi * k / 2)) is None
    # max(0, k - 20) > 0 from k = 21 on only
    assert patterns.prove_claim(claim, base + Max(0, k - 20)) is None
    assert patterns.prove_claim(claim, base + Max(0, k - 40)) is not None
