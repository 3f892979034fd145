"""Red team, round 7: false or undefined claims against finite sums (an index named like a
parameter, series), definedness and the cross-examination must never be PROVED/CERTIFIED nor
crash; their true twins are still decided."""

from dataclasses import replace

import pytest
import sympy
from sympy import Sum, log, oo

from dpproof.claims import Claim, Domain, Interval, Kind, Source, Statement
from dpproof.engines.exact import sums
from dpproof.engines.base import Config
from dpproof.engines.exact.definedness import undefined_term
from dpproof.runner import check_claim

x = sympy.Symbol("x", real=True)
k = sympy.Symbol("k", integer=True, positive=True)
i = sympy.Symbol("i", integer=True)
SOUND = ("PROVED", "CERTIFIED")
K = Interval(1, None, integer=True)


def _claim(statement, domain):
    return Claim("t.red7", Source("test", "", "red7"), statement, domain, Kind.IDENTITY)


def test_a_sum_index_named_like_a_parameter_does_not_borrow_its_range():
    # the index x runs over -k..-1, where log(x) is undefined (2 log(x) is log(x^2) + 2 pi i
    # in complex terms); the parameter x in [1, 2] made log(x) "certified" defined by name
    dom = Domain.of(k=K, x=Interval(1, 2))
    st = Statement(Sum(log(x ** 2), (x, -k, -1)) + x, "==", 2 * Sum(log(x), (x, -k, -1)) + x)
    assert "log" in undefined_term(_claim(st, dom))
    assert check_claim(_claim(st, dom), Config(engines=("symbolic",))).verdict.name \
        not in SOUND
    # an index of its own name was looked up in the domain: KeyError, the claim an ERROR
    own = Statement(Sum(log(i ** 2), (i, -k, -1)), "==", 2 * Sum(log(i), (i, -k, -1)))
    assert "log" in undefined_term(_claim(own, Domain.of(k=K)))
    # twin: over 1..k the index is positive and the identity holds term by term
    twin = Statement(Sum(log(i ** 2), (i, 1, k)), "==", 2 * Sum(log(i), (i, 1, k)))
    assert undefined_term(_claim(twin, Domain.of(k=K))) == ""
    assert check_claim(_claim(twin, Domain.of(k=K)),
                       Config(engines=("symbolic",))).verdict.name == "PROVED"


def test_a_divergent_series_is_no_identity_summand_by_summand():
    # sum_{i >= k} (-1)^i diverges: both sides are undefined
    st = Statement(Sum((-1) ** i, (i, k, oo)), "==", 2 * Sum((-1) ** i / 2, (i, k, oo)))
    assert sums.prove_zero(st.lhs - st.rhs) is None
    assert "series" in undefined_term(_claim(st, Domain.of(k=K)))
    assert check_claim(_claim(st, Domain.of(k=K)), Config(engines=("symbolic",))
                       ).verdict.name not in SOUND
    # twin: the finite sum is an identity term by term
    assert sums.prove_zero(Sum((-1) ** i, (i, 0, k)) - 2 * Sum((-1) ** i / 2, (i, 0, k)))


def test_cross_examination_of_an_oracle_without_balls_for_the_pair_does_not_crash():
    # the hockey-stick of products of continuous laws is derived symbolically (common factor
    # dropped) but has no ball oracle: the corner sweep raised TypeError out of check_claim
    from tests.helpers import make_claim
    text = ("hockey_stick(ProductOf(Normal(0, 1), Normal(0, s)), ProductOf(Normal(1, 1), "
            "Normal(0, s)), 0) == 2*Phi(1/2) - 1")
    got = check_claim(make_claim("t.red7", text, Kind.IDENTITY, s=Interval(1, 2)), Config())
    assert got.verdict.name == "PROVED"


# 1/10^40 - 6/10^81 - log(1 + 1/10^40) = -1.0e-81, which sympy's evalf at 2 digits makes 1.0e-40
TINY = "(1/10^40 - 6/10^81 - log(1 + 1/10^40))"


def test_sympy_signs_of_a_cancelling_number_are_certified_by_balls():
    c = sympy.Rational(1, 10 ** 40) - sympy.Rational(6, 10 ** 81) - log(1 + sympy.Rational(
        1, 10 ** 40))
    assert c.is_negative is True and c.is_positive is False
    assert abs(c) == -c                       # Abs kept c itself
    assert sympy.Max(c + log(1 + sympy.Rational(1, 10 ** 40)), log(1 + sympy.Rational(
        1, 10 ** 40))) == log(1 + sympy.Rational(1, 10 ** 40))
    assert (sympy.Rational(1, 10 ** 40) - sympy.Rational(6, 10 ** 81) < log(
        1 + sympy.Rational(1, 10 ** 40))) is sympy.true
    # a number no ball separates from 0 keeps no sign
    z = log(6) - log(2) - log(3)
    assert z.is_positive is not True and z.is_negative is not True
    assert sympy.sqrt(2) > 1 and abs(1 - sympy.sqrt(2)) == sympy.sqrt(2) - 1
    # a real root of a polynomial by its isolating interval, a Float as its binary rational
    r = sympy.CRootOf(sympy.Symbol("t") ** 5 - 3 * sympy.Symbol("t") + 1, 0)   # -1.388...
    assert r.is_negative and bool(r < -1) and bool(r > -2)
    assert bool(sympy.Float(3.14) < sympy.pi) and sympy.Max(sympy.Float(0.5), log(2)) == log(2)


def _verdict(text, kind=Kind.INEQUALITY, **dom):
    from tests.helpers import make_claim
    return check_claim(make_claim("t.red7", text, kind, **dom), Config()).verdict.name


X01 = Interval(0, 1)


def test_claims_on_a_cancelling_number_are_not_proved():
    # abs(c) == c was PROVED as parsed; the tactics' sign rules PROVED c >= 0 and a concave
    # margin from its ends (the cross-examination caught those: ERROR)
    for text, kind in ((f"abs({TINY}) == {TINY}", Kind.IDENTITY),
                       ("max(1/10^40 - 6/10^81, log(1 + 1/10^40)) == 1/10^40 - 6/10^81",
                        Kind.IDENTITY),
                       (f"x*{TINY} >= 0", Kind.INEQUALITY),
                       ("log(1 + x/10^40) <= x/10^40 - 6*x^2/10^81", Kind.INEQUALITY)):
        assert _verdict(text, kind, x=X01) == "REFUTED", text
    assert _verdict(f"sqrt({TINY}) >= 0", x=X01) not in SOUND
    # twins: true claims on the same number
    assert _verdict(f"abs({TINY}) == -{TINY}", Kind.IDENTITY, x=X01) == "PROVED"
    assert _verdict(f"max(x, {TINY}) == x", Kind.IDENTITY, x=X01) == "PROVED"
    assert _verdict("log(1 + x/10^40) <= x/10^40 - x^2/10^81", x=X01) in SOUND


@pytest.mark.wall_clock
def test_a_limit_of_zero_seconds_does_not_disarm_the_enclosing_limits():
    # time_limit(0) called setitimer(0): no alarm at all, the claim's limit lost with it
    import time

    import pytest

    from dpproof.engines import base
    from dpproof.engines.base import EngineTimeout, time_limit
    t0 = time.perf_counter()
    with pytest.raises(EngineTimeout):
        with time_limit(0.2):
            with time_limit(0):
                while time.perf_counter() - t0 < 5:
                    pass
    assert time.perf_counter() - t0 < 4.0
    # a negative, infinite or nan limit raised in setitimer half-way through __enter__:
    # its deadline stayed (every later inner timeout was taken for an outer one)
    for seconds in (-1.0, float("inf"), float("nan")):
        with time_limit(seconds):
            pass
        assert not base._DEADLINES and not base.outer_limit_passed()
    with pytest.raises(ValueError, match="positive"):
        Config(symbolic_quick_timeout=0)


def test_an_irrational_interval_end_is_refused_where_it_is_written():
    # Interval(0, sqrt(2)) was accepted and crashed the engines (effective_bounds, balls):
    # a TypeError out of check_claim; an integer range rounds its ends as before
    import pytest
    for end in (sympy.sqrt(2), sympy.pi, sympy.E):
        with pytest.raises(ValueError, match="exact rational"):
            Interval(0, end)
    assert Interval(0, sympy.pi, integer=True).hi == 3
    assert Interval("0.5", 2).lo == sympy.Rational(1, 2)


def test_a_derivation_link_under_a_hypothesis_the_claim_lacks_does_not_connect():
    # the link "x >= 1/2 => (x - 1/3)^2 > 0" is CERTIFIED; it made the false claim
    # (x - 1/3)^2 > 0 on [0, 1] CERTIFIED link by link
    from dpproof.chain import connection_problem
    from dpproof.runner import verify
    dom, src, third = Domain.of(x=Interval(0, 1)), Source("test", "", "red7"), sympy.Rational(1, 3)
    half = Statement(x, ">=", sympy.Rational(1, 2))
    step = Claim("t.red7.chain.1", src, Statement((x - third) ** 2, ">", 0, (half,)), dom)
    parent = Claim("t.red7.chain", src, Statement((x - third) ** 2, ">", 0), dom, steps=(step,))
    assert "assumes" in connection_problem(parent, [step.statement])
    got = {a.claim.id: a.verdict.name for a in verify([parent], Config(timeout=30)).assessments}
    assert got["t.red7.chain.1"] in SOUND and got["t.red7.chain"] not in SOUND
    # twin: the claim under the same hypothesis connects
    twin = Statement((x - third) ** 2, ">", 0, (Statement(sympy.Symbol("x"), ">=",
                                                          sympy.Rational(1, 2)),))
    assert connection_problem(replace(parent, statement=twin), [step.statement]) == ""


def test_an_inner_range_is_read_in_the_outer_index_as_it_runs():
    # sympy lists a Sum's limits innermost first: in Sum(f, (j, i, i), (i, -k, -1)) the inner
    # j = i..i was given the sign i is declared with (positive), though i runs over -k..-1:
    # the sum of |j| - j (2 + 4 + ... + 2k) was "0"; the sum of logs "defined" and PROVED
    ip = sympy.Symbol("i", integer=True, positive=True)
    j = sympy.Symbol("j", integer=True)
    assert sums.prove_zero(Sum(abs(j) - j, (j, ip, ip), (ip, -k, -1))) is None
    st = Statement(Sum(log(j ** 2), (j, ip, ip), (ip, -k, -1)), "==",
                   Sum(2 * log(j), (j, ip, ip), (ip, -k, -1)))
    assert "log" in undefined_term(_claim(st, Domain.of(k=K)))
    # twins: over 1..k the inner index is positive, the identities hold term by term
    assert sums.prove_zero(Sum(abs(j) - j, (j, i, i), (i, 1, k))) is not None
    twin = Statement(Sum(log(j ** 2), (j, ip, ip), (ip, 1, k)), "==",
                     Sum(2 * log(j), (j, ip, ip), (ip, 1, k)))
    assert undefined_term(_claim(twin, Domain.of(k=K))) == ""
