"""cesar_rogers21: the claims decided on a grid name the grid and why it is not widened in
their verdict line (issue 29), and the reasons they give hold (the symbolic derivation of
the Lemma 5.1 recursion: at given integers, and with a BR step only at exact eps, eps_g)."""

import pytest
import sympy
from sympy import Integer as I

import theorems.cesar_rogers21 as mod
from dpproof.expr.vocabulary import br_adaptive_delta, br_sup_delta
from dpproof.oracles.symbolic.adaptive import br_adaptive_delta as derive_rec
from dpproof.oracles.symbolic.adaptive import br_sup_delta as derive_sup
from dpproof.oracles.symbolic.pieces import Underivable

BY_ID = {c.id: c for c in mod.CLAIMS}


@pytest.mark.parametrize("cid, count, words", [
    ("thm2", 48, ("k <= 6", "eps = e/2 in {1/2, 1}", "at most one RR_{eps,t}",
                  "cannot certify an identity")),
    ("thm3", 240, ("k <= 5", "eps_g = g/2 in {0, 1/2, 1, 3/2}", "ball oracle")),
    ("lemma3_3.family", 24, ("k <= 4", "delta in {1e-3, 1e-6}", "no CDP round",
                      "tried: eps in [1/10, 3/10]")),
    ("lemma5_1.family", 56, ("DP steps only (k <= 4) and one BR step", "Underivable",
                             "over every law: lemma5_1")),
    ("prop2", 14, ("one BR among 3 or 4 steps", "Underivable")),
    ("cor5_1", 56, ("k <= 4", "eps_g = g/4 in {0, 1/4, ..., 3/2}", "Underivable")),
    ("lemma5_2.family", 18, ("m <= 3 DP steps", "x = x/4 in {-1/2, -1/4, ..., 3/2}")),
    ("lemma5_3", 3, ("eps_g >= eps half only", "two BR steps")),
    ("alg1", 1296, ("k = 4 integer counts in [-1, 4]", "post-processing")),
])
def test_grid_claims_name_their_grid_and_why(cid, count, words):
    extent = BY_ID[f"cesar_rogers21.{cid}"].extent
    assert extent.startswith(f"on {count} instances (")
    for w in words:
        assert w in extent, w


def test_no_claim_is_decided_on_a_bare_grid():
    """Every claim decided on instances says which and why, unless it is the grid twin
    (``.instances``) of a claim decided on the stated domain or a family."""
    bare = []
    for c in mod.CLAIMS:
        if c.extent.startswith("on ") and not c.narrowed:
            parent = BY_ID.get(c.id.removesuffix(".instances"))
            if parent is c or parent is None or parent.extent.startswith("on "):
                bare.append(c.id)
    assert bare == []


EPS = sympy.Symbol("eps", positive=True)
EG = sympy.Symbol("eps_g", nonnegative=True)


def test_recursion_with_a_br_step_derives_at_exact_points_only():
    """The reason the grids give: one BR step over a continuous eps, eps_g is Underivable
    (its kinks are not ordered), the same order at an exact point derives."""
    for n, code in ((1, 1), (2, 1), (3, 4)):
        with pytest.raises(Underivable):
            derive_rec(I(n), I(code), EPS, EG)
    with pytest.raises(Underivable):
        derive_sup(I(2), I(1), EPS, EG)
    half, quarter = sympy.Rational(1, 2), sympy.Rational(1, 4)
    got = derive_rec(I(2), I(1), half, quarter)     # D then B at eps = 1/2, eps_g = 1/4
    assert not got.free_symbols
    # its value is the one the ball oracle encloses (cor5_1 at k = 2 is this point)
    from dpproof.oracles.composition.adaptive import adaptive_delta
    from flint import arb
    ball = adaptive_delta("DB", arb(0.5), arb(0.25))
    assert abs(float(sympy.N(got, 30)) - float(ball.mid())) < 1e-10
    # eps_g a given multiple of eps orders the kinks for every eps > 0 (the tried widening)
    assert derive_rec(I(2), I(1), EPS, EPS / 2).free_symbols == {EPS}
    assert derive_rec(I(2), I(1), EPS, 2 * EPS) == 0          # eps_g >= 2 eps: delta = 0
    with pytest.raises(Underivable):                # given integers only
        derive_rec(sympy.Symbol("k", integer=True), I(0), EPS, EG)


def test_dp_only_recursion_derives_on_the_continuous_box():
    """With DP steps only the recursion derives for symbolic eps, eps_g (what lemma5_1's line
    says), and its value is Theorem 1's at a point."""
    got = derive_rec(I(3), I(0), EPS, EG)
    assert got.free_symbols == {EPS, EG}
    at = {EPS: sympy.Rational(1, 2), EG: sympy.Rational(1, 5)}
    thm1 = mod.closed_forms.thm1_delta(3, sympy.Rational(1, 2), sympy.Rational(1, 5)).doit()
    assert abs(sympy.N(got.xreplace(at) - thm1, 40)) < 1e-30


def test_grid_statements_use_the_oracles_the_reasons_name():
    assert BY_ID["cesar_rogers21.thm2"].statement.rhs.has(br_sup_delta)
    for cid in ("lemma5_1.family", "prop2", "cor5_1", "lemma5_2.family", "lemma5_3"):
        assert BY_ID[f"cesar_rogers21.{cid}"].statement.lhs.has(br_adaptive_delta), cid


def test_eq5_6_pieces_cover_every_eps_and_eps_g():
    """eq5_6's four pieces (pe, pg in {0, 1}, u, h in (0, 1]) cover eps > 0, eps_g >= 0 and
    nothing outside; the derived source parameters print at a point of each piece."""
    from theorems.cesar_rogers21.nonadaptive import E56, G56, hg, pe, pg, ue
    c = BY_ID["cesar_rogers21.eq5_6"]
    assert c.domain.instance_count is None and c.extent.startswith("on a truncated box (k <= 3")
    half = sympy.Rational(1, 2)
    pieces = {(0, 0): (half, half), (1, 0): (2, half), (0, 1): (half, 2), (1, 1): (2, 2)}
    for (a, b), (e_, g_) in pieces.items():
        at = {pe: a, pg: b, ue: half, hg: half}
        assert (E56.xreplace(at), G56.xreplace(at)) == (e_, g_)
    # the ends: u -> 0+ gives eps -> 0+ (pe = 0) and eps -> oo (pe = 1); h = 1 gives eps_g = 0
    assert E56.xreplace({pe: 0, ue: 1}) == 1 == E56.xreplace({pe: 1, ue: 1})
    assert G56.xreplace({pg: 0, hg: 1}) == 0 and G56.xreplace({pg: 1, hg: 1}) == 1
    assert sympy.limit(E56.xreplace({pe: 1}), ue, 0, "+") == sympy.oo
    assert sympy.limit(G56.xreplace({pg: 1}), hg, 0, "+") == sympy.oo
    assert dict(c.derived_values({"k": "2", "d": "1", "pe": "1", "pg": "0", "u": "0.25",
                                  "s": "0.5", "h": "0.75"})) == {"eps": "4", "eps_g": "0.25"}
    k6 = dict(BY_ID["cesar_rogers21.eq5_6.k6"].domain.params)
    assert (k6["k"].hi, k6["eps"].lo, k6["eps"].hi, k6["eps_g"].hi) == (6, sympy.Rational(1, 4), 2, 2)
