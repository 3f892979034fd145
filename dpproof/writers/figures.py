"""Figure helpers (matplotlib, Agg): each saves a PNG and a PDF and returns their paths.

- ``verdict_chart(report, out_dir)``: claims per verdict, stacked by source.
- ``curve_figure(path, series, xlabel, ylabel, title, logy=False)``: curves y(x).
- ``region_map(path, xs, ys, holds_grid, ...)``: where a claim holds / fails over 2
  parameters.

``path`` is the file name without extension (any extension given is replaced); the
returned paths are relative to ``root`` when given, else as written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Sequence

from ..evidence import Report
from . import common

#: verdict colours, shared with the LaTeX writer
COLOURS = {"PROVED": "#1b7a2e", "CERTIFIED": "#66bb6a", "REFUTED": "#b71c1c",
           "SUPPORTED": "#1565c0", "INCONCLUSIVE": "#e65100", "NOT_CHECKABLE": "#9e9e9e",
           "ERROR": "#6a1b9a"}
REGION_COLOURS = {True: "#4c9a2a", False: "#c0392b", None: "#bbbbbb"}


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


def curve_figure(path, series: Iterable[tuple[str, Sequence[float], Sequence[float | None]]],
                 xlabel: str, ylabel: str, title: str, logy: bool = False,
                 root=None) -> list[str]:
    """Curves ``(label, xs, ys)``; ``None`` or non-finite (or, with logy, non-positive)
    y values are left out.  Returns the PNG and PDF paths."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6, 3.8))
    for label, xs, ys in series:
        pts = [(x, y) for x, y in zip(xs, ys) if _plottable(y, logy)]
        if pts:
            ax.plot(*zip(*pts), label=label, ms=3, marker="o" if len(pts) < 25 else None)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    if logy:
        ax.set_yscale("log")
    ax.grid(alpha=0.3)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=8)
    return save(fig, path, root)


def _plottable(y, logy: bool) -> bool:
    if y is None:
        return False
    y = float(y)
    return y == y and abs(y) != float("inf") and (not logy or y > 0)


def region_map(path, xs: Sequence[float], ys: Sequence[float],
               holds_grid: Sequence[Sequence[bool | None]], xlabel: str = "x",
               ylabel: str = "y", title: str = "where the claim holds",
               root=None) -> list[str]:
    """Cells coloured by ``holds_grid[j][i]`` at (xs[i], ys[j]): True holds, False fails,
    None undecided.  ``xs``/``ys`` are cell centres or the len+1 cell edges."""
    plt = _plt()
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    rows = [[{True: 2, False: 0, None: 1}[v] for v in row] for row in holds_grid]
    if len(rows) != len(ys) and len(rows) != len(ys) - 1:
        raise ValueError(f"holds_grid has {len(rows)} rows; expected len(ys) = {len(ys)} "
                         "(centres) or len(ys) - 1 (edges)")
    fig, ax = plt.subplots(figsize=(6, 4))
    cmap = ListedColormap([REGION_COLOURS[False], REGION_COLOURS[None], REGION_COLOURS[True]])
    shading = "nearest" if len(rows) == len(ys) else "flat"
    ax.pcolormesh(list(xs), list(ys), rows, cmap=cmap, vmin=0, vmax=2, shading=shading)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.legend(handles=[Patch(color=REGION_COLOURS[k], label=t) for k, t in
                       ((True, "holds"), (False, "fails"), (None, "undecided"))],
              fontsize=7, loc="upper right")
    return save(fig, path, root)
