"""Each rule of the calculus with true premises (the conclusion holds), a false premise
(it does not) and disjoint supports (the convention where a density vanishes)."""

import sympy
from sympy import Max, Rational as R, exp, log, oo

from dpproof.calculus import (NONNEG, Density, Functional, change_of_variables,
                              composition, data_processing, events, group_privacy, hockey,
                              mass, monotonicity)
from dpproof.calculus.finite import closure_value, divergence, push
from dpproof.evidence import Verdict

from .common import ctx, decide, premise_verdicts

p, q, t, eps, K, k = (sympy.Symbol(n, real=True) for n in ("p", "q", "t", "eps", "K", "k"))
delta = sympy.Symbol("delta", real=True)
HS = Max(0, p - exp(eps) * q)
KL = p * log(p / q)
P, Q = Density("p"), Density("q")


def _recipe(c, bound):
    bad = Functional("P(p > e^eps q)", p * sympy.Piecewise((1, p > exp(eps) * q), (0, True)),
                     (P, Q))
    return monotonicity(c, hockey(P, Q, eps), ((1, bad),) if bound is None else bound,
                        {"p": NONNEG, "q": NONNEG, "eps": NONNEG},
                        cases=((_st(p, ">", exp(eps) * q),),
                               (_st(p, "<=", exp(eps) * q),)))


def _st(a, rel, b):
    from dpproof.claims import Statement
    return Statement(a, rel, b)


def test_monotonicity_cases_true_and_false():
    good = decide("t.recipe", _recipe(ctx("t.recipe"), None))
    assert good.verdict is Verdict.PROVED and "every law" in good.label
    # H_eps(P||Q) <= 0 * P(...) is false (p > 0 = q: H = 1): the premise is refuted
    bad = decide("t.recipe.bad", _recipe(ctx("t.recipe.bad"), ((0, mass(P)),)))
    assert "REFUTED" in premise_verdicts(bad).values()
    assert bad.verdict is Verdict.INCONCLUSIVE and "every law" not in bad.label


def test_monotonicity_premises_range_over_vanishing_densities():
    step = _recipe(ctx("t.r"), None)
    for prem in step.premises:
        for name, iv in prem.domain.params:
            if name in ("p", "q"):
                assert iv.lo == 0 and not iv.lo_open      # p = 0 or q = 0 is decided
    # disjoint supports: P = (1, 0), Q = (0, 1): H_eps = 1 = P(p > e^eps q) for every eps
    g = HS.subs(eps, 1)
    assert divergence(g, [1, 0], [0, 1]) == 1


def test_events_identity_and_a_negative_weight():
    good = decide("t.ev", events(ctx("t.ev"), P, Q, exp(eps), {"eps": NONNEG}))
    assert good.verdict is Verdict.PROVED
    assert all(v == "PROVED" for v in premise_verdicts(good).values())
    bad = decide("t.ev.bad", events(ctx("t.ev.bad"), P, Q, -exp(eps), {"eps": NONNEG}))
    assert premise_verdicts(bad)["t.ev.bad.premise5.events"] == "REFUTED"
    assert not bad.verdict.holds
    # disjoint supports: sup over events of P(A) - e Q(A) = 1 at A = {1} = H_1
    ps, qs = [1, 0], [0, 1]
    sup = max(sum(ps[i] - sympy.E * qs[i] for i in A) for A in ([], [0], [1], [0, 1]))
    assert sup == 1 == divergence(HS.subs(eps, 1), ps, qs)


def test_data_processing_hockey_stick_and_kl():
    hs = data_processing(ctx("t.pp"), "H_eps", HS, {"eps": NONNEG}, "max_of_affine", (0, 0))
    a = decide("t.pp", hs)
    assert a.verdict is Verdict.PROVED, a.scope
    assert a.evidence[0].data["rules"] == ["convexity", "perspective", "data_processing"]
    kl = data_processing(ctx("t.kl"), "KL", KL, {}, "second_derivative", (1, -1),
                         form="channel", log_scale=True)
    b = decide("t.kl", kl)
    assert b.verdict.holds, b.scope
    # disjoint supports: KL = +oo (no absolute continuity), H_eps = 1; through the merge
    # kernel both laws become one point: 0 <= 1 and 0 <= oo
    ps, qs, merge = [1, 0], [0, 1], [[1], [1]]
    assert divergence(KL, ps, qs) == oo and closure_value(KL, 0, 1) == 0
    assert divergence(KL, push(merge, ps), push(merge, qs)) == 0
    assert divergence(HS.subs(eps, 0), ps, qs) == 1
    assert closure_value(HS, 1, 0) == 1      # recession value of max(0, t - e^eps): p


def test_data_processing_false_premises():
    # -t log t is concave, and p log p is not 1-homogeneous
    a = decide("t.concave", data_processing(ctx("t.concave"), "D", -KL, {},
                                            "second_derivative", (-1, 1)))
    assert "REFUTED" in premise_verdicts(a).values() and not a.verdict.holds
    b = decide("t.nonhom", change_of_variables(ctx("t.nonhom"), "D", p * log(p), {}))
    assert list(premise_verdicts(b).values()) == ["REFUTED"] and not b.verdict.holds
    c = decide("t.hom", change_of_variables(ctx("t.hom"), "KL", KL, {}))
    assert c.verdict is Verdict.PROVED


def test_group_privacy_induction_true_and_false():
    good = decide("t.gp", group_privacy(ctx("t.gp"), eps, delta, K,
                                        K * exp((K - 1) * eps) * delta))
    assert good.verdict.holds, good.scope
    assert good.evidence[0].data["rules"] == ["monotonicity", "chaining", "induction"]
    bad = decide("t.gp.bad", group_privacy(ctx("t.gp.bad"), eps, delta, K, K * delta))
    assert premise_verdicts(bad)["t.gp.bad.premise3.induction"] == "REFUTED"
    assert not bad.verdict.holds and "every law" not in bad.label
    # disjoint supports along the chain: P_0 = (1,0), P_1 = (0,1): H_eps(P_0||P_1) = 1, and
    # H_{2 eps}(P_0||P_0) = 0 <= 2 e^eps * 1
    g = HS.subs(eps, 2)
    assert divergence(g, [1, 0], [1, 0]) == 0 <= 2 * sympy.E


def test_composition_by_conditioning():
    a = decide("t.comp", composition(ctx("t.comp"), k))
    assert a.verdict.holds, a.scope
    assert a.evidence[0].data["rules"] == ["conditioning", "induction"]
    # disjoint supports in round 1, identical round 2: H_{e1+e2} of the products is 1 =
    # delta_1 + delta_2 = 1 + 0
    p1, q1 = [1, 0], [0, 1]
    joint_p = [a_ * b_ for a_ in p1 for b_ in (R(1, 2), R(1, 2))]
    joint_q = [a_ * b_ for a_ in q1 for b_ in (R(1, 2), R(1, 2))]
    assert divergence(HS.subs(eps, 1), joint_p, joint_q) == 1
