"""Shared idiom of the audit modules (``theorems/audit_*.py``): claims about implementations.

A claim compares a library callable, wrapped by ``dpproof.expr.blackbox.black_box`` (float
arguments: the double nearest to each exact parameter; its float result taken exactly), with
a certified oracle.  "Conservative" claims allow a relative slack of 10^-9 plus an absolute
10^-15 for rounding, so a REFUTED verdict means the implementation is non-conservative beyond float
rounding (an error of 10^-15 per step moves epsilon by 10^-9 over 10^6 steps).  Black-box
claims are at most SUPPORTED, at the exact points the engines evaluated (see the scope).
"""

from __future__ import annotations

from importlib import metadata

import sympy

from dpproof.claims import Claim, Domain, Interval, Kind, Source, Statement

closed = Interval.closed
R = sympy.Rational
SLACK = R(1, 10**9)
ABS = R(1, 10**15)
NOTE = "slack for float rounding: relative 1e-9 plus absolute 1e-15"


def version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:  # pragma: no cover - module import fails first
        return "not installed"


def source_of(key: str, dist: str):
    ver = version(dist)

    def src(locator: str, note: str = "") -> Source:
        return Source(key, f"{dist} {ver} (PyPI)", locator, note)
    return src


def conservative(cid, src: Source, impl, true, domain: Domain, note="") -> Claim:
    """impl >= true (1 - 10^-9) - 10^-15: the implementation does not under-report ``true``."""
    return Claim(cid, src, Statement(impl, ">=", true * (1 - SLACK) - ABS), domain,
                 Kind.INEQUALITY, note=(note + "; " if note else "") + NOTE)


def at_most(cid, src: Source, impl, true, domain: Domain, note="") -> Claim:
    """impl <= true (1 + 10^-9) + 10^-15 (a lower end must not exceed the truth)."""
    return Claim(cid, src, Statement(impl, "<=", true * (1 + SLACK) + ABS), domain,
                 Kind.INEQUALITY, note=(note + "; " if note else "") + NOTE)


def within(cid, src: Source, impl, true, rel, domain: Domain, note="") -> Claim:
    """|impl - true| <= rel * true."""
    return Claim(cid, src, Statement(sympy.Abs(impl - true), "<=", rel * true), domain,
                 Kind.INEQUALITY, note=note)


def point(**values) -> Domain:
    return Domain.of(**{k: Interval.point(v) for k, v in values.items()})


# The DP-SGD benchmark point of issue #15 (q = 0.004, sigma = 0.8, delta = 1e-5, 1000 steps).
DPSGD = point(q=R(4, 1000), sigma=R(8, 10), steps=1000, delta=R(1, 10**5))
