"""The doubling composition (``oracles.composition.pld_doubling``): its coarsening moves mass
as stated, it composes exactly when no coarsening is needed, and its brackets contain the
exact epsilon of a composition of Gaussians (q = 1: T steps are one Gaussian with
mu = sqrt(T) / sigma) and meet the fixed-grid route's bracket."""

import random

import mpmath
import pytest
from flint import arb, ctx, fmpq, fmpz_poly

from dpproof.oracles.composition import pld_doubling as D
from dpproof.oracles.composition.pld_grid import Disc, power
from dpproof.oracles.composition.subsampled_pld import dpsgd_bracket


@pytest.mark.parametrize("off", [-7, -6, 0, 3, 4])
def test_coarsen_moves_each_old_point_to_ceil_half(off):
    rng = random.Random(off)
    c = [rng.randrange(0, 1000) for _ in range(11)]
    law, odd, total = D._coarsen(D._Law(off, fmpz_poly(c), 2))
    assert law.e == 3 and total == sum(c)
    assert odd == sum(x for t, x in enumerate(c) if (off + t) % 2)
    want: dict = {}
    for t, x in enumerate(c):
        k = -((-(off + t)) // 2)          # ceil((off + t) / 2)
        want[k] = want.get(k, 0) + x
    got = {law.off + t: int(x) for t, x in enumerate(law.p.coeffs())}
    assert {k: v for k, v in got.items() if v} == {k: v for k, v in want.items() if v}


def test_compose_without_coarsening_is_the_exact_power():
    rng = random.Random(1)
    K = 40
    c = [rng.randrange(0, 2 ** K // 9) for _ in range(9)]
    T = 13
    err = D._Errors(arb(0), arb(0), [])
    law = D.compose(D._Law(-3, fmpz_poly(c), 0), T, K, 10 ** 6, 0.0, fmpq(1, 8), err)
    ref = power(Disc(-3, fmpz_poly(c)), T, (-10 ** 6, 10 ** 6), K)
    nonzero = lambda off, p: {off + t: int(x) for t, x in enumerate(p.coeffs()) if x}  # noqa
    assert err.levels == [] and nonzero(law.off, law.p) == nonzero(ref.off, ref.p)


def _gauss_eps(mu, delta):
    """eps with delta(eps) = delta for N(0,1) vs N(mu,1) (Balle-Wang 2018, Thm. 8)."""
    mpmath.mp.dps = 40
    mu, delta = mpmath.mpf(mu), mpmath.mpf(delta)
    f = lambda e: (mpmath.ncdf(-e / mu + mu / 2) - mpmath.e ** e * mpmath.ncdf(-e / mu - mu / 2)
                   - delta)
    lo, hi = mpmath.mpf(0), 10 * mu + 10       # f decreases: bisection to 1e-30
    while hi - lo > mpmath.mpf(10) ** -30:
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if f(mid) > 0 else (lo, mid)
    return lo


@pytest.mark.parametrize("T", [100_000, 2 ** 16 + 2 ** 10 + 37])
def test_gaussian_composition_inside_the_bracket(T):
    """q = 1: the removal direction is N(1, s^2) vs N(0, s^2) per step, T steps one Gaussian
    with mu = sqrt(T) / s.  Small N so that the grid coarsens several times."""
    s, delta = fmpq(400), fmpq(1, 10 ** 6)
    with ctx.workprec(128):
        b = D.direction_bracket(arb(1), arb(s), T, arb(delta), True, 1 << 12,
                                arb(delta) / 1000, lower=True)
    exact = _gauss_eps(mpmath.sqrt(T) / 400, mpmath.mpf(1) / 10 ** 6)
    assert b.levels >= 2                       # the coarsening levels were exercised
    lo, up = mpmath.mpf(b.eps_lower.lower().str(30, radius=False)), \
        mpmath.mpf(b.eps_upper.upper().str(30, radius=False))
    assert lo <= exact <= up
    assert (up - lo) / exact < 0.08             # N = 2^12: about 6% here
    assert b.missing < arb(delta) / 10 ** 3


def test_meets_the_fixed_grid_bracket():
    """Both routes bracket the same eps*: at T = 2,000 their brackets intersect, and the
    doubling route (small N) is the wider."""
    q, s, T, delta = arb(fmpq(1, 100)), arb(1), 2000, arb(fmpq(1, 10 ** 5))
    with ctx.workprec(128):
        lo, up, _ = D.dpsgd_bracket_doubling(q, s, T, delta, N=1 << 13)
        flo, fup, _, _ = dpsgd_bracket(q, s, T, delta)
    assert lo <= fup and flo <= up
    assert (up - lo) > (fup - flo)
    assert (up - lo) / up < 0.1


@pytest.mark.parametrize("remove", [True, False])
def test_rounding_second_moment_bounds_the_quadrature(remove):
    """E[D^2] of the one-step rounding error, by mpmath quadrature over X bin by bin (the
    loss written from the densities, not from ``Loss``), lies below the certified bound; the
    bound is below twice it (this coarse grid puts much mass in the bins at the loss's
    bound, which take the crude (h/2)^2 term) and below the crude h^2 / 4."""
    from dpproof.oracles.composition.pld_grid import Loss, one_step, rounding_second_moment
    q, s, h = fmpq(1, 10), fmpq(1), fmpq(1, 40)
    with ctx.workprec(128):
        loss = Loss(arb(q), arb(s), remove)
        j_lo, masses, c_lo, c_hi, _ = one_step(loss, h, 10, arb(fmpq(1, 10 ** 6)))
        V = rounding_second_moment(loss, h, j_lo, masses)
    mpmath.mp.dps = 20
    qm, hm = mpmath.mpf(1) / 10, mpmath.mpf(1) / 40
    dens_p = lambda x: (1 - qm) * mpmath.npdf(x) + qm * mpmath.npdf(x, 1)      # noqa: E731
    dens = dens_p if remove else mpmath.npdf
    sign = 1 if remove else -1
    L = lambda x: sign * mpmath.log(dens_p(x) / mpmath.npdf(x))              # noqa: E731
    lo_y = mpmath.mpf(c_lo.mid().str(30, radius=False))
    hi_y = mpmath.mpf(c_hi.mid().str(30, radius=False))
    # X where L(X) = y: L is monotone (increasing when remove), solved by bisection
    def x_at(y):
        a, b = mpmath.mpf(-40), mpmath.mpf(40)
        for _ in range(90):
            m = (a + b) / 2
            if (L(m) < y) == remove:
                a = m
            else:
                b = m
        return a
    total = mpmath.mpf(0)
    for k in range(len(masses)):
        ya, yb = (j_lo + k - mpmath.mpf(1) / 2) * hm, (j_lo + k + mpmath.mpf(1) / 2) * hm
        c = (j_lo + k) * hm
        ya, yb = max(ya, lo_y), min(yb, hi_y)
        if ya >= yb:
            continue
        xa, xb = sorted((x_at(ya), x_at(yb)))
        total += mpmath.quad(lambda x: (c - L(x)) ** 2 * dens(x), [xa, xb])
    # the clipped tails sit at the end bins' outer edges: error h/2 exactly
    tail = masses[0].mid() + masses[-1].mid()
    exact_lower = total                       # the clipped mass only adds (h/2)^2 * tail
    vb = mpmath.mpf(V.upper().str(30, radius=False))
    assert exact_lower <= vb
    assert vb <= 2 * (total + hm ** 2 / 4 * mpmath.mpf(tail.str(30, radius=False)))
    assert vb < hm ** 2 / 4


@pytest.mark.parametrize("T", [3, 5, 6, 11, 27, 100, 1023, 1025])
def test_compose_aligns_the_accumulator_and_the_factor(T):
    """Binary patterns of T: the accumulator and the factor it meets are put on one grid
    (whichever is coarser), the result stays within 2N points, and the composed law keeps its
    mass up to the rounding and trimming it counts as missing."""
    rng = random.Random(T)
    K, N = 48, 64
    w = [rng.randrange(1000, 2000) for _ in range(40)]
    c = [2 ** K * x // sum(w) for x in w]                  # total mass 1 - O(40 2^-K)
    single = D._Law(-20, fmpz_poly(c), 0)
    err = D._Errors(arb(0), arb(0), [])
    law = D.compose(single, T, K, N, 2.0 ** K * 1e-12, fmpq(1, 64), err)
    mass = sum(int(x) for x in law.p.coeffs()) / 2 ** K
    assert law.p.length() <= 2 * N + 1
    assert 1 - 1e-6 <= mass <= (sum(c) / 2 ** K) ** T
    assert all(n >= 1 for _, n, _ in err.levels)
