"""A row of a route table: a step of deciding a claim, declared once (``dpproof.routes``;
the engines' own routes in ``engines/exact/routes.py`` and ``engines/balls/routes.py``)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Row:
    """``procedure`` is ``module:function`` (``resolve``); ``budget`` names its counted
    budget (a ``Config`` field or a module constant, in work-seconds unless a count)."""

    name: str
    does: str
    sound: str
    budget: str
    procedure: str

    def resolve(self):
        """The procedure itself (tests check that every row names one that exists)."""
        module, _, name = self.procedure.partition(":")
        target = importlib.import_module(module)
        for part in name.split("."):
            target = getattr(target, part)
        return target
