"""One conformance suite that every engine passes (issue 2, acceptance).

- a true claim is never refuted;
- a false claim, where the engine decides, is refuted only with a witness inside the
  domain at which the violation is re-certified here, independently, in ball arithmetic;
- a treacherous true claim is never refuted;
- nothing an engine says is stronger than its evidence.
"""

import pytest
import sympy
from flint import arb

from dpproof.claims import Interval
from dpproof.engines.base import ENGINES, Config, load
from dpproof.evidence import Verdict
from dpproof.lowering import arb_ball, at_precision, lower

from tests.engines.cases import FALSE, TREACHEROUS, TRUE, WHOLE_BOX_FALSE, WHOLE_BOX_TRUE
from tests.helpers import make_claim

CONFIG = Config(engine_timeout=30, max_boxes=2000, search_examples=120)


def _run(engine_name, claim):
    engine = load(engine_name)
    if not engine.supports(claim):
        pytest.skip(f"{engine_name} does not support {claim.id}")
    return engine.check(claim, CONFIG)


def _recertify(claim, witness):
    """The margin at the witness, recomputed here from the statement at 512 bits."""
    point = {n: sympy.Rational(witness[n]) if "/" not in witness[n] else sympy.Rational(
        *map(int, witness[n].split("/"))) for n in claim.domain.names}
    for name, iv in claim.domain.params:
        assert iv.contains(point[name]), f"witness {name}={point[name]} outside {iv}"
    with at_precision(512):
        args = [arb_ball(point[n]) for n in claim.domain.names]
        for h in claim.statement.hypotheses:
            assert lower(h.margin(), claim.domain.names)(*args) >= 0
        return lower(claim.statement.margin(), claim.domain.names)(*args)


@pytest.mark.parametrize("engine_name", list(ENGINES))
@pytest.mark.parametrize("claim", TRUE + TREACHEROUS, ids=lambda c: c.id)
def test_true_claims_are_never_refuted(engine_name, claim):
    ev = _run(engine_name, claim)
    assert ev.verdict is not Verdict.REFUTED, ev
    assert ev.verdict is not Verdict.ERROR, ev.detail
    assert ev.witness is None


@pytest.mark.parametrize("engine_name", list(ENGINES))
@pytest.mark.parametrize("claim", FALSE, ids=lambda c: c.id)
def test_false_claims_are_never_proved_and_refutations_are_certified(engine_name, claim):
    ev = _run(engine_name, claim)
    assert not ev.verdict.holds, ev
    assert ev.verdict is not Verdict.ERROR, ev.detail
    if ev.verdict is Verdict.REFUTED:
        margin = _recertify(claim, ev.witness)
        assert margin < 0, (ev.witness, margin)


@pytest.mark.parametrize("claim", FALSE, ids=lambda c: c.id)
def test_interval_and_search_refute_every_false_claim(claim):
    for name in ("interval", "search"):
        ev = _run(name, claim)
        assert ev.verdict is Verdict.REFUTED, (name, ev.detail)


@pytest.mark.parametrize("engine_name", list(ENGINES))
@pytest.mark.parametrize("claim", WHOLE_BOX_TRUE, ids=lambda c: c.id)
def test_whole_box_true_claims_are_never_refuted(engine_name, claim):
    """Tight at a point, on a face or curve, unbounded, tiny margins (issue 12)."""
    test_true_claims_are_never_refuted(engine_name, claim)


@pytest.mark.parametrize("engine_name", list(ENGINES))
@pytest.mark.parametrize("claim", WHOLE_BOX_FALSE, ids=lambda c: c.id)
def test_whole_box_false_claims_are_never_proved(engine_name, claim):
    """Perturbed by 1e-9..1e-15 at the tight point, needles of width 1e-6 (issue 12)."""
    test_false_claims_are_never_proved_and_refutations_are_certified(engine_name, claim)


@pytest.mark.parametrize("claim", [c for c in TRUE if c.statement.rel != "==" and
                                   c.id != "true.amgm"], ids=lambda c: c.id)
def test_interval_certifies_true_inequalities_on_bounded_boxes(claim):
    ev = _run("interval", claim)
    assert ev.verdict is Verdict.CERTIFIED, ev.detail
    # a box search, or a finite domain decided point by point (engines.balls.points)
    assert ev.data.get("boxes_visited", ev.data.get("points", 0)) >= 1
    assert ev.data["undecided_boxes"] == 0


def test_interval_never_certifies_an_identity_with_balls():
    ev = _run("interval", next(c for c in TRUE if c.id == "true.rr_ratio"))
    assert ev.verdict is Verdict.SUPPORTED


def test_symbolic_proves_the_treacherous_identity_exactly():
    ev = _run("symbolic", TREACHEROUS[0])
    assert ev.verdict is Verdict.PROVED


def test_double_precision_indeed_loses_every_digit_of_the_treacherous_identity():
    """The case is treacherous: printed as it is, floats see a relative error of 100 %; the
    lowering's stable form (expr.stable: Phi(u) - Phi(v) evaluated through the tails) and
    arb see none."""
    from scipy.special import ndtr

    claim = TREACHEROUS[0]
    assert ndtr(20.16) - ndtr(20.0) == 0.0          # Phi(20.16) - Phi(20) rounds to 0
    lhs = lower(claim.statement.lhs, ["x"], "float")(20.0)
    rhs = lower(claim.statement.rhs, ["x"], "float")(20.0)
    assert rhs > 0 and abs(lhs - rhs) <= 1e-12 * rhs
    with at_precision(256):
        diff = lower(claim.statement.lhs - claim.statement.rhs, ["x"])(arb(20))
    assert abs(diff) < arb(10) ** -70


def test_search_records_its_seed_and_is_reproducible():
    claim = FALSE[2]
    a = load("search").check(claim, Config(seed=7, search_examples=60))
    b = load("search").check(claim, Config(seed=7, search_examples=60))
    assert a.data["seed"] == 7 and a.witness == b.witness


def test_numeric_reports_disagreement_between_precisions_as_trouble_not_refutation():
    claim = TREACHEROUS[2]
    ev = _run("numeric", claim)
    assert ev.verdict is not Verdict.REFUTED


def test_a_margin_vanishing_on_a_curve_is_supported_not_certified():
    """AM-GM is tight on the whole diagonal: without an exact argument branch and bound
    certifies most of the square but not boxes meeting a = b, and must say SUPPORTED with
    the certified fraction (a in [0, 3]: 3 is not a square, so no substitution a = u^2)."""
    claim = make_claim("amgm.nonsquare", "sqrt(a*b) <= (a + b)/2",
                       a=Interval.closed(0, 3), b=Interval.closed(0, 4))
    ev = _run("interval", claim)
    assert ev.verdict is Verdict.SUPPORTED
    assert 0.9 < ev.data["certified_fraction"] < 1.0
    assert ev.data["stopped_by"] == "box budget"


def test_a_margin_vanishing_on_a_curve_is_certified_after_an_exact_substitution():
    """On [0, 4]^2, a = u^2 and b = v^2 (u, v in [0, 2], a bijection) make the margin
    (u - v)^2/2: CERTIFIED on the whole domain, and the scope says how (issue 12)."""
    ev = _run("interval", next(c for c in TRUE if c.id == "true.amgm"))
    assert ev.verdict is Verdict.CERTIFIED
    assert ev.scope.startswith("whole domain") and "u^2" in ev.scope
