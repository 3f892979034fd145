"""Every route to PROVED or CERTIFIED passes the cross-examination (DESIGN.md, the one rule).

``evidence.assess`` refuses a holding verdict without the record of a certified sweep of the
claim as written, whichever route produced it; each route that can hold is planted here with a
false PROVED of ``x <= 1/2`` on [0, 1] (false at x = 1), and the claim must end as ERROR,
flagged as a soundness failure."""

import os
from dataclasses import replace

import pytest
import sympy

from dpproof import conjunction, crossexam
from dpproof.cache import ResultCache
from dpproof.claims import Claim, Domain, Interval, Statement
from dpproof.engines.exact import engine as symbolic
from dpproof.engines.base import Config
from dpproof.evidence import CROSS_EXAMINATION, Assessment, Evidence, Verdict, assess
from dpproof.execution import decide
from dpproof.runner import check_claim, verify
from tests.helpers import TEST_SOURCE, make_claim

I = Interval
x = sympy.Symbol("x")
FALSE = make_claim("plant.false", "x <= 1/2", x=I.closed(0, 1))
TRUE = make_claim("plant.true", "x <= 2", x=I.closed(0, 1))
#: the symbolic engine alone (planted below): no other engine decides before the route tested
CONFIG = Config(engines=("symbolic",), search_examples=20)
QUICK = CONFIG.symbolic_quick_timeout


def _planted(engine: str = "symbolic", verdict: Verdict = Verdict.PROVED) -> Evidence:
    return Evidence(engine, verdict, "planted", scope="whole domain")


def _symbolic_says(monkeypatch, quick: Evidence, full: Evidence | None = None) -> None:
    """The symbolic engine answers ``quick`` within its quick budget, ``full`` with more."""
    def check(claim, config):
        return quick if config.engine_timeout <= QUICK or full is None else full
    monkeypatch.setattr(symbolic, "check", check)


RAN_OUT = Evidence("symbolic", Verdict.INCONCLUSIVE, f"engine time limit of {QUICK:g} s "
                   "reached", QUICK)
NO_PROOF = Evidence("symbolic", Verdict.INCONCLUSIVE, "no proof found", 0.1)


def _assert_caught(a: Assessment, route: str) -> None:
    assert a.verdict is Verdict.ERROR and a.soundness_failure, (a.verdict, a.scope)
    assert a.scope.startswith(f"internal soundness failure: {route} says PROVED"), a.scope
    found = [e for e in a.evidence if e.engine.startswith("cross-exam/")]
    assert found and found[0].verdict is Verdict.REFUTED
    assert sympy.Rational(found[0].witness["x"]) > sympy.Rational(1, 2)


# -- the rule itself, in assess ---------------------------------------------------------

@pytest.mark.parametrize("verdict", [Verdict.PROVED, Verdict.CERTIFIED])
@pytest.mark.parametrize("engine", ["symbolic", "interval", "conjunction", "chain",
                                    "a-route-added-later"])
def test_assess_refuses_a_holding_verdict_without_a_record(engine, verdict):
    a = assess(TRUE, [NO_PROOF, _planted(engine, verdict)])
    assert a.verdict is Verdict.ERROR and a.soundness_failure
    assert a.scope == (f"internal soundness failure: {engine} says {verdict.value} (planted) "
                       "but it was never cross-examined: a PROVED or CERTIFIED counts only "
                       "once an independent certified sweep of the claim as written found no "
                       "violation (crossexam), and this one has no record of it")
    assert [e.engine for e in a.evidence] == ["symbolic", engine, "soundness"]
    again = assess(TRUE, a.evidence)                 # re-assessing adds no second flag
    assert [e.engine for e in again.evidence] == ["symbolic", engine, "soundness"]
    recorded = Evidence(engine, verdict, "planted", data={CROSS_EXAMINATION: "swept"})
    ok = assess(TRUE, [NO_PROOF, recorded])
    assert ok.verdict is verdict and not ok.soundness_failure


def test_an_empty_record_is_no_record():
    a = assess(TRUE, [Evidence("symbolic", Verdict.PROVED, "p", data={CROSS_EXAMINATION: ""})])
    assert a.verdict is Verdict.ERROR and a.soundness_failure


# -- each route that can hold, planted -------------------------------------------------

def test_the_quick_symbolic_attempt(monkeypatch):
    _symbolic_says(monkeypatch, _planted())
    _assert_caught(check_claim(FALSE, CONFIG), "symbolic")
    ok = check_claim(TRUE, CONFIG)         # a true claim keeps its verdict, with the record
    assert ok.verdict is Verdict.PROVED
    assert "no certified violation" in ok.evidence[0].data[CROSS_EXAMINATION]


def test_the_full_budget_symbolic_attempt(monkeypatch):
    # the quick attempt runs out of time, the full budget "proves" it (it escaped before)
    _symbolic_says(monkeypatch, RAN_OUT, _planted())
    a = check_claim(FALSE, CONFIG)
    assert [e.detail for e in a.evidence if e.engine == "symbolic"] == ["planted"]
    _assert_caught(a, "symbolic")
    ok = check_claim(TRUE, CONFIG)
    assert ok.verdict is Verdict.PROVED and ok.evidence[0].data[CROSS_EXAMINATION]


def test_conjunction_decide(monkeypatch):
    _symbolic_says(monkeypatch, NO_PROOF)
    monkeypatch.setattr(conjunction, "decide", lambda claim, config: [_planted("conjunction")])
    _assert_caught(check_claim(FALSE, CONFIG), "conjunction")


def test_conjunction_quick(monkeypatch):
    _symbolic_says(monkeypatch, RAN_OUT)
    monkeypatch.setattr(conjunction, "quick", lambda claim, config: [_planted("conjunction")])
    monkeypatch.setattr(conjunction, "decide", lambda claim, config: pytest.fail("decided"))
    _assert_caught(check_claim(FALSE, CONFIG), "conjunction")


def test_a_conjunction_is_swept_once_as_written(monkeypatch):
    # the symbolic engine runs out of time on the whole Max and proves each conjunct alone
    # (conjunction.quick): one sweep, of the claim as written -- not one per conjunct again
    swept, real, real_check = [], crossexam._sweep, symbolic.check
    monkeypatch.setattr(crossexam, "_sweep", lambda c, *a, **k: swept.append(c.id) or
                        real(c, *a, **k))
    monkeypatch.setattr(symbolic, "check", lambda c, config: RAN_OUT if c.id == "cj.once"
                        else real_check(c, config))
    claim = make_claim("cj.once", "max(x^2 - 1, x*y - 1) <= 0", x=I.closed(-1, 1),
                       y=I.closed(-1, 1))
    a = check_claim(claim, CONFIG)
    assert a.verdict is Verdict.PROVED and swept == ["cj.once"], (a.evidence, swept)
    assert a.evidence[-1].engine == "conjunction"


# -- the chain: links planted PROVED, the parent false ---------------------------------

def _link(i: int, lhs, rhs) -> Claim:
    return Claim(f"plant.chain.{i}", TEST_SOURCE, Statement(lhs, "<=", rhs),
                 Domain.of(x=I.closed(0, 1)))


def _chain(rhs) -> Claim:
    """``x <= rhs`` on [0, 1] by x <= x/2 + rhs/2 <= rhs (both links false when x > rhs)."""
    mid = x / 2 + sympy.S(rhs) / 2
    return Claim("plant.chain", TEST_SOURCE, Statement(x, "<=", sympy.S(rhs)),
                 Domain.of(x=I.closed(0, 1)), steps=(_link(1, x, mid), _link(2, mid, rhs)))


def _proved(claim: Claim) -> Assessment:
    """A link planted PROVED (with a record: as if its own route and sweep had agreed)."""
    ev = Evidence("symbolic", Verdict.PROVED, "planted", data={CROSS_EXAMINATION: "planted"})
    return Assessment(claim, Verdict.PROVED, "whole domain", None, (ev,), 0.0)


class PlantedLinks:
    """Links planted PROVED; the parent decided in-process like a worker does."""

    def run(self, claims, todo, config, limits):
        for i in todo:
            c = claims[i]
            yield i, _proved(c) if c.steps == () else decide(c, config, None)


@pytest.mark.parametrize("rhs, verdict", [(sympy.Rational(1, 2), Verdict.ERROR),
                                          (2, Verdict.PROVED)])
def test_the_chain_route(monkeypatch, rhs, verdict):
    _symbolic_says(monkeypatch, NO_PROOF)
    report = verify([_chain(rhs)], CONFIG, executor=PlantedLinks())
    a = report.by_id("plant.chain")
    chain = [e for e in a.evidence if e.engine == "chain"]
    assert chain and chain[0].verdict is Verdict.PROVED
    if verdict is Verdict.ERROR:
        _assert_caught(a, "chain")
        assert report.soundness_failures == ["plant.chain"]
    else:
        assert a.verdict is Verdict.PROVED and not a.soundness_failure
        assert "no certified violation" in chain[0].data[CROSS_EXAMINATION]


class StoppedParent(PlantedLinks):
    """The parent's worker stopped before its sweep (its limit): no record."""

    def __init__(self, refuted: bool = False):
        self.refuted = refuted

    def run(self, claims, todo, config, limits):
        for i in todo:
            c = claims[i]
            if c.steps == ():
                yield i, _proved(c)
                continue
            ev = [Evidence("runner", Verdict.INCONCLUSIVE, "claim time limit of 1 s reached")]
            if self.refuted:
                ev.insert(0, Evidence("interval", Verdict.REFUTED, "box", witness={"x": "1"},
                                      violation="[-0.5 +/- 0]"))
            yield i, assess(c, ev)


def test_a_chain_whose_parent_was_never_swept_does_not_hold():
    a = verify([_chain(2)], CONFIG, executor=StoppedParent()).by_id("plant.chain")
    assert a.verdict is Verdict.INCONCLUSIVE and not a.soundness_failure
    chain = [e for e in a.evidence if e.engine == "chain"][0]
    assert chain.detail.endswith("but the claim as written was not cross-examined (its "
                                 "worker stopped before the sweep)")


def test_a_refuted_parent_of_proved_links_is_flagged_even_without_a_record():
    a = verify([_chain(sympy.Rational(1, 2))], CONFIG,
               executor=StoppedParent(refuted=True)).by_id("plant.chain")
    assert a.verdict is Verdict.ERROR and a.soundness_failure


def test_the_chain_sweep_runs_once_in_the_parents_supervised_worker(monkeypatch, tmp_path):
    """Through the real pool: the links planted PROVED in the cache, the parent decided in a
    pebble worker, whose sweep is the only one (none in this process)."""
    _symbolic_says(monkeypatch, NO_PROOF)
    pids = tmp_path / "pids"
    real = crossexam._sweep

    def spy(claim, *args, **kwargs):
        with open(pids, "a") as fh:
            fh.write(f"{os.getpid()} {claim.id}\n")
        return real(claim, *args, **kwargs)
    monkeypatch.setattr(crossexam, "_sweep", spy)
    cache, parent = ResultCache(tmp_path / "cache"), _chain(sympy.Rational(1, 2))
    for step in parent.steps:
        assert cache.put(_proved(step), CONFIG)
    a = verify([parent], CONFIG, cache=cache).by_id("plant.chain")
    _assert_caught(a, "chain")
    (line,) = pids.read_text().splitlines()
    pid, cid = line.split()
    assert cid == "plant.chain" and int(pid) != os.getpid()


def test_a_chain_keeps_what_its_parents_worker_recorded():
    """The chain's verdict is aggregated again in the parent process: the work the parent's
    worker counted, its sweep's record and its repair are the worker's, not dropped."""
    recorded = {"claim": 4.25, "cross_examination": 0.5}

    class Recorded(PlantedLinks):
        def run(self, claims, todo, config, limits):
            for i, a in super().run(claims, todo, config, limits):
                yield i, a if a.claim.steps == () else replace(a, work=recorded, repair="kept")

    a = verify([_chain(2)], CONFIG, executor=Recorded()).by_id("plant.chain")
    assert a.verdict is Verdict.PROVED
    assert [e.engine for e in a.evidence][-1] == "chain"
    assert a.work == recorded and a.repair == "kept" and a.cross_examination
