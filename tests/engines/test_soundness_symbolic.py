"""Issue 10, items 1-2: only decision procedures prove; every PROVED/CERTIFIED is
cross-examined, and a contradiction is a flagged ERROR (exit 3), never an abort."""

import json
import sys
import types

import pytest
import sympy

from dpproof.claims import Interval, Kind
from dpproof.cli import main
from dpproof.engines.exact import engine as symbolic
from dpproof.engines.base import ENGINES, Config
from dpproof.evidence import Evidence, Verdict
from dpproof.runner import check_claim, verify
from tests.engines.test_conformance import _recertify
from tests.helpers import make_claim

I = Interval
CONFIG = Config(engine_timeout=30, search_examples=60)

# the reproducers of issue 10: each was PROVED by "solveset: the violation set is empty"
BUMPS = [
    make_claim("r.bump", "100*x^2*exp(-10*x) <= x", x=I.closed("1/1000", 100)),
    make_claim("r.bump2", "x^2*exp(-x/10) <= x", x=I.closed("1/1000", 100)),
    make_claim("r.bump3", "x^2*exp(x) >= x", x=I.closed("1/1000", 3)),
]


def _symbolic(claim):
    assert symbolic.supports(claim)
    return symbolic.check(claim, CONFIG)


@pytest.mark.parametrize("claim", BUMPS, ids=lambda c: c.id)
def test_transcendental_reproducers_are_refuted_inside_the_domain_never_proved(claim):
    assert _symbolic(claim).verdict is Verdict.INCONCLUSIVE
    a = check_claim(claim, CONFIG)
    assert a.verdict is Verdict.REFUTED and not a.soundness_failure
    assert _recertify(claim, a.witness) < 0          # re-certified here at 512 bits


@pytest.mark.parametrize("text, x", [
    ("x^4 - 10*x^2 + 9 <= 0", I.closed(1, 3)),          # (x^2 - 1)(x^2 - 9): roots at the ends
    ("x^3 - 2*x < 1/2", I.closed(0, "3/2")),             # max 3/8 at the right end
    ("x/(x^2 + 1) <= 1/2", I(None, None)),               # unbounded both ways
    ("1/(x - 2) < 0", I.closed(0, 1)),                    # denominator Sturm-certified non-zero
])
def test_rational_inequalities_are_proved_by_the_complete_procedure(text, x):
    ev = _symbolic(make_claim("t.rat", text, x=x))
    assert ev.verdict is Verdict.PROVED, ev.detail


@pytest.mark.parametrize("text, x", [
    ("x^4 - 10*x^2 + 9 <= 0", I.closed(0, 3)),          # fails on [0, 1)
    ("x^3 - 2*x < 1/2", I.closed(-1, "3/2")),            # 1.0887 at -sqrt(2/3)
    ("x^2 > 2*x - 1", I.closed(0, 3)),                   # (x - 1)^2 = 0 at x = 1 only
])
def test_false_rational_inequalities_are_refuted_with_a_certified_witness(text, x):
    claim = make_claim("f.rat", text, x=x)
    ev = _symbolic(claim)
    assert ev.verdict is Verdict.REFUTED, ev.detail
    assert _recertify(claim, ev.witness) <= 0


@pytest.mark.parametrize("text, kind", [
    ("(x + 1)^2 == x^2 + 2*x + 1", Kind.IDENTITY),
    ("exp(2*x) == exp(x)^2", Kind.IDENTITY),
    ("exp(x) + x^2 > 0", Kind.INEQUALITY),               # sign rules
    ("Phi(x) + Q(x) == 1", Kind.IDENTITY),
])
def test_exact_simplification_and_sign_rules_still_prove(text, kind):
    ev = _symbolic(make_claim("t.exact", text, kind, x=I.closed(-5, 5)))
    assert ev.verdict is Verdict.PROVED, ev.detail


def test_binomial_of_non_negative_integers_is_proved_by_sign_rules():
    claim = make_claim("t.binom", "binomial(n, 2) >= 0", n=I.closed(2, 40, integer=True))
    assert _symbolic(claim).verdict is Verdict.PROVED


@pytest.mark.parametrize("text, kind, ranges, term", [
    # true under the real-root reading, but sympy's x**(1/3) is the principal (complex) root
    ("x^(1/3) >= -1/2", Kind.INEQUALITY, {"x": I.closed(-1, 1)}, "x**(1/3)"),
    ("x^(2/3) >= 0", Kind.INEQUALITY, {"x": I.closed(-1, 1)}, "x**(2/3)"),
    ("sqrt(x) >= 0", Kind.INEQUALITY, {"x": I.closed(-2, 2)}, "sqrt(x)"),
    ("(x^2 - 1)/(x - 1) == x + 1", Kind.IDENTITY, {"x": I.closed(0, 2)}, "x - 1"),
    ("log(x^2) == 2*log(x)", Kind.IDENTITY, {"x": I.closed(-1, 1)}, "log"),
    ("binomial(n, k) == binomial(n, n - k)", Kind.IDENTITY,
     {"n": I.closed(-3, 3, integer=True), "k": I.closed(-3, 3, integer=True)}, "binomial"),
    ("binomial(n, 2) >= 0", Kind.INEQUALITY, {"n": I.closed(-3, 3, integer=True)}, "binomial"),
    ("exp(x)/(exp(x) - 1) - 1/(exp(x) - 1) == 1", Kind.IDENTITY, {"x": I.closed(0, 1)},
     "exp(x) - 1"),
])
def test_terms_that_may_be_undefined_on_the_domain_block_any_proof(text, kind, ranges, term):
    ev = _symbolic(make_claim("t.undef", text, kind, **ranges))
    assert ev.verdict is Verdict.INCONCLUSIVE
    assert term in ev.data["undefined_risk"], ev.data


@pytest.mark.parametrize("text, kind, x", [
    ("(x^2 - 1)/(x - 1) == x + 1", Kind.IDENTITY, I(1, 2, lo_open=True)),  # root at open end
    ("sqrt(x)^2 == x", Kind.IDENTITY, I.closed(0, 2)),
    ("exp(x)/(exp(x) - 1) - 1/(exp(x) - 1) == 1", Kind.IDENTITY,
     I.closed("1/10", 4)),                                                  # arb-certified
    ("x^(1/3) >= 0", Kind.INEQUALITY, I.closed(0, 1)),
])
def test_the_same_terms_are_proved_where_certified_defined(text, kind, x):
    ev = _symbolic(make_claim("t.def", text, kind, x=x))
    assert ev.verdict is Verdict.PROVED, ev.detail


def test_a_transcendental_truth_is_left_to_the_certified_engines():
    claim = make_claim("t.trans", "x*exp(-x) <= 1/2", x=I.closed(0, 10))
    ev = _symbolic(claim)
    assert ev.verdict is Verdict.INCONCLUSIVE and "solveset" not in ev.detail
    a = check_claim(claim, CONFIG)
    assert a.verdict is Verdict.CERTIFIED
    assert "no certified violation" in a.evidence[-1].data["cross_examination"]


def test_sqrt_of_a_square_is_not_proved_and_is_refuted():
    claim = make_claim("f.sqrt_sq", "sqrt(x^2) == x", Kind.IDENTITY, x=I.closed(-1, 1))
    assert not _symbolic(claim).verdict.holds
    assert check_claim(claim, CONFIG).verdict is Verdict.REFUTED


# -- cross-examination with a lying engine ------------------------------------------------

@pytest.fixture
def liar(monkeypatch):
    """An engine 'liar' that says PROVED (or CERTIFIED) for every claim."""
    mod = types.ModuleType("dpproof_test_liar")
    mod.NAME = "liar"
    mod.verdict = Verdict.PROVED
    mod.supports = lambda claim: True
    mod.check = lambda claim, config: Evidence("liar", mod.verdict, "trust me",
                                               scope="whole domain")
    monkeypatch.setitem(sys.modules, mod.__name__, mod)
    monkeypatch.setitem(ENGINES, "liar", mod.__name__)
    return mod


LIED_ON = [
    make_claim("l.true", "x <= 2", x=I.closed(0, 1)),
    make_claim("l.false", "x^2 <= 2*x", x=I.closed(0, 3)),
    make_claim("l.bump", "100*x^2*exp(-10*x) <= x", x=I.closed("1/1000", 100)),
    make_claim("l.point", "Q(1) <= 1/10"),                 # no parameters: one instance
]


@pytest.mark.parametrize("verdict", [Verdict.PROVED, Verdict.CERTIFIED])
def test_a_contradiction_is_a_flagged_error_and_the_run_goes_on(liar, verdict):
    liar.verdict = verdict
    report = verify(LIED_ON + [make_claim("l.refuted", "x >= 1", x=I.closed(0, 1))],
                    Config(engines=("liar", "interval"), search_examples=30))
    ok, bad, bump, point, refuted = report.assessments
    assert ok.verdict is verdict and not ok.soundness_failure
    assert "no certified violation" in ok.evidence[0].data["cross_examination"]
    for a in (bad, bump, point):
        assert a.verdict is Verdict.ERROR and a.soundness_failure
        assert a.scope.startswith(f"internal soundness failure: liar says {verdict.value}")
        engines = [e.engine for e in a.evidence]
        assert engines[0] == "liar" and engines[1].startswith("cross-exam/")
        assert a.evidence[1].verdict is Verdict.REFUTED
        assert _recertify(a.claim, a.evidence[1].witness) < 0
    assert refuted.verdict is Verdict.ERROR and refuted.soundness_failure   # liar again
    assert report.soundness_failures == ["l.false", "l.bump", "l.point", "l.refuted"]


def test_cli_exits_3_on_a_soundness_failure_and_writes_the_flag(liar, tmp_path):
    claims = tmp_path / "c.toml"
    claims.write_text('[[claim]]\nid = "l.false"\nsource = "t"\nstatement = "x^2 <= 2*x"\n'
                      'domain = { x = [0, 3] }\n\n[[claim]]\nid = "l.true"\nsource = "t"\n'
                      'statement = "x <= 2"\ndomain = { x = [0, 1] }\n')
    out = tmp_path / "out"
    code = main(["verify", str(claims), "--out", str(out), "--engine", "liar", "--no-pdf",
                 "--quiet"])
    assert code == 3
    data = json.loads((out / "report.json").read_text())
    flags = {c["id"]: (c["verdict"], c["soundness_failure"]) for c in data["claims"]}
    assert flags == {"l.false": ("ERROR", True), "l.true": ("PROVED", False)}
    assert data["soundness_failures"] == ["l.false"]
    assert "INTERNAL SOUNDNESS FAILURE" in (out / "report.md").read_text()


def test_cli_exit_is_unchanged_without_contradictions(tmp_path):
    claims = tmp_path / "c.toml"
    claims.write_text('[[claim]]\nid = "t.x"\nsource = "t"\nstatement = "x <= 2"\n'
                      'domain = { x = [0, 1] }\n')
    assert main(["verify", str(claims), "--out", str(tmp_path / "o"), "--no-pdf", "--quiet"]) == 0


def test_the_symbolic_engine_no_longer_has_its_own_sanity_check():
    assert not hasattr(symbolic, "_sanity_check") and not hasattr(symbolic, "_solveset_empty")
    assert sympy.S.EmptySet is symbolic.rational_violations(
        make_claim("t.r", "x^2 >= 0", x=I.closed(-1, 1)), sympy.Symbol("x", real=True) ** 2,
        False)


def test_constants_signs_are_certified_in_arb_not_by_evalf():
    # Q(0.6744) - 1/4 = +3.2e-5 and Q(0.6745) - 1/4 = -3.6e-6 (the quartile is 0.67449):
    # sympy would decide these signs by floating-point evalf; here arb certifies them
    true = make_claim("t.const", "x^2 + Q(6744/10000) - 1/4 >= 0", x=I.closed(-1, 1))
    assert _symbolic(true).verdict is Verdict.PROVED
    false = make_claim("f.const", "x^2 + Q(6745/10000) - 1/4 >= 0", x=I.closed(-1, 1))
    assert not _symbolic(false).verdict.holds
    a = check_claim(false, CONFIG)
    assert a.verdict is Verdict.REFUTED and _recertify(false, a.witness) < 0
    x = sympy.Symbol("x", real=True)
    c = symbolic.certified_constants(x**2 + 1 - sympy.sqrt(2)) - x**2
    assert c.is_Dummy and c.is_negative


def test_a_constant_claim_is_left_to_ball_arithmetic():
    claim = make_claim("t.num", "(Q(13489/20000) - 1/4)*(Q(13491/20000) - 1/4) <= 0")
    assert _symbolic(claim).verdict is Verdict.INCONCLUSIVE
    assert check_claim(claim, CONFIG).verdict is Verdict.CERTIFIED


def test_a_proof_interrupted_during_its_cross_examination_is_not_kept(liar, monkeypatch):
    from dpproof import checking
    from dpproof.engines.base import EngineTimeout

    def slow(*args):
        raise EngineTimeout()          # the claim's time limit fires mid-sweep
    monkeypatch.setattr(checking, "cross_examine", slow)  # as imported by check_claim
    a = check_claim(LIED_ON[0], Config(engines=("liar",)))
    assert a.verdict is Verdict.INCONCLUSIVE and [e.engine for e in a.evidence] == ["runner"]


@pytest.mark.parametrize("swap", [False, True])
def test_one_name_with_two_symbols_is_one_parameter(swap):
    """x and x with assumptions (a derived form put into a claim as written) are one
    parameter: the interval engine's shift u = x - 1 once reached one of them only, and
    x <= x - 1/2 was CERTIFIED under some hash seeds (one of the two orders in each)."""
    from dpproof.claims import Claim, Domain, Source, Statement

    plain, positive = sympy.Symbol("x"), sympy.Symbol("x", positive=True)
    a, b = (positive, plain) if swap else (plain, positive)
    claim = Claim("mix", Source("t", "t", "t"), Statement(a, "<=", b - sympy.Rational(1, 2)),
                  Domain.of(x=I.closed(1, 2)))
    assert [s.name for s in claim.statement.free_symbols] == ["x"]
    a = check_claim(claim, CONFIG)
    assert a.verdict is Verdict.REFUTED and a.witness is not None
    assert all(e.verdict not in (Verdict.PROVED, Verdict.CERTIFIED) for e in a.evidence)


# Red team (session 3): true claims that are tight at a point or exactly 0 on a region (equal
# constants written differently, a kink at a tight point, an exact-zero margin from a derived
# oracle) are never REFUTED; their false twins (1e-40 .. 1e-12 away) never PROVED/CERTIFIED.
TREACHEROUS = [
    ("ct.eqconst", "max(x*log(6), x*(log(2) + log(3))) <= x*log(6)", I.closed(0, 1), True),
    ("ct.eqconst.f", "max(x*log(6), x*(log(2) + log(3)) + 10^-40*x) <= x*log(6)",
     I.closed(0, 1), False),
    ("et.logs", "x + log(2) + log(3) - log(6) <= x", I.closed(0, 1), True),
    ("et.logs.f", "x + log(2) + log(3) - log(6) - 10^-50 >= x", I.closed(0, 1), False),
    ("ct.tent", "min(x, 2 - x) <= 1", I.closed(0, 2), True),
    ("ct.tent.f", "min(x, 2 - x) <= 1 - 10^-20", I.closed(0, 2), False),
    ("ct.zero_region", "max(x, 0) - x >= 0", I.closed(-1, 1), True),
    ("ct.zero_region.f", "max(x, 0) - x >= 10^-30", I.closed(-1, 1), False),
    ("ot.renyi_tight", "renyi(Normal(0, 1), Normal(1, 1), x) <= x/2", I(sympy.Integer(1), sympy.Integer(10), lo_open=True), True),
    ("ot.renyi_tight.f", "renyi(Normal(0, 1), Normal(1, 1), x) < x/2", I(sympy.Integer(1), sympy.Integer(10), lo_open=True),
     False),
]


@pytest.mark.slow
@pytest.mark.parametrize("cid, text, x, true", TREACHEROUS, ids=[t[0] for t in TREACHEROUS])
def test_tight_truths_are_never_refuted_and_their_twins_never_proved(cid, text, x, true):
    got = check_claim(make_claim(cid, text, x=x), Config(engine_timeout=8, timeout=20,
                                                         search_examples=40)).verdict
    if true:
        assert got not in (Verdict.REFUTED, Verdict.ERROR), (cid, got)
    else:
        assert got not in (Verdict.PROVED, Verdict.CERTIFIED, Verdict.ERROR), (cid, got)
