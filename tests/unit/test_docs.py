"""The documentation (issue 31): the README's and the library page's generated blocks equal
what docs/gen_counts.py makes from the committed report, the README stays a few screens and
points nowhere outside the repository, and every page mkdocs.yml lists exists."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs"))

import gen_counts  # noqa: E402


@pytest.fixture(scope="module")
def report():
    return json.loads((ROOT / "reports" / "report.json").read_text())


@pytest.mark.parametrize("path", list(gen_counts.BLOCKS))
def test_generated_blocks_equal_the_committed_report(path, report):
    assert path.read_text() == gen_counts.generated(path, report), \
        f"{path.name}: run python docs/gen_counts.py"


def test_counts_block_states_the_report_totals(report):
    block = re.search(r"<!-- counts:begin -->\n(.*)\n<!-- counts:end -->",
                      (ROOT / "README.md").read_text(), re.S).group(1)
    assert f"holds {len(report['claims'])} claims" in block
    proved = sum(c["verdict"] == "PROVED" for c in report["claims"])
    assert f"{proved} PROVED" in block


def test_fill_replaces_only_its_block():
    text = "a\n<!-- x:begin -->\nold\n<!-- x:end -->\nb\n"
    assert gen_counts.fill(text, "x", "new") == "a\n<!-- x:begin -->\nnew\n<!-- x:end -->\nb\n"
    with pytest.raises(ValueError, match="no <!-- y:begin -->"):
        gen_counts.fill(text, "y", "new")


def test_check_mode_reports_a_stale_block(tmp_path, monkeypatch, report):
    stale = dict(report, claims=report["claims"][:3])
    fake = tmp_path / "report.json"
    fake.write_text(json.dumps(stale))
    monkeypatch.setattr(gen_counts, "REPORT", fake)
    before = {p: p.read_text() for p in gen_counts.BLOCKS}
    assert gen_counts.main(["--check"]) == 1
    assert {p: p.read_text() for p in gen_counts.BLOCKS} == before   # --check writes nothing


def test_readme_is_a_few_screens_and_keeps_the_two_commands():
    text = (ROOT / "README.md").read_text()
    assert len(text.splitlines()) <= 220
    assert "pip install -e . && dpproof verify --jobs 2" in text
    assert ("pip install -e '.[test]' && python -m pytest -q -n 2 --dist loadfile -m 'not slow'"
            in text)
    for verdict in ("PROVED", "CERTIFIED", "REFUTED", "SUPPORTED", "INCONCLUSIVE",
                    "NOT_CHECKABLE", "ERROR"):
        assert f"| **{verdict}** |" in text


def test_nothing_points_outside_the_repository():
    """docs/design.md and docs/catalogue.md replace the project's old external notes."""
    hits = subprocess.run(["git", "grep", "-n", "-I", "-E", r"\.\./shared|shared/(DESIGN|THEOREMS)"
                           r"|THEOREMS\.md", "--", ".", ":!tests/unit/test_docs.py"],
                          cwd=ROOT, capture_output=True, text=True).stdout
    assert hits == ""


def test_every_page_in_the_nav_exists():
    nav = re.findall(r":\s+([\w-]+\.md)\s*$", (ROOT / "mkdocs.yml").read_text(), re.M)
    assert len(nav) >= 15
    for page in nav:
        assert (ROOT / "docs" / page).is_file(), page


def test_cluster_commands_bind_to_loopback():
    for path in (ROOT / "README.md", ROOT / "docs" / "cluster.md"):
        text = path.read_text()
        assert "dask scheduler --host 127.0.0.1" in text
        assert "dask worker tcp://127.0.0.1:8786 --host 127.0.0.1" in text
