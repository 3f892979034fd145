"""Certified DP-SGD epsilon bracket against dp_accounting's PLD and prv_accountant."""

import warnings
from fractions import Fraction

import pytest
from flint import arb, ctx, fmpq

from dpproof.accounting import dpsgd_epsilon
from dpproof.oracles.composition.subsampled_pld import dpsgd_eps_ball

Q, SIGMA, T, DELTA = "0.02", "1", 100, "1e-5"


@pytest.fixture(scope="module")
def bracket():
    return dpsgd_epsilon(Q, SIGMA, T, DELTA)


def test_bracket_is_ordered_narrow_and_below_the_rdp_route(bracket):
    assert 0 < bracket.lower < bracket.upper <= bracket.rdp_upper
    assert bracket.width <= 0.01 * bracket.upper
    assert bracket.lower_ball <= bracket.upper_ball
    assert bracket.details["connect"]["remove"].eps_upper >= bracket.details["connect"]["add"].eps_upper


def _dp_accounting_pld(interval):
    from dp_accounting.pld import privacy_loss_distribution as pld
    law = pld.from_gaussian_mechanism(1.0, sampling_prob=0.02, use_connect_dots=True,
                                      value_discretization_interval=interval)
    return law.self_compose(T).get_epsilon_for_delta(1e-5)


def test_bracket_against_dp_accounting_pld(bracket):
    """dp_accounting's pessimistic PLD estimate lies above the optimum by its discretisation
    error: at its default interval 1e-4 (1.4273403) it is above the certified upper end
    (the dominating pair here is finer and read between grid points); at 1e-5 (1.4273397),
    which moves it by 6e-7, it lies inside the bracket."""
    pytest.importorskip("dp_accounting")
    coarse, fine = _dp_accounting_pld(1e-4), _dp_accounting_pld(1e-5)
    assert bracket.lower <= fine <= bracket.upper <= coarse
    assert bracket.upper - fine < 1e-6


def test_bracket_against_prv_accountant_estimate(bracket):
    """prv_accountant's estimate (1.4273425, stated error 0.01) lies 2e-6 above the certified
    upper end: inside its own error bars, which contain the whole bracket."""
    pytest.importorskip("prv_accountant")
    from prv_accountant.dpsgd import DPSGDAccountant
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        acc = DPSGDAccountant(noise_multiplier=1.0, sampling_probability=0.02, eps_error=0.01,
                              delta_error=1e-8, max_steps=T)
        low, est, up = acc.compute_epsilon(num_steps=T, delta=1e-5)
    assert bracket.lower <= est <= bracket.upper + 1e-5
    assert low <= bracket.lower and bracket.upper <= up


def test_rdp_route_is_an_independent_upper_bound(bracket):
    rdp = pytest.importorskip("dp_accounting.rdp.rdp_privacy_accountant")
    orders = list(range(2, 257))
    ref, _ = rdp.compute_epsilon(orders, T * rdp._compute_rdp_poisson_subsampled_gaussian(
        0.02, 1.0, orders), 1e-5)
    assert bracket.rdp_upper == pytest.approx(ref, rel=1e-9)
    assert bracket.upper < bracket.rdp_upper  # the PLD route is the sharper one


def test_claims_file_function_is_the_same_bracket(bracket):
    with ctx.workprec(128):
        ball = dpsgd_eps_ball(arb(fmpq(1, 50)), arb(1), arb(T), arb(fmpq(1, 10**5)))
        # the claims-file function widens its inputs to balls of relative radius 2^-50, which
        # moves the certified second moment of the rounding error (Bernstein) by ~1e-10
        assert ball.lower() <= arb(bracket.lower) + 1e-8
        assert ball.upper() >= arb(bracket.upper) - 1e-8
        assert not dpsgd_eps_ball(arb(fmpq(1, 50)), arb(1), arb(fmpq(201, 2)),
                                  arb(fmpq(1, 10**5))).is_finite()
        wide = arb(fmpq(1, 50)).union(arb(fmpq(1, 40)))
        assert not dpsgd_eps_ball(wide, arb(1), arb(T), arb(fmpq(1, 10**5))).is_finite()


def test_floats_and_invalid_parameters_are_refused():
    with pytest.raises(TypeError, match="exact rational"):
        dpsgd_epsilon(0.02, "1", T, "1e-5")
    with pytest.raises(ValueError, match="0 < q <= 1"):
        dpsgd_epsilon("2", "1", T, "1e-5")
    assert dpsgd_epsilon(Fraction(1, 50), 1, T, "1e-5").upper > 0  # Fraction and int accepted


def _single_step_eps(q, s, delta):
    """eps*(delta) of ONE subsampled Gaussian from the closed-form hockey-stick curves of both
    directions (an independent check of the whole pipeline at steps = 1)."""
    from dpproof.oracles.conversions import eps_from_delta
    Q = lambda x: (x / arb(2).sqrt()).erfc() / 2  # noqa: E731 - standard normal tail

    def x_of(b):
        return s * s * ((b.exp() - 1 + q) / q).log() + arb(1) / 2

    def delta_fn(e):
        x = x_of(e)
        rem = (1 - q) * Q(x / s) + q * Q((x - 1) / s) - e.exp() * Q(x / s)
        add = arb(0)
        if e < -(1 - q).log():
            y = x_of(-e)
            add = (1 - Q(y / s)) - e.exp() * ((1 - q) * (1 - Q(y / s)) + q * (1 - Q((y - 1) / s)))
        return rem.max(add)
    return eps_from_delta(delta_fn, delta, arb(fmpq(1, 100)), arb(10))


@pytest.mark.parametrize("q,s,delta", [("0.5", "1", "1e-3"), ("0.1", "0.7", "1e-5")])
def test_single_step_bracket_contains_the_closed_form_epsilon(q, s, delta):
    b = dpsgd_epsilon(q, s, 1, delta)
    with ctx.workprec(128):
        Qa, Sa, Da = (arb(fmpq(*Fraction(v).as_integer_ratio())) for v in (q, s, delta))
        exact = _single_step_eps(Qa, Sa, Da)
        assert exact.rad() < 1e-20
        assert b.lower_ball <= exact <= b.upper_ball
    assert b.width < 0.02 * b.upper
