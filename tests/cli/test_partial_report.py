"""An interrupted re-run never replaces a complete report: the partial one goes beside it
(OUT/partial/), lists every claim and marks those not run; a complete run removes it."""

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from dpproof import runner
from dpproof.cli import main
from dpproof.evidence import Evidence, Report, Verdict, assess

REPO = Path(__file__).resolve().parents[2]
BASICS = str(REPO / "examples" / "basics.toml")
TWO = ["--only", "basics.rr_odds", "--only", "basics.phi_q_difference"]


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("DPPROOF_CACHE_DIR", str(tmp_path / "cache"))


def _fake_verify(monkeypatch, decided: int | None = None):
    """runner.verify replaced: PROVED for all, or (``decided``) an interrupted run."""
    def verify(claims, config=None, **kwargs):
        ordered = runner.flatten(claims)
        n = len(ordered) if decided is None else decided
        done = [assess(c, [Evidence("fake", Verdict.PROVED, "fake", scope="whole domain",
                                      data={"cross_examination": "fake sweep"})])
                for c in ordered[:n]]
        return Report(tuple(runner._with_unrun(ordered, done) if decided is not None
                                   else done), {"seed": 0}, "0", decided is not None)
    monkeypatch.setattr(runner, "verify", verify)


def _run(out):
    return main(["verify", BASICS, *TWO, "--out", str(out), "--quiet", "--no-pdf",
                 "--no-cache"])


def test_a_partial_rerun_goes_beside_the_complete_report(tmp_path, monkeypatch, capsys):
    out = tmp_path / "out"
    _fake_verify(monkeypatch)
    assert _run(out) == 0
    complete = (out / "report.json").read_bytes()
    _fake_verify(monkeypatch, decided=1)
    assert _run(out) == 128 + signal.SIGINT
    assert (out / "report.json").read_bytes() == complete
    data = json.loads((out / "partial" / "report.json").read_text())
    assert data["partial"] is True
    assert [(c["id"], c["verdict"], c["evidence"][-1]["detail"]) for c in data["claims"]] == [
        ("basics.phi_q_difference", "PROVED", "fake"),
        ("basics.rr_odds", "INCONCLUSIVE", runner.NOT_RUN)]
    said = capsys.readouterr().out
    assert f"written to {out / 'partial'}/, the complete earlier report in {out}/ is kept" \
        in said and "1 PROVED, 1 not run" in said
    assert json.loads((out / "partial" / ".dpproof-report").read_text())["partial"] is True
    assert "not run" in (out / "partial" / "report.md").read_text()
    _fake_verify(monkeypatch)                 # the next complete run removes partial/
    assert _run(out) == 0
    assert not (out / "partial").exists()


def test_a_first_run_interrupted_into_an_empty_folder_writes_in_place(tmp_path,
                                                                      monkeypatch):
    out = tmp_path / "out"
    _fake_verify(monkeypatch, decided=0)
    assert _run(out) == 128 + signal.SIGINT
    data = json.loads((out / "report.json").read_text())
    assert data["partial"] is True and len(data["claims"]) == 2
    assert not (out / "partial").exists()
    _fake_verify(monkeypatch, decided=1)      # over a partial report: in place again
    assert _run(out) == 128 + signal.SIGINT
    assert [c["verdict"] for c in json.loads((out / "report.json").read_text())["claims"]] \
        == ["PROVED", "INCONCLUSIVE"] and not (out / "partial").exists()


@pytest.mark.parametrize("mine", ["folder", "file"])
def test_a_foreign_partial_folder_is_not_touched(mine, tmp_path, monkeypatch, capsys):
    """The user's ``partial`` (a folder, or a file: red8b, a traceback and exit 1) is left
    alone; the partial report takes the next free name, which a complete run removes."""
    out = tmp_path / "out"
    _fake_verify(monkeypatch)
    assert _run(out) == 0
    if mine == "folder":
        (out / "partial").mkdir()
        (out / "partial" / "mine.txt").write_text("the user's")
    else:
        (out / "partial").write_text("the user's")
    _fake_verify(monkeypatch, decided=1)
    assert _run(out) == 128 + signal.SIGINT
    said = capsys.readouterr()
    assert "Traceback" not in said.err
    assert f"written to {out / 'partial-2'}/, the complete earlier report in {out}/ is kept" \
        in said.out
    assert json.loads((out / "partial-2" / "report.json").read_text())["partial"] is True
    assert json.loads((out / "report.json").read_text())["partial"] is False
    _fake_verify(monkeypatch)                 # the next complete run removes partial-2/
    assert _run(out) == 0
    assert not (out / "partial-2").exists()
    assert ((out / "partial" / "mine.txt") if mine == "folder" else out / "partial"
            ).read_text() == "the user's"


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_during_a_rerun_keeps_the_complete_report(sig, tmp_path):
    """A real run: the first one completes; the re-run is stopped after its first claim."""
    target = tmp_path / "slow.py"
    target.write_text(textwrap.dedent(f"""
        import os, sys
        sys.path.insert(0, {str(REPO)!r})
        from tests.runner import faults
        if os.environ.get("SLOW"):       # the re-run: the fault engine sleeps on c1, c2
            faults.register(first=True)
        CLAIMS = [faults.true_claim(0), faults.claim("sleep", 1), faults.claim("sleep", 2)]
        """))
    out = tmp_path / "out"
    cmd = [sys.executable, "-m", "dpproof.cli", "verify", str(target), "--out", str(out),
           "--jobs", "2", "--no-pdf", "--no-cache"]
    env = {**os.environ, "PYTHONPATH": str(REPO), "DPPROOF_CACHE_DIR": str(tmp_path / "c")}
    first = subprocess.run([*cmd, "--quiet"], env=env, cwd=tmp_path, capture_output=True,
                           text=True, timeout=300)
    assert first.returncode == 0, first.stderr
    complete = (out / "report.json").read_bytes()
    assert len(json.loads(complete)["claims"]) == 3
    proc = subprocess.Popen(cmd, env={**env, "SLOW": "1"}, cwd=tmp_path, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    for line in proc.stderr:                  # the progress bar: one line per claim
        if line.startswith("[") and "1/3" in line:
            break
    proc.send_signal(sig)
    said, err = proc.communicate(timeout=120)
    assert proc.returncode == 128 + sig, err
    assert (out / "report.json").read_bytes() == complete
    data = json.loads((out / "partial" / "report.json").read_text())
    assert data["partial"] is True
    assert [(c["id"], runner.not_run(_assessment(c))) for c in data["claims"]] == [
        ("ok.c0", False), ("fault.c1.sleep", True), ("fault.c2.sleep", True)]
    assert "is kept" in said and str(out / "partial") in said


def _assessment(claim_json):
    """Enough of an Assessment for runner.not_run: its evidence."""
    class A:
        evidence = [Evidence(e["engine"], Verdict(e["verdict"]), e["detail"])
                    for e in claim_json["evidence"]]
    return A
