"""TruncatedSubsampledGaussianDpEvent: dp_accounting's PLD mixture certified (upper end only)
against an independent mpmath computation from the densities (binomial sums for the weights,
the hockey-stick split where the loss crosses eps, a quadrature for two steps), with
dp_accounting's own estimate inside the pair's bracket."""

from fractions import Fraction

import mpmath
import pytest

dpa = pytest.importorskip("dp_accounting")

from flint import arb, ctx, fmpq

from dpproof.accounting import certify_delta, certify_epsilon
from dpproof.accounting.events import plan
from dpproof.accounting.general import GeneralCurve
from dpproof.oracles.composition.truncated import binom_sf, weights

R = dpa.NeighboringRelation
T = dpa.TruncatedSubsampledGaussianDpEvent
N, Q, B, S = 20, Fraction(1, 4), 4, Fraction(1)  # t = P(Bin(19, 1/4) >= 4) ~ 0.77


@pytest.fixture(autouse=True)
def _digits():
    with mpmath.workdps(25):
        yield


def _mp(x):
    x = Fraction(x)
    return mpmath.mpf(x.numerator) / x.denominator


def _sf(n, q, b):
    return mpmath.fsum(mpmath.binomial(n, k) * q ** k * (1 - q) ** (n - k)
                       for k in range(b, n + 1))


def _parts(n=N, q=Q, b=B, s=S):
    """[(weight, p, q, loss)] of the pair's components (module docstring of ``truncated``)
    and the remove / add directions of the uncut part; densities from scratch."""
    q, s = _mp(q), _mp(s)
    t = _sf(n - 1, q, b)
    q2 = _sf(n, q, b + 1) * b / (t * n)
    g = lambda m, sd: (lambda x: mpmath.npdf(x, m, sd))  # noqa: E731
    cut_p = lambda x: (1 - q2) * g(0, s / 2)(x) + q2 * g(1, s / 2)(x)  # noqa: E731
    cut_q = lambda x: (1 - q2) * g(0, s / 2)(x) + q2 * g(-1, s / 2)(x)  # noqa: E731
    mix = lambda x: (1 - q) * g(0, s)(x) + q * g(1, s)(x)  # noqa: E731
    return t, (cut_p, cut_q), [(mix, g(0, s)), (g(0, s), mix)]


def _hockey(p, q, e):
    """int (p - e^e q)_+ over the real line, split where p = e^e q (one crossing)."""
    f = lambda x: p(x) - mpmath.exp(e) * q(x)  # noqa: E731
    lo, hi = mpmath.mpf(-40), mpmath.mpf(40)
    sign = f(hi) > 0  # positive part on the right (remove / cut) or on the left (add)
    for _ in range(200):  # bisection for the crossing
        m = (lo + hi) / 2
        lo, hi = (lo, m) if (f(m) > 0) == sign else (m, hi)
    ends = [lo, mpmath.inf] if sign else [-mpmath.inf, lo]
    return mpmath.quad(lambda x: max(f(x), 0), ends)


def _one_step(e, parts):
    t, cut, dirs = parts
    return max(t * _hockey(*cut, e) + (1 - t) * _hockey(*d, e) for d in dirs)


def _two_steps(e, parts):
    """H_e of the 2-fold product: sum over the published coins of int p1 H_{e - L1} dx."""
    t, cut, dirs = parts
    best = 0
    for d in dirs:
        comps = [(t, cut), (1 - t, d)]
        total = 0
        for w1, (p1, q1) in comps:
            for w2, (p2, q2) in comps:
                inner = lambda x: p1(x) * _hockey(p2, q2, e - mpmath.log(p1(x) / q1(x)))  # noqa
                total += w1 * w2 * mpmath.quad(inner, [-12, -3, 0, 1, 4, 12], maxdegree=5)
        best = max(best, total)
    return best


def test_weights_are_certified_binomial_tails():
    with ctx.workprec(128):
        t, q2 = weights(N, fmpq(1, 4), B)
        for n, b in ((19, 4), (19, 1), (19, 19), (1000, 240), (1000, 300), (1000, 10)):
            ours = binom_sf(n, fmpq(1, 4), b)
            ref = _sf(n, mpmath.mpf(1) / 4, b)
            assert ours.rad() < 1e-30 and abs(_mp(Fraction(ours.mid().str(40, radius=False)))
                                               - ref) < ref * mpmath.mpf(10) ** -20
    mp_t = _sf(N - 1, _mp(Q), B)
    assert t.contains(arb(str(mp_t)[:20])) or abs(float(t.mid()) - float(mp_t)) < 1e-15
    assert abs(float(q2.mid()) - float(_sf(N, _mp(Q), B + 1) * B / (mp_t * N))) < 1e-15


@pytest.mark.parametrize("rel", [R.ADD_OR_REMOVE_ONE, R.REPLACE_ONE])
def test_one_step_bracket_contains_the_quadrature_and_dp_accounting(rel):
    ev = T(N, 0.25, B, 1.0)
    lo, hi = GeneralCurve(plan(ev, rel), rel_width=0.05).delta(fmpq(1))
    parts = _parts()
    if rel == R.REPLACE_ONE:  # the uncut part: mixture vs its mirror image
        s = _mp(S)
        g = lambda m: (lambda x: (1 - _mp(Q)) * mpmath.npdf(x, 0, s)  # noqa: E731
                       + _mp(Q) * mpmath.npdf(x, m, s))
        parts = (parts[0], parts[1], [(g(1), g(-1))])
    truth = _one_step(1, parts)
    assert lo.lower() <= truth <= hi.upper() and hi.upper() - lo.lower() < 0.05 * truth
    acc = dpa.pld.PLDAccountant(rel)
    acc.compose(ev)
    assert lo.lower() <= acc.get_delta(1.0) <= hi.upper()
    c = certify_delta(ev, 1, rel)
    assert c.lower is None and not c.tight and c.upper_ball.upper() >= truth
    assert "TruncatedSubsampled" in c.details["upper_only"][0]


def test_two_steps_against_quadrature_of_the_product():
    ev = dpa.SelfComposedDpEvent(T(N, 0.25, B, 1.0), 2)
    lo, hi = GeneralCurve(plan(ev), rel_width=0.05).delta(fmpq(3, 2))
    with mpmath.workdps(15):
        truth = _two_steps(mpmath.mpf(3) / 2, _parts())
    assert lo.lower() <= truth * (1 + 1e-6) and truth * (1 - 1e-6) <= hi.upper()
    acc = dpa.pld.PLDAccountant()
    acc.compose(ev)
    assert lo.lower() <= acc.get_delta(1.5) <= hi.upper()


def test_no_cut_is_the_poisson_subsampled_gaussian_and_tight():
    p = plan(T(10, 0.1, 10, 2.0))
    assert p.tight and p.dpsgd == {(fmpq(*(0.1).as_integer_ratio()), fmpq(2)): 1} and not p.general
    for ev in (T(0, 0.1, 5, 1.0), T(10, 0.0, 5, 1.0), T(10, 0.1, 0, 1.0)):
        assert certify_delta(ev, 0).upper == 0.0
    nonp = certify_epsilon(T(10, 0.1, 5, 0.0), "1e-5")
    assert nonp.lower is None and nonp.upper == float("inf")
    with pytest.raises(ValueError, match="truncated_batch_size"):
        plan(T(10, 0.1, -1, 1.0))
