"""Parastoo Sadeghi and Mehdi Korki, "Offset-Symmetric Gaussians for Differential Privacy",
slides, August 31, 2022 (for the paper of the same title, IEEE Transactions on Information
Forensics and Security, 2022).

The OSGT density is checked from its first form, exp(-y^2/(2 sigma^2) - |y| m/sigma^2)
normalised by integration (``dp_instances.osgt_*``), and from the offset form of
``oracles.OSGT``; divergences come from the densities (``hockey_stick``, ``renyi``).
"same variance" means the Gaussian variance equals E[Y^2] of the OSGT by integration.
"""

import sympy
from sympy import Abs, Integral, Max, Rational as R, exp, log, oo, pi, sqrt

from dpproof.claims import (Catalogue, Claim, Domain, FigureSpec, Interval, Kind, Series, Source,
                            Statement, value_claim)
from dpproof.expr import Phi, Q
from dpproof.expr.vocabulary import (ProductOf, bad_mass, cdf, density, eps_at_delta,
                                     gauss_var_needed, osgt_kernel_mass, osgt_moment, osgt_tail,
                                     osgt_var_needed, rejection_shift_cdf, signed_mass_below)
from dpproof.expr.vocabulary import (OSGT, Laplace, Normal, gauss_delta, hockey_stick,
                                     rdp_to_delta, renyi)

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
catalogue = Catalogue()

# ---------------------------------------------------------------- summary (slide 2)
catalogue.declare(Claim("osgt22.summary.better_eps_delta", src("slide 2 (summary)"),
               Statement(hockey_stick(T0, T1, eps), "<=", gauss_delta(eps, SG, 1)),
               Domain.of(eps=closed(0, 20)), note="no restriction on eps stated; " + INST))
catalogue.declare(Claim("osgt22.summary.better_eps_delta.other", src("slide 2 (summary)"),
               Statement(hockey_stick(OSGT(0, 2, 1), OSGT(1, 2, 1), eps), "<=",
                         gauss_delta(eps, sqrt(osgt_moment(2, 1, 2)), 1)),
               Domain.of(eps=closed(0, 20)), note="sigma = 2, m = 1, Delta = 1, same variance"))
catalogue.declare(Claim("osgt22.summary.better_eps_delta.repaired", src("slide 2 (summary)"),
               Statement(hockey_stick(T0, T1, eps), "<=", gauss_delta(eps, SG, 1)),
               Domain.of(eps=closed(R(3, 20), 20)),
               note="corrected range: the crossing of the two delta(eps) curves is at "
                    "eps = 0.143130685 (bisection in arb); the OSGT is better for eps >= 3/20; "
                    + INST))
catalogue.declare(Claim("osgt22.summary.better_eps_delta.other.repaired", src("slide 2 (summary)"),
               Statement(hockey_stick(OSGT(0, 2, 1), OSGT(1, 2, 1), eps), "<=",
                         gauss_delta(eps, sqrt(osgt_moment(2, 1, 2)), 1)),
               Domain.of(eps=closed(R(1, 2), 20)),
               note="corrected range: crossing at eps = 0.469009858 (bisection in arb); "
                    "sigma = 2, m = 1, Delta = 1, same variance"))
catalogue.declare(Claim("osgt22.summary.better_rdp", src("slide 2 (summary)"),
               Statement(renyi(T0, T1, alpha), "<=", alpha / (2 * V40)),
               Domain.of(alpha=Interval(1, 1000, lo_open=True)),
               note="no restriction on alpha stated; Gaussian RDP alpha Delta^2/(2 sigma_N^2); "
                    + INST))
catalogue.declare(Claim("osgt22.summary.better_rdp.repaired", src("slide 2 (summary)"),
               Statement(renyi(T0, T1, alpha), "<=", alpha / (2 * V40)),
               Domain.of(alpha=closed(5, 1000)),
               note="corrected range: the OSGT RDP curve crosses below the Gaussian's between "
                    "alpha = 4 and 5 (margin +1.2e-3 at 4, -2.9e-4 at 5); " + INST))
catalogue.declare(Claim("osgt22.summary.less_noise", src("slide 2 (summary); 'Numerical evaluation - 3'"),
               Statement(osgt_var_needed(eps, R(1, 10**10), 3, 1), "<",
                         gauss_var_needed(eps, R(1, 10**10), 1)),
               Domain.of(eps=closed(R(1, 5), 2)),
               note="variance at which delta(eps) = delta, by certified bisection on sigma "
                    "(delta decreasing in sigma assumed); OSGT with m = 3, Delta = 1 (the "
                    "slide's setting); eps in [0.2, 2] continuous at the slide's delta = 1e-10 "
                    "(a continuous delta axis left the interval engine undecided after 60 s)"))
catalogue.declare(Claim("osgt22.summary.less_noise.instances", src("slide 2 (summary); 'Numerical evaluation - 3'"),
               Statement(osgt_var_needed(i / 5, 10**(-5 * j), 3, 1), "<",
                         gauss_var_needed(i / 5, 10**(-5 * j), 1)),
               Domain.of(i=Int(1, 10), j=Int(1, 2)),
               note="variance at which delta(eps) = delta, by certified bisection on sigma "
                    "(delta decreasing in sigma assumed); OSGT with m = 3, Delta = 1; "
                    "eps = i/5, delta in {1e-5, 1e-10}"))

# ---------------------------------------------------------------- Laplace, Gaussian basics
catalogue.declare(Claim("osgt22.laplace.scale", src("Basic notation (Laplace)"),
               Statement(hockey_stick(Laplace(0, Delta / eps), Laplace(Delta, Delta / eps), eps),
                         "<=", 0),
               Domain.of(eps=Pos(0, 20), Delta=Pos(0, 10)),
               note="lambda = Delta/eps gives H_eps = 0: eps in (0, 20], Delta in (0, 10] "
                    "continuous (the divergence depends on Delta/lambda = eps only; the "
                    "symbolic engine derives H_eps from the Laplace densities)"))
catalogue.declare(value_claim("osgt22.laplace.scale.example", src("Pros and cons of Laplace"),
                     sympy.Integer(1) / R(1, 2), "2", note="lambda = Delta/eps at eps = 0.5, Delta = 1"))
catalogue.declare(Claim("osgt22.gauss.no_pure", src("Basic notation (Gaussian)"),
               Statement(bad_mass(Normal(0, sigma), Normal(1, sigma), eps), ">", 0),
               Domain.of(eps=closed(0, 20), sigma=Pos(0, 100)),
               note="the set {f(y)/f(y - Delta) > e^eps} has positive probability; eps in "
                    "[0, 20], sigma in (0, 100] continuous, Delta = 1 (the set depends on "
                    "sigma/Delta only)"))
catalogue.declare(Claim("osgt22.gauss.no_pure.instances", src("Basic notation (Gaussian)"),
               Statement(bad_mass(Normal(0, j), Normal(1, j), i / 2), ">", 0),
               Domain.of(i=Int(0, 40), j=Int(1, 8)),
               note="Delta = 1, eps = i/2, sigma = j"))
SIG277 = sqrt(R(277, 10))
YS = R(1, 2) - R(1, 2) * R(277, 10)
catalogue.declare(value_claim("osgt22.gauss.example", src("Computation of delta"),
                     hockey_stick(Normal(0, SIG277), Normal(1, SIG277), R(1, 2)), "3.2e-4",
                     note="H_eps from the densities at eps = 0.5, Delta = 1, sigma^2 = 27.7"))
catalogue.declare(value_claim("osgt22.gauss.example.ystar", src("Computation of delta"),
                     YS, "-13.35", note="y* = Delta/2 - eps sigma^2/Delta"))
catalogue.declare(Claim("osgt22.gauss.example.integral", src("Computation of delta"),
               Statement(signed_mass_below(Normal(0, SIG277), Normal(1, SIG277), R(1, 2), YS),
                         "==", hockey_stick(Normal(0, SIG277), Normal(1, SIG277), R(1, 2))),
               Domain(), Kind.IDENTITY,
               note="int_{-inf}^{y*} (f(x) - e^eps f(x - Delta)) dx is H_eps"))

# ---------------------------------------------------------------- the OSGT density
yd = Domain.of(y=closed(-20, 0), sigma=closed(R(1, 10), 20), m=closed(0, 20))
form1 = exp(-y**2 / (2 * sigma**2) - Abs(y) * m / sigma**2)
catalogue.declare(Claim("osgt22.pdf.forms", src("Towards the OSGT pdf"),
               Statement(form1, "==", exp(m**2 / (2 * sigma**2)) * exp(-(y - m)**2 / (2 * sigma**2))),
               yd, Kind.IDENTITY, note="form 1 = form 2 times S', y <= 0"))
catalogue.declare(Claim("osgt22.pdf.forms.right", src("Towards the OSGT pdf"),
               Statement(form1, "==", exp(m**2 / (2 * sigma**2)) * exp(-(y + m)**2 / (2 * sigma**2))),
               Domain.of(y=Interval(0, 20, lo_open=True), sigma=closed(R(1, 10), 20), m=closed(0, 20)),
               Kind.IDENTITY, note="form 1 = form 2 times S', y > 0"))
sm = Domain.of(i=Int(1, 8), j=Int(0, 8))  # sigma = i/2, m = j/2
SM = Domain.of(sigma=Pos(0, 100), m=closed(0, 20))
si, mj = i / 2, j / 2
catalogue.declare(Claim("osgt22.pdf.forms.normalisation", src("Alternative description of pdf - 2"),
               Statement(Integral(form1, (y, -oo, oo)) * exp(-m**2 / (2 * sigma**2)), "==",
                         S(sigma, m)),
               SM, Kind.IDENTITY,
               note="S = S' exp(-m^2/(2 sigma^2)) with S' = int of form 1 over the line; "
                    "sigma in (0, 100], m in [0, 20] continuous"))
catalogue.declare(Claim("osgt22.pdf.forms.normalisation.instances", src("Alternative description of pdf - 2"),
               Statement(osgt_kernel_mass(si, mj) * exp(-mj**2 / (2 * si**2)), "==", S(si, mj)),
               sm, Kind.IDENTITY,
               note="S = S' exp(-m^2/(2 sigma^2)) with S' = int of form 1; sigma = i/2, m = j/2"))
catalogue.declare(Claim("osgt22.pdf.forms.mean", src("Alternative description of pdf - 2"),
               Statement(osgt_moment(sigma, m, 1), "==", 0), SM, Kind.IDENTITY,
               note="E[Y] = 0 by integration of the density; sigma in (0, 100], m in [0, 20]"))
catalogue.declare(Claim("osgt22.pdf.forms.offset", src("Alternative description of pdf - 2"),
               Statement(density(OSGT(0, 2, 1), k / 2), "==",
                         exp(-(k / 2)**2 / 8 - Abs(k / 2) / 4) / osgt_kernel_mass(2, 1)),
               Domain.of(k=Int(-12, 12)), Kind.IDENTITY,
               note="the offset form (oracles.OSGT, normaliser S) equals form 1 / S' at "
                    "sigma = 2, m = 1, y = k/2"))
tt = sympy.Symbol("t", real=True)
catalogue.declare(Claim("osgt22.pdf.rejection", src("Rejection, followed by a shift"),
               Statement(rejection_shift_cdf(sigma, m, tt), "==", 1 - osgt_tail(sigma, m, tt)),
               Domain.of(sigma=Pos(0, 20), m=closed(0, 20), t=closed(-20, 20)), Kind.IDENTITY,
               note="CDF of the rejected-and-shifted Gaussian (preimages under the shift) vs "
                    "the OSGT CDF by integration; sigma in (0, 20], m in [0, 20], t in "
                    "[-20, 20] continuous; equality of two integrals cannot be certified by "
                    "balls, so at best SUPPORTED"))
catalogue.declare(Claim("osgt22.pdf.rejection.instances", src("Rejection, followed by a shift"),
               Statement(rejection_shift_cdf(si, mj, k / 2), "==", 1 - osgt_tail(si, mj, k / 2)),
               Domain.of(i=Int(1, 6), j=Int(0, 3), k=Int(-4, 4)), Kind.IDENTITY,
               note="CDF of the rejected-and-shifted Gaussian (preimages under the shift) vs "
                    "the OSGT CDF by integration; sigma = i/2, m = j/2, t = k/2"))

# ---------------------------------------------------------------- variance, tails
catalogue.declare(Claim("osgt22.variance.formula", src("eq. (2)"),
               Statement(osgt_moment(sigma, m, 2), "==", V(m, sigma**2)), SM, Kind.IDENTITY,
               note="E[Y^2] by integration of the density; sigma in (0, 100], m in [0, 20]"))
catalogue.declare(Claim("osgt22.variance.less", src("eq. (2)"),
               Statement(V(m, sigma**2), "<", sigma**2),
               Domain.of(m=Interval(0, 20, lo_open=True), sigma=closed(R(1, 10), 20))))
s2 = sympy.Symbol("s2", positive=True)
catalogue.declare(value_claim("osgt22.variance.example", src("figure caption, 'The shape of the pdf'"),
                     V(m, s2), "27.7", Domain.of(m=Interval.point(3), s2=Interval.point(40)),
                     note="eq. (2) at sigma^2 = 40, m = 3"))
catalogue.declare(value_claim("osgt22.variance.example.integral", src("figure caption"),
                     V40, "27.7", note="E[Y^2] by integration at sigma^2 = 40, m = 3"))
catalogue.declare(Claim("osgt22.subgaussian", src("Proposition"),
               Statement(osgt_tail(1, m, y), "<=", exp(-y**2 / 2),
                         hypotheses=(Statement(Q(m), ">=", R(1, 4)),)),
               Domain.of(m=closed(0, 2), y=closed(0, 12)),
               note="sigma = 1 (the tail depends on y/sigma, m/sigma); m/sigma <= Q^-1(0.25) "
                    "written as Q(m/sigma) >= 1/4"))
catalogue.declare(Claim("osgt22.subgaussian.constant", src("Proposition"),
               Statement((Q(R(67445, 100000)) - R(1, 4)) * (Q(R(67455, 100000)) - R(1, 4)), "<=", 0),
               note="Q^-1(0.25) = 0.6745 to the printed digits: 1/4 lies between Q(0.67445) "
                    "and Q(0.67455)"))

# ---------------------------------------------------------------- delta of the OSGT
catalogue.declare(value_claim("osgt22.delta.example", src("Computing delta for the OSGT - 1"),
                     hockey_stick(T0, T1, R(1, 2)), "6.8e-5", note="eps = 0.5; " + INST))
catalogue.declare(Claim("osgt22.delta.example.ystar", src("Computing delta for the OSGT - 1"),
               Statement(bad_mass(T0, T1, R(1, 2)), "==", cdf(T0, R(-33, 2))), Domain(),
               Kind.IDENTITY, note="the values contributing to delta are y < -16.5: "
                                   "P(loss > eps) = P(Y <= -16.5); eps = 0.5; " + INST))
catalogue.declare(value_claim("osgt22.delta.at_1e-10", src("Numerical evaluation of (eps, delta)"),
                     hockey_stick(T0, T1, R(94, 100)), "1e-10",
                     note="OSGT delta at the printed eps = 0.94; " + INST))
catalogue.declare(value_claim("osgt22.delta.at_1e-10.gauss", src("Numerical evaluation of (eps, delta)"),
                     gauss_delta(R(112, 100), SG, 1), "1e-10",
                     note="Gaussian delta at the printed eps = 1.12; " + INST))
catalogue.declare(value_claim("osgt22.delta.at_1e-10.eps", src("Numerical evaluation of (eps, delta)"),
                     eps_at_delta(T0, T1, R(1, 10**10), 0, 3), "0.94",
                     note="eps at which the OSGT delta is 1e-10 (certified bisection)"))
catalogue.declare(value_claim("osgt22.delta.at_1e-10.gauss_eps", src("Numerical evaluation of (eps, delta)"),
                     eps_at_delta(G0, G1, R(1, 10**10), 0, 3), "1.12",
                     note="eps at which the Gaussian delta is 1e-10 (certified bisection)"))

thr = Statement(eps, ">", R(1, 80) + R(3, 40))
ys40 = R(1, 2) + 3 - eps * 40
fd = Domain.of(eps=closed(R(7, 80), 2))
chain_mid = (Phi((ys40 - 3) / S40) - exp(eps) * Phi((ys40 - 1 - 3) / S40)) / (2 * Q(3 / S40))
F_steps = (
    (hockey_stick(T0, T1, eps), signed_mass_below(T0, T1, eps, ys40),
     "the bad set is {y < y*}, y* = Delta/2 + m - eps sigma^2/Delta"),
    (signed_mass_below(T0, T1, eps, ys40), chain_mid, "Gaussian tail masses of the offset form"),
    (chain_mid, delta_T(eps, S40, 3, 1), "Phi(-x) = Q(x)"))
catalogue.declare(Claim(
    "osgt22.delta.formula", src("Computing delta for the OSGT (analytical formula)"),
    Statement(hockey_stick(T0, T1, eps), "==", delta_T(eps, S40, 3, 1), hypotheses=(thr,)),
    fd, Kind.IDENTITY, note="for eps > Delta^2/(2 sigma^2) + Delta m/sigma^2, eps up to 2 "
                            "continuous, on the slide's instance (over continuous sigma, m the "
                            "symbolic engine ran out of its 15 s and the interval engine of its "
                            "box budget; SUPPORTED there too); " + INST,
    steps=tuple(Claim(f"osgt22.delta.formula.step{n + 1}", src("Computing delta for the OSGT"),
                      Statement(l, "==", r, hypotheses=(thr,)), fd, Kind.IDENTITY, note=nt)
                if n == 2 else
                Claim(f"osgt22.delta.formula.step{n + 1}", src("Computing delta for the OSGT"),
                      Statement(l.subs(eps, i / 16), "==", r.subs(eps, i / 16),
                                hypotheses=(thr.__class__(i / 16, ">", thr.rhs),)),
                      Domain.of(i=Int(1, 32)), Kind.IDENTITY,
                      note=nt + "; on the grid eps = i/16 (the parent's box is checked whole)")
                for n, (l, r, nt) in enumerate(F_steps))))
so = sqrt(j)  # other instances: sigma^2 = j, m = k/2, eps = i/8
catalogue.declare(Claim(
    "osgt22.delta.formula.instances", src("Computing delta for the OSGT (analytical formula)"),
    Statement(hockey_stick(OSGT(0, so, k / 2), OSGT(1, so, k / 2), i / 8), "==",
              delta_T(i / 8, so, k / 2, 1),
              hypotheses=(Statement(i / 8, ">", R(1, 2) / j + k / 2 / j),)),
    Domain.of(i=Int(1, 16), j=Int(1, 4), k=Int(0, 4)), Kind.IDENTITY,
    note="sigma^2 = j, m = k/2, Delta = 1, eps = i/8 above the stated threshold"))
catalogue.declare(Claim(
    "osgt22.delta.gauss_formula", src("Comparison with delta of the Gaussian mechanism"),
    Statement(hockey_stick(Normal(0, sigma), Normal(Delta, sigma), eps), "==",
              delta_N(eps, sigma, Delta),
              hypotheses=(Statement(eps, ">=", Delta**2 / (2 * sigma**2)),)),
    Domain.of(eps=closed(0, 20), sigma=Pos(0, 100), Delta=Pos(0, 10)), Kind.IDENTITY,
    note="eps in [0, 20], sigma in (0, 100], Delta in (0, 10] continuous"))

# ---------------------------------------------------------------- k dimensions, RDP
y1, y2 = sympy.symbols("y1 y2", real=True)
catalogue.declare(Claim(
    "osgt22.kdim.density", src("Multidimensional definition"),
    Statement(density(OSGT(R(1, 2), 2, 1), y1) * density(OSGT(-1, 2, 1), y2), "==",
              exp(-((y1 - R(1, 2))**2 + (y2 + 1)**2) / 8
                  - (Abs(y1 - R(1, 2)) + Abs(y2 + 1)) / 4) / osgt_kernel_mass(2, 1)**2),
    Domain.of(y1=closed(-10, 10), y2=closed(-10, 10)), Kind.IDENTITY,
    note="k = 2, q = (1/2, -1), sigma = 2, m = 1, y in [-10, 10]^2 continuous; S' by "
         "integration"))
catalogue.declare(Claim(
    "osgt22.kdim.density.instances", src("Multidimensional definition"),
    Statement(density(OSGT(R(1, 2), 2, 1), i / 2) * density(OSGT(-1, 2, 1), j / 2), "==",
              exp(-((i / 2 - R(1, 2))**2 + (j / 2 + 1)**2) / 8
                  - (Abs(i / 2 - R(1, 2)) + Abs(j / 2 + 1)) / 4) / osgt_kernel_mass(2, 1)**2),
    Domain.of(i=Int(-3, 3), j=Int(-3, 3)), Kind.IDENTITY,
    note="k = 2, q = (1/2, -1), sigma = 2, m = 1, y = (i/2, j/2); S' by integration"))
zeta1 = lambda s, m_, kk: kk / (alpha - 1) * log((1 - Q(m_ / s)) / Q(m_ / s))  # noqa: E731
ALPHA = Domain.of(a=Int(5, 256))  # alpha = a/4
catalogue.declare(Claim("osgt22.rdp.single_letter", src("Single-letter RDP upper bound"),
               Statement(renyi(T0, T1, alpha), "<=", alpha / (2 * 40) + zeta1(S40, 3, 1)),
               Domain.of(alpha=Pos(1, 64)),
               note="k = 1, alpha in (1, 64] continuous; " + INST))
for suffix, s, m_ in ((".instances", S40, 3), (".slides630", sqrt(630), 15),
                      (".other", 1, R(1, 2))):
    catalogue.declare(Claim("osgt22.rdp.single_letter" + suffix, src("Single-letter RDP upper bound"),
                   Statement(renyi(OSGT(0, s, m_), OSGT(1, s, m_), a / 4), "<=",
                             a / 4 / (2 * s**2) + zeta1(s, m_, 1).subs(alpha, a / 4)), ALPHA,
                   note=f"k = 1, sigma^2 = {sympy.sstr(s**2)}, m = {m_}, Delta = 1, "
                        "alpha = a/4 in [1.25, 64]"))
catalogue.declare(Claim("osgt22.rdp.single_letter.k2", src("Single-letter RDP upper bound"),
               Statement(renyi(ProductOf(T0, T0), ProductOf(T1, T1), a / 4), "<=",
                         a / 4 * 2 / (2 * 40) + zeta1(S40, 3, 2).subs(alpha, a / 4)), ALPHA,
               note="k = 2, both coordinates shifted by 1 (Delta_2^2 = 2), alpha = a/4; "
                    + INST))
catalogue.declare(Claim("osgt22.rdp.gauss_worse", src("Single-letter RDP upper bound"),
               Statement(alpha / (2 * V(m, sigma**2)), ">", alpha / (2 * sigma**2)),
               Domain.of(alpha=Interval(1, 64, lo_open=True), m=Interval(0, 10, lo_open=True),
                         sigma=closed(1, 20)), note="Delta_2 = 1; sigma_gauss^2 = V(m, sigma^2)"))
EXD = Domain.of(alpha=closed(R(3, 2), 32))
for suffix, s, m_ in (("", S40, 3), (".slides630", sqrt(630), 15)):
    lhs = renyi(OSGT(0, s, m_), OSGT(1, s, m_), alpha)
    rhs = alpha / (2 * s**2) + zeta_exact(alpha, s, m_, 1, 1)
    catalogue.declare(Claim(
        "osgt22.rdp.exact" + suffix, src("Exact computation of Renyi divergence - 1"),
        Statement(lhs, "<=", rhs), EXD,
        note=f"k = 1, sigma^2 = {sympy.sstr(s**2)}, m = {m_}, Delta = 1, alpha in [1.5, 32] "
             "continuous; in "
             "double precision the exponential factor of Bbar overflows (exp(3072) at alpha = "
             "64, m = 15, sigma^2 = 630) and the Phi difference cancels",
        steps=(Claim(f"osgt22.rdp.exact{suffix}.step1", src("Exact computation - 1"),
                     Statement(lhs, "==", rhs), EXD, Kind.IDENTITY,
                     note="the bound is the divergence itself ('exact computation')"),)))
rho8 = R(8, 2 * 630)
catalogue.declare(Claim("osgt22.rdp.zeta_small", src("Components of Renyi divergence"),
               Statement(zeta_exact(alpha, sqrt(630), 15, 1, 8), "<=", R(1, 10) * alpha * rho8),
               Domain.of(alpha=closed(R(3, 2), 64)),
               note="'small' read as zeta <= alpha rho / 10; k = 8, m = 15, sigma^2 = 630, "
                    "Delta = 1, rho = Delta_2^2/(2 sigma^2) = 8/1260"))
catalogue.declare(Claim("osgt22.rdp.zeta_small.repaired", src("Components of Renyi divergence"),
               Statement(zeta_stable(alpha, sqrt(630), 15, 1, 8), "<=", R(3, 4) * alpha * rho8),
               Domain.of(alpha=closed(R(3, 2), 64)),
               note="corrected constant: zeta/(alpha rho) decreases from 0.7189 at alpha = 1.5 "
                    "to 0.178 at 64 (arb), so zeta <= (3/4) alpha rho; zeta_stable is the "
                    "printed zeta with Phi(u) - Phi(v) written Q(v) - Q(u)"))
rd_pairs = ((Normal(0, 1), Normal(1, 1)), (T0, T1), (Laplace(0, 1), Laplace(1, 1)))
catalogue.declare(Claim("osgt22.rdp_to_dp", src("Analytical computation of Renyi DP to get delta"),
               Statement(Max(*(hockey_stick(P, Qd, eps) - rdp_to_delta(alpha, renyi(P, Qd, alpha), eps)
                               for P, Qd in rd_pairs)), "<=", 0),
               Domain.of(alpha=closed(R(3, 2), 10), eps=closed(0, 3)),
               note="tau = D_alpha from the densities; alpha in [1.5, 10], eps in [0, 3] "
                    "continuous; instances N(0,1)/N(1,1), OSGT sigma^2 = 40, m = 3, "
                    "Laplace(0,1)/(1,1)"))
catalogue.declare(Claim("osgt22.rdp_to_dp.instances", src("Analytical computation of Renyi DP to get delta"),
               Statement(Max(*(hockey_stick(P, Qd, i / 4) - rdp_to_delta(a / 2, renyi(P, Qd, a / 2), i / 4)
                               for P, Qd in rd_pairs)), "<=", 0),
               Domain.of(a=Int(3, 20), i=Int(0, 12)),
               note="tau = D_alpha from the densities; alpha = a/2, eps = i/4; instances "
                    "N(0,1)/N(1,1), OSGT sigma^2 = 40, m = 3, Laplace(0,1)/(1,1)"))
catalogue.declare(Claim("osgt22.gauss.rdp", src("Single-letter RDP slide (Gaussian RDP)"),
               Statement(renyi(Normal(0, sigma), Normal(Delta, sigma), alpha), "==",
                         alpha * Delta**2 / (2 * sigma**2)),
               Domain.of(alpha=Pos(1, 64), sigma=Pos(0, 100), Delta=Pos(0, 10)), Kind.IDENTITY,
               note="alpha in (1, 64], sigma in (0, 100], Delta in (0, 10] continuous"))

CLAIMS = catalogue.claims

ep = sympy.Symbol("eps", real=True)
al = sympy.Symbol("alpha", real=True)
FIGURES = (
    FigureSpec("osgt22_delta", "OSGT vs Gaussian at equal variance (sigma^2 = 40, m = 3, "
               "sigma_N^2 = V = 27.7, Delta = 1)", ("eps", R(1, 10), 2),
               (Series("OSGT H_eps", hockey_stick(T0, T1, ep)),
                Series("Gaussian H_eps", gauss_delta(ep, SG, 1))),
               xlabel="eps", ylabel="delta", logy=True, points=40,
               claim_ids=("osgt22.summary.better_eps_delta", "osgt22.delta.formula")),
    FigureSpec("osgt22_variance", "Variance needed for delta = 1e-10 (OSGT m = 3, Delta = 1)",
               ("eps", R(1, 4), 2),
               (Series("OSGT E[Y^2]", osgt_var_needed(ep, R(1, 10**10), 3, 1)),
                Series("Gaussian sigma^2", gauss_var_needed(ep, R(1, 10**10), 1))),
               xlabel="eps", ylabel="variance", logy=True, points=12,
               claim_ids=("osgt22.summary.less_noise",)),
    FigureSpec("osgt22_zeta", "zeta vs alpha rho (k = 8, m = 15, sigma^2 = 630, Delta = 1)",
               ("alpha", R(3, 2), 64),
               (Series("zeta", zeta_stable(al, sqrt(630), 15, 1, 8)),
                Series("alpha rho", al * rho8)),
               xlabel="alpha", ylabel="nats", logy=True, points=40,
               claim_ids=("osgt22.rdp.zeta_small",)),
)
