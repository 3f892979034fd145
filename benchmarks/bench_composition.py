"""Time Theorem 3's closed form (certified, ball arithmetic) as k grows; run by hand:

    python benchmarks/bench_composition.py

Prints k, d, the enclosure's midpoint and radius, and seconds (median of 3 runs) for
d = k/2 and d = 0, eps = 0.1, eps_g = 2, at 128 bits.  The cost is O(k (k + d)).
"""

import statistics
import time

from flint import arb, ctx

from dpproof.oracles.br_composition import thm3_delta


def bench(k: int, d: int, eps: arb, eps_g: arb) -> tuple:
    times, value = [], None
    for _ in range(3):
        t0 = time.perf_counter()
        value = thm3_delta(k, d, eps, eps_g)
        times.append(time.perf_counter() - t0)
    return value, statistics.median(times)


def main() -> None:
    print(f"{'k':>5} {'d':>5} {'delta (mid)':>24} {'radius':>10} {'seconds':>9}")
    with ctx.workprec(128):
        eps, eps_g = arb(1) / 10, arb(2)   # exact rationals as 128-bit balls
        for k in (10, 25, 50, 100, 200, 400, 700, 1000):
            for d in (k // 2, 0):
                v, s = bench(k, d, eps, eps_g)
                print(f"{k:5d} {d:5d} {v.mid().str(15, radius=False):>24} "
                      f"{v.rad().str(2, radius=False):>10} {s:9.3f}")


if __name__ == "__main__":
    main()
