"""certify_delta of the Poisson-subsampled Gaussian (add/remove): one step against mpmath
quadrature of the definition in both directions, q = 1 against the Gaussian composition,
consistency with certify_epsilon, and dp_accounting's PLD estimate at the DP-SGD benchmark."""

from fractions import Fraction

import mpmath
import pytest

dpa = pytest.importorskip("dp_accounting")
from dp_accounting.pld import pld_privacy_accountant  # noqa: E402

from dpproof.accounting import certify_delta, certify_epsilon  # noqa: E402

mpmath.mp.dps = 40
G, PS, SC = dpa.GaussianDpEvent, dpa.PoissonSampledDpEvent, dpa.SelfComposedDpEvent


def _mp(x):
    f = Fraction(x)
    return mpmath.mpf(f.numerator) / f.denominator


def _crossing(f, lo, hi):
    """The x in [lo, hi] where the increasing f crosses 0 (bisection)."""
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if f(mid) < 0 else (lo, mid)
    return lo


def _one_step_truth(q, s, eps):
    """max over both directions of int (p - e^eps q)_+, mixture (1-q) N(0,s^2) + q N(1,s^2)
    against N(0, s^2); each likelihood ratio is monotone in x: integrate past its crossing."""
    q, s, ee = _mp(q), _mp(s), mpmath.e ** _mp(eps)
    n0 = lambda x: mpmath.npdf(x, 0, s)  # noqa: E731
    mix = lambda x: (1 - q) * n0(x) + q * mpmath.npdf(x, 1, s)  # noqa: E731
    x_rem = _crossing(lambda x: mix(x) / n0(x) - ee, mpmath.mpf(-50), mpmath.mpf(50))
    rem = mpmath.quad(lambda x: mix(x) - ee * n0(x), [x_rem, x_rem + 20 * s, mpmath.inf])
    if (1 - q) * ee >= 1:  # N(0) / mixture <= 1 / (1 - q) <= e^eps: no mass
        return rem
    x_add = _crossing(lambda x: ee - n0(x) / mix(x), mpmath.mpf(-50), mpmath.mpf(50))
    add = mpmath.quad(lambda x: n0(x) - ee * mix(x), [-mpmath.inf, x_add - 20 * s, x_add])
    return max(rem, add)


@pytest.mark.parametrize("q,s,eps", [(0.25, 1.0, "0.5"), (0.5, 0.8, "1"), (0.01, 0.5, "0.01")])
def test_one_step_against_the_definition(q, s, eps):
    b = certify_delta(SC(PS(q, G(s)), 1), eps)
    truth = _one_step_truth(q, s, Fraction(eps))
    assert b.tight and _mp(b.lower) <= truth <= _mp(b.upper)
    assert b.upper - b.lower <= 0.01 * b.upper    # one step: the nodes' gaps show undamped


@pytest.mark.parametrize("sigma,steps,eps", [(2, 4, "1"), (5, 300, "2"), (1, 1, "0.01")])
def test_q1_contains_the_gaussian_composition(sigma, steps, eps):
    """At q = 1, steps Gaussian steps are one Gaussian of mu = sqrt(steps) / sigma (Dong, Roth,
    Su 2019, Cor. 2.13): delta = Phi(-eps/mu + mu/2) - e^eps Phi(-eps/mu - mu/2)."""
    b = certify_delta(SC(PS(1, G(sigma)), steps), eps)
    mu, e = mpmath.sqrt(steps) / sigma, _mp(Fraction(eps))
    truth = mpmath.ncdf(-e / mu + mu / 2) - mpmath.exp(e) * mpmath.ncdf(-e / mu - mu / 2)
    assert _mp(b.lower) <= truth <= _mp(b.upper)
    assert b.upper - b.lower <= 1e-4 * b.upper


def test_consistent_with_certify_epsilon():
    ev = SC(PS(Fraction(1, 50), G(1.0)), 200)
    e = certify_epsilon(ev, "1e-4")
    up = Fraction(e.upper)  # delta(eps_upper) <= 1e-4 <= delta(eps_lower), both certified
    assert certify_delta(ev, up).lower <= 1e-4
    assert certify_delta(ev, Fraction(e.lower)).upper >= 1e-4


def test_dpsgd_benchmark_contains_dp_accountings_estimate():
    ev = SC(PS(0.004, G(0.8)), 1000)
    b = certify_delta(ev, 1)
    acc = pld_privacy_accountant.PLDAccountant()
    acc.compose(ev)
    peer = acc.get_delta(1.0)
    # dp_accounting's estimate is pessimistic (interval 1e-4): never below the certified lower
    # end, at most 2e-5 relative above the upper end (the bracket is 1e-5 wide)
    assert b.lower <= peer <= b.upper * (1 + 2e-5) and b.upper - b.lower <= 1e-4 * b.upper
    assert 7.598e-5 < b.lower and b.upper < 7.599e-5
