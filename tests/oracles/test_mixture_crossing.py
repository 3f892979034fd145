"""The hockey stick of the subsampled Gaussian's pair, Mixture(q, N(0, 1), N(1, 1)) against
N(0, 1), at eps' = log(1 + q (e^eps - 1)): there the crossing is x* = 1/2 + eps, dyadic for
eps in {0, 1/2, 1, 2}, and met exactly by the bracket's ends or midpoints.  The oracle
returned the whole bracket ([+/- 0.66] at q = 1, eps = 1) or nan (q = 3/10, eps = 1/2)
(red round 10).  The value is q H_eps(N(1, 1) || N(0, 1)) (amplification, tight for this
pair), computed here by mpmath from the normal cdf."""

from __future__ import annotations

from fractions import Fraction

import mpmath
import pytest
from flint import arb, ctx

from dpproof.oracles.distributions.continuous import Normal
from dpproof.oracles.distributions.mixture import mixture, mixture_hockey_stick


def _ball(r: Fraction) -> arb:
    return arb(r.numerator) / r.denominator


def _expected(q: Fraction, eps: Fraction):
    """q H_eps(N(1, 1) || N(0, 1)) = q (Phi(1/2 - eps) - e^eps Phi(-1/2 - eps)), at the caller's
    mpmath precision."""
    q, eps = mpmath.mpf(q.numerator) / q.denominator, mpmath.mpf(eps.numerator) / eps.denominator
    half = mpmath.mpf(1) / 2
    return q * (mpmath.ncdf(half - eps) - mpmath.e**eps * mpmath.ncdf(-eps - half))


@pytest.mark.parametrize("q, eps", [("1/2", "1"), ("3/10", "1/2"), ("1/100", "0"), ("1", "1"),
                                    ("1/2", "101/100"), ("1/4", "2"), ("1", "0")])
@pytest.mark.parametrize("mix_first", [True, False])
def test_the_crossing_on_a_probe_point_is_enclosed_tightly(q, eps, mix_first):
    q, eps = Fraction(q), Fraction(eps)
    with ctx.workprec(128):
        qa = _ball(q)
        mix = mixture(qa, Normal(arb(0), arb(1)), Normal(arb(1), arb(1)))
        e1 = (1 + qa * (_ball(eps).exp() - 1)).log()
        pair = (mix, Normal(arb(0), arb(1))) if mix_first else (Normal(arb(0), arb(1)), mix)
        got = mixture_hockey_stick(*pair, e1)
    assert got.is_finite() and got.rad() < 1e-25, got
    if mix_first:   # the add direction: q H_eps exactly
        with mpmath.workdps(50):
            value = _expected(q, eps)
            gap = abs(mpmath.mpf(got.mid().str(45, radius=False)) - value)
            assert gap <= 2 * mpmath.mpf(got.rad().str(5, radius=False)) + mpmath.mpf(10)**-40

