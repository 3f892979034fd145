"""Products of randomized responses and Algorithm 2's truncated Gaussians derived in sympy
(``oracles.symbolic.products``, ``oracles.symbolic.truncated``) against the certified ball
oracles (``oracles.composition.bounded_range``, ``oracles.isotonic``) at exact points."""

import random

import pytest
import sympy
from flint import arb

from dpproof.expr import vocabulary as V
from dpproof.lowering import at_precision, lower
from dpproof.oracles import symbolic as so
from dpproof.oracles.symbolic import Underivable

R = sympy.Rational
rng = random.Random(7)
e, t, t2, g, s, a = sympy.symbols("e t t2 g s a", positive=True)
NAMES = ("e", "t", "t2", "g", "s", "a")


def _point():
    eps = R(rng.randint(5, 40), 20)
    return {"e": eps, "t": eps * R(rng.randint(0, 20), 20), "t2": eps * R(rng.randint(0, 20), 20),
            "g": R(rng.randint(0, 40), 20), "s": R(rng.randint(20, 60), 20),
            "a": R(rng.randint(30, 100), 20)}


CALLS = [V.br_product_delta(k, d, e, t, g) for k in (1, 3, 5) for d in range(0, k + 1, 2)] + \
    [V.br_product_delta_bf(n, c, e, t, g) for n, c in ((3, 5), (4, 3), (4, 12), (2, 0))] + \
    [V.br_two_delta_bf(1, e, t, t2, g), V.genrr3_delta_bf(e, e + 1, 2 * e, t, t2, t, g),
     V.tgauss_fail(e, s, g), V.tgauss_renyi_cond(a + 1, e, s + 1, 1, 0),
     V.tgauss_renyi_cond(a + 1, e, s + 1, 1, 1)]


def _value(expr, pt):
    with at_precision(200):
        args = [arb(pt[n].p) / pt[n].q for n in NAMES]
        return lower(expr, NAMES)(*args)


@pytest.mark.parametrize("call", CALLS, ids=[str(c)[:40] for c in CALLS])
def test_derived_form_agrees_with_the_ball_oracle(call):
    form = so.derive_call(call)
    for _ in range(3):
        pt = _point()
        derived, oracle = _value(form, pt), _value(call, pt)
        assert derived.overlaps(oracle), (call, pt, derived, oracle)
        assert derived.rad() < 1e-40 and oracle.rad() < 1e-20


def test_symbolic_counts_derive_as_a_sum_over_the_counts():
    """k, d integer symbols: the grouped law as a Sum (d <= k known), equal to the written-out
    form at given k, d; a count whose sign sympy does not know is not derived."""
    k = sympy.Symbol("k", integer=True, positive=True)
    m = sympy.Symbol("m", integer=True, nonnegative=True)
    for kk, dd, at in ((k, 0, {k: 3}), (k, k, {k: 4}), (k + m, k, {k: 2, m: 3})):
        form = so.derive_call(V.br_product_delta(kk, dd, e, t, g))
        assert isinstance(form, sympy.Sum)
        given = V.br_product_delta(kk.subs(at), sympy.sympify(dd).subs(at), e, t, g)
        for _ in range(2):
            pt = _point()
            got, want = _value(form.subs(at).doit(), pt), _value(given, pt)
            assert got.overlaps(want) and abs(got - want) < 1e-40
    with pytest.raises(Underivable):
        so.derive_call(V.br_product_delta(k, m, e, t, g))          # m <= k unknown


def test_out_of_range_calls_are_not_derived():
    with pytest.raises(Underivable):
        so.derive_call(V.br_product_delta_bf(3, 9, e, t, g))      # code out of range
    with pytest.raises(Underivable):
        so.derive_call(V.tgauss_renyi_cond(a, e, s, g, 2))


# Renyi and KL of products of continuous laws: the sums over the factors (tensorisation)
PRODUCTS = [V.renyi(V.ProductOf(V.Normal(0, s), V.Laplace(0, 1)),
                    V.ProductOf(V.Normal(1, s), V.Laplace(g, 1)), a + 1),
            V.kl(V.ProductOf(V.OSGT(0, 2, 1), V.Normal(0, s)),
                 V.ProductOf(V.OSGT(1, 2, 1), V.Normal(t, s)))]


@pytest.mark.parametrize("call", PRODUCTS, ids=["renyi", "kl"])
def test_product_divergences_agree_with_the_ball_oracle(call):
    form = so.derive_call(call)
    for _ in range(2):
        pt = _point()
        derived, oracle = _value(form, pt), _value(call, pt)
        assert derived.overlaps(oracle), (call, pt, derived, oracle)


def test_gaussian_product_renyi_is_the_sum_and_twins_are_not_proved():
    from dpproof.claims import Interval, Kind
    from dpproof.engines.base import Config, load
    from dpproof.evidence import Verdict
    from tests.helpers import make_claim
    dom = {"alpha": Interval(1, 20, lo_open=True), "sd": Interval(R(1, 2), 4)}
    lhs = "renyi(ProductOf(Normal(0, sd), Normal(0, 2*sd)), ProductOf(Normal(1, sd), Normal(1, 2*sd)), alpha)"
    symbolic = load("symbolic")
    exact = make_claim("prod.exact", f"{lhs} == 5*alpha/(8*sd^2)", Kind.IDENTITY, **dom)
    assert symbolic.check(exact, Config()).verdict is Verdict.PROVED
    for text in (f"{lhs} == alpha/(2*sd^2)",                      # one factor only
                 f"{lhs} <= 5*alpha/(8*sd^2)*(1 - 1/10^9)"):      # tight bound, shaved
        ev = symbolic.check(make_claim("prod.false", text, Kind.IDENTITY if "==" in text
                                       else Kind.INEQUALITY, **dom), Config())
        assert ev.verdict not in (Verdict.PROVED, Verdict.CERTIFIED), ev.detail
    with pytest.raises(Underivable):       # a product of a continuous and a discrete law
        so.derive_call(V.renyi(V.ProductOf(V.Normal(0, 1), V.Bernoulli(R(1, 3))),
                               V.ProductOf(V.Normal(1, 1), V.Bernoulli(R(1, 2))), a + 1))
