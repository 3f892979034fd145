"""Cold and warm wall time of ``dpproof verify`` (run by hand; not a test).

    python benchmarks/bench_runner.py [--jobs 2] [--only 'azize23.*' ...] [--baseline 53]

Runs ``dpproof verify --no-pdf`` twice in fresh subprocesses with a fresh result cache:
cold (every claim decided) and warm (nothing changed: every verdict from the cache), and
prints both wall times (process start to exit, imports and report writing included), the
verdict counts, and their ratio to ``--baseline`` seconds (the run before supervision,
cache and the quick symbolic budget: 53 s for the whole library with --jobs 2).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run(args, cache: Path, out: Path) -> tuple[float, dict]:
    cmd = [sys.executable, "-m", "dpproof.cli", "verify", "--out", str(out), "--no-pdf",
           "--quiet", "--jobs", str(args.jobs)]
    for pattern in args.only or ():
        cmd += ["--only", pattern]
    env = {**os.environ, "DPPROOF_CACHE_DIR": str(cache)}
    t0 = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    claims = json.loads((out / "report.json").read_text())["claims"]
    verdicts = {c["id"]: c["verdict"] for c in claims}
    cached = sum(c.get("cached", False) for c in claims)
    return wall, {"verdicts": verdicts, "cached": cached}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--only", action="append", help="id glob (repeatable); default: all")
    p.add_argument("--baseline", type=float, default=53.0,
                   help="seconds of the earlier run to compare with (default 53)")
    args = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="dpproof-bench-") as tmp:
        tmp = Path(tmp)
        cold, c = run(args, tmp / "cache", tmp / "cold")
        warm, w = run(args, tmp / "cache", tmp / "warm")
    n = len(c["verdicts"])
    counts: dict[str, int] = {}
    for v in c["verdicts"].values():
        counts[v] = counts.get(v, 0) + 1
    what = " ".join(f"--only {o!r}" for o in args.only) if args.only else "the whole library"
    print(f"{what}: {n} claims, --jobs {args.jobs}: "
          + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print(f"cold: {cold:6.1f} s wall  ({cold / args.baseline:.2f} x the {args.baseline:g} s "
          "baseline)")
    print(f"warm: {warm:6.1f} s wall  ({warm / args.baseline:.3f} x the baseline; "
          f"{w['cached']}/{n} verdicts from the cache)")
    same = c["verdicts"] == w["verdicts"]
    print(f"warm verdicts {'equal' if same else 'DIFFER FROM'} the cold ones")


if __name__ == "__main__":
    main()
