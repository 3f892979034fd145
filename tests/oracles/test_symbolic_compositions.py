"""The k-fold product of randomized response derived from its masses
(``oracles.symbolic._rr_compose``) against the certified KOV oracle
(``oracles.composition.rr_compose_delta``), which sums the binomial law of failures by a
ratio recurrence with a tail bound: two derivations that share no code."""

import random

import pytest
import sympy
from flint import arb

from dpproof.lowering import at_precision, lower
from dpproof.oracles import symbolic as so
from dpproof.oracles.composition import rr_compose_delta
from dpproof.oracles.symbolic import Underivable

R = sympy.Rational
rng = random.Random(13)
POINTS = [(k, R(rng.randint(1, 40), 10), R(rng.randint(0, 60), 10)) for k in range(1, 9)
          for _ in range(3)] + [(4, R(1), R(4)), (3, R(1, 2), R(1, 2)), (1, R(1), R(1))]


@pytest.mark.parametrize("k, eps0, eps", POINTS)
def test_rr_product_masses_agree_with_the_kov_oracle(k, eps0, eps):
    e0, e = sympy.symbols("e0 e", positive=True)
    form = so.RULES["rr_compose_delta"](sympy.Integer(k), e0, e)
    with at_precision(200):
        args = [arb(eps0.p) / eps0.q, arb(eps.p) / eps.q]
        derived = lower(form, ("e0", "e"))(*args)
        oracle = rr_compose_delta(k, arb(eps0.p) / eps0.q, arb(eps.p) / eps.q)
        assert derived.overlaps(oracle), (k, eps0, eps, derived, oracle)
        assert derived.rad() < 1e-50 and oracle.rad() < 1e-50   # a tie is a ball about 0


def test_symbolic_k_or_a_huge_k_is_not_derived():
    k = sympy.Symbol("k", integer=True, positive=True)
    with pytest.raises(Underivable):
        so.RULES["rr_compose_delta"](k, R(1), R(1))
    with pytest.raises(Underivable):
        so.RULES["rr_compose_delta"](sympy.Integer(so.MAX_PRODUCT + 1), R(1), R(1))
