"""Sign patterns under hypotheses (engines.exact.switch_keys.known_signs): a hypothesis whose
margin has the key of a switch gives that switch its branch wherever the hypotheses hold.
The RR hockey-stick identity under eps <= a (red round 8: INCONCLUSIVE) is PROVED by one
pattern; false twins -- shifted, the hypothesis reversed, or one that does not fix the
switch -- are not."""

import sympy

from dpproof.claims import Interval, Kind
from dpproof.engines.base import Config
from dpproof.engines.exact.switch_keys import key, known_signs
from dpproof.runner import check_claim
from tests.helpers import make_claim

a, eps = sympy.symbols("a eps", nonnegative=True)
HS = "hockey_stick(Bernoulli(exp(a)/(1 + exp(a))), Bernoulli(1/(1 + exp(a))), eps)"
DOM = {"a": Interval(0, 3), "eps": Interval(0, 3)}


def test_a_hypothesis_gives_the_key_of_its_margin_a_sign():
    known = known_signs([sympy.Le(eps, a, evaluate=False)])
    k, o = key(sympy.exp(a) - sympy.exp(eps))        # the switch of Max(0, e^a - e^eps)
    assert known == {k: o}
    flipped = known_signs([sympy.Ge(eps, a, evaluate=False)])
    assert flipped == {k: -o}
    assert known_signs([sympy.Eq(eps, a, evaluate=False)]) == {}


def test_the_rr_hockey_stick_under_eps_below_a_is_proved():
    c = make_claim("t.rr", f"eps <= a => {HS} == (exp(a) - exp(eps))/(1 + exp(a))",
                   Kind.IDENTITY, **DOM)
    got = check_claim(c, Config())
    assert got.verdict.name == "PROVED"
    assert any("where the hypotheses hold" in e.detail for e in got.evidence)


def test_false_twins_are_not_proved():
    shifted = make_claim("t.rr_s", f"eps <= a => {HS} == (exp(a) - exp(eps))/(1 + exp(a)) + "
                         "1/100", Kind.IDENTITY, **DOM)
    reversed_ = make_claim("t.rr_r", f"eps >= a => {HS} == (exp(a) - exp(eps))/(1 + exp(a))",
                           Kind.IDENTITY, **DOM)
    loose = make_claim("t.rr_l", f"eps <= 2*a => {HS} == (exp(a) - exp(eps))/(1 + exp(a))",
                       Kind.IDENTITY, **DOM)
    for c in (shifted, reversed_, loose):
        got = check_claim(c, Config())
        assert got.verdict.name == "REFUTED", (c.id, got.verdict)
        at = {s: sympy.Rational(got.witness[s.name]) for s in c.statement.free_symbols}
        h = c.statement.hypotheses[0]
        assert bool(sympy.Rel(h.lhs.xreplace(at), h.rhs.xreplace(at), h.rel))  # it holds there


def test_a_shift_below_every_float_is_not_proved():
    """Treacherous: the RR identity under eps <= a, off by 10^-30 everywhere; the fixed
    switch gives one pattern, whose difference is 10^-30, not 0."""
    c = make_claim("t.rr_tiny", f"eps <= a => {HS} == (exp(a) - exp(eps))/(1 + exp(a)) + "
                   "10^(-30)", Kind.IDENTITY, **DOM)
    got = check_claim(c, Config())
    assert got.verdict.name == "REFUTED"       # certified in balls (a gap of 10^-30)
    assert sympy.Rational(got.witness["eps"]) <= sympy.Rational(got.witness["a"])
