"""The dominating "connect the dots" pair (``oracles.composition.pld_connect``).

One step's hockey-stick curve is recomputed here from the densities by mpmath quadrature,
int (p - e^eps q)_+ dx with the kink found numerically, sharing nothing with the Gaussian-CDF
formula of ``step_delta``.  Composed epsilons at q = 1 are checked against T Gaussian steps =
one Gaussian of mu = sqrt(T) / sigma (Dong, Roth, Su 2019, Cor. 2.13), solved in mpmath."""

import mpmath
import pytest
from flint import arb, ctx, fmpq

from dpproof.oracles.composition import pld_connect as C
from dpproof.oracles.composition.pld_grid import Loss


def _densities(q, s, remove):
    phi = lambda x, m: mpmath.npdf(x, m, s)  # noqa: E731
    mix = lambda x: (1 - q) * phi(x, 0) + q * phi(x, 1)  # noqa: E731
    return (mix, lambda x: phi(x, 0)) if remove else (lambda x: phi(x, 0), mix)


def _delta_ref(q, s, remove, eps):
    """int (p - e^eps q)_+ over the line, from the densities (mpmath, 40 digits)."""
    with mpmath.workdps(40):
        q, s, eps = (mpmath.mpf(int(x.p)) / int(x.q) for x in (q, s, fmpq(eps)))
        p, qd = _densities(q, s, remove)
        g = lambda x: p(x) - mpmath.exp(eps) * qd(x)  # noqa: E731
        lo, hi = -40 * s - 2, 40 * s + 2
        xs = [lo + (hi - lo) * k / 400 for k in range(401)]
        pts = [lo]
        for a, b in zip(xs, xs[1:]):                # every sign change: a kink of (.)_+
            if g(a) * g(b) < 0:
                pts.append(mpmath.findroot(g, (a, b), solver="anderson"))
        pts.append(hi)
        return sum(mpmath.quad(lambda x: max(g(x), 0), [a, b]) for a, b in zip(pts, pts[1:]))


def _ball(x) -> arb:
    """An mpmath value (40 digits) as a ball."""
    return arb(mpmath.nstr(x, 38, strip_zeros=False))


def _pair(q, s, remove, h, T=100):
    with ctx.workprec(192):
        loss = Loss(arb(fmpq(*q)), arb(fmpq(*s)), remove)
        lo, hi = C._range(loss, h, T, arb(10) ** -14)
        idx = C.nodes(loss, float(h), lo, hi)
        masses, p_inf = C.connect_masses(loss, h, idx)
    return loss, idx, masses, p_inf


def _curve(idx, masses, p_inf, h, eps):
    """delta of the discrete pair at eps: p_inf + sum_k (p_k - e^eps p_k e^{-eps_k})_+."""
    total = p_inf
    for j, m in zip(idx, masses):
        t = m * (1 - (arb(eps) - arb(h) * j).exp())
        if t > 0:
            total += t
        elif not t < 0:
            total += arb(0).union(t)
    return total


CASES = [((1, 250), (4, 5), True), ((1, 250), (4, 5), False), ((1, 10), (3, 2), True),
         ((1, 10), (3, 2), False), ((1, 1), (2, 1), True)]


@pytest.mark.parametrize("q,s,remove", CASES)
def test_masses_are_a_probability_and_q_side_at_most_one(q, s, remove):
    h = fmpq(1, 2000)
    _, idx, masses, p_inf = _pair(q, s, remove, h)
    with ctx.workprec(192):
        total = sum(masses, arb(0)) + p_inf
        q_mass = sum((m * (-(arb(h) * j)).exp() for j, m in zip(idx, masses)), arb(0))
    assert total.overlaps(arb(1)) and total.rad() < 1e-30
    assert all(m.lower() >= -1e-40 for m in masses) and q_mass.lower() <= 1 + 1e-30
    assert idx == sorted(set(idx)) and len(idx) < idx[-1] - idx[0] + 1   # sparse tails


@pytest.mark.parametrize("q,s,remove", CASES)
def test_the_discrete_curve_dominates_the_step_everywhere(q, s, remove):
    """Above delta at points between nodes, far below the first node and beyond the last --
    and equal to it at the nodes (the interpolation is through them)."""
    h = fmpq(1, 500)
    loss, idx, masses, p_inf = _pair(q, s, remove, h)
    hf = float(h)
    probes = [idx[0] * hf - 1.5, idx[0] * hf + 0.3 * hf, -0.0123, 0.0, 0.01234, 0.2777,
              0.9 * idx[-1] * hf, idx[-1] * hf + 0.7]
    for k in (len(idx) // 3, len(idx) // 2, 2 * len(idx) // 3):  # mid-gap of sparse nodes
        probes.append((idx[k] + idx[k + 1]) / 2 * hf)
    with ctx.workprec(192):
        for e in probes:
            e = fmpq(round(e * 10 ** 6), 10 ** 6)
            disc = _curve(idx, masses, p_inf, h, e)
            ref = _delta_ref(fmpq(*q), fmpq(*s), remove, e)
            assert disc.upper() >= _ball(ref) - arb(10) ** -30, (e, disc, ref)
        node = idx[len(idx) // 2]
        at = _curve(idx, masses, p_inf, h, h * node)
        assert abs(at - C.step_delta(loss, arb(h) * node)) < arb(10) ** -30


def test_step_delta_is_the_definition():
    with ctx.workprec(128):
        for q, s, remove in CASES:
            loss = Loss(arb(fmpq(*q)), arb(fmpq(*s)), remove)
            for e in (fmpq(-3, 10), fmpq(0), fmpq(1, 20), fmpq(11, 10)):
                got = C.step_delta(loss, arb(e))
                ref = _delta_ref(fmpq(*q), fmpq(*s), remove, e)
                assert abs(got - _ball(ref)) < arb(10) ** -30 and got.rad() < 1e-30


def _gaussian_eps(sigma, steps, delta):
    with mpmath.workdps(50):
        mu = mpmath.sqrt(steps) / mpmath.mpf(sigma)
        f = lambda e: mpmath.log(mpmath.ncdf(-e / mu + mu / 2)  # noqa: E731
                                 - mpmath.exp(e) * mpmath.ncdf(-e / mu - mu / 2)) - mpmath.log(delta)
        return mpmath.findroot(f, (mpmath.mpf(0), mpmath.mpf(40)), solver="illinois")


@pytest.mark.parametrize("sigma,T,delta,n", [((2, 1), 4, 10 ** 5, 12000), ((1, 1), 1, 10 ** 3, 500),
                                             ((1, 1), 1, 10 ** 3, 40), ((5, 1), 300, 10 ** 6, 3000)])
def test_q1_upper_end_is_above_the_exact_gaussian_and_second_order_close(sigma, T, delta, n):
    """At q = 1 both directions are the Gaussian one; a coarse grid (1/40) stays above."""
    ref = _gaussian_eps(mpmath.mpf(sigma[0]) / sigma[1], T, mpmath.mpf(1) / delta)
    with ctx.workprec(128):
        d = arb(fmpq(1, delta))
        for remove in (True, False):
            up = C.direction_upper(arb(1), arb(fmpq(*sigma)), T, d, remove, fmpq(1, n),
                                   (arb(-30), arb(30)), d * arb(2) ** -24)
            assert up.eps_upper >= arb(str(ref)), (remove, up, ref)
            assert float(up.eps_upper.mid()) - float(ref) < 40.0 / n ** 2 + 2e-4 * float(ref)


def test_a_point_not_certainly_on_one_side_of_the_bound_gets_the_whole_range():
    """log(1-q) of a wide q ball straddles the node: delta there is one of two formulas, and
    the ball returned holds every value delta can take (never 1 - e^eps alone)."""
    with ctx.workprec(128):
        wide_q = arb(fmpq(1, 250), fmpq(1, 1000))
        for remove in (True, False):
            loss = Loss(wide_q, arb(fmpq(4, 5)), remove)
            e = fmpq(-4, 1000) if remove else fmpq(4, 1000)
            got = C.step_delta(loss, arb(e))
            for q in (fmpq(1, 300), fmpq(1, 250), fmpq(1, 200)):   # bound on either side
                ref = _delta_ref(q, fmpq(4, 5), remove, e)
                assert got.contains(_ball(ref)) or (got - _ball(ref)).contains(0)
            assert got.upper() >= 1 - 1e-30
