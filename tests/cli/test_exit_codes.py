"""Exit codes: ERROR claims exit 4 without --strict; the documented precedence; a killed
worker's message names the memory limit only when the worker reached it."""

import os
import signal
import threading
import time
from pathlib import Path

import pytest

from dpproof import cli, runner
from dpproof.cli import main
from dpproof.engines.base import Config
from dpproof.evidence import Evidence, Report, Verdict, assess
from dpproof.execution import Limits, _death_text, default_memory_mb

REPO = Path(__file__).resolve().parents[2]
BASICS = str(REPO / "examples" / "basics.toml")
TWO = ["--only", "basics.rr_odds", "--only", "basics.phi_q_difference"]


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("DPPROOF_CACHE_DIR", str(tmp_path / "cache"))


def _verdicts(monkeypatch, *verdicts, partial=False):
    """runner.verify replaced: the claims get ``verdicts`` in order (ERROR: a dead worker)."""
    def verify(claims, config=None, **kwargs):
        done = []
        for c, v in zip(runner.flatten(claims), verdicts):
            detail = "worker process died of SIGKILL" if v is Verdict.ERROR else "fake"
            done.append(assess(c, [Evidence("fake", v, detail, scope="whole domain",
                                                data={"cross_examination": "fake sweep"})]))
        return Report(tuple(done), {"seed": 0}, "0", partial)
    monkeypatch.setattr(runner, "verify", verify)


@pytest.mark.parametrize("verdicts, strict, code", [
    ((Verdict.PROVED, Verdict.PROVED), False, 0),
    ((Verdict.PROVED, Verdict.ERROR), False, 4),
    ((Verdict.PROVED, Verdict.ERROR), True, 4),
    ((Verdict.PROVED, Verdict.INCONCLUSIVE), False, 0),
    ((Verdict.PROVED, Verdict.INCONCLUSIVE), True, 1),
])
def test_error_exits_4_and_strict_failures_1(verdicts, strict, code, tmp_path, monkeypatch):
    _verdicts(monkeypatch, *verdicts)
    argv = ["verify", BASICS, *TWO, "--out", str(tmp_path / "o"), "--quiet", "--no-pdf",
            "--no-cache"] + (["--strict"] if strict else [])
    assert main(argv) == code


def test_an_interrupt_outranks_error_and_a_soundness_failure_outranks_both(tmp_path,
                                                                           monkeypatch):
    _verdicts(monkeypatch, Verdict.ERROR, partial=True)
    argv = ["verify", BASICS, *TWO, "--out", str(tmp_path / "o"), "--quiet", "--no-pdf",
            "--no-cache", "--strict"]
    assert main(argv) == 128 + signal.SIGINT
    assert cli._exit_code(cli._parser().parse_args(["verify", "--strict"]),
                          {"counts": {"ERROR": 1}, "fail": True}, True, True) == 3


def test_help_documents_the_exit_codes(capsys):
    with pytest.raises(SystemExit):
        main(["verify", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "4 a claim is ERROR" in text and "128+signal interrupted" in text
    assert "dpproof-out/NAME/" in text
    assert "4 when a claim is ERROR" in " ".join((REPO / "README.md").read_text().split())


def test_a_death_names_the_memory_limit_only_when_the_worker_reached_it():
    limits = Limits(10.0, 1000)
    assert _death_text(-signal.SIGKILL, limits) == "worker process died of SIGKILL"
    assert _death_text(-signal.SIGKILL, limits, peak_mb=400.0) == \
        "worker process died of SIGKILL"
    assert _death_text(-signal.SIGABRT, limits, peak_mb=990.0) == (
        "worker process died of SIGABRT after its address space reached 990 MB of the "
        "memory limit of 1000 MB")
    assert _death_text(1, Limits(10.0, None), peak_mb=990.0) == \
        "worker process exited with code 1"


def _kill_sleepers(tmp_path, monkeypatch, delay=0.0):
    """The fault engine registered; a thread that kills its sleeping workers (SIGKILL)
    ``delay`` seconds after they fell asleep (the supervisor samples every 0.2 s)."""
    from dpproof.engines import base
    from tests.runner import faults

    monkeypatch.setitem(base.ENGINES, faults.NAME, faults.__name__)
    monkeypatch.setenv("DPPROOF_FAULT_PIDS", str(tmp_path))
    killed = []

    def killer():
        deadline = time.time() + 60
        while time.time() < deadline and not killed:
            for name in os.listdir(tmp_path):
                time.sleep(delay)
                os.kill(int(name), signal.SIGKILL)
                killed.append(name)
            time.sleep(0.05)
    threading.Thread(target=killer, daemon=True).start()
    return faults, killed


def test_kill_9_far_below_the_memory_limit_does_not_blame_it(tmp_path, monkeypatch):
    faults, killed = _kill_sleepers(tmp_path, monkeypatch)
    report = runner.verify([faults.claim("sleep")], Config(engines=("fault",), timeout=100),
                           memory_limit=default_memory_mb(1))
    assert killed, "the sleeping claim never started"
    (dead,) = report.assessments
    assert dead.verdict is Verdict.ERROR
    assert dead.scope == "runner: worker process died of SIGKILL"


def test_a_worker_that_reached_the_memory_limit_is_said_to_have(tmp_path, monkeypatch):
    """One worker (jobs=1): the first claim allocates up to the limit (MemoryError,
    INCONCLUSIVE), the second sleeps and is killed; the worker's peak is near the limit."""
    with open("/proc/self/status") as fh:
        vmsize = int(next(x for x in fh if x.startswith("VmSize")).split()[1]) // 1024
    limit = vmsize + 500
    faults, killed = _kill_sleepers(tmp_path, monkeypatch, delay=1.0)
    from dpproof.execution import LocalExecutor    # one worker for both claims (default: a fork each)
    report = runner.verify([faults.claim("alloc"), faults.claim("sleep", 1)],
                           Config(engines=("fault",), timeout=100), memory_limit=limit,
                           executor=LocalExecutor(1, max_tasks=2))
    assert killed
    dead = report.by_id("fault.c1.sleep")
    assert dead.verdict is Verdict.ERROR and "died of SIGKILL after its address space " \
        "reached" in dead.scope and f"of the memory limit of {limit} MB" in dead.scope


#: the documents that list the exit codes of ``dpproof verify``, each with the same table
EXIT_CODE_DOCS = ("docs/running.md", "docs/claims-language.md", "docs/ci.md")


def _exit_table(doc: str) -> list[tuple[str, str]]:
    lines = (REPO / doc).read_text().split("| code | meaning |\n|---|---|\n", 1)[1]
    rows = []
    for line in lines.splitlines():
        if not line.startswith("|"):
            break
        code, meaning = line.strip("|").split("|", 1)
        rows.append((code.strip(), meaning.strip(" |")))
    return rows


def test_the_docs_list_the_exit_codes_as_the_cli_returns_them():
    tables = [_exit_table(doc) for doc in EXIT_CODE_DOCS]
    assert all(t == tables[0] for t in tables), "the documents' tables differ"
    codes = dict(tables[0])
    assert list(codes) == ["0", "1", "2", "3", "4", "128 + signal"]
    assert "REFUTED or INCONCLUSIVE" in codes["1"] and "ERROR gives 4" in codes["1"]
    assert "with or without `--strict`" in codes["4"]
    for doc in EXIT_CODE_DOCS:
        assert "When several apply: 3, then 128 + signal, then 4, then 1." in \
            (REPO / doc).read_text(), doc
    strict = cli._parser().parse_args(["verify", "--strict"])
    lax = cli._parser().parse_args(["verify"])
    error = {"counts": {"ERROR": 1, "REFUTED": 1}, "fail": True}
    refuted = {"counts": {"REFUTED": 1}, "fail": True}
    assert cli._exit_code(strict, error, True, True, signal.SIGTERM) == 3
    assert cli._exit_code(strict, error, True, False, signal.SIGTERM) == 143
    assert cli._exit_code(strict, error, False, False, signal.SIGINT) == 130
    assert cli._exit_code(lax, error, False, False) == cli._exit_code(strict, error, False,
                                                                     False) == 4
    assert (cli._exit_code(strict, refuted, False, False),
            cli._exit_code(lax, refuted, False, False)) == (1, 0)
    assert cli._exit_code(strict, {"counts": {"SUPPORTED": 1, "NOT_CHECKABLE": 1},
                                   "fail": False}, False, False) == 0
