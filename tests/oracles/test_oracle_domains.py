"""RR_{eps,t} (Cesar-Rogers 2021, Section 2) is a distribution only for 0 <= t <= eps: outside
it p_t leaves [0, 1].  Red-team reproducers: ``br_product_delta(3, 1, e, t, g) <= 1`` over
t in [3, 4] (e in [1, 2]) was REFUTED (witness t = 3.5, "hockey-stick" -175) and
``genrr3_delta_bf(e, e, e, t, t, t, 0) >= 0`` there PROVED, both at points where the oracle
is not a hockey-stick of distributions; they are now undefined there (ERROR, as any claim
undefined on part of its domain), never REFUTED / PROVED."""

import pytest
import sympy
from flint import arb

from dpproof.claimfile import load_claims_file
from dpproof.definedness import Undefined
from dpproof.engines.base import Config
from dpproof.expr import vocabulary as V
from dpproof.oracles.distributions import genrr_pair
from dpproof.oracles import symbolic as so
from dpproof.oracles.symbolic import Underivable
from dpproof.runner import check_claim


@pytest.mark.parametrize("eps, t", [(1, 3), (1, -1), (0, 0), (2, "2.0000001")])
def test_genrr_outside_its_range_is_undefined(eps, t):
    with pytest.raises(Undefined):
        genrr_pair(arb(eps), arb(t))


def test_genrr_inside_and_at_its_ends_is_a_distribution():
    for eps, t in ((1, 0), (1, 1), (2, "0.5")):
        P, Q = genrr_pair(arb(eps), arb(t))
        assert not any(m < 0 or m > 1 for m in P.masses + Q.masses)
    P, _ = genrr_pair(arb(1), arb(1))
    assert P.masses[0].contains(0) and P.masses[0].rad() < 1e-10


def test_the_derivation_refuses_a_t_certainly_outside():
    e, t, g = sympy.symbols("e t g", positive=True)
    with pytest.raises(Underivable):
        so.derive_call(V.br_product_delta(3, 1, e, e + t, g))       # t > eps
    with pytest.raises(Underivable):
        so.derive_call(V.genrr3_delta_bf(e, e, e, -t, -t, -t, g))    # t < 0
    so.derive_call(V.br_product_delta(3, 1, e, e / (1 + t), g))      # inside: derived


CLAIMS = """
[[claim]]
id = "red.prod_t_out"
source = "red team: hockey-stick <= 1, t outside [0, eps]"
statement = "br_product_delta(3, 1, e, t, g) <= 1"
domain = { e = [1, 2], t = [3, 4], g = [0, 1] }

[[claim]]
id = "red.genrr3_t_out"
source = "red team: hockey-stick >= 0, t outside [0, eps]"
statement = "genrr3_delta_bf(e, e, e, t, t, t, 0) >= 0"
domain = { e = [1, 2], t = [3, 4] }
"""


@pytest.mark.slow
def test_claims_at_non_distributions_are_neither_refuted_nor_proved(tmp_path):
    path = tmp_path / "genrr.toml"
    path.write_text(CLAIMS)
    cfg = Config(timeout=20.0, engine_timeout=8.0, max_boxes=400, search_examples=40,
                 numeric_dps=(30, 60), grid=5)
    for claim in load_claims_file(path):
        got = check_claim(claim, cfg).verdict.value
        assert got not in ("REFUTED", "PROVED", "CERTIFIED"), (claim.id, got)


def test_truncated_gaussians_take_a_nonnegative_shift():
    """Red team: ``tgauss_fail(1, 1, D) <= 0`` over D in [-2, -1] was CERTIFIED: the formula
    P(Z < Delta - s) is the mass outside the neighbour's support only for Delta >= 0."""
    from dpproof.oracles.isotonic import tgauss_cond_renyi, tgauss_fail_prob
    with pytest.raises(Undefined):
        tgauss_fail_prob(arb(1), arb(1), arb(-1))
    with pytest.raises(Undefined):
        tgauss_cond_renyi(arb(2), arb(1), arb(1), arb("-0.5"), 0)
    assert tgauss_fail_prob(arb(1), arb(1), arb(0)).contains(0)
    assert tgauss_fail_prob(arb(1), arb(1), arb(3)).contains(1)    # disjoint supports
    a, sg, s, D = sympy.symbols("a sg s D", positive=True)
    with pytest.raises(Underivable):
        so.derive_call(V.tgauss_renyi_cond(a + 1, sg, s + 1, -D, 0))
