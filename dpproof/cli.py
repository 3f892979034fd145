"""The command line: ``dpproof verify | list | show | functions | cache clear``.

The output folder and the exit codes: ``dpproof.cli_parser.EPILOG`` (``verify --help``).
"""

from __future__ import annotations

import fnmatch
import gc
import signal
import sys
from dataclasses import replace
from pathlib import Path

from .engines import ENGINES
from .cli_parser import parser as _parser
from .hash_seed import pin_hash_seed
from .interrupts import Interrupts

# Everything else is imported where it is used: --help, list, show and functions import no
# sympy (dpproof.lookup answers list and show from an index of the declarations).
_STRICT_FAIL = {"REFUTED", "INCONCLUSIVE", "ERROR"}
#: exit code of a run with an ERROR claim (module docstring)
EXIT_ERROR = 4


def main(argv: list[str] | None = None) -> int:
    """The command line (``argv``: the arguments, ``sys.argv[1:]`` when None)."""
    code = _main(argv)
    if argv is None:
        # the process is about to exit: the interpreter's final garbage collections would
        # walk every object of sympy, scipy and matplotlib (about 0.5 s); frozen, they skip
        # them.  Everything is written and closed by now; workers have exited.
        gc.freeze()
    return code


def _main(argv: list[str] | None) -> int:
    args = _parser().parse_args(argv)
    if argv is None and args.command == "verify":
        pin_hash_seed()
    if args.command == "verify":
        # before any claim is built: the facts sympy caches while building them follow its
        # random streams (dpproof.fresh_state)
        from .fresh_state import seed_sympy

        seed_sympy(args.seed)
    if args.command == "functions":
        return _functions(args)
    if args.command in ("list", "show"):
        return _lookup(args)
    if args.command == "cache":
        from .cache import ResultCache

        cache = ResultCache()
        removed = cache.clear()
        left = ("; the files dpproof did not write are left there" if cache.path.exists()
                else "")
        print(f"dpproof: removed {removed} cached results from {cache.path}{left}")
        return 0
    from .claimfile import ClaimFileError
    from .expr.parser import ExprSyntaxError
    from .loader import TargetError, library_targets, load_each
    from .outdir import default_out, out_problem

    if args.command == "verify":
        args.out = args.out or default_out(args.targets, args.only)
        problem = out_problem(Path(args.out), args.targets, args.only)
        if problem:
            print(f"dpproof: error: --out {args.out!r}: {problem}", file=sys.stderr)
            return 2
        args.run_key = None if args.no_cache else _run_key(args)
        if args.run_key:
            with Interrupts(defer=True) as stop:   # a replay writes the report too
                code = _replay(args)
            if code is not None or stop.received is not None:
                return stop.exit_code(code)
    try:
        # with --only and no TARGET, only the library modules that may hold a selected id
        args.loaded = library_targets(args.targets, args.only)
        loaded = load_each(args.loaded, args.only) if args.loaded else {}
        claims = _select([c for cs in loaded.values() for c in cs], args.only)
    except (TargetError, ClaimFileError, ExprSyntaxError, ValueError) as exc:
        print(f"dpproof: error: {exc}", file=sys.stderr)
        return 2
    if not claims:
        return _no_match(args)
    if not args.no_cache:   # --no-cache writes nothing into the cache folder
        from .lookup import remember

        remember(loaded, args.only)   # dpproof list / show answer at once afterwards
    return _verify(args, claims)


def _functions(args) -> int:
    """``dpproof functions [NAME]``: the vocabulary, one line a name, or NAME's entry."""
    from .expr import reference

    if args.name is None:
        print(reference.listing())
        return 0
    if args.name not in reference.DOCS:
        print(f"dpproof: error: no function {args.name!r}"
              f"{reference.did_you_mean(args.name)}; 'dpproof functions' lists them all",
              file=sys.stderr)
        return 2
    from .expr.reference_pages import entry

    print(entry(args.name), end="")
    return 0


def _select(claims: list, patterns: list[str] | None) -> list:
    """Claims whose id matches a glob (with their steps); a matching step whose parent does
    not match is selected on its own."""
    if not patterns:
        return claims
    out = []
    for c in claims:
        if any(fnmatch.fnmatchcase(c.id, p) for p in patterns):
            out.append(c)
        else:
            out.extend(_select(list(c.steps), patterns))
    return out


def _no_match(args) -> int:
    """One line and exit 2: --only selected nothing."""
    print(f"dpproof: error: no claim matches --only {args.only}; "
          "'dpproof list' shows every id", file=sys.stderr)
    return 2


def _lookup(args) -> int:
    """``dpproof list`` / ``dpproof show ID``, from the declarations (dpproof.lookup)."""
    from . import lookup
    from .outdir import default_out

    # show ID reads only the library modules that may hold ID (list: that --only selects)
    patterns = [args.id] if args.command == "show" else args.only
    try:
        found = lookup.select(lookup.declarations(args.targets, patterns), args.only)
    except ValueError as exc:   # TargetError, ClaimFileError, ExprSyntaxError
        print(f"dpproof: error: {exc}", file=sys.stderr)
        return 2
    if not found and (args.only or args.command == "list"):
        return _no_match(args)
    if args.command == "list":
        width = max(len(d["id"]) for d in found)
        for d in found:
            print(f"{d['id']:<{width}}  {d['kind']:<10}  {d['locator']}")
        return 0
    d = next((d for d in found if d["id"] == args.id), None)
    if d is None:
        print(f"dpproof: error: no claim {args.id!r}; try 'dpproof list'", file=sys.stderr)
        return 2
    report = Path(default_out(args.targets, None)) / "report.json"
    print(lookup.show_text(d, lookup.last_verdict(args.id, report), report))
    return 0


def _verify(args, claims) -> int:
    from .cache import ResultCache
    from .cluster import DaskExecutor, SchedulerUnreachable
    from .engines.base import Config
    from .execution import LocalExecutor
    from .runner import verify

    out = Path(args.out)
    if args.scheduler:
        try:
            import distributed  # noqa: F401
        except ImportError:
            print("dpproof: error: --scheduler needs dask.distributed: "
                  "pip install 'dpproof[cluster]'", file=sys.stderr)
            return 2
    config = Config(seed=args.seed, timeout=args.budget,
                    engine_timeout=min(args.budget, args.engine_budget), backstop=args.timeout,
                    engines=tuple(args.engines) if args.engines else tuple(ENGINES))
    # a lone claim's report has no verdict chart (``writers.figures.chart_says_more``): no
    # plotting library is imported meanwhile, only after, to map a refutation
    executor = (DaskExecutor(args.scheduler) if args.scheduler
                else LocalExecutor(args.jobs, meanwhile=_report_imports if len(claims) > 1
                                   else None, watch=None if args.quiet else _Heartbeat()))
    bar = None if args.quiet else _ProgressBar()

    def progress(done: int, total: int, assessment) -> None:
        if done == total:
            stop.defer()   # every claim is decided: a signal now waits for the report
        if bar:
            bar(done, total, assessment)
    with Interrupts() as stop:   # dpproof.interrupts: stop the claims, never the writing
        try:
            report = verify(claims, config, jobs=args.jobs, progress=progress,
                            memory_limit=args.memory_limit, executor=executor,
                            cache=None if args.no_cache else ResultCache())
        except SchedulerUnreachable as exc:
            print(f"dpproof: error: {exc}", file=sys.stderr)
            return 2
        stop.defer()
        if bar:
            bar.close()
        if getattr(executor, "thread", None) is not None:
            executor.thread.join()   # matplotlib is not thread-safe: its head start ends first
        return _write(args, report, out, stop)


def _report_imports() -> None:
    """What writing the report imports and loads on first use (matplotlib, its PDF backend
    and fonts), done while the claims run: a throwaway figure saved in memory."""
    import io

    from . import figures  # noqa: F401
    from .writers import figures as drawing

    plt = drawing._plt()
    fig, ax = plt.subplots(figsize=(1, 1))
    ax.bar(["PROVED"], [1])
    ax.set_title("x")
    for fmt in ("png", "pdf"):
        fig.savefig(io.BytesIO(), format=fmt)
    plt.close(fig)


def _write(args, report, out: Path, stop: Interrupts) -> int:
    from .cache import ResultCache, cached_figures, storable
    from .evidence import Verdict
    from .execution import soundness_failures
    from .figures import draw_all
    from .loader import load_figures
    from .outdir import write_report
    from .runner import not_run

    cache = None if args.no_cache else ResultCache()
    specs = load_figures(getattr(args, "loaded", None) or args.targets)

    def draw(folder: Path):
        figures = cached_figures(cache, report, specs, folder,
                                 lambda f: draw_all(report, specs, f))
        return replace(report, settings={**report.settings, "figures": figures})

    paths = write_report(report, args.targets, out, args.only, pdf=not args.no_pdf, draw=draw,
                         fragment=args.latex_fragment)
    if paths is None:
        return stop.exit_code(128 + signal.SIGINT)
    run = [a for a in report.assessments if not not_run(a)]
    counts = {v.value: n for v in Verdict if (n := sum(a.verdict is v for a in run))}
    fail = report.partial or any(a.verdict.value in _STRICT_FAIL for a in report.assessments)
    meta = {"claims": len(report.assessments), "counts": counts, "fail": fail,
            "not_run": len(report.assessments) - len(run)}
    if args.run_key and not report.partial and all(map(storable, report.assessments)):
        from . import runcache
        runcache.store(args.run_key, out, paths, meta)
    cached = sum(a.cached for a in report.assessments)
    kept = out if paths and paths[0].parent != out else None
    _summary(args, meta, paths, cached, report.partial, kept)
    broken = soundness_failures(report.assessments)
    if broken:
        print(f"dpproof: error: internal soundness failure (contradictory evidence) in "
              f"{', '.join(broken)}; please report it", file=sys.stderr)
    if stop.received is not None and not report.partial:
        print(f"dpproof: {stop.received.name} received after the last claim was decided; "
              "the complete report was written first", file=sys.stderr)
    return _exit_code(args, meta, report.partial, bool(broken), stop.received)


def _exit_code(args, meta: dict, partial: bool, broken: bool,
               received: signal.Signals | None = None) -> int:
    """The exit code of a written report (precedence: module docstring); ``received``:
    the signal that interrupted the run (a partial report without one: SIGINT)."""
    if broken:
        return 3
    if partial or received is not None:   # the report is written, but the run was stopped
        return 128 + int(received or signal.SIGINT)
    return EXIT_ERROR if meta["counts"].get("ERROR") else int(args.strict and meta["fail"])


def _summary(args, meta: dict, paths, cached: int, partial: bool = False,
             kept: Path | None = None) -> None:
    from .writers import LATEXMK_HINT

    parts = [f"{n} {v}" for v, n in meta["counts"].items()]
    if meta.get("not_run"):
        parts.append(f"{meta['not_run']} not run")
    state = (f" (PARTIAL: interrupted; written to {paths[0].parent}/, the complete earlier "
             f"report in {kept}/ is kept)" if kept else " (PARTIAL: interrupted)" * partial)
    print(f"dpproof: {meta['claims']} claims: {', '.join(parts)}{state}"
          + (f"; {cached} from the cache" if cached else ""))
    for p in paths:
        print(f"  wrote {p}")
    if not args.no_pdf and not any(p.name == "report.pdf" for p in paths):
        import shutil

        if shutil.which("latexmk") is None:
            print(f"dpproof: note: {LATEXMK_HINT}", file=sys.stderr)


def _run_key(args) -> str | None:
    import shutil

    from .execution import default_memory_mb
    from .runcache import run_key

    options = {"targets": list(args.targets), "only": args.only, "seed": args.seed,
               "budget": args.budget, "engine_budget": args.engine_budget,
               "timeout": args.timeout,
               "engines": args.engines, "jobs": args.jobs,
               "memory_limit": args.memory_limit or default_memory_mb(args.jobs),
               "pdf": not args.no_pdf and shutil.which("latexmk") is not None,
               "fragment": args.latex_fragment}
    return run_key(options, list(args.targets))


def _replay(args) -> int | None:
    """The stored output of an identical earlier run (dpproof.runcache), or None."""
    from .outdir import drop_partial, report_targets
    from .runcache import replay

    out = Path(args.out)
    found = replay(args.run_key, out, report_targets(args.targets, out), args.only)
    if found is None:
        return None
    drop_partial(args.targets, out)
    paths, meta = found
    _summary(args, meta, paths, meta["claims"])
    return _exit_code(args, meta, False, False)


class _Heartbeat:
    """While a claim runs long: ``  ... still deciding ID (90 s)`` on stderr every ``every``
    wall seconds (display only: no decision reads this clock)."""

    def __init__(self, every: float = 30.0):
        self.every, self.said = every, {}

    def __call__(self, running: dict[str, float]) -> None:
        for cid, seconds in running.items():
            beats = int(seconds // self.every)
            if beats > self.said.get(cid, 0):
                self.said[cid] = beats
                clear = "\r\033[K" if sys.stderr.isatty() else ""
                sys.stderr.write(f"{clear}  ... still deciding {cid} "
                                 f"({beats * self.every:.0f} s)\n")
                sys.stderr.flush()


class _ProgressBar:
    """A one-line progress bar on stderr: done/total, the last claim and its verdict."""

    def __init__(self, width: int = 24):
        self.width = width
        self.tty = sys.stderr.isatty()

    def __call__(self, done: int, total: int, assessment) -> None:
        filled = int(self.width * done / total)
        bar = "#" * filled + "-" * (self.width - filled)
        line = (f"[{bar}] {done}/{total} {assessment.id} {assessment.label} "
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
