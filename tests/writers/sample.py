"""Hand-built reports for the writer tests: evidence here is data to render, not verdicts."""

from dataclasses import replace
from fractions import Fraction

import sympy

from dpproof.claims import Claim, Domain, Interval, Kind, Source, Statement
from dpproof.evidence import Evidence, Report, Verdict, assess

SRC = Source("demo22", "theorems/demo22.py", "Theorem 3")
TRICKY = Source("odd", "odd.toml", "Lemma 2 | 50% & #1 {x} ~ ^ \\ $ _ <b>", note="≈ café")


def _claims():
    x, a = sympy.Symbol("x", nonnegative=True), sympy.Symbol("alpha", positive=True)
    dom_x = Domain.of(x=Interval.closed(0, 4))
    proved = Claim("demo22.identity", SRC, Statement((1 + x) ** 2, "==",
                                                     1 + 2 * x + x ** 2), dom_x, Kind.IDENTITY)
    refuted = Claim("demo22.log_above", SRC, Statement(x, "<=", sympy.log(1 + x)),
                    Domain.of(x=Interval.closed(1, 4)))
    hyp = Statement(a, ">", 1)
    supported = Claim("demo22.hyp_bound", SRC, Statement(a / (a - 1), ">=", 1, (hyp,)),
                      Domain.of(alpha=Interval(1, 64, lo_open=True)))
    cited = Claim("demo22.asymptotic", SRC, None, kind=Kind.CITED,
                  reason="asymptotic: holds as n -> infinity")
    tricky = Claim("odd.under_score-id", TRICKY, Statement(x, "<=", x + 1), dom_x,
                   note="pipes | and `ticks` and *stars* and 100% & $5")
    failed = Claim("demo22.broken", SRC, Statement(x, "<=", 2 * x), dom_x)
    hard = Claim("demo22.hard", Source("other19", "theorems/other19.py", "Eq. (7)"),
                 Statement(sympy.sin(x) ** 2, "<=", 1), dom_x)
    return proved, refuted, supported, cited, tricky, failed, hard


def _evidence():
    return [
        [Evidence("symbolic", Verdict.PROVED, "lhs - rhs simplifies to 0 (expand)", 0.0123,
                  scope="whole domain (exact)",
                  data={"method": "expand", "cross_examination": "interval: no certified "
                        "violation (CERTIFIED)"})],
        [Evidence("symbolic", Verdict.INCONCLUSIVE, "no proof found", 0.5),
         Evidence("interval", Verdict.REFUTED, "certified violation on a box at depth 3",
                  0.0421, scope="witness at x = 2", witness={"x": "2.5"},
                  violation="[-0.7472 +/- 1.3e-12]",
                  data={"boxes_visited": 9, "tightest_margin": None,
                        "ratio": Fraction(1, 3), "exact": sympy.Rational(7, 2)})],
        [Evidence("interval", Verdict.SUPPORTED, "97.5000% of the box volume certified", 1.5,
                  scope="certified on alpha in [1.0625, 64]",
                  data={"certified_fraction": 0.975, "inf": float("inf")}),
         Evidence("numeric", Verdict.SUPPORTED, "no violation on 7 grid points", 0.25,
                  scope="grid of 7 points at 30 and 60 digits")],
        [],
        [Evidence("interval", Verdict.CERTIFIED, "margin certified | all boxes", 0.01,
                  scope="whole domain: x in [0, 4] | 100%",
                  data={"cross_examination": "search: no certified violation (SUPPORTED)"})],
        [Evidence("search", Verdict.ERROR, "ZeroDivisionError: division by zero", 0.002,
                  data={"traceback": "Traceback (most recent call last):\n  File \"x\"\n"
                                     "ZeroDivisionError: division by zero"})],
        [Evidence("interval", Verdict.INCONCLUSIVE, "no box certified before the box budget",
                  3.0, scope="undecided, e.g. x in [0, 1/8]")],
    ]


SETTINGS = {"prec": 128, "seed": 0, "timeout": 120.0, "engines": ["symbolic", "interval"],
            "numeric_dps": [30, 60], "python": "3.11"}


def small_report(**settings) -> Report:
    """Seven claims, one of each verdict, from two sources; fixed seconds."""
    assessments = []
    for claim, evidence in zip(_claims(), _evidence()):
        a = assess(claim, evidence, seconds=sum(e.seconds for e in evidence) + 0.001)
        if a.verdict is Verdict.REFUTED:
            boxes = ((((1, Fraction(5, 4)),), "fails"), (((Fraction(5, 4), 4),), "undecided"))
            a = replace(a, repair="certified to hold nowhere on the domain of x; certified "
                                  "to fail on 8.3% of it", regions=(("x",), boxes))
        assessments.append(a)
    return Report(tuple(assessments), {**SETTINGS, **settings}, "0.1.0")


# --- a report as a reviewer reads it (issue 31, item 5) ---------------------------------

GAUSS = Source("gauss09", "theorems/gauss09.py", "Theorem 2 (Gaussian mechanism)")
LONG_SCOPE = ("certified on 22.1201% of eps in [0, 1], delta in [0, 0.5]; undecided near eps "
              "in [0.5, 0.625], delta in [0.25, 0.5]; eps in [0.625, 0.75], delta in [0.25, "
              "0.5]; eps in [0.75, 0.875], delta in [0.25, 0.5]")
FORMULA_DETAIL = ("no proof attempted: log((-Phi((Delta*alpha - s)/sigma) + Phi((Delta*(alpha - "
                  "1) + s)/sigma))/(Phi(s/sigma) - Phi((Delta - s)/sigma))): argument not "
                  "certified positive")


SWEPT = "interval: no certified violation (CERTIFIED)"


def review_report(figures=(), filler: int = 0) -> Report:
    """A refuted theorem with its repair, open ends, a grid index with derived parameters,
    a claims-file statement as written, a long scope, and ``filler`` proved claims between
    them (to spread the claims over pages)."""
    eps, delta = sympy.symbols("eps delta", positive=True)
    x, i = sympy.Symbol("x", real=True), sympy.Symbol("i", integer=True)
    open_dom = Domain.of(eps=Interval(0, 1, hi_open=False, lo_open=True),
                         delta=Interval(0, 1, lo_open=True, hi_open=True))
    stmt = Statement(sympy.exp(-eps ** 2 / (2 * sympy.log(1 / delta))), "<=", delta)
    note = "flaw: misprint\nH_eps at the smallest allowed sigma"
    bad = Claim("gauss09.classic", GAUSS, stmt, open_dom, note=note)
    fixed = Claim("gauss09.classic.repaired", GAUSS, stmt,
                  Domain.of(eps=Interval(0, 1, lo_open=True),
                            delta=Interval(0, Fraction(9803, 10000), lo_open=True)))
    grid = Claim("gauss09.grid", GAUSS, Statement(i / 4, "<=", sympy.Rational(1, 2)),
                 Domain.of(i=Interval.closed(0, 8, integer=True)), derived={"eps": i / 4})
    written = Claim("user.square", Source("user", "claims.toml", "claim 1"),
                    Statement(x ** 2, ">=", 0), Domain.of(x=Interval(0, 5, lo_open=True)),
                    note="as written: x^2 >= 0")
    long = Claim("gauss09.long", GAUSS, Statement(eps, "<=", 1 + delta), open_dom)
    w = {"eps": "0.625", "delta": "0.99606124655117623"}
    out = [
        assess(bad, [Evidence("interval", Verdict.REFUTED, "certified violation", 0.3,
                              scope=f"witness at {w}", witness=w,
                              violation="[-0.003345 +/- 7.13e-14]")],
               repair="pointwise on a 756-point grid over (eps, delta): holds (certified) at "
                      "689, fails (certified) at 67", seconds=1.0),
        assess(fixed, [Evidence("interval", Verdict.CERTIFIED, "margin certified", 4.0,
                                scope="whole domain: eps in [0, 1], delta in [0, 0.9803]",
                                data={"cross_examination": SWEPT})],
               seconds=4.0),
        assess(grid, [Evidence("interval", Verdict.REFUTED, "certified violation", 0.1,
                               scope="witness at {'i': '3'}", witness={"i": "3"},
                               violation="[-0.25 +/- 0]")], seconds=0.1),
        assess(written, [Evidence("symbolic", Verdict.PROVED, "sign rules", 0.1,
                                  scope="whole domain (exact)",
                                  data={"cross_examination": SWEPT})], seconds=0.1),
        assess(long, [Evidence("symbolic", Verdict.INCONCLUSIVE, FORMULA_DETAIL, 0.1),
                      Evidence("interval", Verdict.SUPPORTED, "22% certified", 9.0,
                               scope=LONG_SCOPE,
                               data={"certified_fraction": 0.221201, "certified_boxes": 3}),
                      Evidence("search", Verdict.SUPPORTED, "no counterexample", 3.0,
                               scope="247 points (corners, hypothesis seed 0, local "
                                     "optimisation)"),
                      Evidence("numeric", Verdict.SUPPORTED, "no violation", 2.0,
                               scope="400 grid points at 30 and 60 digits")],
               seconds=9.0),
    ]
    pad = [assess(Claim(f"gauss09.pad{k}", GAUSS, Statement(x ** 2 + k, ">=", k),
                        Domain.of(x=Interval.closed(-k - 1, k + 1))),
                  [Evidence("symbolic", Verdict.PROVED, "sign rules", 0.01,
                            scope="whole domain (exact)",
                            data={"cross_examination": SWEPT})], seconds=0.01)
           for k in range(filler)]
    out = out[:1] + pad[:filler // 2] + out[1:3] + pad[filler // 2:] + out[3:]
    return Report(tuple(out), {**SETTINGS, "figures": list(figures)}, "0.1.0")
