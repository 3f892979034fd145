"""Remark 3 (adp_notes) over every law: monotonicity split into the cases p > e^eps q,
q > e^eps p and neither (``split``), the union event {|Z| > eps} resolved in each case;
true premises, mutated statements and disjoint supports."""

import sympy
from sympy import Max, Rational as R, exp, log, oo
import pytest

from dpproof.calculus import NONNEG, Density, hockey, loss_tail, mass, monotonicity, split
from dpproof.calculus.finite import divergence
from dpproof.calculus.rules import _refine
from dpproof.claims import Statement
from dpproof.evidence import Verdict

from .common import ctx, decide, premise_verdicts

p, q, eps = (sympy.Symbol(n, real=True) for n in ("p", "q", "eps"))
P, Q = Density("p"), Density("q")
RANGES = {"p": NONNEG, "q": NONNEG, "eps": NONNEG}
A, B = Statement(p, ">", exp(eps) * q), Statement(q, ">", exp(eps) * p)


def _remark3(cid, rhs=None, cases=None):
    return monotonicity(ctx(cid), hockey(P, Q, eps), rhs or ((1, loss_tail(P, Q, eps)),),
                        RANGES, cases=cases or split(A, B))


def test_split_covers_by_construction_and_refines_the_union():
    cases = split(A, B)
    assert cases == ((A,), (B,), (Statement(p, "<=", exp(eps) * q),
                                  Statement(q, "<=", exp(eps) * p)))
    tail = loss_tail(P, Q, eps).integrand
    assert [_refine(tail, c) for c in cases] == [p, p, 0]
    # one hypothesis that does not decide the union leaves the indicator in place
    assert _refine(tail, (Statement(p, ">", q),)) == tail
    # no cover premise: three premises, one per case, each on the closed orthant
    step = _remark3("t.r3")
    assert len(step.premises) == 3
    for prem in step.premises:
        assert all(iv.lo == 0 and not iv.lo_open for _, iv in prem.domain.params)
    with pytest.raises(ValueError):
        split(Statement(p, "==", q))


def test_remark3_sufficient_proved():
    a = decide("t.r3", _remark3("t.r3"))
    assert a.verdict is Verdict.PROVED and "every law" in a.label
    assert set(premise_verdicts(a).values()) == {"PROVED"}
    assert a.evidence[0].data["proof"]["says"] == "H_{eps}(P||Q) <= P(|Z| > eps)"


def test_remark3_mutated_statements_do_not_hold():
    # only the event Z < -eps: the case q <= e^eps p needs max(0, p - e^eps q) <= 0, false
    # at p = 1, q = 0 (disjoint supports)
    lower = sympy.Piecewise((1, q > exp(eps) * p), (0, True))
    from dpproof.calculus import Functional
    wrong = Functional("P(Z < -eps)", p * lower, (P, Q))
    a = decide("t.r3.lower", _remark3("t.r3.lower", ((1, wrong),),
                                      split(Statement(q, ">", exp(eps) * p))))
    assert "REFUTED" in premise_verdicts(a).values()
    assert not a.verdict.holds and "every law" not in a.label
    # H_eps <= P(|Z| > eps) / 2: refuted in the case p > e^eps q (p = 1, q = 0)
    b = decide("t.r3.half", _remark3("t.r3.half", ((R(1, 2), loss_tail(P, Q, eps)),)))
    assert premise_verdicts(b)["t.r3.half.premise1.monotonicity"] == "REFUTED"
    assert not b.verdict.holds
    # a nonzero constant bound written as a density's mass: H_eps <= 0 * 1 is refuted
    c = decide("t.r3.zero", _remark3("t.r3.zero", ((0, mass(P)),)))
    assert not c.verdict.holds


def _tail_from_the_loss(ps, qs, e):
    """P(|Z| > e) from Z = log(p/q) itself (Z = +oo at q = 0 < p; p = 0: no mass)."""
    out = sympy.S.Zero
    for a, b in zip(ps, qs):
        if a == 0:
            continue
        z = oo if b == 0 else log(sympy.sympify(a) / b)
        if z == oo or abs(z) > e:
            out += a
    return out


@pytest.mark.parametrize("ps, qs", [([1, 0], [0, 1]), ([R(1, 2), R(1, 2), 0], [0, R(1, 2), R(1, 2)]),
                                    ([R(1, 10), R(2, 10), R(3, 10), R(4, 10)],
                                     [R(4, 10), R(3, 10), R(2, 10), R(1, 10)])])
@pytest.mark.parametrize("e", [0, R(1, 2), 1, 2])
def test_the_functional_is_the_loss_tail_and_the_bound_holds(ps, qs, e):
    tail = divergence(loss_tail(P, Q, eps).integrand.subs(eps, e), ps, qs)
    assert tail == _tail_from_the_loss(ps, qs, e)
    hs = divergence(Max(0, p - exp(e) * q), ps, qs)
    assert sympy.N(tail - hs) >= 0
    if ps == [1, 0]:          # disjoint supports: both are 1 for every eps
        assert tail == hs == 1
