"""Compute the figures a report shows: theorem modules' FigureSpecs and repair maps.

The series of a ``FigureSpec`` are lowered to ball arithmetic and evaluated at exact
rational x values; the midpoints are plotted (a figure is a picture, not a certificate).
Region maps of refuted claims come from the boxes ``dpproof.repair`` certified.  Drawing
is matplotlib's (Agg), done here so that writers stay pure renderers of the report.
"""

from __future__ import annotations

import math
import warnings
from pathlib import Path

import sympy

from .claims import FigureSpec
from .evidence import Report, Verdict
from .lowering import arb_ball, at_precision, lower

_COLOURS = {"holds": "#4c9a2a", "fails": "#c0392b", "undecided": "#bbbbbb",
            "vacuous": "#eeeeee"}


def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def series_values(spec: FigureSpec, prec: int = 64):
    """x values and, per series, midpoints (None where not finite)."""
    name, lo, hi = spec.x
    lo, hi = sympy.Rational(lo), sympy.Rational(hi)
    if spec.integer_x:
        xs = [sympy.Integer(v) for v in range(int(lo), int(hi) + 1)]
    else:
        xs = [lo + (hi - lo) * sympy.Rational(i, spec.points - 1) for i in range(spec.points)]
    out = []
    with at_precision(prec):
        for s in spec.series:
            f = lower(s.expr, [name])
            ys = []
            for x in xs:
                v = f(arb_ball(x))
                ys.append(float(v.mid()) if v.is_finite() else None)
            out.append((s.label, ys))
    return [float(x) for x in xs], out


def draw_spec(spec: FigureSpec, out_dir: Path) -> str:
    """Draw one FigureSpec to ``out_dir/figures/<name>.png`` (and .pdf); return its path."""
    plt = _plt()
    xs, series = series_values(spec)
    fig, ax = plt.subplots(figsize=(6, 3.8))
    for label, ys in series:
        pts = [(x, y) for x, y in zip(xs, ys) if y is not None and (not spec.logy or y > 0)]
        if pts:
            ax.plot(*zip(*pts), marker="o" if spec.integer_x else None, ms=3, label=label)
    ax.set_xlabel(spec.xlabel or spec.x[0])
    ax.set_ylabel(spec.ylabel)
    ax.set_title(spec.title, fontsize=10)
    if spec.logy:
        ax.set_yscale("log")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    return _save(fig, plt, out_dir, spec.name)


def draw_region(claim_id: str, names, boxes, out_dir: Path) -> str:
    """Where a refuted claim certifiably holds (green) and fails (red), over 1 or 2 params."""
    plt = _plt()
    from matplotlib.patches import Patch, Rectangle

    fig, ax = plt.subplots(figsize=(6, 4.2 if len(names) == 2 else 2.2))
    for box, status in boxes:
        (x0, x1) = (float(box[0][0]), float(box[0][1]))
        (y0, y1) = (float(box[1][0]), float(box[1][1])) if len(names) == 2 else (0.0, 1.0)
        w = max(x1 - x0, 1e-300) if x1 > x0 else 0.8
        h = (y1 - y0) if y1 > y0 else 0.8
        x0 = x0 if x1 > x0 else x0 - 0.4
        y0 = y0 if y1 > y0 else y0 - 0.4
        ax.add_patch(Rectangle((x0, y0), w, h, color=_COLOURS[status], lw=0))
    ax.autoscale_view()
    ax.set_xlabel(names[0])
    if len(names) == 2:
        ax.set_ylabel(names[1])
    else:
        ax.set_yticks([])
    ax.set_title(f"{claim_id}: where it holds (certified)", fontsize=9)
    ax.legend(handles=[Patch(color=c, label=s) for s, c in _COLOURS.items()], fontsize=7,
              loc="upper center", bbox_to_anchor=(0.5, -0.32 if len(names) == 1 else -0.14),
              ncol=4, frameon=False)
    return _save(fig, plt, out_dir, "region-" + claim_id.replace(".", "_"))


def _save(fig, plt, out_dir: Path, name: str) -> str:
    target = Path(out_dir) / "figures"
    target.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(target / f"{name}.png", dpi=130)
    fig.savefig(target / f"{name}.pdf")
    plt.close(fig)
    return f"figures/{name}.png"


def draw_all(report: Report, specs: list[FigureSpec], out_dir: Path) -> list[dict]:
    """Every figure of the run: the specs whose claims are in the report, then region maps.

    Returns ``[{"path", "title", "claims"}]`` for the writers (stored in the settings).
    """
    from .writers.figures import verdict_chart

    ids = {a.id for a in report.assessments}
    figures = [verdict_chart(report, out_dir)]
    for spec in specs:
        if spec.claim_ids and not ids.intersection(spec.claim_ids):
            continue
        _guarded(figures, spec.name, lambda: {
            "path": draw_spec(spec, out_dir), "title": spec.title,
            "claims": list(spec.claim_ids)})
    for a in report.assessments:
        if a.verdict is Verdict.REFUTED and _plottable(a.regions):
            names, boxes = a.regions
            _guarded(figures, a.id, lambda: {
                "path": draw_region(a.id, names, boxes, out_dir),
                "title": f"Where {a.id} holds and fails", "claims": [a.id]})
    return figures


def _guarded(figures: list, name: str, draw) -> None:
    """Draw one figure; a failure is warned about and never costs the report."""
    try:
        figures.append(draw())
    except Exception as exc:  # a missing figure must not lose the verdicts
        warnings.warn(f"figure {name!r} not drawn: {type(exc).__name__}: {exc}", stacklevel=2)


def _plottable(regions) -> bool:
    if not regions or not regions[0] or len(regions[0]) > 2:
        return False
    names, boxes = regions
    return all(math.isfinite(float(b)) for box, _ in boxes for side in box for b in side)
