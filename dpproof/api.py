"""The Python API: ``claim``, ``check`` and ``verify``, re-exported by ``import dpproof``.

A claim is built with the claims-file rules (``dpproof.claimfile``): the same whitelist
parser, the same domain forms, the same error messages, so a statement that loads from a
``.toml`` file builds here and the other way round.  Domain ends are ints, strings
(``"1/1000"``, ``"0.004"``, ``"(0, 1]"``, ``"[1, inf)"``), ``Fraction``s, or pairs of
them (a closed interval); a float end is taken as the exact binary rational it holds (0.1
is 3602879701896397/36028797018963968), with a ``FloatEndWarning``, since a float
cannot hold the decimal the user had in mind.

``check`` and ``verify`` decide claims exactly as ``dpproof verify`` does: supervised
worker processes (a claim that dies or runs away costs that claim, never the caller),
the result cache (``.dpproof_cache/`` or ``$DPPROOF_CACHE_DIR``; ``cache=False`` to
bypass it), and the default settings of ``dpproof.engines.base.Config``.
"""

from __future__ import annotations

import os
import warnings
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Union

if TYPE_CHECKING:
    from .claims import Claim
    from .engines.base import Config
    from .evidence import Assessment, Report

#: what a domain end or a domain entry may be (see the module docstring)
End = Union[int, str, Fraction, float]
DomainSpec = Union[End, tuple, list]


class FloatEndWarning(UserWarning):
    """A float domain end was taken as the exact binary rational it holds."""


def claim(statement: str, *, id: str = "claim", source: str = "python",
          kind: str = "inequality", hypotheses: Iterable[str] = (),
          integers: Iterable[str] = (), note: str = "", reason: str = "",
          **domain: DomainSpec) -> "Claim":
    """A claim from a statement and its domain, e.g.
    ``claim("Q(x) <= exp(-x^2/2)/2", x="[0, 40]")`` or ``claim("n*eps >= 0", n=(1, 10),
    eps="(0, 1]", integers=["n"])``.

    ``kind`` is "inequality", "identity", "value" or "cited" (as in a claims file);
    ``hypotheses`` are relations read as ``hypotheses => statement``.  A bad statement or
    domain raises ``dpproof.claimfile.ClaimFileError`` (a ``ValueError``) with one line that
    repeats the bad value and says what is allowed."""
    from .claimfile import build_claim

    table = {"id": id, "source": source, "statement": statement, "kind": kind,
             "domain": {name: _spec(name, spec) for name, spec in domain.items()}}
    for key, value in (("hypotheses", list(hypotheses)), ("integers", list(integers)),
                       ("note", note), ("reason", reason)):
        if value:
            table[key] = value
    if kind == "cited":
        table.pop("statement")
    _register_display()
    return build_claim(table)


def check(c: "Claim | str", *, config: "Config | None" = None, cache: bool = True,
          memory_limit: int | None = None, **domain: DomainSpec) -> "Assessment":
    """Decide one claim (a ``Claim``, or a statement string with its domain as keywords,
    as for ``claim``) and return its ``Assessment``: ``.verdict``, ``.label`` (the verdict
    line), ``.scope``, ``.witness`` (source variables to exact decimals), ``.repair``."""
    if isinstance(c, str):
        c = claim(c, **domain)
    elif domain:
        raise TypeError("check(claim, ...): domain keywords go with a statement string, not "
                        "with a Claim (its domain is already set)")
    report = verify([c], config=config, cache=cache, memory_limit=memory_limit)
    return report.assessments[0]


def verify(target: "str | os.PathLike | Iterable[Claim] | None" = None, *,
           config: "Config | None" = None, jobs: int = 1, cache: bool = True,
           memory_limit: int | None = None, only: Iterable[str] = ()) -> "Report":
    """Decide every claim of ``target`` -- a ``.toml`` claims file, a ``.py`` file defining
    ``CLAIMS``, a module name, an iterable of ``Claim``s, or None for the theorem library --
    and return the ``Report`` (its steps included).  ``only`` keeps ids matching globs.
    Nothing is written but the cache: render or write the report with ``dpproof verify``
    or ``dpproof.writers``."""
    from .cache import ResultCache
    from .engines.base import Config
    from .loader import load_target, library_modules, select
    from .runner import verify as run

    if target is None:
        claims = [c for t in library_modules() for c in load_target(t)]
    elif isinstance(target, (str, os.PathLike)):
        claims = load_target(os.fspath(target))
    else:
        claims = list(target)
    claims = select(claims, list(only) or None)
    _register_display()
    return run(claims, config or Config(), jobs=jobs, memory_limit=memory_limit,
               cache=ResultCache() if cache else None)


def _spec(name: str, spec: DomainSpec):
    """A domain entry in the claims file's terms (exact: floats become their binary value)."""
    if isinstance(spec, tuple):
        spec = list(spec)
    if isinstance(spec, list):
        return [_end(name, e) for e in spec]
    return _end(name, spec)


def _end(name: str, value):
    if isinstance(value, bool):
        return value   # refused by the claims-file rules, with their message
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return "inf" if value > 0 else ("-inf" if value < 0 else "nan")
        exact = Fraction(value)
        warnings.warn(FloatEndWarning(
            f"domain of {name!r}: the float {value!r} is taken as the exact binary rational "
            f"{exact} it holds; pass a string such as {repr(str(value))} or a Fraction for "
            "the decimal"), stacklevel=4)
        return int(exact) if exact.denominator == 1 else f"{exact.numerator}/{exact.denominator}"
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else \
            f"{value.numerator}/{value.denominator}"
    if isinstance(value, Path):
        return str(value)
    return value


def _register_display() -> None:
    """Jupyter display of claims, assessments and reports (dpproof.notebook)."""
    from . import notebook  # noqa: F401  (registers on import)
