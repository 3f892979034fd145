"""DP-SGD at q = 1 (no subsampling) and q just below 1: k Gaussian steps of noise sigma and
sensitivity 1 compose to one Gaussian with mu = sqrt(k)/sigma, whose exact curve is
delta(eps) = Phi(-eps/mu + mu/2) - e^eps Phi(-eps/mu - mu/2) (Dong, Roth, Su 2019, Cor. 2.13).
The reference epsilon is solved here in mpmath at 50 digits, independently of dpproof."""

import mpmath
import pytest
from flint import arb, ctx, fmpq

from dpproof.accounting import dpsgd_epsilon
from dpproof.oracles.composition.subsampled_pld import dpsgd_eps_ball


def _gaussian_eps(sigma, steps, delta):
    """The root of log delta(eps) = log delta (delta(eps) decreases strictly in eps)."""
    with mpmath.workdps(50):
        mu = mpmath.sqrt(steps) / mpmath.mpf(sigma)
        Phi = mpmath.ncdf

        def f(e):
            return mpmath.log(Phi(-e / mu + mu / 2) - mpmath.exp(e) * Phi(-e / mu - mu / 2)) \
                - mpmath.log(delta)
        root = mpmath.findroot(f, (mpmath.mpf(0), mpmath.mpf(40)), solver="illinois")
        assert abs(f(root)) < mpmath.mpf(10) ** -30
        return root


@pytest.mark.parametrize("sigma,steps,delta", [
    ("2", 4, "1e-5"), ("1", 1, "1e-3"), ("3", 100, "1e-6"), ("0.8", 10, "1e-5")])
def test_q1_bracket_contains_the_gaussian_composition_epsilon(sigma, steps, delta):
    b = dpsgd_epsilon("1", sigma, steps, delta)
    ref = _gaussian_eps(mpmath.mpf(sigma), steps, mpmath.mpf(delta))
    assert b.lower <= ref <= b.upper
    assert b.width < 0.01 * b.upper


def test_the_reference_is_the_documented_value():
    # 4 steps, sigma 2: mu = 1, eps(1e-5) = 4.377178...
    assert float(_gaussian_eps(2, 4, mpmath.mpf("1e-5"))) == pytest.approx(4.377178, abs=1e-6)


def test_q_just_below_1_is_finite_and_contains_the_limit():
    # the loss floor log(1 - q) = log(1e-6) is far below the Gaussian's tails: the grid
    # is clipped by the tail budget instead; the mixture's epsilon lies within 1e-5 of the
    # Gaussian one (its delta curve moves by at most 1e-6 e^eps)
    b = dpsgd_epsilon("0.999999", "2", 4, "1e-5")
    ref = float(_gaussian_eps(2, 4, mpmath.mpf("1e-5")))
    assert b.lower == b.lower and b.upper == b.upper  # no NaN
    assert b.lower <= ref + 1e-3 and ref - 1e-3 <= b.upper
    assert b.width < 0.01 * b.upper and b.upper <= b.rdp_upper


def test_claims_file_ball_at_q1():
    with ctx.workprec(128):
        ball = dpsgd_eps_ball(arb(1), arb(2), arb(4), arb(fmpq(1, 10**5)))
        assert ball.is_finite() and ball.contains(arb("4.377178"))
        assert ball < arb("4.4")


def test_claims_file_statement_at_q1_is_certified(tmp_path):
    from dpproof.claimfile import load_claims_file
    from dpproof.engines.base import Config
    from dpproof.evidence import Verdict
    from dpproof.runner import check_claim
    path = tmp_path / "q1.toml"
    path.write_text('''
[[claim]]
id = "q1.gaussian"
source = "4 Gaussian steps of sigma 2 = one Gaussian with mu = 1: eps(1e-5) = 4.377178"
statement = "dpsgd_eps(1, 2, 4, 1/10^5) <= 4.4"
domain = {}

[[claim]]
id = "q1.too_small"
source = "false: below the exact 4.377178"
statement = "dpsgd_eps(1, 2, 4, 1/10^5) <= 4.3"
domain = {}
''')
    true, false = load_claims_file(str(path))
    assert check_claim(true, Config()).verdict is Verdict.CERTIFIED
    assert check_claim(false, Config()).verdict is Verdict.REFUTED
