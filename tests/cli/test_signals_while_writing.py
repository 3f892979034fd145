"""SIGINT and SIGTERM while the report is written are deferred (dpproof.interrupts): the
folder then holds one run's report, whole -- never files of two runs, never a staging folder
and no report -- and the command exits 128 + the signal, with no traceback.  A signal after
the last claim is decided gives the complete report.  Each case runs in its own process:
an undeferred signal would end (SIGTERM) or interrupt (SIGINT) pytest itself."""

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BASICS = str(REPO / "examples" / "basics.toml")

#: run.py MODE SIGNAL DETAIL OUT: one `dpproof verify` of two basics claims, each PROVED
#: with evidence DETAIL (MODE "partial": the first only, an interrupted run); MODE "move"
#: and "partial": two signals as report.json is moved into place; "last": the real runner,
#: and a signal once its executor has yielded the last claim; "quiet": no signal
SCRIPT = textwrap.dedent("""
    import os, signal, sys
    from dpproof import cli, execution, runner, writers
    from dpproof.evidence import Evidence, Report, Verdict, assess

    mode, sig, detail, out = sys.argv[1], signal.Signals[sys.argv[2]], sys.argv[3], sys.argv[4]

    def decided(c):
        return assess(c, [Evidence("fake", Verdict.PROVED, detail, scope="whole domain",
                                   data={"cross_examination": "fake sweep"})])

    def fake_verify(claims, config=None, **kwargs):
        ordered = runner.flatten(claims)
        n = 1 if mode == "partial" else len(ordered)
        done = [decided(c) for c in ordered[:n]]
        return Report(tuple(runner._with_unrun(ordered, done)), {"seed": 0}, "0", n < len(ordered))

    class LastThenSignal:
        thread = None
        def __init__(self, *a, **k):
            pass
        def run(self, claims, todo, config, limits):
            for i in todo:
                yield i, decided(claims[i])
            os.kill(os.getpid(), sig)

    if mode == "last":
        execution.LocalExecutor = LastThenSignal
    else:
        runner.verify = fake_verify
    if mode in ("move", "partial"):
        real_replace = os.replace
        def replace(src, dst):
            if os.path.basename(dst) == "report.json" and ".dpproof-staging" not in str(dst):
                os.kill(os.getpid(), sig)
                os.kill(os.getpid(), sig)   # a second signal is deferred too
            return real_replace(src, dst)
        writers.os.replace = replace
    sys.exit(cli.main(["verify", %r, "--only", "basics.rr_odds", "--only",
                       "basics.phi_q_difference", "--out", out, "--quiet", "--no-pdf",
                       "--no-cache"]))
    """ % BASICS)


def _run(tmp_path, mode, sig, detail, out):
    script = tmp_path / "run.py"
    script.write_text(SCRIPT)
    env = {**os.environ, "PYTHONPATH": str(REPO), "DPPROOF_CACHE_DIR": str(tmp_path / "c")}
    return subprocess.run([sys.executable, str(script), mode, sig.name, detail, str(out)],
                          env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)


def _details(folder: Path) -> set[str]:
    data = json.loads((folder / "report.json").read_text())
    return {e["detail"] for c in data["claims"] for e in c["evidence"]}


def _one_run(folder: Path, detail: str, other: str) -> None:
    """Every file of the report in ``folder`` is the run's that wrote ``detail``."""
    assert detail in _details(folder)
    for name in ("report.md", "report.html", "report.tex"):
        text = (folder / name).read_text()
        assert detail in text and other not in text, name
    assert not [p for p in folder.iterdir() if p.name.startswith(".dpproof-staging")]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_signals_while_a_report_replaces_another_give_the_new_report_whole(sig, tmp_path):
    out = tmp_path / "out"
    assert _run(tmp_path, "quiet", sig, "firstrun", out).returncode == 0
    done = _run(tmp_path, "move", sig, "secondrun", out)
    assert done.returncode == 128 + sig, done.stderr
    assert "Traceback" not in done.stderr
    _one_run(out, "secondrun", "firstrun")
    marker = json.loads((out / ".dpproof-report").read_text())
    assert marker["partial"] is False and "report.md" in marker["files"]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_two_signals_while_a_partial_report_is_written_leave_it_whole(sig, tmp_path):
    out = tmp_path / "out"
    assert _run(tmp_path, "quiet", sig, "firstrun", out).returncode == 0
    complete = (out / "report.json").read_bytes()
    done = _run(tmp_path, "partial", sig, "secondrun", out)
    assert done.returncode == 128 + sig and "Traceback" not in done.stderr, done.stderr
    assert (out / "report.json").read_bytes() == complete
    assert json.loads((out / "partial" / "report.json").read_text())["partial"] is True
    _one_run(out / "partial", "secondrun", "firstrun")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_after_the_last_claim_gives_the_complete_report(sig, tmp_path):
    out = tmp_path / "out"
    done = _run(tmp_path, "last", sig, "lastrun", out)
    assert done.returncode == 128 + sig and "Traceback" not in done.stderr, done.stderr
    data = json.loads((out / "report.json").read_text())
    assert data["partial"] is False and _details(out) == {"lastrun"}
    assert f"{sig.name} received after the last claim was decided" in done.stderr
