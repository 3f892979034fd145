"""adaptive_steps (Lemma 5.1 for every law) and step_order (Proposition 1): with the
source's DP and BR classes (true), weights that are not the chord's or negative (false
premises), the loss hypothesis at vanishing densities and disjoint supports, and the
conclusions against adaptive compositions of finite laws computed from their masses."""

import random
from fractions import Fraction

import pytest
import sympy
from flint import arb
from sympy import exp, log

from dpproof.calculus import POSITIVE, LossClass, adaptive_steps, step_order
from dpproof.calculus.rules import RULES
from dpproof.claims import Interval
from dpproof.evidence import Verdict
from dpproof.oracles.composition.adaptive import adaptive_delta

from .common import ctx, decide, premise_verdicts

y, s = sympy.Symbol("y", real=True), sympy.Symbol("s", real=True)
EPS, T = log(1 + y), log(1 + s * y)        # eps > 0 and t in [0, eps], algebraic premises
PT = (exp(EPS) - exp(T)) / (exp(EPS) - 1)
A, B = exp(EPS) / (1 + exp(EPS)), 1 / (1 + exp(EPS))
UNIT = Interval.closed(0, 1)
DP = LossClass("eps-DP", -EPS, EPS, A, B, {"y": POSITIVE})
BR = LossClass("eps-BR", T - EPS, T, PT, 1 - PT, {"y": POSITIVE, "s": UNIT}, ("s",))
QT = exp(-T) * PT                                  # RR_{eps,t}'s Q-mass at the loss t
RR = LossClass("RR", T - EPS, T, PT, 1 - PT, {"y": POSITIVE, "s": UNIT}, ("s",), (QT, 1 - QT))


def _refuted(got):
    return {v.split(".premise")[1].split(".")[0] for v, verdict in premise_verdicts(got).items()
            if verdict == "REFUTED"}


def test_the_sources_classes_are_proved():
    got = decide("t.steps", adaptive_steps(ctx("t.steps"), (DP, BR)))
    assert got.verdict is Verdict.PROVED and "every law" in got.label
    assert set(premise_verdicts(got).values()) == {"PROVED"}
    says = got.evidence[0].data["proof"]["says"]
    assert "sup over s of" in says and "delta(empty; x) = max(0, 1 - e^x)" in says


@pytest.mark.parametrize("name, cls, refuted", [
    # the weights exchanged: the chord's weight of g(x - hi) is w, not wbar
    ("swapped", LossClass("DP", -EPS, EPS, B, A, {"y": POSITIVE}), {"4"}),
    # the BR step with p_t of the wrong end (t - eps for t): not the chord's weight
    ("wrong_end", LossClass("BR", T - EPS, T, 1 - PT, PT, {"y": POSITIVE, "s": UNIT}, ("s",)),
     {"4"}),
    # weights that do not sum to 1
    ("heavy", LossClass("DP", -EPS, EPS, A, A, {"y": POSITIVE}), {"5"}),
    # a loss range above 0 (no law has it): the chord's weight is negative
    ("above", LossClass("up", EPS, 2 * EPS, -1 / y, 1 + 1 / y, {"y": POSITIVE}), {"6"}),
])
def test_false_premises_never_hold(name, cls, refuted):
    got = decide(f"t.{name}", adaptive_steps(ctx(f"t.{name}"), (cls,)))
    assert not got.verdict.holds and "every law" not in got.label
    assert refuted <= _refuted(got), premise_verdicts(got)


def test_products_fixed_in_advance_name_their_two_point_pair():
    """adaptive=False: the sup over theta of H_x of the product of the two-point pairs;
    randomized response's printed Q-masses are PROVED to be that pair's, and exchanged
    they are refuted."""
    got = decide("t.rr", adaptive_steps(ctx("t.rr"), (RR,), adaptive=False))
    assert got.verdict is Verdict.PROVED and "every law" in got.label
    says = got.evidence[0].data["proof"]["says"]
    assert "sup over theta_1..k of H_x of the product of the two-point pairs" in says
    swapped = LossClass("RR", T - EPS, T, PT, 1 - PT, {"y": POSITIVE, "s": UNIT}, ("s",),
                        (1 - QT, QT))
    got = decide("t.rrx", adaptive_steps(ctx("t.rrx"), (swapped,), adaptive=False))
    assert not got.verdict.holds and {"8", "9"} <= _refuted(got)


def test_step_order_is_proved_and_needs_monotone_steps():
    got = decide("t.order", step_order(ctx("t.order"), DP, BR))
    assert got.verdict is Verdict.PROVED and "every law" in got.label
    says = got.evidence[0].data["proof"]["says"]
    assert "delta(A, eps-BR, eps-DP, B; x) <= delta(A, eps-DP, eps-BR, B; x)" in says
    signed = LossClass("signed", -EPS, EPS, 1 + 1 / y, -1 / y, {"y": POSITIVE})
    got = decide("t.signed", step_order(ctx("t.signed"), signed, BR))
    assert not got.verdict.holds and _refuted(got) == {"2"}
    with pytest.raises(ValueError, match="one loss range"):
        step_order(ctx("t.two"), BR, BR)


def test_the_loss_hypothesis_excludes_disjoint_supports():
    """The step carries its rule's convention: e^lo q <= p <= e^hi q with finite lo, hi
    excludes p > 0 = q and q > 0 = p (disjoint supports; their H_x = 1 is beyond every
    recursion, see test_conclusion_on_finite_adaptive_compositions) and admits p = q = 0.
    Checked at sample values of each class's parameters, where its ends are finite."""
    step = adaptive_steps(ctx("t.conv"), (DP, BR))
    assert step.convention == RULES["adaptive_steps"][2]
    assert "q = 0 forces p = 0 and p = 0 forces q = 0" in step.convention
    for cl in (DP, BR):
        for yv, sv in ((Fraction(1, 3), 0), (1, Fraction(1, 2)), (7, 1)):
            lo, hi = (e.subs({y: yv, s: sv}) for e in (cl.lo, cl.hi))
            assert lo.is_finite and hi.is_finite and lo <= 0 <= hi, (cl.name, lo, hi)

            def inside(p, q, lo=lo, hi=hi):
                return bool(exp(lo) * q <= p) and bool(p <= exp(hi) * q)
            assert not inside(1, 0) and not inside(0, 1) and inside(0, 0)
            assert inside(1, 1)


# ---- the conclusion on adaptive compositions of finite laws, eps = log 2 ------------------

E = Fraction(2)                                         # e^eps


def _pair(rng, lo_ratio, hi_ratio, n=3):
    """A random pair on n points (one where both vanish) with lo_ratio <= p/q <= hi_ratio:
    p = (1 - lam) q + lam p', lam halved until the ratios fit (lam = 0, p = q, at a range
    with 1 at an end: there no other pair fits)."""
    q = [Fraction(rng.randint(1, 9)) for _ in range(n - 1)]
    p2 = [Fraction(rng.randint(1, 9)) for _ in range(n - 1)]
    q, p2 = [v / sum(q) for v in q], [v / sum(p2) for v in p2]
    for lam in [Fraction(1, 2**i) for i in range(12)] + [Fraction(0)]:
        p = [(1 - lam) * a + lam * b for a, b in zip(q, p2)]
        if all(lo_ratio <= a / b <= hi_ratio for a, b in zip(p, q)):
            return p + [Fraction(0)], q + [Fraction(0)]
    raise AssertionError(f"no pair with ratios in [{lo_ratio}, {hi_ratio}]")


def _round(rng, kind):
    if kind == "D":
        return _pair(rng, 1 / E, E)
    u = Fraction(rng.randint(0, 8), 8) + 1              # e^t in [1, 2]
    return _pair(rng, u / E, u)


def _adaptive(rng, order):
    """{outcome tuple: (P, Q)} of an adaptive composition: each round's pair is drawn anew
    for every history (its t too)."""
    if not order:
        return {(): (Fraction(1), Fraction(1))}
    P, Q = _round(rng, order[0])
    out = {}
    for y0, (p, q) in enumerate(zip(P, Q)):
        for rest, (pr, qr) in _adaptive(rng, order[1:]).items():
            out[(y0,) + rest] = (p * pr, q * qr)
    return out


def _hockey(joint, c):
    """H with e^x = c (a Fraction: exact; an arb: a ball) from the joint masses."""
    if isinstance(c, Fraction):
        return sum(max(Fraction(0), p - c * q) for p, q in joint.values())
    return sum((_ball(p) - c * _ball(q) for p, q in joint.values()
                if _ball(p) - c * _ball(q) > 0), arb(0))


def _ball(f):
    return arb(f.numerator) / f.denominator


@pytest.mark.parametrize("order", ["B", "D", "BD", "DB", "BB", "BDB"])
def test_conclusion_on_finite_adaptive_compositions(order):
    """H_x of random adaptive compositions (vanishing points, t per history), exact, is at
    most the recursion's certified enclosure; a first round of disjoint supports exceeds
    it (x exact: -1/2, 0, 1/2; a term is counted where it is certainly positive, and a
    term whose sign the balls leave open is within the balls' width of 0)."""
    rng = random.Random(order)
    for x in (arb(-1) / 2, arb(0), arb(1) / 2):
        bound = adaptive_delta(order, arb(2).log(), x)
        assert bound.upper() < 1
        for _ in range(4):
            got = _hockey(_adaptive(rng, order), x.exp())
            assert got.lower() <= bound.upper() + arb(2) ** -60
        disjoint = {(0,): (Fraction(1), Fraction(0)), (1,): (Fraction(0), Fraction(1))}
        assert _hockey(disjoint, x.exp()).overlaps(arb(1))


def test_two_point_rounds_attain_the_recursion():
    """Randomized response RR_{eps,t} (masses p_t, 1 - p_t; losses t, t - eps) at the t
    that maximises one BR step reaches the recursion's sup (within its enclosure), and RR
    with +-eps is the DP step exactly."""
    c = Fraction(1)
    best = Fraction(0)
    for k in range(0, 65):
        u = 1 + Fraction(k, 64)                            # e^t
        pt = (E - u) / (E - 1)
        rr = {(0,): (pt, pt / u), (1,): (1 - pt, (1 - pt) * E / u)}
        assert sum(q for _, q in rr.values()) == 1
        best = max(best, _hockey(rr, c))
    enc = adaptive_delta("B", arb(2).log(), arb(0))
    assert not _ball(best) > enc and enc.upper() - _ball(best) < arb(1) / 1000
    a = E / (1 + E)
    dp = {(0,): (a, 1 - a), (1,): (1 - a, a)}
    assert _ball(_hockey(dp, c)).overlaps(adaptive_delta("D", arb(2).log(), arb(0)))


@pytest.mark.parametrize("k", [1, 2, 3])
def test_products_on_finite_laws_are_below_randomized_response(k):
    """A product of k random eps_i-BR pairs (e^eps_i in {2, 3}, e^t_i = u_i with ratios in
    [u_i/e^eps_i, u_i], vanishing points) has H_x at most that of the product of
    RR_{eps_i,t_i} at the same t_i, which is the printed sum over S of eq. (4) -- exact
    rationals at e^x = c."""
    rng = random.Random(10 + k)
    for c in (Fraction(1, 2), Fraction(1), Fraction(2)):
        for _ in range(5):
            laws, rrs = [], []
            for _ in range(k):
                e_ = Fraction(rng.choice([2, 3]))
                u_ = 1 + Fraction(rng.randint(0, 8), 8) * (e_ - 1)
                laws.append(_pair(rng, u_ / e_, u_))
                pt = (e_ - u_) / (e_ - 1)
                rrs.append(([pt, 1 - pt], [pt / u_, 1 - pt / u_]))
            bound = _hockey(_product(rrs), c)
            assert _hockey(_product(laws), c) <= bound
            total = Fraction(0)                              # eq. (4): the sum over S
            for S in range(2 ** k):
                pm = qm = Fraction(1)
                for i, (P, Q) in enumerate(rrs):
                    pm *= P[1] if S >> i & 1 else P[0]
                    qm *= Q[1] if S >> i & 1 else Q[0]
                total += max(Fraction(0), pm - c * qm)
            assert total == bound


def _product(pairs):
    """{outcome: (P, Q)} of the product of pairs given as (P masses, Q masses)."""
    joint = {(): (Fraction(1), Fraction(1))}
    for P, Q in pairs:
        joint = {o + (j,): (p * P[j], q * Q[j]) for o, (p, q) in joint.items()
                 for j in range(len(P))}
    return joint
