"""wasserman: the source, the claim builders, shared symbols and the catalogue."""

from __future__ import annotations

import sympy
from sympy import Abs, Integral, exp, oo

from dpproof.claims import Catalogue, Claim, Interval, Kind, Source, Statement

SOURCE_FILE = "003_d3e50d1fed2eda74.txt"
closed = Interval.closed
Pos = lambda lo, hi: Interval(lo, hi, lo_open=True)  # noqa: E731
eps_, Delta_, t_, lam_ = (sympy.Symbol(s, real=True) for s in ("eps", "Delta", "t", "lambda_"))


def src(locator: str, note: str = "") -> Source:
    return Source("wasserman", SOURCE_FILE, locator, note)


def build_claim(cid, locator, lhs, rel, rhs, domain, note="", kind=None, derived=(),
                narrowed="", family=""):
    """A claim ``lhs rel rhs`` (declared through ``catalogue``); ``derived``: the source's
    parameters of a grid index; ``narrowed``: how the domain narrows the source's;
    ``family``: the mechanisms a statement about every mechanism is decided on."""
    kind = kind or (Kind.IDENTITY if rel == "==" else Kind.INEQUALITY)
    return Claim(cid, src(locator), Statement(lhs, rel, rhs), domain, kind, note=note,
                 derived=derived, narrowed=narrowed, family=family)


def cited_claim(cid, locator, reason):
    return Claim(cid, src(locator), None, kind=Kind.CITED, reason=reason)


def lap(z, mu, b):
    """The Laplace(mu, b) density."""
    return exp(-Abs(z - mu) / b) / (2 * b)


catalogue = Catalogue(__package__)   # by section: see __init__

w_ = sympy.Symbol("w", real=True)


def lap_var(b):
    """Var of the Laplace(0, b) law as the integral of w^2 against its density (mean 0)."""
    return Integral(w_**2 * lap(w_, 0, b), (w_, -oo, oo))
