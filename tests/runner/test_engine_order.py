"""The symbolic engine's quick first budget, and its full budget only when nothing decided."""

import pytest
import sympy

from dpproof.claims import Claim, Domain, Interval, Source, Statement
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.routes import SPENT
from dpproof.runner import check_claim

x = sympy.Symbol("x")
SRC = Source("order", "tests/runner/test_engine_order.py", "test")
TRUE = Claim("order.log1p", SRC, Statement(sympy.log(1 + x), "<=", x),
             Domain.of(x=Interval.closed(0, 3)))
FALSE = Claim("order.square", SRC, Statement(x**2, "<=", x), Domain.of(x=Interval.closed(0, 2)))


@pytest.fixture(autouse=True)
def slow_symbolic(monkeypatch):
    from dpproof.engines import base
    monkeypatch.setitem(base.ENGINES, "symbolic", "tests.runner.slow_symbolic")


def _symbolic(a):
    return [e for e in a.evidence if e.engine == "symbolic"]


def test_a_claim_the_interval_engine_settles_pays_only_the_quick_budget():
    config = Config(engines=("symbolic", "interval"), symbolic_quick_timeout=0.3)
    a = check_claim(TRUE, config)
    assert a.verdict is Verdict.CERTIFIED
    (ev,) = _symbolic(a)
    assert ev.verdict is Verdict.INCONCLUSIVE and "0.3" in ev.detail
    assert 0.3 <= ev.data[SPENT] < 0.35          # counted work: the quick budget, not the full


def test_a_false_claim_is_refuted_after_the_quick_budget_alone():
    config = Config(engines=("symbolic", "interval", "search"), symbolic_quick_timeout=0.3)
    a = check_claim(FALSE, config)
    assert a.verdict is Verdict.REFUTED and a.witness is not None
    assert _symbolic(a) and all(e.data[SPENT] < 0.35 for e in _symbolic(a))


def test_when_no_engine_decides_the_symbolic_engine_gets_its_full_budget():
    config = Config(engines=("symbolic", "numeric"), symbolic_quick_timeout=0.3)
    a = check_claim(TRUE, config)
    (ev,) = _symbolic(a)          # the quick attempt's evidence is replaced by the full one
    assert a.verdict is Verdict.PROVED and ev.verdict is Verdict.PROVED


def test_a_quick_budget_as_long_as_the_engine_budget_means_one_attempt():
    config = Config(engines=("symbolic", "numeric"), symbolic_quick_timeout=60.0)
    a = check_claim(TRUE, config)
    assert a.verdict is Verdict.PROVED and len(_symbolic(a)) == 1
