"""Composition and conversions vs brute force and independent evaluations."""

import mpmath
import pytest
from flint import arb

import dpproof.oracles as O
from tests.oracles.conftest import hi, q, rel_rad


@pytest.mark.parametrize("k", [1, 2, 5, 9])
@pytest.mark.parametrize("e0,eps", [((1, 2), (0, 1)), ((1, 1), (1, 2)), ((3, 10), (1, 1))])
def test_kov_matches_enumeration(k, e0, eps):
    e0, eps = q(*e0), q(*eps)
    a = O.rr_compose_delta(k, e0, eps)
    b = O.rr_compose_delta_bruteforce(k, e0, eps)
    assert a.overlaps(b) and (rel_rad(a) < 1e-30 or a.contains(0))


def test_kov_formula_small_k():
    k, e0, eps = 6, q(1, 2), q(1, 3)

    def kov():
        e0_, eps_ = q(1, 2), q(1, 3)
        s = sum((max(arb(0), ((k - i) * e0_).exp() - (eps_ + i * e0_).exp()) * arb.bin_uiui(k, i)
                 for i in range(k + 1)), arb(0))
        return s / (1 + e0_.exp()) ** k
    assert O.rr_compose_delta(k, e0, eps).contains(hi(kov))


def test_genrr_grouped_matches_enumeration():
    e0 = q(1)
    ts = [q(1, 10)] * 3 + [q(1, 2)] * 2 + [q(9, 10)]
    for eps in (q(0), q(1, 5), q(1)):
        a = O.genrr_compose_delta(e0, ts, eps)
        b = O.compose_delta_bruteforce([O.genrr_pair(e0, t) for t in ts], eps)
        assert a.overlaps(b) and rel_rad(a) < 1e-30


def test_large_composition_is_tight():
    # its speed is a benchmark figure (benchmarks/), not a unit test's clock
    d = O.rr_compose_delta(10**4, q(1, 100), q(1))
    assert rel_rad(d) < 1e-30 and 0 < d < 1


def test_zcdp_conversions():
    rho, eps = q(1, 2), q(3)
    d = O.zcdp_delta_optimal(rho, eps)
    mpmath.mp.dps = 40
    g = lambda a: mpmath.exp((a - 1) * (a * mpmath.mpf(1) / 2 - 3)) / a * (1 - 1 / a) ** (a - 1)  # noqa
    a0 = mpmath.findroot(lambda a: mpmath.diff(g, a), 3.5)
    ref = g(a0)
    assert abs(mpmath.mpf(d.mid().str(40, radius=False)) - ref) < 1e-30 and rel_rad(d) < 1e-25
    # the optimal conversion is never worse than the classical one at its own delta
    e_classic = O.zcdp_eps(rho, d)
    assert e_classic > eps
    assert O.zcdp_eps(q(1), q(1, 10**5)).contains(hi(lambda: 1 + 2 * (arb(10**5).log()).sqrt()))


def test_rdp_to_delta_and_eps_from_delta():
    a, tau, eps = q(3), q(1), q(2)
    ref = hi(lambda: ((a - 1) * (tau - eps)).exp() / a * (1 - 1 / a) ** (a - 1))
    assert O.rdp_to_delta(a, tau, eps).contains(ref)
    f = lambda e: O.hockey_stick(O.Normal(q(0), q(1)), O.Normal(q(1), q(1)), e)  # noqa: E731
    target = q(1, 10**5)
    e = O.eps_from_delta(f, target, q(0), q(10))
    assert e.rad() < 1e-30
    assert f(e.lower()) > target and f(e.upper()) < target
    assert O.eps_from_delta(f, target, q(5), q(10)).is_nan()
