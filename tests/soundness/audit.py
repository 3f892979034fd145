"""What the soundness audit shares: claims files read as written, verdicts collected per claim.

- ``written(path)`` reads a claims file with ``tomllib`` and ``parse_float=Decimal`` -- the
  domain as *written*, independently of how dpproof reads it (issue #10, point 4);
- ``Range`` is one parameter's written range, with exact ``Fraction`` ends;
- ``decide(claims, config, jobs)`` runs ``dpproof.runner.check_claim`` on every claim in
  forked workers and returns plain ``Outcome`` records: an exception (a contradiction the
  runner raises today, a crash) becomes an outcome of its own instead of ending the run.
  The repair map a REFUTED claim gets afterwards is switched off: it never changes a verdict
  and costs seconds per claim.
"""

from __future__ import annotations

import re
import time
import tomllib
import traceback
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

_INTERVAL = re.compile(r"^\s*([\[(])\s*([^,]+?)\s*,\s*([^,]+?)\s*([\])])\s*$")
_POINT = re.compile(r"violated at (.*?); margin")


@dataclass(frozen=True)
class Range:
    """One parameter's range as written: exact ends (None = unbounded), open flags, integer."""

    lo: Fraction | None
    hi: Fraction | None
    lo_open: bool = False
    hi_open: bool = False
    integer: bool = False

    def contains(self, x: Fraction) -> bool:
        if self.integer and x.denominator != 1:
            return False
        if self.lo is not None and (x < self.lo or (self.lo_open and x == self.lo)):
            return False
        return not (self.hi is not None and (x > self.hi or (self.hi_open and x == self.hi)))

    def toml(self) -> str:
        if not self.lo_open and not self.hi_open:
            return f'["{self.lo}", "{self.hi}"]'
        lo = "-inf" if self.lo is None else str(self.lo)
        hi = "inf" if self.hi is None else str(self.hi)
        return f'"{"(" if self.lo_open else "["}{lo}, {hi}{")" if self.hi_open else "]"}"'


def exact(value) -> Fraction:
    """An exact rational from a written number: int, Decimal, or a string "p/q" or decimal."""
    if isinstance(value, bool) or isinstance(value, float):
        raise TypeError(f"{value!r}: read the file with parse_float=Decimal")
    if isinstance(value, (int, Decimal)):
        return Fraction(value)
    return Fraction(str(value).strip())


def written(path: Path) -> list[dict]:
    """The [[claim]] tables of a claims file, floats read as exact decimals."""
    with open(path, "rb") as f:
        return tomllib.load(f, parse_float=Decimal)["claim"]


def written_domain(table: dict) -> dict[str, Range]:
    ints = set(table.get("integers", ()))
    out = {}
    for name, spec in table.get("domain", {}).items():
        integer = name in ints
        if isinstance(spec, list):
            out[name] = Range(exact(spec[0]), exact(spec[1]), integer=integer)
        elif isinstance(spec, str):
            m = _INTERVAL.match(spec)
            lo = None if m.group(2) in ("-inf", "-oo") else exact(m.group(2))
            hi = None if m.group(3) in ("inf", "+inf", "oo") else exact(m.group(3))
            out[name] = Range(lo, hi, m.group(1) == "(", m.group(4) == ")", integer)
        else:
            out[name] = Range(exact(spec), exact(spec), integer=integer)
    return out


def noted_point(table: dict) -> dict[str, Fraction]:
    """The violating point the generator recorded in the note ("violated at x = 1/10, ...")."""
    m = _POINT.search(table.get("note", ""))
    if not m:
        raise ValueError(f"{table['id']}: the note records no violating point")
    pairs = (p.split("=") for p in m.group(1).split(",") if p.strip())
    return {k.strip(): Fraction(v.strip()) for k, v in pairs}


def witness_point(witness: dict[str, str]) -> dict[str, Fraction]:
    """A REFUTED witness (decimal strings, or "p/q") as exact rationals."""
    return {k: Fraction(Decimal(v)) if "/" not in v else Fraction(v) for k, v in witness.items()}


def in_domain(point: dict[str, Fraction], domain: dict[str, Range]) -> bool:
    return set(point) == set(domain) and all(domain[n].contains(v) for n, v in point.items())


# ------------------------------------------------------------------------------- deciding
@dataclass(frozen=True)
class Outcome:
    """One claim's run: final verdict, witness, and which engines said PROVED or CERTIFIED
    (``holds_by``).  CONTRADICTION: engines disagreed (raised, or an ERROR flagged as a
    soundness failure); CRASH: an exception; TIMEOUT: the hard limit killed the worker."""

    id: str
    verdict: str
    witness: dict[str, str] | None
    detail: str
    seconds: float
    holds_by: tuple[str, ...] = ()


_CLAIMS: list = []
_CONFIG = None


def _one(i: int) -> Outcome:
    import dpproof.evidence as evidence
    from dpproof.runner import check_claim
    contradiction = getattr(evidence, "ContradictoryEvidence", ())  # raised by older runners
    claim, t0 = _CLAIMS[i], time.perf_counter()
    try:
        a = check_claim(claim, _CONFIG)
    except Exception as exc:  # noqa: BLE001 - a crash is an outcome to report
        if contradiction and isinstance(exc, contradiction):
            return Outcome(claim.id, "CONTRADICTION", None, str(exc),
                           time.perf_counter() - t0, ("(an engine, see detail)",))
        return Outcome(claim.id, "CRASH", None, f"{type(exc).__name__}: {exc}\n"
                       + traceback.format_exc(limit=3), time.perf_counter() - t0)
    holds = tuple(e.engine for e in a.evidence if e.verdict.holds)
    flagged = any(e.data.get("soundness_failure") for e in a.evidence)
    detail = "; ".join(f"{e.engine}: {e.verdict.value} {e.detail}" for e in a.evidence)
    return Outcome(claim.id, "CONTRADICTION" if flagged else a.verdict.value, a.witness,
                   detail[:600], a.seconds, holds)


def decide(claims, config, jobs: int = 2, progress=None) -> list[Outcome]:
    """Every claim through ``check_claim`` (repair off), in claim order; see module docstring.

    Each claim also gets a hard limit (pebble kills its worker): dpproof's own limits are
    SIGALRM-based and an alarm that lands in a gc callback is swallowed (outcome TIMEOUT).
    """
    import dpproof.checking as runner
    from pebble import ProcessPool
    global _CLAIMS, _CONFIG
    _CLAIMS, _CONFIG = list(claims), config
    hard = 2 * config.timeout + 10
    saved, runner.repair = runner.repair, lambda claim, config: None
    out = []
    try:
        with ProcessPool(max_workers=max(jobs, 1), max_tasks=25) as pool:
            futures = [pool.schedule(_one, args=(i,), timeout=hard)
                       for i in range(len(_CLAIMS))]
            for claim, future in zip(_CLAIMS, futures):
                out.append(_result(claim, future, hard))
                if progress:
                    progress(len(out), len(_CLAIMS), out[-1])
    finally:
        runner.repair = saved
    return out


def _result(claim, future, hard) -> Outcome:
    from concurrent.futures import TimeoutError as FutureTimeout
    try:
        return future.result()
    except FutureTimeout:
        return Outcome(claim.id, "TIMEOUT", None, f"no answer within the hard limit of "
                       f"{hard:g} s (worker killed)", hard)
    except Exception as exc:  # noqa: BLE001 - a dead worker is an outcome to report
        return Outcome(claim.id, "CRASH", None, f"{type(exc).__name__}: {exc}", 0.0)


def config_for_audit():
    """Small budgets: the mutation suite decides 300 claims in about two minutes on 2 cores."""
    from dpproof.engines.base import Config
    return Config(timeout=8.0, engine_timeout=4.0, max_boxes=400, search_examples=60,
                  numeric_dps=(30, 60), grid=5)


HERE = Path(__file__).resolve().parent
MUTANTS = HERE / "mutants.toml"
REPRODUCERS = HERE / "reproducers.toml"
