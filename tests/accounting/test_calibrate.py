"""calibrate: both ends certified (re-checked through certify_epsilon) and the true smallest
noise parameter (an independent mpmath root) inside the bracket."""

from fractions import Fraction

from flint import fmpq

import mpmath
import pytest

dpa = pytest.importorskip("dp_accounting")

from dpproof.accounting import (UnsupportedEvent, calibrate,  # noqa: E402
                                certify_epsilon)

G, L, SC = dpa.GaussianDpEvent, dpa.LaplaceDpEvent, dpa.SelfComposedDpEvent
mpmath.mp.dps = 40


def _both_ends_certified(cal, make, eps, delta):
    lo, hi = certify_epsilon(make(cal.lower), delta), certify_epsilon(make(cal.upper), delta)
    assert hi.upper_ball <= fmpq(int(eps)) < lo.lower_ball
    assert cal.lower < cal.upper <= cal.lower * (1 + 1e-3)
    return lo, hi


def test_gaussian_family():
    make = lambda s: SC(G(s), 10)  # noqa: E731
    cal = calibrate(make, "1", "1e-5")
    _both_ends_certified(cal, make, "1", "1e-5")
    # truth: 10 steps of sigma = one step of sigma / sqrt(10); Balle-Wang by mpmath
    def delta(s):
        mu = mpmath.sqrt(10) / s
        return mpmath.ncdf(-1 / mu + mu / 2) - mpmath.e * mpmath.ncdf(-1 / mu - mu / 2)
    truth = mpmath.findroot(lambda s: delta(s) - mpmath.mpf("1e-5"), cal.upper)
    assert cal.lower < truth <= cal.upper


def test_laplace_family():
    cal = calibrate(L, "1", "1e-5", start=0.25)
    _both_ends_certified(cal, L, "1", "1e-5")
    # 1 - e^{(1 - 1/b)/2} = 1e-5  <=>  b = 1 / (1 - 2 log(1 - 1e-5))
    truth = 1 / (1 - 2 * mpmath.log(1 - mpmath.mpf("1e-5")))
    assert cal.lower < truth <= cal.upper


def test_dpsgd_family_both_ends_certified():
    make = lambda s: SC(dpa.PoissonSampledDpEvent(0.04, G(s)), 50)  # noqa: E731
    cal = calibrate(make, "2", "1e-5", rel_tol=Fraction(1, 20))
    lo = certify_epsilon(make(cal.lower), "1e-5")
    hi = certify_epsilon(make(cal.upper), "1e-5")
    assert hi.upper <= 2 < lo.lower
    assert cal.lower < cal.upper


def test_families_that_are_not_noise_scales_are_refused():
    with pytest.raises(UnsupportedEvent, match="not the family"):
        calibrate(lambda s: G(s) if s < 1.5 else L(s), "1", "1e-5")
    with pytest.raises(UnsupportedEvent, match="not the family"):
        calibrate(lambda s: SC(G(1.0), int(s * 4)), "1", "1e-5")
    with pytest.raises(UnsupportedEvent, match="non-private"):
        calibrate(lambda s: dpa.ComposedDpEvent([G(s), dpa.NonPrivateDpEvent()]), "1", "1e-5")
    with pytest.raises(TypeError, match="float"):
        calibrate(G, 1.0, "1e-5")
