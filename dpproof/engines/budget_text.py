"""How a report names a budget: "20 work-seconds" spent under counted work (the default),
"20 s" reached under ``budget="seconds"`` (docs/design.md "Budgets: counted, not timed")."""

from __future__ import annotations

from .base import _BUDGET


def amount(seconds: float, budget: str | None = None) -> str:
    """A budget as a report names it: "20 work-seconds" under counted work (one is
    ``UNITS_PER_SECOND`` counted calls, the same on every machine), else "20 s".  ``budget``:
    the config's kind; by default the one ``budgeted`` runs now."""
    return f"{seconds:g} work-seconds" if (budget or _BUDGET[0]) == "work" else f"{seconds:g} s"


def limit_text(kind: str, seconds: float, budget: str | None = None) -> str:
    """How a report names a spent budget of ``seconds`` (``kind``: "engine", "claim", ...)."""
    if (budget or _BUDGET[0]) == "work":
        return f"{kind} budget of {amount(seconds, 'work')} spent"
    return f"{kind} time limit of {amount(seconds, 'seconds')} reached"
