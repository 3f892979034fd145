"""Mechanisms from their definitions, in arb (wasserman): the Laplace density and binary
randomized response; finite enumerations of the sensitivities of the mean and of the
Kolmogorov-Smirnov distance over all replace-one neighbours of small datasets on a grid, the
exponential mechanism's privacy loss, the orthogonal-series (cosine basis) Laplace mechanism's
loss, and ``shift_abs_sup(m1, m2) = sup_z |z - m2| - |z - m1|`` (b times the sup of the log
density ratio of Laplace(m1, b) to Laplace(m2, b)).  A ball, or ``nan``."""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache

from flint import arb, ctx, fmpq

from .balls import NAN, cached, exact_int
from .declare import declares
from . import distributions as dist

GUARD = 30


@declares("laplace_pdf", 3, "Laplace(mu, b) density at z")
def laplace_pdf_arb(z: arb, mu: arb, b: arb) -> arb:
    """The Laplace(mu, b) density at z, from ``distributions.Laplace``."""
    with ctx.workprec(ctx.prec + GUARD):
        return +dist.Laplace(mu, b).pdf(z)


@declares("rr_prob", 3, "P(Y = y | X = x) of binary randomized response")
def rr_prob_arb(eps: arb, x: arb, y: arb) -> arb:
    """P(Y = y | X = x) of binary randomized response keeping x w.p. e^eps/(1 + e^eps)."""
    xx, yy = exact_int(x, 0, 1), exact_int(y, 0, 1)
    if xx is None or yy is None:
        return NAN()
    with ctx.workprec(ctx.prec + GUARD):
        return +dist.randomized_response(eps, 2, value=xx).mass(yy)


# ------------------------------------------------------------------ enumerations (wasserman)

@declares("shift_abs_sup", 2, "sup_z |z - m2| - |z - m1|")
def shift_abs_sup_arb(m1: arb, m2: arb) -> arb:
    """sup_z (|z - m2| - |z - m1|): piecewise linear with kinks m1, m2 and constant beyond
    them, so the sup is the larger of its values at the kinks."""
    return (abs(m1 - m2)).max(-abs(m2 - m1))


def _frac_arb(q: Fraction) -> arb:
    return arb(fmpq(q.numerator, q.denominator))


@lru_cache(maxsize=None)
def _mean_sens(n: int, B: int) -> Fraction:
    grid = [Fraction(B * i) for i in (-1, 0, 1)]
    best = Fraction(0)
    for data in itertools.product(grid, repeat=n):
        mean = sum(data) / n
        for i, v in itertools.product(range(n), grid):
            other = data[:i] + (v,) + data[i + 1:]
            best = max(best, abs(mean - sum(other) / n))
    return best


@declares("mean_sensitivity_enum", 2, "enumerated sensitivity of the mean")
def mean_sensitivity_enum_arb(n: arb, B: arb) -> arb:
    """sup |mean(D) - mean(D')| over replace-one neighbours in {-B, 0, B}^n."""
    nn, BB = exact_int(n, 1, 5), exact_int(B, 1, 100)
    if nn is None or BB is None:
        return NAN()
    return _frac_arb(_mean_sens(nn, BB))


_KS_GRID = (Fraction(0), Fraction(1, 2), Fraction(1))


def _ecdf(data) -> tuple:
    return tuple(Fraction(sum(1 for d in data if d <= g), len(data)) for g in _KS_GRID)


def _ks(fa, fb) -> Fraction:
    """sup_t |F_a(t) - F_b(t)|: both step functions jump only at grid points."""
    return max(abs(a - b) for a, b in zip(fa, fb))


def _neighbours(n: int):
    """Replace-one neighbour pairs (x, y) of datasets in grid^n."""
    for data in itertools.product(range(len(_KS_GRID)), repeat=n):
        for i, v in itertools.product(range(n), range(len(_KS_GRID))):
            if v != data[i]:
                yield data, data[:i] + (v,) + data[i + 1:]


@lru_cache(maxsize=None)
def _ks_tables(n: int, k: int):
    val = lambda d: tuple(_KS_GRID[i] for i in d)  # noqa: E731
    outputs = [_ecdf(val(z)) for z in itertools.product(range(len(_KS_GRID)), repeat=k)]
    pairs = {(tuple(sorted(a)), tuple(sorted(b))) for a, b in _neighbours(n)}
    xs = {a for p in pairs for a in p}
    xi = {a: tuple(_ks(_ecdf(val(a)), fz) for fz in outputs) for a in xs}
    sens = max(abs(u - v) for a, b in pairs for u, v in zip(xi[a], xi[b]))
    return sorted(pairs), xi, sens


@declares("ks_sensitivity_enum", 2, "enumerated sensitivity of the KS distance")
def ks_sensitivity_enum_arb(n: arb, k: arb) -> arb:
    """sup over replace-one x ~ y in {0, 1/2, 1}^n and z in {0, 1/2, 1}^k of
    |KS(x, z) - KS(y, z)|, KS the sup distance of the empirical cdfs."""
    nn, kk = exact_int(n, 1, 4), exact_int(k, 1, 3)
    if nn is None or kk is None:
        return NAN()
    return _frac_arb(_ks_tables(nn, kk)[2])


@declares("expmech_ks_loss", 3, "privacy loss of the KS exponential mechanism")
@cached
def expmech_ks_loss_arb(n: arb, k: arb, eps: arb) -> arb:
    """max over replace-one x ~ y and outputs z in {0, 1/2, 1}^k of log q(z|x) - log q(z|y),
    q(z|x) = exp(-eps KS(x, z)/(2 Delta)) / sum_z' exp(-eps KS(x, z')/(2 Delta)), with Delta
    the enumerated sensitivity (``ks_sensitivity_enum``)."""
    nn, kk = exact_int(n, 1, 4), exact_int(k, 1, 3)
    if nn is None or kk is None or not eps > 0:
        return NAN()
    pairs, xi, sens = _ks_tables(nn, kk)
    with ctx.workprec(ctx.prec + GUARD):
        c = eps / (2 * _frac_arb(sens))
        logq = {}
        for a, row in xi.items():
            expo = [-c * _frac_arb(v) for v in row]
            top = expo[0]
            for e in expo[1:]:
                top = top.max(e)
            lz = top + sum(((e - top).exp() for e in expo), arb(0)).log()
            logq[a] = [e - lz for e in expo]
        best = None
        for a, b in pairs:
            for u, v in zip(logq[a], logq[b]):
                best = u - v if best is None else best.max(u - v)
        return +best


_SERIES_GRID = tuple(Fraction(i, 4) for i in range(5))


@declares("cosine_series_loss", 3, "privacy loss of the Laplace cosine-series estimator")
@cached
def cosine_series_loss_arb(n: arb, m: arb, b: arb) -> arb:
    """sup of the log density ratio of the Laplace(b) mechanism on the coefficients
    beta_j = (1/n) sum_i psi_j(X_i), psi_j(x) = sqrt(2) cos(pi j x), j = 1..m, over
    replace-one neighbours with data in {0, 1/4, ..., 1}: max over the replaced pair of
    sum_j sup_z (|z - beta'_j| - |z - beta_j|) / b (the other records cancel)."""
    nn, mm = exact_int(n, 1), exact_int(m, 1, 50)
    if nn is None or mm is None or not b > 0:
        return NAN()
    with ctx.workprec(ctx.prec + GUARD):
        psi = {x: [arb(2).sqrt() * (arb.pi() * j * _frac_arb(x)).cos()
                   for j in range(1, mm + 1)] for x in _SERIES_GRID}
        best = arb(0)
        for x, xp in itertools.product(_SERIES_GRID, repeat=2):
            loss = sum((shift_abs_sup_arb(u / nn, v / nn) for u, v in zip(psi[x], psi[xp])),
                       arb(0))
            best = best.max(loss / b)
        return +best
