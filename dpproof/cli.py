"""The command line: ``dpproof verify | list | show``.

Exit codes: 0 when the report was written (or the listing printed), 2 for bad input
(unknown target, claims-file error, bad option), 3 when engines contradicted each other on
some claim (an internal soundness failure, reported as ERROR; the report is still written),
and with ``--strict`` 1 when any claim is REFUTED, INCONCLUSIVE or ERROR.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from . import __version__
from .claimfile import ClaimFileError
from .engines.base import ENGINES, Config
from .evidence import Verdict
from .expr.parser import ExprSyntaxError
from .loader import TargetError, load_figures, load_targets, select

_STRICT_FAIL = {Verdict.REFUTED, Verdict.INCONCLUSIVE, Verdict.ERROR}


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="dpproof", description="Check the theorems of "
                                "differential privacy and write a verification report.")
    p.add_argument("--version", action="version", version=f"dpproof {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    v = sub.add_parser("verify", help="decide claims and write report.json/.md/.tex(/.pdf)")
    _targets(v)
    v.add_argument("--out", default="reports", help="output directory (default: reports/)")
    v.add_argument("--jobs", type=_positive_int, default=1, help="claims checked in parallel")
    v.add_argument("--seed", type=int, default=0, help="seed of the counterexample search")
    v.add_argument("--timeout", type=_positive_float, default=120.0,
                   help="seconds per claim (default 120)")
    v.add_argument("--engine", action="append", choices=list(ENGINES), dest="engines",
                   help="engines to run, in order (repeatable; default: all)")
    v.add_argument("--strict", action="store_true",
                   help="exit 1 if any claim is REFUTED, INCONCLUSIVE or ERROR")
    v.add_argument("--no-pdf", action="store_true", help="do not run latexmk")
    v.add_argument("--latex-fragment", action="store_true",
                   help="also write report-fragment.tex, a section to \\input in a paper")
    v.add_argument("--quiet", action="store_true", help="no progress bar")

    ls = sub.add_parser("list", help="list the claims of the targets")
    _targets(ls)
    sh = sub.add_parser("show", help="show one claim")
    sh.add_argument("id")
    _targets(sh)
    return p


def _targets(p):
    p.add_argument("targets", nargs="*", metavar="TARGET",
                   help="module, .py file defining CLAIMS, or .toml claims file "
                        "(default: the built-in theorem library)")
    p.add_argument("--only", action="append", metavar="GLOB", help="keep ids matching GLOB")


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


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        claims = select(load_targets(args.targets), args.only)
    except (TargetError, ClaimFileError, ExprSyntaxError, ValueError) as exc:
        print(f"dpproof: error: {exc}", file=sys.stderr)
        return 2
    if not claims:
        print(f"dpproof: error: no claim matches --only {args.only}", file=sys.stderr)
        return 2
    return {"verify": _verify, "list": _list, "show": _show}[args.command](args, claims)


def _list(args, claims) -> int:
    width = max(len(c.id) for c in claims)
    for c in claims:
        print(f"{c.id:<{width}}  {c.kind.value:<10}  {c.source.locator}")
    return 0


def _show(args, claims) -> int:
    from .runner import flatten

    for c in flatten(claims):
        if c.id == args.id:
            print(f"id:        {c.id}\nsource:    {c.source}\nkind:      {c.kind.value}")
            print(f"statement: {c.statement if c.statement is not None else '-'}")
            print(f"domain:    {c.domain}")
            for label, text in (("note", c.note), ("reason", c.reason)):
                if text:
                    print(f"{label + ':':<10} {text}")
            for s in c.steps:
                print(f"step:      {s.id}: {s.statement}")
            return 0
    print(f"dpproof: error: no claim {args.id!r}; try 'dpproof list'", file=sys.stderr)
    return 2


def _verify(args, claims) -> int:
    from .figures import draw_all
    from .runner import verify
    from .writers import write_all

    config = Config(seed=args.seed, timeout=args.timeout,
                    engine_timeout=min(args.timeout, Config.engine_timeout),
                    engines=tuple(args.engines) if args.engines else tuple(ENGINES))
    progress = None if args.quiet else _ProgressBar()
    report = verify(claims, config, jobs=args.jobs, progress=progress)
    if progress:
        progress.close()
    out = Path(args.out)
    figures = draw_all(report, load_figures(args.targets), out)
    report = replace(report, settings={**report.settings, "figures": figures})
    paths = write_all(report, out, pdf=not args.no_pdf, fragment=args.latex_fragment)
    counts = ", ".join(f"{n} {v}" for v, n in report.counts().items() if n)
    state = " (PARTIAL: interrupted)" if report.partial else ""
    print(f"dpproof: {len(report.assessments)} claims: {counts}{state}")
    for p in paths:
        print(f"  wrote {p}")
    if report.soundness_failures:
        print(f"dpproof: INTERNAL SOUNDNESS FAILURE on {', '.join(report.soundness_failures)}"
              " (engines contradict each other; see the report)", file=sys.stderr)
        return 3
    if args.strict and (report.partial or any(a.verdict in _STRICT_FAIL
                                              for a in report.assessments)):
        return 1
    return 0


class _ProgressBar:
    """A one-line progress bar on stderr: done/total, the last claim and its verdict."""

    def __init__(self, width: int = 24):
        self.width = width
        self.tty = sys.stderr.isatty()

    def __call__(self, done: int, total: int, assessment) -> None:
        filled = int(self.width * done / total)
        bar = "#" * filled + "-" * (self.width - filled)
        line = (f"[{bar}] {done}/{total} {assessment.id} {assessment.verdict.value} "
                f"({assessment.seconds:.1f} s)")
        if self.tty:
            sys.stderr.write("\r\033[K" + line)
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()

    def close(self) -> None:
        if self.tty:
            sys.stderr.write("\n")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
