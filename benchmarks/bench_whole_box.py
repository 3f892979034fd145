"""Time for the interval engine to decide each class of whole-box case (issue 12), before
and after, in one run.

"before" is the main checkout (``--before``, default /work/main), "after" this checkout;
each runs in its own interpreter on the same cases (``tests/engines/cases.py`` of this
checkout, loaded by path).  Prints one line per case and a total per class:

    python benchmarks/bench_whole_box.py [--before PATH] [--timeout SECONDS]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

#: oracle sides over parameter boxes (true; the Gaussian family)
ORACLE = [
    ("oracle.kl_gauss", "kl(Normal(0, s), Normal(1, s)) <= 1/s^2", {"s": (1, 4)}),
    ("oracle.renyi_gauss", "renyi(Normal(0, s), Normal(1, s), a) <= a/s^2",
     {"s": (1, 4), "a": (2, 8)}),
    ("oracle.hs_gauss", "hockey_stick(Normal(0, s), Normal(1, s), e) <= 1/2",
     {"s": (1, 4), "e": (1, 3)}),
    ("oracle.pinsker_gauss",
     "tv(Normal(0, s), Normal(1, s)) <= sqrt(kl(Normal(0, s), Normal(1, s))/2)", {"s": (1, 4)}),
    ("oracle.renyi_laplace", "renyi(Laplace(0, b), Laplace(1, b), a) <= 1/b",
     {"b": (1, 4), "a": (2, 8)}),
    ("oracle.tv_gauss", "tv(Normal(0, s), Normal(d, s)) <= d/(2*s)",
     {"s": (1, 4), "d": ("1/10", 2)}),
    ("oracle.hs_gauss_phi", "hockey_stick(Normal(0, s), Normal(1, s), e) <= Phi(1/(2*s) - e*s)",
     {"s": (1, 4), "e": (1, 3)}),
]


def _classes():
    import importlib.util

    spec = importlib.util.spec_from_file_location("wb_cases", HERE / "tests/engines/cases.py")
    cases = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cases)
    import dpproof.oracles  # noqa: F401 - registers the distributions and divergences
    from dpproof.claims import Interval
    from tests.helpers import make_claim

    true, false = cases.WHOLE_BOX_TRUE, cases.WHOLE_BOX_FALSE
    unbounded = {c.id for c in true + false if not all(iv.bounded for _, iv in c.domain.params)}
    from sympy import Rational

    oracle = [make_claim(cid, text, **{n: Interval.closed(*map(Rational, r))
                                       for n, r in ranges.items()})
              for cid, text, ranges in ORACLE]
    return {
        "tight": [c for c in true + false if c.id not in unbounded and "needle" not in c.id
                  and "bump" not in c.id],
        "unbounded": [c for c in true + false if c.id in unbounded],
        "needle": [c for c in false + true if "needle" in c.id or "bump" in c.id],
        "oracle box": oracle,
    }


def child(timeout: float) -> None:
    from dpproof.engines.base import Config, load

    engine, out = load("interval"), []
    for name, claims in _classes().items():
        for c in claims:
            t0 = time.perf_counter()
            try:
                verdict = engine.check(c, Config(engine_timeout=timeout)).verdict.value
            except Exception as exc:  # noqa: BLE001 - a benchmark reports every failure
                verdict = f"ERROR {type(exc).__name__}"
            out.append((name, c.id, verdict, time.perf_counter() - t0))
    print(json.dumps(out))


def run(root: Path, timeout: float):
    env = dict(os.environ, PYTHONPATH=f"{root}{os.pathsep}{HERE}")
    proc = subprocess.run([sys.executable, __file__, "--child", "--timeout", str(timeout)],
                          env=env, cwd=root, capture_output=True, text=True, check=False)
    if proc.returncode:
        raise SystemExit(f"{root}: {proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", default="/work/main")
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        return child(args.timeout)
    before, after = run(Path(args.before), args.timeout), run(HERE, args.timeout)
    print(f"{'class':<11} {'case':<30} {'before':>22} {'after':>22}")
    totals: dict = {}
    for (cls, cid, v0, t0), (_, _, v1, t1) in zip(before, after):
        print(f"{cls:<11} {cid:<30} {v0:>13} {t0:7.2f}s {v1:>13} {t1:7.2f}s")
        tot = totals.setdefault(cls, [0, 0, 0.0, 0.0, 0])
        tot[0] += v0 in ("CERTIFIED", "REFUTED")
        tot[1] += v1 in ("CERTIFIED", "REFUTED")
        tot[2] += t0
        tot[3] += t1
        tot[4] += 1
    print()
    for cls, (d0, d1, t0, t1, n) in totals.items():
        print(f"{cls:<11} decided {d0:>2}/{n} in {t0:7.2f}s before, "
              f"{d1:>2}/{n} in {t1:7.2f}s after")


if __name__ == "__main__":
    main()
