"""Shared helpers for the theorem-module tests: the catalogue ids of a source."""

import re
from pathlib import Path

from dpproof.runner import flatten

THEOREMS_MD = Path(__file__).resolve().parents[3] / "shared" / "THEOREMS.md"


def catalogue_ids(key: str) -> list[str]:
    """Ids in the table of THEOREMS.md whose id starts with ``key.``."""
    text = THEOREMS_MD.read_text()
    return re.findall(r"^\| (" + re.escape(key) + r"\.[^ |]+) \|", text, flags=re.M)


def claim_ids(claims) -> list[str]:
    return [c.id for c in flatten(claims)]
