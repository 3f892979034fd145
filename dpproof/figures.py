"""Compute the figures a report shows: theorem modules' FigureSpecs and repair maps.

The series of a ``FigureSpec`` are lowered to ball arithmetic and evaluated at exact
rational x values; the midpoints are plotted (a figure is a picture, not a certificate).
Region maps of refuted claims come from the boxes ``dpproof.repair`` certified.  Drawing
is ``dpproof.writers.figures``' (matplotlib, Agg).
"""

from __future__ import annotations

import hashlib
import math
import re
import warnings
from pathlib import Path

import sympy

from .claims import FigureSpec
from .evidence import Report, Verdict
from .lowering import arb_ball, at_precision, lower
from .writers.figures import chart_says_more, curve_figure, region_map, verdict_chart

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
                try:
                    v = f(arb_ball(x))
                except ValueError:  # undefined there (definedness.Undefined): no point
                    ys.append(None)
                    continue
                ys.append(float(v.mid()) if v.is_finite() else None)
            out.append((s.label, ys))
    return [float(x) for x in xs], out


def draw_spec(spec: FigureSpec, out_dir: Path, marks=()) -> str:
    """Draw one FigureSpec to ``out_dir/figures/<name>.png`` (and .pdf); return its path.
    ``marks``: (x, label) of the witnesses to draw (``spec_marks``)."""
    xs, series = series_values(spec)
    paths = curve_figure(Path(out_dir) / "figures" / spec.name,
                         [(label, xs, ys) for label, ys in series],
                         spec.xlabel or spec.x[0], spec.ylabel, spec.title, spec.logy,
                         root=out_dir, marks=marks)
    return paths[0]


def spec_marks(spec: FigureSpec, report: Report) -> list[tuple[float, str]]:
    """(x, label) of the witness of each refuted claim of ``spec`` whose witness gives the
    figure's x parameter a value inside its axis."""
    name, lo, hi = spec.x
    out = []
    for a in report.assessments:
        if a.verdict is not Verdict.REFUTED or a.id not in spec.claim_ids or not a.witness:
            continue
        value = a.witness.get(name)
        if value is not None and sympy.Rational(lo) <= sympy.Rational(value) <= sympy.Rational(hi):
            out.append((float(sympy.Rational(value)), f"witness of {a.id}: {name} = {value}"))
    return out


def draw_region(claim_id: str, names, boxes, out_dir: Path, integer=(), axes=(),
                witness: dict | None = None) -> str:
    """Where a refuted claim certifiably holds and fails, over 1 or 2 parameters, with its
    witness marked when it gives every drawn parameter a value."""
    mark = None
    if witness and all(n in witness for n in names):
        label = "witness " + ", ".join(f"{n} = {witness[n]}" for n in names)
        mark = ([float(sympy.Rational(witness[n])) for n in names], label)
    paths = region_map(Path(out_dir) / "figures" / region_name(claim_id),
                       names, boxes, f"{_short(claim_id)}: where it holds (certified)",
                       root=out_dir,
                       integer=integer, axes=axes, mark=mark)
    return paths[0]


#: characters of a claim id kept in its figure's file name
NAME_CHARS = 60


def region_name(claim_id: str) -> str:
    """The file name (no extension) of a claim's region map: ``region-``, the id with every
    character but letters, digits, ``_`` and ``-`` made ``_`` (so never a folder, never
    ``..``), at most ``NAME_CHARS`` of it, then 8 hex digits of the exact id's SHA-256: ids
    that read alike (``c.x``, ``c_x``) get files of their own, a long id a short name."""
    readable = re.sub(r"[^A-Za-z0-9_-]", "_", claim_id)[:NAME_CHARS]
    digest = hashlib.sha256(claim_id.encode("utf-8", "surrogatepass")).hexdigest()
    return f"region-{readable}-{digest[:8]}"


def _short(text: str, n: int = NAME_CHARS) -> str:
    """``text``, cut to ``n`` characters with an ellipsis (a title, a warning)."""
    return text if len(text) <= n else text[:n - 1] + "…"


def source_axis(claim, name: str):
    """(label, map) drawing grid parameter ``name`` in the source variable that ``derived``
    defines from it alone (``eps = i/4``), when that map is increasing; else None."""
    index = sympy.Symbol(name)
    for source_name, expr in claim.derived:
        if {s.name for s in expr.free_symbols} != {name}:
            continue
        (sym,) = expr.free_symbols
        f = sympy.lambdify(sym, expr, "math")
        iv = claim.domain[name]
        lo, hi = float(iv.lo) - 0.5, float(iv.hi) + 0.5
        try:
            ys = [f(lo + (hi - lo) * t / 16) for t in range(17)]
        except (ValueError, ZeroDivisionError, OverflowError):
            continue
        if all(math.isfinite(y) for y in ys) and all(a < b for a, b in zip(ys, ys[1:])):
            return f"{source_name} = {sympy.sstr(expr.subs(sym, index))}", f
    return None


def draw_all(report: Report, specs: list[FigureSpec], out_dir: Path) -> list[dict]:
    """Every figure of the run: the verdict chart (where it says more than the summary line),
    the specs whose claims are in the report, then region maps.

    Returns ``[{"path", "title", "claims"}]`` for the writers (stored in the settings).
    """
    ids = {a.id for a in report.assessments}
    figures = [verdict_chart(report, out_dir)] if chart_says_more(report) else []
    for spec in specs:
        if spec.claim_ids and not ids.intersection(spec.claim_ids):
            continue
        _guarded(figures, spec.name, lambda: {
            "path": draw_spec(spec, out_dir, spec_marks(spec, report)), "title": spec.title,
            "claims": list(spec.claim_ids)})
    for a in report.assessments:
        if a.verdict is Verdict.REFUTED and _plottable(a.regions):
            names, boxes = a.regions
            integer = [a.claim.domain[n].integer for n in names]
            axes = [source_axis(a.claim, n) if a.claim.domain[n].bounded else None
                    for n in names]
            _guarded(figures, a.id, lambda: {
                "path": draw_region(a.id, names, boxes, out_dir, integer, axes, a.witness),
                "title": f"Where {a.id} holds and fails", "claims": [a.id]})
    return figures


def _guarded(figures: list, name: str, draw) -> None:
    """Draw one figure; a failure is warned about and never costs the report."""
    try:
        figures.append(draw())
    except Exception as exc:  # a missing figure must not lose the verdicts
        warnings.warn(f"figure {_short(name)!r} not drawn: {type(exc).__name__}: "
                      f"{_short(str(exc), 200)}", stacklevel=2)


def _plottable(regions) -> bool:
    if not regions or not regions[0] or len(regions[0]) > 2:
        return False
    names, boxes = regions
    return all(math.isfinite(float(b)) for box, _ in boxes for side in box for b in side)
