"""Per-claim seconds, and where a claim's time goes beyond its engines' (run by hand).

    python benchmarks/claim_times.py ID [ID ...] [--repeat 1] [--json out.json]

Decides each library claim in this process (``checking.check_claim``, as a worker does,
after ``warm_up``) and prints: verdict, claim seconds, the sum of its evidence's seconds,
and the time spent in steps whose cost the evidence does not show -- the cross-examination
of a PROVED/CERTIFIED at the claim level, the conjunction route (its evidence shows its time
only when it decides), the symbolic engine's full-budget attempt (its evidence replaces
the quick attempt's, whose time is then not shown), and the repair of a REFUTED claim.  The machine is shared: compare runs made back to
back and quote ratios.  Not a test.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # this checkout's dpproof

from dpproof import checking, routes  # noqa: E402
from dpproof.engines.base import Config  # noqa: E402
from dpproof.loader import load_targets  # noqa: E402
from dpproof.runner import flatten  # noqa: E402

SPENT: dict[str, float] = defaultdict(float)


def _timed(label: str, fn):
    def run(*args, **kwargs):
        t0 = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            SPENT[label] += time.perf_counter() - t0
    return run


def _instrument() -> None:
    """Time the hidden steps where ``checking`` calls them (behaviour unchanged)."""
    checking.cross_examine = _timed("cross-exam", checking.cross_examine)
    routes.ROUTES = tuple(dataclasses.replace(r, run=_timed(r.name, r.run))
                          for r in routes.ROUTES)
    checking.repair = _timed("repair", checking.repair)


def measure(ids, repeat: int = 1):
    """One row (a dict) per claim and repetition, yielded as each is decided."""
    claims = {c.id: c for c in flatten(load_targets(None))}
    missing = [i for i in ids if i not in claims]
    if missing:
        raise SystemExit(f"unknown claim ids: {', '.join(missing)}")
    checking.warm_up()
    _instrument()
    for cid in ids:
        for _ in range(repeat):
            SPENT.clear()
            a = checking.check_claim(claims[cid], Config())
            engines = sum(e.seconds or 0 for e in a.evidence)
            yield {"id": cid, "verdict": a.verdict.value, "seconds": round(a.seconds, 2),
                   "engines": round(engines, 2), **{k: round(v, 2) for k, v in SPENT.items()}}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("ids", nargs="+")
    p.add_argument("--repeat", type=int, default=1)
    p.add_argument("--json")
    args = p.parse_args()
    rows = []
    for r in measure(args.ids, args.repeat):
        rows.append(r)
        extra = "  ".join(f"{k} {v:.1f}" for k, v in r.items()
                          if k not in ("id", "verdict", "seconds", "engines"))
        print(f"{r['id']:50s} {r['verdict']:12s} {r['seconds']:7.1f} s  "
              f"(engines {r['engines']:.1f}) {extra}", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
