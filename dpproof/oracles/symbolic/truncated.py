"""Truncated Gaussians of Cesar-Rogers 2021, Section 6.2 (Algorithm 2), derived in sympy
from the density of N(mu, sigma^2) restricted to an interval (``pieces.integral``, the
Gaussian integrals); the ball oracles of ``oracles.isotonic`` are the separate derivation.

* ``tgauss_fail(sigma, s, Delta)``: P(Z < Delta - s) for Z ~ N(0, sigma^2) conditioned on
  [-s, s]: the integral of the density over [-s, min(Delta - s, s)] over its integral over
  [-s, s] (Delta >= 0, so the lower end is -s).
* ``tgauss_renyi_cond(alpha, sigma, s, Delta, rev)``: D_alpha between N(0, sigma^2) and
  N(Delta, sigma^2) (swapped for rev = 1) both conditioned on [Delta - s, s]:
  (log int p^alpha q^(1-alpha) - alpha log P(A) - (1 - alpha) log Q(A))/(alpha - 1), with
  A of positive length and alpha > 1 required.
"""

from __future__ import annotations

import sympy
from sympy import Min, log

from .pieces import Underivable, integral, normal, require


def _mass(logp, lo, hi):
    return integral(0, logp, lo, hi)


def tgauss_fail(sigma, s, Delta):
    require(s > 0, "s > 0")
    require(Delta >= 0, "Delta >= 0")
    logp = normal(0, sigma)[0].logp
    return _mass(logp, -s, Min(Delta - s, s)) / _mass(logp, -s, s)


def tgauss_renyi_cond(alpha, sigma, s, Delta, rev):
    if rev not in (0, 1):
        raise Underivable(f"rev = {rev} (0 or 1)")
    lo, hi = Delta - s, s
    require(hi - lo > 0, "an overlap of positive length")
    require(alpha > 1, "alpha > 1")
    require(Delta >= 0, "Delta >= 0")      # the overlap is [-s, Delta + s] for Delta < 0
    m1, m2 = (0, Delta) if int(rev) == 0 else (Delta, 0)
    lp, lq = normal(m1, sigma)[0].logp, normal(m2, sigma)[0].logp
    mixed = sympy.expand(alpha * lp + (1 - alpha) * lq)
    return (log(_mass(mixed, lo, hi)) - alpha * log(_mass(lp, lo, hi))
            - (1 - alpha) * log(_mass(lq, lo, hi))) / (alpha - 1)


RULES = {"tgauss_fail": tgauss_fail, "tgauss_renyi_cond": tgauss_renyi_cond}
