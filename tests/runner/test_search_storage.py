"""The search engine keeps no Hypothesis data in the user's working directory."""

from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.runner import verify
from tests.runner import faults


def test_search_leaves_no_hypothesis_folder_in_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    report = verify([faults.false_claim(), faults.true_claim(0)],
                    Config(engines=("search",), search_examples=50), jobs=2)
    assert report.by_id("ok.false").verdict is Verdict.REFUTED     # x**2 <= x fails at 2
    assert report.by_id("ok.c0").verdict is Verdict.SUPPORTED
    assert not (tmp_path / ".hypothesis").exists()
    assert [p.name for p in tmp_path.iterdir()] == []
