"""Oracles from the definition vs independent closed forms (computed at 400 bits)."""

import mpmath
import pytest
from flint import arb

import dpproof.oracles as O
from tests.oracles.conftest import hi, q, rel_rad

SIGMAS = [(1, 2), (1, 1), (3, 1), "sqrt40"]


def sig(spec):
    """Parameters are built inside the test, at the test's precision (not at import)."""
    return arb(40).sqrt() if spec == "sqrt40" else q(*spec)


def Phi(x):
    return (-x / arb(2).sqrt()).erfc() / 2


def balle_wang(eps, s, d):
    """Analytic Gaussian delta: Phi(D/(2s) - eps s/D) - e^eps Phi(-D/(2s) - eps s/D)."""
    return Phi(d / (2 * s) - eps * s / d) - eps.exp() * Phi(-d / (2 * s) - eps * s / d)


@pytest.mark.parametrize("s", SIGMAS)
@pytest.mark.parametrize("alpha", [(11, 10), (2, 1), (20, 1)])
def test_gaussian_renyi(s, alpha):
    ref = hi(lambda: q(*alpha) * q(9, 4) / (2 * sig(s) ** 2))  # parameters rebuilt at 400 bits
    s, alpha, d = sig(s), q(*alpha), q(3, 2)
    v = O.renyi(O.Normal(q(0), s), O.Normal(d, s), alpha)
    assert v.contains(ref) and rel_rad(v) < 1e-30


def test_gaussian_renyi_different_scales_and_infinity():
    s1, s2, a, d = q(1), q(3, 2), q(3), q(1, 2)
    v = O.renyi(O.Normal(q(0), s1), O.Normal(d, s2), a)
    sa2 = a * s2 * s2 + (1 - a) * s1 * s1
    ref = hi(lambda: (s2 / s1).log() + (s2 * s2 / sa2).log() / (2 * (a - 1)) + a * d * d / (2 * sa2))
    assert v.contains(ref) and rel_rad(v) < 1e-30
    assert O.renyi(O.Normal(q(0), q(2)), O.Normal(q(0), q(1)), q(2)) == arb.pos_inf()


def test_kl_normals():
    m1, m2, s1, s2 = q(1, 3), q(-1), q(2), q(1, 2)
    v = O.kl(O.Normal(m1, s1), O.Normal(m2, s2))
    ref = hi(lambda: (s2 / s1).log() + (s1 * s1 + (m1 - m2) ** 2) / (2 * s2 * s2) - arb(1) / 2)
    assert v.contains(ref) and rel_rad(v) < 1e-30


@pytest.mark.parametrize("s", SIGMAS)
@pytest.mark.parametrize("eps", [(0, 1), (1, 10), (1, 1), (4, 1)])
def test_gaussian_hockey_stick_balle_wang(s, eps):
    ref = hi(lambda: balle_wang(q(*eps), sig(s), q(1)))  # parameters rebuilt at 400 bits
    s, eps, d = sig(s), q(*eps), q(1)
    v = O.hockey_stick(O.Normal(q(0), s), O.Normal(d, s), eps)
    assert v.contains(ref)
    assert rel_rad(v) < 1e-30 or v.mid() < 1e-60


def test_gaussian_tv():
    s = q(3, 2)
    v = O.tv(O.Normal(q(0), s), O.Normal(q(1), s))
    assert v.contains(hi(lambda: 2 * Phi(1 / (2 * s)) - 1)) and rel_rad(v) < 1e-30


@pytest.mark.parametrize("b", [(1, 2), (1, 1), (5, 1)])
@pytest.mark.parametrize("alpha", [(3, 2), (2, 1), (30, 1)])
def test_laplace_renyi_mironov(b, alpha):
    b, alpha = q(*b), q(*alpha)
    v = O.renyi(O.Laplace(q(0), b), O.Laplace(q(1), b), alpha)
    a = alpha
    ref = hi(lambda: (a / (2 * a - 1) * ((a - 1) / b).exp()
                      + (a - 1) / (2 * a - 1) * (-a / b).exp()).log() / (a - 1))
    assert v.contains(ref) and rel_rad(v) < 1e-30


def test_laplace_kl_tv_and_degenerate_hockey_stick():
    b = q(2)
    P, Q = O.Laplace(q(0), b), O.Laplace(q(1), b)
    assert O.kl(P, Q).contains(hi(lambda: 1 / b + (-1 / b).exp() - 1))
    assert O.tv(P, Q).contains(hi(lambda: 1 - (-1 / (2 * b)).exp()))
    # eps = Delta/b: the likelihood ratio equals e^eps on a whole half-line; delta = 0
    assert O.hockey_stick(P, Q, q(1, 2)).contains(0)
    assert O.hockey_stick(P, Q, q(1, 2)).rad() < 1e-30
    eps = q(1, 5)  # closed form: 1 - e^{(eps - 1/b)/2}  (Laplace mechanism, Delta=1)
    assert O.hockey_stick(P, Q, eps).contains(hi(lambda: 1 - ((eps - 1 / b) / 2).exp()))


def test_randomized_response_exact():
    e0 = q(7, 10)
    P, Q = O.randomized_response(e0, 2, 0), O.randomized_response(e0, 2, 1)
    p = hi(lambda: e0.exp() / (1 + e0.exp()))
    a = q(3)
    ref = hi(lambda: (p ** a * (1 - p) ** (1 - a) + (1 - p) ** a * p ** (1 - a)).log() / (a - 1))
    assert O.renyi(P, Q, a).contains(ref)
    assert O.kl(P, Q).contains(hi(lambda: (2 * p - 1) * e0))
    assert O.hockey_stick(P, Q, q(0)).contains(hi(lambda: 2 * p - 1))
    assert O.hockey_stick(P, Q, e0).contains(0)
    B = O.Bernoulli
    assert O.renyi(B(q(1, 2)), B(q(1)), q(2)) == arb.pos_inf()
    pl = O.privacy_loss_distribution(P, Q)
    assert pl[0][0].overlaps(e0) and pl[1][0].overlaps(-e0)


def _mp(x):
    return mpmath.mpf(x.mid().str(40, radius=False))


def _quad_ref(P, Q, f, pts):
    """Definition by mpmath quadrature (independent of the piecewise closed form)."""
    mpmath.mp.dps = 40
    return mpmath.quad(lambda y: f(P(y), Q(y)), pts)


def test_osgt_acceptance_point():
    s = arb(40).sqrt()
    P, Q = O.OSGT(q(0), s, q(3)), O.OSGT(q(1), s, q(3))
    v = O.renyi(P, Q, q(20))
    assert v.rad() < 1e-12 and v.is_finite()
    mpmath.mp.dps = 40
    S = mpmath.sqrt(40) * mpmath.sqrt(2 * mpmath.pi) * mpmath.erfc(3 / mpmath.sqrt(80))
    dens = lambda mu: lambda y: mpmath.exp(-(abs(y - mu) + 3) ** 2 / 80) / S  # noqa: E731
    I = mpmath.quad(lambda y: dens(0)(y) ** 20 * dens(1)(y) ** -19, [-mpmath.inf, 0, 1, mpmath.inf])
    assert abs(_mp(v) - mpmath.log(I) / 19) < 1e-25
    h = O.hockey_stick(P, Q, q(1, 10))
    g = lambda y: dens(0)(y) - mpmath.exp(mpmath.mpf(1) / 10) * dens(1)(y)  # noqa: E731
    r = mpmath.findroot(g, mpmath.mpf(3) / 10)  # g > 0 exactly on (-inf, r)
    ref = mpmath.quad(g, [-mpmath.inf, -20, 0, r])
    assert abs(_mp(h) - ref) < 1e-15 and rel_rad(h) < 1e-30


def test_truncnormal_renyi_against_quadrature_and_support_mismatch():
    s, C = q(1), q(3)
    P, Q = O.TruncNormal(q(0), s, C), O.TruncNormal(q(0), s, q(2))
    assert O.renyi(O.TruncNormal(q(0), s, C), O.TruncNormal(q(1), s, C), q(2)) == arb.pos_inf()
    assert O.kl(O.TruncNormal(q(0), s, C), O.TruncNormal(q(1), s, C)) == arb.pos_inf()
    assert O.renyi(P, Q, q(2)) == arb.pos_inf()  # P wider than Q
    v = O.renyi(Q, P, q(2))  # Q inside P: finite
    mpmath.mp.dps = 40
    Z3, Z2 = mpmath.erf(3 / mpmath.sqrt(2)), mpmath.erf(2 / mpmath.sqrt(2))
    ref = mpmath.log(mpmath.quad(lambda y: (mpmath.npdf(y) / Z2) ** 2 / (mpmath.npdf(y) / Z3),
                                 [-2, 0, 2]))
    assert abs(_mp(v) - ref) < 1e-30 and rel_rad(v) < 1e-30
    t = O.tv(O.TruncNormal(q(0), s, C), O.TruncNormal(q(1), s, C))
    assert 0 < t < 1 and rel_rad(t) < 1e-30


@pytest.mark.parametrize("make", [
    lambda s, d: (O.Normal(q(0), s), O.Normal(d, s)),
    lambda s, d: (O.Laplace(q(0), s), O.Laplace(d, s)),
    lambda s, d: (O.OSGT(q(0), s, q(1)), O.OSGT(d, s, q(1))),
])
def test_ball_parameters_enclose_endpoint_values(make):
    s_ball, d_ball = q(2).union(q(41, 20)), q(1).union(q(21, 20))
    P, Q = make(s_ball, d_ball)
    for f in (lambda P, Q: O.renyi(P, Q, q(3)), O.kl, lambda P, Q: O.hockey_stick(P, Q, q(1, 5)),
              O.tv):
        enc = f(P, Q)
        for s in (q(2), q(41, 20)):
            for d in (q(1), q(21, 20)):
                pt = f(*make(s, d))
                assert enc.contains(pt) or enc.is_nan(), (enc, pt)


def test_products_add_and_enumerate():
    N = lambda m: O.Normal(m, q(2))  # noqa: E731
    P = O.ProductDistribution((N(q(0)), N(q(0))))
    Q = O.ProductDistribution((N(q(1)), N(q(1, 2))))
    assert O.renyi(P, Q, q(3)).contains(hi(lambda: q(3) * (1 + q(1, 4)) / 8))
    assert O.kl(P, Q).contains(hi(lambda: (1 + q(1, 4)) / 8))
    e0 = q(1, 2)
    rr = (O.randomized_response(e0, 2, 0), O.randomized_response(e0, 2, 1))
    Pk, Qk = (O.ProductDistribution((d,) * 4) for d in rr)
    assert O.hockey_stick(Pk, Qk, q(1, 3)).overlaps(O.rr_compose_delta(4, e0, q(1, 3)))
