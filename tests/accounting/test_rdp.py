"""certify_rdp against independent mpmath computations (quadrature, direct sums, minimisation),
and the CKS conversion brackets against an mpmath minimisation over alpha."""

from fractions import Fraction

import mpmath
import pytest

dpa = pytest.importorskip("dp_accounting")

from flint import arb, ctx, fmpq

from dpproof.accounting import UnsupportedEvent
from dpproof.accounting.rdp import certify_rdp
from dpproof.accounting.zcdp import cks_delta, cks_epsilon

R = dpa.NeighboringRelation


@pytest.fixture(autouse=True)
def _digits():
    with mpmath.workdps(40):  # other test modules set mpmath's global precision at import
        yield


def _inside(c, x):
    assert c.lower_ball is not None and c.lower_ball.lower() <= x <= c.upper_ball.upper(), (c, x)
    assert c.upper - c.lower < 1e-12 * max(1.0, abs(float(x)))


def _renyi_quad(p, q, alpha):
    """log int p^alpha q^(1 - alpha) / (alpha - 1) by quadrature."""
    f = lambda x: p(x) ** alpha * q(x) ** (1 - alpha)
    return mpmath.log(mpmath.quad(f, [-mpmath.inf, 0, 0.5, 1, mpmath.inf])) / (alpha - 1)


def test_subsampled_gaussian_fractional_order_against_quadrature():
    q, s, a = mpmath.mpf(1) / 100, mpmath.mpf(5) / 2, mpmath.mpf(3) / 2
    mix = lambda x: (1 - q) * mpmath.npdf(x, 0, s) + q * mpmath.npdf(x, 1, s)
    truth = 50 * _renyi_quad(mix, lambda x: mpmath.npdf(x, 0, s), a)
    ev = dpa.SelfComposedDpEvent(dpa.PoissonSampledDpEvent(Fraction(1, 100),
                                                           dpa.GaussianDpEvent(Fraction(5, 2))), 50)
    c = certify_rdp(ev, "1.5")
    _inside(c, truth)
    assert c.tight and abs(c.upper / 6.70579741e-04 - 1) > 0.03  # dp_accounting's is 3% above


def test_laplace_and_gaussian_against_quadrature():
    b, a = mpmath.mpf(1) / 2, mpmath.mpf(5) / 2
    lap = lambda m: (lambda x: mpmath.exp(-abs(x - m) / b) / (2 * b))
    truth = _renyi_quad(lap(0), lap(1), a) + a * (1 / mpmath.mpf(3) ** 2) / 2
    ev = dpa.ComposedDpEvent([dpa.LaplaceDpEvent(Fraction(1, 2)), dpa.GaussianDpEvent(3)])
    _inside(certify_rdp(ev, Fraction(5, 2)), truth)


def test_randomized_response_direct_sums_and_infinite_order():
    p, k = mpmath.mpf(3) / 10, 10
    A, B, U = 1 - p + p / k, p / k, mpmath.mpf(1) / k
    a = mpmath.mpf(5) / 2

    def d(P, Q):
        return mpmath.log(sum(x ** a * y ** (1 - a) for x, y in zip(P, Q))) / (a - 1)
    one = d([A, B] + [B] * (k - 2), [B, A] + [B] * (k - 2))
    special = max(d([A] + [B] * (k - 1), [U] * k), d([U] * k, [A] + [B] * (k - 1)))
    ev = dpa.SelfComposedDpEvent(dpa.RandomizedResponseDpEvent(Fraction(3, 10), k), 3)
    _inside(certify_rdp(ev, "2.5", R.REPLACE_ONE), 3 * one)
    _inside(certify_rdp(ev, "2.5", R.REPLACE_SPECIAL), 3 * special)
    _inside(certify_rdp(dpa.RandomizedResponseDpEvent(Fraction(1, 10), 10), "inf",
                        R.REPLACE_ONE), mpmath.log(mpmath.mpf(91)))


def test_zcdp_is_upper_only_and_unsupported_steps_are_refused():
    c = certify_rdp(dpa.ZCDpEvent(Fraction(1, 2), Fraction(1, 4)), 3)
    assert c.lower is None and not c.tight and c.upper_ball.contains(fmpq(7, 4))
    with pytest.raises(UnsupportedEvent):
        certify_rdp(dpa.dp_event.DiscreteLaplaceDpEvent(1, 1), 2)
    with pytest.raises(ValueError, match="alpha > 1"):
        certify_rdp(dpa.GaussianDpEvent(1), 1)


def _exact(x):
    m, e = mpmath.mpf(x).man_exp
    return fmpq(m * 2 ** e) if e >= 0 else fmpq(m, 2 ** -e)


def test_cks_conversion_against_mpmath_minimisation():
    rho, eps = mpmath.mpf(1) / 32, mpmath.mpf(1) / 2

    def g(a):
        return mpmath.exp((a - 1) * (a * rho - eps)) / a * (1 - 1 / a) ** (a - 1)
    a_star = mpmath.findroot(lambda a: (2 * a - 1) * rho - eps + mpmath.log(1 - 1 / a), 9)
    truth = g(a_star)  # 40 digits; the ball is about 1e-17 wide
    ball = cks_delta(fmpq(1, 32), fmpq(1, 2))
    with ctx.workprec(256):
        assert ball.lower() <= arb(_exact(truth)) <= ball.upper()
    lo, hi = cks_epsilon(fmpq(1, 32), _exact(truth))
    assert lo <= fmpq(1, 2) <= hi and float(hi - lo) < 1e-12


def test_without_replacement_bound_is_wbk19_theorem_9_upper_only():
    from dpproof.accounting import certify_epsilon
    from dpproof.accounting.rdp import _swor_rdp
    g, mu2 = mpmath.mpf(1) / 100, 1  # eps(j) = j mu2 / 2
    for al in (2, 3, 8, 20):
        A = 1 + g ** 2 * mpmath.binomial(al, 2) * min(4 * mpmath.expm1(mu2), 2 * mpmath.exp(mu2))
        A += sum(2 * g ** j * mpmath.binomial(al, j) * mpmath.exp((j - 1) * j * mu2 / 2)
                 for j in range(3, al + 1))
        ball = _swor_rdp(fmpq(1, 100), fmpq(1), al)
        with ctx.workprec(256):
            assert ball.lower() <= arb(_exact(mpmath.log(A) / (al - 1))) <= ball.upper()
    ev = dpa.SelfComposedDpEvent(dpa.SampledWithoutReplacementDpEvent(
        1000, 10, dpa.GaussianDpEvent(2)), 100)
    c = certify_epsilon(ev, "1e-5", R.REPLACE_ONE)
    assert c.lower is None and not c.tight and 1.4825 < c.upper < 1.4826
    # m = n: the Gaussian itself (sensitivity 2 under REPLACE_ONE), tight and exact
    full = certify_epsilon(dpa.SampledWithoutReplacementDpEvent(5, 5, dpa.GaussianDpEvent(2)),
                           "1e-5", R.REPLACE_ONE)
    one = certify_epsilon(dpa.GaussianDpEvent(2), "1e-5", R.REPLACE_ONE)
    assert full.tight and (full.lower, full.upper) == (one.lower, one.upper)
    with pytest.raises(UnsupportedEvent, match="REPLACE_ONE"):
        certify_epsilon(ev, "1e-5")


def test_dp_accountings_fractional_order_value_lies_above_the_certified_rdp():
    """RdpAccountant at alpha = 1.5 sums |C(alpha, k)| terms (gammaln drops the sign): its
    50-step value is 3.15% above the certified interval."""
    ev = dpa.SelfComposedDpEvent(dpa.PoissonSampledDpEvent(0.01, dpa.GaussianDpEvent(2.5)), 50)
    acc = dpa.rdp.RdpAccountant([1.5])
    acc.compose(ev)
    peer = Fraction(float(acc._rdp[0]))
    c = certify_rdp(ev, Fraction(3, 2))
    assert c.tight and c.upper_ball.upper() < fmpq(peer.numerator, peer.denominator)
    ratio = arb(fmpq(peer.numerator, peer.denominator)) / c.upper_ball
    assert 1.0315 < ratio.lower() and ratio.upper() < 1.0316


def _sub_laplace_quad(q, b, a, remove):
    """D_alpha of (1-q) Lap(0,b) + q Lap(1,b) vs Lap(0,b) (or the reverse) by quadrature."""
    lap = lambda m: (lambda x: mpmath.exp(-abs(x - m) / b) / (2 * b))  # noqa: E731
    mix = lambda x: (1 - q) * lap(0)(x) + q * lap(1)(x)  # noqa: E731
    return _renyi_quad(mix, lap(0), a) if remove else _renyi_quad(lap(0), mix, a)


@pytest.mark.parametrize("alpha", ["1.5", "3"])
def test_subsampled_laplace_both_directions_against_quadrature(alpha):
    q, b, a = mpmath.mpf(1) / 10, mpmath.mpf(1) / 2, mpmath.mpf(Fraction(alpha).numerator) / \
        Fraction(alpha).denominator
    truth = 20 * max(_sub_laplace_quad(q, b, a, True), _sub_laplace_quad(q, b, a, False))
    ev = dpa.SelfComposedDpEvent(dpa.PoissonSampledDpEvent(Fraction(1, 10),
                                                           dpa.LaplaceDpEvent(Fraction(1, 2))), 20)
    _inside(certify_rdp(ev, alpha), truth)


def test_infinite_order_maximises_the_summed_directions():
    """RR(p, k) vs uniform has largest log-ratios log(k a) and -log p in its two directions; a
    subsampled Laplace has log(1 - q + q e^a) and -log(1 - q + q e^-a): summed per direction,
    then the max (not the sum of each part's max)."""
    ev = dpa.ComposedDpEvent([dpa.RandomizedResponseDpEvent(Fraction(1, 2), 2),
                              dpa.PoissonSampledDpEvent(Fraction(1, 2),
                                                        dpa.LaplaceDpEvent(Fraction(1, 4)))])
    c = certify_rdp(ev, "inf", R.REPLACE_SPECIAL)
    q, a = mpmath.mpf(1) / 2, mpmath.mpf(4)
    d0 = mpmath.log(2 * (1 - q + q / 2)) + mpmath.log(1 - q + q * mpmath.exp(a))
    d1 = -mpmath.log(q) - mpmath.log(1 - q + q * mpmath.exp(-a))
    _inside(c, max(d0, d1))
    sum_of_maxes = -mpmath.log(q) + mpmath.log(1 - q + q * mpmath.exp(a))
    assert c.upper < sum_of_maxes - mpmath.mpf("0.25")
