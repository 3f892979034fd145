"""Time Theorem 3 of cesar_rogers21 as k grows: the printed closed form (a sympy formula in
``theorems/cesar_rogers21/closed_forms.py``, lowered to ball arithmetic and evaluated term
by term) against its definition, the certified sup over t of the product laws
(``dpproof.oracles.composition.bounded_range.sup_delta``); run by hand:

    python benchmarks/bench_composition.py

Prints k, d, both enclosures' midpoints and radii, and the seconds of each (one run each,
eps = 1/10, eps_g = 2, 128 bits).
"""

import time

import sympy
from flint import arb

from dpproof.lowering import at_precision, lower
from dpproof.oracles.composition.bounded_range import sup_delta
from theorems.cesar_rogers21.closed_forms import thm3_delta


def main() -> None:
    k_, d_ = sympy.symbols("k d", integer=True, nonnegative=True)
    e_, g_ = sympy.symbols("eps eps_g", positive=True)
    formula = lower(thm3_delta(k_, d_, e_, g_), ("k", "d", "eps", "eps_g"))
    print(f"{'k':>4} {'d':>4} {'closed form (mid)':>20} {'radius':>9} {'s':>7} "
          f"{'definition (mid)':>20} {'radius':>9} {'s':>7}")
    with at_precision(128):
        for k in (5, 10, 20, 40):
            for d in (k // 2, 0):
                t0 = time.perf_counter()
                form = formula(arb(k), arb(d), arb(1) / 10, arb(2))
                t1 = time.perf_counter()
                sup = sup_delta(k, d, arb(1) / 10, arb(2))
                t2 = time.perf_counter()
                print(f"{k:4d} {d:4d} {form.mid().str(12, radius=False):>20} "
                      f"{form.rad().str(2, radius=False):>9} {t1 - t0:7.2f} "
                      f"{sup.mid().str(12, radius=False):>20} "
                      f"{sup.rad().str(2, radius=False):>9} {t2 - t1:7.2f}")


if __name__ == "__main__":
    main()
