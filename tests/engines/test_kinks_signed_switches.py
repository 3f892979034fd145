"""Switches with no exact root form (``engines.exact.kinks``, ``Prover._one_sign``): a Max/Min/Abs
whose argument difference keeps one sign on a piece, certified in balls like a leaf (tight
ends by a derivative's sign, an interior touching zero at a simple rational), takes one
branch on the whole piece.  Claims tight everywhere (the margin 0 once the branch is known)
are decided; false twins, where the switch does change sign, are not."""

from __future__ import annotations

import pytest
import sympy

from dpproof.claims import Interval as I, Kind
from dpproof.engines.exact import kinks, engine as symbolic
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from tests.helpers import make_claim

CONFIG = Config(engines=("symbolic",))
DECIDED = (Verdict.PROVED, Verdict.CERTIFIED)
x = sympy.Symbol("x", real=True)

TRUE = [
    # log(1 + x) >= x/(1 + x), equal at the end x = 0 to second order
    ("log_end", "max(log(1 + x), x/(1 + x)) <= log(1 + x)", I.closed(0, 5)),
    # e^x >= 1 + x + x^2/2, equal at 0 to third order
    ("exp_end", "abs(exp(x) - 1 - x - x^2/2) <= exp(x) - 1 - x - x^2/2", I.closed(0, 3)),
    # x - 1 - log x >= 0 touches 0 at the interior point x = 1
    ("touch", "abs(x - 1 - log(x)) <= x - 1 - log(x)", I.closed(sympy.Rational(1, 2), 3)),
    # the spread of the log-ratios of an exponential mechanism is exactly eps
    ("spread", "max(x/2 - log((exp(3*x/2) + exp(x/2) + 1)/(exp(x) + 2*exp(x/2))), 0) - "
     "min(x/2 - log((exp(3*x/2) + exp(x/2) + 1)/(exp(x) + 2*exp(x/2))), x) <= 0",
     I.closed(sympy.Rational(1, 10), 4)),
]

FALSE = [
    # the switch changes sign near 0 (x/(1 + x) + 1e-6 > log(1 + x) for small x)
    ("log_end", "max(log(1 + x), x/(1 + x) + 1/10^6) <= log(1 + x)", I.closed(0, 5)),
    # x/2 overtakes log(1 + x) near x = 2.51
    ("crossing", "max(log(1 + x), x/2) <= log(1 + x)", I.closed(0, 5)),
    # negative near the touching point x = 1
    ("touch", "abs(x - 1 - log(x) - 1/10^9) <= x - 1 - log(x) - 1/10^9",
     I.closed(sympy.Rational(1, 2), 3)),
    # x/3 overtakes the largest log-ratio near x = 1.2
    ("spread", "max(x/2 - log((exp(3*x/2) + exp(x/2) + 1)/(exp(x) + 2*exp(x/2))), x/3) - "
     "min(x/2 - log((exp(3*x/2) + exp(x/2) + 1)/(exp(x) + 2*exp(x/2))), x) <= 0",
     I.closed(sympy.Rational(1, 10), 4)),
]


@pytest.mark.parametrize("name,text,box", TRUE, ids=[c[0] for c in TRUE])
def test_a_switch_of_one_sign_takes_one_branch(name, text, box):
    claim = make_claim(f"s.{name}", text, Kind.INEQUALITY, x=box)
    st = claim.statement
    margin = st.rhs - st.lhs if st.rel == "<=" else st.lhs - st.rhs
    lines = kinks.prove(margin, claim.domain.symbols()["x"], box.lo, box.hi, ">=", 60.0)
    assert lines is not None and any("keeps its sign" in line for line in lines), lines
    ev = symbolic.check(claim, CONFIG)
    assert ev.verdict in DECIDED, ev.detail


@pytest.mark.parametrize("name,text,box", FALSE, ids=[c[0] for c in FALSE])
def test_a_switch_that_changes_sign_decides_nothing(name, text, box):
    claim = make_claim(f"s.{name}", text, Kind.INEQUALITY, x=box)
    st = claim.statement
    margin = st.rhs - st.lhs if st.rel == "<=" else st.lhs - st.rhs
    assert kinks.prove(margin, claim.domain.symbols()["x"], box.lo, box.hi, ">=", 30.0) is None
    assert symbolic.check(claim, CONFIG).verdict not in DECIDED


def test_a_piecewise_switch_still_needs_an_exact_root():
    """A Piecewise may jump at its switch: its branch is never taken from balls alone."""
    g = sympy.Piecewise((1, x - sympy.log(1 + 2 * x) > 0), (0, True))
    assert kinks.prove(g, x, 1, 3, ">=", 10.0) is None
