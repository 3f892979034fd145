"""Issue 28's figures in one run: how fast dpproof starts and decides under counted budgets.

    python benchmarks/bench_budgets.py                 # the short figures and the report's
    python benchmarks/bench_budgets.py --library       # also the library cold and a rerun

Prints, each a whole ``python -m dpproof`` process (wall seconds, median of ``--repeat``):
- a one-claim claims file with ``--no-pdf``;
- ``--only`` on one library claim;
- with ``--library``: the whole library cold (``--jobs 2 --no-cache``, once), then a rerun
  after one claim's result is dropped from the result cache -- what editing one claim of
  one theorem module costs (the cache is keyed per claim), median of ``--repeat``;
then, from a report (the cold run's, else ``reports/report.json``): the median and p90
claim, the cross-examination's share of the claims' counted work, and the counted work per
engine (work-seconds: one is 2,000,000 counted calls).  Not a test: figures of one machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ONE_CLAIM = '[[claim]]\nid = "trivial"\nsource = "bench"\nstatement = "x <= 2"\n' \
            'domain = { x = [0, 1] }\n'
LIBRARY_CLAIM = "wasserman.laplace.dp"


def dpproof(*args: str, env: dict | None = None) -> float:
    """Wall seconds of one ``python -m dpproof`` process (exit 0 or 1 expected)."""
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "dpproof", *args], cwd=ROOT,
                          capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})
    seconds = time.perf_counter() - t0
    if done.returncode not in (0, 1):
        raise SystemExit(f"dpproof {' '.join(args)} failed:\n{done.stderr[-2000:]}")
    return seconds


def median(fn, repeat: int) -> str:
    runs = [fn() for _ in range(repeat)]
    return f"{statistics.median(runs):7.2f} s  (min {min(runs):.2f}, max {max(runs):.2f})"


def report_figures(path: Path) -> None:
    claims = json.loads(path.read_text())["claims"]
    ran = [c for c in claims if not c.get("cached")]
    seconds = sorted(c["seconds"] for c in ran)
    if not seconds:
        print(f"{path}: no claim was decided in this run")
        return
    p90 = seconds[min(len(seconds) - 1, int(0.9 * len(seconds)))]
    print(f"claims decided: {len(ran)}; median claim {statistics.median(seconds):.2f} s, "
          f"p90 {p90:.2f} s, total {sum(seconds):.0f} claim-seconds")
    work = [c.get("work") or {} for c in ran]
    total = sum(w.get("claim", 0) for w in work)
    cross = sum(w.get("cross_examination", 0) for w in work)
    if total:
        print(f"counted work: {total:.1f} work-seconds; cross-examination {cross:.1f} "
              f"({100 * cross / total:.1f}%)")
    per_engine = defaultdict(float)
    for c in ran:
        for e in c["evidence"]:
            per_engine[e["engine"]] += (e.get("data") or {}).get("budget_spent", 0)
    for name, spent in sorted(per_engine.items(), key=lambda kv: -kv[1]):
        if spent:
            print(f"  {name:12s} {spent:10.1f} work-seconds")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--library", action="store_true", help="also the library cold and a rerun")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        toml = tmp / "one.toml"
        toml.write_text(ONE_CLAIM)
        cache = {"DPPROOF_CACHE_DIR": str(tmp / "cache")}
        print("one-claim file, --no-pdf, no cache:",
              median(lambda: dpproof("verify", str(toml), "--no-pdf", "--no-cache", "--quiet",
                                     "--out", str(tmp / "one")), args.repeat))
        print(f"--only {LIBRARY_CLAIM}, --no-pdf, no cache:",
              median(lambda: dpproof("verify", "--only", LIBRARY_CLAIM, "--no-pdf",
                                     "--no-cache", "--quiet", "--out", str(tmp / "only")),
                     args.repeat))
        report = ROOT / "reports" / "report.json"
        if args.library:
            out = tmp / "library"
            wall = dpproof("verify", "--jobs", "2", "--no-pdf", "--quiet", "--out", str(out),
                           env=cache)
            print(f"library cold, --jobs 2: {wall / 60:.1f} min")
            report = out / "report.json"
            keep = json.loads(report.read_text())
            (tmp / "cold.json").write_text(json.dumps(keep))
            report = tmp / "cold.json"

            def rerun() -> float:
                _drop_one(Path(cache["DPPROOF_CACHE_DIR"]))
                return dpproof("verify", "--jobs", "2", "--no-pdf", "--quiet", "--out",
                               str(tmp / "rerun"), env=cache)
            print("rerun, one claim re-decided:", median(rerun, args.repeat))
        report_figures(report)


def _drop_one(cache: Path) -> None:
    """Remove one claim result (the newest) and the run cache, as an edit to one claim does."""
    entries = sorted(cache.glob("??/*.pickle"), key=lambda p: p.stat().st_mtime)
    if entries:
        entries[-1].unlink()
    runs = cache / "runs"
    if runs.is_dir():
        for f in runs.rglob("*"):
            if f.is_file():
                f.unlink()


if __name__ == "__main__":
    main()
