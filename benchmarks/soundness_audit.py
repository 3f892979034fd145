"""Soundness audit: decide every mutant and reproducer, print verdicts and what went wrong.

Runs ``dpproof.runner.check_claim`` (default engines, the small budgets of the mutation
suite unless overridden) on tests/soundness/mutants.toml and reproducers.toml, then prints
one line per claim, the verdict counts overall and per kind of mutation, and every finding:
a false claim PROVED or CERTIFIED (or vouched for by one engine and refuted by another), a
crash, a REFUTED witness outside the domain as written or not violating the claim by the
independent mpmath evaluation (tests/soundness/mpeval.py).

Usage:  PYTHONPATH=$PWD python benchmarks/soundness_audit.py [--jobs 2] [--only GLOB]
        [--timeout S] [--engine-timeout S] [--max-boxes N] [--quiet]
Exit status 1 when there is a finding.
"""

from __future__ import annotations

import argparse
import fnmatch
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dpproof.claimfile import load_claims_file  # noqa: E402

from tests.soundness import mpeval  # noqa: E402
from tests.soundness.audit import (MUTANTS, REPRODUCERS, config_for_audit, decide,  # noqa: E402
                                   in_domain, witness_point, written, written_domain)


def _kind(table) -> str:
    source = table.get("source", "")
    return source.split("(")[1].split(")")[0] if source.startswith("mutant (") else "reproducer"


def findings(outcomes, tables) -> list[str]:
    out = []
    for o in outcomes:
        t = tables[o.id]
        if o.verdict in ("PROVED", "CERTIFIED", "CONTRADICTION") or o.holds_by:
            out.append(f"FALSE VERDICT {o.id}: {o.verdict} by {', '.join(o.holds_by) or '?'}"
                       f" :: {t['statement']} on {t['domain']} :: {o.detail[:300]}")
        elif o.verdict == "CRASH":
            out.append(f"CRASH {o.id}: {o.detail.splitlines()[0]}")
        elif o.verdict == "REFUTED":
            point = witness_point(o.witness or {})
            domain = written_domain(t)
            if not in_domain(point, domain):
                out.append(f"WITNESS OUTSIDE {o.id}: {o.witness} not in {t['domain']}")
            elif not mpeval.check_point(mpeval.parse(t["statement"], list(domain)),
                                        point).violated:
                out.append(f"WITNESS NOT CONFIRMED {o.id}: {o.witness}")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", action="append", default=[], help="claim id glob (repeatable)")
    ap.add_argument("--timeout", type=float)
    ap.add_argument("--engine-timeout", type=float)
    ap.add_argument("--max-boxes", type=int)
    ap.add_argument("--quiet", action="store_true", help="no per-claim lines")
    args = ap.parse_args(argv)
    config = config_for_audit()
    overrides = {"timeout": args.timeout, "engine_timeout": args.engine_timeout,
                 "max_boxes": args.max_boxes}
    config = replace(config, **{k: v for k, v in overrides.items() if v is not None})
    claims = load_claims_file(MUTANTS) + load_claims_file(REPRODUCERS)
    tables = {t["id"]: t for path in (MUTANTS, REPRODUCERS) for t in written(path)}
    if args.only:
        claims = [c for c in claims if any(fnmatch.fnmatch(c.id, g) for g in args.only)]
    t0 = time.perf_counter()
    def progress(done, total, o):
        if done % 25 == 0 or done == total:
            print(f"  {done}/{total} decided, {time.perf_counter() - t0:.0f} s", file=sys.stderr)

    outcomes = decide(claims, config, args.jobs, progress)
    wall = time.perf_counter() - t0
    if not args.quiet:
        for o in outcomes:
            print(f"{o.verdict:13s} {o.seconds:6.2f}s  {o.id}")
    print(f"\n{len(outcomes)} claims in {wall:.1f} s wall ({args.jobs} jobs); "
          f"timeout {config.timeout:g} s, engine timeout {config.engine_timeout:g} s, "
          f"max_boxes {config.max_boxes}")
    print("verdicts:", dict(Counter(o.verdict for o in outcomes).most_common()))
    by_kind = Counter((_kind(tables[o.id]), o.verdict) for o in outcomes)
    for kind in sorted({k for k, _ in by_kind}):
        row = {v: n for (k, v), n in by_kind.items() if k == kind}
        print(f"  {kind:10s} {row}")
    slow = sorted(outcomes, key=lambda o: -o.seconds)[:5]
    print("slowest:", ", ".join(f"{o.id} {o.seconds:.1f}s" for o in slow))
    found = findings(outcomes, tables)
    print(f"\n{len(found)} findings" + (":" if found else ""))
    for line in found:
        print("  " + line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
