"""The cross-examination stops after a box sweep that settles the whole domain in balls
(``crossexam``, ``engines.balls.sweep.Found.settled``); otherwise all three sweeps run."""

import dpproof
from dpproof.crossexam import cross_examine
from dpproof.engines.base import Config, budgeted
from dpproof.evidence import Evidence, Verdict


def _record(statement, **ranges):
    claim = dpproof.claim(statement, id="t", **ranges)
    held = [Evidence("symbolic", Verdict.PROVED, "proved")]
    with budgeted(Config()):
        evidence, record = cross_examine(claim, Config(), held)
    return evidence, record


def test_a_settled_domain_needs_no_search_and_no_corners():
    evidence, record = _record("x <= 2", x="[0, 1]")
    assert record == ("boxes: no certified violation; the margin has the claimed sign in balls "
                      "on the whole domain (1 boxes)")
    assert [e.verdict for e in evidence] == [Verdict.PROVED]


def test_a_tight_or_unbounded_claim_gets_every_sweep():
    for statement, ranges in (("x*y <= (x^2 + y^2)/2", {"x": "[-3, 3]", "y": "[-3, 3]"}),
                              ("x <= x^2 + 1", {"x": "[0, oo)"})):
        _, record = _record(statement, **ranges)
        assert record.startswith("boxes: no certified violation in ")
        assert "; search: no certified violation" in record and "; points: " in record


def test_a_violation_is_still_found_and_turns_the_verdict_into_a_conflict():
    evidence, record = _record("x <= 1/2", x="[0, 1]")
    assert record == "CONFLICT" or record.startswith("CONFLICT")
    assert evidence[-1].verdict is Verdict.REFUTED


def test_a_hypothesis_undefined_on_part_of_the_domain_is_still_found():
    """The margin has its sign everywhere, but the hypothesis is undefined for x < 0: the box
    sweep cannot settle the domain, and the search reports the undefinedness."""
    for statement in ("log(x) >= -1 => x^2 + 1 >= 0", "sqrt(x) >= 0 => x^2 + 1 >= 0"):
        evidence, record = _record(statement, x="[-1, 1]")
        assert record.startswith("CONFLICT") and "undefined at x = " in record
        assert evidence[-1].verdict is Verdict.ERROR
