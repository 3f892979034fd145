"""adp_notes: the source, symbols, the instance pairs (P, Q) the claims are checked on,
and the catalogue."""

import sympy
from sympy import Rational as R, log

from dpproof.claims import Catalogue, Domain, Interval, Source
from dpproof.expr.vocabulary import (Bernoulli, Finite, Laplace, NameShame, Normal, OSGT, Quantize,
                                     TruncNormal, hockey_stick)

SOURCE_FILE = "001_78cbe2bf09a5abad.txt"
closed = Interval.closed
Int = lambda lo, hi: Interval.closed(lo, hi, integer=True)  # noqa: E731
OPEN01 = Interval.open(0, 1)
Pos = lambda lo, hi: Interval(lo, hi, lo_open=True)  # noqa: E731


def src(locator, note=""):
    return Source("adp_notes", SOURCE_FILE, locator, note)


eps, delta, Delta, z = (sympy.Symbol(n, real=True) for n in ("eps", "delta", "Delta", "z"))
i, j, k, n, K = (sympy.Symbol(n, integer=True) for n in ("i", "j", "k", "n", "K"))
sigma = sympy.Symbol("sigma", real=True)
L = log(1 / delta)
E1 = sympy.E

# ---------------------------------------------------------------- instance pairs (P, Q)
RR1 = (Bernoulli(E1 / (1 + E1)), Bernoulli(1 / (1 + E1)))          # 1-DP randomized response
GAUSS = (Normal(0, 1), Normal(1, 1))
LAP = (Laplace(0, 1), Laplace(1, 1))
OSG = (OSGT(0, 2, 1), OSGT(1, 2, 1))
TRUNC = (TruncNormal(0, 1, 2), TruncNormal(1, 1, 2))
NS = (NameShame(R(1, 10), 2, 0), NameShame(R(1, 10), 2, 1))
FIN = (Finite(1, 2, 3, 4), Finite(4, 3, 2, 1))
CONT = (GAUSS, LAP, OSG, TRUNC, TRUNC[::-1])
ALL = (GAUSS, LAP, OSG, RR1, FIN)
TIGHT = (NS, NS[::-1], TRUNC, TRUNC[::-1])  # instances where the bound is attained
EG = Domain.of(i=Int(0, 24))  # eps = i/8 (the .instances grids)
e8 = i / 8
EC = Domain.of(eps=closed(0, None))  # the catalogue claims: every eps >= 0
EC_NOTE = "every eps >= 0"
TIGHT_NARROWED = "the pairs name-and-shame (delta = 1/10, n = 2) and TruncNormal(0,1,2)/(1,1,2), " \
    "both orders"
INSTANCES = "Gaussian N(0,1)/N(1,1), Laplace(0,1)/(1,1), OSGT(0,2,1)/(1,2,1), 1-DP randomized " \
            "response, Finite(1,2,3,4)/(4,3,2,1); eps = i/8"
TIGHT_NOTE = "instances where both sides are equal for large eps: name-and-shame (delta = 1/10, " \
             "n = 2) and TruncNormal(0,1,2)/(1,1,2), both orders; eps = i/8"
# ---------------------------------------------------------------- families (P, Q)
mu, eps0 = sympy.Symbol("mu", real=True), sympy.Symbol("eps0", real=True)
#: eps0-DP randomized response; equal normalisers, so the log-ratios are +-eps0 exactly
RR = (Finite(sympy.exp(eps0), 1), Finite(1, sympy.exp(eps0)))
RR_FAMILY = "eps0-DP randomized response Finite(e^eps0, 1)/Finite(1, e^eps0), every eps0 >= 0"
u, v = sympy.Symbol("u", real=True), sympy.Symbol("v", real=True)
#: every law of full support on 3 points, (e^u, e^v, 1) normalised, against its reversal
REV3 = (Finite(sympy.exp(u), sympy.exp(v), 1), Finite(1, sympy.exp(v), sympy.exp(u)))
REV3_FAMILY = "every law of full support on 3 points against its reversal, Finite(e^u, e^v, " \
    "1)/Finite(1, e^v, e^u), every real u, v"
FAMILIES = ((Normal(0, 1), Normal(mu, 1)), (Laplace(0, 1), Laplace(mu, 1)))
EFAM = Domain.of(mu=Pos(0, None), eps=closed(0, None))
FAMILY = "the pairs N(0,1)/N(mu,1) and Laplace(0,1)/Laplace(mu,1), every mu > 0"
FAMILY_NOTE = ("every eps >= 0; the shift families N(0,1)/N(mu,1) and Laplace(0,1)/"
               "Laplace(mu,1), every mu > 0: they cover every N(m,s^2)/N(m+D,s^2) and "
               "Laplace(m,b)/(m+D,b), D != 0 (y -> (y - m)/s, resp. /b, and y -> -y are "
               "bijections, which leave every hockey-stick and privacy-loss mass unchanged: "
               "mu = |D|/s); mu = 0 is P = Q, where both sides are 0.  Tried and not decided "
               "in time: " + RR_FAMILY + " as a third conjunct (PROVED alone in 13 s, but the "
               "claim passed its 120 s limit: the whole-claim engines run before the conjuncts; "
               "under load), Bernoulli(p)/Bernoulli(q), p, q in (0, 1), and the laws "
               "Finite(e^a, e^b, e^c, 1) against their reversal, every a, b, c: sympy did not "
               "finish in 20 s, the interval engine certified under 1% of the box in 40-110 s "
               "(the margin vanishes on the kink surfaces eps = a log-ratio).  The fixed pairs "
               "OSGT(0,2,1)/(1,2,1), 1-DP RR and Finite(1,2,3,4)/(4,3,2,1) are checked on "
               "eps = i/8 in the .instances claim")


def hs(pair, e):
    return hockey_stick(pair[0], pair[1], e)


def quantized(pair, *cuts):
    return tuple(Quantize(P, *cuts) for P in pair)


catalogue = Catalogue(__package__)   # by section: see __init__
