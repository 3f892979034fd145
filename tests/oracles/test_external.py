"""Agreement with dp_accounting and autodp (float libraries) to about 1e-12 relative."""

import math

import pytest

import dpproof.oracles as O
from tests.oracles.conftest import q

SIGMAS = [(1, 2), (1, 1), (3, 2), (2, 1), (5, 1)]
EPSS = [(0, 1), (1, 4), (1, 1), (2, 1)]


def _f(x):
    return float(x.mid())


def _close(a, b, rel=1e-11, absolute=1e-300):
    return abs(a - b) <= rel * max(abs(a), abs(b)) + absolute


def _gauss_delta(s, e):
    return O.hockey_stick(O.Normal(q(0), q(*s)), O.Normal(q(1), q(*s)), q(*e))


@pytest.mark.parametrize("s", SIGMAS)
@pytest.mark.parametrize("e", EPSS)
def test_dp_accounting_gaussian_delta(s, e):
    mech = pytest.importorskip("dp_accounting.pld.privacy_loss_mechanism")
    ref = mech.GaussianPrivacyLoss(s[0] / s[1], sensitivity=1.0).get_delta_for_epsilon(e[0] / e[1])
    assert _close(_f(_gauss_delta(s, e)), ref, absolute=1e-16)


@pytest.mark.parametrize("s", SIGMAS)
@pytest.mark.parametrize("e", EPSS)
def test_autodp_analytic_gaussian(s, e):
    dp_bank = pytest.importorskip("autodp.dp_bank")
    ref = math.exp(dp_bank.get_logdelta_ana_gaussian(s[0] / s[1], e[0] / e[1]))
    assert _close(_f(_gauss_delta(s, e)), ref, absolute=1e-16)


@pytest.mark.parametrize("s", SIGMAS)
@pytest.mark.parametrize("a", [(3, 2), (2, 1), (8, 1)])
def test_gaussian_and_laplace_rdp_against_both(s, a):
    rdp_bank = pytest.importorskip("autodp.rdp_bank")
    rdp = pytest.importorskip("dp_accounting.rdp.rdp_privacy_accountant")
    import dp_accounting
    sf, af = s[0] / s[1], a[0] / a[1]
    g = _f(O.renyi(O.Normal(q(0), q(*s)), O.Normal(q(1), q(*s)), q(*a)))
    acc = rdp.RdpAccountant([af])
    acc.compose(dp_accounting.GaussianDpEvent(sf))
    assert _close(g, float(acc._rdp[0])) and _close(g, rdp_bank.RDP_gaussian({"sigma": sf}, af))
    lap = _f(O.renyi(O.Laplace(q(0), q(*s)), O.Laplace(q(1), q(*s)), q(*a)))
    assert _close(lap, rdp_bank.RDP_laplace({"b": sf}, af))
    assert _close(lap, rdp._laplace_rdp(1 / sf, af), rel=1e-9)


@pytest.mark.parametrize("e0", [(1, 10), (1, 2), (1, 1)])
@pytest.mark.parametrize("a", [(2, 1), (5, 1), (20, 1)])
def test_autodp_randomized_response_rdp(e0, a):
    rdp_bank = pytest.importorskip("autodp.rdp_bank")
    e = q(*e0)
    P, Q = O.randomized_response(e, 2, 0), O.randomized_response(e, 2, 1)
    p = math.exp(e0[0] / e0[1]) / (1 + math.exp(e0[0] / e0[1]))
    assert _close(_f(O.renyi(P, Q, q(*a))), rdp_bank.RDP_randresponse({"p": p}, a[0] / a[1]))


@pytest.mark.parametrize("k", [1, 10, 100, 1000])
@pytest.mark.parametrize("eps", [(1, 2), (2, 1), (5, 1)])
def test_dp_accounting_pure_dp_composition(k, eps):
    pld = pytest.importorskip("dp_accounting.pld.privacy_loss_distribution")
    common = pytest.importorskip("dp_accounting.pld.common")
    e0 = 0.125  # dyadic: the PLD grid of width e0 represents the losses +-e0 exactly
    base = pld.from_privacy_parameters(common.DifferentialPrivacyParameters(e0, 0),
                                       value_discretization_interval=e0)
    ref = base.self_compose(k).get_delta_for_epsilon(eps[0] / eps[1])
    ours = _f(O.rr_compose_delta(k, q(1, 8), q(*eps)))
    assert _close(ours, ref, rel=1e-9, absolute=1e-15)
