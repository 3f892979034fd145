"""Library packages declared by section, so that ``--only``, ``list`` and ``show`` build only
the sections that may hold the ids they select.  Imports no sympy.

A library package may split its claims into sections (its modules), listed in its
``__init__`` as ``SECTIONS``: section name -> the id prefixes its claims start with, in
declaration order, with ``__getattr__ = lazy(__name__, {...})`` so that importing the
package builds nothing; ``CLAIMS`` (every section, in order) and the names it exports are
built on first use.  Its ``Catalogue(__package__)`` records which section declared each
claim (the section module found up the stack) and refuses an id outside that section's
prefixes, so a glob whose literal start rules out every prefix of a section cannot match
any of its claims (as ``sources.library_candidates`` for the library's packages).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import re
import sys
from functools import lru_cache


@lru_cache(maxsize=None)
def table(package: str) -> dict[str, tuple[str, ...]] | None:
    """The package's ``SECTIONS`` (a literal, read from its ``__init__`` without importing
    it), or None when it is not declared by section."""
    if package.endswith((".py", ".toml")):
        return None
    try:
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations or not spec.origin:
            return None
        with open(spec.origin, encoding="utf-8") as fh:
            tree = ast.parse(fh.read())
    except (ImportError, ValueError, OSError, SyntaxError):
        return None
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id == "SECTIONS"):
            return dict(ast.literal_eval(node.value))
    return None


def selected(package: str, patterns: list[str] | None) -> list[str] | None:
    """The sections (in order) that may declare an id matching one of the globs; None when
    the package is not declared by section or the globs may match in every section."""
    sections = table(package)
    if not sections or not patterns:
        return None
    heads = [re.split(r"[*?\[]", p, maxsplit=1)[0] for p in patterns]
    chosen = [s for s, prefixes in sections.items()
              if any(h.startswith(p) or p.startswith(h) for h in heads for p in prefixes)]
    return None if len(chosen) == len(sections) else chosen


def build(package: str, sections: list[str]) -> None:
    """Import the sections (their claims are declared into the package's catalogue)."""
    for s in sections:
        importlib.import_module(f"{package}.{s}")


def declaring(package: str, ids: list[str]) -> int:
    """The index of the section of ``package`` declaring a claim with ``ids`` (the section
    module nearest up the stack); a ValueError when none is, or an id is outside its
    prefixes."""
    sections = table(package) or {}
    names = list(sections)
    frame = sys._getframe(1)
    while frame is not None:
        module = frame.f_globals.get("__name__", "")
        head, _, tail = module.rpartition(".")
        if head == package and tail in sections:
            stray = [i for i in ids if not i.startswith(sections[tail])]
            if stray:
                raise ValueError(f"section {module} declares claim id {stray[0]!r}; its ids "
                                 f"must start with one of {sections[tail]} (SECTIONS)")
            return names.index(tail)
        frame = frame.f_back
    raise ValueError(f"a claim of {package} declared outside its SECTIONS {names}")


def lazy(package: str, exports: dict[str, str]):
    """The package's ``__getattr__``: ``CLAIMS`` builds every section, in order; a name of
    ``exports`` (name -> the package's module that defines it, ``catalogue`` among them)
    imports that module."""
    def __getattr__(name: str):
        if name == "CLAIMS":
            build(package, list(table(package) or ()))
            return importlib.import_module(f"{package}.{exports['catalogue']}").catalogue.claims
        if name in exports:
            return getattr(importlib.import_module(f"{package}.{exports[name]}"), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    return __getattr__
