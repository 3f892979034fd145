"""Resolve verify TARGETs into claims: the built-in library, a module, a .py or .toml file.

A ``.toml`` claims file is parsed, never executed.  A ``.py`` file or module is imported
(it is the user's own code) and must define ``CLAIMS``.
"""

from __future__ import annotations

import errno
import fnmatch
import importlib
import importlib.util
import os
import stat
from pathlib import Path

from . import sections
from .claims import Claim
from .claimfile import load_claims_file
from .sources import LIBRARY_PACKAGE  # noqa: F401
# the library's module list lives with the hashes (no sympy: ``dpproof list`` uses it)
from .sources import duplicate_problem, library_candidates, library_modules  # noqa: F401
from .sources import library_prefix, library_targets  # noqa: F401



class TargetError(ValueError):
    """A TARGET that is neither a module, a .py file defining CLAIMS, nor a .toml file."""


_PY_FILES: dict[str, object] = {}


def _module(target: str):
    """The module a TARGET names (a .py file is executed once per process)."""
    if target.endswith(".py"):
        path = Path(target)
        if not path.is_file():
            raise TargetError(f"Python file {target!r} {not_a_file(target)}")
        key = str(path.resolve())
        if key not in _PY_FILES:
            spec = importlib.util.spec_from_file_location(path.stem, path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            _PY_FILES[key] = module
        return _PY_FILES[key]
    try:
        return importlib.import_module(target)
    except ModuleNotFoundError as exc:
        raise TargetError(f"TARGET {target!r} is not an importable module ({exc}), a .py file "
                          "defining CLAIMS, nor a .toml claims file") from None


def not_a_file(target: str) -> str:
    """What a TARGET path that is not a regular file is: missing, a folder, a named pipe, a
    symbolic link loop or one to nothing, ..."""
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return ("is a symbolic link to nothing" if os.path.islink(target)
                else "does not exist")
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "is a symbolic link loop, not a file"
        return f"cannot be read ({exc.strerror or exc})"
    for test, what in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a device"),
                       (stat.S_ISBLK, "a device")):
        if test(mode):
            return f"is {what}, not a file"
    return "is not a regular file"


def load_target(target: str, patterns: list[str] | None = None) -> list[Claim]:
    """The claims a TARGET names (see module docstring); of a package declared by section
    (``dpproof.sections``), only those of the sections that may hold an id matching one of
    the globs ``patterns``."""
    if target.endswith(".toml"):
        if not Path(target).is_file():
            raise TargetError(f"claims file {target!r} {not_a_file(target)}")
        return load_claims_file(target)
    chosen = sections.selected(target, patterns)
    claims = (_claims_of(_module(target), target) if chosen is None
              else load_sections(target, chosen))
    if target in library_modules():
        prefix = library_prefix(target)
        stray = [c.id for c in every_claim(claims) if not c.id.startswith(prefix)]
        if stray:
            raise TargetError(f"library module {target!r} declares claim id {stray[0]!r}; "
                              f"its ids must start with {prefix!r}")
    return claims


def load_sections(target: str, chosen: list[str]) -> list[Claim]:
    """The claims of the sections ``chosen`` of a package declared by section, in order."""
    if not chosen:
        return []
    module = _module(target)
    sections.build(target, chosen)
    names = list(sections.table(target))
    return list(module.catalogue.claims_in({names.index(s) for s in chosen}))


def load_figures(targets: list[str] | None) -> list:
    """The FIGURES (FigureSpec) that the TARGETs' modules declare."""
    out = []
    for t in targets or library_modules():
        if not t.endswith(".toml"):
            out.extend(getattr(_module(t), "FIGURES", ()))
    return out


def _claims_of(module, target: str) -> list[Claim]:
    claims = getattr(module, "CLAIMS", None)
    if claims is None:
        raise TargetError(f"{target!r} defines no CLAIMS")
    claims = list(claims)
    bad = [c for c in claims if not isinstance(c, Claim)]
    if bad:
        raise TargetError(f"{target!r}: CLAIMS holds {type(bad[0]).__name__} objects; "
                          "expected dpproof.claims.Claim")
    return claims


def load_all(targets: list[str] | None) -> list[Claim]:
    """The claims of every TARGET (the library when none); an id, a step's too, in two
    places is a ``TargetError`` naming both."""
    return [c for claims in load_each(targets).values() for c in claims]


def load_each(targets: list[str] | None,
              patterns: list[str] | None = None) -> dict[str, list[Claim]]:
    """``load_all``'s claims by TARGET, in TARGET order (``patterns``: ``load_target``)."""
    got = {t: load_target(t, patterns) for t in targets or library_modules()}
    problem = duplicate_problem((t, [c.id for c in every_claim(cs)]) for t, cs in got.items())
    if problem:
        raise TargetError(problem)
    return got


def every_claim(claims) -> list[Claim]:
    """The claims with their steps, each parent followed by its steps (recursively)."""
    out: list[Claim] = []
    for c in claims:
        out += [c, *every_claim(c.steps)]
    return out


def load_targets(targets: list[str] | None) -> list[Claim]:
    """All claims of the TARGETs (the library when none), ids unique."""
    names = targets or library_modules()
    claims: list[Claim] = []
    for t in names:
        claims.extend(load_target(t))
    return claims


def select(claims: list[Claim], patterns: list[str] | None) -> list[Claim]:
    """Claims whose id matches any glob (steps follow their parent); all when no patterns."""
    if not patterns:
        return claims
    return [c for c in claims if any(fnmatch.fnmatchcase(c.id, p) for p in patterns)]
