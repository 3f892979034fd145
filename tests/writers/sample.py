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
