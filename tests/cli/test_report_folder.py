"""Report folders: the default --out never touches a committed report, dpproof writes only
into a missing, empty or same-target folder (its .dpproof-report marker), and a rejected
input creates nothing."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from dpproof import loader, outdir, runner
from dpproof.cli import main
from dpproof.evidence import Evidence, Report, Verdict, assess

REPO = Path(__file__).resolve().parents[2]
BASICS = REPO / "examples" / "basics.toml"
ONE = ["--only", "basics.rr_odds"]


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("DPPROOF_CACHE_DIR", str(tmp_path / "cache"))


def _fake_verify(monkeypatch, verdict=Verdict.PROVED, partial=False):
    """runner.verify replaced by one that decides every claim ``verdict`` at once."""
    calls = []

    def verify(claims, config=None, **kwargs):
        calls.append(1)
        done = [assess(c, [Evidence("fake", verdict, "fake", scope="whole domain",
                                     data={"cross_examination": "fake sweep"})])
                for c in runner.flatten(claims)]
        return Report(tuple(done), {"seed": 0}, "0", partial)
    monkeypatch.setattr(runner, "verify", verify)
    return calls


def _no_claim_may_run(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a claim ran in a folder that must be refused")
    monkeypatch.setattr(runner, "verify", refuse)


def _git(cwd, *args):
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
                          cwd=cwd, capture_output=True, text=True, check=True).stdout


def _project(tmp_path) -> Path:
    """A project with a committed report in reports/ (a PDF, figures) and a claims file."""
    root = tmp_path / "project"
    (root / "reports" / "figures").mkdir(parents=True)
    (root / "examples").mkdir()
    shutil.copy(BASICS, root / "examples" / "basics.toml")
    (root / "reports" / "report.json").write_text(json.dumps({
        "schema": 1, "dpproof_version": "0", "partial": False, "claims": [],
        "settings": {"figures": [{"path": "figures/verdicts.png"}]}}))
    for name in ("report.md", "report.tex", "report.pdf", "figures/verdicts.png",
                 "figures/verdicts.pdf"):
        (root / "reports" / name).write_text(f"committed {name}")
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "the committed report")
    return root


def test_a_claims_file_run_from_the_project_root_leaves_the_committed_report(tmp_path,
                                                                          monkeypatch):
    root = _project(tmp_path)
    monkeypatch.chdir(root)
    assert main(["verify", "examples/basics.toml", *ONE, "--no-pdf", "--quiet"]) == 0
    assert _git(root, "ls-files", "--deleted") == ""
    assert subprocess.run(["git", "diff", "--exit-code"], cwd=root).returncode == 0
    out = root / "dpproof-out" / "basics"
    data = json.loads((out / "report.json").read_text())
    assert [c["id"] for c in data["claims"]] == ["basics.rr_odds"]
    marker = json.loads((out / ".dpproof-report").read_text())
    assert marker["targets"] == ["../../examples/basics.toml"] and marker["partial"] is False
    assert "report.json" in marker["files"]


@pytest.mark.parametrize("marker", [None, ["theorems"]])
def test_the_committed_report_is_refused_as_out_of_a_claims_file(marker, tmp_path,
                                                                 monkeypatch, capsys):
    root = _project(tmp_path)
    if marker:
        (root / "reports" / ".dpproof-report").write_text(json.dumps(
            {"targets": marker, "partial": False, "files": ["report.json"]}))
    before = {p: p.read_bytes() for p in (root / "reports").rglob("*") if p.is_file()}
    monkeypatch.chdir(root)
    _no_claim_may_run(monkeypatch)
    assert main(["verify", "examples/basics.toml", "--out", "reports", "--no-pdf"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--out 'reports'" in err and "nothing was changed" in err
    assert {p: p.read_bytes() for p in (root / "reports").rglob("*") if p.is_file()} == before


def test_defaults_the_library_alone_writes_reports():
    def default(targets, only=None):
        return outdir.default_out(targets, only)
    assert default([]) == "reports"
    assert default([], ["azize23.*"]) == "dpproof-out/theorems"
    assert default(["examples/basics.toml"]) == "dpproof-out/basics"
    assert default(["a/mine.claims.toml", "theorems.osgt22"]) == \
        "dpproof-out/mine.claims+theorems.osgt22"


def test_the_committed_library_reports_are_accepted_for_their_targets():
    """The README's main command (no TARGET) and the audit command rewrite reports/."""
    assert outdir.out_problem(REPO / "reports", []) == ""
    audit = ["theorems.audit_dp_accounting", "theorems.audit_prv_accountant",
             "theorems.audit_autodp", "theorems.audit_opendp", "theorems.audit_opacus"]
    assert outdir.out_problem(REPO / "reports" / "audit", audit) == ""
    assert "holds the report of theorems" in outdir.out_problem(REPO / "reports",
                                                              ["theorems.azize23"])


@pytest.mark.parametrize("content", ["foreign", "old_report", "other_target"])
def test_a_folder_dpproof_did_not_write_for_these_targets_is_refused(content, tmp_path,
                                                                     monkeypatch, capsys):
    out = tmp_path / "out"
    out.mkdir()
    if content == "foreign":
        (out / "thesis.tex").write_text("the user's own")
    elif content == "old_report":      # an earlier dpproof's report, without a marker
        (out / "report.json").write_text('{"schema": 1, "claims": []}')
    else:
        (out / "report.json").write_text("{}")
        (out / ".dpproof-report").write_text(json.dumps(
            {"targets": ["theorems.osgt22"], "partial": False, "files": ["report.json"]}))
    before = {p: p.read_bytes() for p in out.rglob("*")}
    _no_claim_may_run(monkeypatch)
    assert main(["verify", str(BASICS), "--out", str(out), "--quiet", "--no-pdf"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"--out {str(out)!r}" in err
    assert {p: p.read_bytes() for p in out.rglob("*")} == before


def test_rejected_claims_do_not_create_out(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('[[claim]]\nid = "a.s"\nstatement = "x <= 1"\ndomain = { x = [0, 1] }\n')
    out = tmp_path / "new" / "out"
    assert main(["verify", str(bad), "--out", str(out), "--quiet", "--no-pdf"]) == 2
    assert "'source' is required" in capsys.readouterr().err
    assert not (tmp_path / "new").exists()


def test_the_same_target_spelled_another_way_rewrites_its_folder(tmp_path, monkeypatch):
    _fake_verify(monkeypatch)
    out = tmp_path / "out"
    assert main(["verify", str(BASICS), *ONE, "--out", str(out), "--quiet", "--no-pdf"]) == 0
    monkeypatch.chdir(REPO / "examples")
    assert main(["verify", "basics.toml", "--out", str(out), "--quiet", "--no-pdf"]) == 0
    assert len(json.loads((out / "report.json").read_text())["claims"]) == 7


def test_a_run_cache_replay_obeys_the_folder_rule(tmp_path, monkeypatch, capsys):
    mine = tmp_path / "mine.toml"
    mine.write_text(BASICS.read_text())
    args = ["verify", str(mine), *ONE, "--quiet", "--no-pdf"]
    assert main([*args, "--out", str(tmp_path / "o1")]) == 0     # stored in the run cache
    capsys.readouterr()
    foreign = tmp_path / "o2"
    foreign.mkdir()
    (foreign / "report.json").write_text("the user's own report.json")
    monkeypatch.setattr(loader, "load_each",
                        lambda targets, patterns=None: pytest.fail("claims were loaded"))
    assert main([*args, "--out", str(foreign)]) == 2
    assert (foreign / "report.json").read_text() == "the user's own report.json"
    assert sorted(p.name for p in foreign.iterdir()) == ["report.json"]
    assert main([*args, "--out", str(tmp_path / "o3")]) == 0     # replayed
    assert "1 from the cache" in capsys.readouterr().out
    marker = json.loads((tmp_path / "o3" / ".dpproof-report").read_text())
    assert marker["targets"] == ["../mine.toml"] and "report.json" in marker["files"]
