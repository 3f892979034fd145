"""Time the verification of the theorem library, per source and in total (run by hand).

    python benchmarks/bench_library.py [--jobs 2] [--only 'osgt22.*' ...]

Prints one row per source: claims, wall time, and the slowest claims; then the total.
Figures are measured in one run on this machine; they are not a test.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

from dpproof.engines.base import Config
from dpproof.loader import load_targets, select
from dpproof.runner import verify


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--only", action="append")
    args = p.parse_args()
    claims = select(load_targets(None), args.only)
    t0 = time.perf_counter()
    report = verify(claims, Config(), jobs=args.jobs)
    wall = time.perf_counter() - t0
    per_source = defaultdict(list)
    for a in report.assessments:
        per_source[a.claim.source.key].append(a)
    print(f"{'source':<16} {'claims':>6} {'cpu s':>8}  slowest")
    for key, items in sorted(per_source.items()):
        slow = max(items, key=lambda a: a.seconds)
        print(f"{key:<16} {len(items):>6} {sum(a.seconds for a in items):>8.1f}  "
              f"{slow.id} ({slow.seconds:.1f} s, {slow.verdict.value})")
    counts = ", ".join(f"{n} {v}" for v, n in report.counts().items() if n)
    print(f"total: {len(report.assessments)} claims in {wall:.1f} s wall with --jobs "
          f"{args.jobs}: {counts}")


if __name__ == "__main__":
    main()
