"""The accountant's quantities in claims files: ``dpsgd_delta`` (certified delta(eps) of
Poisson-subsampled Gaussian steps) and ``zcdp_delta`` (the Canonne-Kamath-Steinke optimal
zCDP conversion), each compared with a quantity computed from the definition
(``gauss_delta`` / ``hockey_stick``) or with another theorem's bound: true claims
CERTIFIED, false ones REFUTED with a witness inside the domain."""

from fractions import Fraction

import pytest
from flint import arb, ctx, fmpq

from dpproof.claimfile import load_claims_file
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.oracles.composition.accounting_fns import dpsgd_delta_arb, zcdp_delta_arb
from dpproof.runner import check_claim

CLAIMS = '''
[[claim]]
id = "acct.amplification"
source = "Poisson subsampling at rate q: H_eps((1-q) Q + q P || Q) <= q H_eps(P || Q), eps >= 0"
statement = "dpsgd_delta(q, 1, 1, eps) <= q*gauss_delta(eps, 1, 1)"
domain = { q = "1/2", eps = "1/2" }

[[claim]]
id = "acct.amplification_squared"
source = "a wrong, quadratic amplification"
statement = "dpsgd_delta(q, 1, 1, eps) <= q^2*gauss_delta(eps, 1, 1)"
domain = { q = "1/2", eps = "1/2" }

[[claim]]
id = "acct.rdp_bound"
source = "RDP at order 4 of 10 steps, converted (Canonne-Kamath-Steinke 2020, Prop. 12)"
statement = "dpsgd_delta(1/10, 1, 10, 1) <= rdp_to_delta(4, 10*subsampled_gaussian_rdp(1/10, 1, 4), 1)"

[[claim]]
id = "acct.zcdp_gaussian"
source = "N(0, 1) vs N(1, 1) is 1/2-zCDP: its delta(eps) is below the optimal conversion"
statement = "hockey_stick(Normal(0, 1), Normal(1, 1), eps) <= zcdp_delta(1/2, eps)"
domain = { eps = ["1/2", 1] }

[[claim]]
id = "acct.zcdp_is_exact"
source = "a wrong claim: the conversion is the Gaussian's delta"
statement = "zcdp_delta(1/2, eps) <= hockey_stick(Normal(0, 1), Normal(1, 1), eps)"
domain = { eps = ["1/2", 1] }

[[claim]]
id = "acct.zcdp_below_bun_steinke"
source = "the optimal conversion is below exp(-(eps - rho)^2/(4 rho)) (Bun-Steinke 2016)"
statement = "zcdp_delta(rho, eps) <= exp(-(eps - rho)^2/(4*rho))"
domain = { rho = ["1/10", "1/2"], eps = [1, 2] }

[[claim]]
id = "acct.mixture_amplification"
source = "the subsampled pair from the definition: H_eps((1-q) N(0,1) + q N(1,1) || N(0,1)) <= q H_eps(N(1,1) || N(0,1))"
statement = "hockey_stick(Mixture(q, Normal(0, 1), Normal(1, 1)), Normal(0, 1), eps) <= q*gauss_delta(eps, 1, 1)"
domain = { q = "1/10", eps = 1 }

[[claim]]
id = "acct.mixture_amplification_add"
source = "the same, the other direction"
statement = "hockey_stick(Normal(0, 1), Mixture(q, Normal(0, 1), Normal(1, 1)), eps) <= q*gauss_delta(eps, 1, 1)"
domain = { q = "1/10", eps = 1 }

[[claim]]
id = "acct.mixture_amplification_linear"
source = "a wrong amplification: eps' = q eps (below log(1 + q(e^eps - 1)))"
statement = "hockey_stick(Mixture(q, Normal(0, 1), Normal(1, 1)), Normal(0, 1), q*eps) <= q*gauss_delta(eps, 1, 1)"
domain = { q = "1/10", eps = 1 }
'''


@pytest.fixture(scope="module")
def answers(tmp_path_factory):
    path = tmp_path_factory.mktemp("acct") / "acct.claims.toml"
    path.write_text(CLAIMS)
    return {c.id: check_claim(c, Config()) for c in load_claims_file(path)}


@pytest.mark.parametrize("cid", ["acct.amplification", "acct.rdp_bound",
                                 "acct.mixture_amplification", "acct.mixture_amplification_add",
                                 "acct.zcdp_gaussian", "acct.zcdp_below_bun_steinke"])
def test_true_claims_are_certified(answers, cid):
    assert answers[cid].verdict in (Verdict.CERTIFIED, Verdict.PROVED), answers[cid]


def test_false_claims_are_refuted_with_a_witness_in_the_domain(answers):
    a = answers["acct.amplification_squared"]
    assert a.verdict is Verdict.REFUTED
    w = [e.witness for e in a.evidence if e.verdict is Verdict.REFUTED][0]
    assert w == {"q": "0.5", "eps": "0.5"}
    a = answers["acct.mixture_amplification_linear"]
    assert a.verdict is Verdict.REFUTED
    assert [e.witness for e in a.evidence if e.verdict is Verdict.REFUTED][0] == {
        "q": "0.1", "eps": "1"}
    a = answers["acct.zcdp_is_exact"]
    assert a.verdict is Verdict.REFUTED
    w = [e.witness for e in a.evidence if e.verdict is Verdict.REFUTED][0]
    assert Fraction(1, 2) <= Fraction(w["eps"]) <= 1


def test_zcdp_delta_values_and_corners():
    """CKS at rho = 1/2, eps = 1 (minimiser alpha* of (2a - 1)/2 - 1 + log(1 - 1/a) = 0),
    against an mpmath minimisation; a ball of arguments holds the values at its corners."""
    import mpmath
    with mpmath.workdps(40):
        f = lambda a: mpmath.exp((a - 1) * (a / 2 - 1)) / (a - 1) * (1 - 1 / a) ** a  # noqa
        a_star = mpmath.findroot(lambda a: (2 * a - 1) / 2 - 1 + mpmath.log(1 - 1 / a), 1.8)
        ref = f(a_star)
        assert f(a_star * 1.01) > ref and f(a_star * 0.99) > ref
    with ctx.workprec(128):
        v = zcdp_delta_arb(arb(fmpq(1, 2)), arb(1))
    assert v.rad() < 1e-30 and abs(float(v.mid()) - float(ref)) < 1e-15
    ball = zcdp_delta_arb(arb("0.5 +/- 0.01"), arb("1 +/- 0.01"))
    for r, e in ((fmpq(49, 100), fmpq(101, 100)), (fmpq(51, 100), fmpq(99, 100))):
        assert ball.contains(zcdp_delta_arb(arb(r), arb(e)))


def test_dpsgd_delta_over_a_box_holds_its_corners():
    lo = dpsgd_delta_arb(arb(fmpq(1, 20)), arb(1), 10, arb(1))
    hi = dpsgd_delta_arb(arb(fmpq(1, 10)), arb(1), 10, arb(1))
    box = dpsgd_delta_arb(arb(fmpq(3, 40), fmpq(1, 40)), arb(1), 10, arb(1))
    assert lo.upper() < hi.lower() and box.contains(lo) and box.contains(hi)


def _mix_quad(q, e, remove):
    """H_e of (1-q) N(0,1) + q N(1,1) vs N(0,1) (remove) or the reverse, by quadrature of
    (p - e^e q)_+ split at the crossing found by mpmath."""
    import mpmath
    mix = lambda x: (1 - q) * mpmath.npdf(x) + q * mpmath.npdf(x, 1)  # noqa: E731
    p, r = (mix, mpmath.npdf) if remove else (mpmath.npdf, mix)
    f = lambda x: p(x) - mpmath.exp(e) * r(x)  # noqa: E731
    x0 = mpmath.findroot(lambda x: mpmath.log(p(x) / r(x)) - e, 2 if remove else -3)
    ends = [x0, mpmath.inf] if remove else [-mpmath.inf, x0]
    return mpmath.quad(f, ends)


@pytest.mark.parametrize("remove", [True, False])
def test_mixture_hockey_stick_against_quadrature(remove):
    import mpmath
    from dpproof.oracles.distributions import Normal
    from dpproof.oracles.distributions.mixture import mixture, mixture_hockey_stick
    with ctx.workprec(128), mpmath.workdps(30):
        q = arb(fmpq(1, 10))
        M = mixture(q, Normal(arb(0), arb(1)), Normal(arb(1), arb(1)))
        N = Normal(arb(0), arb(1))
        for e in ((fmpq(1, 10), fmpq(1, 2)) if remove else (fmpq(1, 20), fmpq(1, 10))):
            got = mixture_hockey_stick(M, N, arb(e)) if remove else \
                mixture_hockey_stick(N, M, arb(e))
            ref = _mix_quad(mpmath.mpf(1) / 10, mpmath.mpf(int(e.p)) / int(e.q), remove)
            assert got.rad() < 1e-25 and abs(mpmath.mpf(got.mid().str(30, radius=False))
                                              - ref) < mpmath.mpf(10) ** -20
        if not remove:  # {-L > eps} is empty once eps >= -log(1 - q): exactly 0
            assert mixture_hockey_stick(N, M, arb(fmpq(1, 5))) == 0


def test_mixture_of_discrete_laws_and_refusals():
    from dpproof.oracles.distributions import Bernoulli, Laplace, Normal
    from dpproof.oracles.distributions.mixture import mixture, mixture_hockey_stick
    d = mixture(arb(fmpq(1, 4)), Bernoulli(arb(fmpq(1, 2))), Bernoulli(arb(1)))
    assert d.masses[0] == arb(fmpq(3, 8)) and d.masses[1] == arb(fmpq(5, 8))
    with pytest.raises(ValueError, match="one exactly equal sigma"):
        mixture(arb(fmpq(1, 2)), Normal(arb(0), arb(1)), Normal(arb(1), arb(2)))
    with pytest.raises(ValueError, match="one exactly equal sigma"):
        mixture(arb(fmpq(1, 2)), Normal(arb(0), arb(1)), Laplace(arb(1), arb(1)))
    two_sided = mixture(arb(fmpq(1, 2)), Normal(arb(-1), arb(1)), Normal(arb(1), arb(1)))
    with pytest.raises(TypeError, match="one side"):
        mixture_hockey_stick(two_sided, Normal(arb(0), arb(1)), arb(1))
