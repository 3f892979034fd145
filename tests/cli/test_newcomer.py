"""A newcomer's path on a clean clone: the README's example command and the output it quotes,
a claims file of one's own, ``dpproof functions``, the Python API -- and nothing of the
checkout changed or deleted afterwards."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

MINE = """[[claim]]
id = "mine.gauss_dp"
source = "my notes, eq. (1)"
statement = "gauss_delta(eps, sigma, 1) <= 1/10"
domain = { eps = [1, 2], sigma = [2, 3] }

[[claim]]
id = "mine.too_strong"
source = "my notes, eq. (2)"
statement = "gauss_delta(eps, sigma, 1) <= 1/1000"
domain = { eps = [1, 2], sigma = [2, 3] }
"""


def _readme_example():
    """(the command, the summary line, the files it says it wrote, the quoted JSON entry)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```text\n\$ (dpproof verify examples/basics\.toml[^\n]*)\n(.*?)```",
                      text, re.S)
    entry = re.search(r"```json\n(\{.*?\})\n```", text, re.S)
    assert block and entry, "the README shows the basics run and its refuted claim"
    lines = block.group(2).splitlines()
    summary = next(line for line in lines if line.startswith("dpproof: "))
    wrote = sorted(line.split("wrote ", 1)[1] for line in lines if "wrote " in line)
    return block.group(1).split()[1:], summary, wrote, json.loads(entry.group(1))


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs git and a git checkout")
    where = tmp_path_factory.mktemp("newcomer") / "dpproof"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(where)], check=True)
    return where


def _run(clone, *args, code=None):
    env = {**os.environ, "PYTHONPATH": str(clone),
           "DPPROOF_CACHE_DIR": str(clone.parent / "cache")}
    cmd = [sys.executable, *(args if code is None else ("-c", code))]
    return subprocess.run(cmd, cwd=clone, env=env, capture_output=True, text=True, timeout=900)


def _clean(clone):
    status = subprocess.run(["git", "status", "--porcelain"], cwd=clone, capture_output=True,
                            text=True, check=True).stdout
    deleted = subprocess.run(["git", "ls-files", "--deleted"], cwd=clone, capture_output=True,
                             text=True, check=True).stdout
    return status, deleted


@pytest.mark.slow
def test_the_readme_example_prints_what_the_readme_quotes(clone):
    args, summary, wrote, entry = _readme_example()
    done = _run(clone, "-m", "dpproof", *args)
    assert done.returncode == 0, done.stderr
    assert summary in done.stdout.splitlines()
    assert sorted(line.split("wrote ", 1)[1] for line in done.stdout.splitlines()
                  if "wrote " in line) == wrote
    out = Path(args[args.index("--out") + 1]) if "--out" in args else Path("dpproof-out/basics")
    claims = {c["id"]: c for c in json.loads((clone / out / "report.json").read_text())["claims"]}
    got = claims[entry["id"]]
    assert {k: got[k] for k in entry} == entry
    assert _clean(clone) == ("", "")


@pytest.mark.slow
def test_my_claims_functions_and_the_python_api(clone):
    (clone.parent / "mine.toml").write_text(MINE)
    done = _run(clone, "-m", "dpproof", "verify", str(clone.parent / "mine.toml"), "--no-pdf",
                "--quiet")
    assert done.returncode == 0, done.stderr
    assert "2 claims:" in done.stdout and "1 REFUTED" in done.stdout
    report = json.loads((clone / "dpproof-out" / "mine" / "report.json").read_text())
    verdicts = {c["id"]: c["verdict"] for c in report["claims"]}
    assert verdicts["mine.too_strong"] == "REFUTED"
    assert verdicts["mine.gauss_dp"] in ("PROVED", "CERTIFIED")
    shown = _run(clone, "-m", "dpproof", "functions", "gauss_delta")
    assert shown.returncode == 0 and "gauss_delta(eps, sigma, Delta)" in shown.stdout
    typo = _run(clone, "-m", "dpproof", "functions", "gaus_delta")
    assert typo.returncode == 2 and "did you mean 'gauss_delta'" in typo.stderr
    api = _run(clone, code="import dpproof\n"
               "a = dpproof.check('exp(x) >= 1 + x', x=(-1, 1))\n"
               "b = dpproof.check('x^2 <= 1/2 + x/10', x=(0, 1))\n"
               "print(a.verdict.value, b.verdict.value, sorted(b.witness))")
    assert api.returncode == 0, api.stderr
    first, second, names = api.stdout.split(maxsplit=2)
    assert first in ("PROVED", "CERTIFIED") and second == "REFUTED" and names.strip() == "['x']"
    assert _clean(clone) == ("", "")
