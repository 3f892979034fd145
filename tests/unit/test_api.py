"""The public Python API (dpproof.api, re-exported lazily by ``import dpproof``)."""

from __future__ import annotations

import subprocess
import sys
import warnings
from fractions import Fraction

import pytest

import dpproof
from dpproof.claimfile import ClaimFileError


def _imported_by(code: str) -> set[str]:
    """The modules a fresh interpreter has imported after running ``code``."""
    out = subprocess.run([sys.executable, "-c", f"{code}\nimport sys\n"
                          "print('\\n'.join(sorted(sys.modules)))"],
                         capture_output=True, text=True, check=True)
    return set(out.stdout.split())


@pytest.mark.parametrize("code", ["import dpproof", "import dpproof.pytest_plugin",
                                  "import dpproof; dpproof.__version__"])
def test_import_dpproof_imports_no_sympy(code):
    mods = _imported_by(code)
    assert "sympy" not in mods and "flint" not in mods and "dpproof.claims" not in mods


def test_exports_resolve_and_are_listed():
    for name in dpproof.__all__:
        assert getattr(dpproof, name) is not None
    assert dpproof.Claim is __import__("dpproof.claims").claims.Claim
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        dpproof.nope


def test_claim_domain_forms_are_exact():
    c = dpproof.claim("x*y <= 2", x="[0, 1]", y=(0, Fraction(3, 2)))
    assert str(c.domain["x"]) == "[0, 1]" and c.domain["y"].hi == Fraction(3, 2)
    c = dpproof.claim("x <= 2", x="(0, 1/3]")
    assert c.domain["x"].lo_open and not c.domain["x"].hi_open
    assert c.domain["x"].hi == Fraction(1, 3)
    c = dpproof.claim("n >= 1", n=(1, 10), integers=["n"])
    assert c.domain["n"].integer


def test_a_float_end_is_its_exact_binary_value_with_a_warning():
    with pytest.warns(dpproof.FloatEndWarning, match="exact binary rational"):
        c = dpproof.claim("x <= 2", x=(0, 0.1))
    assert c.domain["x"].hi == Fraction(0.1) != Fraction(1, 10)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert dpproof.claim("x <= 2", x=(0, "0.1")).domain["x"].hi == Fraction(1, 10)


def test_bad_input_gets_the_claims_file_message():
    with pytest.raises(ClaimFileError, match="not used by the statement"):
        dpproof.claim("x <= 2", x=(0, 1), y=(0, 1))
    with pytest.raises(ClaimFileError, match="needs an open bracket"):
        dpproof.claim("x <= 2", x="[0, inf]")
    with pytest.raises(ClaimFileError, match="unknown"):
        dpproof.claim("gauss_deltaa(x) <= 2", x=(0, 1))


def test_check_decides_true_false_and_uses_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("DPPROOF_CACHE_DIR", str(tmp_path / "cache"))
    a = dpproof.check("x^2 - x + 1/4 >= 0", x=(-1, 1))          # tight at x = 1/2
    assert a.verdict.holds and not a.cached
    b = dpproof.check(dpproof.claim("x^2 - x + 1/4 >= 0", x=(-1, 1)))
    assert b.cached and b.verdict is a.verdict
    r = dpproof.check("x^2 <= 1/2 + x/10", x=(0, 1), cache=False)
    assert r.verdict is dpproof.Verdict.REFUTED
    w = {k: Fraction(v) for k, v in r.witness.items()}
    assert w["x"] ** 2 > Fraction(1, 2) + w["x"] / 10 and 0 <= w["x"] <= 1


def test_verify_a_claims_file(tmp_path, monkeypatch):
    monkeypatch.setenv("DPPROOF_CACHE_DIR", str(tmp_path / "cache"))
    f = tmp_path / "c.toml"
    f.write_text('[[claim]]\nid = "a"\nsource = "t"\nstatement = "exp(x) >= 1 + x"\n'
                 'domain = { x = [-2, 2] }\n\n[[claim]]\nid = "b"\nsource = "t"\n'
                 'statement = "log(x) >= x - 1"\ndomain = { x = \"[1/2, 2]\" }\n')
    report = dpproof.verify(f)
    got = {a.id: a.verdict for a in report.assessments}
    assert got["a"].holds and got["b"] is dpproof.Verdict.REFUTED
    assert [a.id for a in dpproof.verify(f, only=["b"]).assessments] == ["b"]
