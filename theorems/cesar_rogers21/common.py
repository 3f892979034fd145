"""cesar_rogers21: the source, symbols, the conventions (p_t, q_t, a, b), the Lemma 3.2 BR
mean, how each continuous box narrows the paper's domain, and the catalogue (``add``)."""

import sympy
from dataclasses import replace
from sympy import exp, log

from dpproof.calculus import Proof
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


#: why a grid of a sup over t is not widened: it derives in sympy for at most one RR_{eps,t}
ONLY_BALLS = ("derives in sympy only for at most one RR_{eps,t} and with its kinks ordered "
              "(exact eps, eps_g), else it is a ball oracle at given k, d; balls cannot "
              "certify an identity (SUPPORTED at best)")
#: why a grid of the Lemma 5.1 recursion is not widened (issue 29; tried)
RECURSION = ("the recursion derives in sympy only at given k and, with a BR step, where its "
             "kinks are ordered: at exact eps, eps_g, or eps_g a given multiple of eps (a free "
             "eps_g is Underivable); tried: every eps > 0 with eps_g = (g/4) eps, k <= 4 (cor5_1, "
             "prop2): not finished in 14 minutes; balls cannot certify an identity")

#: why prop1 and lemma5_4 keep eps = 1 (issue 29; tried)
FIXED_EPS = (": orders with two BR steps are ball oracles only (nested sups), and with eps "
             "free (eps in [1/2, 2], eps_g = w eps, w in [0, 1/2]) the interval engine spent its "
             "budget (INCONCLUSIVE)")

#: how a continuous box narrows the source's domain (Claim.narrowed, shown in the verdict)
NARROWED = {
    "lemma2_1": "one exponential mechanism, eps in [1/10, 4]",
    "lemma2_2.rr": "RR_{eps,t} only, eps in [1/2, 2], alpha in [2, 10]",
    "lemma3_1.family": "steps +-1/sqrt(n), n <= 16 (every beta >= 0: beta <= 5 covers it)",
    "lemma3_2.dp.family": "Laplace and RR only, eps in [1/10, 3], |lambda| in [1/4, 4]",
    "lemma3_2.br.family": "RR_{eps,t} only, eps in [1/10, 2], lambda in [1/4, 4]",
    "lemma3_2.cdp.family": "the Gaussian mechanism only, every sigma > 0 and lambda > 0: not every "
                    "(mu, tau)-CDP round",
    "eq4.family": "k = 3: with heterogeneous eps_i the sum over S has no grouping into a sum "
                  "over counts, and its parameters grow with k (every k, over every law: eq4)",
    "lemma4_4": "2 DP + 2 BR, eps = 1, eps_g = 0.7: two RR_{eps,t} have no symbolic "
                "derivation, and the balls do not close near the optimum even here",
    "eq5_6": "k <= 3 (every eps > 0, eps_g >= 0, as four bounded pieces; k <= 6 on eps in "
             "[1/4, 2], eps_g <= 2 is eq5_6.k6): the proof instance by instance takes at most "
             "64 integer instances, and every k fails definedness: the powers p_t^(k-d-i) of "
             "a symbolic exponent need p_t != 0, not certified in sympy",
    "eq5_6.k6": "k <= 6, eps in [1/4, 2], eps_g <= 2: the proof instance by instance needs a "
                "bounded box (every eps > 0, eps_g >= 0 with k <= 3 is eq5_6)",
    "lemma4_5": "k <= 6, l <= 10, eps in [1/4, 2], eps_g <= 2",
    "prop1.family": "the swap BDB -> DBB, eps = 1, eps_g in [0, 1/2]" + FIXED_EPS + " (all "
                    "sequences and every eps, over every law: prop1)",
    "lemma5_4": "eps = 1, eps_g in [0, 1/2]" + FIXED_EPS,
    "lemma6_2.family": "Delta_0 = 1, Laplace scale b = e/4 for e = 1..8 (eps0 = 4/e), every "
                       "eps >= 0 (every Delta_0 and scale, over every law: lemma6_2)",
    # grids (issue 29): what each decides and why its continuous range is not attempted
    "thm2": "k <= 6, eps = e/2 in {1/2, 1}, eps_g = g/2 in {0, 1/2, 1, 3/2}: the sup over t "
            + ONLY_BALLS,
    "thm3": "k <= 5, eps = e/2 in {1/2, 1}, eps_g = g/2 in {0, 1/2, 1, 3/2}: the sup over t "
            + ONLY_BALLS,
    "lemma3_3.family": "k <= 4 DP, k BR and k + k mixed rounds of one eps = e/10 in {1/10, 1/5, "
                "3/10}, delta in {1e-3, 1e-6}, no CDP round: the BR worst case (the sup over "
                "t of k RR_{eps,t}) is a ball oracle at given k, and no oracle composes "
                "heterogeneous eps_i or CDP rounds adaptively (tried: eps in [1/10, 3/10] "
                "continuous, the interval engine spent its budget: INCONCLUSIVE)",
    "lemma5_1.family": "DP steps only (k <= 4) and one BR step, eps = e/2 in {1/2, 1}, eps_g "
                       "= g/4 in {0, 1/4, ..., 3/2}: " + RECURSION + " (every sequence of "
                       "rounds, over every law: lemma5_1)",
    "prop2": "one BR among 3 or 4 steps, eps = e/2 in {1/2, 1}, eps_g = g/4 in {0, 1/4, "
             "..., 3/2}: " + RECURSION,
    "cor5_1": "k <= 4, eps = e/2 in {1/2, 1}, eps_g = g/4 in {0, 1/4, ..., 3/2}: "
              + RECURSION,
    "lemma5_2.family": "m <= 3 DP steps before one BR step, eps = e/2 in {1/2, 1}, x = x/4 "
                       "in {-1/2, -1/4, ..., 3/2}: " + RECURSION,
    "lemma5_3": "eps = 1, eps_g in {1, 3/2, 2}, the eps_g >= eps half only (the closed forms "
                "for eps_g < eps are unknown): orders with two BR steps have no symbolic "
                "derivation, and balls cannot certify an identity",
    "prop1.instances": "eps = 1, eps_g = g/2 in {0, 1/2, 1}, the swaps of 2-3 steps: orders "
                       "with two BR steps have no symbolic derivation, and where a swap is "
                       "an equality balls cannot certify '<='",
    "prop1.strict": "eps = 1, eps_g = g/4 in {1/4, 1/2, 3/4}, the swap BDB -> DBB: orders with "
                    "two BR steps have no symbolic derivation (the continuous eps_g in [0, "
                    "1/2] is prop1.family)",
    "lemma5_4.instances": "eps = 1, eps_g = g/4 in {0, 1/4, 1/2, 3/4}: the grid reaches 3/4, "
                          "past the box of lemma5_4 (the gap falls to 0 as eps_g -> eps)",
    "lemma6_2.instances": "Delta_0 = 1, Laplace scale b = e/4, eps = j/4 in [0, 2]: the grid "
                          "twin of lemma6_2.family",
    "lemma3_2.cdp.instances": "the Gaussian mechanism, sigma = r/2, lambda = v/2 in {1/2, 1, ..., 3}: "
                              "the grid twin of lemma3_2.cdp.family",
    "alg1": "k = 4 integer counts in [-1, 4]: both fits are computed exactly on given "
            "rationals (no derivation over real counts or symbolic k); the privacy part "
            "(post-processing) is not instantiated",
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


def add_proved(id_, locator, build, sweeps, *args, note=""):
    """Declare a statement about every law proved by the calculus: ``build(claim id, source,
    *args)`` (a builder of ``every_law``) gives its proof tree, ``sweeps`` the family claims
    its conclusion is swept over."""
    cid, source = f"{KEY}.{id_}", src(locator)
    return catalogue.declare(Claim(cid, source, None,
                                   proof=Proof(build(cid, source, *args), tuple(sweeps)),
                                   note=note))


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
