"""dpproof: checks the theorems of differential privacy.

The public face is small and imported lazily, so that ``import dpproof`` (and the pytest
plugin, and ``dpproof --help``) import no sympy until a name below is used:

- ``claim(statement, **domain)``, ``check(claim_or_statement, **domain)``,
  ``verify(target)`` (``dpproof.api``);
- the data: ``Claim``, ``Domain``, ``Interval``, ``Source``, ``Kind``, ``Statement``
  (``dpproof.claims``), ``Verdict``, ``Assessment``, ``Report`` (``dpproof.evidence``),
  ``Config`` (the engine settings);
- ``parse_statement`` (the whitelist parser); certified accounting: ``certify_delta``,
  ``certify_epsilon``, ``calibrate`` (dp_accounting ``DpEvent``s) and ``dpsgd_epsilon``.

Claims are frozen data over sympy; engines decide them; the runner aggregates the evidence
under the soundness rules of ``docs/design.md``; writers render the report.
"""

from __future__ import annotations

import importlib

__version__ = "0.1.0"

_EXPORTS = {
    "claim": "dpproof.api", "check": "dpproof.api", "verify": "dpproof.api",
    "FloatEndWarning": "dpproof.api",
    "Claim": "dpproof.claims", "Domain": "dpproof.claims", "Interval": "dpproof.claims",
    "Source": "dpproof.claims", "Kind": "dpproof.claims", "Statement": "dpproof.claims",
    "Verdict": "dpproof.evidence", "Assessment": "dpproof.evidence",
    "Report": "dpproof.evidence", "Config": "dpproof.engines.base",
    "parse_statement": "dpproof.expr", "dpsgd_epsilon": "dpproof.accounting",
    "certify_delta": "dpproof.accounting", "certify_epsilon": "dpproof.accounting",
    "calibrate": "dpproof.accounting",
}
__all__ = ["__version__", *_EXPORTS]


def __getattr__(name: str):
    if name in _EXPORTS:
        value = getattr(importlib.import_module(_EXPORTS[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'dpproof' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_EXPORTS))
