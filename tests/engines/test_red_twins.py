"""Red-team round 2: tight truths and their false twins (a tiny shift), on the classes the
last session's tactics decide -- open ends moved to half-lines (needles at x < 1e-300, Mills
ratios tight as x -> 0, a sign change at x = 1e-30), kinks of hockey-sticks of finite laws
(an irrational kink log 2, a domain end 10^-30 either side of it, equalities), and the
adaptive-composition recursion (constants, eps_g and orders perturbed by 1e-12).

A false twin is never PROVED / CERTIFIED and is REFUTED where marked; a tight truth is
never REFUTED (PROVED / CERTIFIED where marked)."""

import pytest
from sympy import Rational as R

from dpproof.claims import Interval as I
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.runner import check_claim
from tests.helpers import make_claim

CONFIG = Config(timeout=30, engine_timeout=10, search_examples=60)
X = dict(x=I(0, R(1, 2), lo_open=True))
T = dict(x=I(1, None))
E = dict(eps=I.closed(0, 2))
U = dict(x=I.closed(0, 1))
EG = dict(e=I.closed(1, 2, integer=True), g=I.closed(0, 6, integer=True))
KEG = dict(k=I.closed(1, 3, integer=True), **EG)
B = "hockey_stick(Bernoulli(2/3), Bernoulli(1/3), eps)"
AD = "br_adaptive_delta"
LOG2 = 693147180559945309417232121458     # log 2 = 0.693147180559945309417232121458176...

TRUE = [  # (id, statement, domain, proved or certified expected)
    ("log1p", "log(1+x) <= x", X, True),
    ("bern", "1/x - 1/(exp(x)-1) <= 1/2", X, False),
    ("xlogx", "x*log(1/x) <= exp(-1)", X, False),
    ("mills", "Q(1/x) <= x*exp(-1/(2*x^2))/sqrt(2*pi)", X, False),
    ("tail_xex", "x*exp(-x) <= exp(-1)", T, True),
    ("kink_eq", f"{B} <= max(0, (2 - exp(eps))/3)", E, True),
    ("kink_eqeq", f"{B} == max(0, (2 - exp(eps))/3)", E, True),
    ("kink_coincident", f"{B} + max(0, log(2) - eps)/3 >= max(0, 2*(log(2) - eps)/3)", E, True),
    ("kink_end_above", f"{B} <= 0", dict(eps=I.closed(R(LOG2 + 1, 10**30), 2)), True),
    ("lemma5_1", f"{AD}(1, 1, e/2, g/4) == br_sup_delta(1, 0, e/2, g/4)", EG, True),
]

FALSE = [  # (id, statement, domain, REFUTED expected)
    ("bern", "x/(exp(x)-1) <= 1 - 10^-12", X, True),
    ("log1p", "log(1+x) <= x - 10^-40*x", X, True),
    ("needle700", "log(1/x) <= 700", X, True),
    ("root1000", "x^(1/1000) >= 1/2", X, True),
    ("xlogx", "x*log(1/x) <= exp(-1) - 10^-15", X, True),
    ("bern2", "1/x - 1/(exp(x)-1) <= 1/2 - 10^-15", X, True),
    ("sign_at_1e-30", "exp(-1/x)*(10^30 - 1/x) >= 0", X, True),
    ("mills_lower", "Q(1/x) >= x*exp(-1/(2*x^2))/sqrt(2*pi)/(1+x^2)*(1 + 10^-12)", X, True),
    ("gauss_mills", "Q(sqrt(2*log(1/x))) <= x/(2*sqrt(pi*log(1/x)))*(1 - 10^-9)", X, False),
    ("r2_tight_end", "exp(-1/x)/x^2 < 4*exp(-2)", X, False),
    ("tail_logx", "log(x)/x <= exp(-1) - 10^-20", T, True),
    ("tail_x2ex", "x^2*exp(-x) < 4*exp(-2)", T, False),
    ("kink_shift", f"{B} <= max(0, (2 - exp(eps + 10^-30))/3)", E, True),
    ("kink_lowered", f"{B} <= max(0, (2 - exp(eps))/3 - 10^-30)", E, True),
    ("kink_eqeq", f"{B} == max(0, (2 - exp(eps))/3) + max(0, eps - 19/10)/10^20", E, True),
    ("tv_shift", "tv(Bernoulli(x), Bernoulli(1/2)) <= abs(x - 1/2 + 10^-30)", U, True),
    ("tv_log2", "tv(Bernoulli(x*log(2)), Bernoulli(1/2)) <= abs(x*log(2) - 1/2 - 10^-30)", U,
     True),
    ("kink_end_below", f"{B} <= 0", dict(eps=I.closed(R(LOG2, 10**30), 2)), True),
    ("prop2_constant", f"{AD}(3, 4, e/2, g/4) == {AD}(3, 2, e/2, g/4) + 10^-12", EG, True),
    ("prop2_all_dp", f"{AD}(3, 4, e/2, g/4) == {AD}(3, 0, e/2, g/4)", EG, True),
    ("lemma5_1_eps_g", f"{AD}(1, 1, e/2, g/4) == br_sup_delta(1, 0, e/2, g/4 - 10^-12)", EG,
     True),
    ("cor5_1_scaled", f"{AD}(k, 1, e/2, g/4) == br_sup_delta(k, k - 1, e/2, g/4)*(1 + 10^-12)",
     KEG, True),
    ("lemma5_4_swapped", f"{AD}(3, 3, 1, x) <= {AD}(3, 5, 1, x)", dict(x=I.closed(0, R(1, 2))),
     True),
]


@pytest.mark.parametrize("cid,text,params,decided", TRUE, ids=[c[0] for c in TRUE])
def test_tight_truths_are_never_refuted(cid, text, params, decided):
    a = check_claim(make_claim(f"t.{cid}", text, **params), CONFIG)
    assert a.verdict is not Verdict.REFUTED, a.witness
    if decided:
        assert a.verdict in (Verdict.PROVED, Verdict.CERTIFIED), a.verdict


@pytest.mark.parametrize("cid,text,params,refutable", FALSE, ids=[c[0] for c in FALSE])
def test_false_twins_are_never_proved(cid, text, params, refutable):
    a = check_claim(make_claim(f"f.{cid}", text, **params), CONFIG)
    assert a.verdict not in (Verdict.PROVED, Verdict.CERTIFIED), a.verdict
    if refutable:
        assert a.verdict is Verdict.REFUTED, a.verdict
