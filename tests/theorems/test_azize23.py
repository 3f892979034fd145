"""azize23: catalogue coverage, closed forms against oracles, and the oracles themselves."""

from fractions import Fraction

import mpmath
import pytest
import sympy
from flint import arb
from scipy import integrate, stats

import theorems.azize23 as mod
from dpproof.engines.base import Config
from dpproof.lowering import arb_ball, lower
from dpproof.oracles import distributions as dist
from dpproof.oracles import divergences as div
from dpproof.oracles import moments as G
from dpproof.oracles import moments as MO
from dpproof.oracles.distributions import normal_product as M
from dpproof.runner import flatten

from ._catalogue import A, contains, prec128  # noqa: F401 - prec128 is a fixture
from ._catalogue import catalogue_ids as _catalogue_ids

#: a proof is what is tested, not its speed: generous limits for a loaded machine
PROOF = Config(timeout=600, engine_timeout=300)

pytestmark = pytest.mark.usefixtures("prec128")


def dawson(z):
    return mpmath.sqrt(mpmath.pi) / 2 * mpmath.exp(-z * z) * mpmath.erfi(z)


def catalogue_ids():
    return set(_catalogue_ids("azize23"))


def test_every_catalogue_id_exactly_once_and_extras_are_suffixed():
    ids = [c.id for c in flatten(mod.CLAIMS)]
    cat = catalogue_ids()
    assert len(cat) == 14
    assert len(ids) == len(set(ids))
    assert cat <= set(ids)
    for extra in set(ids) - cat:
        assert any(extra.startswith(c + ".") for c in cat), extra


def test_module_is_data_and_cites_its_source():
    assert mod.SOURCE_FILE == "000_9898914606e568bb.txt"
    assert "Azize" in mod.__doc__ and "2023" in mod.__doc__
    for c in flatten(mod.CLAIMS):
        assert c.source.key == "azize23" and c.source.file == mod.SOURCE_FILE


def test_accuracy_chain_links_connect():
    acc = next(c for c in mod.CLAIMS if c.id == "azize23.alg1.accuracy")
    rels = [s.statement.rel for s in acc.steps]
    assert [s.id.rsplit(".", 1)[1] for s in acc.steps] == ["step1", "step2", "step3"]
    assert rels == ["<=", "==", "<="]
    assert acc.steps[0].statement.lhs == acc.statement.lhs
    assert acc.steps[-1].statement.rhs == acc.statement.rhs


def margin_at(cid, **point):
    c = next(c for c in flatten(mod.CLAIMS) if c.id == cid)
    f = lower(c.statement.margin(), c.domain.names, "arb")
    return f(*[arb_ball(sympy.Rational(point[n])) for n in c.domain.names])


# ------------------------------------------------------------------------- reference values

def test_renyi_exact_is_off_by_log_of_ratio():
    """The printed 2 log((x+1)/x) should be log((x+1)/x): the gap is exactly log((x+1)/x)."""
    x, r, a = A(3), A("0.5"), A(2)
    D = div.renyi(dist.DataDependentNormal(x, r), dist.DataDependentNormal(x + 1, r), a)
    printed = (2 * ((x + 1) / x).log() + ((x * x + 2 * x + 1) / (x * x + a * (2 * x + 1))).log()
               / (2 * (a - 1)) + a / (2 * (r * r * x * x + a * r * r * (2 * x + 1))))
    contains(printed - D, mpmath.log(mpmath.mpf(4) / 3), 1e-30)


def test_kl_gauss_literal_gap_is_log_ratio():
    m = margin_at("azize23.alg1.kl_gauss", a=1, b=7, k=2)   # X = 1/4, X' = 7/4
    contains(-m, mpmath.log(7), 1e-30)
    assert abs(margin_at("azize23.alg1.kl_gauss.intended.instances", a=-2, b=5, k=3)) < 1e-30
    # the same point on the continuous domain: X = -1/2 = (2j - 1) u, X' = 5/4 = (2l - 1) v
    assert abs(margin_at("azize23.alg1.kl_gauss.intended", u="1/2", v="5/4", j=0, l=1,
                         r="3/4")) < 1e-30


def test_pv_moments_square_ratio_is_half_the_finite_part():
    x, s = 6, 1
    fp = G.fp_inv_sq_moment(A(x - 1), A(s))
    z = mpmath.mpf(x - 1) / (mpmath.sqrt(2) * s)
    printed = 1 / (2 * mpmath.mpf(s) ** 2) * (mpmath.sqrt(2) * (x - 1) / s * dawson(z) - 1)
    contains(fp, 2 * printed, 1e-30)


def test_kl_bound_rhs_negative_at_the_witness():
    assert margin_at("azize23.alg1.kl_bound", x=2, j=0, s=1, k=1) < 0


def test_groupwise_reverse_direction_is_infinite_for_large_alpha():
    x, r, a = A(4), A("0.25"), A(5)   # alpha > (x+1)^2/(2x+1) = 25/9
    D = div.renyi(dist.DataDependentNormal(x + 1, r), dist.DataDependentNormal(x, r), a)
    assert not D.is_finite() and D > 0


# ------------------------------------------------------------------------- oracles

@pytest.mark.parametrize("mu,sigma", [(0, 1), (1, 1), (3, 2), (-2, 1), (1, 3), (40, 1)])
def test_pv_inverse_moment_matches_dawson(mu, sigma):
    ref = mpmath.sqrt(2) / sigma * dawson(mpmath.mpf(mu) / (mpmath.sqrt(2) * sigma))
    contains(G.pv_inv_moment(A(mu), A(sigma)), ref, 1e-35)


def test_pv_inverse_moment_matches_symmetric_truncation():
    """Independent: lim int_{|u| >= e} phi/u by mpmath at a small e."""
    mu, sigma, e = mpmath.mpf(1), mpmath.mpf(2), mpmath.mpf("1e-12")
    phi = lambda u: mpmath.npdf(u, mu, sigma)  # noqa: E731
    ref = mpmath.quad(lambda u: (phi(u) - phi(-u)) / u, [e, 1, 4, 30])
    contains(G.pv_inv_moment(A(1), A(2)), ref, 1e-10)


@pytest.mark.parametrize("mu,sigma", [(0, 1), (1, 1), (3, 2), (-2, 1)])
def test_finite_part_matches_definition(mu, sigma):
    """lim [int_{|u| >= e} phi/u^2 - 2 phi(0)/e], by mpmath at e = 1e-15 (error O(e))."""
    phi = lambda u: mpmath.npdf(u, mu, sigma)  # noqa: E731
    e = mpmath.mpf("1e-15")
    ref = mpmath.quad(lambda u: (phi(u) + phi(-u)) / u**2, [e, 1e-8, 1e-4, 1, abs(mu) + 1,
                                                             abs(mu) + 40 * sigma]) - 2 * phi(0) / e
    contains(G.fp_inv_sq_moment(A(mu), A(sigma)), ref, 1e-12)


def test_truncated_inverse_moments_diverge():
    a = G.trunc_abs_inv_moment(A(0), A(1), A(2) ** -30)
    b = G.trunc_abs_inv_moment(A(0), A(1), A(2) ** -10)
    contains(a - b, 2 * stats.norm.pdf(0) * 20 * mpmath.log(2), 1e-6)
    c = G.trunc_inv_sq_moment(A(0), A(1), A(2) ** -20)
    assert c > 2 * stats.norm.pdf(0) * (2**20 - 1) * 0.99
    assert G.trunc_abs_inv_moment(A(0), A(1), A(0)).is_nan()


def hierarchical_expectation(g, x, s, r, n=2001):
    """E[g(Y)] for X ~ N(x, s^2), Y | X = u ~ N(u, (r u)^2), by a 2-d trapezoid rule over
    (u, t) with Y = u + r |u| t, t ~ N(0, 1) (numpy; independent of the oracles)."""
    import numpy as np
    u = np.linspace(x - 12 * s, x + 12 * s, n)
    t = np.linspace(-12, 12, n)
    U, T = np.meshgrid(u, t, indexing="ij")
    w = stats.norm.pdf(U, x, s) * stats.norm.pdf(T)
    return np.trapezoid(np.trapezoid(g(U + r * np.abs(U) * T) * w, t, axis=1), u)


def test_alg1_moments_against_double_integral():
    x, s, r = 2.0, 1.0, 0.5
    ref1 = hierarchical_expectation(lambda y: y, x, s, r)
    ref2 = hierarchical_expectation(lambda y: y * y, x, s, r)
    contains(M.alg1_moment_arb(A(2), A(1), A("0.5"), A(1)), ref1, 1e-6)
    contains(M.alg1_variance_arb(A(2), A(1), A("0.5")), ref2 - ref1**2, 1e-6)
    assert M.alg1_moment_arb(A(2), A(1), A("0.5"), A(3)).is_nan()


@pytest.mark.parametrize("x,s,r", [(0, 1, "0.5"), (3, 1, "0.5"), (1, 2, "1"), (5, 1, "0.25")])
def test_alg1_abs_dev_against_double_integral(x, s, r):
    ref = hierarchical_expectation(lambda y: abs(y - x), x, s, float(Fraction(r)))
    contains(M.alg1_abs_dev_arb(A(x), A(s), A(r)), ref, 2e-5)


@pytest.mark.parametrize("x,y", [(0, "0.5"), (1, "-1.5"), (2, "2.5")])
def test_product_density_and_series_against_scipy(x, y):
    yy = float(Fraction(y))
    ref = integrate.quad(lambda u: stats.norm.pdf(u, x, 1) * stats.norm.pdf(yy / u, 1, 0.5)
                         / abs(u), -12, 14, points=[0], limit=400)[0]
    pdf = M.normal_product_pdf_arb(A(x), A(1), A("0.5"), A(y))
    contains(pdf, ref, 1e-7)
    contains(M.cyik16_series_arb(A(x), A(1), A("0.5"), A(y)), ref, 1e-7)
    assert M.normal_product_pdf_arb(A(x), A(1), A("0.5"), A(0)).is_nan()


def test_cyik16_series_is_not_symmetric_in_y():
    """A check that can fail: the series must follow the asymmetry of X Z for x > 0."""
    a = M.cyik16_series_arb(A(2), A(1), A("0.5"), A("1.5"))
    b = M.cyik16_series_arb(A(2), A(1), A("0.5"), A("-1.5"))
    assert a > b


def test_product_kl_enclosure():
    kl = M.normal_product_kl_arb(A(3), A(2), A("0.5"), A(4))
    # [binary KL of sign(Y), KL(X||X') = 1/8]; arb radii carry 30 bits
    assert kl.lower() > 0 and kl.upper() >= arb(1) / 8
    assert kl.upper() <= arb(1) / 8 + arb(2) ** -28


def test_normal_moments():
    contains(MO.normal_abs_dev_arb(A(10), A(5), A(10)), 5 * (2 / mpmath.pi) ** 0.5, 1e-30)
    contains(MO.normal_variance_arb(A(10), A(5)), 25, 1e-30)


# ------------------------------------------------------------------------- repairs

def test_every_refuted_claim_has_a_repair_or_says_why():
    ids = {c.id for c in flatten(mod.CLAIMS)}
    for cid in ("azize23.alg1.kl_gauss", "azize23.alg1.pv_moments",
                "azize23.alg1.pv_moments.sq_ratio", "azize23.alg2.renyi_exact",
                "azize23.alg2.groupwise_zcdp"):
        assert cid + ".repaired" in ids, cid
    notes = {c.id: c.note for c in flatten(mod.CLAIMS)}
    assert "no .repaired" in notes["azize23.alg1.kl_bound"]
    for cid in ("azize23.alg2.groupwise_zcdp.add_reverse", "azize23.alg2.groupwise_zcdp.remove"):
        assert "no (v, xi) budget repairs it" in notes[cid]


def test_repaired_margins_vanish_where_the_printed_ones_do_not():
    # the witnesses of the refutations: the corrected statements hold there
    assert abs(margin_at("azize23.alg1.pv_moments.sq_ratio.repaired", x=6, j=0, s=1)) < 1e-30
    assert margin_at("azize23.alg1.pv_moments.sq_ratio", x=6, j=0, s=1) < -1e-3
    assert abs(margin_at("azize23.alg2.renyi_exact.repaired.instances", x=3, k=1, i=2)) < 1e-30
    assert abs(margin_at("azize23.alg2.renyi_exact.repaired", x="3/2", r="1/3", alpha=5)) < 1e-30
    assert margin_at("azize23.alg2.groupwise_zcdp.repaired", x=4, r="1/4", alpha="5/4") > 0
    assert abs(margin_at("azize23.alg1.kl_gauss.repaired", X="1/4", Xp="7/4", r="1/2")) < 1e-30


def test_repairs_are_decided_on_the_sources_domain():
    from dpproof.engines.base import Config
    from dpproof.runner import check_claim
    by_id = {c.id: c for c in flatten(mod.CLAIMS)}
    kl_fix = check_claim(by_id["azize23.alg1.kl_gauss.repaired"], Config())
    assert kl_fix.verdict.value == "PROVED" and kl_fix.label == "PROVED"
    assert by_id["azize23.alg1.kl_gauss.repaired"].domain.instance_count is None
    gz = check_claim(by_id["azize23.alg2.groupwise_zcdp.repaired"], PROOF)
    assert gz.verdict.value == "PROVED" and gz.label == "PROVED"   # x >= 2, r > 0, alpha > 1
    assert by_id["azize23.alg2.groupwise_zcdp.repaired"].domain.instance_count is None


def test_witnesses_carry_the_source_parameters():
    c = next(c for c in flatten(mod.CLAIMS) if c.id == "azize23.alg2.renyi_exact")
    assert dict(c.derived_values({"x": "3", "k": "1", "i": "2"})) == {"r": "0.25",
                                                                        "alpha": "1.5"}
    kg = next(c for c in flatten(mod.CLAIMS) if c.id == "azize23.alg1.kl_gauss")
    assert dict(kg.derived_values({"a": "1", "b": "7", "k": "2"})) == {
        "X": "0.25", "Xp": "1.75", "r": "0.5"}


STATED_ON_THE_SOURCE_DOMAIN = (
    "azize23.alg1.mean", "azize23.alg1.variance", "azize23.alg1.variance.step1",
    "azize23.alg1.accuracy.step2", "azize23.alg1.accuracy.step3", "azize23.alg1.kl_gauss.intended",
    "azize23.alg1.pv_moments.xp_over_x", "azize23.alg1.pv_moments.x_over_xp",
    "azize23.alg1.pv_moments.sq_ratio.repaired", "azize23.alg2.accuracy",
    "azize23.alg2.accuracy.step1", "azize23.alg2.accuracy.step2",
    "azize23.alg2.renyi_exact.repaired", "azize23.alg2.renyi_bound",
    "azize23.alg2.groupwise_zcdp.add", "azize23.alg2.groupwise_zcdp.remove_reverse")


def test_moment_identities_are_stated_on_the_continuous_domain_and_proved():
    """The catalogue claims are stated for every x >= 0 (or > 0), s > 0, r > 0 (alpha > 1),
    their grids kept as .instances; the symbolic engine proves them from the densities."""
    from dpproof.engines.exact import engine as symbolic
    from dpproof.engines.base import Config
    by_id = {c.id: c for c in flatten(mod.CLAIMS)}
    for cid in STATED_ON_THE_SOURCE_DOMAIN:
        c = by_id[cid]
        assert c.domain.instance_count is None, cid
        assert any(iv.hi is None for _, iv in c.domain.params), cid   # unbounded
        ev = symbolic.check(c, Config())
        assert ev.verdict.value == "PROVED", (cid, ev.detail)
    for cid in ("azize23.alg1.mean", "azize23.alg1.variance", "azize23.alg2.accuracy",
                "azize23.alg2.renyi_bound", "azize23.alg2.groupwise_zcdp.add"):
        assert by_id[cid + ".instances"].domain.instance_count


def test_refuted_groupwise_directions_are_stated_on_every_count():
    """The directions from the larger to the smaller count and the parent: every count
    x >= 2 (integers, unbounded), r > 0, alpha > 1, so that a witness is a count; the holding
    directions on the reals x >= 2 (a superset of the counts)."""
    by_id = {c.id: c for c in flatten(mod.CLAIMS)}
    for cid in ("azize23.alg2.groupwise_zcdp", "azize23.alg2.groupwise_zcdp.add_reverse",
                "azize23.alg2.groupwise_zcdp.remove"):
        x = dict(by_id[cid].domain.params)["x"]
        assert (x.lo, x.hi, x.integer) == (2, None, True), cid
        assert by_id[cid + ".instances"].domain.instance_count == 684
    for cid in ("azize23.alg2.groupwise_zcdp.add", "azize23.alg2.groupwise_zcdp.remove_reverse"):
        x = dict(by_id[cid].domain.params)["x"]
        assert (x.lo, x.hi, x.integer, x.lo_open) == (2, None, False, False), cid


def test_refuted_groupwise_claims_take_r_in_the_problems_range():
    """The Problem (§1) states r in (0, 1], the relative error rate Algorithm 2 takes: the
    refuted statements are stated there, so that a witness is a usable rate; r = 1/4 with the
    order just below the pole x^2/(2x - 1) = 4/3 of the removal direction at x = 2 refutes."""
    by_id = {c.id: c for c in flatten(mod.CLAIMS)}
    for cid in ("azize23.alg2.groupwise_zcdp", "azize23.alg2.groupwise_zcdp.add_reverse",
                "azize23.alg2.groupwise_zcdp.remove"):
        r = dict(by_id[cid].domain.params)["r"]
        assert (r.lo, r.hi, r.lo_open, r.hi_open) == (0, 1, True, False), cid
    for cid in ("azize23.alg2.groupwise_zcdp", "azize23.alg2.groupwise_zcdp.remove"):
        assert margin_at(cid, x=2, r="1/4", alpha="13/10") < -50
    assert margin_at("azize23.alg2.groupwise_zcdp.repaired", x=2, r="1/4", alpha="13/10") > 0


def test_printed_square_ratio_is_refuted_on_the_continuous_domain():
    from dpproof.engines.exact import engine as symbolic
    from dpproof.engines.base import Config
    c = next(c for c in flatten(mod.CLAIMS) if c.id == "azize23.alg1.pv_moments.sq_ratio")
    assert c.domain.instance_count is None
    assert symbolic.check(c, Config()).verdict.value == "REFUTED"


# ------------------------------------------------------------- over every law (the calculus)

def _decided(cid):
    from dpproof.checking import check_claim
    c = next(c for c in flatten(mod.CLAIMS) if c.id == cid)
    assert c.proof is not None and c.statement is None
    return c, check_claim(c, PROOF)


@pytest.mark.slow
def test_accuracy_step1_is_a_link_proved_over_every_law():
    """E|Y - x| <= sqrt(V[Y]), the first link of azize23.alg1.accuracy: the perspective p^2/q
    of t^2 (f'' = 2) read at Algorithm 1's law, with E[Y] = x from the densities."""
    from dpproof.checking import check_claim
    c = next(c for c in flatten(mod.CLAIMS) if c.id == "azize23.alg1.accuracy.step1")
    parent = next(c for c in flatten(mod.CLAIMS) if c.id == "azize23.alg1.accuracy")
    assert parent.steps[0] is c and c.statement is not None and c.domain == parent.domain
    assert c.proof.root.rules() == ["convexity", "perspective", "instance"]
    a = check_claim(c, PROOF)
    assert a.verdict.value == "PROVED" and "every law: all 3 premises PROVED" in a.scope
    assert [s.id for s in c.proof.sweeps] == ["azize23.alg1.accuracy.step1.instances"]
    assert "azize23.alg1.accuracy.step1: " in a.evidence[0].data["cross_examination"]


@pytest.mark.slow
def test_renyi_split_over_every_law():
    """D_alpha(Y||Y') = alpha/(alpha - 1) (1 +- 2x)/(2 s^2) + log(int (h(x)/h(x'))^alpha
    f_Y')/(alpha - 1), h = f_Y exp(x^2/(2 s^2) + 1/(2 r^2)), on the source's x >= 0, s, r > 0,
    alpha > 1 and both neighbours: the integral identity (monotonicity both ways) and the
    log algebra at every value of the integral, all PROVED."""
    c, a = _decided("azize23.alg1.renyi_split")
    assert c.extent == "over every law (the calculus: monotonicity, proportional)"
    assert a.verdict.value == "PROVED", a.scope
    prem = c.proof.root.all_premises()
    assert len(prem) == 6
    integrand = next(p for p in prem if "r" in {n for n, _ in p.domain.params})
    assert {n for n, iv in integrand.domain.params if iv.hi is None} >= {"x", "s", "r", "alpha"}
    assert integrand.domain["j"] == mod.common.closed(0, 1, integer=True)
    algebra = prem[-1]
    assert "I" in algebra.domain.names and "by hand" not in c.note.split("earlier")[0]
