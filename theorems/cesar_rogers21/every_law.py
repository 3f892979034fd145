"""cesar_rogers21: the statements about every mechanism proved by the calculus
(docs/calculus.md); the family encodings stay as ``.family`` claims, over which each
conclusion is also swept."""

import sympy
from sympy import exp, log

from dpproof.calculus import POSITIVE, Context, Density, bounded_range, secant

P, Q = Density("p"), Density("q")
p, q = P.value, Q.value
eps = sympy.Symbol("eps", real=True)


def dp_mean(cid, source):
    """Lemma 3.2, the mean of an eps-DP round: E[L] = KL(P||Q) <= eps (e^eps - 1)/(e^eps + 1)
    = eps tanh(eps/2) for every P, Q with e^-eps q <= p <= e^eps q (eps-DP both ways), every
    eps > 0: t log t lies below its chord on [e^-eps, e^eps] (``secant``); the chord at
    t = 1 is the bound exactly, so RR (loss +-eps only) attains it."""
    return secant(Context(cid, source), "KL", p * log(p / q), exp(-eps), exp(eps),
                  eps * (exp(eps) - 1) / (exp(eps) + 1), {"eps": POSITIVE})


def br_range(cid, source):
    """Lemma 2.1 for every pair of neighbouring laws: eps-DP => 2 eps-BR, eps-BR => eps-DP,
    eps-BR => some t in [0, eps] with t - eps <= L <= t (``bounded_range``)."""
    return bounded_range(Context(cid, source))
