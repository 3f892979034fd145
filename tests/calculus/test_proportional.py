"""The proportional rule (phi(int a) = psi(int b) from int b = c int a, drawn by the rule by
monotonicity both ways, and phi(I) = psi(c I) for every I > 0): a Renyi divergence moved onto
a rescaled integrand, true premises, false ones, and the conclusion on finite laws."""

import sympy
from sympy import Rational as R, exp, log
import pytest

from dpproof.calculus import POSITIVE, Density, Functional, proportional
from dpproof.calculus.finite import divergence
from dpproof.claims import Interval

from .common import ctx, decide, premise_verdicts

P, Q = Density("p"), Density("q")
p, q = P.value, Q.value
alpha, k = sympy.Symbol("alpha", real=True), sympy.Symbol("k", real=True)
PARAMS = {"alpha": Interval(1, None, lo_open=True), "k": Interval(None, None)}
RANGES = {"p": POSITIVE, "q": POSITIVE, **PARAMS}
I_ = Functional("I", p**alpha * q**(1 - alpha), (P, Q), finite=False)
# e^k p^alpha q^(1 - alpha): int = e^k I, so log(int)/(alpha - 1) = D_alpha + k/(alpha - 1)
H = Functional("H", exp(k) * p**alpha * q**(1 - alpha), (P, Q), finite=False)
PHI = lambda v: log(v) / (alpha - 1)                     # noqa: E731
PSI = lambda v: log(v) / (alpha - 1) - k / (alpha - 1)   # noqa: E731


def _shift(cid, b=H, c=exp(k), psi=PSI):
    return proportional(ctx(cid), I_, b, c, PHI, psi,
                        ("D_alpha", "log(H)/(alpha - 1) - k/(alpha - 1)"), RANGES, PARAMS)


def test_shifted_renyi_proved_over_every_law():
    a = decide("t.prop", _shift("t.prop"))
    assert a.verdict.value == "PROVED" and "every law" in a.label
    assert set(premise_verdicts(a).values()) == {"PROVED"}
    assert a.evidence[0].data["rules"] == ["monotonicity", "proportional"]
    assert "0 < I < oo" in a.evidence[0].data["proof"]["says"]


@pytest.mark.parametrize("cid, kw", [
    # the wrong factor: the integrands do not agree, monotonicity's premise fails
    ("t.factor", dict(c=exp(2 * k))),
    # the algebra off by the sign of the shift
    ("t.sign", dict(psi=lambda v: log(v) / (alpha - 1) + k / (alpha - 1))),
    # an integrand not proportional to I (a different power of q)
    ("t.other", dict(b=Functional("H", exp(k) * p**alpha * q**(2 - alpha), (P, Q),
                                  finite=False))),
])
def test_false_premises_never_hold(cid, kw):
    a = decide(cid, _shift(cid, **kw))
    assert "REFUTED" in premise_verdicts(a).values()
    assert not a.verdict.holds and "every law" not in a.label


def test_a_non_positive_factor_is_refuted():
    a = decide("t.neg", proportional(ctx("t.neg"), I_, H, -exp(k), PHI, PSI, ("a", "b"),
                                     RANGES, PARAMS))
    assert premise_verdicts(a)["t.neg.premise5.proportional"] == "REFUTED"
    assert not a.verdict.holds


@pytest.mark.parametrize("al, kk", [(2, 1), (3, R(-1, 2))])
def test_conclusion_on_finite_laws(al, kk):
    ps, qs = [R(1, 2), R(1, 3), R(1, 6)], [R(1, 6), R(1, 3), R(1, 2)]
    i = divergence(I_.integrand.subs(alpha, al), ps, qs)
    h = divergence(H.integrand.subs({alpha: al, k: kk}), ps, qs)
    assert sympy.simplify(PHI(i).subs(alpha, al) - PSI(h).subs({alpha: al, k: kk})) == 0


def test_disjoint_supports_leave_the_finite_case():
    # P = (1, 0), Q = (0, 1): I = +oo (the recession value at q = 0 < p), outside the
    # conclusion's 0 < I < oo; both sides are +oo there
    assert divergence(I_.integrand.subs(alpha, 2), [1, 0], [0, 1]) == sympy.oo
