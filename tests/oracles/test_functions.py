import sympy
from flint import arb

import dpproof.oracles  # noqa: F401  (registration)
from dpproof.expr.functions import REGISTRY
from tests.oracles.conftest import q

NAMES = ["Normal", "Laplace", "Bernoulli", "OSGT", "TruncNormal", "DataDependentNormal", "renyi",
         "kl", "hockey_stick", "tv", "rr_compose_delta", "zcdp_eps", "rdp_to_delta",
         "gauss_delta"]


def test_registered_with_arity_and_latex():
    for n in NAMES:
        cls = REGISTRY[n]
        assert cls.opaque and cls.nargs
    R = REGISTRY
    a, s, d = sympy.symbols("alpha sigma Delta", positive=True)
    e = R["renyi"](R["Normal"](0, s), R["Normal"](d, s), a)
    assert sympy.latex(e).startswith(r"D_{\alpha}")
    assert R["Normal"].numeric_value is False and R["renyi"].numeric_value is True


def test_arb_impls():
    R = REGISTRY
    P = R["OSGT"].arb_impl(q(0), q(2), q(1))
    Q = R["OSGT"].arb_impl(q(1), q(2), q(1))
    assert R["renyi"].arb_impl(P, Q, q(2)) > 0
    g = R["gauss_delta"].arb_impl(q(1), q(2), q(1))
    assert g.overlaps(arb("0.0068295949831145753842350128799268727500268629841073"))
    assert R["rr_compose_delta"].arb_impl(arb(3), q(1), q(1)) > 0
    assert R["rr_compose_delta"].arb_impl(q(1, 3), q(1), q(1)).is_nan()
    assert R["tv"].arb_impl(R["Bernoulli"].arb_impl(q(1, 4)), R["Bernoulli"].arb_impl(q(3, 4))) \
        .overlaps(q(1, 2))
