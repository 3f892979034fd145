import mpmath
from flint import arb

import dpproof.oracles as O
from tests.oracles.conftest import q, rel_rad


def test_every_family_is_normalised():
    s = arb(40).sqrt()
    for D in (O.Normal(q(1, 3), q(2)), O.Laplace(q(-1), q(1, 3)), O.OSGT(q(0), s, q(3)),
              O.TruncNormal(q(1), q(1, 2), q(2, 3)), O.DataDependentNormal(q(2), q(1, 2))):
        m = D.mass()
        assert m.contains(1) and m.rad() < 1e-33, (D, m)


def test_support_and_kinks():
    T = O.TruncNormal(q(0), q(1), q(2))
    assert T.support() == (q(-2), q(2))
    assert O.Laplace(q(1), q(1)).kinks() == [q(1)]
    assert O.Normal(q(0), q(1)).support() == (None, None)
    assert T.pdf(q(3)) == 0


def test_pdf_values_match_mpmath():
    mpmath.mp.dps = 40
    y = q(7, 10)
    lap = O.Laplace(q(0), q(2)).pdf(y)
    assert lap.overlaps((-y / 2).exp() / 4) and rel_rad(lap) < 1e-30
    v = O.Normal(q(1), q(2)).pdf(y)
    ref = mpmath.npdf(mpmath.mpf(7) / 10, 1, 2)
    assert abs(float(v.mid()) - float(ref)) < 1e-15 and rel_rad(v) < 1e-30


def test_osgt_density_formula():
    s, m = q(2), q(3)
    D = O.OSGT(q(0), s, m)
    y = q(-5, 4)
    S = s * (2 * arb.pi()).sqrt() * (m / s / arb(2).sqrt()).erfc()
    ref = (-(abs(y) + m) ** 2 / (2 * s * s)).exp() / S
    assert D.pdf(y).overlaps(ref) and rel_rad(D.pdf(y)) < 1e-30


def test_genrr_pair_log_ratios():
    e0, t = q(1), q(3, 10)
    P, Q = O.genrr_pair(e0, t)
    assert (P.masses[0] / Q.masses[0]).log().overlaps(t)
    assert (P.masses[1] / Q.masses[1]).log().overlaps(t - e0)
    assert (P.masses[0] + P.masses[1]).contains(1)


def test_normal_product_density_matches_quadrature():
    NP = O.NormalProduct(q(1), q(1, 2), q(1, 5))
    mpmath.mp.dps = 30
    ph = mpmath.npdf
    for y in (q(1), q(-1, 2), q(5, 2)):
        yy = mpmath.mpf(y.mid().str(30, radius=False))
        ref = mpmath.quad(lambda u: ph(u, 1, mpmath.mpf(1) / 2) * ph(yy / u, 1, mpmath.mpf(1) / 5) / abs(u),
                          [-mpmath.inf, -1, 0, 0.25, 0.5, 1, 2, 4, mpmath.inf])
        v = NP.pdf(y)
        assert abs(v.mid() - arb(mpmath.nstr(ref, 25))) < 1e-20 + v.rad(), (y, v, ref)
        assert v.rad() < 1e-25


def test_normal_product_total_mass_is_positive_ball():
    assert O.NormalProduct(q(1), q(1), q(1)).pdf(arb(0)) == arb.pos_inf()


def test_product_joint_enumeration():
    B = O.Bernoulli(q(1, 3))
    J = O.ProductDistribution((B, B, B)).joint_discrete()
    assert len(J.masses) == 8 and sum(J.masses, arb(0)).contains(1)
