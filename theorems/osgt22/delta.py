"""osgt22: delta of the OSGT and of the Gaussian (examples, the analytical formula)."""

import sympy
from sympy import Rational as R, exp, sqrt

from dpproof.claims import Claim, Domain, Kind, Statement, value_claim
from dpproof.expr import Phi, Q
from dpproof.expr.vocabulary import (Normal, OSGT, bad_mass, cdf, eps_at_delta, gauss_delta,
                                     hockey_stick, signed_mass_below)

from .common import (Delta, G0, G1, INST, Int, Pos, SG, T0, T1, catalogue, closed, delta_N,
                     delta_T, eps, i, j, k, m, sigma, src)

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

#: Delta = 1 by a proved scale reduction: Y -> Y/Delta maps OSGT(q, sigma, m) onto OSGT(q/Delta,
#: sigma/Delta, m/Delta) and leaves H_eps unchanged (a bijection of the outcome space), and
#: delta_T and the threshold depend on sigma/Delta, m/Delta only; with Delta symbolic the same
#: proof holds (12.5 s against 7 s for the main claim, more for its steps)
ONE = sympy.S.One
thr = Statement(eps, ">", ONE / (2 * sigma**2) + m / sigma**2)
ys = ONE / 2 + m - eps * sigma**2
fd = Domain.of(eps=closed(0, None), sigma=Pos(0, None), m=Pos(0, None))
TS0, TS1 = OSGT(0, sigma, m), OSGT(1, sigma, m)
chain_mid = (Phi((ys - m) / sigma) - exp(eps) * Phi((ys - 1 - m) / sigma)) / (2 * Q(m / sigma))
F_steps = (
    (hockey_stick(TS0, TS1, eps), signed_mass_below(TS0, TS1, eps, ys),
     "the bad set is {y < y*}, y* = Delta/2 + m - eps sigma^2/Delta"),
    (signed_mass_below(TS0, TS1, eps, ys), chain_mid, "Gaussian tail masses of the offset form"),
    (chain_mid, delta_T(eps, sigma, m, 1), "Phi(-x) = Q(x)"))
FD_NOTE = ("eps > Delta^2/(2 sigma^2) + Delta m/sigma^2, sigma > 0, m > 0 continuous, Delta = 1 "
           "(every Delta > 0 by the scale reduction (sigma, m, Delta) -> (sigma/Delta, "
           "m/Delta, 1), proved: Y -> Y/Delta leaves H_eps unchanged, delta_T and the threshold "
           "depend on sigma/Delta and m/Delta only)")
catalogue.declare(Claim(
    "osgt22.delta.formula", src("Computing delta for the OSGT (analytical formula)"),
    Statement(hockey_stick(TS0, TS1, eps), "==", delta_T(eps, sigma, m, 1), hypotheses=(thr,)),
    fd, Kind.IDENTITY, note=FD_NOTE + "; H_eps derived from the OSGT densities",
    steps=tuple(Claim(f"osgt22.delta.formula.step{n + 1}", src("Computing delta for the OSGT"),
                      Statement(l, "==", r, hypotheses=(thr,)), fd, Kind.IDENTITY,
                      note=nt + "; " + FD_NOTE)
                for n, (l, r, nt) in enumerate(F_steps))))
so = sqrt(j)  # other instances: sigma^2 = j, m = k/2, eps = i/8
catalogue.declare(Claim(
    "osgt22.delta.formula.instances", src("Computing delta for the OSGT (analytical formula)"),
    Statement(hockey_stick(OSGT(0, so, k / 2), OSGT(1, so, k / 2), i / 8), "==",
              delta_T(i / 8, so, k / 2, 1),
              hypotheses=(Statement(i / 8, ">", R(1, 2) / j + k / 2 / j),)),
    Domain.of(i=Int(1, 16), j=Int(1, 4), k=Int(0, 4)), Kind.IDENTITY,
    derived={"eps": i / 8, "sigma": so, "m": k / 2},
    note="sigma^2 = j, m = k/2, Delta = 1, eps = i/8 above the stated threshold"))
catalogue.declare(Claim(
    "osgt22.delta.gauss_formula", src("Comparison with delta of the Gaussian mechanism"),
    Statement(hockey_stick(Normal(0, sigma), Normal(Delta, sigma), eps), "==",
              delta_N(eps, sigma, Delta),
              hypotheses=(Statement(eps, ">=", Delta**2 / (2 * sigma**2)),)),
    Domain.of(eps=closed(0, None), sigma=Pos(0, None), Delta=Pos(0, None)), Kind.IDENTITY,
    note="eps >= 0, sigma > 0, Delta > 0 continuous"))
