"""Oracle calls nested in another call's arguments (``engines.exact.derived_oracles``): derived
innermost first, so rdp_to_delta(alpha, renyi(P, Q, alpha), eps) (osgt22.rdp_to_dp) becomes
a pure claim (``oracles.symbolic``: rdp_to_delta by its defining formula, alpha > 1); the
derived form agrees with the arb oracles at exact points; a true bound of the class is
CERTIFIED and a false twin (the RDP curve halved) is never."""

import pytest
import sympy

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.claims import Interval as I
from dpproof.engines.exact import derived_oracles
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict
from dpproof.expr.functions import OracleFunction
from dpproof.lowering import arb_ball, at_precision, lower

from tests.helpers import make_claim

INTERVAL = load("interval")
CONFIG = Config(engine_timeout=40, max_boxes=3000)
R = sympy.Rational
LAP = "Laplace(0, 1), Laplace(1, 1)"
RDP = f"rdp_to_delta(alpha, renyi({LAP}, alpha), eps)"
DOM = dict(alpha=I.closed(4, 5), eps=I.closed(R(1, 2), R(5, 8)))


def test_nested_calls_derive_and_agree_with_the_oracles():
    claim = make_claim("nest.rdp", f"hockey_stick({LAP}, eps) <= {RDP}", **DOM)
    pure = derived_oracles.derived_claim(claim)
    assert pure is not None
    st = pure[0].statement
    assert not (st.lhs.atoms(OracleFunction) | st.rhs.atoms(OracleFunction))
    names = claim.domain.names
    with at_precision(128):
        for a, e in ((R(4), R(1, 2)), (R(9, 2), R(9, 16)), (R(5), R(5, 8))):
            want = lower(claim.statement.rhs, names)(arb_ball(a), arb_ball(e))
            got = lower(st.rhs, names)(arb_ball(a), arb_ball(e))
            assert want.overlaps(got) and got.rad() < 1e-30, (a, e, want, got)


def test_rdp_to_delta_needs_alpha_above_one():
    claim = make_claim("nest.alpha", f"hockey_stick({LAP}, eps) <= {RDP}",
                       alpha=I.closed(R(1, 2), 2), eps=I.closed(0, 1))
    assert derived_oracles.derived_claim(claim) is None


def test_a_true_conversion_is_certified():
    ev = INTERVAL.check(make_claim("nest.true", f"hockey_stick({LAP}, eps) <= {RDP}", **DOM),
                        CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, (ev.detail, ev.scope)
    assert "derived from the densities" in ev.detail


@pytest.mark.parametrize("text", [
    f"hockey_stick({LAP}, eps) <= rdp_to_delta(alpha, renyi({LAP}, alpha)/2, eps)",
    f"hockey_stick({LAP}, eps) <= {RDP}/4",
])
def test_false_twins_are_never_certified(text):
    ev = INTERVAL.check(make_claim("nest.false", text, **DOM), CONFIG)
    assert ev.verdict is not Verdict.CERTIFIED, (ev.detail, ev.scope)
