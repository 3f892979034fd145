"""The float-FFT composition: every error bound against exact arithmetic (pld_fft)."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from flint import acb, arb, ctx, fmpq, fmpz, fmpz_poly

from dpproof.oracles.composition import pld_fft as F


def _exact_circular(a: np.ndarray, T: int, n: int) -> list[fmpq]:
    """The T-fold circular composition of the doubles ``a`` on Z_n, exactly."""
    E = 1100
    p = fmpz_poly([int(fmpq(*float(x).as_integer_ratio()) * 2 ** E) for x in a])
    c = p ** T
    out = [fmpz(0)] * n
    for k, v in enumerate(c.coeffs()):
        out[k % n] += v
    return [fmpq(v, 2 ** (E * T)) for v in out]


def _composed_and_exact(law: np.ndarray, T: int, n: int = 64):
    """The FFT's circular composition on Z_n, the exact one, and the 2-norm of their gap
    (200-bit balls)."""
    comp = F.compose(law, 0, T, 0, n - 1, arb(1))
    exact = _exact_circular(law, T, n)
    with ctx.workprec(200):
        err = sum(((arb(v) - arb(e)) ** 2 for v, e in zip(comp.values, exact)), arb(0)).sqrt()
    return comp, exact, err


def _laws():
    rng = random.Random(7)
    smooth = np.array([math.exp(-((k - 20) / 6) ** 2) for k in range(48)])
    needle = np.full(40, 1e-30)
    needle[3] = 1.0
    spiky = np.array([rng.random() ** 8 for _ in range(60)])
    for a in (smooth, needle, spiky):
        yield a / a.sum() * (1 - 2.0 ** -20)       # a sub-probability


def test_twiddles_are_within_mu_of_the_unit_roots():
    c, s, mu = F.twiddles(256)
    with ctx.workprec(200):
        worst = max(abs(acb(c[j], -s[j]) - (acb(0, -2 * arb.pi() * j / 256)).exp()).upper()
                    for j in range(128))
    assert worst <= mu
    assert worst > 0                       # the doubles are not exact: mu bounds something


@pytest.mark.parametrize("law", list(_laws()), ids=["smooth", "needle", "spiky"])
def test_forward_error_bounds_every_coefficient(law):
    n = 64
    re = np.zeros(n)
    re[:law.size] = law
    zr, zi = F.dft(re, np.zeros(n))
    bound = F.forward_error(n, arb(math.fsum(law)) * (1 + 2 * F.U))
    with ctx.workprec(200):
        exact = acb.dft([acb(x) for x in re])
        errs = [abs(acb(zr[k], zi[k]) - exact[k]) for k in range(n)]
    worst = max(e.upper() for e in errs)
    assert worst <= bound
    assert bound < 1e-13                   # and it is not vacuous


def test_inverse_dft_inverts():
    rng = np.random.default_rng(3)
    x = rng.random(128)
    zr, zi = F.dft(x, np.zeros(128))
    yr, yi = F.dft(zr, zi, inverse=True)
    assert np.max(np.abs(yr / 128 - x)) < 1e-14 and np.max(np.abs(yi)) < 1e-13


@pytest.mark.parametrize("law", list(_laws()), ids=["smooth", "needle", "spiky"])
@pytest.mark.parametrize("T", [1, 7, 200])
def test_composition_error_bound_holds(law, T):
    """||values - exact circular composition||_2 <= err2, the sums' balls contain the exact
    sums, and the composed total is bounded below."""
    comp, exact, err = _composed_and_exact(law, T)
    assert err <= comp.err2
    with ctx.workprec(200):
        h = fmpq(1, 10)
        for i in (0, 20, 50):
            A, B = comp.tail_sums(i, h)
            r = (-arb(h)).exp()
            exact_A = sum((arb(e) for e in exact[i + 1:]), arb(0))
            exact_B = sum((arb(e) * r ** (k + 1) for k, e in enumerate(exact[i + 1:])), arb(0))
            assert A.contains(exact_A) and B.contains(exact_B)
        assert comp.total <= arb(sum(exact, fmpq(0)))
    assert comp.err2 < 1e-11


def test_outside_bounds_the_mass_outside_the_window():
    """A law spread so that its composition leaves the window: ``outside`` bounds the mass
    outside, and the window's exact masses are below the circular values plus err2."""
    law = np.array([math.exp(-((k - 10) / 4) ** 2) for k in range(24)])
    law /= law.sum()
    T, off, bottom = 12, -10, -60
    comp = F.compose(law, off, T, bottom, bottom + 40, arb(1))
    n = comp.values.size
    E = 1100
    p = fmpz_poly([int(fmpq(*float(x).as_integer_ratio()) * 2 ** E) for x in law]) ** T
    coeffs = [fmpq(v, 2 ** (E * T)) for v in p.coeffs()]   # index T off + k
    out = sum((c for k, c in enumerate(coeffs) if not bottom <= T * off + k < bottom + n),
              fmpq(0))
    assert out > 0
    assert arb(out) <= comp.outside
    with ctx.workprec(200):
        for k, c in enumerate(coeffs):
            j = T * off + k - bottom
            if 0 <= j < n:
                assert arb(c) <= arb(comp.values[j]) + comp.err2


def test_chernoff_bounds_the_tail():
    law = np.array([0.5, 0.25, 0.125, 0.125])
    T = 30
    c = (fmpz_poly([4, 2, 1, 1]) ** T).coeffs()
    total = fmpz(8) ** T
    for m in (50, 60, 75):
        above = fmpq(sum(c[m:], fmpz(0)), total)
        bound = F.chernoff(law, 0, T, m, True)
        assert arb(above) <= bound < 1
    below = fmpq(sum(c[:6], fmpz(0)), total)
    assert arb(below) <= F.chernoff(law, 0, T, 5, False) < 1


def test_doubles_below_never_exceed_the_balls():
    with ctx.workprec(128):
        balls = [arb(1) / 3, arb(1) / 10, arb(2) ** -1060 * 3, arb(0, 1e-30), arb(7) / 2 ** 70]
        got = F.doubles_below(balls)
    for f, b in zip(got, balls):
        floor = b.lower() if b.lower() > 0 else arb(0)     # a ball reaching below 0: 0
        assert f >= 0 and arb(fmpq(*float(f).as_integer_ratio())) <= floor
        assert f >= float(floor) * (1 - 2.0 ** -51) - 2.0 ** -1073   # one step down


@pytest.mark.parametrize("law", [[0.0, 0.0, 1.0], [0.25, 0.0, 0.0, 0.75], [0.5, 0.5 - 2.0 ** -40]],
                         ids=["atom", "two atoms", "fair coin short of mass"])
@pytest.mark.parametrize("T", [3, 500])
def test_atoms_whose_transform_never_decays(law, T):
    """|z_k| = 1 at every frequency for an atom (and near 1 at many for two atoms): the
    T-fold amplification is not confined to a few frequencies, and the bound still holds."""
    comp, exact, err = _composed_and_exact(np.array(law), T)
    assert err <= comp.err2
    with ctx.workprec(200):
        assert comp.total <= arb(sum(exact, fmpq(0)))
    assert comp.err2 < 1e-9
