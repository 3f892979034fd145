"""certify_delta / certify_epsilon on dp_accounting DpEvents, against independent mpmath
computations from the definition H_eps(P || Q) = int (p - e^eps q)_+ (no dpproof formula)."""

import itertools
from fractions import Fraction

import mpmath
import pytest

dpa = pytest.importorskip("dp_accounting")
from dp_accounting.pld import pld_privacy_accountant  # noqa: E402

from dpproof.accounting import (UnsupportedEvent, certify_delta,  # noqa: E402
                                certify_epsilon)

R = dpa.NeighboringRelation
G, L, RR = dpa.GaussianDpEvent, dpa.LaplaceDpEvent, dpa.RandomizedResponseDpEvent
SC, C = dpa.SelfComposedDpEvent, dpa.ComposedDpEvent
mpmath.mp.dps = 50


def _mp(x):
    if isinstance(x, mpmath.mpf):
        return x
    f = Fraction(x)
    return mpmath.mpf(f.numerator) / f.denominator


def _hs_shift(pdf, shift, eps, wp=1, wq=1):
    """int (pdf(x - shift) - e^eps pdf(x))_+ dx: the log-ratio (non-decreasing in x for a
    log-concave pdf) crosses eps at c, located by bisection; then integrate over [c, inf)."""
    ee = mpmath.e ** eps
    lr = lambda x: mpmath.log(wp * pdf(x - shift)) - mpmath.log(wq * pdf(x))  # noqa: E731
    lo, hi = mpmath.mpf(-60), mpmath.mpf(60)
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if lr(mid) <= eps else (lo, mid)
    pts = sorted({hi, max(hi, 0), max(hi, shift), hi + 60}) + [mpmath.inf]
    return mpmath.quad(lambda x: wp * pdf(x - shift) - ee * wq * pdf(x), pts)


def _gauss_truth(sigma, shift, eps):
    s = _mp(sigma)
    pdf = lambda x: mpmath.npdf(x, 0, s)  # noqa: E731
    ee = mpmath.e ** _mp(eps)
    c = mpmath.findroot(lambda x: mpmath.log(pdf(x - shift)) - mpmath.log(pdf(x)) - _mp(eps),
                        0.5)
    return mpmath.quad(lambda x: pdf(x - shift) - ee * pdf(x), [c, c + 10 * s, mpmath.inf])


def _inside(b, truth, slack=mpmath.mpf(10) ** -40):
    """truth in [lower, upper], up to mpmath's own 50-digit rounding."""
    return mpmath.mpf(b.lower) - slack <= truth <= mpmath.mpf(b.upper) + slack


@pytest.mark.parametrize("sigma,eps", [(1.0, "1"), (0.7, "0.25"), (3.0, "2")])
def test_gaussian_matches_the_definition(sigma, eps):
    b = certify_delta(G(sigma), eps)
    assert b.tight and _inside(b, _gauss_truth(sigma, 1, eps))
    assert b.upper - b.lower < 1e-15
    # replace-one: the sum moves by up to 2 (dp_accounting's convention)
    assert _inside(certify_delta(G(sigma), eps, R.REPLACE_ONE), _gauss_truth(sigma, 2, eps))


def test_k_gaussian_steps_are_one_gaussian_with_sigma_over_sqrt_k():
    one = certify_delta(G(0.5), "1")
    nine = certify_delta(SC(G(1.5), 9), "1")
    assert one.lower_ball <= nine.upper_ball and nine.lower_ball <= one.upper_ball
    assert one.upper_ball - one.lower_ball < 1e-30
    assert (one.lower, one.upper) == (nine.lower, nine.upper)
    # heterogeneous: 1/1^2 + 1/2^2 = 1/s^2 with s^2 = 4/5
    mixed = certify_delta(C([G(1.0), G(2.0)]), "1")
    assert _inside(mixed, _gauss_truth(mpmath.sqrt(mpmath.mpf(4) / 5), 1, "1"))


@pytest.mark.parametrize("b,eps", [(0.5, "1"), (2.0, "0.1"), (1.0, "1")])
def test_laplace_matches_the_definition(b, eps):
    bb = _mp(b)
    pdf = lambda x: mpmath.exp(-abs(x) / bb) / (2 * bb)  # noqa: E731
    out = certify_delta(L(b), eps)
    assert out.tight and _inside(out, _hs_shift(pdf, 1, _mp(eps)))
    assert _inside(certify_delta(L(b), eps, R.REPLACE_ONE), _hs_shift(pdf, 2, _mp(eps)))


def _rr_law(p, k, x):
    return [(1 - p) * (o == x) + p / k for o in range(k)]


def _brute(pairs, eps):
    """sum over all product outcomes of (prod P - e^eps prod Q)_+."""
    ee, total = mpmath.e ** eps, mpmath.mpf(0)
    for o in itertools.product(*[range(len(P)) for P, _ in pairs]):
        p = mpmath.fprod(P[i] for (P, _), i in zip(pairs, o))
        q = mpmath.fprod(Q[i] for (_, Q), i in zip(pairs, o))
        total += max(p - ee * q, 0)
    return total


def test_randomized_response_compositions_match_enumeration():
    p, k = _mp(0.3), 3
    P, Q = _rr_law(p, k, 0), _rr_law(p, k, 1)
    ev = C([SC(RR(0.3, 3), 3), RR(0.5, 2)])
    P2, Q2 = _rr_law(mpmath.mpf(1) / 2, 2, 0), _rr_law(mpmath.mpf(1) / 2, 2, 1)
    truth = _brute([(P, Q)] * 3 + [(P2, Q2)], mpmath.mpf("0.5"))
    assert _inside(certify_delta(ev, "0.5", R.REPLACE_ONE), truth)
    # replace by a uniformly random bucket: both directions, the larger one
    U = [mpmath.mpf(1) / k] * k
    truth = max(_brute([(P, U)] * 4, 1), _brute([(U, P)] * 4, 1))
    assert _inside(certify_delta(SC(RR(0.3, 3), 4), "1", R.REPLACE_SPECIAL), truth)


def test_gaussian_composed_with_randomized_response_matches_the_definition():
    s = mpmath.mpf(1)
    P, Q = _rr_law(mpmath.mpf(1) / 2, 2, 0), _rr_law(mpmath.mpf(1) / 2, 2, 1)
    pdf = lambda x: mpmath.npdf(x, 0, s)  # noqa: E731
    truth = sum(_hs_shift(pdf, 2, mpmath.mpf(1), P[o], Q[o]) for o in range(2))
    out = certify_delta(C([G(1.0), RR(0.5, 2)]), "1", R.REPLACE_ONE)
    assert _inside(out, truth) and out.upper - out.lower < 1e-15


def _point(ball):
    man, exp = ball.mid().man_exp()
    return mpmath.ldexp(mpmath.mpf(int(man)), int(exp))


def test_a_float_parameter_is_its_binary_value_not_its_decimal():
    at_float = _gauss_truth(Fraction(0.7), 1, "1")  # 0.6999999999999999555910790149937...
    at_tenths = _gauss_truth(Fraction(7, 10), 1, "1")
    out = certify_delta(G(0.7), "1")
    lo, hi = _point(out.lower_ball), _point(out.upper_ball)
    assert hi - lo < mpmath.mpf(10) ** -35
    assert lo - 1e-45 <= at_float <= hi + 1e-45
    assert not lo - 1e-45 <= at_tenths <= hi + 1e-45
    assert certify_delta(G(Fraction(7, 10)), "1").upper_ball < out.lower_ball  # delta falls


def test_epsilon_brackets_match_dp_accounting_within_its_discretisation():
    """dp_accounting's eps at interval 1e-4 lies within 1e-3 of the truth (mpmath root of
    the definition); ours brackets the truth to 2^-24 relative and lies inside that band."""
    for ev, rel, delta, mu2 in [(G(1.0), R.ADD_OR_REMOVE_ONE, "1e-5", 1),
                                (C([G(2.0), G(3.0)]), R.ADD_OR_REMOVE_ONE, "1e-6",
                                 Fraction(1, 4) + Fraction(1, 9)),
                                (SC(G(4.0), 10), R.REPLACE_ONE, "1e-5",
                                 10 * Fraction(2, 4) ** 2)]:
        acc = pld_privacy_accountant.PLDAccountant(rel)
        acc.compose(ev)
        peer = acc.get_epsilon(float(delta))
        b = certify_epsilon(ev, delta, rel)
        assert b.tight and b.upper - b.lower < 1e-6 * b.upper
        sigma = 1 / mpmath.sqrt(_mp(mu2))
        truth = mpmath.findroot(lambda e: _gauss_truth(sigma, 1, e) - _mp(delta), b.lower)
        assert _inside(b, truth)
        assert abs(peer - truth) < 1e-3 and abs(peer - b.upper) < 1e-3


def test_dp_accounting_self_composed_rr_ignores_the_count():
    """dp_accounting 0.6.0's PLDAccountant composes a SelfComposedDpEvent(RR, 10) once: its
    delta(1) is that of one step, below our certified lower end of ten (tight) steps."""
    acc = pld_privacy_accountant.PLDAccountant(R.REPLACE_ONE)
    acc.compose(SC(RR(0.5, 4), 10))
    ours = certify_delta(SC(RR(0.5, 4), 10), "1", R.REPLACE_ONE)
    assert ours.tight and ours.lower > 0.9398 and acc.get_delta(1.0) < 0.2853
    assert acc.get_delta(1.0) < ours.lower


def test_noop_nonprivate_and_noiseless_steps():
    assert certify_delta(dpa.NoOpDpEvent(), "0").upper == 0
    e = certify_epsilon(C([dpa.NoOpDpEvent(), SC(G(1.0), 0)]), "1e-5")
    assert (e.lower, e.upper) == (0, 0)
    nonp = certify_delta(C([G(1.0), dpa.NonPrivateDpEvent()]), "1")
    assert (nonp.lower, nonp.upper, nonp.tight) == (None, 1.0, False)
    assert certify_epsilon(dpa.NonPrivateDpEvent(), "1e-5").upper == float("inf")
    assert certify_epsilon(dpa.NonPrivateDpEvent(), "1e-5").lower is None
    blatant = certify_delta(C([G(1.0), G(0.0)]), "5")
    assert (blatant.lower, blatant.upper) == (1.0, 1.0)


@pytest.mark.parametrize("event,rel,words", [
    (dpa.PoissonSampledDpEvent(0.1, L(1.0)), R.REPLACE_ONE, "under REPLACE_ONE"),
    (dpa.PoissonSampledDpEvent(0.1, RR(0.5, 2)), R.REPLACE_ONE,
     "PoissonSampledDpEvent of RandomizedResponseDpEvent"),
    (RR(0.5, 2), R.ADD_OR_REMOVE_ONE, "RandomizedResponseDpEvent"),
    (dpa.SampledWithoutReplacementDpEvent(100, 10, G(1.0)), R.ADD_OR_REMOVE_ONE,
     "SampledWithoutReplacementDpEvent"),
    (dpa.dp_event.MixtureOfGaussiansDpEvent(1.0, [1.0], [1.0]), R.REPLACE_ONE,
     "under REPLACE_ONE"),
    (C([dpa.dp_event.ZCDpEvent(0.5), L(1.0)]), R.ADD_OR_REMOVE_ONE, "ZCDpEvent composed"),
])
def test_unsupported_events_are_refused_naming_event_and_relation(event, rel, words):
    with pytest.raises(UnsupportedEvent, match=words) as info:
        certify_epsilon(event, "1e-5", rel)
    assert rel.name in str(info.value) and "supported:" in str(info.value)


def test_targets_must_be_exact_and_in_range():
    with pytest.raises(TypeError, match="float"):
        certify_delta(G(1.0), 1.0)
    with pytest.raises(TypeError, match="float"):
        certify_epsilon(G(1.0), 1e-5)
    with pytest.raises(ValueError, match="0 < delta < 1"):
        certify_epsilon(G(1.0), "1")
    with pytest.raises(ValueError, match="need a value >= 0"):
        certify_delta(G(-1.0), "1")
    with pytest.raises(ValueError, match="NeighboringRelation"):
        certify_delta(G(1.0), "1", neighbors="replace")


def test_opacus_gdp_epsilon_is_below_the_certified_bracket():
    """Opacus's GDP accountant test asserts 6.59 < eps < 6.6 for DP-SGD at q = 0.04,
    sigma = 1.5, 2249 steps, delta = 1e-5; the tight certified lower end is above 6.6."""
    ev = SC(dpa.PoissonSampledDpEvent(0.04, G(1.5)), 2249)
    b = certify_epsilon(ev, "1e-5")
    assert b.tight and 6.748 <= b.lower and b.upper <= 6.786
    assert b.lower > 6.6  # Opacus's value is not conservative


@pytest.mark.parametrize("rel", [R.REPLACE_ONE, R.REPLACE_SPECIAL])
def test_heterogeneous_rr_and_gaussian_against_dp_accounting(rel):
    """dp_accounting's pessimistic PLD (interval 1e-4) is at or above the tight certified
    lower end and within 1e-2 of it: 50 RRs and one Gaussian."""
    ev = C([RR(0.3, 5)] * 50 + [G(3.0)])
    acc = pld_privacy_accountant.PLDAccountant(rel)
    acc.compose(ev)
    peer = acc.get_epsilon(1e-6)
    b = certify_epsilon(ev, "1e-6", rel)
    assert b.tight and b.lower <= peer <= b.upper + 1e-2
