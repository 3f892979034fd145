"""The command line's grammar: ``dpproof verify | list | show | functions | cache``, with the
options and their help (``dpproof.cli`` runs them)."""

from __future__ import annotations

import argparse
import math

from . import __version__
from .engines import ENGINES


#: shown by ``verify --help``
EPILOG = """\
output folder: --out defaults to reports/ for the whole library (no TARGET, no --only) and to
dpproof-out/NAME/ otherwise. dpproof writes only into a missing or empty folder or one it
marked (.dpproof-report) as holding the report of the same TARGETs; other folders are refused
(exit 2) before any claim runs. An interrupted run never replaces a complete report: its
partial report goes to OUT/partial/. An --only run never replaces the report of every
claim (exit 2: give another --out). Details: dpproof.outdir.

exit codes: 0 report written, no claim ERROR; 1 --strict and a claim REFUTED or INCONCLUSIVE;
2 bad input (target, claims file, option, --out; nothing written); 3 internal soundness
failure (contradictory evidence; report written); 4 a claim is ERROR (a worker died, a task
raised; report written); 128+signal interrupted (130 Ctrl-C, 143 SIGTERM; partial report
written, or the complete one when the signal came after the last claim was decided).
Several: 3, 128+signal, 4, 1.
"""


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="dpproof", description="Check the theorems of "
                                "differential privacy and write a verification report.")
    p.add_argument("--version", action="version", version=f"dpproof {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    v = sub.add_parser("verify", help="decide claims and write report.json/.md/.tex(/.pdf)",
                       epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    _targets(v)
    v.add_argument("--out", type=_folder, default=None,
                   help="output folder (default: reports/ for the whole library, else "
                        "dpproof-out/NAME/; see below)")
    v.add_argument("--jobs", type=_positive_int, default=1, help="claims checked in parallel")
    v.add_argument("--seed", type=_integer, default=0, help="seed of the counterexample search")
    v.add_argument("--budget", type=_work_seconds, default=120.0, metavar="W",
                   help="counted work per claim, all engines together, in work-seconds "
                        "(one is 2,000,000 counted calls; the same on every machine; default 120)")
    v.add_argument("--engine-budget", "--engine-timeout", type=_work_seconds, default=60.0,
                   metavar="W", dest="engine_budget",
                   help="counted work per engine and claim, at most --budget (default 60)")
    v.add_argument("--timeout", type=_backstop_seconds, default=1800.0, metavar="S",
                   help="the backstop per claim: its worker is stopped after S seconds of CPU "
                        "time, or 4 S seconds of wall clock if it does not run (a calculus "
                        "claim: per premise); a claim stopped by it says that its verdict "
                        "depends on the machine (default 1800, at most 1000000)")
    v.add_argument("--engine", action="append", choices=list(ENGINES), dest="engines",
                   help="engines to run, in order (repeatable; default: all)")
    v.add_argument("--strict", action="store_true",
                   help="exit 1 if any claim is REFUTED or INCONCLUSIVE (ERROR: always 4)")
    v.add_argument("--no-pdf", action="store_true", help="do not run latexmk")
    v.add_argument("--latex-fragment", action="store_true",
                   help="also write report-fragment.tex, a section to \\input in a paper")
    v.add_argument("--quiet", action="store_true", help="no progress bar")
    v.add_argument("--memory-limit", type=_megabytes, metavar="MB", default=None,
                   help="address-space limit of each claim's worker process in MB "
                        "(256 to 2^30; default: physical memory / (jobs + 1), at least 256)")
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
    ca.add_argument("action", choices=["clear"],
                    help="clear: remove what dpproof wrote there (other files are left)")
    return p


def _targets(p):
    p.add_argument("targets", nargs="*", metavar="TARGET",
                   help="module, .py file defining CLAIMS, or .toml claims file "
                        "(default: the built-in theorem library)")
    p.add_argument("--only", action="append", metavar="GLOB",
                   help="keep ids matching GLOB, step ids (.stepN) included (repeatable)")


#: the largest --timeout, in CPU seconds (11.6 days): the wall backstop is four times it,
#: within what a thread's wait accepts (``threading.TIMEOUT_MAX``)
MAX_TIMEOUT = 1_000_000
#: the smallest and largest --memory-limit, in MB: a worker is a fork of a process that has
#: loaded sympy, and needs its address space to start (``execution.MIN_MEMORY_MB``)
MIN_MEMORY_MB = 256
MAX_MEMORY_MB = 2 ** 30


class _Parser(argparse.ArgumentParser):
    """argparse with errors on ONE line: ``dpproof: error: --budget: 'abc' is not ...``."""

    def error(self, message):
        message = message.removeprefix("argument ")
        self.exit(2, f"dpproof: error: {message}\n")


def _positive_int(text):
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return value


def _integer(text):
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _work_seconds(text):
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of work-seconds "
                                         "('inf': no limit)")
    return value


def _backstop_seconds(text):
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value <= MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of CPU seconds in "
                                         f"(0, {MAX_TIMEOUT}]")
    return value


def _megabytes(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of MB "
                                         f"(from {MIN_MEMORY_MB} to {MAX_MEMORY_MB})") from None
    if not MIN_MEMORY_MB <= value <= MAX_MEMORY_MB:
        raise argparse.ArgumentTypeError(
            f"{text!r} MB is outside {MIN_MEMORY_MB} to {MAX_MEMORY_MB} MB (a worker "
            f"needs at least {MIN_MEMORY_MB} MB of address space to start)")
    return value


def _folder(text):
    if not text:
        raise argparse.ArgumentTypeError("'' is empty: give the folder to write the report "
                                         "into")
    return text
