"""adp_notes: the name-and-shame example (delta-approximate DP that is not private)."""

from sympy import Max

from dpproof.claims import Claim, Domain, Statement
from dpproof.expr.vocabulary import NameShame

from .common import Int, catalogue, closed, delta, hs, i, n, src

# ---------------------------------------------------------------- name and shame
nsc = (NameShame(delta, n, 0), NameShame(delta, n, 1))
catalogue.declare(Claim(
    "adp_notes.name_and_shame.dp", src("Example (Name-and-Shame), Claim"),
    Statement(Max(hs(nsc, 0), hs(nsc[::-1], 0)), "<=", delta),
    Domain.of(delta=closed(0, 1), n=Int(1, 3)), narrowed="n <= 3 people",
    note="H_0 of the output laws of n people, person 1 changed, both orders; delta in "
         "[0, 1] continuous, n in {1, 2, 3} (the law of n people has 2^n outcomes; n <= 8 "
         "stayed SUPPORTED after 105 s. The other n - 1 people add the same independent "
         "factor to both laws, which leaves H_0 unchanged, but no engine proves that)"))
ns = (NameShame(i / 10, n, 0), NameShame(i / 10, n, 1))
catalogue.declare(Claim(
    "adp_notes.name_and_shame.dp.instances", src("Example (Name-and-Shame), Claim"),
    Statement(Max(hs(ns, 0), hs(ns[::-1], 0)), "<=", i / 10),
    Domain.of(i=Int(0, 10), n=Int(1, 3)), derived={"delta": i / 10},
    note="H_0 of the output laws of n people, person 1 changed, both orders; delta = i/10"))
un = Domain.of(delta=closed(0, 1), n=Int(1, 10**6))
catalogue.declare(Claim("adp_notes.name_and_shame.union", src("Example, union bound"),
               Statement(1 - (1 - delta)**n, "<=", n * delta), un, narrowed="n <= 10^6",
               note="the 'at most n delta' part; delta in [0, 1] continuous, n in {1..10^6} "
                    "(on every n >= 1 the interval engine cuts the unbounded end at 1e6: "
                    "SUPPORTED)"))
catalogue.declare(Claim("adp_notes.name_and_shame.union.approx", src("Example, union bound"),
               Statement(n * delta - (1 - (1 - delta)**n), "<=", (n * delta)**2 / 2), un,
               narrowed="n <= 10^6",
               note="'approximately n delta' read as: the error is at most (n delta)^2/2; "
                    "delta in [0, 1] continuous, n in {1..10^6}"))
