"""adp_notes: the name-and-shame example (delta-approximate DP that is not private)."""

from sympy import Max

from dpproof.claims import Claim, Domain, Interval, Statement
from dpproof.expr.vocabulary import NameShame

from .common import Int, catalogue, closed, delta, hs, i, n, src

# ---------------------------------------------------------------- name and shame
nsc = (NameShame(delta, n, 0), NameShame(delta, n, 1))
catalogue.declare(Claim(
    "adp_notes.name_and_shame.dp", src("Example (Name-and-Shame), Claim"),
    Statement(Max(hs(nsc, 0), hs(nsc[::-1], 0)), "<=", delta),
    Domain.of(delta=closed(0, 1), n=Interval(1, None, integer=True)),
    note="H_0 of the output laws of n people, person 1 changed, both orders; delta in "
         "[0, 1] continuous, every n >= 1.  The law of n people is person 1's law times "
         "person(0)^(n - 1), the same independent factor in both laws, and H_eps(P x R || "
         "Q x R) = sum_y r(y) H_eps(P || Q) = H_eps(P || Q) exactly: the symbolic oracle "
         "drops the common factor (for every integer n >= 1, n symbolic) and derives "
         "H_0 = delta for one person"))
ns = (NameShame(i / 10, n, 0), NameShame(i / 10, n, 1))
catalogue.declare(Claim(
    "adp_notes.name_and_shame.dp.instances", src("Example (Name-and-Shame), Claim"),
    Statement(Max(hs(ns, 0), hs(ns[::-1], 0)), "<=", i / 10),
    Domain.of(i=Int(0, 10), n=Int(1, 3)), derived={"delta": i / 10},
    note="H_0 of the output laws of n people, person 1 changed, both orders; delta = i/10"))
un = Domain.of(delta=closed(0, 1), n=Interval(1, None, integer=True))
INDUCTION = ("delta in [0, 1] continuous, every n >= 1 (the symbolic engine's induction on n: "
             "the margin is C (1 - delta)^n + Q(n), so e(n + 1) = (1 - delta) e(n) + g(n) with g "
             "a polynomial >= 0, and e(1) >= 0)")
catalogue.declare(Claim("adp_notes.name_and_shame.union", src("Example, union bound"),
               Statement(1 - (1 - delta)**n, "<=", n * delta), un,
               note="the 'at most n delta' part; " + INDUCTION))
catalogue.declare(Claim("adp_notes.name_and_shame.union.approx", src("Example, union bound"),
               Statement(n * delta - (1 - (1 - delta)**n), "<=", (n * delta)**2 / 2), un,
               note="'approximately n delta' read as: the error is at most (n delta)^2/2; "
                    + INDUCTION))
