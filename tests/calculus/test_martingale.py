"""Lemma 3.1's supermartingale rule, the consequence of a class's definition, and the set-wise
composition rule (cesar_rogers21 Lemmas 3.1-3.3): true premises, false ones, and the
conclusion on finite martingales computed from the definition (every path enumerated)."""

import itertools
import math
from fractions import Fraction

import pytest
import sympy
from sympy import exp

from dpproof.calculus import (NONNEG, POSITIVE, REAL, consequence, setwise_composition,
                              supermartingale)
from dpproof.claims import Statement
from dpproof.evidence import Verdict

from .common import ctx, decide, premise_verdicts

beta, B = sympy.Symbol("beta", real=True), sympy.Symbol("B", real=True)
PARAMS = {"beta": NONNEG, "B": POSITIVE}


def test_lemma3_1_proved_for_every_n():
    step = supermartingale(ctx("sm"), beta, B, exp(-beta**2 / (2 * B)), beta / B, PARAMS)
    a = decide("sm", step)
    assert a.verdict is Verdict.PROVED and "every law" in a.label
    assert set(premise_verdicts(a).values()) == {"PROVED"}
    assert a.evidence[0].data["rules"] == ["supermartingale", "induction"]
    assert step.says.endswith("P[X_1 + ... + X_n >= beta] <= exp(-beta**2/(2*B)); beta in "
                              "[0, inf), B in (0, inf)")


@pytest.mark.parametrize("cid, bound, lam", [
    ("sm.strong", exp(-beta**2 / B), beta / B),          # the exponent without its 1/2
    ("sm.lam", exp(-beta**2 / (2 * B)), 2 * beta / B),   # Markov at the wrong lambda
])
def test_false_markov_premise_never_holds(cid, bound, lam):
    a = decide(cid, supermartingale(ctx(cid), beta, B, bound, lam, PARAMS))
    assert premise_verdicts(a)[f"{cid}.premise6.supermartingale"] == "REFUTED"
    assert not a.verdict.holds and "every law" not in a.label


def _tail(n, size, threshold):
    """P[M_n >= threshold] for M_n = sum of fair +-size_i steps, size_i = size(past steps)
    (predictable), and B = max over paths of sum size_i^2: every path enumerated, exactly."""
    hits, worst = Fraction(0), Fraction(0)
    for signs in itertools.product((-1, 1), repeat=n):
        m, s2 = Fraction(0), Fraction(0)
        for i, sg in enumerate(signs):
            c = size(signs[:i])
            m, s2 = m + sg * c, s2 + c * c
        worst = max(worst, s2)
        hits += Fraction(1, 2**n) if m >= threshold else 0
    return hits, worst


@pytest.mark.parametrize("size", [
    lambda past: Fraction(1, 3),                                    # fixed steps
    lambda past: Fraction(1, 2) if sum(past) >= 0 else Fraction(1, 4),   # adaptive: bet on
    lambda past: Fraction(1, 1 + len(past)),                       # shrinking steps
])
def test_the_conclusion_holds_on_enumerated_martingales(size):
    """A fair +-c step is c^2-subgaussian (cosh(l c) <= exp(l^2 c^2/2)); with B the largest
    sum of c_i^2 over the paths, P[M_n >= beta] <= exp(-beta^2/(2 B)) at every beta >= 0;
    the tails are not trivially 0 (each starts above 2/5 at beta = 0)."""
    n = 8
    for b in (Fraction(0), Fraction(1, 2), Fraction(1), Fraction(3, 2), Fraction(5, 2)):
        tail, worst = _tail(n, size, b)
        assert tail <= math.exp(-float(b * b) / (2 * float(worst))) + 1e-15
    assert _tail(n, size, Fraction(0))[0] > Fraction(2, 5)


def test_below_zero_is_outside_the_statement():
    """beta < 0: M_n = 0 (all sigma_i = 0 but B > 0) has P[M_n >= beta] = 1 > exp(-beta^2/2B),
    so the rule's domain beta >= 0 is needed: at beta = -1, B = 1 the Markov premise fails."""
    step = supermartingale(ctx("sm.neg"), beta, B, exp(-beta**2 / (2 * B)), beta / B,
                           {"beta": REAL, "B": POSITIVE})
    a = decide("sm.neg", step)
    assert premise_verdicts(a)["sm.neg.premise6.supermartingale"] == "REFUTED"
    assert not a.verdict.holds


mu, tau, lam, m, g = (sympy.Symbol(n, real=True) for n in ("mu", "tau", "lam", "mean", "mgf"))
CDP = (Statement(m, "<=", mu), Statement(g, "<=", exp(lam**2 * tau**2 / 2)))
RANGES = {"mu": REAL, "tau": POSITIVE, "lam": REAL, "mean": REAL, "mgf": NONNEG}


def test_a_consequence_of_the_definition_is_proved():
    step = consequence(ctx("cq"), "(mu, tau)-CDP", CDP,
                       (Statement(m, "<=", mu + 1), Statement(m - 1, "<=", mu)),
                       RANGES)
    a = decide("cq", step)
    assert a.verdict is Verdict.PROVED
    assert step.says.startswith("for every law of (mu, tau)-CDP (mean <= mu, mgf <= ")


def test_what_the_definition_does_not_give_never_holds():
    """tau^2/4 in place of tau^2/2: false at mgf = exp(lam^2 tau^2/2), lam != 0."""
    step = consequence(ctx("cq.bad"), "(mu, tau)-CDP", CDP,
                       (Statement(g, "<=", exp(lam**2 * tau**2 / 4)),), RANGES)
    a = decide("cq.bad", step)
    assert not a.verdict.holds and "every law" not in a.label
    with pytest.raises(ValueError):
        consequence(ctx("cq.none"), "nothing", (), CDP, RANGES)


eps = sympy.Symbol("eps", real=True)


def _toy_rounds(cid, var):
    """One class whose Lemma 3.2 step is a consequence of its definition (mean <= eps,
    mgf <= exp(lam^2 eps^2/2)), printed as mean eps and variance ``var``."""
    c = ctx(cid)
    step = consequence(c, "toy", CDP, CDP[:1], RANGES)
    return c, (("toy", step, eps, eps, var, eps**2 / 2, {"eps": POSITIVE}),)


def test_setwise_composition_holds_with_the_steps_constants():
    c, rounds = _toy_rounds("sw", eps**2)
    a = decide("sw", setwise_composition(c, rounds, sympy.Symbol("delta"), {}))
    assert a.verdict.holds and "every law" in a.label
    assert "setwise" in a.evidence[0].data["rules"]


def test_setwise_composition_with_a_smaller_variance_never_holds():
    """eps^2/4 printed where the step's subgaussian constant gives sigma^2 = eps^2."""
    c, rounds = _toy_rounds("sw.bad", eps**2 / 4)
    a = decide("sw.bad", setwise_composition(c, rounds, sympy.Symbol("delta"), {}))
    assert premise_verdicts(a)["sw.bad.premise3.setwise"] == "REFUTED"
    assert not a.verdict.holds
