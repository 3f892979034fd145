"""Witnesses from the piecewise-linear route (``piecewise_linear.refute_margin``): where a
piece's certified LP bound fails, its minimising vertex is re-certified on the claim as
written.  The interval engines cut [0, inf) at 1e6, so a violation near 5e11 used to come
back SUPPORTED; a vertex that is not a real violation (atoms relaxed to free variables, an
open end, a non-integer) never refutes."""

from __future__ import annotations

import pytest
import sympy

from dpproof.claims import Interval as I
from dpproof.engines.exact import piecewise_linear as PL, engine as symbolic
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.runner import check_claim
from tests.helpers import make_claim

HALF = I(0, None)                       # [0, inf)
CONFIG = Config(engines=("symbolic",))


def _margin(claim):
    st = claim.statement
    return st.rhs - st.lhs if st.rel in ("<=", "<") else st.lhs - st.rhs


def _refute(text, **params):
    claim = make_claim("plw", text, **params)
    return PL.refute_margin(claim, _margin(claim), claim.statement.strict,
                            claim.domain.symbols())


def test_a_violation_past_the_cut_is_refuted_with_an_exact_witness():
    claim = make_claim("plw.far", "abs(x - 500000000000) >= 1/2", x=HALF)
    a = check_claim(claim, Config())
    assert a.verdict is Verdict.REFUTED
    assert a.witness == {"x": "500000000000"}
    ev = next(e for e in a.evidence if e.verdict is Verdict.REFUTED)
    assert ev.engine == "symbolic" and "minimising vertex" in ev.detail
    assert ev.violation.startswith("-0.5")       # the margin at the witness: exactly -1/2


def test_two_parameters_exact_rational_vertex():
    w = _refute("abs(x - y - 300000000000) + abs(y - 7/3) >= 1/10", x=HALF, y=HALF)
    assert w is not None
    pt = {k: sympy.Rational(v) for k, v in w.point.items()}
    assert pt == {"x": sympy.Rational(900000000007, 3), "y": sympy.Rational(7, 3)}


@pytest.mark.parametrize("text,params", [
    ("abs(x - 500000000000) >= 0", dict(x=HALF)),                  # tight: minimum 0
    ("abs(abs(a) - abs(b)) <= abs(a - b)", dict(a=I(None, None), b=I(None, None))),
])
def test_true_claims_with_tight_pieces_are_proved_never_refuted(text, params):
    assert _refute(text, **params) is None
    claim = make_claim("plw.true", text, **params)
    assert symbolic.check(claim, CONFIG).verdict is Verdict.PROVED


def test_a_relaxed_vertex_that_is_no_violation_does_not_refute():
    # x^2 becomes a free variable a: on the piece max = a - 2x + 1 >= -1 the LP's minimum
    # -1/2 needs a = 2x - 2, which x^2 never takes; at the vertex's x the claim holds
    claim = make_claim("plw.relax", "max(x^2 - 2*x + 1, -1) >= -1/2", x=HALF)
    found: list = []
    margin = _margin(claim)
    assert PL.decide(margin, ">=", claim.domain, claim.domain.symbols(),
                     candidates=found) is None
    assert found and all(v[0] in (0, 1) for v in found)   # vertices were offered ...
    assert PL.refute_margin(claim, margin, False, claim.domain.symbols()) is None  # ... refused


def test_a_vertex_on_an_open_end_is_not_a_witness():
    # |x| >= 1/2 fails on (0, 1/2), but both pieces are minimised at the open end x = 0
    assert _refute("abs(x) >= 1/2", x=I(0, None, True, True)) is None


def test_integer_parameters_are_tried_at_the_integers_next_to_the_vertex():
    n = I(0, None, integer=True)
    assert _refute("abs(2*n - 1) >= 1", n=n) is None        # true on the integers
    w = _refute("abs(2*n - 7) >= 2", n=n)                    # vertex 7/2; n = 3 (or 4) fails
    assert w is not None and w.point["n"] in ("3", "4")
