"""Benchmark of the certified oracles against float libraries (run by hand, not a test).

    python benchmarks/bench_oracles.py
"""

from __future__ import annotations

import math
import time

from flint import arb, ctx, fmpq

import dpproof.oracles as O


def q(a, b=1):
    return arb(fmpq(a, b))


def per_call(f, n):
    t = time.perf_counter()
    for _ in range(n):
        out = f()
    return (time.perf_counter() - t) / n, out


def rel(x):
    return float(x.rad() / abs(x.mid())) if x.mid() != 0 else float(x.rad())


def row(name, secs, value, note=""):
    print(f"{name:<48} {secs * 1e3:>10.4f} ms  {value:<26} {note}")


def bench_gaussian_delta():
    print("\n== Gaussian delta(eps), sigma = 2, Delta = 1 ==")
    grid = [(1, 4), (1, 1), (2, 1), (4, 1)]
    t_c, t_d, t_a = [], [], []
    for e in grid:
        tc, v = per_call(lambda: O.hockey_stick(O.Normal(q(0), q(2)), O.Normal(q(1), q(2)),
                                                 q(*e)), 50)
        t_c.append(tc)
        row(f"certified 128-bit eps={e[0]}/{e[1]}", tc, f"{float(v.mid()):.15e}", f"rel rad {rel(v):.1e}")
        try:
            from dp_accounting.pld.privacy_loss_mechanism import GaussianPrivacyLoss
            td, d = per_call(lambda: GaussianPrivacyLoss(2.0).get_delta_for_epsilon(e[0] / e[1]), 200)
            t_d.append(td)
            row("  dp_accounting GaussianPrivacyLoss", td, f"{d:.15e}",
                f"rel diff {abs(d - float(v.mid())) / float(v.mid()):.1e}")
        except ImportError:
            print("  dp_accounting not installed")
        try:
            from autodp.dp_bank import get_logdelta_ana_gaussian
            ta, a = per_call(lambda: math.exp(get_logdelta_ana_gaussian(2.0, e[0] / e[1])), 200)
            t_a.append(ta)
            row("  autodp get_logdelta_ana_gaussian", ta, f"{a:.15e}",
                f"rel diff {abs(a - float(v.mid())) / float(v.mid()):.1e}")
        except ImportError:
            print("  autodp not installed")
    mc = sum(t_c) / len(t_c)
    if t_d:
        print(f"ratio certified / dp_accounting: {mc / (sum(t_d) / len(t_d)):.1f}x")
    if t_a:
        print(f"ratio certified / autodp:        {mc / (sum(t_a) / len(t_a)):.1f}x")


def bench_renyi():
    print("\n== Renyi divergence from the definition (target <= 10 ms / point) ==")
    s = arb(40).sqrt()
    cases = {
        "OSGT sigma^2=40 m=3 Delta=1 alpha=20": lambda: O.renyi(
            O.OSGT(q(0), s, q(3)), O.OSGT(q(1), s, q(3)), q(20)),
        "OSGT sigma=2 m=1 Delta=1 alpha=3/2": lambda: O.renyi(
            O.OSGT(q(0), q(2), q(1)), O.OSGT(q(1), q(2), q(1)), q(3, 2)),
        "TruncNormal(0,1,3) || TruncNormal(0,1,4), a=5": lambda: O.renyi(
            O.TruncNormal(q(0), q(1), q(3)), O.TruncNormal(q(0), q(1), q(4)), q(5)),
        "TruncNormal shifted supports (= +inf)": lambda: O.renyi(
            O.TruncNormal(q(0), q(1), q(3)), O.TruncNormal(q(1), q(1), q(3)), q(5)),
        "OSGT hockey-stick eps=1/10": lambda: O.hockey_stick(
            O.OSGT(q(0), s, q(3)), O.OSGT(q(1), s, q(3)), q(1, 10)),
    }
    for name, f in cases.items():
        t, v = per_call(f, 50)
        row(name, t, f"{float(v.mid()):.15e}" if v.is_finite() else str(v),
            f"rad {float(v.rad()):.1e}" if v.is_finite() else "")


def bench_composition():
    print("\n== delta of k = 10^4 composed eps0-DP randomized responses (target <= 1 s, rel rad <= 1e-30) ==")
    k = 10**4
    for e0, e in [((1, 100), (1, 1)), ((1, 8), (5, 1)), ((1, 8), (20, 1))]:
        t, v = per_call(lambda: O.rr_compose_delta(k, q(*e0), q(*e)), 3)
        row(f"certified KOV eps0={e0[0]}/{e0[1]} eps={e[0]}", t, f"{float(v.mid()):.15e}",
            f"rel rad {rel(v):.1e}")
        if e0 == (1, 8):
            try:
                from dp_accounting.pld import common
                from dp_accounting.pld import privacy_loss_distribution as pld
                t0 = time.perf_counter()
                base = pld.from_privacy_parameters(common.DifferentialPrivacyParameters(0.125, 0),
                                                   value_discretization_interval=1e-4)
                d = base.self_compose(k).get_delta_for_epsilon(e[0] / e[1])
                td = time.perf_counter() - t0
                row("  dp_accounting PLD (grid 1e-4)", td, f"{d:.15e}",
                    f"rel diff {abs(d - float(v.mid())) / max(float(v.mid()), 1e-300):.1e}")
            except ImportError:
                print("  dp_accounting not installed")


def main():
    with ctx.workprec(128):
        bench_gaussian_delta()
        bench_renyi()
        bench_composition()


if __name__ == "__main__":
    main()
