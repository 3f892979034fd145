"""The runner: engine order, chains of steps, repair lines, interruption."""

import pytest
import sympy

from dpproof import runner
from dpproof.claims import Claim, Domain, Interval, Kind, Source, Statement, chain
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.runner import flatten, verify
from tests.helpers import make_claim

SRC = Source("t", "t", "chain")
x = sympy.Symbol("x")
DOM = Domain.of(x=Interval.closed(0, 2))


def _derivation(first_rel="<=", last_rhs=None):
    links = chain(sympy.log(1 + x), (first_rel, x), ("<=", x + x**2 / 2))
    steps = tuple(Claim(f"c.d.step{i + 1}", SRC, st, DOM) for i, st in enumerate(links))
    rhs = links[-1].rhs if last_rhs is None else last_rhs
    return Claim("c.d", SRC, Statement(sympy.log(1 + x), "<=", rhs), DOM, steps=steps)


def test_steps_are_listed_after_their_parent_and_ids_must_be_unique():
    parent = _derivation()
    assert [c.id for c in flatten([parent])] == ["c.d", "c.d.step1", "c.d.step2"]
    with pytest.raises(ValueError, match="appears twice"):
        flatten([parent, parent])


def test_a_connected_chain_of_decided_links_is_chain_evidence():
    report = verify([_derivation()], Config(engines=("interval",)))
    parent = report.by_id("c.d")
    chain_ev = [e for e in parent.evidence if e.engine == "chain"]
    assert chain_ev and chain_ev[0].verdict is Verdict.CERTIFIED
    assert parent.verdict is Verdict.CERTIFIED


def test_links_that_do_not_connect_are_reported():
    report = verify([_derivation(last_rhs=x + x**2)], Config(engines=("interval",)))
    chain_ev = [e for e in report.by_id("c.d").evidence if e.engine == "chain"][0]
    assert chain_ev.verdict is Verdict.INCONCLUSIVE and "do not connect" in chain_ev.detail


def test_a_refuted_claim_gets_a_certified_repair_line():
    claim = make_claim("r.square", "x^2 <= 2*x", x=Interval.closed(0, 3))
    a = verify([claim], Config()).by_id("r.square")
    assert a.verdict is Verdict.REFUTED
    assert a.repair.startswith("holds (certified) for x in [0, 2]")
    names, boxes = a.regions
    assert names == ("x",) and {s for _, s in boxes} >= {"holds", "fails"}


def test_cited_claims_are_not_checkable_with_their_reason():
    c = Claim("c.cite", SRC, None, kind=Kind.CITED, reason="asymptotic rate, cited")
    a = verify([c]).by_id("c.cite")
    assert a.verdict is Verdict.NOT_CHECKABLE and a.scope == "asymptotic rate, cited"


def test_interruption_returns_a_partial_report_listing_every_claim():
    claims = [make_claim(f"i.c{i}", f"x <= {i + 1}", x=Interval.closed(0, 1)) for i in range(4)]

    def stop_after_two(done, total, assessment):
        if done == 2:
            raise KeyboardInterrupt

    report = verify(claims, Config(engines=("interval",)), progress=stop_after_two)
    assert report.partial and [a.id for a in report.assessments] == [f"i.c{i}" for i in range(4)]
    assert [runner.not_run(a) for a in report.assessments] == [False, False, True, True]
    assert [a.verdict for a in report.assessments][2:] == [Verdict.INCONCLUSIVE] * 2


def test_parallel_and_serial_runs_agree():
    from tests.engines.cases import FALSE, TRUE
    claims = TRUE[:3] + FALSE[:3]
    serial = verify(claims, Config(search_examples=40))
    parallel = verify(claims, Config(search_examples=40), jobs=2)
    assert [(a.id, a.verdict) for a in serial.assessments] == \
        [(a.id, a.verdict) for a in parallel.assessments]


def test_a_refuted_printed_value_is_repaired_with_its_certified_value():
    from dpproof.claims import value_claim
    c = value_claim("v.sqrt2", SRC, sympy.sqrt(2) + 1, "2.42")
    a = verify([c]).by_id("v.sqrt2")
    assert a.verdict is Verdict.REFUTED
    assert a.repair.startswith("the certified value is [2.41421356237")
    assert "printed 2.42" in a.repair


def test_pointwise_repair_summarises_certified_grid_points_in_runs():
    from dpproof.repair import _pointwise
    claim = make_claim("r.pw", "x^2 <= 2*x", x=Interval.closed(0, 3))
    r = _pointwise(claim, Config(), ["x"])
    assert r.text.startswith("pointwise on a grid of")
    assert "holds for x in [0, 1.96875] (33 points)" in r.text
    assert "fails for x in [2.0625, 3]" in r.text
    assert {s for _, s in r.boxes} == {"holds", "fails"}


def test_pointwise_repair_over_two_parameters_reaches_towards_the_ends():
    """A failure only within 1e-2 of an end is seen (a 17-point linear grid steps 1/16)."""
    from dpproof.repair import _pointwise
    claim = make_claim("r.pw2", "x + y <= 1.99", x=Interval.closed(0, 1),
                       y=Interval.closed(0, 1))
    r = _pointwise(claim, Config(), ["x", "y"])
    assert "fails (certified) at 0" not in r.text
    fails = [box for box, s in r.boxes if s == "fails"]
    assert fails and all(box[0][1] > 0.99 and box[1][1] > 0.99 for box in fails)
