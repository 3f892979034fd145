"""The calculus' verdict rule (docs/calculus.md "Verdicts"), with premises decided by a
stand-in: a false or undecided premise never yields a holding conclusion."""

import sympy
import pytest

from dpproof.calculus import NONNEG, Density, Proof, aggregate, chaining, decide
from dpproof.claims import Claim, Statement
from dpproof.evidence import CROSS_EXAMINATION, Assessment, Evidence, Verdict, assess

from .common import CONFIG, SRC, ctx

E1, E2 = sympy.symbols("e1 e2", real=True)


def _step():
    c = ctx("t.chain")
    return chaining(c, Density("p"), Density("q"), Density("r"), E1, E2,
                    {"e1": NONNEG, "e2": NONNEG})


def _fake(verdicts):
    """A check_claim stand-in giving each premise the next verdict of ``verdicts``."""
    it = iter(verdicts)

    def check(claim, config):
        v = next(it)
        data = {CROSS_EXAMINATION: "stand-in sweep"} if v.holds else {}
        kw = dict(witness={"p": "1"}, violation="[-1 +/- 0]") if v is Verdict.REFUTED else {}
        return assess(claim, [Evidence("stand-in", v, "stand-in", scope="s", data=data, **kw)])
    return check


@pytest.mark.parametrize("given, expected", [
    ([Verdict.PROVED], Verdict.PROVED),
    ([Verdict.CERTIFIED], Verdict.CERTIFIED),
    ([Verdict.REFUTED], Verdict.INCONCLUSIVE),
    ([Verdict.SUPPORTED], Verdict.SUPPORTED),
    ([Verdict.INCONCLUSIVE], Verdict.INCONCLUSIVE),
])
def test_conclusion_verdict_follows_the_premises(given, expected):
    claim = Claim("t.chain", SRC, None, proof=Proof(_step()))
    a = decide(claim, CONFIG, _fake(given))
    assert a.verdict is expected
    assert ("every law" in a.label) is expected.holds
    if not expected.holds:
        assert "t.chain.premise1.monotonicity is " + given[0].value in a.scope


def test_aggregate_mixed():
    premise = _step().all_premises()[0]

    def a(v):
        return Assessment(premise, v, "", None, (), 0.0)
    assert aggregate([a(Verdict.PROVED), a(Verdict.CERTIFIED)])[0] is Verdict.CERTIFIED
    assert aggregate([a(Verdict.PROVED), a(Verdict.PROVED)])[0] is Verdict.PROVED
    # one false premise among true ones: never holding
    for bad in (Verdict.REFUTED, Verdict.ERROR, Verdict.NOT_CHECKABLE, Verdict.INCONCLUSIVE):
        assert not aggregate([a(Verdict.PROVED), a(bad)])[0].holds
    assert aggregate([a(Verdict.PROVED), a(Verdict.SUPPORTED)])[0] is Verdict.SUPPORTED


def test_a_claim_with_a_proof_has_no_sympy_statement():
    with pytest.raises(ValueError, match="sympy statement"):
        Claim("t.x", SRC, Statement(1, "<=", 2), proof=Proof(_step()))


def test_reports_show_the_proof_tree():
    from dpproof.evidence import Report
    from dpproof.writers import json as jw, markdown as mw
    claim = Claim("t.chain", SRC, None, proof=Proof(_step()))
    a = decide(claim, CONFIG, _fake([Verdict.CERTIFIED]))
    entry = jw.claim_dict(a)
    assert entry["statement"] == "H_{e1 + e2}(P||R) <= H_{e1}(P||Q) + exp(e1)*H_{e2}(Q||R)"
    assert entry["proof"]["rule"] == "chaining"
    prem = entry["proof"]["children"][0]["premises"][0]
    assert (prem["id"], prem["verdict"]) == ("t.chain.premise1.monotonicity", "CERTIFIED")
    text = mw.render(Report((a,)))
    assert "Proof over every law" in text and "rule chaining" in text
    assert "t.chain.premise1.monotonicity" in text.replace("\\_", "_")
