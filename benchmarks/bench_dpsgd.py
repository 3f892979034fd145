"""DP-SGD epsilon: dpproof's certified bracket vs dp_accounting's PLD and prv_accountant.

q = 0.004, sigma = 0.8, delta = 1e-5 at 1,000 and 10,000 steps (issue #15).  Targets: bracket
width <= 1% of epsilon, time <= 10x dp_accounting's PLD accountant.  Run:
``python benchmarks/bench_dpsgd.py`` (needs the ``audit`` extra).
"""

from __future__ import annotations

import time
import warnings

import dp_accounting
from dp_accounting.pld import pld_privacy_accountant
from prv_accountant.dpsgd import DPSGDAccountant

from dpproof.accounting import dpsgd_epsilon

Q, SIGMA, DELTA = "0.004", "0.8", "1e-5"


def _timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def dp_accounting_pld(steps):
    acc = pld_privacy_accountant.PLDAccountant()
    acc.compose(dp_accounting.SelfComposedDpEvent(
        dp_accounting.PoissonSampledDpEvent(float(Q), dp_accounting.GaussianDpEvent(float(SIGMA))),
        steps))
    return acc.get_epsilon(float(DELTA))


def prv(steps):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        acc = DPSGDAccountant(noise_multiplier=float(SIGMA), sampling_probability=float(Q),
                              eps_error=0.01, delta_error=1e-8, max_steps=steps)
        return acc.compute_epsilon(num_steps=steps, delta=float(DELTA))


def main() -> None:
    print(f"DP-SGD, Poisson rate q = {Q}, noise multiplier sigma = {SIGMA}, delta = {DELTA}, "
          "add/remove neighbours")
    head = (f"{'steps':>6} | {'dpproof lower':>13} {'dpproof upper':>13} {'width %':>7} "
            f"{'RDP upper':>9} {'s':>6} | {'dp_acc PLD':>10} {'s':>5} | "
            f"{'prv low':>7} {'prv est':>7} {'prv up':>7} {'s':>5} | {'x PLD':>5}")
    print(head)
    print("-" * len(head))
    for steps in (1000, 10000):
        pld, t_pld = _timed(lambda: dp_accounting_pld(steps))
        (lo, est, up), t_prv = _timed(lambda: prv(steps))
        b, t_b = _timed(lambda: dpsgd_epsilon(Q, SIGMA, steps, DELTA))
        inside = "in" if b.lower <= pld <= b.upper and b.lower <= est <= b.upper else "OUT"
        print(f"{steps:>6} | {b.lower:>13.6f} {b.upper:>13.6f} {100 * b.width / b.upper:>7.3f} "
              f"{b.rdp_upper:>9.4f} {t_b:>6.1f} | {pld:>10.6f} {t_pld:>5.1f} | {lo:>7.4f} "
              f"{est:>7.4f} {up:>7.4f} {t_prv:>5.1f} | {t_b / t_pld:>5.1f}  estimates {inside} "
              f"the bracket; h = {b.details['h']}")


if __name__ == "__main__":
    main()
