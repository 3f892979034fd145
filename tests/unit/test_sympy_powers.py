"""The size bound on exact powers inside guarded sympy rewrites (dpproof.sympy_powers)."""

import pytest
import sympy
from sympy import Rational, log

import dpproof.expr  # noqa: F401  (installs the bound)
from dpproof import sympy_powers
from dpproof.engines.exact.point import sign
from dpproof.engines.signs import Budget, guarded


def _identity_at(n: int):
    """Lemma 3.2 (BR)'s secant premise, an identity, at eps = -log(n/(n+1)) (what the
    interval engine's exp substitution leaves at a point near the end of eps in (0, oo)):
    exactly 0, but sympy's ``simplify`` builds (n/(n+1))**n on its way there."""
    L = log(Rational(n, n + 1))
    return -1 - log(-1 / (n * L)) - log(-(n + 1) * L) - n * (-1 - 1 / (n * L)) * L - (n + 1) * L


def test_outside_the_bound_sympy_builds_every_power():
    big = Rational(32767, 32768) ** 32767
    assert big.p.bit_length() > sympy_powers.MAX_BITS


def test_inside_the_bound_a_huge_power_is_refused():
    # numbers no other test builds (sympy caches powers: a cached one is not rebuilt)
    with sympy_powers.bounded_powers():
        with pytest.raises(sympy_powers.PowerTooLarge):
            Rational(32761, 32768) ** 32761
        with pytest.raises(sympy_powers.PowerTooLarge):
            sympy.Integer(3) ** (10 ** 6)
        # small powers, negative and fractional exponents are unchanged
        assert Rational(2, 3) ** 5 == Rational(32, 243)
        assert Rational(2, 3) ** -2 == Rational(9, 4)
        assert sympy.Integer(4) ** Rational(1, 2) == 2
    assert sympy_powers._DEPTH[0] == 0


def test_a_guarded_rewrite_that_would_build_it_is_undecided_not_decided():
    assert guarded(sympy.simplify, _identity_at(32767)) is None
    assert sign(_identity_at(32767), Budget(2.0)) is None


def test_the_same_identity_with_small_numbers_is_still_decided_exactly():
    assert guarded(sympy.simplify, _identity_at(255)) == 0
    assert sign(_identity_at(255), Budget(2.0)) == 0


def test_the_bound_never_decides_a_sign():
    # a huge power refused inside a sign query leaves the sign unknown; a number whose ball
    # separates it from 0 is decided by the ball, power or not
    assert sign(Rational(3, 2) ** 100000 - 1, Budget(2.0)) == 1
    assert sign(1 - Rational(3, 2) ** 100000, Budget(2.0)) == -1


def test_a_root_of_huge_degree_stays_unevaluated_everywhere():
    # x^x at a 30-digit end (red round 11): p/q ~ 10^29/10^29, sympy built k^(e p / g) until
    # 8 GB ran out; now the power is left as it is, guarded or not, and is the same number
    r = Rational("1.55961046946236934997038876876")
    assert r.q * r.p.bit_length() > sympy_powers.ROOT_MAX_BITS
    for guard in (sympy_powers.bounded_powers, _nothing):
        with guard():
            got = r ** r        # sympy splits it into integer powers, each left as it is
            powers = got.atoms(sympy.Pow)
            assert len(powers) == 2 and all(pw.exp.q > 10 ** 20 for pw in powers)
            assert abs(sympy.N(got, 40) - 2) < sympy.Float("1e-28")
    # roots of moderate degree are still taken exactly, and a power whose roots are large but
    # within the bound (alpha = 1 + 10^-6, a Renyi order) as before
    assert sympy.Integer(8) ** Rational(1, 3) == 2
    assert sympy.Integer(2 ** 16) ** Rational(1, 2 ** 16) == 2 ** Rational(1, 4096)
    assert sympy.Integer(131) ** Rational(1000001, 10 ** 6) == 131 * sympy.Pow(
        131, Rational(1, 10 ** 6), evaluate=False)


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
