"""Load a ``.toml`` claims file (docs/design.md, claims-file format) without executing anything.

Each ``[[claim]]`` table has ``id``, ``source``, ``statement`` and ``domain``; optional
``kind`` ("inequality", "identity", "value", "cited"), ``reason`` (for cited claims),
``note``, ``hypotheses`` (a list of relations, read as ``hypotheses => statement``) and
``integers`` (parameter names restricted to integers).  A domain entry is ``[lo, hi]``
(closed), a string such as ``"(0, 1]"`` or ``"[1, inf)"`` (open/unbounded ends), or a
single number (a point).  Numbers are read exactly as written: TOML floats go through
``decimal.Decimal`` to exact rationals (``1.4142135623730950488`` is that decimal, not the
nearest double), and an end may also be a fraction string such as ``"1/1000"``.
Statements go through the whitelist parser of ``dpproof.expr``.  Every error is one line
naming the file (and line), the claim, the bad value and what the format allows.
"""

from __future__ import annotations

import decimal
import re
import tomllib
from pathlib import Path

from . import oracles  # noqa: F401 - registers every function a claim may call
from .claims import Claim, Domain, Interval, Kind, Source, Statement
from .expr.limits import exact_number, shorten
from .expr.parser import ExprSyntaxError, parse_statement

_KEYS = {"id", "source", "statement", "domain", "kind", "reason", "note", "hypotheses",
         "integers", "locator"}
_REQUIRED = {
    "id": "a string such as \"mylib.rr_rdp\" (no spaces), unique in the file",
    "source": "a string naming where the claim comes from",
    "statement": "a string holding one relation, such as \"x^2 >= 0\"",
}
_DOMAIN_FORMS = ("Allowed: [lo, hi] (closed), a string such as \"(0, 1]\" or \"[1, inf)\" "
                 "(an infinite end is always open), or a single number; ends are numbers "
                 "or fraction strings such as \"1/1000\"")


class ClaimFileError(ValueError):
    """A claims file that cannot be loaded; the message names file, line and column."""


def load_claims_file(path: str | Path) -> list[Claim]:
    path = Path(path)
    text = _read(path)
    try:
        data = tomllib.loads(text, parse_float=decimal.Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise ClaimFileError(f"{path}: not valid TOML: {exc}") from None
    except ValueError:  # an integer too long for Python (over 4300 digits)
        raise ClaimFileError(_long_integer(path, text)) from None
    except RecursionError:
        raise ClaimFileError(f"{path}: not valid TOML as a claims file: arrays or tables "
                             "nested too deeply (a domain entry is [lo, hi])") from None
    tables = data.get("claim")
    extra = set(data) - {"claim"}
    if extra:
        raise ClaimFileError(f"{path}: unknown top-level key(s) {sorted(extra)}; "
                             "a claims file holds only [[claim]] tables")
    if not isinstance(tables, list) or not tables:
        raise ClaimFileError(f"{path}: no [[claim]] tables found")
    claims, seen = [], {}
    for i, table in enumerate(tables):
        claim = _claim(path, text, i, table)
        if claim.id in seen:
            raise ClaimFileError(f"{path}: claim {claim.id!r}: duplicate id (claims "
                                 f"#{seen[claim.id] + 1} and #{i + 1}); each claim in a file "
                                 "needs its own id")
        seen[claim.id] = i
        claims.append(claim)
    return claims


def build_claim(table: dict, origin: str = "python") -> Claim:
    """A claim from one table in the claims file's terms (``dpproof.api.claim``): the same
    checks and messages as a ``[[claim]]`` table of a file named ``origin``."""
    return _claim(Path(origin), "", 0, table)


def _read(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ClaimFileError(f"{path}: cannot read the claims file ({exc.strerror})") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ClaimFileError(f"{path}:{line}: not UTF-8 text (byte 0x{data[exc.start]:02x} at "
                             f"offset {exc.start}); a claims file is UTF-8 encoded TOML"
                             ) from None


def _long_integer(path: Path, text: str) -> str:
    m = re.search(r"[0-9_]{1001,}", text)
    pos = m.start() if m else 0
    line = text.count("\n", 0, pos) + 1
    return (f"{path}:{line}: {_claim_at(text, pos)}: the number "
            f"{shorten(m.group() if m else '?')} is too large: numbers in a claims file have "
            "at most 1000 digits")


def _claim_at(text: str, pos: int) -> str:
    """'claim <id>' (or 'claim #n') of the [[claim]] table around offset ``pos``."""
    starts = [m.start() for m in re.finditer(r"^\s*\[\[\s*claim\s*\]\]", text, re.M)]
    n = sum(1 for s in starts if s <= pos)
    if not n:
        return "before the first [[claim]]"
    end = starts[n] if n < len(starts) else len(text)
    m = re.search(r"^\s*id\s*=\s*\"([^\"\n]*)\"", text[starts[n - 1]:end], re.M)
    return f"claim {m.group(1)!r}" if m else f"claim #{n}"


def _claim(path: Path, text: str, index: int, table: dict) -> Claim:
    where = f"{path}: claim #{index + 1}"
    if not isinstance(table, dict):
        raise ClaimFileError(f"{where}: got {_show(table)}; each claim is a [[claim]] table "
                             "with id, source, statement and domain")
    if isinstance(table.get("id"), str):
        where = f"{path}: claim {table['id']!r}"
    unknown = set(table) - _KEYS
    if unknown:
        raise ClaimFileError(f"{where}: unknown key(s) {sorted(unknown)}; allowed: "
                             f"{', '.join(sorted(_KEYS))}")
    kind_name = table.get("kind", "inequality")
    kinds = ", ".join(f'"{k.value}"' for k in Kind)
    if not isinstance(kind_name, str) or kind_name not in {k.value for k in Kind}:
        raise ClaimFileError(f"{where}: kind {_show(kind_name)} is not one of {kinds}")
    kind = Kind(kind_name)
    required = ("id", "source") if kind is Kind.CITED else ("id", "source", "statement")
    for key in required:
        if key not in table:
            raise ClaimFileError(f"{where}: '{key}' is required: {_REQUIRED[key]}")
        if not isinstance(table[key], str) or (key != "statement" and not table[key].strip()):
            raise ClaimFileError(f"{where}: '{key}' must be {_REQUIRED[key]}, got "
                                 f"{_show(table[key])}")
    if kind is Kind.CITED and not str(table.get("reason", "")).strip():
        raise ClaimFileError(f"{where}: a claim of kind \"cited\" needs 'reason': a string "
                             "saying why it cannot be checked (asymptotic, qualitative, ...)")
    for key in ("reason", "note", "locator"):
        if key in table and not isinstance(table[key], str):
            raise ClaimFileError(f"{where}: '{key}' must be a string, got {_show(table[key])}")
    # a file name that is not UTF-8 (os.fsdecode's surrogates) is shown with U+FFFD
    shown = path.name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    source = Source(table["id"].split(".")[0], shown, table.get("locator", table["source"]),
                    note=table["source"])
    if kind is Kind.CITED:
        return _build(where, table["id"], source, None, Domain(), kind, table)
    domain = _domain(where, table.get("domain", {}), table.get("integers", []))
    hyp_texts = table.get("hypotheses", [])
    if not isinstance(hyp_texts, list):
        raise ClaimFileError(f"{where}: 'hypotheses' must be a list of relations such as "
                             f"[\"x >= 1\"], got {_show(hyp_texts)}")
    used: set[str] = set()
    statement = _statement(path, text, table, "statement", domain, used)
    hyps = tuple(_statement(path, text, table, "hypotheses", domain, used, h)
                 for h in hyp_texts)
    if hyps:
        # the listed hypotheses join those written in the statement ("h => c"), and its
        # guards stay (red round 5: both were dropped)
        statement = Statement(statement.lhs, statement.rel, statement.rhs,
                              statement.hypotheses + hyps, guards=statement.guards)
    unused = [n for n in domain.names if n not in used]
    if unused:
        raise ClaimFileError(f"{where}: domain parameter(s) {', '.join(map(repr, unused))} "
                             "not used by the statement or hypotheses; every parameter of "
                             "the domain must appear in them (a misspelt name?)")
    return _build(where, table["id"], source, statement, domain, kind, table)


def _show(value) -> str:
    """A TOML value as the user wrote it (TOML words, not Python's)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{shorten(value)}"'
    if isinstance(value, decimal.Decimal) and not value.is_finite():
        return "nan" if value.is_nan() else ("inf" if value > 0 else "-inf")
    if isinstance(value, (int, decimal.Decimal)):
        return shorten(str(value))
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_show(v)}" for k, v in value.items()) + " }"
    return shorten(str(value))


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
        message = str(exc).removeprefix(f"{cid}: ")
        if kind is Kind.IDENTITY and statement is not None and statement.rel != "==":
            message = (f"a claim of kind \"identity\" needs a statement with '==', got "
                       f"{statement.rel!r}")
        raise ClaimFileError(f"{where}: {message}") from None


def _statement(path, text, table, key, domain, used, value=None) -> Statement:
    value = table.get(key) if value is None else value
    if not isinstance(value, str):
        raise ClaimFileError(f"{path}: claim {table['id']!r}: '{key}' must be a string "
                             f"holding a relation such as \"x^2 >= 0\", got {_show(value)}")
    line, column = _locate(text, value)
    try:
        return parse_statement(value, domain.symbols(), line, column, used)
    except ExprSyntaxError as exc:
        raise ClaimFileError(f"{path}:{exc.line}:{exc.column}: claim {table['id']!r}: "
                             f"{exc.message}") from None


def _locate(text: str, value: str) -> tuple[int, int]:
    """Line and column where the string ``value`` starts in the file (1, 1 if not found)."""
    pos = text.find(value) if value else -1
    if pos < 0:
        return 1, 1
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def _domain(where: str, table, integers) -> Domain:
    if not isinstance(table, dict):
        raise ClaimFileError(f"{where}: 'domain' must be a table like {{ x = [0, 1] }}, "
                             f"got {_show(table)}")
    if not isinstance(integers, list) or not all(isinstance(n, str) for n in integers):
        raise ClaimFileError(f"{where}: 'integers' must be a list of parameter names such as "
                             f"[\"n\"], got {_show(integers)}")
    params = []
    for name, spec in table.items():
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name):
            raise ClaimFileError(f"{where}: parameter name {name!r} is not allowed "
                                 "(letters, digits and _; starting with a letter)")
        if _reserved(name):
            raise ClaimFileError(f"{where}: parameter name {name!r} is {_reserved(name)}; "
                                 f"give the parameter another name (e.g. {name}_)")
        try:
            params.append((name, _interval(spec, name in integers)))
        except (ValueError, TypeError) as exc:
            raise ClaimFileError(f"{where}: domain of {name!r}: {exc}. {_DOMAIN_FORMS}"
                                 ) from None
    missing = set(integers) - set(table)
    if missing:
        raise ClaimFileError(f"{where}: 'integers' names {sorted(missing)} not in the domain")
    return Domain(tuple(params))


#: names a parameter may not take besides the functions: the language's constant and
#: keyword, and the constants of sympy, which dpproof computes with
_LANGUAGE = "of the claims language"
_RESERVED = {"pi": f"the constant pi {_LANGUAGE}", "and": f"a keyword {_LANGUAGE}",
             **{n: f"a constant of sympy ({what}), which dpproof computes with" for n, what in
                (("E", "e"), ("I", "the imaginary unit"), ("oo", "infinity"),
                 ("zoo", "complex infinity"), ("nan", "not a number"))}}


def _reserved(name: str) -> str:
    """What ``name`` is ('' when a parameter may take it)."""
    from .expr.parser import allowed_functions

    return _RESERVED.get(name) or (f"a function {_LANGUAGE}" if name in allowed_functions()
                                   else "")


_INF = {"inf": 1, "+inf": 1, "oo": 1, "+oo": 1, "infinity": 1, "+infinity": 1,
        "-inf": -1, "-oo": -1, "-infinity": -1}


def _end(value, spec):
    """An interval end as an exact rational, or +-1 for an infinite end ("inf", "-inf")."""
    if isinstance(value, bool) or not isinstance(value, (int, str, decimal.Decimal)):
        raise ValueError(f"got {_show(spec)}: the end {_show(value)} is not a number")
    if isinstance(value, decimal.Decimal):
        if value.is_nan():
            raise ValueError(f"got {_show(spec)}: nan is not a number")
        if value.is_infinite():
            return "inf", (1 if value > 0 else -1)
        value = str(value)
    if isinstance(value, int):
        value = str(value)
    text = value.strip()
    if text.lower() in _INF:
        return "inf", _INF[text.lower()]
    if text.count("/") == 1:
        num, den = (exact_number(t) for t in text.split("/"))
        if not (num.is_Integer and den.is_Integer) or den == 0:
            raise ValueError(f"got {_show(spec)}: the fraction {value!r} needs integer "
                             "numerator and non-zero denominator")
        return "num", num / den
    return "num", exact_number(text)


def _point(spec, integer: bool) -> Interval:
    kind, value = _end(spec, spec)
    if kind == "inf":
        raise ValueError(f"got {_show(spec)}: a point must be a finite number")
    return Interval(value, value, integer=integer)


def _interval(spec, integer: bool) -> Interval:
    if isinstance(spec, (int, decimal.Decimal)) and not isinstance(spec, bool):
        return _point(spec, integer)
    if isinstance(spec, list):
        if len(spec) != 2:
            raise ValueError(f"got {_show(spec)}: a list needs exactly two ends")
        return _from_ends(spec, spec[0], spec[1], False, False, integer)
    if isinstance(spec, str):
        text = spec.strip()
        if len(text) > 2500:
            raise ValueError(f"got {_show(spec)}: an interval is at most 2500 characters")
        if text[:1] not in ("[", "(") and re.fullmatch(r"[-+0-9.eE/]+", text):
            return _point(spec, integer)
        parts = text[1:-1].split(",")
        if text[:1] not in ("[", "(") or text[-1:] not in ("]", ")") or len(parts) != 2 \
                or not all(p.strip() for p in parts):
            raise ValueError(f"got {_show(spec)}")
        return _from_ends(spec, parts[0], parts[1], text[0] == "(", text[-1] == ")", integer)
    raise ValueError(f"got {_show(spec)}")


def _from_ends(spec, lo, hi, lo_open, hi_open, integer) -> Interval:
    (lo_kind, lo_v), (hi_kind, hi_v) = _end(lo, spec), _end(hi, spec)
    for kind, v, is_open, side in ((lo_kind, lo_v, lo_open, "lower"),
                                   (hi_kind, hi_v, hi_open, "upper")):
        if kind != "inf":
            continue
        if (v < 0) != (side == "lower"):
            raise ValueError(f"got {_show(spec)}: the {side} end cannot be "
                             f"{'-' if v < 0 else '+'}inf")
        if not is_open:
            example = "\"(-inf, 0]\"" if side == "lower" else "\"[0, inf)\""
            raise ValueError(f"got {_show(spec)}: an infinite end is never attained, so it "
                             f"needs an open bracket, as in {example}")
    lo_val = None if lo_kind == "inf" else lo_v
    hi_val = None if hi_kind == "inf" else hi_v
    return Interval(lo_val, hi_val, lo_open, hi_open, integer)
