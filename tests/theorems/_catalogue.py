"""Shared helpers for the theorem-module tests: catalogue ids, exact balls, containment."""

import re
from fractions import Fraction
from pathlib import Path

import mpmath
import pytest
from flint import arb, ctx, fmpq

from dpproof.runner import flatten

THEOREMS_MD = Path(__file__).resolve().parents[2] / "docs" / "catalogue.md"


def catalogue_ids(key: str) -> list[str]:
    """Ids in the table of docs/catalogue.md whose id starts with ``key.``."""
    text = THEOREMS_MD.read_text()
    return re.findall(r"^\| (" + re.escape(key) + r"\.[^ |]+) \|", text, flags=re.M)


def claim_ids(claims) -> list[str]:
    return [c.id for c in flatten(claims)]


@pytest.fixture
def prec128():
    """128-bit balls and 50-digit mpmath for the duration of a test."""
    with ctx.workprec(128), mpmath.workdps(50):
        yield


def A(x) -> arb:
    """The ball of a decimal literal, exactly (via its string)."""
    q = Fraction(str(x))
    return arb(fmpq(q.numerator, q.denominator))


def contains(ball: arb, ref, slack=0.0):
    """ref (a float or mpf, exact to its own precision) lies in ball, up to slack."""
    assert ball.is_finite(), ball
    with mpmath.workdps(60):
        mid = mpmath.mpf(ball.mid().str(55, radius=False))
        rad = mpmath.mpf(ball.rad().str(10, radius=False)) * (1 + mpmath.mpf("1e-9"))
        err = abs(mid - mpmath.mpf(ref))
        assert err <= rad + slack + mpmath.mpf("1e-45"), (ball, ref, err)
