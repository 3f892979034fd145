"""A refuted claim's repair line quotes its `.repaired` companion (issue 13, item 4)."""

import json
from dataclasses import replace

import sympy

from dpproof.claims import Claim, Domain, Interval, Source, Statement
from dpproof.evidence import Evidence, Report, Verdict, assess
from dpproof.writers import write_all
from dpproof.writers.common import corrected_of, quote_corrections

SRC = Source("t", "t.txt", "Thm 1")
x = sympy.Symbol("x")
BOX = Domain.of(x=Interval.closed(0, 2))


def _refuted(cid, repair=""):
    c = Claim(cid, SRC, Statement(x, "<=", 1), BOX)
    e = Evidence("interval", Verdict.REFUTED, "found", scope="witness at {'x': '2'}",
                 witness={"x": "2"}, violation="-1")
    return replace(assess(c, [e]), repair=repair)


def _report():
    fixed = Claim("t.f.repaired", SRC, Statement(x, "<=", 1), Domain.of(x=Interval.closed(0, 1)))
    ok = assess(fixed, [Evidence("symbolic", Verdict.PROVED, "exact", scope="whole domain (exact)",
                                 data={"cross_examination": "swept"})])
    return Report((_refuted("t.f", "holds on x in [0, 1], fails on (1, 2]"),
                   _refuted("t.f.instances"), _refuted("t.f.step1"), _refuted("t.g", "fails"),
                   ok), settings={}, version="test")


def test_companions_found_for_instances_and_steps():
    rep = _report()
    assert corrected_of(rep, "t.f").id == "t.f.repaired"
    assert corrected_of(rep, "t.f.instances").id == "t.f.repaired"
    assert corrected_of(rep, "t.f.step1").id == "t.f.repaired"
    assert corrected_of(rep, "t.g") is None
    assert corrected_of(rep, "t.f.repaired") is None


def test_repair_line_quotes_the_corrected_theorem(tmp_path):
    quoted = {a.id: a.repair for a in quote_corrections(_report()).assessments}
    line = "corrected statement (t.f.repaired): x <= 1 on x in [0, 1], PROVED (whole domain (exact))"
    assert quoted["t.f"] == "holds on x in [0, 1], fails on (1, 2]; " + line
    assert quoted["t.f.instances"] == line
    assert quoted["t.g"] == "fails"                        # no companion: unchanged
    assert quoted["t.f.repaired"] == ""                    # only refuted claims quote
    write_all(_report(), tmp_path, pdf=False)
    data = {c["id"]: c for c in json.loads((tmp_path / "report.json").read_text())["claims"]}
    assert data["t.f"]["repair"].endswith(line)
    md = (tmp_path / "report.md").read_text()      # markdown escapes [ ] and <
    assert "corrected statement (t.f.repaired): x \\<= 1 on x in \\[0, 1\\], PROVED" in md
