"""Audit library: the known wrong pure-DP RDP of prv_accountant 0.2.0 is refuted, a correct
implementation of the same quantity is not; audit modules stay out of the default library."""


import pytest
import sympy
from flint import arb, ctx

from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.loader import library_modules
from dpproof.runner import check_claim

pytest.importorskip("prv_accountant")
audit = pytest.importorskip("theorems.audit_prv_accountant")
CFG = Config(search_examples=40, grid=4, engine_timeout=30, timeout=60)


def _claim(cid):
    return next(c for c in audit.CLAIMS if c.id == cid)


def test_prv_pure_dp_rdp_is_refuted_with_a_certified_witness():
    a = check_claim(_claim("prv_accountant.pure_dp.rdp.conservative"), CFG)
    assert a.verdict is Verdict.REFUTED
    eps, alpha = (float(sympy.Rational(a.witness[k])) for k in ("eps", "alpha"))
    from prv_accountant.privacy_random_variables import PureDPMechanism
    got = PureDPMechanism(eps).rdp(alpha)
    assert got == pytest.approx((alpha - 1) * eps / alpha)
    with ctx.workprec(256):  # independent check of the violation: RR divergence in arb
        e, a_ = arb(eps), arb(alpha)
        true = ((a_ * e).exp() + ((1 - a_) * e).exp()).log() / (a_ - 1) \
            - (1 + e.exp()).log() / (a_ - 1)
        assert arb(got) < true * (1 - arb(10) ** -9)


def test_corrected_formula_is_not_refuted():
    a = check_claim(_claim("prv_accountant.pure_dp.rdp.corrected_formula"), CFG)
    assert a.verdict is Verdict.SUPPORTED


def test_a_correct_prv_formula_is_supported_not_certified():
    a = check_claim(_claim("prv_accountant.gaussian.rdp.conservative"), CFG)
    assert a.verdict is Verdict.SUPPORTED
    assert _claim("prv_accountant.gaussian.rdp.conservative").black_box


def test_audit_modules_are_not_in_the_default_library():
    mods = library_modules()
    assert mods and not any(m.startswith("theorems.audit_") for m in mods)


def test_claim_ids_start_with_the_package_name():
    for name in ("audit_prv_accountant", "audit_dp_accounting", "audit_autodp", "audit_opendp",
                 "audit_opacus"):
        mod = pytest.importorskip(f"theorems.{name}")
        pkg = name.removeprefix("audit_")
        assert all(c.id.startswith(pkg + ".") for c in mod.CLAIMS)
        # a claim calls the implementation, or states a value its tests expect
        assert all(c.black_box or "test_vector" in c.id.split(".") for c in mod.CLAIMS)
