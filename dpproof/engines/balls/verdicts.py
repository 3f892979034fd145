"""The interval engine's verdict from its search: CERTIFIED only when every box of the
whole stated domain is decided; otherwise SUPPORTED with the certified fraction or the
truncation as its scope, INCONCLUSIVE when nothing was certified."""

from __future__ import annotations

import sympy

from ...evidence import Evidence, Verdict, percent
from ..base import decimal_str, describe_box
from .identity import ESCALATION

NAME = "interval"


def conclude(claim, search, names, root, truncated, data, seconds) -> Evidence:
    whole = _describe(names, root, claim.domain) or "the single instance"
    if claim.statement.rel == "==":
        return _identity_verdict(search, whole, data, seconds)
    if not search.undecided:
        if truncated:
            return Evidence(NAME, Verdict.SUPPORTED, "certified on the truncated box only",
                            seconds, scope=f"certified on {whole} (unbounded ends cut at "
                            "1e6)", data=data)
        exact = data.get("exact_points")
        exact = (f"; {exact} point box{'es' if exact > 1 else ''} where the bound is tight "
                 "decided exactly (exact_point)") if exact else ""
        return Evidence(NAME, Verdict.CERTIFIED, f"margin certified on all "
                        f"{data['certified_boxes']} boxes; tightest lower bound "
                        f"{data['tightest_margin']}{exact}", seconds,
                        scope=f"whole domain: {whole}", data=data)
    if search.undecided_beyond_clip():
        return Evidence(NAME, Verdict.SUPPORTED, "certified up to the truncation; tails "
                        "beyond 1e6 undecided", seconds, scope=f"certified on {whole} with "
                        "unbounded ends cut at 1e6", data=data)
    frac = percent(data["certified_fraction"])
    left = "; ".join(_undecided(search, names, b) for b in search.undecided_boxes(3))
    limit = data["stopped_by"]
    if data["certified_fraction"] == 0:
        return Evidence(NAME, Verdict.INCONCLUSIVE, f"no box certified before the {limit}",
                        seconds, scope=f"undecided, e.g. {left}", data=data)
    return Evidence(NAME, Verdict.SUPPORTED, f"{frac} of the box volume certified; "
                    f"stopped by the {limit}", seconds,
                    scope=f"certified on {frac} of {whole}; undecided near {left}",
                    data=data)


def _undecided(search, names, box) -> str:
    """The box, and the term no ball separated from its edge there (if that was why)."""
    risk = getattr(search, "undefined_risk", lambda b: None)(box)
    text = _describe(names, box)
    return text if risk is None else f"{text} (where no ball separates {risk.term} from " \
        f"its edge: {risk.reason})"


def _describe(names, box, domain=None) -> str:
    """describe_box, with infinite ends written as -inf / inf; with ``domain`` (the box is
    its closure), an open end of the domain stays open and an integer range says so."""
    parts = []
    ivs = dict(domain.params) if domain is not None else {}
    for n, (lo, hi) in zip(names, box):
        text = describe_box([n], [(0 if lo is None else lo, 0 if hi is None else hi)])
        lo_s, hi_s = text[len(n) + 5:-1].split(", ")
        if lo_s == hi_s and None not in (lo, hi) and lo != hi:  # a thin box: more digits
            lo_s, hi_s = _distinct(sympy.Rational(lo), sympy.Rational(hi))
        iv = ivs.get(n)
        left = "(" if lo is None or (iv is not None and iv.lo_open and lo == iv.lo) else "["
        right = ")" if hi is None or (iv is not None and iv.hi_open and hi == iv.hi) else "]"
        parts.append(f"{n} in {left}{'-inf' if lo is None else lo_s}, "
                     f"{'inf' if hi is None else hi_s}{right}"
                     f"{' integers' if iv is not None and iv.integer else ''}")
    return ", ".join(parts)


def _distinct(lo, hi) -> tuple[str, str]:
    for digits in (10, 15, 20, 30):
        a, b = (sympy.Float(v, digits) for v in (lo, hi))
        if str(a) != str(b):
            return str(a), str(b)
    return decimal_str(lo), decimal_str(hi)


def _identity_verdict(search, whole, data, seconds) -> Evidence:
    """SUPPORTED only with a relative gap below 2^-50 on every box (engines.balls.identity)."""
    if search.undecided_nan:
        return Evidence(NAME, Verdict.INCONCLUSIVE, "the difference could not be enclosed on "
                        f"some boxes ({data['stopped_by']})", seconds, scope=whole, data=data)
    if search.gaps.wide:
        return Evidence(NAME, Verdict.INCONCLUSIVE, f"|lhs - rhs| stays above 2^-50 relative "
                        f"to the compared quantities on {search.gaps.wide} boxes at full depth, up to "
                        f"{ESCALATION[-1]} bits; widest relative gap "
                        f"{data['widest_relative_gap']}", seconds, scope=whole, data=data)
    if search.undecided:
        frac = data["certified_fraction"]
        return Evidence(NAME, Verdict.INCONCLUSIVE,
                        f"|lhs - rhs| below 2^-50 relative on {percent(frac)} of the box volume "
                        f"(widest gap {data['widest_identity_gap']}); stopped by the "
                        f"{data['stopped_by']}", seconds,
                        scope=f"relative gap below 2^-50 on {percent(frac)} of {whole}", data=data)
    return Evidence(NAME, Verdict.SUPPORTED, f"|lhs - rhs| below 2^-50 relative to the "
                    f"compared quantities on every box (widest gap {data['widest_identity_gap']}); balls "
                    "cannot certify equality", seconds,
                    scope=f"relative gap below 2^-50 on {whole}", data=data)
