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
'''


@pytest.fixture(scope="module")
def answers(tmp_path_factory):
    path = tmp_path_factory.mktemp("acct") / "acct.claims.toml"
    path.write_text(CLAIMS)
    return {c.id: check_claim(c, Config()) for c in load_claims_file(path)}


@pytest.mark.parametrize("cid", ["acct.amplification", "acct.rdp_bound",
                                 "acct.zcdp_gaussian", "acct.zcdp_below_bun_steinke"])
def test_true_claims_are_certified(answers, cid):
    assert answers[cid].verdict in (Verdict.CERTIFIED, Verdict.PROVED), answers[cid]


def test_false_claims_are_refuted_with_a_witness_in_the_domain(answers):
    a = answers["acct.amplification_squared"]
    assert a.verdict is Verdict.REFUTED
    w = [e.witness for e in a.evidence if e.verdict is Verdict.REFUTED][0]
    assert w == {"q": "0.5", "eps": "0.5"}
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
