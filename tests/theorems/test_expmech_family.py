"""wasserman.expmech.dp.family over the family of two-output exponential mechanisms: the true
statement is PROVED from the masses; the same family at eps/2 (the mechanism is only eps-DP,
not eps/2-DP: tight as d_0 = -d_1 = -1 and a -> oo) is REFUTED with a certified witness."""

from dataclasses import replace

import pytest
import sympy

from dpproof.checking import check_claim
from dpproof.claims import Statement
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from theorems.wasserman import CLAIMS

#: a proof is what is tested, not its speed: generous limits for a loaded machine
#: the proof is what these tests check: the symbolic engine gets its whole budget at once, so no
#: clock-timed retry (checking._symbolic_full_budget, issue 28) decides whether it is tried
PROOF = Config(timeout=600, engine_timeout=300, symbolic_quick_timeout=300)

FAMILY = next(c for c in CLAIMS if c.id == "wasserman.expmech.dp.family")


@pytest.mark.slow
def test_the_family_is_proved():
    assert check_claim(FAMILY, PROOF).verdict is Verdict.PROVED


def test_the_family_at_half_the_budget_is_refuted():
    hs = FAMILY.statement.lhs
    g = FAMILY.domain.symbols()["g"]
    half = hs.func(*hs.args[:2], sympy.log(1 + g))   # eps/2 = log(1 + g)
    got = check_claim(replace(FAMILY, id="t.expmech.half", family="",
                              statement=Statement(half, "<=", 0)), PROOF)
    assert got.verdict is Verdict.REFUTED
