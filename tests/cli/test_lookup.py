"""dpproof list / show: answered from the declarations index, the last verdict from the
report, no sympy on a hit (dpproof.lookup)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from dpproof.cli import main

CLAIMS = """[[claim]]
id = "t.a"
source = "test"
statement = "exp(x) >= 1 + x"
domain = { x = [-2, 2] }

[[claim]]
id = "t.b"
source = "test"
statement = "log(x) >= x - 1"
domain = { x = "[1/2, 2]" }
"""


def _run(args, cwd, env):
    return subprocess.run([sys.executable, "-c", "import sys\nfrom dpproof.cli import main\n"
                           "code = main(sys.argv[1:])\n"
                           "print('SYMPY' if 'sympy' in sys.modules else 'NOSYMPY')\n"
                           "sys.exit(code)", *args],
                          cwd=cwd, env=env, capture_output=True, text=True)


def _env(tmp_path):
    import os
    root = Path(__file__).resolve().parents[2]
    return {**os.environ, "DPPROOF_CACHE_DIR": str(tmp_path / "cache"),
            "PYTHONPATH": str(root)}


def test_list_and_show_from_the_index_without_sympy(tmp_path):
    (tmp_path / "c.toml").write_text(CLAIMS)
    env = _env(tmp_path)
    first = _run(["list", "c.toml"], tmp_path, env)
    assert first.returncode == 0 and "t.a" in first.stdout and "t.b" in first.stdout
    assert first.stdout.strip().endswith("SYMPY")          # a miss builds the claims
    again = _run(["list", "c.toml", "--only", "t.b"], tmp_path, env)
    assert again.returncode == 0 and "t.b" in again.stdout and "t.a" not in again.stdout
    assert again.stdout.strip().endswith("NOSYMPY")        # a hit reads the index only
    shown = _run(["show", "t.b", "c.toml"], tmp_path, env)
    assert "statement: log(x) >= x - 1" in shown.stdout and "x in [1/2, 2]" in shown.stdout
    assert "verdict:   not in dpproof-out/c/report.json" in shown.stdout
    assert shown.stdout.strip().endswith("NOSYMPY")


def test_an_edit_of_the_file_rebuilds_the_index(tmp_path, monkeypatch):
    monkeypatch.setenv("DPPROOF_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    f = tmp_path / "c.toml"
    f.write_text(CLAIMS)
    assert main(["list", "c.toml"]) == 0
    f.write_text(CLAIMS.replace('id = "t.b"', 'id = "t.renamed"'))
    import os
    os.utime(f, (1, 1))     # an old mtime: the content, not the clock, keys the index
    from dpproof import lookup
    ids = [d["id"] for d in lookup.declarations(["c.toml"])]
    assert ids == ["t.a", "t.renamed"]


def test_show_prints_the_last_verdict_witness_and_repair(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DPPROOF_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "c.toml").write_text(CLAIMS)
    assert main(["verify", "c.toml", "--no-pdf", "--quiet"]) in (0, 1)
    data = json.loads((tmp_path / "dpproof-out" / "c" / "report.json").read_text())
    b = next(c for c in data["claims"] if c["id"] == "t.b")
    capsys.readouterr()
    assert main(["show", "t.b", "c.toml"]) == 0
    out = capsys.readouterr().out
    assert "verdict:   REFUTED (from dpproof-out/c/report.json)" in out
    assert "witness:   x = " + b["witness"]["x"] in out
    assert "repair:" in out
    assert main(["show", "t.nope", "c.toml"]) == 2
