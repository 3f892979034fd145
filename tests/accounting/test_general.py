"""The general PLD route (``pld_general``) against independent mpmath computations from the
definition H_e(P || Q) = int (p - e^e q)_+ (densities written here, no dpproof formula), and
against dp_accounting 0.6.0's PLD accountant."""

from fractions import Fraction

import mpmath
import pytest
from flint import arb, fmpq

dpa = pytest.importorskip("dp_accounting")
from dp_accounting import dp_event as E  # noqa: E402
from dp_accounting.pld import pld_privacy_accountant  # noqa: E402

from dpproof.accounting import calibrate, certify_delta, certify_epsilon  # noqa: E402
from dpproof.oracles.composition import pld_laws  # noqa: E402
from dpproof.oracles.composition.pld_general import Composition  # noqa: E402

R = dpa.NeighboringRelation
G, L, SC, C = dpa.GaussianDpEvent, dpa.LaplaceDpEvent, dpa.SelfComposedDpEvent, dpa.ComposedDpEvent
PS = dpa.PoissonSampledDpEvent
mpmath.mp.dps = 20
STEPS = 70  # bisection steps: the crossing to 2^-63, far below the brackets' widths


def _mp(x):
    if isinstance(x, mpmath.mpf):
        return x
    f = Fraction(x)
    return mpmath.mpf(f.numerator) / f.denominator


def lap(b, m=0):
    b, m = _mp(b), _mp(m)
    return lambda x: mpmath.exp(-abs(x - m) / b) / (2 * b)


def gau(s, m=0):
    s, m = _mp(s), _mp(m)
    return lambda x: mpmath.npdf(x, m, s)


def mix(parts):
    return lambda x: sum(w * f(x) for w, f in parts)


def hockey(p, q, e, kinks=(0, 1)):
    """int (p - e^e q)_+ over R; p/q is monotone here, so (p - e^e q) changes sign once: the
    crossing is located by bisection on the sign and the integral split there."""
    ee = mpmath.e ** e
    g = lambda x: p(x) - ee * q(x)  # noqa: E731
    lo, hi = mpmath.mpf(-80), mpmath.mpf(80)
    up = g(hi) > 0  # positive on the right?
    for _ in range(STEPS):
        mid = (lo + hi) / 2
        if (g(mid) > 0) == up:
            hi = mid
        else:
            lo = mid
    c = (lo + hi) / 2
    pts = sorted({c, *[mpmath.mpf(k) for k in kinks if (k > c) == up]})
    rng = ([c] + [x for x in pts if x > c] + [mpmath.inf]) if up else \
        ([-mpmath.inf] + [x for x in pts if x < c] + [c])
    return max(mpmath.quad(g, rng), mpmath.mpf(0))


def both(p, q, e, kinks=(0, 1)):
    return max(hockey(p, q, e, kinks), hockey(q, p, e, kinks))


def inside(b, truth, slack=mpmath.mpf(10) ** -12):
    return b.lower - slack <= truth <= b.upper + slack


def dpa_eps(ev, delta, rel=R.ADD_OR_REMOVE_ONE):
    acc = pld_privacy_accountant.PLDAccountant(rel)
    acc.compose(ev)
    return acc.get_epsilon(delta)


# --- single steps against the definition ------------------------------------------------

@pytest.mark.parametrize("q,b,eps", [(0.2, 1.0, "0.2"), (0.05, 0.5, "0.1")])
def test_subsampled_laplace_matches_the_definition(q, b, eps):
    P, Q = mix([(1 - _mp(q), lap(b)), (_mp(q), lap(b, 1))]), lap(b)
    truth = both(P, Q, _mp(eps))
    c = certify_delta(PS(q, L(b)), eps)
    assert c.tight and inside(c, truth) and c.upper - c.lower < 0.02 * truth


def test_replace_one_subsampled_gaussian_matches_the_definition():
    """Mixture against mixture: (1-q) N(0) + q N(1) vs (1-q) N(0) + q N(-1)."""
    q, s = 0.1, 1.0
    P = mix([(1 - _mp(q), gau(s)), (_mp(q), gau(s, 1))])
    Q = mix([(1 - _mp(q), gau(s)), (_mp(q), gau(s, -1))])
    truth = both(P, Q, mpmath.mpf("0.5"))
    c = certify_delta(PS(q, G(s)), "0.5", R.REPLACE_ONE)
    assert c.tight and inside(c, truth) and c.upper - c.lower < 0.02 * truth


def test_mixture_of_gaussians_matches_the_definition():
    ev = E.MixtureOfGaussiansDpEvent(1.0, [0.0, 1.0, 2.0], [0.5, 0.25, 0.25])
    P = mix([(mpmath.mpf(1) / 2, gau(1)), (mpmath.mpf(1) / 4, gau(1, 1)),
             (mpmath.mpf(1) / 4, gau(1, 2))])
    truth = both(P, gau(1), mpmath.mpf(1))
    c = certify_delta(ev, "1")
    assert c.tight and inside(c, truth) and c.upper - c.lower < 0.02 * truth


def _dlap_pmf(a, m):
    a = _mp(a)
    return lambda k: mpmath.tanh(a / 2) * mpmath.e ** (-a * abs(k - m))


def test_discrete_laplace_matches_a_direct_sum():
    """DLap(0) vs DLap(s): sum over the integers |k| <= 400 of (p - e^e q)_+, and the
    2-fold composition over pairs (the tails beyond are below 1e-80)."""
    a, s = 0.5, 2
    p, q = _dlap_pmf(a, 0), _dlap_pmf(a, s)
    ks = range(-400, 401)
    e = mpmath.mpf("0.4")
    one = sum(max(p(k) - mpmath.e ** e * q(k), 0) for k in ks)
    c1 = certify_delta(E.DiscreteLaplaceDpEvent(a, s), "0.4")
    assert c1.tight and inside(c1, one)
    ks = range(-120, 121)
    two = sum(max(p(i) * p(j) - mpmath.e ** 1 * q(i) * q(j), 0) for i in ks for j in ks)
    c2 = certify_delta(SC(E.DiscreteLaplaceDpEvent(a, s), 2), "1")
    assert c2.tight and inside(c2, two) and c2.upper - c2.lower < 0.02 * two


# --- compositions ---------------------------------------------------------------------------

def lap_h(b, e):
    """H_e(Lap(0, b) || Lap(1, b)) from the densities: p/q = e^{(1 - 2x)/b} on [0, 1] (e^{1/b}
    left of it, e^{-1/b} right), so p > e^e q left of c = (1 - b e)/2, and H = F_p(c) - e^e F_q(c)
    with the Laplace CDFs."""
    b, a = _mp(b), 1 / _mp(b)
    if e >= a:
        return mpmath.mpf(0)
    if e <= -a:
        return 1 - mpmath.e ** e
    c = (1 - b * e) / 2
    return (1 - mpmath.e ** (-c / b) / 2) - mpmath.e ** e * mpmath.e ** ((c - 1) / b) / 2


def gau_h(s, e):
    """H_e(N(0, s^2) || N(1, s^2)): p/q = e^{(1 - 2x)/(2 s^2)}, so p > e^e q left of
    c = 1/2 - s^2 e, and H = Phi(c/s) - e^e Phi((c - 1)/s)."""
    s = _mp(s)
    c = mpmath.mpf(1) / 2 - s * s * e
    return mpmath.ncdf(c / s) - mpmath.e ** e * mpmath.ncdf((c - 1) / s)


def _composed_truth(p1, q1, inner, e):
    """H_e(P1 x P2 || Q1 x Q2) = int p1(x) H_{e - log(p1/q1)(x)}(P2 || Q2) dx (one direction)."""
    f = lambda x: p1(x) * inner(e - mpmath.log(p1(x) / q1(x)))  # noqa: E731
    return mpmath.quad(f, [-mpmath.inf, -20, 0, 1, 21, mpmath.inf])


def test_two_laplaces_and_gaussian_plus_laplace_match_the_definition():
    # two Laplace(1) steps at eps = 1 (symmetric: one direction)
    assert abs(lap_h(1, mpmath.mpf("0.3")) - hockey(lap(1), lap(1, 1), mpmath.mpf("0.3"))) < 1e-15
    assert abs(gau_h(1, mpmath.mpf("0.3")) - hockey(gau(1), gau(1, 1), mpmath.mpf("0.3"))) < 1e-15
    inner = lambda e2: lap_h(1, e2)  # noqa: E731
    truth = _composed_truth(lap(1), lap(1, 1), inner, mpmath.mpf(1))
    c = certify_delta(SC(L(1.0), 2), "1")
    assert c.tight and inside(c, truth) and c.upper - c.lower < 0.02 * truth
    # Gaussian(1) then Laplace(2): the Gaussian H from its density, the Laplace outside
    inner = lambda e2: gau_h(1, e2)  # noqa: E731
    truth = _composed_truth(lap(2), lap(2, 1), inner, mpmath.mpf("0.5"))
    c = certify_delta(C([G(1.0), L(2.0)]), "0.5")
    assert c.tight and inside(c, truth) and c.upper - c.lower < 0.02 * truth


def test_separately_discretised_gaussians_compose_to_one_gaussian():
    """Exact composition: 9 Gaussian steps of mu^2 = 1/4 (each on the grid) bracket the one
    Gaussian with mu^2 = 9/4 (mpmath, from its density), and so do 4 Poisson-subsampled
    steps at q = 1 (the ``pld_grid.Loss`` CDF at q = 1) against mu^2 = 4."""
    h = fmpq(1, 2 ** 12)
    comp = Composition([[(pld_laws.Gauss(fmpq(1, 4)), 9)]], h)
    lo, hi = comp.delta_bounds(fmpq(1))
    truth = hockey(gau(mpmath.mpf(2) / 3), gau(mpmath.mpf(2) / 3, 1), mpmath.mpf(1))
    assert mpmath.mpf(lo.lower().str(30, radius=False)) <= truth
    assert truth <= mpmath.mpf(hi.upper().str(30, radius=False))
    assert float(hi.upper()) - float(lo.lower()) < 0.01 * float(truth)
    sub = [(pld_laws.SubGauss(fmpq(1), fmpq(1), True), 4)]
    lo, hi = Composition([sub], h).delta_bounds(fmpq(1))
    truth = hockey(gau(mpmath.mpf(1) / 2), gau(mpmath.mpf(1) / 2, 1), mpmath.mpf(1))
    assert float(lo.lower()) <= truth <= float(hi.upper())
    assert float(hi.upper()) - float(lo.lower()) < 0.01 * float(truth)


def test_q1_subsampling_is_the_gaussian_exactly():
    """PoissonSampled at q = 1 is the Gaussian: k steps = one Gaussian with sigma / sqrt(k)."""
    a = certify_epsilon(SC(PS(1.0, G(2.0)), 9), "1e-5")
    b = certify_epsilon(G(Fraction(2, 3)), "1e-5")
    assert (a.lower, a.upper) == (b.lower, b.upper) and a.width < 1e-5


# --- dp_accounting's estimates --------------------------------------------------------------

@pytest.mark.parametrize("ev,rel", [
    (SC(L(1.0), 10), R.ADD_OR_REMOVE_ONE),
    (C([G(1.0), L(2.0)]), R.ADD_OR_REMOVE_ONE),
    (SC(PS(0.1, L(1.0)), 10), R.ADD_OR_REMOVE_ONE),
    (E.DiscreteLaplaceDpEvent(0.5, 2), R.REPLACE_SPECIAL),
    (E.MixtureOfGaussiansDpEvent(1.0, [0.0, 1.0], [0.9, 0.1]), R.ADD_OR_REMOVE_ONE),
    (SC(PS(0.1, G(1.0)), 5), R.REPLACE_ONE),
    (C([PS(0.1, G(1.0)), G(2.0), PS(0.2, L(2.0))]), R.ADD_OR_REMOVE_ONE),
])
def test_brackets_contain_dp_accountings_pld_estimate(ev, rel):
    """dp_accounting's pessimistic PLD at interval 1e-4 lies in the tight bracket, whose
    relative width is at most 0.5%."""
    c = certify_epsilon(ev, "1e-5", rel)
    peer = dpa_eps(ev, 1e-5, rel)
    assert c.tight and c.lower <= peer <= c.upper
    assert c.upper - c.lower <= 0.005 * c.upper


def test_zcdp_is_an_upper_end_only_and_matches_the_optimal_conversion():
    """rho-zCDP: delta(eps) <= inf_a exp((a-1)(a rho - eps))/a (1-1/a)^(a-1) (CKS 2020),
    minimised here by mpmath; a Gaussian composed in adds mu^2/2 to rho."""
    c = certify_delta(C([E.ZCDpEvent(0.25), G(2.0)]), "2")
    rho, e = mpmath.mpf("0.375"), mpmath.mpf(2)
    f = lambda a: mpmath.exp((a - 1) * (a * rho - e)) / a * (1 - 1 / a) ** (a - 1)  # noqa
    a_star = mpmath.findroot(lambda a: (2 * a - 1) * rho - e + mpmath.log(1 - 1 / a), 3)
    truth = f(a_star)
    assert c.lower is None and not c.tight
    assert truth <= c.upper <= truth * (1 + 1e-12)
    ce = certify_epsilon(E.ZCDpEvent(0.5), "1e-5")
    assert ce.lower is None and abs(ce.upper - 4.7283869870) < 1e-6


def test_calibrate_a_heterogeneous_family_certified_on_both_ends():
    """x -> Gaussian(x) + Laplace(2x): the returned lower misses eps = 1 at delta = 1e-3,
    the upper meets it (certified), and the definition agrees at both ends."""
    make = lambda x: C([G(x), L(2 * x)])  # noqa: E731
    cal = calibrate(make, "1", "1e-3", rel_tol=Fraction(1, 50))
    assert cal.at_upper.upper_ball <= arb("1e-3") and cal.at_lower.lower_ball > arb("1e-3")
    for x, above in ((cal.lower, True), (cal.upper, False)):
        inner = lambda e2, x=x: gau_h(x, e2)  # noqa: E731
        t = _composed_truth(lap(2 * x), lap(2 * x, 1), inner, mpmath.mpf(1))
        assert (t > mpmath.mpf("1e-3")) == above
