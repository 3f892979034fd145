"""The theorem library's figures: cold wall time, claim times, cross-examination share, work
per engine (run by hand; not a test).

    python benchmarks/bench_library.py [--jobs 2] [--only 'osgt22.*' ...]
    python benchmarks/bench_library.py --report reports/report.json [--wall SECONDS]

The first form runs ``dpproof verify`` cold (a fresh result cache, ``--no-pdf``) into a
temporary folder and reports on what it wrote; the second reads a report already written
(``--wall``: the wall time measured for it).  Printed: the wall time; the median and p90
claim seconds and their sum; per source, its claims, seconds and slowest claim; the counted
work (work-seconds, ``engines.base.UNITS_PER_SECOND`` units each) of the claims, of their
cross-examinations and its share, and per engine (the ``budget_spent`` of its evidence).
Figures are measured in one run on this machine.
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

ROOT = Path(__file__).resolve().parent.parent


def run(jobs: int, only: list[str] | None) -> tuple[dict, float]:
    with tempfile.TemporaryDirectory(prefix="bench-library-") as tmp:
        env = {**os.environ, "DPPROOF_CACHE_DIR": str(Path(tmp) / "cache"),
               "PYTHONPATH": str(ROOT)}
        cmd = [sys.executable, "-m", "dpproof", "verify", "--jobs", str(jobs), "--no-pdf",
               "--quiet", "--out", str(Path(tmp) / "out")]
        for pattern in only or []:
            cmd += ["--only", pattern]
        t0 = time.perf_counter()
        subprocess.run(cmd, env=env, cwd=ROOT, check=False)
        wall = time.perf_counter() - t0
        return json.loads((Path(tmp) / "out" / "report.json").read_text()), wall


def figures(report: dict, wall: float | None) -> str:
    claims = report["claims"]
    secs = sorted(c["seconds"] or 0.0 for c in claims)
    out = []
    if wall is not None:
        out.append(f"wall: {wall:.1f} s ({wall / 60:.1f} min) for {len(claims)} claims, "
                   f"--jobs {report['settings'].get('jobs')}")
    p90 = secs[min(len(secs) - 1, int(0.9 * len(secs)))]
    out.append(f"claim seconds: median {statistics.median(secs):.2f}, p90 {p90:.2f}, "
               f"sum {sum(secs):.0f}")
    per_source = defaultdict(list)
    for c in claims:
        per_source[c["id"].split(".")[0]].append(c)
    out.append(f"{'source':<16} {'claims':>6} {'seconds':>8}  slowest")
    for key, items in sorted(per_source.items()):
        slow = max(items, key=lambda c: c["seconds"] or 0.0)
        out.append(f"{key:<16} {len(items):>6} {sum(c['seconds'] or 0 for c in items):>8.1f}  "
                   f"{slow['id']} ({slow['seconds']:.1f} s, {slow['verdict']})")
    work = [c.get("work") or {} for c in claims]
    whole = sum(w.get("claim", 0.0) for w in work)
    cross = sum(w.get("cross_examination", 0.0) for w in work)
    out.append(f"work: claims {whole:.1f} work-s, cross-examination {cross:.1f} work-s "
               f"({100 * cross / whole if whole else 0:.1f}% of the claims' work)")
    engines = defaultdict(float)
    for c in claims:
        for e in c.get("evidence") or []:
            engines[e["engine"]] += (e.get("data") or {}).get("budget_spent", 0.0)
    out.append("work per engine (work-s): " + ", ".join(
        f"{name} {w:.1f}" for name, w in sorted(engines.items(), key=lambda kv: -kv[1]) if w))
    out.append("verdicts: " + ", ".join(f"{n} {v}" for v, n in report["counts"].items() if n))
    return "\n".join(out)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--only", action="append")
    p.add_argument("--report", type=Path, help="read this report.json instead of running")
    p.add_argument("--wall", type=float, help="with --report: its measured wall seconds")
    args = p.parse_args()
    if args.report:
        report, wall = json.loads(args.report.read_text()), args.wall
    else:
        report, wall = run(args.jobs, args.only)
    print(figures(report, wall))


if __name__ == "__main__":
    main()
