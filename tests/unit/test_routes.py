"""The route table (dpproof.routes): the order ``check_claim`` walks is the table's, every
declared row names a procedure that exists, and a decisive route ends the walk."""

from dataclasses import replace

import sympy

from dpproof import routes
from dpproof.claims import Claim, Domain, Interval, Source, Statement
from dpproof.engines.balls.routes import ROUTES as BALLS
from dpproof.engines.base import Config
from dpproof.engines.exact.routes import ROUTES as EXACT
from dpproof.evidence import Evidence, Verdict

x = sympy.Symbol("x")
SRC = Source("routes", "tests/unit/test_routes.py", "test")


def test_the_order_follows_the_engines_setting_then_the_routes_after_the_engines():
    names = [r.name for r in routes.order(Config())]
    assert names == ["symbolic (quick)", "conjunction (quick)", "interval", "search", "numeric",
                     "conjunction", "symbolic (full)"]
    names = [r.name for r in routes.order(Config(engines=("interval", "symbolic")))]
    assert names == ["interval", "symbolic (quick)", "conjunction (quick)", "conjunction",
                     "symbolic (full)"]


def test_an_identity_takes_the_interval_engine_last():
    """Balls never certify an identity: the interval engine comes after the full symbolic
    try (it can only refute, as the search does first)."""
    names = [r.name for r in routes.order(Config(), identity=True)]
    assert names == ["symbolic (quick)", "conjunction (quick)", "search", "numeric",
                     "conjunction", "symbolic (full)", "interval"]
    names = [r.name for r in routes.order(Config(engines=("interval", "search")), True)]
    assert names == ["search", "conjunction", "symbolic (full)", "interval"]


def test_the_walk_of_an_identity_reaches_the_interval_engine_after_the_others(monkeypatch):
    ran = []
    rows = tuple(replace(r, run=(lambda n: lambda p: ran.append(n))(r.name))
                 for r in routes.ROUTES)
    monkeypatch.setattr(routes, "ROUTES", rows)
    same = Claim("routes.eq", SRC, Statement(x + x, "==", 2 * x),
                 Domain.of(x=Interval.closed(0, 1)))
    below = Claim("routes.le", SRC, Statement(x, "<=", 1), Domain.of(x=Interval.closed(0, 1)))
    routes.walk(same, Config(), [])
    assert ran[-1] == "interval" and ran.index("search") < ran.index("symbolic (full)")
    ran.clear()
    routes.walk(below, Config(), [])
    assert ran.index("interval") < ran.index("search")


def test_every_declared_row_names_a_procedure_that_exists():
    for row in (*routes.AFTER, *EXACT, *BALLS):
        assert callable(row.resolve()), row.name
        assert row.does and row.sound and row.budget, row.name
    assert len({r.name for r in EXACT}) == len(EXACT)


def test_the_walk_stops_at_the_first_decisive_route(monkeypatch):
    ran = []

    def route(name, verdict):
        def run(p):
            ran.append(name)
            if verdict is not None:
                p.evidence.append(Evidence(name, verdict, "", 0.0))
        return routes.Route(name, "", "", "", run, engine=name)

    rows = (route("symbolic", Verdict.INCONCLUSIVE), route("interval", None),
            route("search", Verdict.CERTIFIED), route("numeric", Verdict.PROVED))
    monkeypatch.setattr(routes, "ROUTES", rows)
    claim = Claim("routes.x", SRC, Statement(x, "<=", 1), Domain.of(x=Interval.closed(0, 1)))
    evidence = []
    routes.walk(claim, Config(), evidence)
    assert ran == ["symbolic", "interval", "search"]
    assert [(e.engine, e.verdict) for e in evidence] == [("symbolic", Verdict.INCONCLUSIVE),
                                                         ("search", Verdict.CERTIFIED)]


def test_the_quick_conjunction_runs_only_after_a_symbolic_try_that_did_not_decide(monkeypatch):
    """After a quick symbolic try that ran out or found no proof (azize23.alg1.renyi_split's
    premises: no proof whole, every instance proved), never after a decided one or after
    another engine."""
    from dpproof import conjunction

    asked = []
    monkeypatch.setattr(conjunction, "quick", lambda c, cfg: asked.append(c.id) or [])
    claim = Claim("routes.x", SRC, Statement(x, "<=", 1), Domain.of(x=Interval.closed(0, 1)))
    p = routes.Progress(claim, Config())
    routes._conjunction_quick(p)
    p.evidence.append(Evidence("symbolic", Verdict.PROVED, "sign rules", 0.1))
    routes._conjunction_quick(p)
    p.evidence.append(Evidence("interval", Verdict.SUPPORTED, "50% certified", 0.1))
    routes._conjunction_quick(p)
    assert asked == []
    p.evidence.append(Evidence("symbolic", Verdict.INCONCLUSIVE, "no proof found", 0.1))
    routes._conjunction_quick(p)
    assert asked == ["routes.x"]
    p.evidence.append(Evidence("symbolic", Verdict.INCONCLUSIVE,
                               "engine budget of 3 work-seconds spent", 0.1))
    routes._conjunction_quick(p)
    assert asked == ["routes.x", "routes.x"]
