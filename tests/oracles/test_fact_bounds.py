"""The facts a derivation asks (``oracles.symbolic.pieces.certainly``: a law's mass in
[0, 1], a scale > 0) are decided inside sympy_powers' size bounds and with factorisation of
bounded degree.  With exp(e + 999/1000) next to exp(5), sympy takes exp(1/1000) as the
generator: cancel's heuristic gcd built integer images of 6 * 10^8 bits and one
factorisation ran on a polynomial of degree 5000, each for minutes in a few counted calls
(red round 10: the RR KL identity over e in [10^-8, 40] ran 337 s and ended INCONCLUSIVE
by the CPU backstop)."""

from __future__ import annotations

import pytest
import sympy

from dpproof import api
from dpproof.checking import check_claim
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.oracles.symbolic.pieces import certainly
from dpproof.sympy_factor import factor_degree_at_most
from dpproof.sympy_powers import PowerTooLarge

e = sympy.Symbol("e", nonnegative=True)


def test_a_mass_below_one_is_known_from_the_sign_before_any_factorisation():
    p = sympy.exp(e + sympy.Rational(999, 1000))
    assert certainly(p / (p + 1) <= 1)
    assert certainly(p / (p + 1) > 0)
    assert not certainly(p / (p + 1) >= 1)      # false: never certainly true


def test_a_factorisation_beyond_the_degree_bound_is_refused_not_run():
    x, y = sympy.symbols("x y")
    f = x**100 * y**2 + x * y**3 + 1
    with factor_degree_at_most(64), pytest.raises(PowerTooLarge):
        sympy.factor_list(f)
    assert sympy.factor_list(x**2 * y**2 - 1)[1]   # unbounded outside; small ones factor
    with factor_degree_at_most(64):
        assert len(sympy.factor_list(x**2 * y**2 - 1)[1]) == 2


@pytest.mark.parametrize("statement, verdict", [
    ("kl(Bernoulli(exp(e)/(1 + exp(e))), Bernoulli(1/(1 + exp(e)))) == "
     "e*(exp(e) - 1)/(exp(e) + 1)", Verdict.PROVED),
    # off by 10^-12 at every e: the derivation is the same, the identity false
    ("kl(Bernoulli(exp(e)/(1 + exp(e))), Bernoulli(1/(1 + exp(e)))) == "
     "e*(exp(e) - 1)/(exp(e) + 1) + 1/10^12", Verdict.REFUTED),
])
def test_the_rr_kl_identity_over_ends_of_very_different_scale(statement, verdict):
    c = api.claim(statement, kind="identity", e="[1e-8, 40]")
    got = check_claim(c, Config(engines=("symbolic", "search")))
    assert got.verdict is verdict, [ev.detail for ev in got.evidence]
