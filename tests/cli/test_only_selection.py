"""An --only run never replaces a report of every claim: it is refused (exit 2, one line,
before any claim runs); the marker records the --only patterns of a selection, so a
selection may replace a selection and a run of every claim may replace anything."""

import json
from pathlib import Path

import pytest

from dpproof import runner
from dpproof.cli import main
from dpproof.evidence import Evidence, Report, Verdict, assess

REPO = Path(__file__).resolve().parents[2]
BASICS = str(REPO / "examples" / "basics.toml")


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("DPPROOF_CACHE_DIR", str(tmp_path / "cache"))


@pytest.fixture
def decided(monkeypatch):
    """runner.verify replaced: every claim PROVED; the ids it was asked for, run by run."""
    runs = []

    def verify(claims, config=None, **kwargs):
        ordered = runner.flatten(claims)
        runs.append([c.id for c in ordered])
        return Report(tuple(assess(c, [Evidence("fake", Verdict.PROVED, "fake",
                                                scope="whole domain",
                                                data={"cross_examination": "fake sweep"})])
                            for c in ordered), {"seed": 0}, "0", False)
    monkeypatch.setattr(runner, "verify", verify)
    return runs


def _run(out, *only):
    return main(["verify", BASICS, "--out", str(out), "--quiet", "--no-pdf", "--no-cache",
                 *[a for g in only for a in ("--only", g)]])


def _marker(out):
    return json.loads((out / ".dpproof-report").read_text())


def test_an_only_run_is_refused_over_the_complete_report(tmp_path, decided, capsys):
    out = tmp_path / "out"
    assert _run(out) == 0
    assert _marker(out)["only"] is None
    complete = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    marker = _marker(out)
    del marker["only"]                     # a marker written before the key existed
    (out / ".dpproof-report").write_text(json.dumps(marker))
    complete[".dpproof-report"] = (out / ".dpproof-report").read_bytes()
    capsys.readouterr()
    assert _run(out, "basics.rr_odds") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "holds the complete report of" in err
    assert "(7 claims); an --only run would replace it with a selection: give another --out" \
        in err
    assert len(decided) == 1, "no claim ran"
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} == complete


def test_a_selection_replaces_a_selection_and_a_complete_run_replaces_it(tmp_path, decided):
    out = tmp_path / "out"
    assert _run(out, "basics.rr_odds") == 0
    assert _marker(out)["only"] == ["basics.rr_odds"]
    assert _run(out, "basics.phi_q_difference", "basics.rr*") == 0
    assert _marker(out)["only"] == ["basics.phi_q_difference", "basics.rr*"]
    assert _run(out) == 0
    assert _marker(out)["only"] is None
    assert len(json.loads((out / "report.json").read_text())["claims"]) == 7
