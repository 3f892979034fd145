"""The conformance cases every engine is run on: true, false, and true-but-treacherous."""

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
