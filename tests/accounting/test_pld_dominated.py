"""The dominated discrete pair of the lower end (``oracles.composition.pld_dominated``).

Its curve is checked against one step's hockey-stick curve recomputed from the densities by
mpmath quadrature (``test_pld_connect._delta_ref``, sharing nothing with the Gaussian-CDF
formula); composed epsilons at q = 1 against T Gaussian steps = one Gaussian of
mu = sqrt(T) / sigma, solved in mpmath."""

import mpmath
import pytest
from flint import arb, ctx, fmpq

from dpproof.oracles.composition import pld_connect as C
from dpproof.oracles.composition import pld_dominated as D
from dpproof.oracles.composition.pld_grid import Loss

from .test_pld_connect import _ball, _curve as _pair_curve, _delta_ref, _gaussian_eps

CASES = [((1, 250), (4, 5)), ((1, 10), (3, 2)), ((1, 1), (2, 1)), ((1, 2), (1, 2))]


def _pair(q, s, h, T=100):
    with ctx.workprec(128):
        loss = Loss(arb(fmpq(*q)), arb(fmpq(*s)), True)
        lo, hi = C._range(loss, h, T, arb(10) ** -14)
        idx = C.nodes(loss, float(h), lo, hi)
        return loss, D.lowered_pair(loss, h, idx)


def _curve(idx, masses, h, eps):
    """delta of the dominated pair at eps (no mass at +inf)."""
    return _pair_curve(idx, masses, arb(0), h, eps)


@pytest.mark.parametrize("q,s", CASES)
def test_masses_are_a_probability_with_q_side_one(q, s):
    h = fmpq(1, 2000)
    _, (idx, masses) = _pair(q, s, h)
    with ctx.workprec(128):
        total = sum(masses, arb(0))
        q_mass = sum((m * (-(arb(h) * j)).exp() for j, m in zip(idx, masses)), arb(0))
    assert total.overlaps(arb(1)) and total.rad() < 1e-20
    assert q_mass.overlaps(arb(1)) and q_mass.rad() < 1e-20
    assert all(m > 0 for m in masses) and idx == sorted(set(idx))


@pytest.mark.parametrize("q,s", CASES)
def test_the_discrete_curve_is_below_the_step_everywhere_and_close(q, s):
    """Below delta between nodes (mid-gaps of the sparse tails too), below the first node,
    around the loss's bound, beyond the last node; within 1e-5 of it at a middle vertex."""
    h = fmpq(1, 500)
    loss, (idx, masses) = _pair(q, s, h)
    hf = float(h)
    floor = float(loss.floor.mid()) if loss.floor is not None else idx[0] * hf
    probes = [idx[0] * hf - 1.5, floor - 0.3 * hf, floor + 0.3 * hf, floor + 2.5 * hf, -0.0123,
              0.0, 0.01234, 0.2777, 0.9 * idx[-1] * hf, idx[-1] * hf - 0.5 * hf,
              idx[-1] * hf + 0.7]
    for k in (len(idx) // 3, len(idx) // 2, 2 * len(idx) // 3, len(idx) - 3):
        probes.append((idx[k] + idx[k + 1]) / 2 * hf)
    with ctx.workprec(128):
        for e in probes:
            e = fmpq(round(e * 10 ** 6), 10 ** 6)
            disc = _curve(idx, masses, h, e)
            ref = _delta_ref(fmpq(*q), fmpq(*s), True, e)
            assert disc.lower() <= _ball(ref) + arb(10) ** -30, (e, disc, ref)
        node = idx[len(idx) // 2]
        gap = C.step_delta(loss, arb(h) * node) - _curve(idx, masses, h, h * node)
        assert -1e-30 <= float(gap.mid()) < 1e-5


def test_without_the_lowering_the_curve_rises_above_delta(monkeypatch):
    """The check above can fail: interpolating delta itself (no lowering) puts the chords
    above the convex curve between nodes."""
    monkeypatch.setattr(D, "_curvature", lambda *a: arb(0))
    h = fmpq(1, 500)
    _, pair = _pair((1, 10), (3, 2), h)
    assert pair is not None
    idx, masses = pair
    above = 0
    with ctx.workprec(128):
        for k in range(len(idx) // 3, len(idx) // 3 + 12):
            e = fmpq(idx[k] + idx[k + 1], 2) * h
            ref = _ball(_delta_ref(fmpq(1, 10), fmpq(3, 2), True, e))
            above += _curve(idx, masses, h, e) > ref
    assert above > 0


@pytest.mark.parametrize("sigma,T,delta,n", [((2, 1), 4, 10 ** 5, 12000), ((1, 1), 1, 10 ** 3, 500),
                                             ((1, 1), 1, 10 ** 3, 40), ((5, 1), 300, 10 ** 6, 3000)])
def test_q1_lower_end_is_below_the_exact_gaussian_and_second_order_close(sigma, T, delta, n):
    """At q = 1 the removal direction is the Gaussian one; a coarse grid (1/40) stays below."""
    ref = _gaussian_eps(mpmath.mpf(sigma[0]) / sigma[1], T, mpmath.mpf(1) / delta)
    with ctx.workprec(128):
        d = arb(fmpq(1, delta))
        low = D.direction_lower(arb(1), arb(fmpq(*sigma)), T, d, fmpq(1, n), (arb(-30), arb(30)),
                                d * arb(2) ** -24)
    assert low.eps_lower is not None and low.eps_lower <= arb(str(ref)), (low, ref)
    assert float(ref) - float(low.eps_lower.mid()) < 40.0 / n ** 2 + 2e-4 * float(ref)


def test_a_curve_never_certainly_above_one_minus_u_gives_no_lower_end(monkeypatch):
    """Where no lowered value is certainly above the line 1 - u, no pair is built: no lower
    end rather than a guess."""
    with ctx.workprec(128):
        loss = Loss(arb(fmpq(1, 10)), arb(fmpq(3, 2)), True)
        monkeypatch.setattr(D, "step_delta", lambda loss, e: 1 - e.exp())
        assert D.lowered_pair(loss, fmpq(1, 100), list(range(-20, 40))) is None
