"""The rule ``instance``: a statement over every law read at one law, as a chain's link.

The law here: Y = x + s (2B - 1), B a fair coin.  Then E|Y - x| = s, V[Y] = s^2, and the
link E|Y - x| <= sqrt(V[Y]) is Jensen's (perspective of t^2) at that law, given E[Y] = x."""

import pytest
import sympy
from sympy import Rational, sqrt

from dpproof.calculus import POSITIVE, REAL, Proof, instance, perspective, pointwise
from dpproof.checking import check_claim
from dpproof.claims import Claim, Domain, Statement
from dpproof.evidence import Verdict

from .common import CONFIG, SRC, ctx, premise_verdicts

x, s = sympy.Symbol("x", real=True), sympy.Symbol("s", positive=True)
P, Q = sympy.symbols("p q", real=True)
DOMAIN = Domain.of(x=REAL, s=POSITIVE)
HALF = Rational(1, 2)
MEAN = (x - s) * HALF + (x + s) * HALF         # E[Y], summed from the law (unexpanded)
ABS_DEV = abs(-s) * HALF + abs(s) * HALF       # E|Y - x|
VAR = (x - s - MEAN)**2 * HALF + (x + s - MEAN)**2 * HALF


def _link(cid, link, mean_premise):
    step = instance(link, "Jensen at the coin's law, with E[Y] = x",
                    perspective(ctx(cid), P**2 / Q, {}, "second_derivative"),
                    pointwise(f"{cid}.premise.mean", mean_premise, SRC, "E[Y] = x",
                              x=REAL, s=POSITIVE))
    return Claim(cid, SRC, link, DOMAIN, proof=Proof(step))


def test_a_true_link_is_proved_with_its_tree():
    c = _link("t.inst", Statement(ABS_DEV, "<=", sqrt(VAR)), Statement(MEAN, "==", x))
    a = check_claim(c, CONFIG)
    assert a.verdict is Verdict.PROVED, a.scope
    assert set(premise_verdicts(a).values()) == {"PROVED"}
    assert a.evidence[0].data["rules"] == ["convexity", "perspective", "instance"]
    # swept as written: the link's own statement, not only a family
    assert "t.inst: " in a.evidence[0].data["cross_examination"]


def test_a_false_premise_never_holds():
    # E[Y] = x + s/4 is false for the coin: the premise is refuted, the link not proved
    c = _link("t.inst.bad", Statement(ABS_DEV, "<=", sqrt(VAR)),
              Statement(MEAN, "==", x + s / 4))
    a = check_claim(c, CONFIG)
    assert premise_verdicts(a)["t.inst.bad.premise.mean"] == "REFUTED"
    assert not a.verdict.holds and "every law" not in a.label


def test_a_wrong_link_with_true_premises_is_caught_by_its_sweep():
    # 2 E|Y - x| <= sqrt(V[Y]) is false (2 s > s); the premises cannot see it, the sweep of
    # the statement as written does: the pair is a soundness failure, never a holding verdict
    c = _link("t.inst.wrong", Statement(2 * ABS_DEV, "<=", sqrt(VAR)), Statement(MEAN, "==", x))
    a = check_claim(c, CONFIG)
    assert not a.verdict.holds
    assert any(e.verdict is Verdict.REFUTED for e in a.evidence)


def test_a_statement_needs_the_rule_instance_of_that_same_statement():
    step = instance(Statement(ABS_DEV, "<=", sqrt(VAR)), "reading",
                    perspective(ctx("t.m"), P**2 / Q, {}, "second_derivative"),
                    pointwise("t.m.premise", Statement(MEAN, "==", x), SRC, "", x=REAL,
                              s=POSITIVE))
    with pytest.raises(ValueError, match="instance' of its statement"):
        Claim("t.m", SRC, Statement(ABS_DEV, "<=", 2 * sqrt(VAR)), DOMAIN, proof=Proof(step))
    with pytest.raises(ValueError, match="instance' of its statement"):
        Claim("t.m", SRC, Statement(ABS_DEV, "<=", sqrt(VAR)), DOMAIN,
              proof=Proof(step.children[0]))
    with pytest.raises(ValueError, match="premises the instance needs"):
        instance(Statement(x, "<=", x), "reading", step.children[0])
