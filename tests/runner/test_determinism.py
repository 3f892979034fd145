"""The same report on every machine (issue 28's acceptance): sixty library claims decided
through the command line quiet with ``--jobs 1`` and with ``--jobs 2`` while busy processes
oversubscribe every core four times give the same verdicts, scopes, witnesses, repairs, engine
evidence and each engine's counted work.

The claims: the thirteen that lost their verdicts on a busy machine when budgets were seconds
(``NAMED``) and the quickest others of the committed report, so that all five sources are in.
Both runs use small counted budgets (``BUDGETS``): many claims then stop at a budget's edge,
where a limit that depended on the machine would show first, and the test costs CI minutes,
not a library run.  Seconds (the reporting clock) may differ; counted work may not.

The command line pins what counted work would otherwise follow (``dpproof.hash_seed``,
``dpproof.fresh_state``): the string-hash seed, sympy's random streams from before the first
claim is built, sympy's Dummy numbering from its import on, and on Linux the address layout
(a class hashes by its address, and sympy's caches key their entries with classes).  The two
runs' command lines are of equal length (``--out`` directories named alike), since the
arguments are laid out in memory too.  Where the layout can be fixed, every count must be
equal (measured 2026-12-06 with the Dummy numbering pinned: all 60 claims identical, quiet
``--jobs 1`` against ``--jobs 2``; before it, 56 to 58 of 60, within 160 calls, except where a
budget's repeated exception moved by its 20,000-call refire).  Where the machine forbids fixing
the layout, ``SLACK`` (measured before it was fixed: up to 40,000 calls of 61 million in one
claim).  History: first run by hand (2026-12-02), identical verdicts, scopes, witnesses and
evidence for all 62 claims (the 60 and two steps of a chain ``--only`` brings along),
identical counts for 49.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import layout_pinnable

ROOT = Path(__file__).resolve().parents[2]

#: the claims that lost their verdicts under load when budgets were seconds (issue 28)
NAMED = ("adp_notes.def.hockey_stick", "adp_notes.remark3.sufficient",
         "adp_notes.remark3.pure.finite", "adp_notes.post_processing", "adp_notes.recipe",
         "adp_notes.remark3.sufficient.tight", "adp_notes.recipe.instances",
         "adp_notes.accuracy.gauss.repaired", "adp_notes.post_processing.instances",
         "adp_notes.group_privacy.laplace", "azize23.alg1.pv_moments", "osgt22.rdp_to_dp",
         "adp_notes.def.hockey_stick.instances")
#: how many claims in all; the rest are the quickest of the committed report
COUNT = 60
SOURCES = {"adp_notes", "azize23", "cesar_rogers21", "osgt22", "wasserman"}
#: the claim's and the engine's budget, in work-seconds (defaults: 120 and 60): small, so that
#: many engines stop at their edge and the test takes CI minutes
BUDGETS = ("--budget", "4", "--engine-budget", "2")
#: (relative, absolute work-seconds) difference allowed between two runs' counts where the
#: address layout cannot be fixed, and where it can (none; see above)
SLACK = (1e-3, 2e-3)
PINNED_SLACK = (0.0, 0.0)


def _close(a, b, pinned: bool) -> bool:
    rel, tol = PINNED_SLACK if pinned else SLACK
    return a == b or (a is not None and b is not None
                      and abs(a - b) <= max(rel * max(abs(a), abs(b)), tol))


def chosen() -> list[str]:
    report = json.loads((ROOT / "reports" / "report.json").read_text())
    known = {c["id"] for c in report["claims"]}
    named = [i for i in NAMED if i in known]
    # by counted work, not seconds: the choice must not follow the machine that wrote the
    # report (by seconds, a report written beside the test suite left cesar_rogers21 out)
    quick = [c["id"] for c in sorted(report["claims"],
                                     key=lambda c: ((c.get("work") or {}).get("claim", 0.0),
                                                    c["id"]))
             if c["id"] not in named and c["verdict"] != "NOT_CHECKABLE"]
    # the quickest claim of each source the named ones leave out, then the quickest others
    firsts = [next(i for i in quick if i.split(".")[0] == s)
              for s in sorted(SOURCES - {i.split(".")[0] for i in named})]
    ids = named + firsts + [i for i in quick if i not in firsts][:COUNT - len(named) - len(firsts)]
    assert {i.split(".")[0] for i in ids} == SOURCES and len(ids) == COUNT
    return ids


def decided(report: dict) -> dict:
    """Everything a run decides, without seconds and counted work (``counts``)."""
    return {c["id"]: {
        "verdict": c["verdict"], "scope": c["scope"], "witness": c.get("witness"),
        "violation": c.get("violation"), "repair": c.get("repair"),
        "evidence": [(e["engine"], e["verdict"], e["detail"], e.get("scope"))
                     for e in c["evidence"]]}
        for c in report["claims"]}


def counts(report: dict) -> dict:
    """Each claim's counted work: its total, its cross-examination's, each engine's."""
    return {c["id"]: [(c.get("work") or {}).get("claim"),
                      (c.get("work") or {}).get("cross_examination"),
                      *((e.get("data") or {}).get("budget_spent") for e in c["evidence"])]
            for c in report["claims"]}


def run(ids: list[str], out: Path, jobs: int, busy: int) -> dict:
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(busy)]
    try:
        only = [a for i in ids for a in ("--only", i)]
        done = subprocess.run(
            [sys.executable, "-m", "dpproof", "verify", *only, *BUDGETS, "--jobs", str(jobs),
             "--no-pdf", "--no-cache", "--quiet", "--out", str(out)],
            cwd=ROOT, capture_output=True, text=True, timeout=3600,
            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    finally:
        for h in hogs:
            h.kill()
            h.wait()
    assert done.returncode in (0, 1), done.stderr[-2000:]
    return json.loads((out / "report.json").read_text())


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("DPPROOF_DETERMINISM"), reason=(
    "by hand: DPPROOF_DETERMINISM=1 python -m pytest tests/runner/test_determinism.py (its "
    "4x oversubscription would slow the other test worker's supervision and Dask tests"))
def test_sixty_library_claims_decide_alike_quiet_and_under_four_times_oversubscription(tmp_path):
    ids = chosen()
    quiet_report = run(ids, tmp_path / "run-1", jobs=1, busy=0)
    busy = 4 * (os.cpu_count() or 1) - 2          # with the two workers: 4x the cores
    loaded_report = run(ids, tmp_path / "run-2", jobs=2, busy=busy)
    quiet, loaded = decided(quiet_report), decided(loaded_report)
    assert sorted(quiet) == sorted(loaded) and set(ids) <= set(quiet)   # and a chain's steps
    differ = {i: (quiet[i], loaded[i]) for i in ids if quiet[i] != loaded[i]}
    assert not differ, json.dumps(differ, indent=1)[:4000]
    work_quiet, work_loaded = counts(quiet_report), counts(loaded_report)
    pinned = layout_pinnable()
    far = {i: (work_quiet[i], work_loaded[i]) for i in ids
           if len(work_quiet[i]) != len(work_loaded[i])
           or not all(_close(a, b, pinned) for a, b in zip(work_quiet[i], work_loaded[i]))}
    assert not far, far
    edges = sum("budget of" in e[2] for c in quiet.values() for e in c["evidence"])
    assert edges >= 5, "the budgets are small enough that some engines stop at their edge"
