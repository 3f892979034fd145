"""A factor common to two products leaves the hockey-stick unchanged (H_eps(P x R || Q x R)
= H_eps(P || Q)): the symbolic oracle drops it (``products.common_factor_dropped``, also for
name-and-shame on every n >= 1), the ball oracle too (``hockey_stick._hs_prod``); and one
derived form for a closed box [0, 1] from its two halves (``symbolic.halves``)."""

import pytest
import sympy
from flint import arb

from dpproof.claims import Domain, Interval as I, Statement
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.expr.vocabulary import Bernoulli, NameShame, ProductOf, hockey_stick
from dpproof.oracles.distributions import transforms as T
from dpproof.oracles.distributions.discrete import Discrete, ProductDistribution
from dpproof.oracles.divergences.hockey_stick import hockey_stick as hs_ball
from dpproof.oracles.symbolic import Underivable, derive_call
from dpproof.oracles.symbolic.halves import closed_halves
from dpproof.oracles.symbolic.products import common_factor_dropped
from dpproof.runner import check_claim
from tests.helpers import make_claim

d = sympy.Symbol("d", positive=True)
p = d / (1 + d)                    # in (0, 1) under the assumptions
n = sympy.Symbol("n", integer=True, positive=True)
R = sympy.Rational


def test_name_and_shame_on_every_n_reduces_to_one_person():
    e = hockey_stick(NameShame(p, n, 0), NameShame(p, n, 1), 0)
    assert sympy.simplify(derive_call(e) - p) == 0
    assert sympy.simplify(derive_call(hockey_stick(NameShame(p, n, 1), NameShame(p, n, 0), 1))
                          - p) == 0


@pytest.mark.parametrize("m", [sympy.Symbol("m", integer=True), sympy.Symbol("m", positive=True)],
                         ids=["integer_maybe_0", "real"])
def test_name_and_shame_needs_a_count_of_people(m):
    with pytest.raises(Underivable):
        derive_call(hockey_stick(NameShame(p, m, 0), NameShame(p, m, 1), 0))


def test_only_the_same_factor_in_the_same_coordinate_is_dropped():
    A, B, C = Bernoulli(p), Bernoulli(1 - p), Bernoulli(R(1, 3))
    assert common_factor_dropped(ProductOf(A, C), ProductOf(B, C)) == (A, B)
    assert common_factor_dropped(ProductOf(C, A), ProductOf(C, B)) == (A, B)
    # treacherous: C in both, but in different coordinates; different delta or n
    assert common_factor_dropped(ProductOf(A, C), ProductOf(C, B)) is None
    assert common_factor_dropped(NameShame(p, 3, 0), NameShame(p / 2, 3, 1)) is None
    assert common_factor_dropped(NameShame(p, 3, 0), NameShame(p, 2, 1)) is None
    # the dropped form agrees with the full product written out
    full = derive_call(hockey_stick(ProductOf(A, C), ProductOf(B, C), R(1, 2)))
    at = {d: R(3, 2)}
    got = derive_call(hockey_stick(A, B, R(1, 2)))
    assert abs(sympy.N(full.subs(at) - got.subs(at), 30)) < 1e-25


def test_ball_products_drop_the_equal_components_exactly():
    a, b, c = (Discrete((arb(1) - x, x)) for x in (arb(1) / 5, arb(3) / 5, arb(1) / 4))
    P, Q = ProductDistribution((a, c, c)), ProductDistribution((b, c, c))
    got = hs_ball(P, Q, arb(1) / 4)
    ee = (arb(1) / 4).exp()
    whole = sum((max(x - ee * y, arb(0)) for x, y in zip(P.joint_discrete().masses,
                                                         Q.joint_discrete().masses)), arb(0))
    assert got.overlaps(whole) and got.overlaps(hs_ball(a, b, arb(1) / 4))
    # 2^21 outcomes: computable only with the common factor dropped
    many = (c,) * 20
    big = hs_ball(ProductDistribution((a,) + many), ProductDistribution((b,) + many), arb(0))
    assert big.overlaps(arb(2) / 5) and big.rad() < 1e-30
    assert hs_ball(ProductDistribution((c, c)), ProductDistribution((c, c)), arb(0)) == 0
    # treacherous: the same masses as balls that are not exact are not dropped
    c3 = Discrete((arb(2) / 3, arb(1) / 3))
    with pytest.raises(ValueError):
        hs_ball(ProductDistribution((a,) + (c3,) * 20), ProductDistribution((b,) + (c3,) * 20),
                arb(0))


def test_a_name_and_shame_law_of_too_many_people_is_not_built():
    from dpproof.definedness import MaybeUndefined
    with pytest.raises(MaybeUndefined):
        T.name_shame(arb(1) / 2, T.MAX_PEOPLE + 1, 0)


def _fake(forms):
    return lambda st, dom, side: None if forms[side] is None else (
        Statement(forms[side], "<=", sympy.Symbol("delta", real=True)), {})


x = sympy.Symbol("delta", real=True)
BOX = Domain((("delta", I.closed(0, 1)),))


def test_closed_halves_join_equal_forms_and_reject_others():
    same = {"closed-lo": x / ((1 - x) * (x / (1 - x) + 1)), "closed-hi": 1 / (1 + (1 - x) / x)}
    assert closed_halves(None, BOX, _fake(same))[0].lhs == x
    differ = {"closed-lo": x, "closed-hi": x ** 2}
    assert closed_halves(None, BOX, _fake(differ)) is None
    pole = {"closed-lo": 1 / x, "closed-hi": 1 / x}     # equal, but undefined at delta = 0
    assert closed_halves(None, BOX, _fake(pole)) is None
    assert closed_halves(None, BOX, _fake({"closed-lo": x, "closed-hi": None})) is None


CONFIG = Config(timeout=60, engine_timeout=30, search_examples=40)
EVERY_N = dict(delta=I.closed(0, 1), n=I(1, None, integer=True))


def test_name_and_shame_is_proved_on_every_n_and_a_false_bound_is_not():
    ok = "max(hockey_stick(NameShame(delta, n, 0), NameShame(delta, n, 1), 0), " \
         "hockey_stick(NameShame(delta, n, 1), NameShame(delta, n, 0), 0)) <= delta"
    assert check_claim(make_claim("ns", ok, **EVERY_N), CONFIG).verdict is Verdict.PROVED
    bad = ok.replace("<= delta", "<= delta/2")
    assert check_claim(make_claim("ns.bad", bad, **EVERY_N), CONFIG).verdict is Verdict.REFUTED
