"""The conformance cases every engine is run on: true, false, and true-but-treacherous."""

import sympy

from dpproof.claims import Interval, Kind

from tests.helpers import make_claim

I = Interval

TRUE = [
    make_claim("true.log1p", "log(1 + x) <= x", x=I.closed(0, 50)),
    make_claim("true.chernoff", "Q(x) <= exp(-x^2/2)/2", x=I.closed(0, 30)),
    make_claim("true.amgm", "sqrt(a*b) <= (a + b)/2", a=I.closed(0, 4), b=I.closed(0, 4)),
    make_claim("true.rr_ratio", "(exp(eps)/(1 + exp(eps))) / (1/(1 + exp(eps))) == exp(eps)",
               Kind.IDENTITY, eps=I(0, 5, lo_open=True)),
    make_claim("true.strict", "x^2 + 1 > 2*x - 1", x=I.closed(-3, 3)),
    make_claim("true.integer", "binomial(n, 2) <= n^2/2", n=I.closed(2, 40, integer=True)),
]

FALSE = [
    make_claim("false.square", "x^2 <= 2*x", x=I.closed(0, 3)),
    make_claim("false.exp_series", "exp(x) == 1 + x + x^2/2", Kind.IDENTITY, x=I.closed(0, 1)),
    # a Mills-ratio bound in the wrong direction, wrong by relative 1/x^2 only
    make_claim("false.mills", "Q(x) >= exp(-x^2/2)/(x*sqrt(2*pi))", x=I.closed(1, 30)),
    # wrong only by 1e-40 deep in the tail: double precision cannot see it
    make_claim("false.tiny", "Q(x) <= exp(-x^2/2)/(x*sqrt(2*pi)) - 1/10^40", x=I.closed(1, 30)),
    make_claim("false.integer", "binomial(n, 2) <= 3*n", n=I.closed(2, 40, integer=True)),
    make_claim("false.hyp", "x >= 1 => log(x) >= x - 1", x=I.closed(0, 5)),
]

# true, but floating point (and even 30-digit mpmath) lose every digit
TREACHEROUS = [
    make_claim("treach.phi_diff", "Phi(x + 0.16) - Phi(x) == Q(x) - Q(x + 0.16)", Kind.IDENTITY,
               x=I.closed(18, 22)),
    make_claim("treach.tail_ratio", "Q(x + 1/2) <= Q(x)", x=I.closed(30, 38)),
    make_claim("treach.cancel", "(1 + exp(-x)) - 1 > 0", x=I.closed(40, 60)),
]

# -- whole boxes (issue 12): true claims tight at a point, on an axis or face, on a curve,
# over unbounded ranges; each perturbed at its tight point by 1e-9, 1e-12 and 1e-15; and
# needles (violations confined to width 1e-6) in 1, 2 and 3 dimensions.
_TIGHT = [
    # (id, lhs, rel, rhs, ranges): true as written; perturbed = rhs - delta (for <=)
    ("log1p_point", "log(1 + x)", "<=", "x", dict(x=I.closed(0, 50))),
    ("exp_end", "1 - x", "<=", "exp(-x)", dict(x=I.closed(0, 10))),
    ("exp_interior", "1 - x", "<=", "exp(-x)", dict(x=I.closed(-5, 5))),
    ("bernoulli", "1 + n*x", "<=", "(1 + x)^n", dict(x=I.closed(-1, 10), n=I.closed(1, 10))),
    ("sqrt_axes", "sqrt(a + b)", "<=", "sqrt(a) + sqrt(b)",
     dict(a=I.closed(0, 100), b=I.closed(0, 100))),
    ("square_diagonal", "2*x*y", "<=", "x^2 + y^2", dict(x=I.closed(-3, 3), y=I.closed(-3, 3))),
    ("cauchy_schwarz", "(a*c + b*d)^2", "<=", "(a^2 + b^2)*(c^2 + d^2)",
     dict(a=I.closed(-2, 2), b=I.closed(-2, 2), c=I.closed(-2, 2), d=I.closed(-2, 2))),
    ("exp_line", "1 - x", "<=", "exp(-x)", dict(x=I(None, None))),
    ("ratio_tail", "x/(1 + x)", "<=", "1", dict(x=I(0, None))),
]

WHOLE_BOX_TRUE = [
    make_claim(f"wb.{cid}", f"{lhs} {rel} {rhs}", **ranges)
    for cid, lhs, rel, rhs, ranges in _TIGHT
] + [
    # true with a margin of only 2.5e-33 (alternating Taylor remainder)
    make_claim("wb.taylor_tiny", "log(1 + x) <= x - x^2/2 + x^3/3",
               x=I.closed(sympy.Rational(1, 10**8), sympy.Rational(1, 10**6))),
    make_claim("wb.log1p_unbounded", "log(1 + x) <= x", x=I(1, None)),
    make_claim("wb.ratio_strict", "x/(1 + x) < 1", x=I(1, None)),
    # needles' true twins: the same shapes, non-negative
    make_claim("wb.needle3_true", "(x - 1/3)^2 + (y - 2/7)^2 + (z - 5/11)^2 >= 0",
               x=I.closed(0, 1), y=I.closed(0, 1), z=I.closed(0, 1)),
]

WHOLE_BOX_FALSE = [
    make_claim(f"wb.{cid}-{k}", f"{lhs} {rel} {rhs} - 1/10^{k}", **ranges)
    for cid, lhs, rel, rhs, ranges in _TIGHT if cid not in ("exp_line", "ratio_tail")
    for k in (9, 12, 15)
] + [
    make_claim(f"wb.ratio_tail-{k}", f"x/(1 + x) <= 1 - 1/10^{k}", x=I(0, None))
    for k in (9, 12, 15)
] + [
    # the Taylor bound with its 2.5e-33 margin overdrawn by a relative 1e-9 at x = 1e-8
    make_claim("wb.taylor_tiny-9", "log(1 + x) <= x - x^2/2 + x^3/3 - 25000000025/10^43",
               x=I.closed(sympy.Rational(1, 10**8), sympy.Rational(1, 10**6))),
    # needles: violated only within 5e-7 of an interior point (width 1e-6)
    make_claim("wb.needle1", "(x - 1/3)^2 >= 1/(4*10^12)", x=I.closed(0, 1)),
    make_claim("wb.needle2", "(x - 1/3)^2 + (y - 2/7)^2 >= 1/(4*10^12)",
               x=I.closed(0, 1), y=I.closed(0, 1)),
    make_claim("wb.needle3", "(x - 1/3)^2 + (y - 2/7)^2 + (z - 5/11)^2 >= 1/(4*10^12)",
               x=I.closed(0, 1), y=I.closed(0, 1), z=I.closed(0, 1)),
    make_claim("wb.bump1", "2*exp(-(x - 1/3)^2*10^12*277/100) <= 1", x=I.closed(0, 1)),
]
