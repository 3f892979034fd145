"""pytest plugin: every claim of ``*.claims.toml`` files and ``*_claims.py`` modules is a test.

Registered as the ``pytest11`` entry point ``dpproof``.  Each claim runs through
``dpproof.runner.check_claim``: REFUTED and ERROR fail (witness and certified violation
in the message), NOT_CHECKABLE skips, PROVED / CERTIFIED / SUPPORTED pass, INCONCLUSIVE
passes with a warning (fails with ``--dpproof-strict``).  Options: ``--dpproof-seed``,
``--dpproof-timeout`` (seconds per claim), ``--dpproof-strict``, ``--dpproof-report DIR``
(report.json/.md/.tex of the claims run, no PDF), ``--dpproof-no-cache``.  Decided claims
are kept in the result cache of ``dpproof verify`` (dpproof.cache; ``.dpproof_cache/`` in
the rootdir, or $DPPROOF_CACHE_DIR): a re-run with nothing changed re-decides nothing.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:   # imported lazily: an installed plugin must not slow every pytest run
    from .claims import Claim
    from .evidence import Assessment

_ASSESSMENTS = pytest.StashKey[list]()


class DpproofWarning(UserWarning):
    """A claim the engines could not decide (INCONCLUSIVE)."""


class ClaimFailed(Exception):
    """A claim that is REFUTED or ERROR (or INCONCLUSIVE under --dpproof-strict)."""

    def __init__(self, assessment: "Assessment"):
        super().__init__(f"{assessment.id}: {assessment.verdict.value}")
        self.assessment = assessment


def pytest_addoption(parser):
    group = parser.getgroup("dpproof", "dpproof claims")
    group.addoption("--dpproof-seed", type=int, default=0,
                    help="seed of the counterexample search (default 0)")
    group.addoption("--dpproof-timeout", type=float, default=60.0,
                    help="seconds per claim, all engines together (default 60)")
    group.addoption("--dpproof-strict", action="store_true",
                    help="fail INCONCLUSIVE claims instead of warning")
    group.addoption("--dpproof-report", metavar="DIR", default=None,
                    help="write report.json/.md/.tex of the claims run to DIR")
    group.addoption("--dpproof-no-cache", action="store_true",
                    help="decide every claim again (do not use .dpproof_cache/)")


def pytest_configure(config):
    config.addinivalue_line("markers", "dpproof: a claim checked by dpproof")
    config.stash[_ASSESSMENTS] = []


def pytest_collect_file(file_path: Path, parent):
    name = file_path.name
    if name.endswith(".claims.toml") or (name.endswith("_claims.py") and name != "_claims.py"):
        return ClaimsFile.from_parent(parent, path=file_path)
    return None


class ClaimsFile(pytest.File):
    """A claims file or module; yields one item per claim (steps after their parent)."""

    def collect(self):
        from .loader import load_target
        from .runner import flatten

        try:
            claims = flatten(load_target(str(self.path)))
        except Exception as exc:  # the message names file, line and column
            raise self.CollectError(f"dpproof could not load {self.path.name}: "
                                    f"{type(exc).__name__}: {exc}") from None
        for claim in claims:
            yield ClaimItem.from_parent(self, name=claim.id, claim=claim)


class ClaimItem(pytest.Item):
    """One claim as a test."""

    def __init__(self, *, claim: "Claim", **kwargs):
        super().__init__(**kwargs)
        self.claim = claim
        self.assessment: Assessment | None = None
        self.add_marker(pytest.mark.dpproof)

    def _config(self):
        from .engines.base import Config

        timeout = self.config.getoption("dpproof_timeout")
        if not timeout > 0:
            raise pytest.UsageError(f"--dpproof-timeout must be positive, got {timeout}")
        return Config(seed=self.config.getoption("dpproof_seed"), timeout=timeout,
                      engine_timeout=min(timeout, Config.engine_timeout))

    def _cache(self):
        import os

        from .cache import DEFAULT_DIR, ResultCache

        if self.config.getoption("dpproof_no_cache"):
            return None
        return ResultCache(None if os.environ.get("DPPROOF_CACHE_DIR")
                           else self.config.rootpath / DEFAULT_DIR)

    def _assess(self) -> Assessment:
        from .runner import check_claim, verify

        config, cache = self._config(), self._cache()
        if self.claim.steps:   # the chain evidence needs the steps decided too
            return verify([self.claim], config, cache=cache).by_id(self.claim.id)
        hit = cache.get(self.claim, config) if cache is not None else None
        if hit is not None:
            return hit
        a = check_claim(self.claim, config)
        if cache is not None:
            cache.put(a, config)
        return a

    def runtest(self):
        from .evidence import Verdict

        a = self.assessment = self._assess()
        self.config.stash[_ASSESSMENTS].append(a)
        self.user_properties.append(("dpproof_verdict", a.verdict.value))
        if a.verdict in (Verdict.REFUTED, Verdict.ERROR):
            raise ClaimFailed(a)
        if a.verdict is Verdict.NOT_CHECKABLE:
            pytest.skip(f"NOT_CHECKABLE: {a.scope or self.claim.reason}")
        if a.verdict is Verdict.INCONCLUSIVE:
            if self.config.getoption("dpproof_strict"):
                raise ClaimFailed(a)
            warnings.warn(DpproofWarning(f"{a.id}: INCONCLUSIVE ({a.scope})"))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ClaimFailed):
            return failure_message(excinfo.value.assessment)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, None, f"claim {self.claim.id}"


def failure_message(a: Assessment) -> str:
    """What a reader needs to see why a claim failed: witness, violation, evidence."""
    from .writers.common import statement_text, violation, witness_text

    c = a.claim
    lines = [f"dpproof: {c.id} is {a.verdict.value}",
             f"  source:    {c.source}",
             f"  statement: {statement_text(c)}",
             f"  domain:    {c.domain}",
             f"  scope:     {a.scope}"]
    if a.witness:
        lines += [f"  witness:   {witness_text(a.witness)}",
                  f"  certified violation (margin at the witness): {violation(a)}"]
    if a.repair:
        lines.append(f"  repair:    {a.repair}")
    lines.append("  evidence:")
    for e in a.evidence:
        lines.append(f"    {e.engine:<9} {e.verdict.value:<13} {e.seconds:7.2f} s  {e.detail}")
    return "\n".join(lines)


def pytest_terminal_summary(terminalreporter, config):
    done = config.stash.get(_ASSESSMENTS, [])
    if not done:
        return
    counts: dict[str, int] = {}
    for a in done:
        counts[a.verdict.value] = counts.get(a.verdict.value, 0) + 1
    text = ", ".join(f"{n} {v}" for v, n in counts.items())
    terminalreporter.write_sep("-", f"dpproof: {len(done)} claims: {text}")


def pytest_sessionfinish(session, exitstatus):
    out = session.config.getoption("dpproof_report", None)
    done = session.config.stash.get(_ASSESSMENTS, [])
    if not out or not done:
        return
    from . import __version__
    from .evidence import Report
    from .writers import write_all

    settings = {"seed": session.config.getoption("dpproof_seed"),
                "timeout": session.config.getoption("dpproof_timeout"), "runner": "pytest"}
    write_all(Report(tuple(done), settings, __version__), out, pdf=False)
