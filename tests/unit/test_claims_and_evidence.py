"""The claim model and the aggregation rule of docs/design.md."""

import pytest
import sympy

from dpproof.claims import (Claim, Domain, Interval, Kind, Source, Statement, chain,
                            value_claim)
from dpproof.chain import compose_relations, implies
from dpproof.evidence import Evidence, Verdict, assess

SRC = Source("t", "t.txt", "Thm 1")
x = sympy.Symbol("x")


def test_interval_ends_are_exact_and_floats_mean_their_decimal():
    iv = Interval(0.1, 2)
    assert iv.lo == sympy.Rational(1, 10) and iv.hi == 2
    assert str(Interval(0, None, lo_open=True)) == "(0, inf)"
    with pytest.raises(ValueError, match="empty interval"):
        Interval(2, 1)
    with pytest.raises(ValueError, match="use None"):
        Interval(float("inf"), 1)


def test_open_ends_and_integers_in_contains():
    iv = Interval(0, 1, lo_open=True)
    assert not iv.contains(0) and iv.contains(1) and iv.contains(sympy.Rational(1, 2))
    assert not Interval.closed(1, 5, integer=True).contains(sympy.Rational(3, 2))


def test_symbols_carry_the_assumptions_the_box_implies():
    d = Domain.of(a=Interval(0, 1, lo_open=True), b=Interval.closed(0, 1), c=Interval(-2, -1))
    s = d.symbols()
    assert s["a"].is_positive and s["b"].is_nonnegative and s["c"].is_negative


def test_margin_normalises_every_relation():
    assert Statement(x, "<=", 2).margin() == 2 - x
    assert Statement(x, ">", 2).margin() == x - 2
    assert Statement(x, "==", 2).margin() == -sympy.Abs(x - 2)
    with pytest.raises(ValueError, match="relation '=<'"):
        Statement(x, "=<", 2)


def test_claim_rejects_symbols_without_range_and_cited_without_reason():
    with pytest.raises(ValueError, match=r"\['x'\] have no range"):
        Claim("a.b", SRC, Statement(x, "<=", 1), Domain())
    with pytest.raises(ValueError, match="needs the reason"):
        Claim("a.c", SRC, None, kind=Kind.CITED)
    with pytest.raises(ValueError, match="needs '=='"):
        Claim("a.d", SRC, Statement(x, "<=", 1), Domain.of(x=Interval.closed(0, 1)),
              Kind.IDENTITY)


def test_value_claim_tolerance_is_half_a_unit_in_the_last_printed_digit():
    c = value_claim("v.a", SRC, sympy.Integer(27), "27.7")
    assert c.statement.rhs == sympy.Rational(5, 100)
    c = value_claim("v.b", SRC, sympy.Integer(0), "6.8e-5")
    assert c.statement.rhs == sympy.Rational(5, 10**7)


def test_chains_compose_relations():
    links = chain(x, ("<=", x + 1), ("==", x + 1), ("<", x + 2))
    assert [l.rel for l in links] == ["<=", "==", "<"]
    assert compose_relations(["<=", "==", "<"]) == "<"
    assert compose_relations(["<=", ">="]) is None
    assert implies("<", "<=") and implies("==", ">=") and not implies("<=", "<")


def _claim():
    return Claim("a.e", SRC, Statement(x, "<=", 1), Domain.of(x=Interval.closed(0, 1)))


def test_refuted_needs_a_witness_and_a_certified_violation():
    with pytest.raises(ValueError, match="needs a witness"):
        Evidence("e", Verdict.REFUTED, "looks wrong in float")


def test_contradictory_evidence_is_an_error_flagged_as_a_soundness_failure():
    pro = Evidence("interval", Verdict.CERTIFIED, "ok", data={"cross_examination": "swept"})
    con = Evidence("search", Verdict.REFUTED, "bad", witness={"x": "1"}, violation="-1")
    a = assess(_claim(), [pro, con])
    assert a.verdict is Verdict.ERROR and a.soundness_failure
    assert "internal soundness failure: interval says CERTIFIED" in a.scope
    assert a.evidence[:2] == (pro, con) and a.evidence[2].data == {"soundness_failure": True}
    again = assess(_claim(), a.evidence)      # re-assessing (chains) adds no second flag
    assert again.verdict is Verdict.ERROR and len(again.evidence) == 3
    assert not assess(_claim(), [pro]).soundness_failure


def test_aggregation_order_and_errors_are_not_hidden():
    sup = Evidence("numeric", Verdict.SUPPORTED, "grid", scope="grid")
    err = Evidence("search", Verdict.ERROR, "ZeroDivisionError")
    cert = Evidence("interval", Verdict.CERTIFIED, "ok", scope="whole domain",
                    data={"cross_examination": "swept"})
    assert assess(_claim(), [sup]).verdict is Verdict.SUPPORTED
    assert assess(_claim(), [sup, err]).verdict is Verdict.ERROR
    assert assess(_claim(), [sup, err, cert]).verdict is Verdict.CERTIFIED
    assert assess(_claim(), []).verdict is Verdict.INCONCLUSIVE
    cited = Claim("a.f", SRC, None, kind=Kind.CITED, reason="asymptotic")
    a = assess(cited, [])
    assert a.verdict is Verdict.NOT_CHECKABLE and a.scope == "asymptotic"


def test_a_verdict_short_of_decisive_names_what_stopped_the_deciding_engines():
    sym = Evidence("symbolic", Verdict.INCONCLUSIVE, "no proof found (tried direct/expand)")
    box = Evidence("interval", Verdict.INCONCLUSIVE, "no box certified before the time limit")
    grid = Evidence("numeric", Verdict.SUPPORTED, "no violation", scope="7 grid points")
    a = assess(_claim(), [sym, box, grid])
    assert a.verdict is Verdict.SUPPORTED
    assert a.scope == ("numeric: 7 grid points; not decided: symbolic (no proof found), "
                       "interval (no box certified before the time limit)")
    part = Evidence("interval", Verdict.SUPPORTED, "60% certified", scope="certified on 60%",
                    data={"stopped_by": "box budget"})
    assert assess(_claim(), [part]).scope == ("interval: certified on 60%; not decided: "
                                              "interval stopped by the box budget")
    cert = Evidence("interval", Verdict.CERTIFIED, "ok", scope="whole domain",
                    data={"cross_examination": "swept"})
    assert assess(_claim(), [sym, cert]).scope == "whole domain"


def test_catalogue_collects_in_declaration_order_and_rejects_a_duplicate_id():
    from dpproof.claims import Catalogue
    x = sympy.Symbol("x", real=True)
    src = Source("t", "f.txt", "Thm 1")
    dom = Domain.of(x=Interval.closed(0, 1))
    catalogue = Catalogue()
    first = catalogue.claim("t.a", src, Statement(x, "<=", 1), dom)
    step = Claim("t.b.step1", src, Statement(x, "<=", 1), dom)
    second = catalogue.declare(Claim("t.b", src, Statement(x, "<=", 1), dom, steps=(step,)))
    third = catalogue.value("t.c", src, sympy.Rational(1, 3), "0.33")
    assert catalogue.claims == (first, second, third)
    with pytest.raises(ValueError, match="declared twice: t.a"):
        catalogue.claim("t.a", src, Statement(x, "<", 2), dom)
    with pytest.raises(ValueError, match="declared twice: t.b.step1"):  # a step's id counts
        catalogue.claim("t.b.step1", src, Statement(x, "<", 2), dom)
    with pytest.raises(TypeError):
        catalogue.declare("t.d")
    assert catalogue.claims == (first, second, third)  # a rejected claim is not recorded


def test_a_name_is_one_symbol_throughout_a_statement():
    """Two symbols of one name (with and without assumptions) become the one with fewer
    assumptions, in both sides, the guards and the hypotheses."""
    xp = sympy.Symbol("x", positive=True)
    st = Statement(xp, "<=", x + 1, hypotheses=(Statement(xp, ">=", 0),), guards=(1 / xp,))
    assert st.free_symbols == {x}
    assert st.lhs == x and st.hypotheses[0].lhs == x and st.guards == (1 / x,)
    assert st.margin() == 1
    assert Statement(xp, "<=", xp + 1).lhs is xp      # one symbol already: untouched


def test_free_symbols_matches_sympys_without_rebuilding_sums(monkeypatch):
    """claims.free_symbols: sympy's set, limit by limit (a bound may name a later limit's
    variable), with no re-evaluation of the Max/Min inside a Sum or MaxOver."""
    import sympy
    from sympy import Integral, Max, Min, Product, Sum, symbols

    from dpproof.claims import free_symbols
    from dpproof.expr.finite import MaxOver

    i, j, k, d, l, x = symbols("i j k d l x")
    cases = [Sum(Max(i - j, 0) * x, (i, 0, Min(Max(l - 2 * j, -1), k - d)), (j, 0, d)),
             Product(x, (i, 0, j)), Integral(x * i, (x, 0, k)), Integral(x, x), x + 1,
             MaxOver(i * x, (i, 0, k)), Max(0, MaxOver(i * x, (i, 0, k)), evaluate=False)]
    for e in cases:
        assert free_symbols(e) == e.free_symbols
    rebuilt = []
    real = sympy.Max.__new__

    def counting(cls, *args, **kw):
        rebuilt.append(args)
        return real(cls, *args, **kw)
    monkeypatch.setattr(sympy.Max, "__new__", counting)
    assert free_symbols(cases[0]) == {x, k, d, l}
    assert rebuilt == []
