"""Figure helpers (matplotlib, Agg): each saves a PNG and a PDF and returns their paths.

- ``verdict_chart(report, out_dir)``: claims per verdict, stacked by source (drawn where it
  says more than the summary line, ``chart_says_more``).
- ``curve_figure(path, series, xlabel, ylabel, title, logy=False)``: curves y(x).
- ``region_map(path, xs, ys, holds_grid, ...)``: where a claim holds / fails over 2
  parameters.

``path`` is the file name without extension (any extension given is replaced); the
returned paths are relative to ``root`` when given, else as written.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Iterable, Sequence

from ..evidence import Report
from . import common

#: verdict colours, shared with the LaTeX writer
COLOURS = {"PROVED": "#1b7a2e", "CERTIFIED": "#66bb6a", "REFUTED": "#b71c1c",
           "SUPPORTED": "#1565c0", "INCONCLUSIVE": "#e65100", "NOT_CHECKABLE": "#9e9e9e",
           "ERROR": "#6a1b9a"}
#: repair statuses of a box (dpproof.repair)
STATUS_COLOURS = {"holds": "#4c9a2a", "fails": "#c0392b", "undecided": "#bbbbbb",
                  "vacuous": "#eeeeee"}


def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def save(fig, path, root=None) -> list[str]:
    """Save ``fig`` as ``path``.png and ``path``.pdf (dirs created), close it, return paths."""
    plt = _plt()
    base = Path(path).with_suffix("") if Path(path).suffix in (".png", ".pdf") else Path(path)
    base.parent.mkdir(parents=True, exist_ok=True)
    out = []
    try:
        fig.tight_layout()
        for ext, kw in ((".png", {"dpi": 130}), (".pdf", {})):
            target = base.with_name(base.name + ext)
            fig.savefig(target, metadata=_metadata(ext), **kw)
            out.append(str(target.relative_to(root)) if root is not None else str(target))
    finally:
        plt.close(fig)
    return out


def _metadata(ext: str) -> dict:
    """Reproducible files: no creation date in the PDF, no software stamp."""
    return {"CreationDate": None, "Creator": None} if ext == ".pdf" else {"Software": None}


def chart_says_more(report: Report) -> bool:
    """Whether the verdict chart shows more than the report's summary line: two verdicts or
    two sources.  One bar of one colour ("3 claims: 3 PROVED") is not drawn, and a report
    of one claim needs no plotting library at all unless it maps a refutation."""
    return len(common.used_verdicts(report)) > 1 or len(common.counts_by_source(report)) > 1


def verdict_chart(report: Report, out_dir, name: str = "verdicts") -> dict:
    """A bar chart of claims per verdict, stacked by source, as ``out_dir/figures/<name>``.

    Returns the figure entry the writers read from ``settings["figures"]``:
    ``{"path": "figures/<name>.png", "title": ..., "claims": []}``.
    """
    plt = _plt()
    verdicts = [v.value for v in common.used_verdicts(report)] or ["PROVED"]
    by_source = common.counts_by_source(report)
    fig, ax = plt.subplots(figsize=(6, 3.2))
    bottom = [0] * len(verdicts)
    cmap = plt.get_cmap("tab20")
    for k, (source, row) in enumerate(by_source.items()):
        heights = [row[v] for v in verdicts]
        colour = ([COLOURS.get(v, "grey") for v in verdicts] if len(by_source) == 1
                  else cmap(k % 20))
        ax.bar(range(len(verdicts)), heights, bottom=bottom, label=source, color=colour,
               edgecolor="white", linewidth=0.5)
        bottom = [b + h for b, h in zip(bottom, heights)]
    ax.set_xticks(range(len(verdicts)), verdicts)
    for i, (label, v) in enumerate(zip(ax.get_xticklabels(), verdicts)):
        label.set_color(COLOURS.get(v, "black"))
        ax.annotate(str(bottom[i]), (i, bottom[i]), ha="center", va="bottom", fontsize=8)
    ax.yaxis.get_major_locator().set_params(integer=True)
    ax.set_ylabel("claims")
    ax.set_title("Claims by verdict", fontsize=10)
    ax.tick_params(axis="x", labelsize=7)
    if 1 < len(by_source) <= 12:
        ax.legend(fontsize=7, ncol=2)
    ax.margins(y=0.15)
    paths = save(fig, Path(out_dir) / "figures" / name, root=Path(out_dir))
    return {"path": paths[0], "title": "Claims by verdict and source", "claims": []}


#: how a refuted claim's witness is drawn on its figures
WITNESS_STYLE = {"color": "black", "marker": "X", "ms": 10, "mec": "white", "mew": 1.2,
                 "ls": "none", "zorder": 5}


def curve_figure(path, series: Iterable[tuple[str, Sequence[float], Sequence[float | None]]],
                 xlabel: str, ylabel: str, title: str, logy: bool = False,
                 root=None, marks: Sequence[tuple[float, str]] = ()) -> list[str]:
    """Curves ``(label, xs, ys)``; ``None`` or non-finite (or, with logy, non-positive)
    y values are left out.  ``marks``: (x, label) of refuted claims' witnesses, drawn as a
    dashed vertical line.  Returns the PNG and PDF paths."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6, 3.8))
    for label, xs, ys in series:
        pts = [(x, y) for x, y in zip(xs, ys) if _plottable(y, logy)]
        if pts:
            ax.plot(*zip(*pts), label=label, ms=3, marker="o" if len(pts) < 25 else None)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title("\n".join(textwrap.wrap(title, 70)), fontsize=9)
    if logy:
        ax.set_yscale("log")
    for x, label in marks:
        ax.axvline(float(x), color="black", ls="--", lw=1, label=label, zorder=4)
    ax.grid(alpha=0.3)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=8)
    return save(fig, path, root)


def _plottable(y, logy: bool) -> bool:
    if y is None:
        return False
    y = float(y)
    return y == y and abs(y) != float("inf") and (not logy or y > 0)


def region_map(path, names: Sequence[str], boxes, title: str, root=None,
               integer: Sequence[bool] = (), axes: Sequence = (),
               mark: tuple[Sequence[float], str] | None = None) -> list[str]:
    """Where a claim certifiably holds (green), fails (red) or is undecided (grey): each box
    is ``((lo, hi) per parameter, status)`` over one or two parameters; an ``integer``
    parameter's box [a, b] covers the cells a - 1/2 .. b + 1/2.  ``axes``: per parameter,
    None or (label, increasing map) to draw it in the source's variable (eps = i/4); an
    axis whose failing boxes crowd an end decades away is drawn on a log or logit scale.
    ``mark``: (the witness's value per parameter, label), drawn as a cross."""
    plt = _plt()
    from matplotlib.patches import Patch, Rectangle

    if len(names) not in (1, 2):
        raise ValueError(f"region_map draws 1 or 2 parameters, got {len(names)}: {names}")
    fig, ax = plt.subplots(figsize=(6, 4.2 if len(names) == 2 else 2.2))
    integer = tuple(integer) + (False,) * (2 - len(integer))
    axes = tuple(axes) + (None,) * (2 - len(axes))
    rects = []
    for box, status in boxes:
        sides = [_mapped(_side(box[d], integer[d]), axes[d]) for d in range(len(names))]
        rects.append((sides + [(0.0, 1.0)])[:2] + [status])
    for (x0, x1), (y0, y1), status in rects:
        ax.add_patch(Rectangle((x0, y0), x1 - x0, y1 - y0, color=STATUS_COLOURS[status],
                               lw=0))
    ax.autoscale_view()
    labels = [axes[d][0] if axes[d] else names[d] for d in range(len(names))]
    ax.set_xlabel(labels[0])
    _apply_scale(ax.set_xscale, ax.set_xlim, [(r[0], r[2]) for r in rects])
    if len(names) == 2:
        ax.set_ylabel(labels[1])
        _apply_scale(ax.set_yscale, ax.set_ylim, [(r[1], r[2]) for r in rects])
    else:
        ax.set_yticks([])
    ax.set_title(title, fontsize=9)
    handles = [Patch(color=c, label=s) for s, c in STATUS_COLOURS.items()]
    if mark is not None:
        point = [_mapped((float(v), float(v)), axes[d])[0] for d, v in enumerate(mark[0])]
        handles += ax.plot(point[0], point[1] if len(point) == 2 else 0.5, label=mark[1],
                           **WITNESS_STYLE)
    ax.legend(handles=handles, fontsize=7, loc="upper center",
              bbox_to_anchor=(0.5, -0.32 if len(names) == 1 else -0.14),
              ncol=5 if mark is None else 3, frameon=False)
    return save(fig, path, root)


def _mapped(side, axis) -> tuple[float, float]:
    if axis is None:
        return side
    ends = sorted(float(axis[1](v)) for v in side)
    return ends[0], ends[1]


def axis_scale(sides) -> str:
    """The scale of an axis with ``sides`` [((lo, hi), status)]: "logit" inside (0, 1) when
    the failing region lies within 5% of an end and the axis spans 1.5+ decades towards it,
    "log" on a positive axis over 2+ decades whose failing region is a sliver, else
    "linear" -- so that the failing region is visible at a glance."""
    lo, hi = min(s[0][0] for s in sides), max(s[0][1] for s in sides)
    fails = [s[0] for s in sides if s[1] == "fails"]
    if not fails or lo <= 0 or hi <= lo:
        return "linear"
    f_lo, f_hi = min(f[0] for f in fails), max(f[1] for f in fails)
    if hi < 1 and (1 - f_lo < 0.05 or f_hi < 0.05) and max((1 - lo) / (1 - hi), hi / lo) > 30:
        return "logit"
    if hi / lo > 100 and f_hi - f_lo < (hi - lo) / 20:
        return "log"
    return "linear"


def _apply_scale(set_scale, set_lim, sides) -> None:
    scale = axis_scale(sides)
    if scale != "linear":
        set_scale(scale)
        set_lim(min(s[0][0] for s in sides), max(s[0][1] for s in sides))


def _side(side, integer: bool) -> tuple[float, float]:
    lo, hi = float(side[0]), float(side[1])
    if integer or lo == hi:
        return lo - 0.5, hi + 0.5
    return lo, hi
