"""Proof piece by piece between exact kinks (``engines.exact.kinks``, issue 13): hockey-sticks of
finite (binned, post-processed, composed) laws that vanish on whole intervals or are tight
at a kink or at an interior point are PROVED; false twins (violated only near the tight
point) are never PROVED."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from dpproof.claims import Interval as I, Kind
from dpproof.engines.exact import kinks, engine as symbolic
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.oracles.symbolic import finite_laws
from dpproof.expr.vocabulary import Laplace, Normal, Quantize, Stochastic, Bernoulli
from tests.helpers import make_claim

CONFIG = Config(engines=("symbolic",))
DECIDED = (Verdict.PROVED, Verdict.CERTIFIED)
RR = "Bernoulli(exp(1)/(1+exp(1)))", "Bernoulli(1/(1+exp(1)))"
M = "1, 2, 3, 1"
N01, N11 = "Normal(0, 1)", "Normal(1, 1)"

TRUE = [
    # post-processing of 1-DP RR: both sides 0 exactly for eps >= 1
    ("rr_matrix", f"hockey_stick(Stochastic({RR[0]}, {M}), Stochastic({RR[1]}, {M}), eps) <= "
     f"hockey_stick({RR[0]}, {RR[1]}, eps)", dict(eps=I.closed(0, 3))),
    # group privacy of RR: tight at eps = 1, both sides 0 beyond
    ("rr_group", "rr_compose_delta(K, 1, K*eps) <= K*exp((K-1)*eps)*rr_compose_delta(1, 1, eps)",
     dict(eps=I.closed(0, 2), K=I.closed(2, 3, integer=True))),
    # binned Laplace: both sides 0 for eps >= 1 (a Piecewise of the continuous derivation)
    ("laplace_bins", "hockey_stick(Quantize(Laplace(0, 1), 0, 1/2, 1), Quantize(Laplace(1, 1), 0, "
     "1/2, 1), eps) <= hockey_stick(Laplace(0, 1), Laplace(1, 1), eps)", dict(eps=I.closed(0, 2))),
    # binned Gaussian: the margin touches 0 at eps = 1/2 (the cut 0 = 1/2 - eps), inside a piece
    ("gauss_touch", f"hockey_stick(Quantize({N01}, 0), Quantize({N11}, 0), eps) <= "
     f"hockey_stick({N01}, {N11}, eps)", dict(eps=I.closed(0, 1))),
    # name-and-shame: H_0 = delta exactly in both orders, on the closed [0, 1] (the masses
    # need delta <= 1 and delta >= 0 at once: derived on [0, 1) and on (0, 1] separately)
    ("name_shame", "max(hockey_stick(NameShame(delta, n, 0), NameShame(delta, n, 1), 0), "
     "hockey_stick(NameShame(delta, n, 1), NameShame(delta, n, 0), 0)) <= delta",
     dict(delta=I.closed(0, 1), n=I.closed(1, 3, integer=True))),
    ("bernoulli_tv", "hockey_stick(Bernoulli(p), Bernoulli(p/2), 0) <= p/2",
     dict(p=I.closed(0, 1))),
    # half-lines eps >= 0: past the last kink both sides are 0 exactly
    ("rr_matrix_half_line", f"hockey_stick(Stochastic({RR[0]}, {M}), Stochastic({RR[1]}, {M}), "
     f"eps) <= hockey_stick({RR[0]}, {RR[1]}, eps)", dict(eps=I(0, None))),
    # Laplace vs the RR bound of Theorem 1 (k = 1): tight at eps = 1/b, both 0 beyond
    ("laplace_rr_half_line", "hockey_stick(Laplace(0, b/2), Laplace(1, b/2), eps) <= "
     "(max(exp(2/b) - exp(eps), 0) + max(1 - exp(eps + 2/b), 0))/(1 + exp(2/b))",
     dict(eps=I(0, None), b=I.closed(1, 3, integer=True))),
]

FALSE = [
    # both sides 0 beyond eps = 1, the right one lowered there
    ("rr_matrix", f"hockey_stick(Stochastic({RR[0]}, {M}), Stochastic({RR[1]}, {M}), eps) <= "
     f"hockey_stick({RR[0]}, {RR[1]}, eps) - max(0, eps - 1)/10^9", dict(eps=I.closed(0, 3))),
    # composed at K eps - 1/1000: positive at eps = 1, where the right side is 0
    ("rr_group", "rr_compose_delta(K, 1, K*eps - 1/1000) <= "
     "K*exp((K-1)*eps)*rr_compose_delta(1, 1, eps)",
     dict(eps=I.closed(0, 2), K=I.closed(2, 3, integer=True))),
    ("laplace_bins", "hockey_stick(Quantize(Laplace(0, 1), 0, 1/2, 1), Quantize(Laplace(1, 1), 0, "
     "1/2, 1), eps) <= hockey_stick(Laplace(0, 1), Laplace(1, 1), eps + 1/10^6)",
     dict(eps=I.closed(0, 2))),
    # at the touching point eps = 1/2 the right side, moved by 1e-6, is below the left
    ("gauss_touch", f"hockey_stick(Quantize({N01}, 0), Quantize({N11}, 0), eps) <= "
     f"hockey_stick({N01}, {N11}, eps + 1/10^6)", dict(eps=I.closed(0, 1))),
    # false only within 1e-6 of the closed upper end, which one half's derivation excludes
    ("name_shame", "max(hockey_stick(NameShame(delta, n, 0), NameShame(delta, n, 1), 0), "
     "hockey_stick(NameShame(delta, n, 1), NameShame(delta, n, 0), 0)) <= min(delta, "
     "1 - 1/10^6)", dict(delta=I.closed(0, 1), n=I.closed(1, 3, integer=True))),
    ("bernoulli_tv", "hockey_stick(Bernoulli(p), Bernoulli(p/2), 0) <= min(p/2, 1/2 - 1/10^9)",
     dict(p=I.closed(0, 1))),
    ("bernoulli_tv_low", "hockey_stick(Bernoulli(p), Bernoulli(p/2), 0) <= max(p/2, p/1000 + "
     "1/10^9) - 1/10^9", dict(p=I.closed(0, 1))),
    # half-lines: false only far out (the last piece is not 0), or near the tight kink
    ("rr_matrix_far", f"hockey_stick(Stochastic({RR[0]}, {M}), Stochastic({RR[1]}, {M}), eps) <= "
     f"hockey_stick({RR[0]}, {RR[1]}, eps) - max(0, eps - 100)/10^9", dict(eps=I(0, None))),
    ("laplace_rr_shifted", "hockey_stick(Laplace(0, b/2), Laplace(1, b/2), eps) <= "
     "(max(exp(2/b) - exp(eps + 1/10^6), 0) + max(1 - exp(eps + 2/b), 0))/(1 + exp(2/b))",
     dict(eps=I(0, None), b=I.closed(1, 3, integer=True))),
]


@pytest.mark.parametrize("name,text,params", TRUE, ids=[c[0] for c in TRUE])
def test_proved_between_kinks(name, text, params):
    ev = symbolic.check(make_claim(f"k.{name}", text, Kind.INEQUALITY, **params), CONFIG)
    # CERTIFIED: some pieces bounded in balls (the exact zero pieces alone give PROVED)
    assert ev.verdict in DECIDED, ev.detail
    # or at once: a closed [0, 1] whose forms agree on [0, 1) and (0, 1] (name-and-shame,
    # Bernoulli TV) is derived from the two halves (``oracles.symbolic.halves``)
    assert any(w in ev.detail for w in ("between the kinks", "cases", "derived from the "
                                        "densities")), ev.detail


@pytest.mark.parametrize("name,text,params", FALSE, ids=[c[0] for c in FALSE])
def test_false_twin_not_proved(name, text, params):
    ev = symbolic.check(make_claim(f"k.{name}", text, Kind.INEQUALITY, **params), CONFIG)
    assert ev.verdict not in DECIDED, ev.detail


x = sympy.Symbol("x", real=True)


def test_root_of_a_switch():
    assert kinks.root(3 - sympy.exp(x) / 4, x) == sympy.log(12)
    assert kinks.root(2 - 3 * x, x) == sympy.Rational(2, 3)
    assert kinks.root(3 + sympy.exp(2 * x), x) is None        # never 0
    with pytest.raises(kinks.Fail):
        kinks.root(x - sympy.exp(x) / 4, x)                   # not monotone by its form


def test_simplest_rational():
    assert kinks._simplest(Fraction(49, 100), Fraction(51, 100)) == Fraction(1, 2)
    assert kinks._simplest(Fraction(1, 3) - Fraction(1, 10**6), Fraction(1, 3)) == Fraction(1, 3)
    assert kinks._simplest(Fraction(0), Fraction(1, 2)) == 0


def test_conjuncts_split_a_min():
    a, b, c = sympy.symbols("a b c")
    assert kinks.conjuncts(sympy.Min(a, b) - c) == [a - c, b - c]


def test_finite_masses():
    """Quantize and Stochastic masses derived in sympy: they sum to 1, exact values."""
    laws = [Quantize(Normal(0, 1), -1, sympy.Rational(1, 2), 2),
            Quantize(Laplace(0, 1), 0, 1), Stochastic(Bernoulli(sympy.Rational(1, 3)), 1, 2, 0, 1)]
    expected = [None, None, [sympy.Rational(2, 9), sympy.Rational(7, 9)]]
    for law, want in zip(laws, expected):
        got = finite_laws.masses(law)
        assert sympy.simplify(sympy.Add(*got) - 1) == 0
        if want is not None:
            assert [sympy.nsimplify(g) for g in got] == want
    with pytest.raises(finite_laws.Underivable):
        finite_laws.masses(Normal(0, 1))


NS = "NameShame(i/10, n, 0)", "NameShame(i/10, n, 1)"
B2 = "Bernoulli(2/3)", "Bernoulli(1/3)"
COMPOSE = (f"hockey_stick({RR[0]}, {RR[1]}, i/4) + hockey_stick({B2[0]}, {B2[1]}, j/4) >= "
           f"hockey_stick(ProductOf({RR[0]}, {B2[0]}), ProductOf({RR[1]}, {B2[1]}), i/4 + j/4")
INSTANCES = [
    # H_0 of name-and-shame is delta exactly (tight on every instance)
    ("name_shame", f"max(hockey_stick({NS[0]}, {NS[1]}, 0), hockey_stick({NS[1]}, {NS[0]}, 0))"
     " <= i/10", " - 1/10^9", dict(i=I.closed(0, 10, integer=True), n=I.closed(1, 2, integer=True))),
    # basic composition of two randomized responses, instance by instance
    ("compose", COMPOSE + ")", " - 1/2)", dict(i=I.closed(0, 4, integer=True),
                                             j=I.closed(0, 4, integer=True))),
]


@pytest.mark.parametrize("name,text,twist,params", INSTANCES, ids=[c[0] for c in INSTANCES])
def test_constant_instances(name, text, twist, params):
    """Every instance a constant with clamps: PROVED; the twin (lowered by 1e-9 on a tight
    side, or composed at a smaller eps) is not."""
    ev = symbolic.check(make_claim(f"k.{name}", text, Kind.INEQUALITY, **params), CONFIG)
    assert ev.verdict in DECIDED, ev.detail
    # instance by instance between kinks, or by the proof by cases when its exact constants
    # decide every clamp first (both are exact routes)
    assert "integer instances" in ev.detail or ev.detail.startswith("by cases"), ev.detail
    false = text[:-1] + twist if text.endswith(")") else text + twist
    ev = symbolic.check(make_claim(f"k.{name}.false", false, Kind.INEQUALITY, **params), CONFIG)
    assert ev.verdict not in DECIDED, ev.detail


def test_exact_only_is_proved():
    """Both sides 0 exactly past eps = 1 and equal below (the same law): every piece is 0
    exactly, so the verdict is PROVED, not only CERTIFIED."""
    text = (f"hockey_stick(Stochastic({RR[0]}, 1, 0, 0, 1), Stochastic({RR[1]}, 1, 0, 0, 1), eps)"
            f" <= hockey_stick({RR[0]}, {RR[1]}, eps)")
    ev = symbolic.check(make_claim("k.exact", text, Kind.INEQUALITY, eps=I.closed(0, 3)), CONFIG)
    assert ev.verdict is Verdict.PROVED, ev.detail


def test_polynomial_switches_split_at_their_exact_real_roots():
    """A switch that is no monotone form: a polynomial's real roots, isolated exactly."""
    assert kinks.roots(x**2 - 2, x) == [-sympy.sqrt(2), sympy.sqrt(2)]
    cubic = kinks.roots(x**3 - 3 * x + 1, x)           # three irrational roots (CRootOf)
    assert len(cubic) == 3 and all(isinstance(r, sympy.CRootOf) for r in cubic)
    assert kinks.roots((x**2 - 1) / (x - 3), x) == [-1, 1, 3]   # a pole is a kink too
    g = x**3 - 3 * x + 1
    assert kinks.prove(sympy.Max(0, g) - g, x, -3, 3, ">=", 20)     # 0 exactly where g >= 0
    assert kinks.prove(sympy.Max(0, g) - g - sympy.Rational(1, 10**12), x, -3, 3, ">=",
                       20) is None
    p = kinks.point(cubic[1])
    assert p.ball.rad() < 2.0**-120 and abs(float(p.ball.mid()) - 0.347296355333861) < 1e-12


def test_many_argument_max_splits_along_its_envelope():
    """A Max/Min of more than two arguments splits only where its top argument meets another
    (``Prover._envelope``): true claims proved (one touching 0 at x = 1/2), false twins (off
    by 1e-9 at the touching point, or below only where a non-top argument leads) are not;
    a tie at the midpoint (x = 1/2 against the constant 1/2) falls back to every pair."""
    half, three_fifths = sympy.Rational(1, 2), sympy.Rational(3, 5)
    assert kinks.prove(sympy.Max(x, 1 - x, three_fifths) - three_fifths, x, 0, 1, ">=", 20)
    assert kinks.prove(sympy.Max(x, 1 - x, 2 * half / 5, x / 3) - half, x, 0, 1, ">=", 20)
    assert kinks.prove(sympy.Max(x, 1 - x, x / 3) - half - sympy.Rational(1, 10**9), x, 0, 1,
                       ">=", 20) is None
    assert kinks.prove(sympy.Max(x, half, 3 * half / 2 - x) - half, x, 0, 1, ">=", 20)
    low = sympy.Max(x, half, 3 * half / 2 - x) - 3 * half / 2 + sympy.Rational(1, 10**9)
    assert kinks.prove(low, x, 0, 1, ">=", 20) is None
    fold = sympy.Abs(x - half) + half           # Max(x, 1 - x) = 1/2 + |x - 1/2|
    assert kinks.prove(sympy.Max(x, 1 - x, half, x / 3) - fold, x, 0, 1, "==", 20)
    assert kinks.prove(sympy.Max(x, 1 - x, three_fifths, x / 3) - fold, x, 0, 1,
                       "==", 20) is None


FIN4 = "Finite(1, 2, 3, 4)", "Finite(4, 3, 2, 1)"


@pytest.mark.parametrize("q", ["Finite(4, 3, 2, 1)", "Finite(4, 3, 2, 2)", "Finite(4, 3, 1, 2)"])
def test_sup_over_events_on_a_half_line(q):
    """H_eps from the densities equals the sup over all 2^4 events on every eps >= 0:
    PROVED between the exact kinks, quickly (the derivation keeps the 16-argument Max
    unevaluated); the same sup at eps + 1e-6 is never PROVED."""
    text = f"hockey_stick({FIN4[0]}, {q}, eps) == hs_events({FIN4[0]}, {q}, eps)"
    ev = symbolic.check(make_claim("k.events", text, Kind.IDENTITY, eps=I(0, None)), CONFIG)
    assert ev.verdict is Verdict.PROVED, ev.detail
    assert "between the kinks" in ev.detail, ev.detail
    twin = f"hockey_stick({FIN4[0]}, {q}, eps) == hs_events({FIN4[0]}, {q}, eps + 1/10^6)"
    ev = symbolic.check(make_claim("k.events.f", twin, Kind.IDENTITY, eps=I(0, None)), CONFIG)
    assert ev.verdict not in DECIDED, ev.detail


def test_a_max_of_absolute_values_is_zero_conjunct_by_conjunct():
    """Max(|a_1|, |a_2|) == 0 split into a_1 == 0 and a_2 == 0, each at its own kinks: a
    true pair is proved, a pair with one conjunct off by 1e-9 on a sub-interval is not."""
    half = sympy.Rational(1, 2)
    fold = sympy.Max(x, 1 - x) - sympy.Abs(x - half) - half         # 0 on the line
    clamp = sympy.Max(x - half, 0) + sympy.Min(x - half, 0) - x + half  # 0 too
    got = kinks.zeros(sympy.Max(sympy.Abs(fold), sympy.Abs(clamp)))   # up to sign (Abs(-a))
    assert len(got) == 2 and {sympy.expand(g**2) for g in got} == {sympy.expand(fold**2),
                                                                  sympy.expand(clamp**2)}
    assert kinks.prove(sympy.Max(sympy.Abs(fold), sympy.Abs(clamp)), x, 0, 1, "==", 20)
    off = clamp + sympy.Max(x - sympy.Rational(3, 4), 0) / 10**9
    assert kinks.prove(sympy.Max(sympy.Abs(fold), sympy.Abs(off)), x, 0, 1, "==", 20) is None


def test_no_piece_proved_for_a_claim_without_a_switch(monkeypatch):
    """A derived margin without a switch is not this route's class: it says None without
    proving any piece (its pieces were proved, then thrown away, in 3-7 s per attempt on
    osgt22.rdp.exact.slides630.step1); with a switch the pieces are still proved."""
    from dpproof.engines.exact import cases, instances
    calls = []
    real = kinks.prove
    monkeypatch.setattr(kinks, "prove", lambda *a, **k: calls.append(a) or real(*a, **k))
    plain = make_claim("k.plain", f"renyi({N01}, {N11}, alpha) <= alpha/2", Kind.INEQUALITY,
                       alpha=I.closed(2, 3))
    # the first attempt, for claims with more switches than the proof by cases splits
    assert instances.by_kinks(plain, symbolic.rewrite_special, 30.0,
                              range(cases.MAX_DEPTH + 1, 10 ** 6)) is None
    assert calls == []
    name, text, params = TRUE[0]
    got = instances.by_kinks(make_claim(f"k.{name}", text, Kind.INEQUALITY, **params),
                             symbolic.rewrite_special, 30.0, range(1, 10 ** 6))
    assert got is not None and calls
