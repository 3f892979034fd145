"""Load a ``.toml`` claims file (DESIGN.md, claims-file format) without executing anything.

Each ``[[claim]]`` table has ``id``, ``source``, ``statement`` and ``domain``; optional
``kind`` ("inequality", "identity", "value", "cited"), ``reason`` (for cited claims),
``note``, ``hypotheses`` (a list of relations, read as ``hypotheses => statement``) and
``integers`` (parameter names restricted to integers).  A domain entry is ``[lo, hi]``
(closed), a string such as ``"(0, 1]"`` or ``"[1, inf)"`` (open/unbounded ends), or a
single number (a point).  Statements go through the whitelist parser of ``dpproof.expr``;
errors name the file, line and column.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from . import oracles  # noqa: F401 - registers the distributions and divergences
from .claims import Claim, Domain, Interval, Kind, Source, Statement
from .expr.parser import ExprSyntaxError, parse_statement

_KEYS = {"id", "source", "statement", "domain", "kind", "reason", "note", "hypotheses",
         "integers", "locator"}
_INTERVAL = re.compile(r"^\s*([\[(])\s*([^,]+?)\s*,\s*([^,]+?)\s*([\])])\s*$")


class ClaimFileError(ValueError):
    """A claims file that cannot be loaded; the message names file, line and column."""


def load_claims_file(path: str | Path) -> list[Claim]:
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ClaimFileError(f"{path}: not valid TOML: {exc}") from None
    tables = data.get("claim")
    extra = set(data) - {"claim"}
    if extra:
        raise ClaimFileError(f"{path}: unknown top-level key(s) {sorted(extra)}; "
                             "a claims file holds only [[claim]] tables")
    if not isinstance(tables, list) or not tables:
        raise ClaimFileError(f"{path}: no [[claim]] tables found")
    return [_claim(path, text, i, t) for i, t in enumerate(tables)]


def _claim(path: Path, text: str, index: int, table: dict) -> Claim:
    where = f"{path}: claim #{index + 1}"
    unknown = set(table) - _KEYS
    if unknown:
        raise ClaimFileError(f"{where}: unknown key(s) {sorted(unknown)}; allowed: "
                             f"{', '.join(sorted(_KEYS))}")
    for key in ("id", "source"):
        if not isinstance(table.get(key), str):
            raise ClaimFileError(f"{where}: '{key}' must be a string, got {table.get(key)!r}")
    where = f"{path}: claim {table['id']!r}"
    kind_name = table.get("kind", "inequality")
    try:
        kind = Kind(kind_name)
    except ValueError:
        raise ClaimFileError(f"{where}: kind {kind_name!r} is not one of "
                             f"{', '.join(k.value for k in Kind)}") from None
    source = Source(table["id"].split(".")[0], path.name, table.get("locator", table["source"]),
                    note=table["source"])
    if kind is Kind.CITED:
        return _build(where, table["id"], source, None, Domain(), kind, table)
    domain = _domain(where, table.get("domain", {}), table.get("integers", []))
    statement = _statement(path, text, table, "statement", domain)
    hyps = tuple(_statement(path, text, table, "hypotheses", domain, h)
                 for h in table.get("hypotheses", []))
    if hyps:
        statement = Statement(statement.lhs, statement.rel, statement.rhs, hyps)
    return _build(where, table["id"], source, statement, domain, kind, table)


def _note(table) -> str:
    """The user's note, and the statement as written (sympy may have simplified it)."""
    written = f"as written: {table['statement']}" if isinstance(table.get("statement"), str) \
        else ""
    return "; ".join(t for t in (table.get("note", ""), written) if t)


def _build(where, cid, source, statement, domain, kind, table) -> Claim:
    try:
        return Claim(cid, source, statement, domain, kind, reason=table.get("reason", ""),
                     note=_note(table))
    except ValueError as exc:
        raise ClaimFileError(f"{where}: {exc}") from None


def _statement(path, text, table, key, domain, value=None) -> Statement:
    value = table.get(key) if value is None else value
    if not isinstance(value, str):
        raise ClaimFileError(f"{path}: claim {table['id']!r}: '{key}' must be a string, "
                             f"got {value!r}")
    line, column = _locate(text, value)
    try:
        return parse_statement(value, domain.symbols(), line, column)
    except ExprSyntaxError as exc:
        raise ClaimFileError(f"{path}:{exc.line}:{exc.column}: claim {table['id']!r}: "
                             f"{exc.message}") from None


def _locate(text: str, value: str) -> tuple[int, int]:
    """Line and column where the string ``value`` starts in the file (1, 1 if not found)."""
    pos = text.find(value)
    if pos < 0:
        return 1, 1
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def _domain(where: str, table, integers) -> Domain:
    if not isinstance(table, dict):
        raise ClaimFileError(f"{where}: 'domain' must be a table like {{ x = [0, 1] }}, "
                             f"got {table!r}")
    if not isinstance(integers, list) or not all(isinstance(n, str) for n in integers):
        raise ClaimFileError(f"{where}: 'integers' must be a list of parameter names")
    params = []
    for name, spec in table.items():
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name):
            raise ClaimFileError(f"{where}: parameter name {name!r} is not allowed "
                                 "(letters, digits and _; starting with a letter)")
        try:
            params.append((name, _interval(spec, name in integers)))
        except (ValueError, TypeError) as exc:
            raise ClaimFileError(f"{where}: domain of {name!r}: {exc}. Allowed: [lo, hi], "
                                 "a string such as \"(0, 1]\" or \"[1, inf)\", or a number"
                                 ) from None
    missing = set(integers) - set(table)
    if missing:
        raise ClaimFileError(f"{where}: 'integers' names {sorted(missing)} not in the domain")
    return Domain(tuple(params))


def _interval(spec, integer: bool) -> Interval:
    if isinstance(spec, (int, float)) and not isinstance(spec, bool):
        return Interval(spec, spec, integer=integer)
    if isinstance(spec, list):
        if len(spec) != 2:
            raise ValueError(f"got {spec!r}: a list needs exactly two ends")
        return Interval(spec[0], spec[1], integer=integer)
    if isinstance(spec, str):
        m = _INTERVAL.match(spec)
        if not m:
            raise ValueError(f"got {spec!r}")
        lo = None if m.group(2) in ("-inf", "-oo") else m.group(2)
        hi = None if m.group(3) in ("inf", "oo", "+inf") else m.group(3)
        return Interval(lo, hi, m.group(1) == "(", m.group(4) == ")", integer)
    raise ValueError(f"got {spec!r}")
