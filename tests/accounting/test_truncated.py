"""TruncatedSubsampledGaussianDpEvent: dp_accounting's PLD mixture certified (upper end only)
against an independent mpmath computation from the densities (binomial sums for the weights,
the hockey-stick split where the loss crosses eps, a quadrature for two steps), with
dp_accounting's own estimate inside the pair's bracket."""

import math
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


def _parts(n=N, q=Q, b=B, s=S, replace=False):
    """(t, cut pair, [uncut pair per direction]); a pair is (P, Q, sd), P and Q Gaussian
    mixtures [(weight, mean)] (``truncated`` module docstring), the weights from scratch."""
    q, s = _mp(q), _mp(s)
    t = _sf(n - 1, q, b)
    q2 = _sf(n, q, b + 1) * b / (t * n)
    cut = ([(1 - q2, 0), (q2, 1)], [(1 - q2, 0), (q2, -1)], s / 2)
    mix, one = [(1 - q, 0), (q, 1)], [(1, 0)]
    if replace:
        return t, cut, [(mix, [(1 - q, 0), (q, -1)], s)]
    return t, cut, [(mix, one, s), (one, mix, s)]


def _dens(m, sd, x, norm=True):
    d = mpmath.fsum(w * mpmath.exp(-(x - c) ** 2 / (2 * sd * sd)) for w, c in m)
    return d / (sd * mpmath.sqrt(2 * mpmath.pi)) if norm else d


def _loss(pair, x):
    P, Qm, sd = pair
    return mpmath.log(_dens(P, sd, x, False) / _dens(Qm, sd, x, False))


def _loss_f(pair, x):
    """The loss in floats (log-sum-exp), for the bisection."""
    def lse(m):
        t = [math.log(float(w)) - (x - float(c)) ** 2 / (2 * float(pair[2]) ** 2) for w, c in m]
        top = max(t)
        return top + math.log(sum(math.exp(v - top) for v in t))
    return lse(pair[0]) - lse(pair[1])


def _cross(pair, e):
    """(x*, up): the loss is monotone (up: increasing), x* where it crosses e (bisection in
    floats; +-inf-like ends where it does not)."""
    a, b, e = -30.0, 30.0, float(e)
    up = _loss_f(pair, b) > _loss_f(pair, a)
    inside = lambda x: (_loss_f(pair, x) > e) == up  # noqa: E731  x beyond the crossing
    if inside(a):
        return a - 100, up
    if not inside(b):
        return b + 100, up
    for _ in range(60):
        m = (a + b) / 2
        a, b = (a, m) if inside(m) else (m, b)
    return mpmath.mpf(a), up


def _hockey(pair, e):
    """int (p - e^e q)_+: the positive part is the half-line beyond the crossing, where the
    integral is a difference of normal tails."""
    P, Qm, sd = pair
    x, up = _cross(pair, e)
    tail = lambda M: mpmath.fsum(  # noqa: E731  mass of the half-line
        w * (mpmath.ncdf((c - x) / sd) if up else mpmath.ncdf((x - c) / sd)) for w, c in M)
    return max(tail(P) - mpmath.exp(e) * tail(Qm), 0)


def _one_step(e, parts):
    t, cut, dirs = parts
    return max(t * _hockey(cut, e) + (1 - t) * _hockey(d, e) for d in dirs)


def _two_steps(e, parts):
    """(value, error estimate): H_e of the 2-fold product, the coins published: the sum
    over the coins of int p1(x) H_{e - L1(x)}(P2 || Q2) dx (Gauss-Legendre, its own error
    estimate summed)."""
    t, cut, dirs = parts
    best, err = 0, 0
    for d in dirs:
        comps = [(t, cut), (1 - t, d)]
        total = 0
        for w1, c1 in comps:
            for w2, c2 in comps:
                f = lambda x: _dens(c1[0], c1[2], x) * _hockey(c2, e - _loss(c1, x))  # noqa
                # split where the inner crossing leaves the line (the integrand's kinks)
                ends = [_loss(c2, mpmath.mpf(v)) for v in (-30, 30)]
                kinks = [_cross(c1, e - y)[0] for y in ends]
                pts = sorted({mpmath.mpf(v) / 2 for v in range(-14, 17)}
                             | {k for k in kinks if -7 < k < 8})
                v, r = mpmath.quad(f, pts, method="gauss-legendre", maxdegree=3, error=True)
                total, err = total + w1 * w2 * v, err + w1 * w2 * r
        best = max(best, total)
    return best, err


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
    truth = _one_step(1, _parts(replace=rel == R.REPLACE_ONE))
    assert lo.lower() <= truth <= hi.upper() and hi.upper() - lo.lower() < 0.05 * truth
    acc = dpa.pld.PLDAccountant(rel)
    acc.compose(ev)
    assert lo.lower() <= acc.get_delta(1.0) <= hi.upper()
    c = certify_delta(ev, 1, rel, rel_width=0.05)
    assert c.lower is None and not c.tight and c.upper_ball.upper() >= truth
    assert "TruncatedSubsampled" in c.details["upper_only"][0]


def test_two_steps_against_quadrature_of_the_product():
    ev = dpa.SelfComposedDpEvent(T(N, 0.25, B, 1.0), 2)
    lo, hi = GeneralCurve(plan(ev), rel_width=0.05).delta(fmpq(3, 2))
    with mpmath.workdps(15):
        truth, err = _two_steps(mpmath.mpf(3) / 2, _parts())
    assert err < 1e-3 * truth and lo.lower() <= truth + err and truth - err <= hi.upper()
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


def test_dp_accounting_test_vector_lies_in_the_pairs_epsilon_bracket():
    """pld_privacy_accountant_test.py::test_truncated_subsampled_gaussian_basic: 17.90433."""
    ev = dpa.ComposedDpEvent([dpa.SelfComposedDpEvent(T(4, 0.5, 2, 1.0), 3),
                              dpa.SelfComposedDpEvent(T(3, 0.5, 2, 1.0), 2)])
    lo, hi = GeneralCurve(plan(ev)).epsilon(fmpq(1, 10 ** 6))
    assert lo <= fmpq(1790433, 10 ** 5) <= hi and hi - lo < fmpq(1, 20)
    assert certify_epsilon(ev, "1e-6").upper == float(hi)


@pytest.mark.parametrize("e", [0, "1/2", 1, 2])
def test_the_cut_pair_is_above_the_sensitivity_2_add_remove_pair(e):
    """Revealing the cut (same law under both datasets) and joint convexity bound the cut part
    by the add/remove pair of sensitivity 2 at q' (docs/accounting.md); dp_accounting's
    replace-one pair at s/2 is above it at these points (its 'slightly loose')."""
    _, cut, _ = _parts()
    q2 = cut[0][1][0]
    e = _mp(e)
    add_remove = [([(1 - q2, 0), (q2, 2)], [(1, 0)], _mp(S)), ([(1, 0)], [(1 - q2, 0), (q2, 2)],
                                                                _mp(S))]
    assert _hockey(cut, e) >= max(_hockey(d, e) for d in add_remove) > 0


def test_calibrate_refuses_truncated_sampling_in_one_line():
    from dpproof.accounting import UnsupportedEvent, calibrate
    with pytest.raises(UnsupportedEvent, match="only an upper end is certified"):
        calibrate(lambda x: T(100, 0.05, 8, x), "2", "1e-5")
