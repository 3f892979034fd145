"""dp_products: a product of h-DP pairs has H_x at most T^k (1 - e^x)_+ -- with randomized
response's weights (true), weights and shifts that do not dominate (false premises), the
DP hypothesis at vanishing densities and disjoint supports, and the conclusion against
hockey-sticks of finite products computed from their masses."""

import itertools
import math
import random
from fractions import Fraction

import pytest
import sympy
from sympy import log

from dpproof.calculus import POSITIVE, dp_products
from dpproof.evidence import Verdict

from .common import ctx, decide, premise_verdicts

u = sympy.Symbol("u", real=True)
H = log(1 + u)                              # h > 0 as u > 0: the premises are algebraic
A, B = (1 + u) / (2 + u), 1 / (2 + u)       # randomized response's masses at h


def _decide(name, a=A, b=B, h=H):
    return decide(f"t.{name}", dp_products(ctx(f"t.{name}"), a, b, h, {"u": POSITIVE}))


def _refuted(got):
    return {int(k.split(".premise")[1].split(".")[0])
            for k, v in premise_verdicts(got).items() if v == "REFUTED"}


def test_randomized_response_weights_are_proved_for_every_k():
    got = _decide("good")
    assert got.verdict is Verdict.PROVED and "every law" in got.label
    assert got.evidence[0].data["rules"] == ["dp_products"]
    assert set(premise_verdicts(got).values()) == {"PROVED"}
    says = got.evidence[0].data["proof"]["says"]
    assert "every integer k >= 0" in says and "log(u + 1)" in says


@pytest.mark.parametrize("name, kw, refuted", [
    # a and b exchanged: a - b > 0 fails, and the kernel is negative on DP pairs
    ("swapped", dict(a=B, b=A), {2, 6, 7}),
    # twice the masses: the kernel's masses are not 1
    ("doubled", dict(a=2 * A, b=2 * B), {3, 4, 5}),
    # pairs allowed a wider ratio (2h) than the randomized response dominating them: the
    # kernel goes negative where p/q is beyond e^-h
    ("wide", dict(h=log((1 + u)**2)), {6, 7}),
])
def test_false_premises_never_hold(name, kw, refuted):
    got = _decide(name, **kw)
    assert not got.verdict.holds and "every law" not in got.label
    assert refuted <= _refuted(got), premise_verdicts(got)


def test_the_dp_hypothesis_excludes_disjoint_supports():
    """At a point of disjoint supports (p = 1, q = 0) the kernel k1 = (a q - b p)/(a - b) is
    negative: the premise holds only under e^-h q <= p <= e^h q, which excludes the point;
    p = q = 0 (both vanish) is inside, and there k0 = k1 = 0."""
    step = dp_products(ctx("t.disjoint"), A, B, H, {"u": POSITIVE})
    k1 = next(c for c in step.premises if c.note.startswith("k1 >= 0"))
    p, q = sympy.Symbol("p", real=True), sympy.Symbol("q", real=True)

    def holds(rel, at):
        return bool(sympy.Rel(rel.lhs, rel.rhs, rel.rel).subs(at))
    disjoint, vanishing = {p: 1, q: 0, u: 1}, {p: 0, q: 0, u: 1}
    assert not holds(k1.statement, disjoint)
    assert not all(holds(h, disjoint) for h in k1.statement.hypotheses)
    assert all(holds(h, vanishing) for h in k1.statement.hypotheses)
    assert holds(k1.statement, vanishing)


def _hockey(P, Q, c):
    """H with e^x = c of two finite laws, from their masses (exact rationals)."""
    return sum(max(Fraction(0), p - c * q) for p, q in zip(P, Q))


def _product(laws):
    return [math.prod(t) for t in itertools.product(*laws)]


def _t_power(k, c, ch):
    """T^k (1 - e^x)_+ at e^x = c by the recursion T g(x) = a g(x - h) + b g(x + h)."""
    a, b = ch / (1 + ch), 1 / (1 + ch)
    if k == 0:
        return max(Fraction(0), 1 - c)
    return a * _t_power(k - 1, c / ch, ch) + b * _t_power(k - 1, c * ch, ch)


def _dp_pair(rng, ch, n=3):
    """A random pair on n points with q/ch <= p <= ch q, a point where both vanish."""
    while True:
        q = [Fraction(rng.randint(1, 9)) for _ in range(n - 1)] + [Fraction(0)]
        q = [x / sum(q) for x in q]
        p = [x * Fraction(rng.randint(0, 20), 10) for x in q[:-1]]
        s = sum(p)
        if s == 0:
            continue
        p = [x / s for x in p] + [Fraction(0)]
        if all(y / ch <= x <= y * ch for x, y in zip(p, q)):
            return p, q


@pytest.mark.parametrize("k", [1, 2, 3])
def test_conclusion_on_finite_products(k):
    """H_x of k random h-DP pairs (with vanishing masses) times one law R on both sides,
    from the product masses, is at most T^k (1 - e^x)_+ from the recursion; randomized
    response attains it, and a pair with disjoint supports exceeds it."""
    rng = random.Random(k)
    ch = Fraction(2)                                   # e^h
    rr = ([ch / (1 + ch), 1 / (1 + ch)], [1 / (1 + ch), ch / (1 + ch)])
    R = [Fraction(1, 3), Fraction(2, 3)]
    for c in (Fraction(1, 2), Fraction(1), Fraction(3, 2), Fraction(4)):
        bound = _t_power(k, c, ch)
        for _ in range(5):
            pairs = [_dp_pair(rng, ch) for _ in range(k)]
            got = _hockey(_product([P for P, _ in pairs] + [R]),
                          _product([Q for _, Q in pairs] + [R]), c)
            assert got <= bound
        assert _hockey(_product([rr[0]] * k + [R]), _product([rr[1]] * k + [R]), c) == bound
        disjoint = ([Fraction(1), Fraction(0)], [Fraction(0), Fraction(1)])
        assert _hockey(_product([disjoint[0]] + [rr[0]] * (k - 1) + [R]),
                       _product([disjoint[1]] + [rr[1]] * (k - 1) + [R]), c) == 1 > bound


def test_own_variable_names():
    with pytest.raises(ValueError, match="'v' is the rule's own variable"):
        dp_products(ctx("t.clash"), A, B, H, {"u": POSITIVE, "v": POSITIVE})
