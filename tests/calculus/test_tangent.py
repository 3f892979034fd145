"""The tangent rule (the hockey-stick below an f-divergence whose convex f has the tangent
t - e^eps) and the conversion of Renyi DP to (eps, delta)-DP (osgt22): true premises, false
ones, and the conclusion on finite laws, disjoint supports included."""

import sympy
from sympy import Rational as R, exp, oo
import pytest

from dpproof.calculus import NONNEG, tangent
from dpproof.calculus.finite import divergence
from dpproof.claims import Interval
from dpproof.evidence import Verdict

from .common import ctx, decide, premise_verdicts

p, q, alpha, eps = (sympy.Symbol(n, real=True) for n in ("p", "q", "alpha", "eps"))
C = (1 - 1 / alpha)**alpha / (alpha - 1)            # the printed constant (osgt22)
G = C * exp(-(alpha - 1) * eps) * p**alpha * q**(1 - alpha)
T0 = alpha * exp(eps) / (alpha - 1)
PARAMS = {"eps": NONNEG, "alpha": Interval(1, None, lo_open=True)}


def _rdp(cid, g=G, t0=T0):
    return tangent(ctx(cid), "delta(alpha, D_alpha, eps)", g, eps, t0, PARAMS)


def _hockey(e, ps, qs):
    return sum((sympy.Max(0, a - exp(e) * b) for a, b in zip(ps, qs)), sympy.S.Zero)


def test_rdp_to_dp_proved_over_every_law():
    a = decide("t.rdp", _rdp("t.rdp"))
    assert a.verdict is Verdict.PROVED and "every law" in a.label
    assert set(premise_verdicts(a).values()) == {"PROVED"}
    assert a.evidence[0].data["rules"] == ["convexity", "tangent"]
    assert "H_{eps}(P||Q) <= int" in a.evidence[0].data["proof"]["says"]


@pytest.mark.parametrize("cid, kw, bad", [
    # the constant 9/10 of the printed one: f(t0) falls below t0 - e^eps
    ("t.low", dict(g=R(9, 10) * G), "premise6.tangent"),
    # a point that is not the tangency point: the slope there is not 1
    ("t.off", dict(t0=2 * T0), "premise5.tangent"),
    # a point of tangency at t0 <= 0, outside the open half-line f is convex on
    ("t.neg", dict(t0=-T0), "premise4.tangent"),
    # -g is concave and negative: Jensen's premise and f >= 0 fail
    ("t.concave", dict(g=-G), "premise1.convexity"),
])
def test_false_premises_never_hold(cid, kw, bad):
    a = decide(cid, _rdp(cid, **kw))
    assert premise_verdicts(a)[f"{cid}.{bad}"] == "REFUTED"
    assert not a.verdict.holds and "every law" not in a.label


def test_not_homogeneous_is_refuted():
    a = decide("t.nh", _rdp("t.nh", g=C * exp(-(alpha - 1) * eps) * p**alpha))
    assert premise_verdicts(a)["t.nh.premise2.tangent"] == "REFUTED"
    assert not a.verdict.holds


@pytest.mark.parametrize("al, e", [(2, 0), (2, R(1, 2)), (3, 1), (R(3, 2), R(1, 4))])
def test_conclusion_on_finite_laws(al, e):
    g = G.subs({alpha: al, eps: e})
    # overlapping supports: H_eps <= int g, with equality nowhere needed
    ps, qs = [R(1, 2), R(1, 3), R(1, 6)], [R(1, 6), R(1, 3), R(1, 2)]
    assert sympy.N(divergence(g, ps, qs) - _hockey(e, ps, qs), 30) >= 0
    # a vanishing p (p = 0 < q): q f(0+) = 0, the hockey-stick's integrand 0 there
    ps, qs = [R(3, 4), R(1, 4), 0], [R(1, 4), R(1, 4), R(1, 2)]
    assert sympy.N(divergence(g, ps, qs) - _hockey(e, ps, qs), 30) >= 0


def test_disjoint_supports():
    # P = (1, 0), Q = (0, 1): H_eps = 1 for every eps, and int g = +oo (the recession value
    # at q = 0 < p, alpha > 1), so the conclusion holds with an infinite bound
    g = G.subs({alpha: 2, eps: 1})
    assert _hockey(1, [1, 0], [0, 1]) == 1
    assert divergence(g, [1, 0], [0, 1]) == oo


def test_tangency_is_attained():
    # a pair with p/q = t0 on part of the space and p = 0 elsewhere meets the bound's
    # pointwise form with equality where p/q = t0: q f(t0) = q (t0 - e^eps)
    al, e = 2, R(1, 2)
    t0 = T0.subs({alpha: al, eps: e})
    f_t0 = (G / q).subs({p: t0, q: 1, alpha: al, eps: e})
    assert sympy.simplify(f_t0 - (t0 - exp(e))) == 0
