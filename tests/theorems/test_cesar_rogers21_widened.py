"""cesar_rogers21: the ids widened to the source's stated domain (issue 29) -- what each
now decides, that its verdict line says so, and that the old narrowed encoding survives
under a suffixed id."""

from fractions import Fraction

import mpmath
import pytest
import sympy
from flint import arb, ctx, fmpq

import theorems.cesar_rogers21 as mod
from dpproof.calculus import NONNEG, POSITIVE, Context, Proof, hockey, mass, monotonicity
from dpproof.checking import check_claim
from dpproof.claims import Claim, Source
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.oracles import distributions as dist, divergences as div
from theorems.cesar_rogers21 import every_law
from theorems.cesar_rogers21.closed_forms import thm1_delta

BY_ID = {c.id: c for c in mod.CLAIMS}
CONFIG = Config(timeout=120, engine_timeout=40)
SRC = Source("test", "tests/theorems", "cesar_rogers21")


def _decide(step):
    """The calculus' verdict on ``step`` (its premises through check_claim, no sweep)."""
    return check_claim(Claim("t.cr21", SRC, None, proof=Proof(step, ())), CONFIG)


@pytest.mark.slow
def test_lemma6_2_over_every_law_every_scale():
    c = BY_ID["cesar_rogers21.lemma6_2.one_coordinate"]
    assert c.extent == "over every law (the calculus: monotonicity)"
    assert [s.id for s in c.proof.sweeps] == ["cesar_rogers21.lemma6_2.family"]
    box = BY_ID["cesar_rogers21.lemma6_2.family"]
    assert box.extent.startswith("on a truncated box (Delta_0 = 1, Laplace scale b = e/4")
    a = _decide(every_law.dp_to_theorem1("t.l62", SRC))
    assert a.verdict is Verdict.PROVED and "every law" in a.label


@pytest.mark.slow
def test_lemma6_2_every_delta0_through_products_of_dp_pairs():
    """The catalogue id covers every Delta_0: dp_products, then Lemma 5.2's weights, then
    Theorem 1 term by term; the Laplace premise is the reverse triangle inequality."""
    c = BY_ID["cesar_rogers21.lemma6_2"]
    assert c.extent.startswith("over every law (the calculus: dp_products, repeated_steps")
    assert [s.id for s in c.proof.sweeps] == ["cesar_rogers21.lemma6_2.family"]
    assert c.proof.root.rules() == ["dp_products", "repeated_steps", "both", "instance"]
    a = _decide(every_law.laplace_products("t.l62k", SRC))
    assert a.verdict is Verdict.PROVED and "every law" in a.label


@mpmath.workdps(15)             # restores the caller's precision
def test_lemma6_2_laplace_products_against_the_densities():
    """Laplace noise of scale 1/eps0 on k = 2 coordinates, each moved by 1: the hockey-stick
    of the product from the densities (E_P[(1 - e^(eps - L))_+], L the sum of the two
    coordinates' log-ratios, by mpmath quadrature) is at most Theorem 1 at (2, eps0, eps),
    and of its order (not vacuous) -- the conclusion at laws off the family's grid."""
    for e0, e in (("1/2", "1/4"), ("2", "1"), ("3/2", "0")):
        e0, e = (mpmath.mpf(Fraction(v).numerator) / Fraction(v).denominator for v in (e0, e))
        dens = lambda z: e0 / 2 * mpmath.exp(-e0 * abs(z - 1))        # P's coordinate
        loss = lambda z: mpmath.log(dens(z) / (e0 / 2 * mpmath.exp(-e0 * abs(z))))
        # off [0, 1] the loss is constant (-eps0 below, eps0 above): P's mass there is the
        # integral of its density, then quadrature on [0, 1] split where the kink may be
        below = mpmath.quad(dens, [-mpmath.inf, 0])
        above = mpmath.quad(dens, [1, mpmath.inf])

        def expect(f):
            nodes = mpmath.linspace(0, 1, 9)
            return (below * f(loss(mpmath.mpf(-1))) + above * f(loss(mpmath.mpf(2)))
                    + mpmath.quad(lambda z: dens(z) * f(loss(z)), nodes))

        got = expect(lambda l1: expect(lambda l2: max(0, 1 - mpmath.exp(e - l1 - l2))))
        bound = sum(mpmath.binomial(2, i) * max(mpmath.exp((2 - i) * e0)
                                                - mpmath.exp(e + i * e0), 0)
                    for i in range(3)) / (1 + mpmath.exp(e0))**2
        assert got <= bound + mpmath.mpf(10)**-10, (e0, e, got, bound)
        assert got > bound / 10, (e0, e, got, bound)


def test_lemma6_2_premise_needs_both_hockey_sticks():
    """Without H_eps0(Q||P) the pointwise premise fails (t = p/q below e^-eps0): refuted."""
    P, Q, X, Y = every_law.P, every_law.Q, every_law.X6, every_law.Y6
    e0, e = sympy.log(1 + X), sympy.log(1 + Y)
    w = sympy.Max(0, X - Y) / (X * (X + 2))
    step = monotonicity(Context("t.l62m", SRC), hockey(P, Q, e),
                        ((thm1_delta(1, e0, e).doit() + w, mass(P)), (-w, mass(Q)),
                         (1, hockey(P, Q, e0))),
                        {"p": NONNEG, "q": NONNEG, "x": POSITIVE, "y": NONNEG})
    (prem,) = step.all_premises()
    assert check_claim(prem, CONFIG).verdict is Verdict.REFUTED


def test_lemma6_2_conclusion_on_laplace_and_rr():
    """Laplace(0, b) vs Laplace(1, b) (eps0 = 1/b) stays below Theorem 1 at k = 1, which RR
    attains: the bound of the conclusion at H_eps0 = 0, at scales off lemma6_2's grid."""
    with ctx.workprec(128):
        for b, e in (("3/10", "1/2"), ("37/10", "1/10"), ("1/20", "12"), ("2", "1/2")):
            b, e = arb(fmpq(Fraction(b).numerator, Fraction(b).denominator)), arb(
                fmpq(Fraction(e).numerator, Fraction(e).denominator))
            e0 = 1 / b
            lap = div.hockey_stick(dist.Laplace(arb(0), b), dist.Laplace(arb(1), b), e)
            bound = (e0.exp() - e.exp()) / (1 + e0.exp()) if e < e0 else arb(0)
            assert lap < bound + arb("1e-30")
            assert not (lap > bound)
            rr = div.hockey_stick(dist.randomized_response(e0),
                                  dist.randomized_response(e0, 2, 1), e)
            assert abs(rr - bound) < arb("1e-25")


@pytest.mark.slow
def test_em_br_on_every_finite_outcome_set():
    """The gap L_1 - L_2 of the N-outcome exponential mechanism has no normaliser: the
    widened claim and the three-outcome one (.three) are the same statement; the gap
    agrees with log-ratios computed from the masses of a 5-outcome mechanism."""
    new, old = BY_ID["cesar_rogers21.def2_3.em_br"], BY_ID["cesar_rogers21.def2_3.em_br.three"]
    assert new.extent.startswith("over the family (exponential mechanisms on every finite "
                                 "outcome set (N >= 2 outcomes)")
    assert old.extent.startswith("over the family (exponential mechanisms on three outcomes")
    assert sympy.simplify(new.statement.lhs - old.statement.lhs) == 0
    from theorems.cesar_rogers21.preliminaries import em_gap_n
    f1, f2 = sympy.symbols("f1 f2", real=True)
    gap = em_gap_n(sympy.Rational(3, 2), (f1, f2))
    u = [sympy.Rational(v) for v in ("2", "-1/3", "5", "0", "7/2")]
    f = [sympy.Rational(v) for v in ("1/5", "9/10", "0", "1", "1/2")]
    w = [ui + fi for ui, fi in zip(u, f)]
    m = [[sympy.exp(sympy.Rational(3, 2) * vi) / sum(sympy.exp(sympy.Rational(3, 2) * x) for x in v)
          for vi in v] for v in (u, w)]
    direct = sympy.log(m[0][0] / m[1][0]) - sympy.log(m[0][1] / m[1][1])
    assert abs(float(direct - gap.subs({f1: f[0], f2: f[1]}))) < 1e-12
    a = check_claim(new, CONFIG)
    assert a.verdict is Verdict.PROVED and "whole domain" in a.scope


@pytest.mark.slow
def test_lemma2_2_over_every_cdp_pair():
    """D_alpha = m + K/(alpha - 1) (the unfolded definition the family rests on) on a
    finite pair, D_alpha from the Renyi oracle; the claim PROVED on its whole domain; the RR
    encoding kept as .rr."""
    with ctx.workprec(128):
        P, Q = dist.Discrete((arb("0.7"), arb("0.2"), arb("0.1"))), dist.Discrete(
            (arb("0.3"), arb("0.3"), arb("0.4")))
        al = arb(3)
        loss = [(pi / qi).log() for pi, qi in zip(P.masses, Q.masses)]
        m = sum(pi * L for pi, L in zip(P.masses, loss))
        K = sum(pi * ((al - 1) * (L - m)).exp() for pi, L in zip(P.masses, loss)).log()
        assert abs(div.renyi(P, Q, al) - (m + K / (al - 1))) < arb("1e-30")
    c = BY_ID["cesar_rogers21.lemma2_2"]
    assert c.extent.startswith("over the family (every (mu, tau)-CDP pair")
    assert BY_ID["cesar_rogers21.lemma2_2.rr"].extent.startswith(
        "on a truncated box (RR_{eps,t} only")
    a = check_claim(c, CONFIG)
    assert a.verdict is Verdict.PROVED and "whole domain" in a.scope


@pytest.mark.slow
def test_lemma5_1_dp_half_for_every_k():
    """Lemma 5.1 with DP steps only, every k: T^k (repeated_steps) at delta(empty; .) is
    Theorem 1 term by term; the former grid (DP steps and one BR step) is the sweep."""
    c = BY_ID["cesar_rogers21.lemma5_1.dp"]
    assert c.extent == "over every law (the calculus: repeated_steps, instance)"
    assert [s.id for s in c.proof.sweeps] == ["cesar_rogers21.lemma5_1.family"]
    assert BY_ID["cesar_rogers21.lemma5_1.family"].extent.startswith("on 56 instances")
    a = _decide(every_law.dp_recursion("t.l51", SRC))
    assert a.verdict is Verdict.PROVED and "every law" in a.label


def test_lemma5_1_term_premise_refutes_a_shifted_theorem1():
    """The term premise against a Theorem 1 with e^(eps_g + (i + 1) eps) (one eps too many):
    refuted, so the proof never closes on it."""
    from theorems.cesar_rogers21.every_law import COUNT
    from dpproof.claims import Statement
    from dpproof.expr.vocabulary import br_adaptive_delta
    from theorems.cesar_rogers21.closed_forms import lemma52_weight
    eps, x = every_law.eps, every_law.X
    i, r = (sympy.Symbol(n, integer=True, nonnegative=True) for n in ("i", "r"))
    k = i + r
    wrong = (1 + sympy.exp(eps))**(-k) * sympy.binomial(k, i) * sympy.Max(
        sympy.exp((k - i) * eps) - sympy.exp(x + (i + 1) * eps), 0)
    step = lemma52_weight(k, i, eps) * br_adaptive_delta(0, 0, eps, x - (k - 2 * i) * eps)
    prem = Context("t.l51w", SRC).premise("instance", Statement(step, "==", wrong), "t",
                                          i=COUNT, r=COUNT, eps=POSITIVE, x=every_law.REAL)
    assert check_claim(prem, CONFIG).verdict is Verdict.REFUTED
