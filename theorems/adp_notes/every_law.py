"""adp_notes: the proofs over every law of its statements about every mechanism, by the
calculus (docs/calculus.md); the family encodings stay as ``.family`` claims, over which
each conclusion is also swept."""

import sympy
from sympy import Max, Piecewise, exp

from dpproof.calculus import (NONNEG, Context, Density, Functional, Proof, composition,
                              data_processing, events, group_privacy, hockey, loss_tail,
                              monotonicity, null_sets, split)
from dpproof.claims import Claim, Statement

from .common import K, delta, eps

P, Q = Density("p"), Density("q")
p, q = P.value, Q.value


def proved(cid, source, step, family, note):
    """The claim ``cid`` over every law, proved by ``step``, swept over ``family``."""
    return Claim(cid, source, None, proof=Proof(step, (family,) if family else ()), note=note)


def hockey_stick_events(cid, source):
    return events(Context(cid, source), P, Q, exp(eps), {"eps": NONNEG})


def recipe(cid, source):
    bad = Functional("P(p > e^eps q)", p * Piecewise((1, p > exp(eps) * q), (0, True)), (P, Q))
    return monotonicity(Context(cid, source), hockey(P, Q, eps), ((1, bad),),
                        {"p": NONNEG, "q": NONNEG, "eps": NONNEG},
                        cases=((Statement(p, ">", exp(eps) * q),),
                               (Statement(p, "<=", exp(eps) * q),)))


def remark3_sufficient(cid, source):
    """H_eps(P||Q) <= P(|Z| > eps): max(0, p - e^eps q) <= p 1[|Z| > eps] in the three cases
    p > e^eps q, q > e^eps p, neither (``split``: they cover the closed orthant)."""
    return monotonicity(Context(cid, source), hockey(P, Q, eps), ((1, loss_tail(P, Q, eps)),),
                        {"p": NONNEG, "q": NONNEG, "eps": NONNEG},
                        cases=split(Statement(p, ">", exp(eps) * q),
                                    Statement(q, ">", exp(eps) * p)))


def remark3_pure_if(cid, source):
    """|Z| <= eps a.s. in both orders => eps-DP: H_eps(P||Q) + H_eps(Q||P) <= P(|Z| > eps) +
    Q(|Z'| > eps) (Z' = log(q/p) under Q), pointwise in the three ``split`` cases."""
    both = Functional("H_eps(P||Q) + H_eps(Q||P)", hockey(P, Q, eps).integrand
                      + hockey(Q, P, eps).integrand, (P, Q))
    return monotonicity(Context(cid, source), both,
                        ((1, loss_tail(P, Q, eps)), (1, loss_tail(Q, P, eps))),
                        {"p": NONNEG, "q": NONNEG, "eps": NONNEG},
                        cases=split(Statement(p, ">", exp(eps) * q),
                                    Statement(q, ">", exp(eps) * p)))


def remark3_pure(cid, source):
    """eps-DP => |Z| <= eps a.s. in both orders: H_eps(P||Q) + H_eps(Q||P) = 0 => P(|Z| > eps)
    + Q(|Z'| > eps) = 0 (null sets): where p > e^eps q or q > e^eps p the hockey-sticks'
    integrand is > 0 (a null set), elsewhere both tails' integrands vanish."""
    both = Functional("H_eps(P||Q) + H_eps(Q||P)", hockey(P, Q, eps).integrand
                      + hockey(Q, P, eps).integrand, (P, Q))
    tails = Functional("P(|Z| > eps) + Q(|Z'| > eps)", loss_tail(P, Q, eps).integrand
                       + loss_tail(Q, P, eps).integrand, (P, Q))
    return null_sets(Context(cid, source), both, tails, {"p": NONNEG, "q": NONNEG, "eps": NONNEG},
                     split(Statement(p, ">", exp(eps) * q), Statement(q, ">", exp(eps) * p)),
                     frozenset({0, 1}))


def post_processing(cid, source):
    return data_processing(Context(cid, source), "H_eps", Max(0, p - exp(eps) * q),
                           {"eps": NONNEG}, "max_of_affine", (0, 0))


def group(cid, source):
    k = sympy.Symbol(K.name, real=True)
    return group_privacy(Context(cid, source), eps, delta, k, k * exp((k - 1) * eps) * delta)


def basic_composition(cid, source):
    return composition(Context(cid, source), sympy.Symbol("k", real=True))
