"""The Laplace hockey-stick at scale 1/eps0 derived from the densities: sympy's simplify
raises on a fact it rebuilds at nan (``Max(.., nan)``); ``pieces.certainly`` then says "not
known" instead of aborting the derivation (cesar_rogers21.lemma6_2's shape)."""

import sympy
from flint import arb

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.claims import Domain, Interval, Statement
from dpproof.expr.vocabulary import Laplace, hockey_stick
from dpproof.lowering import at_precision, lower
from dpproof.oracles.symbolic import derive_claim
from dpproof.oracles.symbolic.pieces import certainly

E0 = sympy.Symbol("eps0", positive=True)
EPS = sympy.Symbol("eps", real=True)
H = hockey_stick(Laplace(0, 1 / E0), Laplace(1, 1 / E0), EPS)
DOM = Domain.of(eps0=Interval(0, None, lo_open=True), eps=Interval(0, None))


def test_an_unsimplifiable_fact_is_not_certain():
    assert certainly(sympy.Max(0, 1 / E0 - 1) >= 0) in (True, False)   # no exception
    assert certainly(sympy.Integer(1) > 0) and not certainly(sympy.Integer(-1) > 0)


def _derived_at(e0, eps):
    st, forms = derive_claim(Statement(H, "<=", 1), DOM)
    assert forms, "the Laplace hockey-stick has a derived form"
    with at_precision(128):
        return lower(st.lhs, ("eps0", "eps"))(arb(e0), arb(eps))


def test_derived_form_matches_the_closed_form():
    # H_eps = 1 - exp((eps - eps0)/2) for eps < eps0 (Delta/b = eps0), 0 from eps0 on
    for e0, eps in ((2, 1), (3, 0), (1, 2), (1, 1)):
        got = _derived_at(e0, eps)
        want = 1 - arb((eps - e0) / 2).exp() if eps < e0 else arb(0)
        assert got.overlaps(want) and got.rad() < 1e-30, (e0, eps, got)
    assert _derived_at(2, 1) > 0.39 and _derived_at(2, 1) < 0.40   # 1 - e^-1/2 = 0.3935
