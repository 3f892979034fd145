"""Definedness on a closed range: a sign certified on each half [lo, hi) and (lo, hi] of
every closed range (each by its odds map), so on the whole box.  p^2/q + (1 - p)^2/(1 - q)
> 0 for p in [0, 1], q in (0, 1) -- each term may vanish, never both -- was not certified,
and renyi(Bernoulli(p), Bernoulli(q), 2) against its closed form stayed INCONCLUSIVE (red
round 10).  The two-range case checks that the mixed corners are covered: (1 - p) + q
vanishes only at p = 1, q = 0."""

from __future__ import annotations

import pytest
import sympy

from dpproof import api
from dpproof.engines.base import Config
from dpproof.engines.exact import engine as symbolic
from dpproof.engines.exact.definedness import _certified
from dpproof.evidence import Verdict


def _claim(**domain):
    names = " + ".join(domain)
    return api.claim(f"{names} == {names}", kind="identity", **domain)


@pytest.mark.parametrize("text, domain, need, certified", [
    ("p**2/q + (1 - p)**2/(1 - q)", dict(p="[0, 1]", q="(0, 1)"), "positive", True),
    # 0 on the diagonal p = q
    ("p**2/q + (1 - p)**2/(1 - q) - 1", dict(p="[0, 1]", q="(0, 1)"), "positive", False),
    ("p*(1 - p) + q", dict(p="[0, 1]", q="[0, 1]"), "positive", False),     # 0 at (0, 0)
    ("p**2*q**2 + (1 - p)**2*(1 - q)**2", dict(p="[0, 1]", q="[0, 1]"), "nonnegative", True),
    ("(1 - p) + q", dict(p="[0, 1]", q="[0, 1]"), "positive", False),       # 0 at (1, 0)
    ("(1 - p) + q + 1/10**30", dict(p="[0, 1]", q="[0, 1]"), "positive", True),
    ("(1 - p)**2 + p**2", dict(p="[0, 1]"), "positive", True),
])
def test_signs_on_the_halves_of_closed_ranges(text, domain, need, certified):
    c = _claim(**domain)
    symbols = c.domain.symbols()
    expr = sympy.sympify(text, locals=symbols)
    assert _certified(c, expr, need) is certified


def test_the_bernoulli_renyi_of_order_two_on_a_closed_range():
    c = api.claim("renyi(Bernoulli(p), Bernoulli(q), 2) == log(p^2/q + (1 - p)^2/(1 - q))",
                  kind="identity", p="[0, 1]", q="(0, 1)")
    ev = symbolic.check(c, Config(engines=("symbolic",)))
    assert ev.verdict is Verdict.PROVED, ev.detail
    off = api.claim("renyi(Bernoulli(p), Bernoulli(q), 2) == "
                    "log(p^2/q + (1 - p)^2/(1 - q) + 1/10^20)",
                    kind="identity", p="[0, 1]", q="(0, 1)")
    assert symbolic.check(off, Config(engines=("symbolic",))).verdict is not Verdict.PROVED
