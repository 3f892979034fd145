"""Floats that bound a ball from outside (for display; the balls carry the certificate)."""

from __future__ import annotations

import math

from flint import arb


def down(x: arb) -> float:
    """A float <= every point of x."""
    v = float(x.lower().mid())
    return v if arb(v) <= x.lower() else math.nextafter(v, -math.inf)


def up(x: arb) -> float:
    """A float >= every point of x."""
    v = float(x.upper().mid())
    return v if arb(v) >= x.upper() else math.nextafter(v, math.inf)
