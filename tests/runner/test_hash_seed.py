"""What the command line pins so that counted work is a function of the claim, the settings,
the version and the seed (``dpproof.hash_seed``, ``dpproof.fresh_state``): a verdict does not
depend on Python's string-hash seed (claims decided in-process under two seeds, no
re-execution, give the same verdicts, scopes and witnesses); the one re-execution pins the hash
seed and, on Linux, the address layout; claims are built with sympy's random streams seeded."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.helpers import layout_pinnable

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


_PIN = """
import os, sys
from dpproof import hash_seed
calls = []
os.execve = lambda exe, argv, env: calls.append((argv, env))
for name in ("DPPROOF_PINNED", "DPPROOF_NO_REEXEC", "PYTHONHASHSEED"):
    os.environ.pop(name, None)
sys.argv = ["dpproof", "verify", "claims.toml", "--out", "somewhere"]
hash_seed.pin_hash_seed()
argv, env = calls[0]
print(env["PYTHONHASHSEED"], env[hash_seed.MARK], argv[1:], hash_seed.layout_fixed())
os.environ.update(env)
hash_seed.pin_hash_seed()          # the re-executed process does not re-execute again
print(len(calls))
"""


def test_the_command_line_re_executes_once_pinned(tmp_path):
    """``pin_hash_seed`` re-executes with the hash seed 0, marked so that the new process does
    not re-execute again, and on Linux asks for addresses laid out without randomisation
    (``dpproof.hash_seed``); run in a child, whose later execs alone it affects."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONHASHSEED"}
    done = subprocess.run([sys.executable, "-c", _PIN], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120, env={**env, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr[-2000:]
    first, second = done.stdout.splitlines()
    assert first.startswith("0 1 ['-m', 'dpproof', 'verify', 'claims.toml', '--out', "
                            "'somewhere'] ")
    if sys.platform.startswith("linux") and layout_pinnable():
        assert first.endswith(" True")
    assert second == "1"


_FACTS = """
import hashlib, sys
from sympy import preorder_traversal
from dpproof import cli

def facts(args, claims):   # instead of deciding: what sympy cached on the claims as built
    h = hashlib.sha256()
    for c in claims:
        if c.statement is not None:
            for e in (c.statement.lhs, c.statement.rhs):
                for node in preorder_traversal(e):
                    h.update(repr(sorted(node._assumptions.items())).encode())
    print(h.hexdigest())
    return 0

cli._verify = facts
sys.exit(cli.main(["verify", "--only", "adp_notes.basic_composition.instances", "--no-cache",
                   "--no-pdf", "--out", sys.argv[1]]))
"""


def test_claims_are_built_with_sympy_seeded(tmp_path):
    """sympy's assumptions shuffle the facts they ask and cache what they find on the objects
    asked about: the command line seeds sympy's random streams before building any claim, so
    the facts on a claim's objects as its worker starts are the same in every process (left to
    sympy's own draw, two processes cached different facts on this claim's objects)."""
    seen = [out.strip() for out in _in_two_processes(_FACTS, tmp_path)]
    assert seen[0] == seen[1] and len(seen[0]) == 64


def _in_two_processes(script: str, tmp_path) -> list[str]:
    """What ``script`` prints in two fresh processes (hash seed 0), each with its own out
    folder as its argument."""
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(ROOT)}
    printed = []
    for i in range(2):
        done = subprocess.run([sys.executable, "-c", script, str(tmp_path / f"out{i}")],
                              cwd=tmp_path, capture_output=True, text=True, timeout=300,
                              env=env)
        assert done.returncode == 0, done.stderr[-2000:]
        printed.append(done.stdout)
    return printed


_DUMMIES = """
import sys
from dpproof.hash_seed import pin_dummy_base
pin_dummy_base()                   # as the command line's process does, before sympy
from sympy import Dummy
from dpproof import cli

def numbering(args, claims):   # instead of deciding: how the claims' Dummies were numbered
    print(Dummy._base_dummy_index, Dummy._count, len(claims))
    return 0

cli._verify = numbering
sys.exit(cli.main(["verify", "--only", "osgt22.rdp_to_dp", "--no-cache", "--no-pdf",
                   "--out", sys.argv[1]]))
"""


def test_claims_are_built_with_dummies_numbered_alike(tmp_path):
    """sympy draws the base of its Dummy numbering as it is imported, from a generator the
    operating system seeds, creates Dummies of its own, and a Dummy's index enters its hash:
    the command line's process numbers them from a fixed base (``hash_seed.pin_dummy_base``),
    so the claims are built alike in every process (osgt22.rdp_to_dp's declaration
    substitutes simultaneously, through Dummies).  With sympy's draw, one claim's counted
    work differed by up to 80 calls between processes."""
    from dpproof.hash_seed import dummy_base

    seen = [out.split() for out in _in_two_processes(_DUMMIES, tmp_path)]
    base, count, claims = seen[0]
    assert seen[0] == seen[1] and int(base) == dummy_base("import")
    assert int(count) > 34 and int(claims) >= 1   # sympy's own and the declaration's
