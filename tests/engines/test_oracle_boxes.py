"""Oracle claims over parameter boxes (issue 12, item 5): the interval engine decides them
through the oracles' forms derived from the densities (``engines.exact.derived_oracles``).

True claims (Gaussian Rényi, KL, hockey-stick and TV bounds, Pinsker for Gaussians, a Laplace
Rényi bound; tight ones among them) are CERTIFIED over their whole box, with the derived
forms named in the evidence; each false twin (a constant changed by a factor, or by 1e-9 at
a tight point) and a Rényi bound violated only in a window of width 1e-3 in alpha are
REFUTED with a witness inside the domain whose violation is re-certified here at 512 bits
with the arb oracles (the claim as written), never certified.  A claim undefined on part
of its box, a derived form undefined where the claim as written is defined, and a derived
form that disagrees with the arb oracles are never certified through the derived form.
"""

import dataclasses

import pytest
import sympy

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.claims import Interval as I, Statement
from dpproof.engines.exact import derived_oracles
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict

from tests.engines.test_conformance import _recertify
from tests.helpers import make_claim

CONFIG = Config(engine_timeout=30, max_boxes=2000)
INTERVAL = load("interval")
R = sympy.Rational
S, A = I.closed(1, 4), I.closed(2, 8)

#: (id, true statement, false twin, ranges)
PAIRS = [
    ("renyi_gauss", "renyi(Normal(0, s), Normal(1, s), a) <= a/s^2",
     "renyi(Normal(0, s), Normal(1, s), a) <= a/(3*s^2)", {"s": S, "a": A}),
    ("renyi_gauss_tight", "renyi(Normal(0, s), Normal(1, s), a) <= a/(2*s^2)",
     "renyi(Normal(0, s), Normal(1, s), a) <= a/(2*s^2) - 1/10^9", {"s": S, "a": A}),
    ("kl_gauss_tight", "kl(Normal(0, s), Normal(1, s)) <= 1/(2*s^2)",
     "kl(Normal(0, s), Normal(1, s)) <= 1/(2*s^2) - 1/10^9", {"s": S}),
    ("hs_gauss", "hockey_stick(Normal(0, s), Normal(1, s), e) <= 1/2",
     "hockey_stick(Normal(0, s), Normal(1, s), e) <= 1/8", {"s": S, "e": I.closed(1, 3)}),
    ("hs_gauss_phi", "hockey_stick(Normal(0, s), Normal(1, s), e) <= Phi(1/(2*s) - e*s)",
     "hockey_stick(Normal(0, s), Normal(1, s), e) <= Phi(1/(2*s) - e*s) - 1/10^9",
     {"s": S, "e": I.closed(1, 3)}),
    ("pinsker_gauss", "tv(Normal(0, s), Normal(1, s)) <= sqrt(kl(Normal(0, s), Normal(1, s))/2)",
     "tv(Normal(0, s), Normal(1, s)) <= 3/4*sqrt(kl(Normal(0, s), Normal(1, s))/2)", {"s": S}),
    ("renyi_laplace", "renyi(Laplace(0, b), Laplace(1, b), a) <= 1/b",
     "renyi(Laplace(0, b), Laplace(1, b), a) <= 9/(10*b)", {"b": S, "a": A}),
    ("tv_gauss", "tv(Normal(0, s), Normal(d, s)) <= d/(2*s)",
     "tv(Normal(0, s), Normal(d, s)) <= d/(3*s)", {"s": S, "d": I.closed(R(1, 10), 2)}),
]

TRUE_CLAIMS = [make_claim(f"ob.{cid}", t, **r) for cid, t, _, r in PAIRS]
FALSE_CLAIMS = [make_claim(f"ob.{cid}-false", f, **r) for cid, _, f, r in PAIRS] + [
    # violated only for |a - 4.7071| < 5e-4: a window of width 1e-3 in alpha
    make_claim("ob.renyi_window", "renyi(Normal(0, s), Normal(1, s), a) <= a/(2*s^2) + "
               "(a - 47071/10000)^2 - 1/(4*10^6)", s=S, a=A),
]


@pytest.mark.parametrize("claim", TRUE_CLAIMS, ids=lambda c: c.id)
def test_true_oracle_claims_are_certified_on_the_whole_box(claim):
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, (ev.detail, ev.scope)
    assert ev.scope.startswith("whole domain") and ev.data["undecided_boxes"] == 0
    derived = ev.data["derived"]
    assert derived and all(k in str(claim.statement) for k in derived)
    assert "derived from the densities" in ev.detail


@pytest.mark.parametrize("claim", FALSE_CLAIMS, ids=lambda c: c.id)
def test_false_twins_are_refuted_with_witnesses_certified_on_the_claim_as_written(claim):
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is Verdict.REFUTED, (ev.detail, ev.scope)
    # inside the domain, and violated with the arb oracles (the claim as written)
    assert claim.statement.margin().atoms(dpproof.expr.functions.OracleFunction)
    assert _recertify(claim, ev.witness) < 0


def test_the_window_witness_lies_in_the_window():
    claim = FALSE_CLAIMS[-1]
    ev = INTERVAL.check(claim, CONFIG)
    assert abs(R(ev.witness["a"]) - R(47071, 10000)) < R(5, 10 ** 4)


def test_derived_forms_replace_every_call():
    claim = next(c for c in TRUE_CLAIMS if c.id == "ob.pinsker_gauss")
    pure, notes = derived_oracles.derived_claim(claim)
    assert set(notes) == {"tv(Normal(0, s), Normal(1, s))", "kl(Normal(0, s), Normal(1, s))"}
    assert notes["kl(Normal(0, s), Normal(1, s))"] == "1/(2*s**2)"
    assert not pure.statement.margin().atoms(dpproof.expr.functions.OracleFunction)


def test_a_claim_undefined_on_part_of_the_box_is_not_certified():
    # kl = 1/(2 s^2) < 1/8 for s > 2: the root is undefined there, as written and derived
    claim = make_claim("ob.undefined", "sqrt(kl(Normal(0, s), Normal(1, s)) - 1/8) >= 0", s=S)
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is Verdict.ERROR and "undefined" in ev.data, ev.detail
    assert R(ev.data["undefined"]["point"]["s"]) > 2


def _fake_derivation(monkeypatch, form):
    """derived_claim answering ``form`` (a function of the symbol s) for every kl call."""
    real = derived_oracles.derived_claim

    def fake(claim, seconds=derived_oracles.DERIVE_BUDGET):
        pure, notes = real(claim, seconds)
        s = claim.domain.symbols()["s"]
        st = claim.statement
        calls = st.lhs.atoms(dpproof.expr.functions.OracleFunction)
        kl_call = next(c for c in calls if type(c).__name__ == "kl")
        new = Statement(st.lhs.xreplace({kl_call: form(s)}), st.rel, st.rhs)
        return dataclasses.replace(pure, statement=new), notes

    monkeypatch.setattr(derived_oracles, "derived_claim", fake)


def test_a_derived_form_undefined_where_the_claim_is_defined_never_certifies(monkeypatch):
    # the same value as kl, but 0/0 at s = 5/2 (the box's midpoint): the claim as written is
    # defined there, so the derived route says nothing and the arb oracles decide
    _fake_derivation(monkeypatch, lambda s: (s - R(5, 2)) / ((s - R(5, 2)) * 2 * s ** 2))
    claim = make_claim("ob.removable", "kl(Normal(0, s), Normal(1, s)) <= 1/s^2", s=S)
    ev = INTERVAL.check(claim, CONFIG)
    assert "derived" not in ev.data
    assert ev.verdict is not Verdict.ERROR


def test_a_derivation_contradicting_the_arb_oracles_is_reported_not_certified(monkeypatch):
    # a wrong "derivation" kl = 1/(4 s^2): the derived claim is true, the claim is not
    _fake_derivation(monkeypatch, lambda s: 1 / (4 * s ** 2))
    claim = make_claim("ob.wrong", "kl(Normal(0, s), Normal(1, s)) <= 3/(8*s^2)", s=S)
    ev = INTERVAL.check(claim, CONFIG)
    assert ev.verdict is Verdict.ERROR and "soundness" in ev.data, ev.detail


@pytest.mark.parametrize("engine_name", ["symbolic", "search", "numeric"])
@pytest.mark.parametrize("claim", TRUE_CLAIMS, ids=lambda c: c.id)
def test_every_engine_leaves_the_true_oracle_box_claims_unrefuted(engine_name, claim):
    """The conformance rule for the other engines on these cases (issue 12: the suite grows
    by them for every engine): a true claim is never refuted, never an error."""
    from tests.engines.test_conformance import test_true_claims_are_never_refuted
    test_true_claims_are_never_refuted(engine_name, claim)


@pytest.mark.parametrize("engine_name", ["symbolic", "search", "numeric"])
@pytest.mark.parametrize("claim", FALSE_CLAIMS, ids=lambda c: c.id)
def test_every_engine_never_vouches_for_a_false_oracle_box_claim(engine_name, claim):
    from tests.engines.test_conformance import (
        test_false_claims_are_never_proved_and_refutations_are_certified as never_proved)
    never_proved(engine_name, claim)
