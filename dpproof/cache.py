"""The result cache: one file per decided claim under ``.dpproof_cache/``.

The key is a SHA-256 of everything that can change a claim's assessment:
- the claim's content, field by field (``_CLAIM_KEYED``; the fields left out and why are in
  ``_CLAIM_EXCLUDED``): id, kind, statement (a canonical ``srepr`` of both sides, of the
  guards -- the terms sympy simplified away, ``x/x``, whose definedness counts -- and of
  every hypothesis with its guards), domain (exact ends), printed value, reason, derived
  parameters, narrowing, stated point, family, and its steps' keys;
- the source code of every module defining a non-sympy object the statement uses (the
  oracles, built-in or the user's own);
- the engine settings (``repr(Config)``), the dpproof version, the source code of the
  dpproof package itself (engines, lowering, oracles), so an edit re-decides, and the
  versions of Python and of the libraries the engines compute with (sympy, mpmath, flint...).
An entry stores the assessment without its claim (verdict, scope, witness, evidence,
seconds, repair, regions, cross-examination record); ``get`` re-attaches the claim and
marks it ``cached``.
Not stored: assessments with a supervisor verdict (time or memory limit, dead worker) or
ERROR, which depend on the machine more than on the claim.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import re
import shutil
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Callable

import sympy
from sympy.printing.repr import ReprPrinter

from . import __version__
from .claims import Claim, Statement, expressions
from .sources import DEFAULT_DIR, cache_dir  # noqa: F401  (re-exported: cache.cache_dir)
from .sources import library_versions as _library_versions
from .sources import package_hash as _package_hash
from .sources import source_hash as _source_hash
from .engines.base import Config
from .evidence import Assessment, Verdict

#: 2: the key holds the guards and every meaningful Claim field; an entry holds the
#: cross-examination record; 3: counted budgets by default, and an entry holds the claim's
#: counted work (a hit charges what was counted when it was made)
FORMAT = 3
_FIELDS = ("verdict", "scope", "witness", "evidence", "seconds", "repair", "regions",
           "cross_examination", "work")


def _module_sources(expr) -> list[str]:
    """Source hashes of the modules defining the non-sympy objects in ``expr``."""
    out = set()
    for node in sympy.preorder_traversal(expr):
        for cls in (type(node), getattr(node, "func", None)):
            mod = sys.modules.get(getattr(cls, "__module__", "") or "")
            if mod is None or mod.__name__.split(".")[0] in ("sympy", "builtins"):
                continue
            out.add(f"{mod.__name__}:{_source_hash(getattr(mod, '__file__', '') or '')}")
    return sorted(out)


class _CanonicalRepr(ReprPrinter):
    """``srepr`` with every symbol printed with all its assumptions (``assumptions0``).

    Plain ``srepr`` prints the assumptions a symbol was *created* with, and sympy's cache
    hands out whichever of two equal symbols came first: ``log(x + 1)`` may hold
    ``Symbol('x', nonnegative=True)`` in one process and ``Symbol('x', real=True,
    nonnegative=True)`` in another -- the same expression, two keys."""

    def _print_Symbol(self, expr):
        facts = ", ".join(f"{k}={v}" for k, v in sorted(expr.assumptions0.items()))
        return f"{type(expr).__name__}({expr.name!r}, {facts})"


def _canonical(expr) -> str:
    return _CanonicalRepr().doprint(expr)


#: how each ``Statement`` field enters the key (all of them: a test checks the list)
_STATEMENT_KEYED = {
    "lhs": _canonical,
    "rel": str,
    "rhs": _canonical,
    "hypotheses": lambda hs: "[" + ";".join(_statement_text(h) for h in hs) + "]",
    "guards": lambda gs: "[" + ";".join(_canonical(g) for g in gs) + "]",
}


def _statement_text(st: Statement | None) -> str:
    if st is None:
        return "-"
    return " | ".join(f"{name}={text(getattr(st, name))}"
                      for name, text in _STATEMENT_KEYED.items())


#: how each ``Claim`` field enters the key.  A field changes the stored assessment if an
#: engine, a route, the cross-examination or ``assess`` reads it -- or may read it later:
#: ``derived``, ``narrowed``, ``stated_point`` and ``family`` say what the claim means
#: (where it is decided, in the source's variables) and are keyed although today only
#: the writers read them, so that no edit of a claim's meaning is ever answered from
#: the cache; ``steps`` enter by their own keys (the parent's chain and its sweep).
_CLAIM_KEYED = {
    "id": str,
    "kind": lambda k: k.value,
    "statement": _statement_text,
    "domain": repr,                   # exact rational ends, open/closed, integer
    "reason": str,
    "printed": str,
    "derived": lambda d: ";".join(f"{k}={_canonical(e)}" for k, e in d),
    "narrowed": str,
    "stated_point": repr,
    "family": str,
    "steps": None,                    # each step's own claim_key, below (needs the config)
    "proof": lambda pr: pr.key() if pr is not None else "-",   # the calculus' proof tree
}
#: ``Claim`` fields left out of the key, each with the reason.  An entry stores no claim:
#: ``get`` re-attaches the current one, so the report always shows these as written now.
_CLAIM_EXCLUDED = {
    # where the claim comes from (key, file, locator, note): provenance, read by the
    # writers only; a corrected locator must not re-decide the library
    "source": "provenance: read by the writers only, from the re-attached claim",
    # a remark for the reader of the report, read by the writers only
    "note": "commentary: read by the writers only, from the re-attached claim",
}


def claim_key(claim: Claim, config: Config) -> str:
    """The cache key of ``claim`` decided under ``config`` (see module docstring)."""
    h = hashlib.sha256()
    parts = [f"format {FORMAT}", __version__, _package_hash(), _library_versions(),
             repr(config)]
    parts += [f"{name}: {text(getattr(claim, name))}" for name, text in _CLAIM_KEYED.items()
              if text is not None]
    if claim.statement is not None:
        for expr in expressions(claim.statement):
            parts.extend(_module_sources(expr))
    parts.extend(claim_key(s, config) for s in claim.steps)
    for p in parts:
        h.update(p.encode("utf-8", "replace") + b"\0")
    return h.hexdigest()


class ResultCache:
    """Get and put assessments by ``claim_key``; files are written atomically."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = cache_dir(path)

    def _file(self, key: str) -> Path:
        return self.path / key[:2] / f"{key}.pickle"

    def get(self, claim: Claim, config: Config) -> Assessment | None:
        try:
            data = pickle.loads(self._file(claim_key(claim, config)).read_bytes())
            return Assessment(claim, **{k: data[k] for k in _FIELDS}, cached=True)
        except FileNotFoundError:
            return None
        except Exception:  # a corrupt or foreign entry is a miss, never an error
            return None

    def put(self, a: Assessment, config: Config) -> bool:
        if not storable(a):
            return False
        target = self._file(claim_key(a.claim, config))
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
            with os.fdopen(fd, "wb") as fh:
                pickle.dump({k: getattr(a, k) for k in _FIELDS}, fh)
            os.replace(tmp, target)
        except Exception:   # a read-only or full disk must not fail the run
            return False
        return True

    def longest_first(self, claims, todo: list[int]) -> list[int]:
        """``todo`` with the claims that took longest last time first (unknown ones first):
        the pool's last claims are then short ones, and the run ends with no long tail."""
        try:
            seconds = pickle.loads((self.path / "seconds.pickle").read_bytes())
        except Exception:
            return list(todo)
        return sorted(todo, key=lambda i: -seconds.get(claims[i].id, float("inf")))

    def remember_seconds(self, assessments) -> None:
        """Record how long each newly decided claim took (for ``longest_first``)."""
        try:
            target = self.path / "seconds.pickle"
            try:
                seconds = pickle.loads(target.read_bytes())
            except Exception:
                seconds = {}
            seconds.update({a.id: a.seconds for a in assessments if not a.cached})
            self.path.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path, suffix=".tmp")
            with os.fdopen(fd, "wb") as fh:
                pickle.dump(seconds, fh)
            os.replace(tmp, target)
        except OSError:
            pass

    def clear(self) -> int:
        """Remove what dpproof wrote into the cache folder, and nothing else: the claim
        results (``??/<key>.pickle``), ``seconds.pickle``, the figure, run and declaration
        entries, temporary files of interrupted writes, then the folders this empties (the
        cache folder itself only if nothing else is left in it).  Returns the number of
        claim results removed."""
        if not self.path.is_dir() or self.path.is_symlink():
            return 0
        removed = 0
        for sub in _dirs(self.path, _SHARD):
            removed += _unlink(sub, lambda f: f.suffix == ".pickle"
                               and _KEY.fullmatch(f.stem) and f.stem[:2] == sub.name)
            _unlink(sub, _temporary)
            _rmdir_empty(sub)
        _unlink(self.path, lambda f: f.name == "seconds.pickle" or _temporary(f))
        for entry in (*_dirs(self.path / "figures", _KEY), *_dirs(self.path / "runs", _KEY),
                      *_dirs(self.path, _FIGURES_TMP), *_dirs(self.path / "runs", _RUN_TMP)):
            _clear_entry(entry)
        declarations = self.path / "declarations"
        _unlink(declarations, lambda f: (f.suffix == ".json" and _KEY.fullmatch(f.stem))
                or _temporary(f))
        for folder in (declarations, self.path / "figures", self.path / "runs", self.path):
            _rmdir_empty(folder)
        return removed


#: the names dpproof gives what it writes into the cache folder (``ResultCache.clear``)
_KEY = re.compile(r"[0-9a-f]{64}")
_SHARD = re.compile(r"[0-9a-f]{2}")
_FIGURES_TMP = re.compile(r"\.figures-[a-z0-9_]{8}")   # tempfile.mkdtemp's names
_RUN_TMP = re.compile(r"\.run-[a-z0-9_]{8}")
_TMP_FILE = re.compile(r"tmp[a-z0-9_]{8}\.tmp")       # tempfile.mkstemp(suffix=".tmp")
#: the files of a run entry's copy of a report folder (figures aside)
_REPORT_FILES = ("report.json", "report.md", "report.html", "report.tex", "report.pdf",
                 "report-fragment.tex")


def _temporary(f: Path) -> bool:
    return bool(_TMP_FILE.fullmatch(f.name))


def _dirs(folder: Path, name: re.Pattern) -> list[Path]:
    """The real (not symlinked) subfolders of ``folder`` whose names match ``name``."""
    if not folder.is_dir() or folder.is_symlink():
        return []
    return sorted(p for p in folder.iterdir()
                  if name.fullmatch(p.name) and p.is_dir() and not p.is_symlink())


def _unlink(folder: Path, ours: Callable[[Path], object]) -> int:
    """Remove the regular files of ``folder`` that ``ours`` accepts; how many."""
    if not folder.is_dir() or folder.is_symlink():
        return 0
    n = 0
    for f in list(folder.iterdir()):
        if f.is_file() and not f.is_symlink() and ours(f):
            f.unlink()
            n += 1
    return n


def _clear_entry(entry: Path) -> None:
    """A figure or run entry: its pickle, the report files and figures it copied."""
    _unlink(entry, lambda f: f.name in ("figures.pickle", "meta.pickle"))
    files = entry / "files"
    _unlink(files, lambda f: f.name in _REPORT_FILES)
    figures = files / "figures"
    if figures.is_dir() and not figures.is_symlink():
        for folder, _, _ in sorted(os.walk(figures), reverse=True):   # the deepest first
            _unlink(Path(folder), lambda f: f.suffix in (".png", ".pdf"))
            _rmdir_empty(Path(folder))
    _rmdir_empty(files)
    _rmdir_empty(entry)


def _rmdir_empty(folder: Path) -> None:
    try:
        if folder.is_dir() and not folder.is_symlink() and not any(folder.iterdir()):
            folder.rmdir()
    except OSError:
        pass


def figures_key(report, specs) -> str:
    """Key of a run's figures: the specs, and each claim's id, source, verdict, regions,
    domain and derived parameters (a region map's axes are drawn in the source's
    variables, ``figures.source_axis``)."""
    h = hashlib.sha256()
    parts = [f"figures {FORMAT}", __version__, _package_hash(), _library_versions(),
             repr(list(specs))]
    parts += [f"{a.id}|{a.claim.source.key}|{a.verdict.value}|{a.regions!r}|"
              f"{a.claim.domain!r}|{_CLAIM_KEYED['derived'](a.claim.derived)}"
              for a in report.assessments]
    for p in parts:
        h.update(p.encode("utf-8", "replace") + b"\0")
    return h.hexdigest()


def cached_figures(cache: "ResultCache | None", report, specs, folder: Path,
                   draw: Callable[[Path], list[dict]]) -> list[dict]:
    """``draw(folder)``, or the same figure files copied from the cache when the run's
    figures were drawn before (``figures_key``); drawn figures are stored for next time."""
    if cache is None:
        return draw(folder)
    entry = cache.path / "figures" / figures_key(report, specs)
    try:
        figures = pickle.loads((entry / "figures.pickle").read_bytes())
        shutil.copytree(entry / "files", folder, dirs_exist_ok=True)
        return figures
    except Exception:   # a miss, or a damaged entry: draw again
        pass
    figures = draw(folder)
    tmp = None
    try:
        cache.path.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(dir=cache.path, prefix=".figures-"))
        (tmp / "files").mkdir()
        if (folder / "figures").is_dir():
            shutil.copytree(folder / "figures", tmp / "files" / "figures")
        (tmp / "figures.pickle").write_bytes(pickle.dumps(figures))
        entry.parent.mkdir(parents=True, exist_ok=True)
        os.replace(tmp, entry)
    except OSError:     # an existing entry, a read-only disk: drawing was enough
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    return figures


def storable(a: Assessment) -> bool:
    """Whether ``a`` depends only on the claim and settings (see module docstring)."""
    return a.verdict is not Verdict.ERROR and not any(e.engine == "runner"
                                                      for e in a.evidence)


def uncached(a: Assessment) -> Assessment:
    return replace(a, cached=False) if a.cached else a
