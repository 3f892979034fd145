"""cesar_rogers21: the source, symbols, the conventions (p_t, q_t, a, b), the Lemma 3.2 BR
mean, how each continuous box narrows the paper's domain, and the catalogue (``add``)."""

import sympy
from dataclasses import replace
from sympy import exp, log

from dpproof.claims import Catalogue, Claim, Interval, Kind, Source, Statement

SOURCE_FILE = "004_19597b2af6908c45.txt"
KEY = "cesar_rogers21"
UNKNOWN = "reconstructed; exact form in the paper unknown"


def src(locator, unknown=False, more=""):
    note = (UNKNOWN if unknown else "reconstructed") + (f"; {more}" if more else "")
    return Source(KEY, SOURCE_FILE, locator, note)


def closed(lo, hi):
    return Interval.closed(lo, hi)


def integers(lo, hi):
    return Interval.closed(lo, hi, integer=True)


def point(v):
    return Interval.point(v)


Symbol = sympy.Symbol
k, d, n, l, m = (Symbol(x, integer=True) for x in "kdnlm")
eps, eps_g, t, s, x, g = (Symbol(v, real=True) for v in ("eps", "eps_g", "t", "s", "x", "g"))
alpha, sigma, lam, rho, delta = (Symbol(v, positive=True) for v in
                                 ("alpha", "sigma", "lam", "rho", "delta"))
e, j, r, v = (Symbol(v_, real=True) for v_ in "ejrv")
E = exp(eps)
a_, b_ = E / (1 + E), 1 / (1 + E)


def p_t(ep, tt):
    return (exp(ep) - exp(tt)) / (exp(ep) - 1)


def q_t(ep, tt):
    return exp(-tt) * p_t(ep, tt)


def br_mean(ep):
    """Lemma 3.2 BR mean bound eps/(1 - e^-eps) - 1 - log(eps/(1 - e^-eps))."""
    z = ep / (1 - exp(-ep))
    return z - 1 - log(z)


def ident(lhs, rhs):
    return Statement(lhs, "==", rhs)


def le(lhs, rhs):
    return Statement(lhs, "<=", rhs)


def dk():
    return (Statement(d, "<=", k),)


#: how a continuous box narrows the source's domain (Claim.narrowed, shown in the verdict)
NARROWED = {
    "lemma2_1": "one exponential mechanism, eps in [1/10, 4]",
    "lemma2_2": "RR_{eps,t} only, eps in [1/2, 2], alpha in [2, 10]",
    "lemma3_1": "steps +-1/sqrt(n), n <= 16 (every beta >= 0: beta <= 5 covers it)",
    "lemma3_2.dp": "Laplace and RR only, eps in [1/10, 3], |lambda| in [1/4, 4] (the mean "
                   "part over every eps-DP round: lemma3_2.dp.mean)",
    "lemma3_2.dp.mean.family": "the Laplace mechanism only, eps in [1/10, 3]",
    "lemma3_2.br": "RR_{eps,t} only, eps in [1/10, 2], lambda in [1/4, 4]",
    "lemma3_2.cdp": "the Gaussian mechanism only, every sigma > 0 and lambda > 0: not every "
                    "(mu, tau)-CDP round",
    "eq4": "k = 3",
    "lemma4_4": "2 DP + 2 BR, eps = 1, eps_g = 0.7",
    "eq5_6": "k <= 6, eps in [1/4, 2], eps_g <= 2 (INCONCLUSIVE on eps > 0, eps_g >= 0 "
             "instance by instance; every k with k = d + m fails definedness: the powers "
             "p_t^(k-d-i) of a symbolic exponent need p_t != 0, not certified in sympy)",
    "lemma4_5": "k <= 6, l <= 10, eps in [1/4, 2], eps_g <= 2",
    "prop1": "the swap BDB -> DBB, eps = 1, eps_g in [0, 1/2]",
    "lemma5_4": "eps = 1, eps_g in [0, 1/2]",
    "lemma6_2": "Delta_0 = 1, Laplace scale b = e/4 for e = 1..8 (eps0 = 4/e), every eps >= 0",
    "lemma6_4": "one changed count, alpha in [3/2, 10], sigma in [1/2, 2], s in [2, 3], "
                "Delta = 1",
}


def _narrow(c: Claim) -> Claim:
    why = NARROWED.get(c.id.removeprefix(KEY + "."), "")
    steps = tuple(_narrow(s_) for s_ in c.steps)
    return replace(c, narrowed=why or NARROWED.get(c.id.removeprefix(KEY + ".").split(".step")[0],
                                                   ""), steps=steps)


catalogue = Catalogue()


def add(id_, locator, statement, domain, kind=Kind.INEQUALITY, unknown=False, note="",
        more="", steps=(), derived=(), family=""):
    """Declare a claim (narrowed as ``NARROWED`` says); ``derived`` names the source
    parameters of an instance grid, ``family`` the class of mechanisms a statement about
    every mechanism is decided on (Claim.family)."""
    return catalogue.declare(_narrow(Claim(
        f"{KEY}.{id_}", src(locator, unknown, more), statement, domain, kind, steps=steps,
        note=note, derived=derived, family=family)))


# source parameters of the instance grids (printed beside witnesses, Claim.derived)
EPS_E2 = {"eps": e / 2}
G_HALF, G_QUARTER = {"eps_g": g / 2}, {"eps_g": g / 4}

# shorthands shared by the sections: t = s eps, the grids eps_g = g/2, g/4, RR_{eps,t}'s
# P(0), Q(0), the positive half-line
tt = s * eps
gg = g / 2
gq, gh = g / 4, g / 2
pp, qq = p_t(eps, tt), q_t(eps, tt)
POS = Interval(0, None, lo_open=True)
