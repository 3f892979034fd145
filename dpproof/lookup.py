"""``dpproof list`` and ``dpproof show``: claims read from their declarations, never decided.

The theorem library's claims are sympy expressions built when its modules are imported
(seconds of work).  A lookup answers from an index of the declarations -- per claim: id,
kind, locator, source, statement, domain, note, reason, its steps -- stored per TARGET in
the cache folder (``declarations/``) under a key made of the bytes of the TARGET's files (a
library module's file or package, with the library's shared ``_*.py`` files; a ``.toml``
claims file) and of dpproof's own source, so an edit builds that TARGET's index afresh and
no other; a miss builds the TARGET's claims once and stores its index.  With ``--only`` (or
``show ID``) and no TARGET, only the library modules that may hold a matching id are read
(``sources.library_candidates``); of a package declared by section (``dpproof.sections``)
the index is stored per section, and only the sections that may hold a matching id are
read or built.  A ``.py`` TARGET or another module may import anything
the key cannot see: it is built every time.

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

from . import __version__, sections
from .sources import (LIBRARY_PACKAGE, cache_dir, duplicate_problem, library_targets,
                      package_hash, source_hash)

FORMAT = 2


def declarations(targets: list[str], patterns: list[str] | None = None) -> list[dict]:
    """Every claim of the TARGETs (steps after their parent), as plain declarations; with
    no TARGET, of the library modules that may hold an id matching ``patterns``."""
    per = [(t, _declarations_of(t, patterns)) for t in library_targets(targets, patterns)]
    problem = duplicate_problem((t, [d["id"] for d in found]) for t, found in per)
    if problem:
        raise ValueError(problem)
    return [d for _, found in per for d in found]


def _declarations_of(target: str, patterns: list[str] | None = None) -> list[dict]:
    """The TARGET's declarations; by section (those ``patterns`` may match) when it is
    declared by section."""
    table = sections.table(target)
    if table is None:
        return _declared(target, None)
    chosen = sections.selected(target, patterns)
    return [d for s in (list(table) if chosen is None else chosen)
            for d in _declared(target, s)]


def _declared(target: str, section: str | None) -> list[dict]:
    """The declarations of the TARGET (of one of its sections), from the index or built."""
    key = _key(target, section)
    entry = cache_dir() / "declarations" / f"{key}.json" if key else None
    if entry is not None:
        try:
            return json.loads(entry.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            pass
    from .loader import load_sections, load_target

    found = _entries(load_target(target) if section is None
                     else load_sections(target, [section]))
    if entry is not None:
        _store(entry, found)
    return found


def remember(claims_by_target: dict, patterns: list[str] | None = None) -> None:
    """Store the index of the claims ``dpproof verify`` just loaded (with ``--only``
    ``patterns``), per TARGET or section (a later lookup is then a hit without building
    anything)."""
    for target, claims in claims_by_target.items():
        table = sections.table(target)
        if table is None:
            parts = [(None, claims)]
        else:
            from .loader import load_sections   # built already: the loaded sections

            chosen = sections.selected(target, patterns)
            parts = [(s, load_sections(target, [s]))
                     for s in (list(table) if chosen is None else chosen)]
        for section, found in parts:
            key = _key(target, section)
            if key is not None:
                _store(cache_dir() / "declarations" / f"{key}.json", _entries(found))


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


def _key(target: str, section: str | None = None) -> str | None:
    """One TARGET's (one of its sections') index key, or None when it may depend on files
    the key cannot see."""
    parts = [f"declarations {FORMAT}", __version__, package_hash(), target,
             *([f"section {section}"] if section else [])]
    if target.endswith(".toml"):
        if not Path(target).is_file():
            return None
        parts.append(source_hash(str(Path(target).resolve())))
    elif target.split(".")[0] == LIBRARY_PACKAGE and not target.endswith(".py"):
        files = _library_files(target)
        if files is None:
            return None
        parts += [f"{f}:{source_hash(str(f))}" for f in files]
    else:
        return None
    return hashlib.sha256("\0".join(parts).encode("utf-8", "replace")).hexdigest()


def _library_files(target: str) -> list[Path] | None:
    """The files a library module's claims are built from: its own file (or its package's
    files) and the library's shared ``_*.py`` files (the library's sources import nothing
    from one another)."""
    try:
        spec = importlib.util.find_spec(target)
        top = importlib.util.find_spec(LIBRARY_PACKAGE)
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin is None or top is None or not top.submodule_search_locations:
        return None
    roots = spec.submodule_search_locations
    own = ([f for root in roots for f in sorted(Path(root).rglob("*.py"))] if roots
           else [Path(spec.origin)])
    shared = [f for root in top.submodule_search_locations
              for f in sorted(Path(root).glob("_*.py"))]
    return own + shared


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
