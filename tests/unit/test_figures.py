"""Figures declared by theorem modules are computed from their expressions."""

import math

import sympy

from dpproof.claims import FigureSpec, Series
from dpproof.evidence import Report
from dpproof.figures import draw_all, series_values
from dpproof.expr import Q
from tests.writers.sample import small_report

x = sympy.Symbol("x")


def test_series_are_evaluated_at_exact_points():
    spec = FigureSpec("q", "tail", ("x", 0, 2), (Series("Q", Q(x)), Series("log", sympy.log(x))),
                      points=5)
    xs, series = series_values(spec)
    assert xs == [0.0, 0.5, 1.0, 1.5, 2.0]
    (_, qs), (_, logs) = series
    assert math.isclose(qs[2], 0.15865525393145707, rel_tol=1e-15)
    assert logs[0] is None and math.isclose(logs[4], math.log(2), rel_tol=1e-15)


def test_draw_all_writes_the_verdict_chart_and_the_specs(tmp_path):
    spec = FigureSpec("q", "tail", ("k", 1, 4), (Series("k^2", sympy.Symbol("k") ** 2),),
                      integer_x=True)
    figures = draw_all(small_report(), [spec], tmp_path)   # then its refutation's region map
    assert [f["path"] for f in figures][:2] == ["figures/verdicts.png", "figures/q.png"]
    assert (tmp_path / "figures" / "q.pdf").is_file()
    # a report of one verdict from one source: its chart would repeat the summary line
    assert [f["path"] for f in draw_all(Report(()), [spec], tmp_path / "b")] == ["figures/q.png"]


def test_the_verdict_chart_is_drawn_where_it_says_more_than_the_summary_line():
    from dpproof.evidence import Verdict
    from dpproof.writers.figures import chart_says_more

    report = small_report()
    assert chart_says_more(report)
    one = [a for a in report.assessments if a.verdict is Verdict.PROVED][:1]
    assert one and not chart_says_more(Report(tuple(one)))
    assert not chart_says_more(Report(()))
