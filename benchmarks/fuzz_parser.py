"""Fuzz the claims-language parser with many examples (issue 10, item 6).

Runs the property of tests/unit/test_parser_fuzz.py -- every input parses or raises the
documented ExprSyntaxError, in under 0.5 s, with no other exception -- on N examples
(default 10^5) and prints the counts and the slowest input.

    PYTHONPATH=$PWD python benchmarks/fuzz_parser.py [N]
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from hypothesis import HealthCheck, given, settings

from tests.unit.test_parser_fuzz import SENTINEL, check_one, statements


def main(n: int) -> int:
    counts: Counter[str] = Counter()
    slowest = [0.0, ""]
    distinct: set[str] = set()

    @settings(max_examples=n, deadline=None, database=None, derandomize=False,
              suppress_health_check=list(HealthCheck))
    @given(statements)
    def prop(text):
        outcome, seconds = check_one(text)
        counts[outcome] += 1
        distinct.add(text)
        if seconds > slowest[0]:
            slowest[:] = [seconds, text]
        assert not SENTINEL.exists()

    start = time.perf_counter()
    prop()
    wall = time.perf_counter() - start
    total = sum(counts.values())
    print(f"examples: {total} ({len(distinct)} distinct) in {wall:.1f} s")
    print(f"parsed: {counts['parsed']}, rejected with ExprSyntaxError: {counts['rejected']}, "
          "other exceptions: 0, over 0.5 s: 0")
    text = slowest[1]
    shown = text if len(text) <= 120 else f"{text[:100]}... ({len(text)} characters)"
    print(f"slowest: {slowest[0] * 1000:.1f} ms on {shown!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000))
