"""Reports a reviewer reads alone (issue 31, item 5): the legend and the findings first,
witnesses and scopes in the source's notation, open ends as written, rewritten forms only in
the labelled derivation, report.html self-contained, the PDF's layout inside the page."""

import json as stdjson
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from dpproof import repair
from dpproof.writers import figures, html, json, latex, markdown, reading, write_all
from tests.writers.sample import LONG_SCOPE, review_report

VERDICTS = ("PROVED", "CERTIFIED", "REFUTED", "SUPPORTED", "INCONCLUSIVE", "NOT_CHECKABLE",
            "ERROR")
needs_latex = pytest.mark.skipif(not (shutil.which("latexmk") and shutil.which("pdftotext")),
                                 reason="latexmk and pdftotext are installed by .ci/run")


@pytest.fixture(scope="module")
def md():
    return markdown.render(review_report())


def _section(text: str, head: str) -> str:
    return text.split(head, 1)[1].split("\n## ", 1)[0]


def test_legend_then_findings_come_first(md):
    order = [md.index(h) for h in ("## Verdicts", "## Findings", "## Summary", "## Claims",
                                   "## Evidence", "## Run settings")]
    assert order == sorted(order)
    legend = _section(md, "## Verdicts")
    assert [v for v in VERDICTS if f"| **{v}** |" in legend] == list(VERDICTS)
    assert "a witness inside the domain as written" in legend


def test_findings_say_what_fails_where_and_what_repairs_it(md):
    found = _section(md, "## Findings")
    assert "### gauss09 (2 refuted)" in found
    classic = found.split("#### ")[1]
    assert classic.startswith("[`gauss09.classic`](#claim-gauss09-classic): Theorem 2")
    assert ("- **Says:** `exp(-eps**2/(2*log(1/delta))) <= delta` on "
            "`eps in (0, 1], delta in (0, 1)`") in classic
    assert ("- **Fails at:** `eps = 0.625, delta = 0.99606124655117623`; certified violation "
            "(margin): `[-0.003345 +/- 7.13e-14]`") in classic
    assert "- **Flaw:** misprint" in classic
    assert "holds (certified) at 689, fails (certified) at 67" in classic
    assert ("- **Repaired by** [`gauss09.classic.repaired`](#claim-gauss09-classic-repaired): "
            "`exp(-eps**2/(2*log(1/delta))) <= delta on eps in (0, 1], delta in (0, 9803/10000]`"
            ": **CERTIFIED**") in classic
    grid = found.split("#### ")[2]
    assert "`i = 3 (eps = 0.75)`" in grid
    assert "no repaired claim in this report" in grid
    assert "user.square" not in found and "gauss09.long" not in found


def test_no_python_dicts_and_open_ends_as_written(md):
    assert "{'" not in md and "'}" not in md
    assert "witness at eps = 0.625, delta = 0.99606124655117623 |" in md
    # the interval engine decided the closure [0, 1]; the claim's ends are open
    assert "whole domain: eps in (0, 1\\], delta in (0, 0.9803\\]" in md
    assert "eps in \\[0, 1\\]" not in md.split("**Derivation**")[0]
    assert "- **Domain:** `x in (0, 5]`" in md


def test_long_scope_is_shortened_and_whole_in_json(md):
    row = next(line for line in md.splitlines() if line.startswith("| [`gauss09.long`]"))
    assert len(row) < 400 and row.rstrip(" |").endswith("...")
    block = md.split('<a id="claim-gauss09-long"></a>')[1]
    scope = next(line for line in block.splitlines() if line.startswith("- **Scope:**"))
    assert scope.endswith("(the whole scope is in report.json)")
    assert "undecided near eps in \\[0.5, 0.625\\]" in scope
    assert "[0.75, 0.875]" not in scope                 # only the first undecided box
    assert "Delta*alpha" not in scope and "(no proof attempted: ...)" in scope
    data = stdjson.loads(json.render(review_report()))
    long = next(c for c in data["claims"] if c["id"] == "gauss09.long")
    assert LONG_SCOPE in long["scope"] and "Delta*alpha" in long["scope"]


def test_statement_as_written_and_the_parsed_form_only_in_the_derivation(md):
    block = md.split('<a id="claim-user-square"></a>')[1].split("</details>")[0]
    shown, derivation = block.split("**Derivation** (the engines' evidence, in their own forms):")
    assert "- **Statement:** `x^2 >= 0`" in shown and "x**2" not in shown
    assert "as written" not in shown                    # the note is the statement, not a note
    assert "- **Parsed form:** `x**2 >= 0`" in derivation


def test_repair_shares_never_round_a_region_away():
    assert [repair._pct(s) for s in (0, 1e-5, 0.0004, 0.5, 0.99999, 1)] == \
        ["none", "<0.1%", "<0.1%", "50.0%", ">99.9%", "all"]
    text = repair._many_parameters(["x", "y"], [(((0, 1), (0, 1)), "undecided")])
    assert text == f"over (x, y): {repair.NEITHER}" and "0.0%" not in text
    text = repair._many_parameters(["x", "y"], [(((0, 1), (0, 1)), "holds"),
                                                (((1, 1.00001), (0, 1)), "fails")])
    assert text == "over (x, y): holds (certified) on >99.9% of the box, fails (certified) " \
                   "on <0.1%"


def test_notation_keeps_open_ends_and_names_points():
    from dpproof.claims import Domain, Interval
    dom = Domain.of(eps=Interval(0, 5, lo_open=True), Delta=Interval.closed(1, 1))
    assert reading.notation("eps in [0, 5], Delta in [1, 1]; eps in [0.5, 5]", dom) == \
        "eps in (0, 5], Delta = 1; eps in [0.5, 5]"
    assert reading.notation("witness {'x': '1', 'j': '0'}") == "witness x = 1, j = 0"


def _figure_files(tmp_path: Path) -> list[dict]:
    region = figures.region_map(tmp_path / "figures" / "region", ["eps", "delta"],
                                [(((0, 1), (0, 0.99)), "holds"), (((0, 1), (0.99, 1)), "fails")],
                                "where it holds", root=tmp_path,
                                mark=([0.625, 0.996], "witness eps = 0.625, delta = 0.996"))
    curve = figures.curve_figure(tmp_path / "figures" / "curve", [("i/4", [0, 4, 8], [0, 1, 2])],
                                 "i", "eps", "eps against i", root=tmp_path,
                                 marks=[(3, "witness of gauss09.grid: i = 3")])
    chart = figures.curve_figure(tmp_path / "figures" / "chart", [("a", [0, 1], [0, 1])], "x",
                                 "y", "no claim", root=tmp_path)
    return [{"path": chart[0], "title": "Unrelated", "claims": []},
            {"path": region[0], "title": "Where gauss09.classic holds",
             "claims": ["gauss09.classic"]},
            {"path": curve[0], "title": "The grid", "claims": ["gauss09.grid", "gauss09.pad3"]}]


def test_witness_is_marked_on_the_figures(tmp_path, monkeypatch):
    drawn = []
    monkeypatch.setattr(figures, "save", lambda fig, path, root=None: drawn.append(fig) or [""])
    figures.region_map("r", ["eps", "delta"], [(((0, 1), (0, 1)), "fails")], "t",
                       mark=([0.625, 0.996], "witness eps = 0.625, delta = 0.996"))
    figures.curve_figure("c", [("a", [0, 1], [0, 1])], "x", "y", "t",
                         marks=[(0.5, "witness x = 0.5")])
    cross = [ln for ln in drawn[0].axes[0].lines if ln.get_marker() == "X"]
    assert [tuple(ln.get_xydata()[0]) for ln in cross] == [(0.625, 0.996)]
    assert "witness eps = 0.625, delta = 0.996" in [t.get_text() for t in
                                                    drawn[0].axes[0].get_legend().get_texts()]
    line = [ln for ln in drawn[1].axes[0].lines if ln.get_label() == "witness x = 0.5"]
    assert len(line) == 1 and list(line[0].get_xdata()) == [0.5, 0.5]


def test_spec_marks_only_witnesses_inside_the_axis():
    import sympy

    from dpproof.claims import FigureSpec, Series
    from dpproof.figures import spec_marks
    i = sympy.Symbol("i")
    spec = FigureSpec("g", "grid", ("i", 0, 8), (Series("i/4", i / 4),),
                      claim_ids=("gauss09.grid", "gauss09.classic"))
    assert spec_marks(spec, review_report()) == [(3.0, "witness of gauss09.grid: i = 3")]
    narrow = FigureSpec("g", "grid", ("i", 4, 8), (Series("i/4", i / 4),),
                        claim_ids=("gauss09.grid",))
    assert spec_marks(narrow, review_report()) == []


def test_html_is_self_contained_with_inline_figures(tmp_path):
    figs = _figure_files(tmp_path)
    page = html.render(review_report(figs), (tmp_path,))
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert page.count('src="data:image/png;base64,') == 3
    assert not re.search(r'(?:src|href)="(?!data:|#)', page)     # nothing fetched from outside
    assert page.index("<h2>Verdicts</h2>") < page.index("<h2>Findings</h2>") \
        < page.index("<h2>Summary</h2>")
    block = page.split('<details id="claim-gauss09-classic" open>')[1].split("</details>")[0]
    assert '<figure id="figure-2">' in block and "eps = 0.625, delta = 0.99606124655117623" in block
    assert "{'" not in page and "&#x27;eps&#x27;" not in page


def test_write_all_writes_report_html_beside_report_md(tmp_path):
    figs = _figure_files(tmp_path)
    written = write_all(review_report(figs), tmp_path, pdf=False)
    names = [p.name for p in written]
    assert {"report.json", "report.md", "report.html", "report.tex"} <= set(names)
    assert (tmp_path / "report.html").read_text().count("data:image/png;base64,") == 3


def _bbox_pages(pdf: Path) -> list[dict]:
    """Per page: width, height and the words with their boxes, from pdftotext -bbox."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True,
                         check=True).stdout
    pages = []
    for m in re.finditer(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', out, re.S):
        words = [(float(a), float(b), float(c), float(d), w) for a, b, c, d, w in re.findall(
            r'<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">'
            r"(.*?)</word>", m.group(3))]
        pages.append({"width": float(m.group(1)), "height": float(m.group(2)), "words": words})
    return pages


def _lines(page: dict) -> list[str]:
    """The page's text lines: words whose vertical middles fall inside one another's boxes
    (a section number and its heading in another font are one line)."""
    rows: list[list] = []
    for x0, y0, x1, y1, w in sorted(page["words"], key=lambda t: (t[1] + t[3]) / 2):
        mid = (y0 + y1) / 2
        if rows and rows[-1][0] <= mid <= rows[-1][1]:
            rows[-1][2].append((x0, w))
        else:
            rows.append([y0, y1, [(x0, w)]])
    return [" ".join(w for _, w in sorted(r[2])) for r in rows]


def _page_of(pages: list[dict], pattern: str) -> int:
    hits = [n for n, p in enumerate(pages, 1) if any(re.fullmatch(pattern, line)
                                                   for line in _lines(p))]
    assert len(hits) == 1, (pattern, hits)
    return hits[0]


@needs_latex
def test_pdf_layout_stays_on_the_page_with_legend_and_figures_by_their_claims(tmp_path):
    figs = _figure_files(tmp_path)
    report = review_report(figs, filler=40)
    (tmp_path / "report.tex").write_text(latex.render(report), encoding="utf-8")
    done = subprocess.run(["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error",
                           "report.tex"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout[-2000:]
    pages = _bbox_pages(tmp_path / "report.pdf")
    assert len(pages) >= 6
    margin = 2 / 2.54 * 72 - 3          # geometry margin=2cm, in points, less a hair
    for n, page in enumerate(pages, 1):
        for x0, y0, x1, y1, w in page["words"]:
            assert 0 <= x0 and x1 <= page["width"] and 0 <= y0 and y1 <= page["height"], (n, w)
            assert margin <= x0 and x1 <= page["width"] - margin, f"p. {n}: {w!r} in the margin"
    first = " ".join(_lines(pages[0]))
    assert "Verdicts" in first and all(v.replace("_", " ") in first for v in VERDICTS)
    assert "What it promises" in first
    for claim, fig in (("gauss09.classic", 2), ("gauss09.grid", 3)):
        at = _page_of(pages, rf"\d+\.\d+ {re.escape(claim)}")
        shown = _page_of(pages, rf"Figure {fig}: .*")
        assert shown in (at, at + 1), (claim, at, shown)
    assert _page_of(pages, r"Figure 1: Unrelated") < _page_of(pages, r"\d+\.\d+ gauss09\.classic")
    log = (tmp_path / "report.log").read_text(errors="replace")
    assert "Overfull \\hbox" not in log or all(
        float(w) < 5 for w in re.findall(r"Overfull \\hbox \(([\d.]+)pt too wide\)", log))


def test_json_adds_the_witness_in_notation_and_the_repairing_claim():
    data = stdjson.loads(json.render(review_report()))
    by_id = {c["id"]: c for c in data["claims"]}
    classic, grid = by_id["gauss09.classic"], by_id["gauss09.grid"]
    assert classic["witness"] == {"eps": "0.625", "delta": "0.99606124655117623"}   # unchanged
    assert classic["witness_text"] == "eps = 0.625, delta = 0.99606124655117623"
    assert classic["repaired_by"] == "gauss09.classic.repaired" and grid["repaired_by"] is None
    assert grid["witness_text"] == "i = 3 (eps = 0.75)"
    json.check(data)
