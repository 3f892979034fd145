"""``dpproof list`` and ``dpproof show``: claims read from their declarations, never decided.

The theorem library's claims are sympy expressions built when its modules are imported
(seconds of work).  A lookup answers from an index of the declarations -- per claim: id,
kind, locator, source, statement, domain, note, reason, its steps -- stored in the cache
folder (``declarations/``) under a key made of the bytes of every file of the TARGETs (the
library's modules, a ``.toml`` claims file) and of dpproof's own source, so any edit builds
it afresh; a miss builds the claims once and stores the index.  A ``.py`` TARGET or another
module may import anything the key cannot see: it is built every time.

``show`` adds the last verdict, scope, witness and repair from the ``report.json`` of the
TARGETs' default report folder (``reports/`` for the library, ``dpproof-out/NAME/``), when
that report holds the claim.  Imports no sympy on a hit.
"""

from __future__ import annotations

import fnmatch
import hashlib
import importlib.util
import json
import os
import tempfile
from pathlib import Path

from . import __version__
from .sources import LIBRARY_PACKAGE, cache_dir, package_hash, source_hash

FORMAT = 1


def declarations(targets: list[str]) -> list[dict]:
    """Every claim of the TARGETs (steps after their parent), as plain declarations."""
    key = _key(targets)
    entry = cache_dir() / "declarations" / f"{key}.json" if key else None
    if entry is not None:
        try:
            return json.loads(entry.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            pass
    found = _build(targets)
    if entry is not None:
        _store(entry, found)
    return found


def remember(targets: list[str], claims) -> None:
    """Store the index of claims just loaded for ``dpproof verify`` (a later lookup is then
    a hit without building anything)."""
    key = _key(targets)
    if key is not None:
        _store(cache_dir() / "declarations" / f"{key}.json", _entries(claims))


def select(found: list[dict], patterns: list[str] | None) -> list[dict]:
    """Declarations whose id matches a glob, each with its steps; a matching step whose
    parent does not match is selected on its own (as ``dpproof verify --only``)."""
    if not patterns:
        return found
    chosen = {d["id"] for d in found if any(fnmatch.fnmatchcase(d["id"], p) for p in patterns)}
    parents = {d["id"]: d.get("parent") for d in found}

    def kept(cid):
        return cid in chosen or (parents.get(cid) is not None and kept(parents[cid]))
    return [d for d in found if kept(d["id"])]


def last_verdict(claim_id: str, report: Path) -> dict | None:
    """The claim's entry in ``report`` (a report.json), or None."""
    try:
        data = json.loads(report.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return next((c for c in data.get("claims", []) if c.get("id") == claim_id), None)


def show_text(d: dict, last: dict | None, report: Path) -> str:
    """What ``dpproof show`` prints for one declaration and its last verdict."""
    lines = [f"id:        {d['id']}", f"source:    {d['source']}", f"kind:      {d['kind']}",
             f"statement: {d['statement']}", f"domain:    {d['domain']}"]
    lines += [f"{label + ':':<10} {d[label]}" for label in ("note", "reason") if d[label]]
    lines += [f"step:      {s}" for s in d["steps"]]
    if last is None:
        lines.append(f"verdict:   not in {report} (run 'dpproof verify' to decide it)")
        return "\n".join(lines)
    lines.append(f"verdict:   {last.get('verdict')} (from {report})")
    if last.get("scope"):
        lines.append(f"scope:     {last['scope']}")
    if last.get("witness"):
        lines.append("witness:   " + ", ".join(f"{k} = {v}" for k, v in last["witness"].items()))
    if last.get("violation"):
        lines.append(f"violation: {last['violation']}")
    if last.get("repair"):
        lines.append(f"repair:    {last['repair']}")
    return "\n".join(lines)


def _key(targets: list[str]) -> str | None:
    """The index key, or None when a TARGET may depend on files the key cannot see."""
    parts = [f"declarations {FORMAT}", __version__, package_hash()]
    for t in targets or [LIBRARY_PACKAGE]:
        if t.endswith(".toml"):
            if not Path(t).is_file():
                return None
            parts.append(f"{t}:{source_hash(str(Path(t).resolve()))}")
        elif t.split(".")[0] == LIBRARY_PACKAGE and not t.endswith(".py"):
            spec = importlib.util.find_spec(LIBRARY_PACKAGE)
            if spec is None or not spec.submodule_search_locations:
                return None
            parts.append(t)
            for root in spec.submodule_search_locations:
                parts += [f"{f.relative_to(root)}:{source_hash(str(f))}"
                          for f in sorted(Path(root).rglob("*.py"))]
        else:
            return None
    return hashlib.sha256("\0".join(parts).encode("utf-8", "replace")).hexdigest()


def _build(targets: list[str]) -> list[dict]:
    from .loader import load_all

    return _entries(load_all(targets))


def _entries(claims) -> list[dict]:
    out: list[dict] = []

    def add(c, parent):
        out.append({"id": c.id, "kind": c.kind.value, "locator": c.source.locator,
                    "source": str(c.source), "parent": parent,
                    "statement": str(c.statement) if c.statement is not None else "-",
                    "domain": str(c.domain), "note": c.note, "reason": c.reason,
                    "steps": [f"{s.id}: {s.statement}" for s in c.steps]})
        for s in c.steps:
            add(s, c.id)
    for c in claims:
        add(c, None)
    return out


def _store(entry: Path, found: list[dict]) -> None:
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=entry.parent, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(found, fh)
        os.replace(tmp, entry)
    except OSError:   # a read-only disk: the index is only a shortcut
        pass
