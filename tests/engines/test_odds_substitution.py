"""Identities over a bounded range with an open upper end are tried again with the range
written by its odds, x = (a + b t)/(1 + t), t >= 0 (t > 0 for an open lower end): a
bijection onto the range under which sympy knows the signs of both x - a and b - x, so the
logs of p and 1 - p split for a probability p in (0, 1) (red round 10: the KL of two
Bernoulli laws against its textbook form was INCONCLUSIVE)."""

from __future__ import annotations

import pytest
import sympy

from dpproof import api
from dpproof.checking import check_claim
from dpproof.engines.base import Config
from dpproof.engines.exact import engine as symbolic
from dpproof.evidence import Verdict

KL = "p*log(p/q) + (1 - p)*log((1 - p)/(1 - q))"
SYMBOLIC = Config(engines=("symbolic",))


def test_the_bernoulli_kl_is_its_textbook_form_on_the_open_square():
    c = api.claim(f"kl(Bernoulli(p), Bernoulli(q)) == {KL}", kind="identity",
                  p="(0, 1)", q="(0, 1)")
    ev = symbolic.check(c, SYMBOLIC)
    assert ev.verdict is Verdict.PROVED and "odds" in ev.detail, ev.detail


@pytest.mark.parametrize("statement", [
    f"kl(Bernoulli(p), Bernoulli(q)) == {KL} + p*(1 - p)/10^20",      # off by a needle
    f"kl(Bernoulli(p), Bernoulli(q)) == {KL.replace('(1 - q)', '(1 - p)', 1)}",
])
def test_false_twins_are_never_proved(statement):
    c = api.claim(statement, kind="identity", p="(0, 1)", q="(0, 1)")
    got = check_claim(c, Config(engines=("symbolic", "search", "interval")))
    assert got.verdict not in (Verdict.PROVED, Verdict.CERTIFIED)
    if "10^20" not in statement:
        assert got.verdict is Verdict.REFUTED


def test_the_map_covers_the_range_and_nothing_else():
    c = api.claim("x + y + z + w == x + y + z + w", kind="identity", x="[1/4, 3)", y="(0, 1)",
                  z="[0, 1]", w="[2, oo)")
    symbols = c.domain.symbols()
    odds = symbolic._odds(c, symbols)
    assert set(s.name for s in odds) == {"x", "y"}     # closed upper end, half-line: no
    (tx,) = odds[symbols["x"]].free_symbols
    assert tx.is_nonnegative and not tx.is_positive    # [1/4: t = 0 is x = 1/4
    assert odds[symbols["x"]].subs(tx, 0) == sympy.Rational(1, 4)
    assert sympy.limit(odds[symbols["x"]], tx, sympy.oo) == 3     # approached, not reached
    (ty,) = odds[symbols["y"]].free_symbols
    assert ty.is_positive
