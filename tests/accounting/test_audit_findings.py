"""The audit's findings as claims: Opacus's GDP accountant and GDP calibration are not
conservative, dp_accounting 0.6.0's PLD accountant ignores the count of a self-composed
randomized response; the controls (RDP, PRV, the composed list) are not refuted (Opacus's
PRV epsilon is certified above the optimum at its test point: the bracket is 1e-5 wide)."""

import warnings
from fractions import Fraction

import pytest
import sympy

from dpproof.accounting import dpsgd_epsilon
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.runner import check_claim

CFG = Config(search_examples=40, grid=4, engine_timeout=60, timeout=120)


def _claim(mod, cid):
    return next(c for c in mod.CLAIMS if c.id == cid)


def _verdicts(mod, prefix):
    return {c.id: check_claim(c, CFG) for c in mod.CLAIMS if c.id.startswith(prefix)}


@pytest.mark.slow
def test_opacus_findings_refuted_controls_supported():
    mod = pytest.importorskip("theorems.audit_opacus")
    got = _verdicts(mod, "opacus.")
    assert {k: a.verdict for k, a in got.items()} == {
        "opacus.gdp.dpsgd.eps.conservative": Verdict.REFUTED,
        "opacus.gdp.test_vector.eps_below_6_6": Verdict.REFUTED,
        "opacus.gdp.calibration.meets_target": Verdict.REFUTED,
        "opacus.gdp.calibration.test_vector": Verdict.REFUTED,
        "opacus.rdp.dpsgd.eps.conservative": Verdict.SUPPORTED,
        "opacus.rdp.calibration.meets_target": Verdict.SUPPORTED,
        "opacus.prv.dpsgd.eps.conservative": Verdict.SUPPORTED,
        "opacus.prv.dpsgd.eps.within_1pct": Verdict.SUPPORTED}
    w = got["opacus.gdp.dpsgd.eps.conservative"].witness
    assert sympy.Rational(w["q"]) == sympy.Rational(*Fraction(0.04).as_integer_ratio())
    assert (w["sigma"], w["steps"]) == ("1.5", "2249")


def test_opacus_gdp_values_against_the_certified_brackets():
    pytest.importorskip("opacus")
    from opacus.accountants import GaussianAccountant
    from opacus.accountants.utils import get_noise_multiplier
    q, d = Fraction(0.04), Fraction(1e-5)  # the doubles Opacus's tests pass
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        acc = GaussianAccountant()
        acc.history = [(1.5, 0.04, 2249)]
        eps = acc.get_epsilon(delta=1e-5)
        sigma = get_noise_multiplier(target_epsilon=8, target_delta=1e-5, sample_rate=0.04,
                                     epochs=90, accountant="gdp")
    assert 6.59 < eps < 6.6 and sigma == 1.3232421875
    b = dpsgd_epsilon(q, Fraction(3, 2), 2249, d)
    assert 6.76703 < b.lower <= b.upper < 6.76706 and b.lower_ball > eps
    c = dpsgd_epsilon(q, Fraction(sigma), 2250, d)  # get_noise_multiplier: int(90 / 0.04)
    assert 8.22000 < c.lower <= c.upper < 8.22002 and c.lower_ball > 8


def test_dp_accounting_self_composed_rr_findings():
    mod = pytest.importorskip("theorems.audit_dp_accounting")
    got = _verdicts(mod, "dp_accounting.pld.rr.")
    assert {k: a.verdict for k, a in got.items()} == {
        "dp_accounting.pld.rr.self_composed.delta.conservative": Verdict.REFUTED,
        "dp_accounting.pld.rr.composed_list.delta.conservative": Verdict.SUPPORTED,
        "dp_accounting.pld.rr.self_composed.eps.conservative": Verdict.REFUTED}
    assert got["dp_accounting.pld.rr.self_composed.delta.conservative"].witness == {
        "p": "0.5", "k": "4", "n": "10", "eps": "1"}


def test_dp_accounting_self_composed_rr_values():
    dpa = pytest.importorskip("dp_accounting")
    from dp_accounting.pld.pld_privacy_accountant import PLDAccountant
    from dpproof.accounting import certify_delta
    rr = dpa.RandomizedResponseDpEvent(0.5, 4)
    rel = dpa.NeighboringRelation.REPLACE_ONE
    vals = []
    for ev in (dpa.SelfComposedDpEvent(rr, 10), rr, dpa.ComposedDpEvent([rr] * 10)):
        acc = PLDAccountant(rel)
        acc.compose(ev)
        vals.append(acc.get_delta(1.0))
    assert vals[0] == vals[1]  # ten steps accounted as one
    ten = certify_delta(dpa.SelfComposedDpEvent(rr, 10), 1, rel)
    assert ten.tight and ten.lower > 0.93981 and ten.lower_ball > vals[0]
    assert vals[2] >= ten.upper  # the list is composed, conservatively


def test_dp_accounting_fractional_order_is_above_the_divergence():
    mod = pytest.importorskip("theorems.audit_dp_accounting")
    got = _verdicts(mod, "dp_accounting.rdp.subsampled_gaussian.frac.")
    assert {k: a.verdict for k, a in got.items()} == {
        "dp_accounting.rdp.subsampled_gaussian.frac.matches_divergence": Verdict.REFUTED,
        "dp_accounting.rdp.subsampled_gaussian.frac.conservative": Verdict.SUPPORTED}
