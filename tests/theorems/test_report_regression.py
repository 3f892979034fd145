"""The committed report is what a fresh run produces, and it covers the whole catalogue.

Runs the engines on the built-in theorem library (``--jobs 2``) and compares each verdict with
``reports/report.json``.  The whole library (``fresh``, about 25 minutes on two busy cores) is
marked slow; CI re-runs, at the default budgets, the ``QUICK_CLAIMS`` claims the committed
run decided quickest and the two quickest of each decided kind (``quick``: about a sixth of
the library; proofs, certificates, two refutations and the not-checkable claims).
Regenerate the report with ``dpproof verify --jobs 2``.
"""

import json
import re
from pathlib import Path

import pytest

from dpproof.engines.base import Config
from dpproof.loader import load_targets
from dpproof.runner import verify

ROOT = Path(__file__).resolve().parents[2]
REPORT = ROOT / "reports" / "report.json"
THEOREMS_MD = ROOT / "docs" / "catalogue.md"


@pytest.fixture(scope="module")
def committed():
    return json.loads(REPORT.read_text())


#: the budget of the re-run of claims the committed report leaves SUPPORTED or INCONCLUSIVE
#: (a budget-limited verdict; most take their whole budget): enough for a quick refutation,
#: a quarter of the default claim limit's CPU time saved on CI
SHORT = Config(timeout=6, engine_timeout=3, symbolic_quick_timeout=2, max_boxes=500)
UNDECIDED = {"SUPPORTED", "INCONCLUSIVE"}


#: a PROVED/CERTIFIED claim that took longer than this in the committed run is re-run with
#: ``SHORTER`` (124 claims, 97% of the decided claims' time); it may fall to
#: SUPPORTED/INCONCLUSIVE, never to REFUTED or ERROR.  At ``SHORT`` these took most of the
#: fixture's 23 minutes on a loaded machine; a smaller budget checks the same (a claim that
#: holds is never refuted) on whatever the quick tries reach.
SLOW_SECONDS = 3.0
SHORTER = Config(timeout=2, engine_timeout=1, symbolic_quick_timeout=0.5, max_boxes=200)


@pytest.fixture(scope="module")
def fresh(committed):
    """The library re-run: decided claims (PROVED, CERTIFIED, REFUTED, NOT_CHECKABLE) with
    the default budgets, the undecided ones with ``SHORT``, the slow PROVED/CERTIFIED ones
    with ``SHORTER``;
    (assessments, ids of undecided claims run short, ids of slow decided claims run short)."""
    old = {c["id"]: c["verdict"] for c in committed["claims"]}
    slow = {c["id"] for c in committed["claims"]
            if c["verdict"] in ("PROVED", "CERTIFIED") and c["seconds"] > SLOW_SECONDS}
    claims = load_targets(None)
    short = [c for c in claims if old.get(c.id) in UNDECIDED]
    shorter = [c for c in claims if c.id in slow]
    full = [c for c in claims if c.id not in slow and old.get(c.id) not in UNDECIDED]
    got = (verify(full, Config(), jobs=2).assessments + verify(short, SHORT, jobs=2).assessments
           + verify(shorter, SHORTER, jobs=2).assessments)
    return got, {c.id for c in short}, slow


def test_every_catalogue_id_has_a_verdict_in_the_committed_report(committed):
    ids = re.findall(r"^\| ([a-z0-9_]+\.[^ |]+) \|", THEOREMS_MD.read_text(), flags=re.M)
    assert len(ids) > 100
    verdicts = {c["id"]: c["verdict"] for c in committed["claims"]}
    missing = [i for i in ids if i not in verdicts]
    assert not missing, f"catalogue ids without a verdict: {missing}"


def test_no_claim_is_error_and_every_refutation_has_witness_and_repair(committed):
    for c in committed["claims"]:
        assert c["verdict"] != "ERROR", (c["id"], c["scope"])
        if c["verdict"] == "REFUTED":
            assert c["witness"] and c["violation"], c["id"]
        if c["verdict"] == "INCONCLUSIVE":
            assert c["scope"], f"{c['id']}: INCONCLUSIVE without a stated limit"


#: verdicts that depend on a time or box budget (and so on the machine's load): a claim may
#: move between these; REFUTED, ERROR and NOT_CHECKABLE never move
BUDGET_DEPENDENT = {"PROVED", "CERTIFIED", "SUPPORTED", "INCONCLUSIVE"}


#: the claims the committed run decided quickest that CI re-runs (``quick``): a count, not a
#: threshold of seconds, so that CI's share does not grow when the library gets faster; and
#: the two quickest of each verdict in ``QUICK_KINDS``, so that every kind is re-run
QUICK_CLAIMS = 46
QUICK_KINDS = ("PROVED", "CERTIFIED", "REFUTED", "NOT_CHECKABLE")


@pytest.fixture(scope="module")
def quick(committed):
    """The loaded claims the committed run decided quickly (a quick ``.instances`` companion
    of a slower claim is not run) and their assessments at the default budgets."""
    by_time = sorted(committed["claims"], key=lambda c: (c["seconds"], c["id"]))
    ids = {c["id"] for c in by_time[:QUICK_CLAIMS]}
    for kind in QUICK_KINDS:
        ids |= {c["id"] for c in [c for c in by_time if c["verdict"] == kind][:2]}
    claims = [c for c in load_targets(None) if c.id in ids]
    assert len(claims) > 30
    return claims, verify(claims, Config(), jobs=2).assessments


def test_quick_claims_reproduce_the_committed_verdicts(committed, quick):
    """CI's share of the regression: proofs, certificates, refutations and not-checkable
    claims are among the claims re-run."""
    claims, assessments = quick
    old = {c["id"]: c["verdict"] for c in committed["claims"]}
    assert set(QUICK_KINDS) <= {old[c.id] for c in claims}
    _same_verdicts(old, assessments)


@pytest.mark.slow
def test_fresh_run_reproduces_the_committed_verdicts(committed, fresh):
    assessments, short, slow = fresh
    old = {c["id"]: c["verdict"] for c in committed["claims"]}
    new = {a.id for a in assessments}
    assert new == set(old), f"ids differ: {new ^ set(old)}"
    _same_verdicts(old, assessments, short, slow)


def _same_verdicts(old, assessments, short=frozenset(), slow=frozenset()):
    """Each assessment's verdict against the committed one (``old``: id -> verdict); the ids
    in ``short`` and ``slow`` were run at a short budget (``fresh``)."""
    new = {a.id: a.verdict.value for a in assessments}
    assert set(new) <= set(old), f"ids not in the committed report: {set(new) - set(old)}"
    changed = {i: (old[i], new[i]) for i in new if old[i] != new[i]}
    hard = {i: v for i, v in changed.items() if not set(v) <= BUDGET_DEPENDENT}
    assert not hard, f"verdicts changed (committed, fresh): {hard}"
    # run short, an undecided claim may go SUPPORTED <-> INCONCLUSIVE; never decided
    assert not {i: v for i, v in changed.items() if i in short and not set(v) <= UNDECIDED}
    # a budget-dependent move is a slower machine, not a regression -- unless many move
    moved = {i: v for i, v in changed.items() if i not in short and i not in slow}
    assert len(moved) <= max(5, len(new) // 20), f"many verdicts moved: {moved}"


def test_every_refutation_names_its_corrected_statement(committed):
    """Issue 13: a REFUTED claim has a ``.repaired`` companion, or its note or its repair
    line names the corrected statement (an ``.instances`` claim: its catalogue claim's
    ``.repaired``) or says why there is none."""
    ids = {c["id"] for c in committed["claims"]}
    bare = [c["id"] for c in committed["claims"] if c["verdict"] == "REFUTED"
            and c["id"] + ".repaired" not in ids and ".repaired" not in c["note"]
            and "no .repaired" not in c["note"]
            and not re.search(r"corrected statement \([\w.]+\.repaired\)", c["repair"])]
    assert not bare, f"refuted without a corrected statement: {bare}"
