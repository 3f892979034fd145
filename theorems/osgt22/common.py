"""osgt22: the source, symbols, the slides' printed formulas (eq. (2) V, S, delta_T,
delta_N, Bbar, zeta) and the slides' instance sigma^2 = 40, m = 3; the catalogue."""

import sympy
from sympy import exp, log, pi, sqrt

from dpproof.claims import Catalogue, Interval, Source
from dpproof.expr import Phi, Q
from dpproof.expr.vocabulary import Normal, OSGT, osgt_moment

SOURCE_FILE = "002_524841397404dd0a.txt"
closed = Interval.closed
Pos = lambda lo, hi: Interval(lo, hi, lo_open=True)  # noqa: E731
Int = lambda lo, hi: Interval.closed(lo, hi, integer=True)  # noqa: E731


def src(locator, note=""):
    return Source("osgt22", SOURCE_FILE, locator, note)


eps, alpha, sigma, m, Delta, y = (sympy.Symbol(s, real=True) for s in
                                  ("eps", "alpha", "sigma", "m", "Delta", "y"))
i, j, k, a = (sympy.Symbol(s, integer=True) for s in ("i", "j", "k", "a"))


def V(m_, s2):
    """eq. (2): V(m, sigma^2)."""
    s = sqrt(s2)
    return s2 + m_**2 - m_ * s * exp(-m_**2 / (2 * s2)) / (sqrt(2 * pi) * Q(m_ / s))


def S(s, m_):
    return sqrt(2 * pi * s**2) * 2 * Q(m_ / s)


def delta_T(e, s, m_, D):
    return (Q(s * e / D - D / (2 * s)) - exp(e) * Q(s * e / D + D / (2 * s))) / (2 * Q(m_ / s))


def delta_N(e, s, D):
    return Q(s * e / D - D / (2 * s)) - exp(e) * Q(s * e / D + D / (2 * s))


def Bbar(al, s, m_, D):
    return (Phi((-m_ + (al - 1) * D) / s) + Phi((-m_ - al * D) / s)
            + exp(al * (al - 1) * (4 * m_ * D + 4 * m_**2) / (2 * s**2))
            * (Phi((al * D - m_ * (1 - 2 * al)) / s) - Phi(((al - 1) * D - m_ * (1 - 2 * al)) / s)))


def zeta_exact(al, s, m_, D, kk):
    return kk / (al - 1) * log(sqrt(2 * pi * s**2) / S(s, m_) * Bbar(al, s, m_, D))


def zeta_stable(al, s, m_, D, kk):
    """zeta_exact with Phi(u) - Phi(v) written Q(v) - Q(u): the same number, no cancellation
    (the printed difference of two Phi near 1 loses ~1300 digits at alpha = 64, m = 15)."""
    b = (Phi((-m_ + (al - 1) * D) / s) + Phi((-m_ - al * D) / s)
         + exp(al * (al - 1) * (4 * m_ * D + 4 * m_**2) / (2 * s**2))
         * (Q(((al - 1) * D - m_ * (1 - 2 * al)) / s) - Q((al * D - m_ * (1 - 2 * al)) / s)))
    return kk / (al - 1) * log(sqrt(2 * pi * s**2) / S(s, m_) * b)


S40 = sqrt(40)
T0, T1 = OSGT(0, S40, 3), OSGT(1, S40, 3)
V40 = osgt_moment(S40, 3, 2)          # E[Y^2] by integration (slides: V = 27.7)
SG = sqrt(V40)                         # Gaussian of the same variance
G0, G1 = Normal(0, SG), Normal(1, SG)
INST = "sigma^2 = 40, m = 3, Delta = 1; the Gaussian has sigma_N^2 = E[Y^2] of the OSGT"
catalogue = Catalogue(__package__)   # by section: see __init__
