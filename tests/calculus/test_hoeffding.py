"""Hoeffding's lemma for the privacy loss (cesar_rogers21 Lemma 3.2), and the conjunction of
two conclusions: true premises, false ones, and the conclusion on finite laws (the centred
log-mgf from the definition, two-point laws at the interval's ends among them)."""

import random

import mpmath
import pytest
import sympy
from sympy import Rational as R

from dpproof.calculus import POSITIVE, both, hoeffding, secant
from dpproof.claims import Interval
from dpproof.evidence import Verdict

from .common import ctx, decide, premise_verdicts

eps, theta = (sympy.Symbol(n, real=True) for n in ("eps", "theta"))
p, q = (sympy.Symbol(n, real=True) for n in ("p", "q"))
UNIT = Interval.closed(0, 1)


def _dp(cid, lo=-eps, hi=eps, bound=eps**2 / 2):
    return hoeffding(ctx(cid), lo, hi, bound, {"eps": POSITIVE}, "eps-DP")


def test_dp_and_br_ranges_proved():
    a = decide("h.dp", _dp("h.dp"))
    assert a.verdict is Verdict.PROVED and "every law" in a.label
    assert set(premise_verdicts(a).values()) == {"PROVED"}
    assert a.evidence[0].data["rules"] == ["hoeffding"]
    # eps-BR: t - eps <= L <= t, t = theta eps in [0, eps]; width eps, so eps^2/8
    br = hoeffding(ctx("h.br"), (theta - 1) * eps, theta * eps, eps**2 / 8,
                   {"eps": POSITIVE, "theta": UNIT}, "eps-BR")
    a = decide("h.br", br)
    assert a.verdict is Verdict.PROVED
    assert br.says.startswith("for every P, Q with eps*(theta - 1) <= L <= eps*theta P-a.s. "
                              "(eps-BR) and every real lambda")
    assert br.says.endswith("<= exp(lambda^2*(eps**2/8)); eps in (0, inf), theta in [0, 1]")


@pytest.mark.parametrize("cid, kw, bad", [
    # half the true parameter: (2 eps)^2/8 = eps^2/2 > eps^2/4
    ("h.small", dict(bound=eps**2 / 4), "premise2.hoeffding"),
    # an empty interval: lo > hi
    ("h.empty", dict(lo=eps, hi=-eps), "premise1.hoeffding"),
])
def test_false_premises_never_hold(cid, kw, bad):
    a = decide(cid, _dp(cid, **kw))
    assert premise_verdicts(a)[f"{cid}.{bad}"] == "REFUTED"
    assert not a.verdict.holds and "every law" not in a.label


def _centred_log_mgf(ps, qs, lam):
    """log E_P exp(lam (L - E_P L)), L = log(p/q), from the definition (mpmath)."""
    ls = [mpmath.log(a / b) for a, b in zip(ps, qs)]
    mean = mpmath.fsum(a * x for a, x in zip(ps, ls))
    return mpmath.log(mpmath.fsum(a * mpmath.exp(lam * (x - mean)) for a, x in zip(ps, ls)))


def _law(rng, n, e):
    """A random pair of laws on n points with e^-e q <= p <= e^e q."""
    while True:
        qs = [mpmath.mpf(rng.random()) + mpmath.mpf("0.01") for _ in range(n)]
        w = [mpmath.exp(e * (2 * rng.random() - 1)) for _ in range(n)]
        z = mpmath.fsum(a * b for a, b in zip(qs, w))
        zq = mpmath.fsum(qs)
        ps, qs = [a * b / z for a, b in zip(qs, w)], [a / zq for a in qs]
        if all(mpmath.exp(-e) * b <= a <= mpmath.exp(e) * b for a, b in zip(ps, qs)):
            return ps, qs


def test_conclusion_on_finite_dp_laws():
    mpmath.mp.dps = 30
    rng = random.Random(0)
    worst = mpmath.mpf(0)
    for _ in range(300):
        e = mpmath.mpf(rng.choice(["0.1", "0.5", "1", "2", "4"]))
        lam = mpmath.mpf(rng.uniform(-8, 8))
        ps, qs = _law(rng, rng.randint(2, 6), e)
        lhs = _centred_log_mgf(ps, qs, lam)
        assert lhs <= lam**2 * e**2 / 2
        worst = max(worst, lhs / (lam**2 * e**2 / 2))
    # the two-point law at the ends, balanced: log cosh(lam eps), close to the bound at small
    # lam eps -- the lemma is tight at lambda -> 0
    e, lam = mpmath.mpf(1), mpmath.mpf("0.001")
    assert mpmath.log(mpmath.cosh(lam * e)) / (lam**2 * e**2 / 2) > mpmath.mpf("0.999999")
    assert worst < 1


def test_both_holds_only_when_each_part_does():
    mean = secant(ctx("h.both"), "KL", p * sympy.log(p / q), sympy.exp(-eps), sympy.exp(eps),
                  eps * (sympy.exp(eps) - 1) / (sympy.exp(eps) + 1), {"eps": POSITIVE})
    step = both(mean, hoeffding(ctx("h.both"), -eps, eps, eps**2 / 2, {"eps": POSITIVE},
                                "eps-DP"))
    assert step.says.count("; and ") == 1 and step.rules() == ["convexity", "secant",
                                                                 "hoeffding", "both"]
    assert decide("h.both", step).verdict is Verdict.PROVED
    c = ctx("h.half")
    half = both(secant(c, "KL", p * sympy.log(p / q), sympy.exp(-eps), sympy.exp(eps),
                       R(1, 2) * eps * (sympy.exp(eps) - 1) / (sympy.exp(eps) + 1),
                       {"eps": POSITIVE}),
                hoeffding(c, -eps, eps, eps**2 / 2, {"eps": POSITIVE}, "eps-DP"))
    a = decide("h.half", half)
    assert not a.verdict.holds and "every law" not in a.label
    with pytest.raises(ValueError):
        both(half)
