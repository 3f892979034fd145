"""Every REFUTED catalogue claim says what kind of flaw it found (issue 29, findings first).

The report's findings section prints the ``flaw: ...`` clause of a refuted claim's note
(``dpproof.writers.reading.flaw``); this checks that the theorem modules give one, of one of
the four classes, for each id refuted in the committed ``reports/report.json``.
"""

import json
from pathlib import Path

import pytest

from dpproof.loader import load_targets
from dpproof.runner import flatten
from dpproof.writers.reading import flaw

REPORT = Path(__file__).resolve().parents[2] / "reports" / "report.json"
CLASSES = ("misprint", "edge of the domain", "reading-dependent", "substantive")

#: the classified ids and the class each note gives
FLAWED = {
    "adp_notes.gauss.classic": "edge of the domain",
    "adp_notes.gauss.classic.instances": "edge of the domain",
    "adp_notes.gauss.bad_set": "misprint (missing term)",
    "adp_notes.gauss.bad_mass": "edge of the domain",
    "adp_notes.gauss.bad_mass.step1": "misprint (missing term)",
    "adp_notes.gauss.bad_mass.instances": "edge of the domain",
    "adp_notes.gauss.balle_wang.optimal": "reading-dependent",
    "adp_notes.gauss.balle_wang.instances": "reading-dependent",
    "adp_notes.accuracy.gauss": "edge of the domain",
    "adp_notes.accuracy.gauss.instances": "edge of the domain",
    "adp_notes.accuracy.gauss.rate": "misprint (factor)",
    "adp_notes.accuracy.ratio": "misprint (factor)",
    "azize23.alg1.kl_gauss": "misprint (factor)",
    "azize23.alg1.pv_moments": "misprint (factor)",
    "azize23.alg1.pv_moments.sq_ratio": "misprint (factor)",
    "azize23.alg1.pv_moments.instances": "misprint (factor)",
    "azize23.alg1.pv_moments.sq_ratio.instances": "misprint (factor)",
    "azize23.alg1.kl_bound": "substantive",
    "azize23.alg2.renyi_exact": "misprint (factor)",
    "azize23.alg2.groupwise_zcdp": "substantive",
    "azize23.alg2.groupwise_zcdp.instances": "substantive",
    "azize23.alg2.groupwise_zcdp.add_reverse": "substantive",
    "azize23.alg2.groupwise_zcdp.add_reverse.instances": "substantive",
    "azize23.alg2.groupwise_zcdp.remove": "substantive",
    "azize23.alg2.groupwise_zcdp.remove.instances": "substantive",
    "osgt22.summary.better_eps_delta": "substantive",
    "osgt22.summary.better_eps_delta.other": "substantive",
    "osgt22.summary.better_rdp": "substantive",
    "osgt22.summary.less_noise": "substantive",
    "osgt22.summary.less_noise.small_eps": "substantive",
    "osgt22.rdp.zeta_small": "reading-dependent",
    "wasserman.laplace.sd": "misprint (missing term)",
    "wasserman.series.dp": "misprint (factor)",
    "wasserman.series.dp.intended": "misprint (factor)",
}

#: ids refuted in the committed report whose refuted reading moved to another id (issue 29,
#: item 3): the id now states the reading that holds, its former content carries the flaw
MOVED = {"adp_notes.gauss.balle_wang": "adp_notes.gauss.balle_wang.optimal"}


@pytest.fixture(scope="module")
def library():
    return {c.id: c for c in flatten(load_targets(None))}


@pytest.mark.parametrize("cid", sorted(FLAWED))
def test_classified_claim_states_its_flaw(library, cid):
    assert cid in library, f"{cid} is not a claim of the library"
    text = flaw(library[cid])
    assert text.startswith(FLAWED[cid]), (cid, text)
    assert text.startswith(CLASSES)
    # the clause is the note's whole tail: no ';' or newline cut it short
    assert library[cid].note.endswith(text)
    assert len(text) > len(FLAWED[cid]) + 40, "a class with no justification"


def test_every_refuted_catalogue_claim_of_the_report_is_classified(library):
    report = json.loads(REPORT.read_text())
    refuted = [c["id"] for c in report["claims"] if c["verdict"] == "REFUTED"
               and not c["id"].startswith("audit")]
    assert refuted, "the committed report refutes no catalogue claim"
    for cid in refuted:
        cid = MOVED.get(cid, cid)
        assert cid in FLAWED, f"{cid} is REFUTED in reports/report.json but not classified"
        assert flaw(library[cid]), f"{cid} is REFUTED but its note gives no 'flaw: ...'"


def test_a_claim_that_holds_gives_no_flaw(library):
    """The reading of balle_wang that the theorem prints holds: no flaw on it."""
    assert flaw(library["adp_notes.gauss.balle_wang"]) == ""
    assert flaw(library["azize23.alg2.groupwise_zcdp.repaired"]) == ""
