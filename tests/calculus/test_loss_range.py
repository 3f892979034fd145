"""Lemma 2.1 of cesar_rogers21 over every law (``loss_range``, ``bounded_range``): the proof
closes, mutated premises are refuted, the parametrisations are onto the hypothesis sets,
and finite laws (a shared zero, disjoint supports) behave as the convention says."""

import itertools

import sympy
from sympy import Abs, Rational as R, exp, log
import pytest

from dpproof.calculus import NONNEG, REAL, bounded_range, loss_range
from dpproof.checking import check_claim
from dpproof.claims import Interval, Statement
from dpproof.evidence import Verdict

from .common import CONFIG, ctx, decide, premise_verdicts

eps, a, b, sg, io, rh, lm, s = (sympy.Symbol(n, real=True) for n in
                                ("eps", "a", "b", "sigma", "iota", "rho", "lam", "s"))
ONE, UNIT = Interval.closed(-1, 1), Interval.closed(0, 1)


def test_lemma2_1_proved_over_every_law():
    a_ = decide("t.l21", bounded_range(ctx("t.l21")))
    assert a_.verdict is Verdict.PROVED and "every law" in a_.label
    assert a_.evidence[0].data["rules"] == ["loss_range", "bounded_range"]
    assert len(premise_verdicts(a_)) == 6
    assert decide("t.lr", loss_range(ctx("t.lr"))).verdict is Verdict.PROVED


@pytest.mark.parametrize("statement, ranges", [
    # eps-DP => eps-BR is false (L = eps, L' = -eps)
    (Statement(eps * a - eps * b, "<=", eps), dict(eps=NONNEG, a=ONE, b=ONE)),
    # eps-BR => eps-DP without the mass argument (sigma = sup L allowed negative) is false
    (Statement(Abs(-io + lm * (sg + io)), "<=", sg + io + rh),
     dict(sigma=REAL, iota=NONNEG, rho=NONNEG, lam=UNIT)),
    # eps-BR => (eps/2)-DP is false
    (Statement(Abs(-io + lm * (sg + io)), "<=", (sg + io + rh) / 2),
     dict(sigma=NONNEG, iota=NONNEG, rho=NONNEG, lam=UNIT)),
    # the mass argument cannot give more than s >= 0
    (Statement(s, ">=", R(1, 2), (Statement(1, "<=", exp(s)),)), dict(s=REAL)),
])
def test_mutated_premises_are_refuted(statement, ranges):
    c = ctx("t.mut").premise("bounded_range", statement, **ranges)
    assert check_claim(c, CONFIG).verdict is Verdict.REFUTED


def test_the_parametrisations_are_onto_the_hypothesis_sets():
    grid = [R(k, 4) for k in range(-8, 9)]
    for e in [x for x in grid if x >= 0]:
        for u in (x for x in grid if abs(x) <= e):          # eps-DP: u = eps a
            assert e == 0 and u == 0 or -1 <= u / e <= 1
        # eps-BR with i <= 0 <= s (loss_range): s = sigma, i = -iota, eps = sigma + iota + rho,
        # u = -iota + lam (sigma + iota)
        for si, ii, u in itertools.product(grid, repeat=3):
            if not (si - ii <= e and ii <= 0 <= si and ii <= u <= si):
                continue
            sigma, iota, rho = si, -ii, e - si + ii
            lam = (u - ii) / (si - ii) if si > ii else R(0)
            assert min(sigma, iota, rho) >= 0 and 0 <= lam <= 1
            assert (sigma + iota + rho, sigma, -iota, -iota + lam * (sigma + iota)) == (e, si, ii, u)


def _losses(ps, qs):
    """log(p/q) on the common support; None when the supports differ (no eps works)."""
    if any((x == 0) != (y == 0) for x, y in zip(ps, qs)):
        return None
    return [log(sympy.sympify(x) / y) for x, y in zip(ps, qs) if x != 0]


@pytest.mark.parametrize("e", [R(1, 2), R(1), R(2)])
def test_finite_laws_follow_the_conclusions(e):
    # RR_{eps,t} (t = eps/3) is eps-BR: its losses are t and t - eps; eps-DP, 2 eps-BR
    t = e / 3
    pt = (exp(e) - exp(t)) / (exp(e) - 1)
    L = _losses([pt, 1 - pt, 0], [exp(-t) * pt, 1 - exp(-t) * pt, 0])   # a shared zero
    top, bot = max(L, key=sympy.N), min(L, key=sympy.N)
    assert sympy.N(top - bot - e) <= 1e-30 and sympy.N(top) >= 0 >= sympy.N(bot)
    assert all(sympy.N(abs(x) - e) <= 1e-30 for x in L)               # eps-DP
    assert sympy.N(top) <= e and sympy.N(top - e - bot) <= 1e-30       # t = ess sup L
    # disjoint supports: no common support, neither eps-DP nor eps-BR for any eps
    assert _losses([1, 0], [0, 1]) is None
