"""A verdict does not depend on Python's string-hash seed: ``dpproof verify`` runs under the
process's own ``PYTHONHASHSEED`` (no re-execution with a pinned seed), so the same claims
under two seeds must give the same verdicts, scopes and witnesses."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: refuted claims of three parameters (witnesses), an instance grid certified
CLAIMS = ["wasserman.laplace.sd", "wasserman.series.dp", "wasserman.histogram.dp.instances"]


def _run(seed: str, tmp_path: Path) -> tuple[str, list[dict]]:
    out = tmp_path / f"out-{seed}"
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT),
           "DPPROOF_CACHE_DIR": str(tmp_path / f"cache-{seed}")}
    code = ("import os, sys\nfrom dpproof.cli import main\n"
            "assert os.environ['PYTHONHASHSEED'] == sys.argv[1]\n"
            "print('HASH', hash('dpproof'))\nsys.exit(main(sys.argv[2:]))")
    args = ["verify", *(a for c in CLAIMS for a in ("--only", c)), "--no-pdf", "--quiet",
            "--no-cache", "--out", str(out)]
    done = subprocess.run([sys.executable, "-c", code, seed, *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    claims = json.loads((out / "report.json").read_text())["claims"]
    hashed = next(line for line in done.stdout.splitlines() if line.startswith("HASH"))
    return hashed, [{k: c[k] for k in ("id", "verdict", "scope", "witness")}
                    for c in claims]


def test_two_hash_seeds_give_the_same_verdicts_scopes_and_witnesses(tmp_path):
    hash_a, a = _run("1", tmp_path)
    hash_b, b = _run("2", tmp_path)
    assert hash_a != hash_b                 # the two processes did hash strings differently
    assert sorted(c["id"] for c in a) == sorted(CLAIMS)
    assert a == b
    assert {c["id"]: c["verdict"] for c in a} == {
        "wasserman.laplace.sd": "REFUTED", "wasserman.series.dp": "REFUTED",
        "wasserman.histogram.dp.instances": "CERTIFIED"}
