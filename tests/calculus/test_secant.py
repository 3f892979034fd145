"""The secant rule (a convex f below its chord on [a, b]) and the mean of an eps-DP round
(cesar_rogers21 Lemma 3.2): true premises, false ones, the ratio hypothesis at vanishing
densities and disjoint supports."""

import sympy
from sympy import Abs, Rational as R, exp, log, oo
import pytest

from dpproof.calculus import POSITIVE, convexity, secant
from dpproof.calculus.finite import divergence
from dpproof.claims import Interval
from dpproof.evidence import Verdict

from .common import ctx, decide, premise_verdicts

p, q, t, eps = (sympy.Symbol(n, real=True) for n in ("p", "q", "t", "eps"))
KL = p * log(p / q)
BOUND = eps * (exp(eps) - 1) / (exp(eps) + 1)      # = eps tanh(eps/2)


def _mean(cid, g=KL, a=exp(-eps), b=exp(eps), bound=BOUND):
    return secant(ctx(cid), "KL", g, a, b, bound, {"eps": POSITIVE})


def test_dp_mean_proved_over_every_law():
    a = decide("t.mean", _mean("t.mean"))
    assert a.verdict is Verdict.PROVED and "every law" in a.label
    assert set(premise_verdicts(a).values()) == {"PROVED"}
    assert a.evidence[0].data["rules"] == ["convexity", "secant"]
    says = a.evidence[0].data["proof"]["says"]
    assert "exp(-eps)*q <= p <= exp(eps)*q" in says and "eps in (0, inf)" in says


@pytest.mark.parametrize("cid, kw, bad", [
    # a bound below the chord: RR attains the chord, so 0.99 of it is false
    ("t.low", dict(bound=R(99, 100) * BOUND), "premise5.secant"),
    # -t log t is concave: Jensen's premise fails
    ("t.concave", dict(g=-KL, bound=-BOUND), "premise1.convexity"),
    # an empty interval [a, b] (a > b): the rule's a < b premise fails
    ("t.empty", dict(a=exp(eps), b=exp(-eps)), "premise3.secant"),
    # a = 0: t log t's chord from 0 is not what the hypothesis allows (0 < a)
    ("t.zero", dict(a=sympy.S.Zero), "premise2.secant"),
])
def test_false_premises_never_hold(cid, kw, bad):
    a = decide(cid, _mean(cid, **kw))
    assert premise_verdicts(a)[f"{cid}.{bad}"] == "REFUTED"
    assert not a.verdict.holds and "every law" not in a.label


def test_not_homogeneous_is_refuted():
    a = decide("t.nh", _mean("t.nh", g=p * log(p)))
    assert premise_verdicts(a)["t.nh.premise4.secant"] == "REFUTED"
    assert not a.verdict.holds


def test_convexity_by_second_derivative_refuses_kinks():
    # f'' of -|t - 1| is -2 DiracDelta(t - 1): zero off the kink, a concave function
    with pytest.raises(ValueError, match="C\\^2"):
        convexity(ctx("t.kink"), -Abs(t - 1), {}, "second_derivative")


@pytest.mark.parametrize("e", [R(1, 4), 1, 3])
def test_rr_attains_the_bound_and_other_dp_pairs_are_below(e):
    c = exp(e)
    bound = BOUND.subs(eps, e)
    rr_p, rr_q = [c / (1 + c), 1 / (1 + c)], [1 / (1 + c), c / (1 + c)]
    assert sympy.simplify((divergence(KL, rr_p, rr_q) - bound).rewrite(exp)) == 0
    # an eps-DP pair with a zero of both laws (q = 0 forces p = 0): the closure's 0 there
    d = (1 - exp(-e)) / 4
    ps, qs = [R(1, 2), R(1, 2), 0], [R(1, 2) + d, R(1, 2) - d, 0]
    assert all(exp(-e) * b <= a <= c * b for a, b in zip(ps, qs))
    assert sympy.N(bound - divergence(KL, ps, qs)) >= 0


def test_disjoint_supports_break_the_hypothesis_and_the_bound():
    # P = (1, 0), Q = (0, 1) is not eps-DP for any eps: KL = +oo (no absolute continuity),
    # so the hypothesis a q <= p <= b q is what the conclusion needs
    assert divergence(KL, [1, 0], [0, 1]) == oo
    assert not all(exp(-1) * b <= a <= exp(1) * b for a, b in zip([1, 0], [0, 1]))


# the peak: a bound that is the sup of the chord over a parameter.  f = t^2 (g = p^2/q) on
# [y/2, y]: the chord at 1 is 3y/2 - y^2/2, concave in y, largest (9/8) at y = 3/2
Y = sympy.Symbol("y", real=True)
CHI = p**2 / q
PEAK_FORM = 3 * Y / 2 - Y**2 / 2


def _peak(cid, bound=R(9, 8), v0=R(3, 2), form=PEAK_FORM, g=CHI):
    return secant(ctx(cid), "chi2+1", g, Y / 2, Y, bound, {"y": POSITIVE},
                  peak=(Y, v0, form))


def test_peak_proves_a_bound_tight_at_an_interior_point():
    a = decide("t.peak", _peak("t.peak"))
    assert a.verdict is Verdict.PROVED and "every law" in a.label
    assert set(premise_verdicts(a).values()) == {"PROVED"}


@pytest.mark.parametrize("cid, kw, bad", [
    # below the sup: the chord at y = 3/2 is 9/8 > 1
    ("t.plow", dict(bound=1), "premise9.secant"),
    # not the critical point: the derivative 3/2 - y is 1/2 at y = 1
    ("t.pv0", dict(v0=1, bound=1), "premise8.secant"),
    # a closed form that is not the chord
    ("t.pform", dict(form=Y - Y**2 / 2, v0=1, bound=R(1, 2)), "premise5.secant"),
    # a point outside y's range (0, oo)
    ("t.pout", dict(v0=-1, form=-Y - Y**2 / 2, bound=R(1, 2)), "premise7.secant"),
])
def test_peak_false_premises_never_hold(cid, kw, bad):
    a = decide(cid, _peak(cid, **kw))
    assert premise_verdicts(a)[f"{cid}.{bad}"] == "REFUTED", premise_verdicts(a)
    assert not a.verdict.holds


def test_peak_needs_a_real_range():
    with pytest.raises(ValueError, match="real range"):
        secant(ctx("t.pint"), "chi2+1", CHI, Y / 2, Y, R(9, 8),
               {"y": Interval(1, 5, integer=True)}, peak=(Y, R(3, 2), PEAK_FORM))


def test_peak_refuses_a_kinked_form():
    with pytest.raises(ValueError, match="C\\^2"):
        secant(ctx("t.pkink"), "chi2+1", CHI, Y / 2, Y, R(9, 8), {"y": POSITIVE},
               peak=(Y, R(3, 2), PEAK_FORM - Abs(Y - R(3, 2))))
