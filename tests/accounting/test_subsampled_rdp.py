"""Subsampled Gaussian / Laplace RDP oracles: brute-force 100-digit quadrature, libraries."""

import mpmath
import pytest
from flint import arb, ctx, fmpq

from dpproof.oracles.composition.subsampled import (dpsgd_rdp_epsilon, subsampled_gaussian_rdp,
                                        subsampled_laplace_renyi)

POINTS = [(fmpq(1, 100), fmpq(1), 2), (fmpq(1, 100), fmpq(1), 8), (fmpq(1, 250), fmpq(4, 5), 6),
          (fmpq(1, 10), fmpq(2), 3), (fmpq(1, 10), fmpq(1, 2), 4), (fmpq(1, 2), fmpq(3), 5),
          (fmpq(1, 1000), fmpq(5), 32), (fmpq(1, 20), fmpq(3, 2), 10), (fmpq(1, 5), fmpq(1), 7),
          (fmpq(3, 10), fmpq(4), 12), (fmpq(1, 50), fmpq(7, 10), 9), (fmpq(1, 4), fmpq(6), 2)]


@pytest.fixture
def prec128():
    with ctx.workprec(128):
        yield


def _mp(x: fmpq):
    return mpmath.mpf(int(x.p)) / int(x.q)


def _brute_gaussian(q, s, a):
    """log int p^a q0^(1-a) / (a-1), p = (1-q) N(0,s^2) + q N(1,s^2), q0 = N(0,s^2)."""
    with mpmath.workdps(100):
        q, s = _mp(q), _mp(s)

        def f(x):
            ratio = 1 - q + q * mpmath.exp((2 * x - 1) / (2 * s * s))
            return ratio ** a * mpmath.npdf(x, 0, s)
        # the integrand is below e^-(30^2/2) ~ 1e-195 of its peak outside [-30 s, a + 30 s]
        pts = sorted({-30 * s, mpmath.mpf(0), mpmath.mpf(1), mpmath.mpf(a) / 2, mpmath.mpf(a),
                      a + 30 * s})
        return mpmath.log(mpmath.quad(f, pts, method="tanh-sinh")) / (a - 1)


def _brute_laplace(q, b, a):
    with mpmath.workdps(100):
        q, b = _mp(q), _mp(b)

        def f(x):
            r = 1 - q + q * mpmath.exp((abs(x) - abs(x - 1)) / b)
            return r ** a * mpmath.exp(-abs(x) / b) / (2 * b)
        # outside [-300 b, 300 b] the integrand is below e^-299 of its peak
        pts = [-300 * b, -b, 0, 1, 1 + b, 300 * b]
        return mpmath.log(mpmath.quad(f, pts, method="tanh-sinh")) / (a - 1)


@pytest.mark.parametrize("q,s,a", POINTS)
def test_gaussian_rdp_matches_100_digit_quadrature(prec128, q, s, a):
    got = subsampled_gaussian_rdp(arb(q), arb(s), arb(a))
    assert got.rad() < 1e-30 * (1 + abs(got.mid()))
    ref = _brute_gaussian(q, s, a)
    with mpmath.workdps(100):
        err = abs(mpmath.mpf(got.mid().str(45, radius=False)) - ref)
        assert err < mpmath.mpf(10) ** -35 * (1 + abs(ref))


@pytest.mark.parametrize("q,b,a", [(fmpq(1, 10), fmpq(1), 2), (fmpq(1, 100), fmpq(1, 2), 5),
                                   (fmpq(1, 2), fmpq(3), 8)])
def test_laplace_renyi_matches_100_digit_quadrature(prec128, q, b, a):
    got = subsampled_laplace_renyi(arb(q), arb(b), arb(a))
    ref = _brute_laplace(q, b, a)
    with mpmath.workdps(100):
        assert abs(mpmath.mpf(got.mid().str(45, radius=False)) - ref) < mpmath.mpf(10) ** -30


def test_fractional_orders_and_invalid_parameters_are_nan(prec128):
    assert not subsampled_gaussian_rdp(arb(fmpq(1, 10)), arb(1), arb(fmpq(5, 2))).is_finite()
    assert not subsampled_gaussian_rdp(arb(fmpq(1, 10)), arb(1), arb(1)).is_finite()
    assert not subsampled_gaussian_rdp(arb(fmpq(3, 2)), arb(1), arb(3)).is_finite()
    assert not subsampled_laplace_renyi(arb(fmpq(1, 10)), arb(-1), arb(3)).is_finite()


def test_q_one_is_the_gaussian_and_q_zero_is_zero(prec128):
    g = subsampled_gaussian_rdp(arb(1), arb(fmpq(4, 5)), arb(7))
    assert g.overlaps(arb(7) / (2 * arb(fmpq(16, 25))))
    assert subsampled_gaussian_rdp(arb(0), arb(1), arb(5)).overlaps(arb(0))


@pytest.mark.parametrize("q,s,a", POINTS)
def test_libraries_agree_within_their_precision(prec128, q, s, a):
    rdp = pytest.importorskip("dp_accounting.rdp.rdp_privacy_accountant")
    mz = pytest.importorskip("autodp.mechanism_zoo")
    got = float(subsampled_gaussian_rdp(arb(q), arb(s), arb(a)).mid())
    dpa = rdp._compute_rdp_poisson_subsampled_gaussian(float(q), float(s), [a])[0]
    auto = mz.SubsampleGaussianMechanism({"prob": float(q), "sigma": float(s),
                                          "coeff": 1}).get_RDP(a)
    assert dpa == pytest.approx(got, rel=1e-9)
    assert auto == pytest.approx(got, rel=1e-8)


def test_rdp_route_matches_dp_accounting_on_integer_orders(prec128):
    rdp = pytest.importorskip("dp_accounting.rdp.rdp_privacy_accountant")
    eps, order = dpsgd_rdp_epsilon(arb(fmpq(1, 250)), arb(fmpq(4, 5)), 1000,
                                   arb(fmpq(1, 10**5)), orders=range(2, 65))
    orders = list(range(2, 65))
    ref, _ = rdp.compute_epsilon(orders, 1000 * rdp._compute_rdp_poisson_subsampled_gaussian(
        0.004, 0.8, orders), 1e-5)
    assert float(eps.mid()) == pytest.approx(ref, rel=1e-9)
    assert order == 6


def test_claims_file_functions_certify_true_and_refute_false(tmp_path):
    from dpproof.claimfile import load_claims_file
    from dpproof.engines.base import Config
    from dpproof.evidence import Verdict
    from dpproof.runner import check_claim
    path = tmp_path / "sg.toml"
    path.write_text('''
[[claim]]
id = "sg.below_gaussian"
source = "post-processing: the mixture is no further from N(0) than N(1)"
statement = "subsampled_gaussian_rdp(q, sigma, alpha) <= alpha / (2 * sigma^2)"
domain = { q = [0.001, 0.5], sigma = [1, 2], alpha = [2, 6] }
integers = ["alpha"]

[[claim]]
id = "sg.quadratic_too_small"
source = "false: the q^2 coefficient is (e^(1/sigma^2) - 1)/2 per order, not 1/(2 sigma^2)"
statement = "subsampled_gaussian_rdp(q, sigma, alpha) <= alpha * q^2 / (2 * sigma^2)"
domain = { q = [0.001, 0.01], sigma = [1, 2], alpha = [2, 6] }
integers = ["alpha"]
''')
    true, false = load_claims_file(str(path))
    cfg = Config(search_examples=30, grid=3, engine_timeout=30, timeout=60)
    assert check_claim(true, cfg).verdict is Verdict.CERTIFIED
    assert check_claim(false, cfg).verdict is Verdict.REFUTED

