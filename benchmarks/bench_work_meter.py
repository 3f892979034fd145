"""The work meter's overhead and its units per CPU-second (run by hand; not a test).

    python benchmarks/bench_work_meter.py [ID ...] [--repeat 3]

Decides each library claim in this process (``checking.check_claim`` after ``warm_up``, as a
worker does) with the default settings, alternately without and with the meter counting
(``dpproof.work.metering``), and prints per claim: its verdict, the median CPU seconds of
each, their ratio (the meter's overhead; "hooked": the same with the Python trace hook instead
of the C counter), the units counted and units per unmetered
CPU-second -- the calibration of ``engines.base.UNITS_PER_SECOND``.  Then the verdict under
``Config(budget="work")``.  Finally two micro-loops: sympy ``simplify`` and arb arithmetic.
CPU time (``time.process_time``), so a shared machine disturbs it less than wall time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # this checkout's dpproof

from dpproof import checking, work  # noqa: E402
from dpproof.engines.base import Config  # noqa: E402
from dpproof.loader import load_target  # noqa: E402
from dpproof.sources import LIBRARY_PACKAGE  # noqa: E402
from dpproof.runner import flatten  # noqa: E402

#: fast library claims: sympy-heavy (symbolic PROVED) and arb-heavy (interval CERTIFIED)
DEFAULT_IDS = ("osgt22.laplace.scale", "wasserman.ks.sensitivity",
               "adp_notes.accuracy.laplace.rate", "cesar_rogers21.lemma3_1",
               "osgt22.variance.less")


#: the claim's own limits on the clock, so that "plain" runs with no meter installed
UNMETERED = Config(budget="seconds")


def _claims(ids):
    found = {}
    for module in sorted({i.split(".")[0] for i in ids}):
        found.update((c.id, c) for c in flatten(load_target(f"{LIBRARY_PACKAGE}.{module}")))
    missing = [i for i in ids if i not in found]
    if missing:
        raise SystemExit(f"unknown claim ids: {', '.join(missing)}")
    return [found[i] for i in ids]


def _cpu(fn, hook: bool = False) -> tuple[float, int, object]:
    """Metered: by the C counter (where built), or by the Python trace hook."""
    saved = work._C
    if hook:
        work._C = None
    try:
        return _metered(fn)
    finally:
        work._C = saved


def _metered(fn):
    with work.metering():
        a, t = work.spent(), time.process_time()
        out = fn()
        return time.process_time() - t, work.spent() - a, out


def _plain(fn) -> tuple[float, object]:
    t = time.process_time()
    out = fn()
    return time.process_time() - t, out


def row(label, plain, metered, units, hooked=None):
    p, m = statistics.median(plain), statistics.median(metered)
    h = statistics.median(hooked) if hooked else float("nan")
    print(f"{label:45s} {p:7.3f} s {m:7.3f} s  x{m / p:5.2f}  x{h / p:5.2f}  {units:>10,d} units  "
          f"{units / p:>12,.0f} units/s", flush=True)
    return p, m, units


def micro(repeat: int):
    import flint
    import sympy
    from sympy.core.cache import clear_cache

    x = sympy.Symbol("x", positive=True)
    e = ((sympy.sin(x) ** 2 + sympy.cos(x) ** 2) * sympy.exp(x) / (x ** 2 - 1) * (x - 1)
         + sympy.log(2 * x) - sympy.log(x))

    def simp():
        clear_cache()
        return sympy.simplify(e)

    def arb_loop():
        flint.ctx.prec = 128
        s = flint.arb(0)
        for k in range(1, 20000):
            b = flint.arb(k) / 7
            s += b.exp().log() * b.sqrt()
        return s

    out = []
    for label, fn in (("micro: sympy.simplify", simp), ("micro: arb loop (20k balls)", arb_loop)):
        fn()
        plain = [_plain(fn)[0] for _ in range(repeat)]
        metered, hooked, units = [], [], 0
        for _ in range(repeat):
            cpu, units, _ = _cpu(fn)
            metered.append(cpu)
            hooked.append(_cpu(fn, hook=True)[0])
        out.append(row(label, plain, metered, units, hooked))
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("ids", nargs="*", default=list(DEFAULT_IDS))
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args()
    claims = _claims(args.ids)
    checking.warm_up()
    print(f"{'claim (verdict)':45s} {'plain':>9s} {'metered':>9s}  ratio  hooked "
          f"{'units':>16s}  {'units per plain CPU-s':>18s}   (hooked: the Python trace hook)")
    tot_p = tot_m = tot_u = tot_h = 0.0
    for c in claims:
        checking.check_claim(c, UNMETERED)         # first run: lazy imports, lru caches
        plain, metered, hooked, units, verdict = [], [], [], 0, None
        for _ in range(args.repeat):
            cpu, a = _plain(lambda: checking.check_claim(c, UNMETERED))
            plain.append(cpu)
            cpu, units, a = _cpu(lambda: checking.check_claim(c, Config()))
            metered.append(cpu)
            hooked.append(_cpu(lambda: checking.check_claim(c, Config()), hook=True)[0])
            verdict = a.verdict.name
        pm, mm, _ = row(f"{c.id} ({verdict})", plain, metered, units, hooked)
        tot_p, tot_m, tot_u = tot_p + pm, tot_m + mm, tot_u + units
        tot_h += statistics.median(hooked)
        worked = checking.check_claim(c, Config(budget="work"))
        print(f"{'':45s} budget=work: {worked.verdict.name}", flush=True)
    print(f"{'claims together':45s} {tot_p:7.3f} s {tot_m:7.3f} s  x{tot_m / tot_p:5.2f}  "
          f"x{tot_h / tot_p:5.2f}  {int(tot_u):>10,d} units  {tot_u / tot_p:>12,.0f} units/s")
    micro(args.repeat)


if __name__ == "__main__":
    main()
