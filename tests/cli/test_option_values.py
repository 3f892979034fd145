"""Bad option values: exit 2 with ONE line naming the option, the value and what is allowed
(not argparse's usage block), before anything is created; a worker that cannot start within
its memory limit makes its claim ERROR naming the limit."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dpproof import cli_parser, execution
from dpproof.cli import main

REPO = Path(__file__).resolve().parents[2]
BASICS = str(REPO / "examples" / "basics.toml")


@pytest.mark.parametrize("option, value, says", [
    ("--timeout", "inf", "--timeout: 'inf' is not a number of CPU seconds in (0, 1000000]"),
    ("--timeout", "1e300", "--timeout: '1e300' is not a number of CPU seconds in (0, 1000000]"),
    ("--timeout", "nan", "--timeout: 'nan' is not a number of CPU seconds in (0, 1000000]"),
    ("--timeout", "-5", "--timeout: '-5' is not a number of CPU seconds in (0, 1000000]"),
    ("--memory-limit", "1", "--memory-limit: '1' MB is outside 256 to 1073741824 MB"),
    ("--memory-limit", "100", "--memory-limit: '100' MB is outside 256 to 1073741824 MB"),
    ("--memory-limit", "inf", "--memory-limit: 'inf' is not a whole number of MB"),
    ("--budget", "abc", "--budget: 'abc' is not a positive number of work-seconds"),
    ("--budget", "nan", "--budget: 'nan' is not a positive number of work-seconds"),
    ("--engine-budget", "0", "--engine-budget/--engine-timeout: '0' is not a positive number of work-seconds"),
    ("--jobs", "0", "--jobs: '0' is not a positive whole number"),
    ("--jobs", "x", "--jobs: 'x' is not a positive whole number"),
    ("--seed", "x", "--seed: 'x' is not a whole number"),
    ("--out", "", "--out: '' is empty: give the folder to write the report into"),
])
def test_a_bad_option_value_is_one_line_and_exit_2(option, value, says, tmp_path, capsys,
                                                   monkeypatch):
    monkeypatch.chdir(tmp_path)
    argv = ["verify", BASICS, "--no-pdf", option, value]
    if option != "--out":
        argv += ["--out", str(tmp_path / "out")]
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"dpproof: error: {says}") and err.count("\n") == 1, err
    assert os.listdir(tmp_path) == []


def test_the_limits_allowed_still_run(tmp_path):
    args = cli_parser.parser().parse_args(["verify", "--timeout", "1000000", "--memory-limit",
                                           "256", "--budget", "inf"])
    assert (args.timeout, args.memory_limit, args.budget) == (1e6, 256, float("inf"))
    assert cli_parser.MIN_MEMORY_MB == execution.MIN_MEMORY_MB


def test_a_worker_that_cannot_start_within_its_memory_limit_says_so(tmp_path):
    """The worker's start (its imports) under a 1 MB address space: its claim is ERROR
    naming the limit, not pebble's "BrokenProcessPool: All workers expired"."""
    script = ("import sys; from dpproof import execution; "
              "from tests.runner import faults; from dpproof.engines.base import Config; "
              "execution.start_worker(1); "
              "a = execution.decide_detached(faults.true_claim(0), Config(), 1, None); "
              "print(a.verdict.value); print(a.evidence[-1].detail)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=300)
    assert done.returncode == 0, done.stderr
    verdict, detail = done.stdout.splitlines()[:2]
    assert verdict == "ERROR"
    assert detail.startswith("the worker could not start within the memory limit of 1 MB")
