"""report.md: tables, badges, escaping, details blocks, and a golden file."""

import os
from pathlib import Path

import pytest

from dpproof.writers import markdown
from tests.writers.sample import small_report

GOLDEN = Path(__file__).parent / "golden" / "small_report.md"


@pytest.fixture(scope="module")
def text():
    return markdown.render(small_report())


def _table_rows(text: str, header: str) -> list[list[str]]:
    lines = text.splitlines()
    start = lines.index(header)
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append(_cells(line))
    return rows


def _cells(line: str) -> list[str]:
    """Split a table row on unescaped pipes."""
    cells, cur, prev = [], "", ""
    for ch in line.strip()[1:-1]:
        if ch == "|" and prev != "\\":
            cells.append(cur.strip())
            cur = ""
        else:
            cur += ch
        prev = ch
    return cells + [cur.strip()]


def test_title_and_settings(text):
    assert text.startswith("# dpproof verification report\n\ndpproof 0.1.0, 7 claims.")
    assert "| `engines` | symbolic, interval |" in text


def test_summary_counts_by_verdict_and_by_source(text):
    rows = _table_rows(text, "| verdict | claims | on the stated domain | on instances | "
                             "on a truncated box |")
    assert rows[0] == ["**PROVED**", "1", "1", "0", "0"]
    assert rows[-1] == ["total", "7", "7", "0", "0"]
    assert len(rows) == 8
    by_source = _table_rows(text, "| source | PROVED | CERTIFIED | REFUTED | SUPPORTED | "
                                  "INCONCLUSIVE | NOT_CHECKABLE | ERROR | total |")
    assert by_source == [["demo22", "1", "0", "1", "1", "0", "1", "1", "5"],
                         ["odd", "0", "1", "0", "0", "0", "0", "0", "1"],
                         ["other19", "0", "0", "0", "0", "1", "0", "0", "1"]]


def test_claims_table_has_every_claim_with_badge_and_escaped_cells(text):
    rows = _table_rows(text, "| id | source | verdict | scope |")
    assert len(rows) == 7 and all(len(r) == 4 for r in rows)
    refuted = rows[1]
    assert refuted[0] == "[`demo22.log_above`](#claim-demo22-log_above)"
    assert refuted[1] == "demo22, Theorem 3" and refuted[2] == "**REFUTED**"
    tricky = rows[4]
    assert tricky[1] == r"odd, Lemma 2 \| 50% & \#1 {x} ~ ^ \\ $ \_ \<b\>"
    assert tricky[3] == r"whole domain: x in \[0, 4\] \| 100%"


def test_details_block_of_the_refuted_claim(text):
    block = text.split('<a id="claim-demo22-log_above"></a>')[1].split("</details>")[0]
    assert block.startswith("\n<details open>\n<summary><code>demo22.log_above</code>: "
                            "<b>REFUTED</b> (demo22, Theorem 3)</summary>\n\n")
    assert "- **Statement:** `x <= log(x + 1)`" in block
    assert "- **Domain:** `x in [1, 4]`" in block
    assert "- **Witness:** `x = 2.5`; certified violation (margin): `[-0.7472 +/- 1.3e-12]`" \
        in block
    assert "- **Repair:** certified to hold nowhere" in block
    assert "- **Certified map:** certified map over x: 2 boxes (1 fails, 1 undecided)" in block
    assert "| `interval` | **REFUTED** | 0.04 s | certified violation on a box at depth 3 |" \
        in block
    assert "- `interval`: boxes visited `9`; tightest margin `-`; ratio `1/3`" in block


def test_tricky_text_is_escaped_in_prose_and_html(text):
    assert r"pipes \| and \`ticks\` and \*stars\* and 100% & $5" in text
    assert "(odd, Lemma 2 | 50% &amp; #1 {x} ~ ^ \\ $ _ &lt;b&gt;)</summary>" in text
    assert "≈ café" in text


def test_error_traceback_is_a_code_block(text):
    assert "```text\nTraceback (most recent call last):" in text
    assert "| `search` | **ERROR** |" in text


def test_code_spans_survive_backticks_and_pipes():
    assert markdown.code("a`b") == "``a`b``"
    assert markdown.code("`a|b") == "`` `a\\|b ``"


def test_partial_report_says_so():
    from dataclasses import replace
    assert "**PARTIAL**" in markdown.render(replace(small_report(), partial=True))


def test_figures_are_listed_and_linked_from_their_claims():
    figs = [{"path": "figures/a.png", "title": "Bound vs alpha", "claims": ["demo22.hyp_bound"]},
            "figures/plain.png"]
    text = markdown.render(small_report(figures=figs))
    block = text.split('<a id="claim-demo22-hyp_bound"></a>')[1].split("</details>")[0]
    assert "**Figure 2.** Bound vs alpha (`demo22.hyp_bound`)" in block   # beside its claim
    assert "![Bound vs alpha](figures/a.png)" in block
    head = text.split("## Claims")[0]                 # tied to no claim: after the summary
    assert "**Figure 1.** figures/plain.png" in head and "![figures/plain.png]" in head
    assert "| `figures` |" not in text


def test_golden_file(text):
    if os.environ.get("DPPROOF_REGEN_GOLDEN") == "1":
        GOLDEN.write_text(text, encoding="utf-8")
    assert GOLDEN.exists(), "run with DPPROOF_REGEN_GOLDEN=1 to create the golden file"
    assert text == GOLDEN.read_text(encoding="utf-8"), (
        "report.md changed; if intended, regenerate with DPPROOF_REGEN_GOLDEN=1")
