"""Regressions for degenerate oracle cases (issue #10, item 5): no crossing of the privacy
loss, one piece, identical distributions, eps < 0, parameter balls."""

import pytest
import sympy
from flint import arb, fmpq

import dpproof.oracles.functions as F
from dpproof.lowering import lower
from dpproof.oracles import (OSGT, Bernoulli, Laplace, Normal, TruncNormal, hockey_stick, kl,
                             randomized_response, renyi, tv)

from .conftest import q


def _one_minus_exp(eps):
    return 1 - eps.exp()


@pytest.mark.parametrize("e", [(-1, 1), (-1, 3), (-5, 1), (-1, 1000)])
def test_identical_normals_negative_eps_is_one_minus_exp(e):
    """Was exactly 0: the single piece (-inf, inf) with no root was dropped."""
    eps = q(*e)
    val = hockey_stick(Normal(q(0), q(1)), Normal(q(0), q(1)), eps)
    assert val.overlaps(_one_minus_exp(eps)) and val.rad() < 1e-20
    assert val > 0


@pytest.mark.parametrize("e", [(-1, 1), (-2, 1), (-3, 1), (-5, 2)])
def test_wider_normal_negative_eps_no_root(e):
    """N(0, 4) against N(0, 1) at eps <= -1: p > e^eps q everywhere, so H = 1 - e^eps."""
    eps = q(*e)
    val = hockey_stick(Normal(q(0), q(2)), Normal(q(0), q(1)), eps)
    assert val.overlaps(_one_minus_exp(eps)) and val.rad() < 1e-20


def test_wider_normal_on_an_eps_ball_contains_the_range():
    eps = arb(-2, 1)  # [-3, -1]
    val = hockey_stick(Normal(q(0), q(2)), Normal(q(0), q(1)), eps)
    for e in (q(-3), q(-2), q(-1), q(-7, 4)):
        assert val.contains(_one_minus_exp(e))


@pytest.mark.parametrize("make", [
    lambda: Normal(q(1, 2), q(3)), lambda: Laplace(q(-1), q(1, 4)),
    lambda: OSGT(q(0), q(1), q(2)), lambda: TruncNormal(q(1), q(1, 2), q(3, 4)),
    lambda: Bernoulli(q(1, 4))])
def test_same_point_is_exact(make):
    P = make()
    assert tv(P, make()) == 0
    assert hockey_stick(P, make(), q(1, 2)) == 0
    assert kl(P, make()) == 0 and renyi(P, make(), q(3)) == 0
    h = hockey_stick(P, make(), q(-1, 2))
    assert h.overlaps(_one_minus_exp(q(-1, 2))) and h.rad() < 1e-20


def test_inexact_masses_are_tight_not_exact():
    """RR masses are inexact balls: equal balls are not known to be one point here (the
    claim-level twin makes them exact); the enclosure is tight and contains 0."""
    P, Q = randomized_response(q(1), 3, 1), randomized_response(q(1), 3, 1)
    v = tv(P, Q)
    assert v.contains(0) and v.upper() < 1e-30


@pytest.mark.parametrize("make", [Normal, Laplace])
def test_distinct_points_are_not_identical(make):
    assert tv(make(q(0), q(1)), make(q(1, 10), q(1))) > 0


def test_claim_level_identity_is_exact_and_keeps_validity():
    x = sympy.Symbol("x")
    third = sympy.Rational(1, 3)
    cases = [F.tv(F.Normal(0, third), F.Normal(0, third)),
             F.hockey_stick(F.Normal(x, third), F.Normal(x, third), x),
             F.kl(F.Laplace(x, 1), F.Laplace(x, 1)),
             F.renyi(F.OSGT(0, x, 1), F.OSGT(0, x, 1), 2)]
    for e in cases:
        assert lower(e, ["x"])(arb(fmpq(1, 3))) == 0
        assert lower(e, ["x"])(arb(fmpq(1, 3), fmpq(1, 100))) == 0  # a parameter ball
    neg = F.hockey_stick(F.Normal(0, x), F.Normal(0, x), -x)
    val = lower(neg, ["x"])(arb(fmpq(1, 3)))
    assert val.overlaps(1 - arb(fmpq(-1, 3)).exp()) and val.rad() < 1e-12
    with pytest.raises(ValueError):  # an invalid parameter is not hidden by the identity
        lower(F.tv(F.Normal(0, x), F.Normal(0, x)), ["x"])(arb(-1))
    different = F.tv(F.Normal(x, 1), F.Normal(0, 1))
    assert type(different) is F.tv and type(different.subs(x, 0)) is F.tv._Self


def test_gauss_delta_zero_shift():
    x = sympy.Symbol("x")
    e = F.gauss_delta(x, 1, 0)
    assert lower(e, ["x"])(arb(1)) == 0
    val = lower(e, ["x"])(arb(-1))
    assert val.overlaps(1 - arb(-1).exp()) and val.rad() < 1e-12


def test_nearly_identical_balls_give_a_tight_bound():
    """Equal parameter balls need not be one point; the enclosure stays sound but is tight."""
    m = arb(0, fmpq(1, 1000))
    val = tv(Normal(m, q(1)), Normal(m, q(1)))
    assert val.lower() <= 0 and val.upper() < 0.005
    assert val.contains(tv(Normal(q(1, 1000), q(1)), Normal(q(-1, 1000), q(1))))


def test_uncertain_breakpoint_order_is_a_zone_not_nan():
    """Laplace against itself at an inexact centre: the two kinks are equal balls whose order
    cannot be certified (was nan); now a short zone bounded by the mean value theorem."""
    t, b = q(-3, 4000), q(1, 2000)
    P, Q = Laplace(t, b), Laplace(t, b)
    for v in (tv(P, Q), kl(P, Q), renyi(P, Q, q(2)), hockey_stick(P, Q, q(1, 2))):
        assert v.is_finite() and v.contains(0) and v.upper() < 1e-12
    h = hockey_stick(P, Q, q(-1, 1000))
    assert h.contains(_one_minus_exp(q(-1, 1000))) and h.rad() < 1e-3
    # overlapping kink balls of two different centres: finite and containing the point values
    m1, m2 = arb(0, fmpq(1, 10 ** 6)), arb(fmpq(1, 10 ** 7), fmpq(1, 10 ** 6))
    enc = tv(Laplace(m1, q(1)), Laplace(m2, q(1)))
    assert enc.is_finite() and enc.contains(tv(Laplace(q(0), q(1)), Laplace(q(1, 10 ** 7), q(1))))


def test_density_at_an_inexact_kink_is_the_hull_of_the_pieces():
    t = q(-1, 3)
    assert Laplace(t, q(1, 1000)).pdf(t).contains(500)
    assert TruncNormal(q(0), q(1), q(1)).pdf(q(1)).is_finite()
    d = TruncNormal(q(0), q(1), q(1)).pdf(arb(1, fmpq(1, 10)))  # straddles the support end
    assert d.contains(0) and d.contains(TruncNormal(q(0), q(1), q(1)).pdf(q(9, 10)))


def test_truncated_inverse_moments_far_from_zero():
    """|mu|/sigma = 5000: cosh(mu u / sigma^2) overflowed the integrand (was nan)."""
    from dpproof.oracles.moments import trunc_inv_sq_moment
    v = trunc_inv_sq_moment(q(-5), q(1, 1000), q(1, 10000))
    assert v.is_finite() and v.contains(arb("0.0400000048000009600002688"))


def test_loss_masses_of_a_law_against_itself():
    """loss = 0: P(loss > eps) = 1 for eps < 0 and 0 for eps >= 0 (the kinks are equal
    inexact balls: a zone, was nan)."""
    from dpproof.oracles.divergences.privacy_loss import _loss_mass
    P, Q = Laplace(q(-3, 4000), q(1, 2000)), Laplace(q(-3, 4000), q(1, 2000))
    for eps, two_sided, want in ((q(-1, 2), False, 1), (q(1, 2), False, 0), (q(1, 2), True, 0),
                                 (q(-1, 2), True, 1)):
        v = _loss_mass(P, Q, eps, two_sided)
        assert v.is_finite() and v.contains(want) and v.rad() < 1e-10, (eps, two_sided, v)


def test_density_on_a_closed_support_end():
    """TruncNormal lives on the closed [mu - C, mu + C]: both ends have the same positive
    density (the left end used to give 0, the right end the Gaussian value)."""
    T = TruncNormal(q(0), q(1), q(1))
    left, right = T.pdf(q(-1)), T.pdf(q(1))
    assert left > 0 and left.overlaps(right) and T.pdf(q(2)) == 0 and T.pdf(q(-2)) == 0
