"""The null-sets rule (int a = 0 => int b = 0 when b vanishes wherever a does not have to be
> 0) and remark 3's 'only if' direction (adp_notes): true premises, false ones, and the
conclusion on finite laws, disjoint supports included."""

import sympy
from sympy import Max, Piecewise, Rational as R, exp, log
import pytest

from dpproof.calculus import (NONNEG, Density, Functional, hockey, loss_tail, null_sets,
                              split)
from dpproof.claims import Statement

from .common import ctx, decide, premise_verdicts

P, Q = Density("p"), Density("q")
p, q, eps = P.value, Q.value, sympy.Symbol("eps", real=True)
RANGES = {"p": NONNEG, "q": NONNEG, "eps": NONNEG}
BOTH = Functional("H_eps(P||Q) + H_eps(Q||P)", hockey(P, Q, eps).integrand
                  + hockey(Q, P, eps).integrand, (P, Q))
TAILS = Functional("P(|Z| > eps) + Q(|Z'| > eps)", loss_tail(P, Q, eps).integrand
                   + loss_tail(Q, P, eps).integrand, (P, Q))
CASES = split(Statement(p, ">", exp(eps) * q), Statement(q, ">", exp(eps) * p))


def _pure(cid, a=BOTH, b=TAILS, positive=frozenset({0, 1})):
    return null_sets(ctx(cid), a, b, RANGES, CASES, positive)


def test_remark3_only_if_proved_over_every_law():
    a = decide("t.pure", _pure("t.pure"))
    assert a.verdict.value == "PROVED" and "every law" in a.label
    assert set(premise_verdicts(a).values()) == {"PROVED"}
    assert a.evidence[0].data["proof"]["says"] == (
        "H_eps(P||Q) + H_eps(Q||P) = 0 => P(|Z| > eps) + Q(|Z'| > eps) = 0")


def test_a_case_claimed_positive_where_a_vanishes_is_refuted():
    # in the third case (|log p/q| <= eps) both hockey-sticks' integrands are 0
    a = decide("t.p3", _pure("t.p3", positive=frozenset({0, 1, 2})))
    assert premise_verdicts(a)["t.p3.premise9.null_sets"] == "REFUTED"
    assert not a.verdict.holds and "every law" not in a.label


def test_b_not_vanishing_where_a_may_is_refuted():
    # the tails at eps/2: where eps/2 < |log p/q| <= eps they do not vanish, and a may
    half = Functional("tails at eps/2", loss_tail(P, Q, eps / 2).integrand
                      + loss_tail(Q, P, eps / 2).integrand, (P, Q))
    a = decide("t.half", _pure("t.half", b=half))
    assert premise_verdicts(a)["t.half.premise9.null_sets"] in ("REFUTED", "SUPPORTED",
                                                               "INCONCLUSIVE")
    assert not a.verdict.holds and "every law" not in a.label


def test_a_negative_integrand_is_refuted():
    # a may be < 0: int a = 0 no longer forces a = 0 a.e.
    signed = Functional("int (p - q)", p - q, (P, Q))
    a = decide("t.neg", _pure("t.neg", a=signed))
    assert "REFUTED" in {v for k, v in premise_verdicts(a).items() if k.endswith(
        ("premise3.null_sets",))}
    assert not a.verdict.holds


def test_cases_must_be_a_split():
    with pytest.raises(ValueError, match="split"):
        null_sets(ctx("t.bad"), BOTH, TAILS, RANGES,
                  ((Statement(p, ">", q),), (Statement(p, "<", q),)), frozenset({0}))


def _sum(f, ps, qs, e):
    return sum((f.integrand.subs({p: a, q: b, eps: e}) for a, b in zip(ps, qs)), sympy.S.Zero)


@pytest.mark.parametrize("ps, qs, e", [
    # an eps-DP pair: the log-ratios are +-log 2 <= eps = log 2
    ([R(2, 3), R(1, 3)], [R(1, 3), R(2, 3)], log(2)),
    # a zero of both laws on a third point
    ([R(2, 3), R(1, 3), 0], [R(1, 3), R(2, 3), 0], log(2)),
])
def test_conclusion_on_eps_dp_pairs(ps, qs, e):
    assert sympy.simplify(_sum(BOTH, ps, qs, e)) == 0
    assert sympy.simplify(_sum(TAILS, ps, qs, e)) == 0


def test_disjoint_supports_are_not_eps_dp():
    # P = (1, 0), Q = (0, 1): both hockey-sticks are 1 (the hypothesis fails) and the loss is
    # +-oo: both tails are 1, so the rule's implication holds vacuously
    ps, qs = [1, 0], [0, 1]
    assert _sum(BOTH, ps, qs, 1) == 2
    assert _sum(TAILS, ps, qs, 1) == 2
    # a law with a point q = 0 < p is never eps-DP: H_eps(P||Q) >= p there
    assert Max(0, R(1, 2) - exp(3) * 0) == R(1, 2)
    assert Piecewise((1, R(1, 2) > 0), (0, True)) == 1
