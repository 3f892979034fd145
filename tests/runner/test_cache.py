"""The result cache: what its key depends on, what it stores, and that a hit decides nothing."""

from dataclasses import replace

import sympy

from dpproof.cache import ResultCache, claim_key
from dpproof.claims import Claim, Domain, Interval, Statement
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.execution import Limits, LocalExecutor
from dpproof.runner import verify
from tests.runner import faults

x = sympy.Symbol("x")


class Spy(LocalExecutor):
    """A local pool that records which claims it was asked to decide."""

    def __init__(self):
        super().__init__(2)
        self.asked = []

    def run(self, claims, todo, config, limits):
        self.asked.extend(claims[i].id for i in todo)
        yield from super().run(claims, todo, config, limits)


def test_the_key_follows_statement_domain_settings_and_nothing_else():
    c = faults.true_claim(0)
    base = claim_key(c, Config())
    assert claim_key(faults.true_claim(0), Config()) == base
    wider = Claim(c.id, c.source, c.statement, Domain.of(x=Interval.closed(0, 5)))
    other = Claim(c.id, c.source, Statement(sympy.log(1 + x), "<", x), c.domain)
    assert len({base, claim_key(wider, Config()), claim_key(other, Config()),
                claim_key(c, Config(seed=1)), claim_key(c, Config(prec=256))}) == 5


def test_a_second_run_decides_nothing_and_gives_the_same_verdicts(tmp_path):
    cache = ResultCache(tmp_path)
    claims = [faults.true_claim(0), faults.false_claim(), faults.true_claim(3)]
    config = Config(engines=("interval", "search"))
    first, spy = verify(claims, config, jobs=2, cache=cache), Spy()
    second = verify(claims, config, cache=cache, executor=spy)
    assert spy.asked == []
    assert [(a.id, a.verdict, a.witness, a.scope) for a in second.assessments] == \
        [(a.id, a.verdict, a.witness, a.scope) for a in first.assessments]
    assert [a.cached for a in second.assessments] == [True] * 3
    assert second.by_id("ok.false").verdict is Verdict.REFUTED
    assert [a.seconds for a in second.assessments] == [a.seconds for a in first.assessments]


def test_an_edited_claim_alone_is_decided_again(tmp_path):
    cache = ResultCache(tmp_path)
    config = Config(engines=("interval",))
    verify([faults.true_claim(0), faults.true_claim(1)], config, cache=cache)
    spy = Spy()
    verify([faults.true_claim(0), faults.true_claim(2)], config, cache=cache, executor=spy)
    assert spy.asked == ["ok.c2"]


def test_limits_and_dead_workers_are_not_cached(tmp_path, fault_engine, monkeypatch):
    from dpproof import execution

    cache = ResultCache(tmp_path)
    # "stuck" sleeps with SIGALRM blocked: no count and no soft alarm stops it, the wall
    # backstop does; "burn" computes with SIGALRM and SIGPROF blocked: the CPU backstop does
    monkeypatch.setattr(execution, "WALL_PER_CPU", 0.3)   # 3 wall seconds
    config = Config(engines=("fault",), timeout=1, engine_timeout=1, backstop=10)
    stuck = verify([fault_engine.claim("stuck")], config, cache=cache).assessments[0]
    monkeypatch.setattr(execution, "WALL_PER_CPU", 60)   # the CPU backstop first, under load
    config = replace(config, backstop=1)
    burn = verify([fault_engine.claim("burn")], config, cache=cache).assessments[0]
    assert "wall-clock backstop" in stuck.scope and "CPU-time backstop" in burn.scope
    assert stuck.verdict is burn.verdict is Verdict.INCONCLUSIVE
    assert not list(tmp_path.glob("??/*.pickle"))


def test_a_corrupt_entry_is_a_miss(tmp_path):
    cache = ResultCache(tmp_path)
    c, config = faults.true_claim(0), Config(engines=("interval",))
    a = verify([c], config, cache=cache).assessments[0]
    (entry,) = tmp_path.glob("??/*.pickle")
    entry.write_bytes(b"not a pickle")
    assert cache.get(c, config) is None
    assert cache.put(a, config) and cache.get(c, config).verdict is a.verdict
    assert cache.clear() == 1 and not tmp_path.exists()


def test_limits_of_the_spy_are_the_runners():
    """Under counted work the supervisor's limits are the backstop, in CPU seconds and four
    times as many wall seconds; under seconds, a wall limit of the claim's and the repair's
    budgets and the grace."""
    assert Limits.of(Config(timeout=10, engine_timeout=4, backstop=50), 100) == \
        Limits(200, 100, 50)
    assert Limits.of(Config(timeout=10, engine_timeout=4, budget="seconds"), 100) == \
        Limits(19.0, 100)


def test_figures_are_drawn_once_and_copied_from_the_cache(tmp_path):
    from dpproof.cache import cached_figures

    cache = ResultCache(tmp_path / "cache")
    report = verify([faults.true_claim(0)], Config(engines=("interval",)))
    calls = []

    def draw(folder):
        calls.append(folder)
        (folder / "figures").mkdir(parents=True)
        (folder / "figures" / "a.png").write_bytes(b"png")
        return [{"path": "figures/a.png", "title": "a", "claims": []}]
    first = cached_figures(cache, report, [], tmp_path / "one", draw)
    second = cached_figures(cache, report, [], tmp_path / "two", draw)
    assert first == second and len(calls) == 1
    assert (tmp_path / "two" / "figures" / "a.png").read_bytes() == b"png"
    other = verify([faults.false_claim()], Config(engines=("interval",)))
    cached_figures(cache, other, [], tmp_path / "three", draw)
    assert len(calls) == 2, "another report's figures are drawn again"


def test_claims_that_took_longest_last_time_are_scheduled_first(tmp_path):
    cache = ResultCache(tmp_path)
    claims = [faults.true_claim(i) for i in range(3)]
    report = verify(claims, Config(engines=("interval",)), cache=cache)
    longest = max(report.assessments, key=lambda a: a.seconds).id
    cache.clear()
    cache.remember_seconds(report.assessments)
    order = cache.longest_first(claims, [0, 1, 2])
    assert claims[order[0]].id == longest
    fresh = faults.true_claim(7)
    assert cache.longest_first([fresh, *claims], [1, 0])[0] == 0   # unknown claims first


def test_the_key_does_not_depend_on_which_equal_symbol_sympy_cached_first():
    """``Symbol('x', nonnegative=True) == Symbol('x', real=True, nonnegative=True)``, and
    sympy's cache may hand either to a parsed statement; ``srepr`` prints them apart."""
    c = faults.true_claim(0)
    lean, full = sympy.Symbol("x", nonnegative=True), sympy.Symbol("x", real=True,
                                                                  nonnegative=True)
    assert lean == full and sympy.srepr(lean) != sympy.srepr(full)
    keys = {claim_key(Claim(c.id, c.source, Statement(sympy.log(1 + s), "<=", s), c.domain),
                      Config()) for s in (lean, full)}
    assert len(keys) == 1
