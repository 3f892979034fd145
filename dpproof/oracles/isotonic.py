"""Helpers for Cesar-Rogers 2021, Section 6.2 (Algorithms 1 and 2).

* ``pava``: pool-adjacent-violators fit of x_1 >= ... >= x_k to c (least squares), exact
  rationals; ``isotonic_fit`` clips it at 0 (eq. (9) with x_k >= 0).
* ``isotonic_bruteforce``: the independent solver -- every partition of 1..k into
  consecutive blocks, each block at max(its mean, 0), keep the feasible (non-increasing)
  candidates and return the one of least squared error (the optimum is of this form: its
  level sets are blocks, each at its mean or at the bound 0).
* ``tgauss_fail_prob``: mass of TGauss(0, sigma, s) (N(0, sigma^2) on [-s, s]) outside the
  support [Delta - s, Delta + s] of its neighbour, by exact integration of the density.
* ``cond_renyi``: D_alpha between N(mu1, sigma^2) and N(mu2, sigma^2) both conditioned on
  the interval [lo, hi], from the definition (exact exp-quadratic integrals).
"""

from __future__ import annotations

import itertools

from flint import arb, fmpq

from dpproof.definedness import require

from .distributions import TruncNormal, _normal_coef
from .balls import NAN, exact_int
from .declare import declare
from .integrate import exp_quad_integral


def pava(c):
    """Non-increasing least-squares fit (exact for rationals)."""
    blocks = []  # [sum, count]
    for v in c:
        blocks.append([v, 1])
        while len(blocks) > 1 and blocks[-2][0] * blocks[-1][1] < blocks[-1][0] * blocks[-2][1]:
            s, n = blocks.pop()
            blocks[-1][0] += s
            blocks[-1][1] += n
    out = []
    for s, n in blocks:
        out.extend([s / n] * n)
    return out


def isotonic_fit(c):
    """eq. (9): argmin sum (x_i - c_i)^2 s.t. x_1 >= ... >= x_k >= 0, as PAVA clipped at 0."""
    return [max(v, 0) for v in pava([fmpq(x) for x in c])]


def isotonic_bruteforce(c):
    """The same optimum by exhaustive enumeration of consecutive blocks (k <= 12)."""
    c = [fmpq(x) for x in c]
    k = len(c)
    if k > 12:
        raise ValueError(f"brute force enumerates 2^(k-1) partitions; k = {k} > 12")
    best, best_err = None, None
    for cuts in itertools.product((0, 1), repeat=k - 1):
        x, start = [], 0
        for i in range(k):
            if i == k - 1 or cuts[i]:
                block = c[start:i + 1]
                x.extend([max(sum(block, fmpq(0)) / len(block), fmpq(0))] * len(block))
                start = i + 1
        if any(x[i] < x[i + 1] for i in range(k - 1)):
            continue
        err = sum(((a - b) ** 2 for a, b in zip(x, c)), fmpq(0))
        if best_err is None or err < best_err:
            best, best_err = x, err
    return best


def _exact_q(x: arb):
    if not x.is_exact():
        return None
    man, exp = x.mid().man_exp()
    return fmpq(int(man)) * (fmpq(2) ** int(exp) if exp >= 0 else fmpq(1, 2 ** int(-exp)))


def _shift_nonnegative(Delta: arb) -> None:
    """Algorithm 2's neighbour TGauss(Delta, .) with Delta >= 0 (a red-team reproducer:
    ``tgauss_fail(1, 1, D) <= 0`` over D in [-2, -1] was CERTIFIED, the formula giving 0)."""
    require(Delta >= 0, Delta < 0, f"Delta = {Delta.str(5, radius=False)}",
            "the truncated Gaussians of Algorithm 2 take Delta >= 0")


def tgauss_fail_prob(sigma: arb, s: arb, Delta: arb) -> arb:
    """P(Z < Delta - s), Z ~ TGauss(0, sigma, s): where the neighbour's density is zero
    (Delta >= 0; for Delta < 0 that region is Z > Delta + s: not this formula)."""
    _shift_nonnegative(Delta)
    return TruncNormal(arb(0), sigma, s).mass(None, Delta - s)


def cond_renyi(mu1: arb, mu2: arb, sigma: arb, lo: arb, hi: arb, alpha: arb) -> arb:
    """D_alpha(N(mu1, s^2)|A || N(mu2, s^2)|A), A = [lo, hi], from the densities."""
    if not (hi > lo and alpha > 1):
        return NAN()
    cp, cq = _normal_coef(mu1, sigma, arb(0)), _normal_coef(mu2, sigma, arb(0))
    mix = [alpha * a + (1 - alpha) * b for a, b in zip(cp, cq)]
    num = exp_quad_integral(*mix, lo, hi)
    PA, QA = exp_quad_integral(*cp, lo, hi), exp_quad_integral(*cq, lo, hi)
    return (num.log() - alpha * PA.log() - (1 - alpha) * QA.log()) / (alpha - 1)


def tgauss_cond_renyi(alpha, sigma, s, Delta, rev: int) -> arb:
    """Algorithm 2, one changed count: TGauss around 0 and around Delta, conditioned on the
    overlap [Delta - s, s] of their supports (Delta >= 0); rev = 1 swaps the order."""
    _shift_nonnegative(Delta)
    lo, hi = Delta - s, s
    m1, m2 = (arb(0), Delta) if not rev else (Delta, arb(0))
    return cond_renyi(m1, m2, sigma, lo, hi, alpha)


# ---------------------------------------------------------------- sympy-facing functions


def _fit(solver):
    """Component i (1..4) of ``solver``'s solution for exact (c1, .., c4), else nan."""
    def run(c1, c2, c3, c4, i):
        cs = [_exact_q(c) for c in (c1, c2, c3, c4)]
        idx = exact_int(i, 1, 4)
        if any(c is None for c in cs) or idx is None:
            return NAN()
        return arb(solver(cs)[idx - 1])
    return run


pava_fit = declare("pava_fit", _fit(isotonic_fit), 5,
                   "Component i (1..4) of eq. (9)'s solution by PAVA clipped at 0.")
isotonic_bf_fit = declare("isotonic_bf_fit", _fit(isotonic_bruteforce), 5,
                          "Component i (1..4) of eq. (9)'s solution by exhaustive block "
                          "enumeration.")
tgauss_fail = declare("tgauss_fail", tgauss_fail_prob, 3, "Mass of TGauss(0, sigma, s) outside "
                      "the support of TGauss(Delta, sigma, s) (oracle).")
tgauss_renyi_cond = declare("tgauss_renyi_cond", tgauss_cond_renyi, 5, "Renyi divergence of the "
                            "two truncated Gaussians conditioned on their overlap.", ints=(4,))
