"""Figure helpers: PNG and PDF written, paths returned relative to the root."""

import pytest

from dpproof.writers import figures
from tests.writers.sample import small_report


def test_verdict_chart_entry_and_files(tmp_path):
    entry = figures.verdict_chart(small_report(), tmp_path)
    assert entry == {"path": "figures/verdicts.png", "title": "Claims by verdict and source",
                     "claims": []}
    assert (tmp_path / "figures" / "verdicts.png").stat().st_size > 1000
    assert (tmp_path / "figures" / "verdicts.pdf").read_bytes().startswith(b"%PDF")


def test_curve_figure_skips_missing_and_non_positive_values_on_log_axes(tmp_path):
    paths = figures.curve_figure(tmp_path / "figs" / "curve.png",
                                 [("bound", [1, 2, 3, 4], [1.0, None, -1.0, 1e-3]),
                                  ("empty", [1], [float("nan")])],
                                 "alpha", "eps", "A curve", logy=True, root=tmp_path)
    assert paths == ["figs/curve.png", "figs/curve.pdf"]
    assert all((tmp_path / p).is_file() for p in paths)


def test_region_map_with_centres_and_edges(tmp_path):
    grid = [[True, False, None], [True, True, False]]
    assert figures.region_map(tmp_path / "r", [0, 1, 2], [0, 1], grid, "eps", "delta",
                              root=tmp_path) == ["r.png", "r.pdf"]
    assert figures.region_map(tmp_path / "e", [0, 1, 2, 3], [0, 1, 2], grid,
                              root=tmp_path) == ["e.png", "e.pdf"]
    with pytest.raises(ValueError, match="holds_grid has 2 rows"):
        figures.region_map(tmp_path / "bad", [0, 1, 2], [0, 1, 2, 3, 4], grid)
