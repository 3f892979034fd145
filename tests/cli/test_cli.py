"""The command line: exit codes, listing, bad input, and verify writing the documented schema."""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from dpproof.cli import main

BASICS = str(Path(__file__).resolve().parents[2] / "examples" / "basics.toml")


def test_list_prints_every_claim(capsys):
    assert main(["list", BASICS]) == 0
    out = capsys.readouterr().out
    assert "basics.phi_q_difference" in out and "identity" in out


def test_show_prints_statement_and_domain(capsys):
    assert main(["show", "basics.gaussian_tail_chernoff", BASICS]) == 0
    out = capsys.readouterr().out
    assert "Q(x) <= exp(-x**2/2)/2" in out and "x in [0, 40]" in out


@pytest.mark.parametrize("argv, message", [
    (["list", "no/such/file.toml"], "does not exist"),
    (["list", "no_such_module_xyz"], "is not an importable module"),
    (["show", "nope", BASICS], "no claim 'nope'"),
    (["list", BASICS, "--only", "zzz*"], "no claim matches"),
])
def test_bad_input_exits_2_and_says_why(argv, message, capsys):
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_claims_file_error_exits_2_with_line_and_column(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text(textwrap.dedent("""
        [[claim]]
        id = "x.bad"
        source = "s"
        statement = "x <= open('f').read()"
        domain = { x = [0, 1] }
        """))
    assert main(["list", str(bad)]) == 2
    assert "bad.toml:5:" in capsys.readouterr().err


def test_verify_writes_the_documented_json_schema(tmp_path, capsys):
    out = tmp_path / "out"
    code = main(["verify", BASICS, "--out", str(out), "--no-pdf", "--quiet", "--jobs", "2"])
    assert code == 0
    data = json.loads((out / "report.json").read_text())
    assert data["schema"] == 1 and data["dpproof_version"]
    claims = {c["id"]: c for c in data["claims"]}
    for c in claims.values():
        assert set(c) >= {"id", "source", "locator", "statement", "verdict", "scope", "witness",
                          "evidence", "seconds"}
        for e in c["evidence"]:
            assert set(e) >= {"engine", "verdict", "detail", "seconds"}
    wrong = claims["basics.gaussian_tail_mills_wrong"]
    assert wrong["verdict"] == "REFUTED" and set(wrong["witness"]) == {"x"}
    assert claims["basics.phi_q_difference"]["verdict"] == "PROVED"
    assert claims["basics.gaussian_tail_chernoff"]["verdict"] == "CERTIFIED"
    assert (out / "report.md").exists() and (out / "report.tex").exists()


def test_strict_exits_1_when_a_claim_is_refuted(tmp_path):
    code = main(["verify", BASICS, "--only", "basics.gaussian_tail_mills_wrong", "--out",
                 str(tmp_path), "--no-pdf", "--quiet", "--strict"])
    assert code == 1
    code = main(["verify", BASICS, "--only", "basics.rr_odds", "--out", str(tmp_path),
                 "--no-pdf", "--quiet", "--strict"])
    assert code == 0


def test_budgets_are_counted_options_and_timeout_is_the_backstop(tmp_path, monkeypatch):
    """--budget and --engine-budget (alias --engine-timeout) set the counted budgets (the
    engine's at most the claim's); --timeout is the backstop; --help says so."""
    from dpproof import runner
    from dpproof.evidence import Report

    seen = []
    monkeypatch.setattr(runner, "verify", lambda claims, config=None, **kw: seen.append(
        config) or Report((), {}, "0", False))
    monkeypatch.setenv("DPPROOF_CACHE_DIR", str(tmp_path / "cache"))
    toml = tmp_path / "c.toml"
    toml.write_text('[[claim]]\nid = "a"\nsource = "t"\nstatement = "x <= 2"\n'
                    'domain = { x = [0, 1] }\n')
    for extra, expected in ((["--engine-timeout", "400", "--budget", "900"], (900, 400, 1800)),
                            (["--engine-budget", "400", "--budget", "90"], (90, 90, 1800)),
                            (["--timeout", "30"], (120, 60, 30)), ([], (120, 60, 1800))):
        main(["verify", str(toml), "--out", str(tmp_path / "o"), "--no-pdf", "--quiet",
              "--no-cache", *extra])
        c = seen[-1]
        assert (c.timeout, c.engine_timeout, c.backstop, c.budget) == (*expected, "work")
    help_text = subprocess.run([sys.executable, "-m", "dpproof", "verify", "--help"],
                               capture_output=True, text=True).stdout
    assert "--engine-budget" in help_text and "backstop" in help_text
