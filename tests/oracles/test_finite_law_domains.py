"""Finite laws built from weights are distributions only where the weights are >= 0 with a
positive sum (``oracles.distributions.transforms``).  Red-team reproducer (round 2):
``tv(Stochastic(Bernoulli(1/2), 1, x - 1/2, 0, 1), Bernoulli(1/2)) <= 1`` over x in [0, 1]
was CERTIFIED although the matrix has a negative entry for x < 1/2 (the ball oracle never
checked the entries); Quantize with cuts out of order gave nan (SUPPORTED), NameShame took
any delta.  Each is now undefined there (ERROR), and a ball straddling the edge certifies
nothing (MaybeUndefined)."""

import pytest
from flint import arb

from dpproof.claims import Interval as I
from dpproof.definedness import MaybeUndefined, Undefined
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.oracles.distributions import transforms as T
from dpproof.oracles.distributions.discrete import Bernoulli
from dpproof.runner import check_claim
from tests.helpers import make_claim

CONFIG = Config(timeout=40, engine_timeout=20, search_examples=40)
HALF = Bernoulli(arb(1) / 2)


@pytest.mark.parametrize("build", [
    lambda: T.finite(arb(1), arb(-1) / 8, arb(1)),
    lambda: T.finite(arb(0), arb(0)),
    lambda: T.stochastic(HALF, arb(1), arb(-1) / 2, arb(0), arb(1)),
    lambda: T.stochastic(HALF, arb(0), arb(0), arb(0), arb(1)),
    lambda: T.quantize(T._cont.Normal(arb(0), arb(1)), arb(1), arb(1) / 2),
    lambda: T.name_shame(arb(3) / 2, 1, 0),
    lambda: T.name_shame(arb(1) / 2, 1, 2),
    lambda: T.name_shame(arb(1) / 2, 0, 0),
], ids=["finite_negative", "finite_zero", "stochastic_negative", "stochastic_zero_row",
        "quantize_order", "name_shame_delta", "name_shame_v", "name_shame_n"])
def test_a_law_outside_its_parameters_is_undefined(build):
    with pytest.raises(Undefined):
        build()


def test_a_ball_straddling_the_edge_may_be_undefined():
    with pytest.raises(MaybeUndefined):
        T.stochastic(HALF, arb(1), arb(0, 1), arb(0), arb(1))
    with pytest.raises(MaybeUndefined):
        T.quantize(T._cont.Normal(arb(0), arb(1)), arb(0), arb(0, 1))


def test_laws_at_the_edges_are_distributions():
    d = T.stochastic(HALF, arb(1), arb(0), arb(0), arb(1))
    assert [float(m.mid()) for m in d.masses] == [0.5, 0.5]
    d = T.name_shame(arb(1), 1, 1)
    assert [float(m.mid()) for m in d.components[0].masses] == [0, 0, 1]


@pytest.mark.parametrize("text, x", [
    ("tv(Stochastic(Bernoulli(1/2), 1, x - 1/2, 0, 1), Bernoulli(1/2)) <= 1", I.closed(0, 1)),
    ("tv(Finite(1 - 2*x, x, x), Finite(1, 1, 1)) <= 1", I.closed(0, 1)),
    ("tv(Quantize(Normal(0, 1), x, 1/2), Quantize(Normal(1, 1), x, 1/2)) <= 1", I.closed(0, 1)),
    ("tv(NameShame(x, 1, 0), NameShame(x, 1, 1)) <= 2", I.closed(0, 2)),
])
def test_claims_on_laws_undefined_in_part_of_the_domain_are_errors(text, x):
    a = check_claim(make_claim("r.law", text, x=x), CONFIG)
    assert a.verdict is Verdict.ERROR, [(e.engine, e.verdict, e.detail) for e in a.evidence]


def test_the_same_claim_where_the_law_is_defined_is_proved():
    text = "tv(Stochastic(Bernoulli(1/2), 1, x - 1/2, 0, 1), Bernoulli(1/2)) <= 1"
    a = check_claim(make_claim("r.law_ok", text, x=I.closed("1/2", 1)), CONFIG)
    assert a.verdict in (Verdict.PROVED, Verdict.CERTIFIED), a.verdict
