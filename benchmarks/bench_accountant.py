"""Certified accountant vs dp_accounting's PLD (interval 1e-4) and prv_accountant, one run.

Rows: the DP-SGD bracket (q = 0.004, sigma = 0.8, delta = 1e-5) at 10^3 and 10^4 steps; a
heterogeneous composition (100 subsampled Gaussians, 10 Laplaces, one Gaussian);
``--million`` adds 10^6 steps (q = 1e-3, sigma = 1, delta = 1e-7), not run by default.
Width is (upper - lower) / upper; the ratio is dpproof's time over dp_accounting's (each
timed once, cold: the first row also builds the FFT's weights).
Run: ``python benchmarks/bench_accountant.py [--million]`` (needs the ``audit`` extra).
"""

from __future__ import annotations

import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's dpproof

import dp_accounting as dpa
from dp_accounting.pld import pld_privacy_accountant

from dpproof.accounting import certify_epsilon

G, L, PS = dpa.GaussianDpEvent, dpa.LaplaceDpEvent, dpa.PoissonSampledDpEvent
SC, C = dpa.SelfComposedDpEvent, dpa.ComposedDpEvent


def _where(value, c) -> str:
    """A peer's estimate against the bracket: 'in', 'above' (a pessimistic estimate above
    the certified upper end: conservative, looser) or 'BELOW' (under the certified lower end:
    not conservative)."""
    return "in" if c.lower <= value <= c.upper else ("above" if value > c.upper else "BELOW")


def _timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def _pld(event, delta):
    acc = pld_privacy_accountant.PLDAccountant()
    acc.compose(event)
    return acc.get_epsilon(delta)


def _prv(parts, delta):
    """parts: [(prv mechanism, count)]; (low, estimate, up)."""
    from prv_accountant import PRVAccountant
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        acc = PRVAccountant([m for m, _ in parts], eps_error=0.01, delta_error=delta / 1000,
                            max_self_compositions=[n for _, n in parts])
        return acc.compute_epsilon(delta, [n for _, n in parts])


def cases(million: bool):
    from prv_accountant import GaussianMechanism, LaplaceMechanism
    from prv_accountant import PoissonSubsampledGaussianMechanism as PSG
    for steps in (1000, 10000):
        yield (f"DP-SGD q=0.004 s=0.8 T={steps}", SC(PS(0.004, G(0.8)), steps), "1e-5",
               [(PSG(noise_multiplier=0.8, sampling_probability=0.004), steps)], {})
    yield ("100 x PS(0.01,G(1)) + 10 x Lap(5) + G(2)",
           C([SC(PS(0.01, G(1.0)), 100), SC(L(5.0), 10), G(2.0)]), "1e-5",
           [(PSG(noise_multiplier=1.0, sampling_probability=0.01), 100),
            (LaplaceMechanism(mu=0.2), 10), (GaussianMechanism(noise_multiplier=2.0), 1)], {})
    if million:
        yield ("DP-SGD q=0.001 s=1 T=10^6", SC(PS(0.001, G(1.0)), 10 ** 6), "1e-7",
               [(PSG(noise_multiplier=1.0, sampling_probability=0.001), 10 ** 6)], {})


def main(argv) -> None:
    million = "--million" in argv
    head = (f"{'case':<42} | {'lower':>10} {'upper':>10} {'width%':>7} {'s':>5} | "
            f"{'dp_acc PLD':>10} {'s':>5} {'x':>5} | {'prv est':>8} {'prv low..up':>17} "
            f"{'s':>5} {'x':>5}")
    print(head)
    print("-" * len(head))
    for name, event, delta, prv_parts, options in cases(million):
        pld, t_pld = _timed(lambda: _pld(event, float(delta)))
        try:
            (lo, est, up), t_prv = _timed(lambda: _prv(prv_parts, float(delta)))
        except Exception as exc:  # a peer failing is reported, not fatal
            lo = est = up = float("nan")
            t_prv = float("nan")
            print(f"  prv_accountant failed: {type(exc).__name__}: {exc}")
        c, t_c = _timed(lambda: certify_epsilon(event, delta, **options))
        width = 100 * (c.upper - c.lower) / c.upper
        print(f"{name:<42} | {c.lower:>10.7f} {c.upper:>10.7f} {width:>7.4f} {t_c:>5.1f} | "
              f"{pld:>10.7f} {t_pld:>5.1f} {t_c / t_pld:>5.1f} | {est:>8.5f} "
              f"{lo:>8.4f}..{up:<8.4f} {t_prv:>5.1f} {t_c / t_prv:>5.1f}  "
              f"PLD {_where(pld, c)}, prv est {_where(est, c)}")


if __name__ == "__main__":
    main(sys.argv[1:])
