"""Every writer's verdict line says what the verdict was reached on, and witnesses carry the
derived source parameters (issue 13, items 2 and 3)."""


import sympy

from dpproof.claims import Claim, Domain, Interval, Source, Statement
from dpproof.evidence import Evidence, Report, Verdict, assess
from dpproof.writers import json as jw
from dpproof.writers import latex, markdown
from dpproof.writers.common import scope_text, witness_text

SRC = Source("t", "t.txt", "Thm 1")
i, j, x = sympy.symbols("i j x")
GRID = Domain.of(i=Interval.closed(1, 3, integer=True), j=Interval.closed(1, 3, integer=True))


def _grid_claim(cid="t.grid"):
    return Claim(cid, SRC, Statement(i + j, ">=", 2), GRID,
                 derived={"eps": i / 4, "delta": j / 100})


def _report(*assessments):
    return Report(tuple(assessments), settings={}, version="test")


def test_certified_on_instances_everywhere():
    a = assess(_grid_claim(), [Evidence("interval", Verdict.CERTIFIED, "all boxes",
                                        scope="whole domain: i in [1, 3], j in [1, 3]",
                                        data={"cross_examination": "swept"})])
    assert a.label == "CERTIFIED on 9 instances"
    assert scope_text(a) == "on 9 instances: whole domain: i in [1, 3], j in [1, 3]"
    rep = _report(a)
    md = markdown.render(rep)
    assert "**CERTIFIED** on 9 instances" in md
    assert "- **Scope:** on 9 instances: whole domain" in md
    tex = latex.render(rep)
    assert "{CERTIFIED} on 9 instances" in tex
    data = jw.load(jw.render(rep))
    claim = data["claims"][0]
    assert claim["verdict"] == "CERTIFIED"              # the contract's keys and values
    assert claim["scope"].startswith("on 9 instances: ")
    assert set(claim) == set(jw.claim_dict(a))


def test_supported_reports_certified_fraction_and_truncation():
    c = Claim("t.box", SRC, Statement(x, ">=", 0), Domain.of(x=Interval.closed(0, 1)),
              narrowed="sigma = 1")
    e = Evidence("interval", Verdict.SUPPORTED, "certified on part",
                 scope="certified on 98.6000% of x in [0, 1]",
                 data={"certified_fraction": 0.986, "certified_boxes": 71})
    a = assess(c, [e])
    assert a.label == ("SUPPORTED on a truncated box (sigma = 1): "
                       "certified on 98.6% of the box")
    assert scope_text(a).startswith("on a truncated box (sigma = 1): interval: certified on 98.6")


def test_continuous_claim_unchanged():
    c = Claim("t.cont", SRC, Statement(x, ">=", 0), Domain.of(x=Interval.closed(0, 1)))
    a = assess(c, [Evidence("symbolic", Verdict.PROVED, "exact", scope="whole domain (exact)",
                            data={"cross_examination": "swept"})])
    assert a.label == "PROVED"
    assert scope_text(a) == "whole domain (exact)"


def test_refuted_witness_in_source_variables():
    c = Claim("t.false", SRC, Statement(i + j, "<=", 5), GRID,
              derived={"eps": i / 4, "delta": j / 100})
    e = Evidence("search", Verdict.REFUTED, "found", scope="witness at {'i': '3', 'j': '3'}",
                 witness={"i": "3", "j": "3"}, violation="-1")
    a = assess(c, [e])
    assert a.label == "REFUTED"                 # a witness refutes the source's claim too
    assert witness_text(a.witness, c) == "i = 3, j = 3 (eps = 0.75, delta = 0.03)"
    assert scope_text(a).endswith("(eps = 0.75, delta = 0.03)")
    rep = _report(a)
    md = markdown.render(rep)
    assert "i = 3, j = 3 (eps = 0.75, delta = 0.03)" in md
    tex = latex.render(rep)
    assert "eps = 0.75, delta = 0.03" in tex


def test_not_checkable_has_no_extent():
    from dpproof.claims import Kind
    c = Claim("t.cited", SRC, None, GRID, Kind.CITED, reason="asymptotic")
    a = assess(c, [])
    assert a.label == "NOT_CHECKABLE"
    assert scope_text(a) == "asymptotic"


def test_region_map_names_the_source_variables():
    from dpproof.writers.common import regions_summary
    c = _grid_claim("t.map")
    e = Evidence("search", Verdict.REFUTED, "found", scope="w", witness={"i": "3", "j": "3"},
                 violation="-1")
    a = assess(c, [e])
    from dataclasses import replace
    a = replace(a, regions=(("i", "j"), ((("[1, 2]", "[1, 3]"), "hold"),
                                         (("[3, 3]", "[1, 3]"), "fail"))))
    assert regions_summary(a) == ("certified map over i, j (eps = i/4, delta = j/100): "
                                  "2 boxes (1 hold, 1 fail)")


def test_notebook_headlines_carry_the_extent():
    from dpproof import notebook  # noqa: F401 -- registers the display (as dpproof.runner does)
    c = Claim("t.nb", SRC, Statement(x, ">=", 0), Domain.of(x=Interval.closed(0, 1)),
              narrowed="RR_{eps,t} only")
    e = Evidence("interval", Verdict.SUPPORTED, "part", scope="certified on 50% of x",
                 data={"certified_fraction": 0.5, "certified_boxes": 3})
    a = assess(c, [e])
    tex = a._repr_latex_()
    assert r"\textbf{SUPPORTED}\ \text{on a truncated box (RR  eps,t  only): certified on " \
           r"50.0 percent of the box}" in tex
    assert a._repr_markdown_().startswith("**SUPPORTED** on a truncated box")


def test_summary_separates_the_stated_domain_from_instances_and_truncated_boxes():
    """Issue 13, item 6: the summary counts each verdict per extent."""
    cont = Claim("t.cont", SRC, Statement(x, ">=", 0), Domain.of(x=Interval.closed(0, 1)))
    cut = Claim("t.cut", SRC, Statement(x, ">=", 0), Domain.of(x=Interval.closed(0, 1)),
                narrowed="x <= 1 of x >= 0")
    proved = Evidence("symbolic", Verdict.PROVED, "exact", scope="whole domain (exact)",
                      data={"cross_examination": "swept"})
    rep = _report(assess(cont, [proved]), assess(_grid_claim(), [proved]),
                  assess(_grid_claim("t.grid2"), [proved]),
                  assess(cut, [Evidence("numeric", Verdict.SUPPORTED, "grid")]))
    md = markdown.render(rep)
    assert ("| verdict | claims | on the stated domain | on instances | on a truncated box |"
            in md)
    assert "| **PROVED** | 3 | 1 | 2 | 0 |" in md
    assert "| **SUPPORTED** | 1 | 0 | 0 | 1 |" in md
    assert "| total | 4 | 1 | 2 | 1 |" in md
    tex = latex.render(rep)
    assert "On the stated domain & On instances & On a truncated box" in tex
    assert r"\midrule Total & 4 & 1 & 2 & 1 \\" in tex
    data = jw.load(jw.render(rep))
    assert data["counts_by_extent"] == {
        "PROVED": {"on the stated domain": 1, "on instances": 2, "on a truncated box": 0},
        "SUPPORTED": {"on the stated domain": 0, "on instances": 0, "on a truncated box": 1}}


def test_region_axes_in_the_source_variables():
    from dpproof.figures import source_axis
    label, f = source_axis(_grid_claim(), "j")
    assert label == "delta = j/100" and f(3) == 0.03
    assert source_axis(_grid_claim(), "x") is None
    dec = Claim("t.dec", SRC, Statement(i, ">=", 0), GRID, derived={"eps": 1 / i})
    assert source_axis(dec, "i") is None     # decreasing: drawn over the index
