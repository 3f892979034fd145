"""kary_rr_delta (n composed k-ary randomized responses, replace-one) against an independent
enumeration in exact rationals and mpmath, dp_accounting's composed PLD and certify_delta."""

import itertools
from fractions import Fraction

import mpmath
import pytest
from flint import arb, ctx, fmpq

from dpproof.definedness import Undefined
from dpproof.expr.vocabulary import kary_rr_delta
from dpproof.oracles.composition.rr_kary import kary_rr_delta_arb


def _truth(p: Fraction, k: int, n: int, eps) -> mpmath.mpf:
    """sum over all k^n outputs o of (P(o) - e^eps Q(o))_+, P = R(0)^n, Q = R(1)^n (at 40
    digits: another test module may set mpmath's global precision when it is imported)."""
    with mpmath.workdps(40):
        return _enumerate(p, k, n, eps)


def _enumerate(p: Fraction, k: int, n: int, eps) -> mpmath.mpf:
    a, b = 1 - p + p / k, p / k
    ee = mpmath.e ** (mpmath.mpf(eps.numerator) / eps.denominator)
    total = mpmath.mpf(0)
    for o in itertools.product(range(k), repeat=n):
        P = Q = Fraction(1)
        for x in o:
            P *= a if x == 0 else b
            Q *= a if x == 1 else b
        total += max(mpmath.mpf(P.numerator) / P.denominator
                     - ee * mpmath.mpf(Q.numerator) / Q.denominator, 0)
    return total


def _ball(p, k, n, eps):
    with ctx.workprec(128):
        return kary_rr_delta_arb(arb(fmpq(p.numerator, p.denominator)), k, n, arb(eps))


@pytest.mark.parametrize("p,k,n,eps", [(Fraction(1, 2), 4, 3, 1), (Fraction(1, 3), 3, 5, 0),
                                       (Fraction(9, 10), 2, 6, Fraction(1, 4)),
                                       (Fraction(1, 5), 5, 4, 2)])
def test_matches_the_enumeration(p, k, n, eps):
    b = _ball(p, k, n, fmpq(Fraction(eps).numerator, Fraction(eps).denominator))
    t = _truth(p, k, n, Fraction(eps))
    assert b.rad() < 1e-30
    with mpmath.workdps(40):
        assert abs(mpmath.mpf(b.mid().str(45, radius=False)) - t) < mpmath.mpf(10) ** -30


def test_ten_steps_of_rr_half_four_at_eps_one():
    b = _ball(Fraction(1, 2), 4, 10, 1)
    assert b.lower() > 0.93981 and b.upper() < 0.93982  # dp_accounting's list: 0.9398255...
    one = _ball(Fraction(1, 2), 4, 1, 1)
    assert abs(float(one.mid()) - 0.2852147714426) < 1e-12


def test_agrees_with_certify_delta():
    dpa = pytest.importorskip("dp_accounting")
    from dpproof.accounting import certify_delta
    ev = dpa.SelfComposedDpEvent(dpa.RandomizedResponseDpEvent(0.25, 3), 7)
    c = certify_delta(ev, "1/2", dpa.NeighboringRelation.REPLACE_ONE)
    b = _ball(Fraction(1, 4), 3, 7, fmpq(1, 2))
    assert c.lower_ball <= b.upper() and b.lower() <= c.upper_ball


def test_edges():
    assert _ball(Fraction(0), 4, 3, 1) == 1  # the input is published
    assert _ball(Fraction(1), 4, 3, 1) == 0  # the output ignores the input
    assert _ball(Fraction(1, 2), 1, 3, 1) == 0
    assert _ball(Fraction(1, 2), 4, 0, 0) == 0
    with pytest.raises(Undefined):
        _ball(Fraction(3, 2), 4, 3, 1)


def test_registered_for_claims_files():
    import sympy
    from dpproof.lowering import lower
    f = lower(kary_rr_delta(sympy.Rational(1, 2), 4, 10, 1), (), "arb")
    assert 0.93981 < float(f().mid()) < 0.93982
