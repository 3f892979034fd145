"""The command line's grammar: ``dpproof verify | list | show | functions | cache``, with the
options and their help (``dpproof.cli`` runs them)."""

from __future__ import annotations

import argparse

from . import __version__
from .engines import ENGINES


#: shown by ``verify --help``
EPILOG = """\
output folder: --out defaults to reports/ for the whole library (no TARGET, no --only) and to
dpproof-out/NAME/ otherwise. dpproof writes only into a missing or empty folder or one it
marked (.dpproof-report) as holding the report of the same TARGETs; other folders are refused
(exit 2) before any claim runs. An interrupted run never replaces a complete report: its
partial report goes to OUT/partial/. Details: dpproof.outdir.

exit codes: 0 report written, no claim ERROR; 1 --strict and a claim REFUTED or INCONCLUSIVE;
2 bad input (target, claims file, option, --out; nothing written); 3 internal soundness
failure (contradictory evidence; report written); 4 a claim is ERROR (a worker died, a task
raised; report written); 128+signal interrupted (130 Ctrl-C, 143 SIGTERM; partial report
written, or the complete one when the signal came after the last claim was decided).
Several: 3, 128+signal, 4, 1.
"""


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="dpproof", description="Check the theorems of "
                                "differential privacy and write a verification report.")
    p.add_argument("--version", action="version", version=f"dpproof {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    v = sub.add_parser("verify", help="decide claims and write report.json/.md/.tex(/.pdf)",
                       epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    _targets(v)
    v.add_argument("--out", default=None, help="output folder (default: reports/ for the "
                   "whole library, else dpproof-out/NAME/; see below)")
    v.add_argument("--jobs", type=_positive_int, default=1, help="claims checked in parallel")
    v.add_argument("--seed", type=int, default=0, help="seed of the counterexample search")
    v.add_argument("--budget", type=_positive_float, default=120.0, metavar="W",
                   help="counted work per claim, all engines together, in work-seconds "
                        "(one is 2,000,000 counted calls; the same on every machine; default 120)")
    v.add_argument("--engine-budget", "--engine-timeout", type=_positive_float, default=60.0,
                   metavar="W", dest="engine_budget",
                   help="counted work per engine and claim, at most --budget (default 60)")
    v.add_argument("--timeout", type=_positive_float, default=1800.0, metavar="S",
                   help="the backstop per claim: its worker is stopped after S seconds of CPU "
                        "time, or 4 S seconds of wall clock if it does not run (a calculus "
                        "claim: per premise); a claim stopped by it says that its verdict "
                        "depends on the machine (default 1800)")
    v.add_argument("--engine", action="append", choices=list(ENGINES), dest="engines",
                   help="engines to run, in order (repeatable; default: all)")
    v.add_argument("--strict", action="store_true",
                   help="exit 1 if any claim is REFUTED or INCONCLUSIVE (ERROR: always 4)")
    v.add_argument("--no-pdf", action="store_true", help="do not run latexmk")
    v.add_argument("--latex-fragment", action="store_true",
                   help="also write report-fragment.tex, a section to \\input in a paper")
    v.add_argument("--quiet", action="store_true", help="no progress bar")
    v.add_argument("--memory-limit", type=_positive_int, metavar="MB", default=None,
                   help="address-space limit of each claim's worker process in MB "
                        "(default: physical memory / (jobs + 1))")
    v.add_argument("--no-cache", action="store_true",
                   help="decide every claim again; do not read or write .dpproof_cache/")
    v.add_argument("--scheduler", metavar="ADDRESS", default=None,
                   help="run the claims on the Dask distributed scheduler at ADDRESS "
                        "(e.g. tcp://10.0.0.5:8786); needs pip install 'dpproof[cluster]'")

    ls = sub.add_parser("list", help="list the claims of the targets")
    _targets(ls)
    sh = sub.add_parser("show", help="show one claim")
    sh.add_argument("id")
    _targets(sh)
    fn = sub.add_parser("functions", help="list the functions a claim may call, or one in full")
    fn.add_argument("name", nargs="?", help="a function name: print its whole entry")
    ca = sub.add_parser("cache", help="manage the result cache (.dpproof_cache/)")
    ca.add_argument("action", choices=["clear"], help="clear: remove what dpproof wrote there (other files are left)")
    return p


def _targets(p):
    p.add_argument("targets", nargs="*", metavar="TARGET",
                   help="module, .py file defining CLAIMS, or .toml claims file "
                        "(default: the built-in theorem library)")
    p.add_argument("--only", action="append", metavar="GLOB",
                   help="keep ids matching GLOB, step ids (.stepN) included (repeatable)")


def _positive_int(text):
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: must be a positive integer")
    return value


def _positive_float(text):
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r}: must be a positive number of seconds")
    return value
