"""Enclosures over half-lines and scaled Gaussian tails (``engines.balls.half_lines``, issue 13).

The enclosures are checked against mpmath at 60 digits on many points, out to t = 10^12
and down to 10^-30; the rewrite exp(E_s) M' is checked to equal the margin.  The Gaussian
mechanism's classic bound on its repaired range is CERTIFIED down to delta -> 0; false
twins (the range pushed past the crossing delta*(1) = 0.98033, sigma 0.1% too small,
which fails only as delta -> 0, a bound decaying faster than the tails) never are."""

import mpmath
import pytest
import sympy
from sympy import Rational as R, log, sqrt

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.claims import Claim, Domain, Interval as I, Statement
from dpproof.engines.exact import derived_oracles
from dpproof.engines.balls import half_lines as H
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict
from dpproof.expr import Phi
from dpproof.expr.vocabulary import gauss_delta
from dpproof.lowering import arb_ball, arb_to_mpf, at_precision

from tests.helpers import TEST_SOURCE, make_claim

INTERVAL = load("interval")
CONFIG = Config(engine_timeout=40, max_boxes=3000)
eps, delta, t = sympy.symbols("eps delta t", positive=True)
L = log(1 / delta)
SIG = sqrt(2 * L) / eps
EPS = I(0, 1, lo_open=True)


def _claim(cid, lhs, rhs, hi):
    return Claim(cid, TEST_SOURCE, Statement(lhs, "<=", rhs),
                 Domain.of(eps=EPS, delta=I(0, hi, lo_open=True)))


POINTS = [R(1, 10**30), R(1, 10**6), R(1, 2), R(1), R(26), R(10**3), R(10**6), R(10**12)]


def _contains(iv, value) -> bool:
    lo_ok = iv.lo == -H.INF or mpmath.mpf(arb_to_mpf(iv.lo)) <= value
    hi_ok = iv.hi == H.INF or value <= mpmath.mpf(arb_to_mpf(iv.hi))
    return lo_ok and hi_ok


@pytest.mark.parametrize("p", POINTS + [-R(1, 2), -R(5), -R(26)])
def test_erfcx_encloses_mpmath(p):
    with at_precision(128), mpmath.workdps(60):
        got = H._erfcx(arb_ball(p))
        x = mpmath.mpf(p.p) / p.q
        exact = mpmath.exp(x * x) * mpmath.erfc(x)
        assert arb_to_mpf(got.lower()) <= exact <= arb_to_mpf(got.upper())
        assert got.rad() <= abs(got.mid()) * H.arb(2) ** -100     # and tight


EXPRS = [H.Erfcx(sqrt(t) - eps / (4 * sqrt(t))), sympy.erfc(-sqrt(t) + eps / sqrt(t)),
         sympy.exp(eps / 2 - eps**2 / (16 * t)) * H.Erfcx(sqrt(t) + eps / (4 * sqrt(t))),
         Phi(eps - sqrt(2 * t)) * t, log(t) / t**2 - t * (1 - eps)]


@pytest.mark.parametrize("expr", EXPRS, ids=str)
def test_half_line_enclosures_hold_at_far_and_near_points(expr):
    f = sympy.lambdify((eps, t), expr.replace(
        H.Erfcx, lambda z: sympy.exp(z**2) * sympy.erfc(z)).replace(
        Phi, lambda u: sympy.erfc(-u / sqrt(2)) / 2), "mpmath")
    for t0 in (R(1, 10**6), R(1, 2), R(7)):
        with at_precision(128):
            env = {eps: H.Iv(H.arb(0), H.arb(1)), t: H.Iv(arb_ball(t0).lower(), H.INF)}
            try:
                iv = H.enclose(expr, env)
            except H.Unsupported:
                continue
        with mpmath.workdps(60):
            for x in [p for p in POINTS if p >= t0] + [t0]:
                for e in (0, R(1, 3), 1):
                    e = R(e)
                    v = f(mpmath.mpf(e.p) / e.q, mpmath.mpf(x.p) / x.q)
                    assert _contains(iv, v), (expr, t0, x, e, iv, v)


def test_scaled_form_equals_the_margin():
    claim = _claim("t.m", gauss_delta(eps, SIG, 1), delta, R(49, 50))
    m = derived_oracles.derived_claim(claim)[0].statement.margin()
    d = {s.name: s for s in m.free_symbols}
    ((moved,), tt, _), = [x for x in H.moved([m], d["delta"], 0) if x[2]]
    with at_precision(128):
        env = {d["eps"]: H.Iv(H.arb(0), H.arb(1)), tt: H.Iv(H.arb(2), H.INF)}
        s, scaled = H.scaled(moved, env)
    whole = sympy.lambdify((d["eps"], tt), sympy.exp(s) * scaled.replace(
        H.Erfcx, lambda z: sympy.exp(z**2) * sympy.erfc(z)), "mpmath")
    plain = sympy.lambdify((d["eps"], tt), moved, "mpmath")
    with mpmath.workdps(700):   # the plain form cancels: x/log(10) digits lost
        for e in (mpmath.mpf("0.01"), mpmath.mpf("0.5"), mpmath.mpf(1)):
            for x in (2, 10, 100, 1000):
                a, b = whole(e, mpmath.mpf(x)), plain(e, mpmath.mpf(x))
                assert abs(a - b) <= mpmath.mpf(10)**-40 * abs(b), (e, x, a, b)


def test_gaussian_mechanism_certified_down_to_delta_zero():
    # up to 0.9803, just below the crossing delta*(1) = 0.98033 (its best range to 4 digits)
    ev = INTERVAL.check(_claim("t.classic", gauss_delta(eps, SIG, 1), delta, R(9803, 10000)),
                        CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, (ev.detail, ev.scope)


def test_pure_tail_bound_certified_down_to_delta_zero():
    """The proof's Bad mass Phi(eps/(2 sqrt(2L)) - sqrt(2L)) <= delta (claims language)."""
    lhs = Phi(eps / (2 * sqrt(2 * L)) - sqrt(2 * L))
    ev = INTERVAL.check(_claim("t.bad", lhs, delta, R(97, 100)), CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, (ev.detail, ev.scope)


FALSE = [
    # past the crossing delta*(1) = 0.98033: violated at eps = 1, delta = 0.9804
    (_claim("t.past_crossing", gauss_delta(eps, SIG, 1), delta, R(9804, 10000)), True),
    # sigma 0.1% too small: gauss_delta ~ delta^0.998, above delta only as delta -> 0
    (_claim("t.sigma_small", gauss_delta(eps, SIG * R(999, 1000), 1), delta, R(49, 50)),
     False),
    # a bound below the tails' decay delta/log(1/delta)^(3/2) near delta -> 0 (eps = 1)
    (_claim("t.too_fast", gauss_delta(eps, SIG, 1), delta / (10 * L**R(3, 2)), R(49, 50)),
     False),
    # the bad mass against half its leading term: fails as delta -> 0
    (_claim("t.bad_half", Phi(eps / (2 * sqrt(2 * L)) - sqrt(2 * L)),
            delta / (8 * sqrt(L)), R(97, 100)), False),
]


@pytest.mark.parametrize("claim,refutable", FALSE, ids=lambda c: getattr(c, "id", ""))
def test_false_twins_are_never_certified(claim, refutable):
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is not Verdict.CERTIFIED, (ev.detail, ev.scope)
    if refutable:
        assert ev.verdict is Verdict.REFUTED, (ev.detail, ev.scope)


X = I(0, R(1, 2), lo_open=True)


def test_reciprocal_half_line_certifies_a_chernoff_bound():
    """Q(1/x) <= exp(-1/(2 x^2)) on (0, 1/2]: no log, so x = 1/t; both sides vanish."""
    ev = INTERVAL.check(make_claim("t.chernoff", "Q(1/x) <= exp(-1/(2*x^2))", x=X), CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, (ev.detail, ev.scope)


@pytest.mark.parametrize("text", ["Q(1/x) <= exp(-1/(2*x^2))*x/10",
                                  "Q(1/x) <= exp(-(1/x^2)*(1/2 + 1/1000))",
                                  "Q(1/x) <= exp(-1/(2*x^2))/2 - 10^-30"])
def test_reciprocal_false_twins_are_never_certified(text):
    """Each fails as x -> 0 (Q(y) ~ exp(-y^2/2)/(y sqrt(2 pi)))."""
    ev = INTERVAL.check(make_claim("t.twin", text, x=X), CONFIG)
    assert ev.verdict is not Verdict.CERTIFIED, (ev.detail, ev.scope)


TAIL = I(1, None)


def test_unbounded_tail_certifies_a_chernoff_bound():
    """Q(x) <= exp(-x^2/2) on [1, oo): both sides vanish at infinity."""
    ev = INTERVAL.check(make_claim("t.tail", "Q(x) <= exp(-x^2/2)", x=TAIL), CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, (ev.detail, ev.scope)


@pytest.mark.parametrize("text", ["Q(x) <= exp(-x^2/2)/(3*x)",
                                  "Q(x) <= exp(-x^2*(1/2 + 1/1000))"])
def test_unbounded_tail_false_twins_are_never_certified(text):
    """Each fails for large x (Q(x) ~ 0.399 exp(-x^2/2)/x)."""
    ev = INTERVAL.check(make_claim("t.tail_twin", text, x=TAIL), CONFIG)
    assert ev.verdict is not Verdict.CERTIFIED, (ev.detail, ev.scope)
