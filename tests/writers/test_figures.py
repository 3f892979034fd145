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


def test_region_map_draws_boxes_over_one_or_two_parameters(tmp_path):
    boxes2 = [(((0, 1), (0, 1)), "holds"), (((1, 2), (0, 1)), "fails"),
              (((0, 2), (1, 2)), "undecided")]
    assert figures.region_map(tmp_path / "r", ("eps", "delta"), boxes2, "t",
                              root=tmp_path) == ["r.png", "r.pdf"]
    boxes1 = [(((0, 1),), "holds"), (((1, 3),), "fails"), (((3, 3),), "vacuous")]
    assert figures.region_map(tmp_path / "e", ("x",), boxes1, "t",
                              root=tmp_path) == ["e.png", "e.pdf"]
    with pytest.raises(ValueError, match="1 or 2 parameters"):
        figures.region_map(tmp_path / "bad", ("a", "b", "c"), [], "t")


def test_axis_scale_makes_a_failing_sliver_visible():
    """Issue 13, item 3: log or logit where the failing region lives near 0 or 1."""
    near_one = [((0.001, 0.5), "holds"), ((0.5, 0.98), "holds"), ((0.98, 0.999), "fails")]
    assert figures.axis_scale(near_one) == "logit"
    near_zero = [((1e-6, 1e-4), "fails"), ((1e-4, 0.9), "holds")]
    assert figures.axis_scale(near_zero) == "logit"
    wide = [((1e-3, 2e-3), "fails"), ((2e-3, 100.0), "holds")]
    assert figures.axis_scale(wide) == "log"
    middle = [((0.001, 0.4), "holds"), ((0.4, 0.6), "fails"), ((0.6, 0.999), "holds")]
    assert figures.axis_scale(middle) == "linear"
    assert figures.axis_scale([((0.0, 1.0), "fails")]) == "linear"
    assert figures.axis_scale([((0.1, 0.9), "holds")]) == "linear"


def test_region_map_in_the_source_variables(tmp_path):
    boxes = [(((1, 3), (1, 98)), "holds"), (((4, 4), (99, 99)), "fails")]
    axes = [("eps = i/4", lambda v: v / 4), ("delta = j/100", lambda v: v / 100)]
    assert figures.region_map(tmp_path / "m", ("i", "j"), boxes, "t", root=tmp_path,
                              integer=(True, True), axes=axes) == ["m.png", "m.pdf"]
