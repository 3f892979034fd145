"""subsampled_gaussian_renyi (MTZ19 split series at real orders, certified tails) against
the integer-order finite sum and an independent mpmath quadrature of the definition
E_{mu0}[((1-q) + q mu1/mu0)^alpha]; dp_accounting's fractional value is 3.15% above it."""

from fractions import Fraction

import mpmath
import pytest
from flint import arb, ctx, fmpq

from dpproof.definedness import Undefined
from dpproof.oracles.composition.subsampled import subsampled_gaussian_rdp
from dpproof.oracles.composition.subsampled_frac import subsampled_gaussian_renyi_arb

mpmath.mp.dps = 40


def _b(x):
    f = Fraction(x)
    return arb(fmpq(f.numerator, f.denominator))


def _ours(q, s, a):
    with ctx.workprec(128):
        return subsampled_gaussian_renyi_arb(_b(q), _b(s), _b(a))


def _quad(q, s, a):
    q, s, a = (mpmath.mpf(Fraction(x).numerator) / Fraction(x).denominator for x in (q, s, a))
    z0 = mpmath.mpf(1) / 2 + s * s * mpmath.log(1 / q - 1)
    def f(z):
        return mpmath.npdf(z, 0, s) * ((1 - q) + q * mpmath.exp((2 * z - 1) / (2 * s * s))) ** a
    pts = [-mpmath.inf, -20 * s, 0, z0, z0 + 20 * s, mpmath.inf]
    return mpmath.log(mpmath.quad(f, sorted(set(pts)))) / (a - 1)


@pytest.mark.parametrize("q,s", [("0.01", "2.5"), ("0.2", "0.5"), ("0.5", "1")])
@pytest.mark.parametrize("a", ["1.5", "2.5"])
def test_fractional_orders_match_quadrature(q, s, a):
    b = _ours(q, s, a)
    t = _quad(q, s, a)
    assert b.rad() < abs(b.mid()) * 1e-9
    assert abs(mpmath.mpf(b.mid().str(30, radius=False)) - t) <= abs(t) * mpmath.mpf(10) ** -9


@pytest.mark.parametrize("a", [2, 3, 7])
def test_integer_orders_match_the_finite_sum(a):
    for q, s in (("0.01", "2.5"), ("0.3", "0.7")):
        b = _ours(q, s, a)
        with ctx.workprec(128):
            g = subsampled_gaussian_rdp(_b(q), _b(s), a)
        assert b.overlaps(g) and b.rad() < abs(b.mid()) * 1e-12


def test_dp_accounting_fraction_is_3_15_percent_above():
    rdp = pytest.importorskip("dp_accounting.rdp.rdp_privacy_accountant")
    peer = rdp._compute_rdp_poisson_subsampled_gaussian(0.01, 2.5, [1.5])[0]
    with ctx.workprec(128):
        ours = subsampled_gaussian_renyi_arb(_b(0.01), _b(2.5), _b(1.5))  # the doubles
        ratio = _b(peer) / ours
    assert 1.0315 < ratio.lower() and ratio.upper() < 1.0316


def test_domain_edges():
    with pytest.raises(Undefined):
        _ours("0.01", "2.5", "1")
    with pytest.raises(Undefined):
        _ours("1", "2.5", "1.5")
