"""The CLI around a run: --out checked first, SIGTERM, stale files, ids of steps, cache."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from dpproof import runner
from dpproof.cli import main
from tests.helpers import process_alive

REPO = Path(__file__).resolve().parents[2]
BASICS = str(REPO / "examples" / "basics.toml")
ONE = ["--only", "basics.rr_odds", "--only", "basics.log1p_below_identity"]


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("DPPROOF_CACHE_DIR", str(tmp_path / "cache"))


def _no_claim_may_run(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a claim ran before --out was checked")
    monkeypatch.setattr(runner, "verify", refuse)


@pytest.mark.parametrize("make", ["file", "under_a_file"])
def test_an_unusable_out_exits_2_before_any_claim_runs(make, tmp_path, capsys, monkeypatch):
    _no_claim_may_run(monkeypatch)
    (tmp_path / "f").write_text("x")
    out = tmp_path / "f" if make == "file" else tmp_path / "f" / "sub"
    assert main(["verify", BASICS, "--out", str(out), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"--out {str(out)!r}" in err


def test_a_missing_out_is_created(tmp_path):
    out = tmp_path / "a" / "b"
    assert main(["verify", BASICS, *ONE, "--out", str(out), "--quiet", "--no-pdf"]) == 0
    assert json.loads((out / "report.json").read_text())["claims"]


def test_stale_files_of_an_earlier_report_are_removed_and_only_those(tmp_path):
    out = tmp_path / "out"
    assert main(["verify", BASICS, *ONE, "--out", str(out), "--quiet", "--no-pdf",
                 "--latex-fragment"]) == 0
    marker = json.loads((out / ".dpproof-report").read_text())
    (out / "figures").mkdir(exist_ok=True)
    (out / "figures" / "old.png").write_text("a figure of the earlier report")
    marker["files"].append("figures/old.png")
    (out / ".dpproof-report").write_text(json.dumps(marker))
    (out / "notes.txt").write_text("the user's own file")
    (out / "figures" / "mine.png").write_text("the user's own figure")
    (out / "report.pdf").write_text("the user's own PDF: dpproof did not write it")
    assert main(["verify", BASICS, *ONE, "--out", str(out), "--quiet", "--no-pdf"]) == 0
    left = sorted(str(p.relative_to(out)) for p in out.rglob("*"))
    # two PROVED claims of one source: no verdict chart (one bar repeats the summary line)
    assert left == [".dpproof-report", "figures", "figures/mine.png", "notes.txt",
                    "report.html", "report.json", "report.md", "report.pdf", "report.tex"]
    assert (out / "report.pdf").read_text().startswith("the user's own PDF")
    assert sorted(json.loads((out / ".dpproof-report").read_text())["files"]) == [
        "report.html", "report.json", "report.md", "report.tex"]


def test_missing_latexmk_is_said_with_how_to_install_it(tmp_path, capsys, monkeypatch):
    import shutil
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert main(["verify", BASICS, *ONE, "--out", str(tmp_path), "--quiet"]) == 0
    err = capsys.readouterr().err
    assert "latexmk not found" in err and "apt-get install latexmk" in err


def test_list_and_only_know_step_ids(capsys):
    assert main(["list", "theorems.azize23"]) == 0
    ids = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    steps = [i for i in ids if ".step" in i]
    assert steps, "list shows the steps of derivations"
    assert main(["list", "theorems.azize23", "--only", steps[0]]) == 0
    assert capsys.readouterr().out.split()[0] == steps[0]


def test_duplicate_ids_across_targets_name_both(tmp_path, capsys):
    copy = tmp_path / "copy.toml"
    copy.write_text(Path(BASICS).read_text())
    assert main(["list", BASICS, str(copy)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "basics.log1p_below_identity" in err
    assert BASICS in err and str(copy) in err


def test_a_warm_run_reads_every_verdict_from_the_cache(tmp_path, capsys, monkeypatch):
    args = ["verify", BASICS, "--out", str(tmp_path / "o"), "--quiet", "--no-pdf"]
    assert main(args) == 0
    cold = json.loads((tmp_path / "o" / "report.json").read_text())
    from dpproof import execution

    def refuse(*a, **k):
        raise AssertionError("a cached claim was decided again")
    monkeypatch.setattr(execution, "decide", refuse)
    assert main(args) == 0
    warm = json.loads((tmp_path / "o" / "report.json").read_text())
    assert "7 from the cache" in capsys.readouterr().out
    assert [c["verdict"] for c in warm["claims"]] == [c["verdict"] for c in cold["claims"]]
    assert all(c["cached"] for c in warm["claims"]) and not any(c["cached"]
                                                                for c in cold["claims"])
    assert main(["cache", "clear"]) == 0
    assert "removed 7 cached results" in capsys.readouterr().out


def test_two_runs_with_one_seed_write_the_same_json_apart_from_seconds(tmp_path,
                                                                       monkeypatch):
    monkeypatch.chdir(tmp_path)

    def run(name):
        out = tmp_path / name
        assert main(["verify", BASICS, "--out", str(out), "--quiet", "--no-pdf", "--no-cache",
                     "--jobs", "2"]) == 0
        return _drop_seconds(json.loads((out / "report.json").read_text()))
    monkeypatch.delenv("DPPROOF_CACHE_DIR", raising=False)   # the default folder, here
    a, b = run("a"), run("b")
    assert not (tmp_path / ".dpproof_cache").exists()   # --no-cache: not even the index
    # the counted work agrees within the documented address-dependent residue (0.1% or 4,000
    # calls, 0.002 work-seconds; a run's heap differs from the other's: docs/running.md
    # "Deterministic reports"), and all else exactly
    spent_a, spent_b = _pop_spent(a), _pop_spent(b)
    assert len(spent_a) == len(spent_b) and all(
        abs(x - y) <= 1e-3 * max(abs(x), abs(y)) + 0.002 for x, y in zip(spent_a, spent_b)), \
        [(x, y) for x, y in zip(spent_a, spent_b) if x != y]
    differ = [(x["id"], x["evidence"], y["evidence"]) for x, y in zip(a["claims"], b["claims"])
              if x != y]
    assert a == b, differ
    assert not (tmp_path / ".hypothesis").exists(), "the search engine keeps no database here"


def _pop_spent(obj) -> list[float]:
    """Every work count of the report (an engine's "budget_spent", a claim's "work"), in
    order, removed from it."""
    out: list[float] = []
    if isinstance(obj, dict):
        if "budget_spent" in obj:
            out.append(float(obj.pop("budget_spent")))
        if isinstance(obj.get("work"), dict):
            out.extend(float(v) for _, v in sorted(obj.pop("work").items()))
        for v in obj.values():
            out.extend(_pop_spent(v))
    elif isinstance(obj, list):
        for v in obj:
            out.extend(_pop_spent(v))
    return out


def _drop_seconds(obj):
    """The report without timing fields: "seconds", and the detail of evidence that ran
    into a time limit (when a limit is hit depends on the machine's load) -- and the list of
    tactics an unsuccessful symbolic attempt tried ("no proof found (tried ...)"): its
    tactics run under quick per-tactic time limits, so the list depends on the load too; and
    a claim scope's "not decided: ..." when an engine there stopped at a time limit."""
    if isinstance(obj, dict):
        detail = str(obj.get("detail", ""))
        timed = ("time limit" in detail or "did not finish within" in detail
                 or detail.startswith("no proof found (tried"))
        kept = {k: _drop_seconds(v) for k, v in obj.items()
                if k != "seconds" and not (timed and k in ("detail", "verdict", "data"))}
        if "time limit" in str(kept.get("scope", "")):   # "not decided: interval (... limit)"
            kept["scope"] = kept["scope"].split("; not decided:")[0]
        return kept
    if isinstance(obj, list):
        return [_drop_seconds(v) for v in obj]
    return obj


def test_sigterm_writes_the_partial_report_and_leaves_no_worker(tmp_path):
    pids = tmp_path / "pids"
    pids.mkdir()
    target = tmp_path / "faulty.py"
    target.write_text(textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(REPO)!r})
        from tests.runner import faults
        faults.register(first=True)
        CLAIMS = [faults.true_claim(0), faults.claim("sleep", 1), faults.claim("sleep", 2)]
        """))
    env = {**os.environ, "PYTHONPATH": str(REPO), "DPPROOF_FAULT_PIDS": str(pids)}
    proc = subprocess.Popen([sys.executable, "-m", "dpproof.cli", "verify", str(target),
                             "--out", str(tmp_path / "out"), "--jobs", "2", "--no-pdf",
                             "--quiet", "--no-cache"], env=env, cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 120
    while len(os.listdir(pids)) < 2 and time.time() < deadline and proc.poll() is None:
        time.sleep(0.1)
    workers = [int(p) for p in os.listdir(pids)]
    assert len(workers) == 2, proc.communicate()
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM, err    # written, but not finished
    assert "PARTIAL" in out
    data = json.loads((tmp_path / "out" / "report.json").read_text())
    assert data["partial"] is True
    assert [(c["id"], c["verdict"]) for c in data["claims"]] == [
        ("ok.c0", "PROVED"), ("fault.c1.sleep", "INCONCLUSIVE"),
        ("fault.c2.sleep", "INCONCLUSIVE")]     # into an empty folder: written in place
    assert [c["evidence"][-1]["detail"].startswith("not run") for c in data["claims"]] == [
        False, True, True]
    time.sleep(0.5)
    assert not [p for p in workers if process_alive(p)], "a worker outlived dpproof verify"


def test_an_unchanged_run_is_replayed_without_loading_a_claim(tmp_path, capsys, monkeypatch):
    claims = tmp_path / "mine.toml"
    claims.write_text(Path(BASICS).read_text())
    args = ["verify", str(claims), "--out", str(tmp_path / "o"), "--quiet", "--no-pdf"]
    assert main(args) == 0
    cold = (tmp_path / "o" / "report.json").read_text()
    from dpproof import loader

    real_load = loader.load_each
    monkeypatch.setattr(loader, "load_each",
                        lambda targets, patterns=None: pytest.fail("claims were loaded"))
    assert main(args) == 0
    warm = (tmp_path / "o" / "report.json").read_text()
    assert warm == cold.replace('"cached": false', '"cached": true')
    assert "7 from the cache" in capsys.readouterr().out
    # an edited claims file is not replayed: its claims come from the result cache instead
    claims.write_text(Path(BASICS).read_text().replace("x = [0, 100]", "x = [0, 50]"))
    loaded = []
    monkeypatch.setattr(loader, "load_each", lambda targets, patterns=None: loaded.append(1)
                        or real_load(targets, patterns))
    assert main(args) == 0
    data = json.loads((tmp_path / "o" / "report.json").read_text())
    edited = [c for c in data["claims"] if c["domain"].get("x") == "[0, 50]"]
    assert loaded and len(edited) == 1 and edited[0]["cached"] is False
    assert sum(c["cached"] for c in data["claims"]) == 6


def test_a_python_target_is_never_replayed():
    from dpproof.runcache import run_key
    assert run_key({}, ["my_claims.py"]) is None and run_key({}, ["mypkg.claims"]) is None
    assert run_key({}, []) is not None and run_key({}, ["theorems.osgt22"]) is not None
