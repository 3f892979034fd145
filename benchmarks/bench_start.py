"""Start-up wall times of the command line (run by hand; not a test).

    python benchmarks/bench_start.py [--repeat 3] [--claim ID]
                                     [--skip-rerun]

Prints the median of ``--repeat`` wall times (process start to exit) of:
- ``verify FILE --no-pdf``: a one-claim claims file (``x <= 2`` on x in [0, 1]), with a
  fresh result cache each time (the claim is decided);
- ``verify --only CLAIM --no-pdf``: one library claim, fresh result cache (decided);
- ``list`` and ``show CLAIM``: cold (fresh cache folder: the declarations are built) and warm;
- a rerun after editing one claim of one theorem module: ``verify --only 'wasserman.*'``
  (33 claims) on a copy of the library with a warm result cache, after one claim's note was
  edited (the run cache misses; the note is commentary, so the result cache answers every
  claim: what is measured is the start, the build of the module and the report).  The cold
  run that fills the cache decides the 33 claims first (about a minute on 2 cores).
Each run uses its own cache folder ($DPPROOF_CACHE_DIR) and output folder.  Python's bytecode
caches are written (``PYTHONDONTWRITEBYTECODE`` is dropped) and one untimed run comes first, so
that the figures are those of any start after the first one on a machine.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ONE_CLAIM = """[[claim]]
id = "bench.trivial"
source = "a trivial claim"
statement = "x <= 2"
domain = { x = [0, 1] }
"""


def wall(cmd: list[str], env: dict, cwd: Path = ROOT) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "dpproof", *cmd], env=env, cwd=cwd, check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - t0


def median(times: list[float]) -> str:
    return f"median {statistics.median(times):6.2f} s  ({', '.join(f'{t:.2f}' for t in times)})"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--claim", default="adp_notes.name_and_shame.dp.instances",
                   help="the library claim of --only and show")
    p.add_argument("--skip-rerun", action="store_true")
    args = p.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-start-"))
    # bytecode caches as any machine has them after its first run (a few images, this one
    # among them, set PYTHONDONTWRITEBYTECODE: every start then compiles dpproof anew)
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    base["PYTHONPATH"] = str(ROOT)
    try:
        claims = tmp / "one.toml"
        claims.write_text(ONE_CLAIM)

        def fresh(name: str, i: int) -> tuple[dict, Path]:
            env = {**base, "DPPROOF_CACHE_DIR": str(tmp / f"cache-{name}-{i}")}
            return env, tmp / f"out-{name}-{i}"

        rows = []
        env, out = fresh("one", "untimed")
        wall(["verify", str(claims), "--no-pdf", "--quiet", "--out", str(out)], env)
        t = []
        for i in range(args.repeat):
            env, out = fresh("one", i)
            t.append(wall(["verify", str(claims), "--no-pdf", "--quiet", "--out", str(out)],
                          env))
        rows.append(("verify one-claim file --no-pdf", t))
        t = []
        for i in range(args.repeat):
            env, out = fresh("only", i)
            t.append(wall(["verify", "--only", args.claim, "--no-pdf", "--quiet",
                           "--out", str(out)], env))
        rows.append((f"verify --only {args.claim} --no-pdf", t))
        for cmd in (["list"], ["show", args.claim]):
            cold, warm = [], []
            for i in range(args.repeat):
                env, _ = fresh(cmd[0], i)
                cold.append(wall(cmd, env))
                warm.append(wall(cmd, env))
            rows.append((f"{' '.join(cmd)} (cold)", cold))
            rows.append((f"{' '.join(cmd)} (warm)", warm))
        if not args.skip_rerun:
            rows.append(("rerun after editing one claim", rerun(tmp, base, args.repeat)))
        for name, times in rows:
            print(f"{name:<50} {median(times)}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def rerun(tmp: Path, base: dict, repeat: int) -> list[float]:
    """``verify --only 'wasserman.*'`` on a copy of the library, warm, after a note edit."""
    lib = tmp / "lib"
    shutil.copytree(ROOT / "theorems", lib / "theorems",
                    ignore=shutil.ignore_patterns("__pycache__"))
    env = {**base, "PYTHONPATH": f"{lib}{os.pathsep}{ROOT}",
           "DPPROOF_CACHE_DIR": str(tmp / "cache-rerun")}
    target = lib / "theorems" / "wasserman" / "laplace.py"
    cmd = ["verify", "--only", "wasserman.*", "--no-pdf", "--quiet", "--jobs", "2",
           "--out", str(tmp / "out-rerun")]
    wall(cmd, env, cwd=lib)   # cold: every claim of the module decided once
    times = []
    text = target.read_text()
    for i in range(repeat):
        edited = text.replace('note="corrected statement:',
                              f'note="(edit {i}) corrected statement:', 1)
        assert edited != text, "the edited note is not in the module any more"
        target.write_text(edited)
        times.append(wall(cmd, env, cwd=lib))
    return times


if __name__ == "__main__":
    main()
