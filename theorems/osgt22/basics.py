"""osgt22: the Laplace and Gaussian basics (scale, no pure DP, the delta computation)."""

import sympy
from sympy import Rational as R, sqrt

from dpproof.claims import Claim, Domain, Kind, Statement, value_claim
from dpproof.expr.vocabulary import Laplace, Normal, bad_mass, hockey_stick, signed_mass_below

from .common import Delta, Int, Pos, catalogue, closed, eps, i, j, sigma, src

# ---------------------------------------------------------------- Laplace, Gaussian basics
catalogue.declare(Claim("osgt22.laplace.scale", src("Basic notation (Laplace)"),
               Statement(hockey_stick(Laplace(0, Delta / eps), Laplace(Delta, Delta / eps), eps),
                         "<=", 0),
               Domain.of(eps=Pos(0, None), Delta=Pos(0, None)),
               note="lambda = Delta/eps gives H_eps = 0: eps > 0, Delta > 0 "
                    "continuous (the divergence depends on Delta/lambda = eps only; the "
                    "symbolic engine derives H_eps from the Laplace densities)"))
catalogue.declare(value_claim("osgt22.laplace.scale.example", src("Pros and cons of Laplace"),
                     sympy.Integer(1) / R(1, 2), "2", note="lambda = Delta/eps at eps = 0.5, Delta = 1"))
catalogue.declare(Claim("osgt22.gauss.no_pure", src("Basic notation (Gaussian)"),
               Statement(bad_mass(Normal(0, sigma), Normal(1, sigma), eps), ">", 0),
               Domain.of(eps=closed(0, None), sigma=Pos(0, None)),
               note="the set {f(y)/f(y - Delta) > e^eps} has positive probability; eps "
                    ">= 0, sigma > 0 continuous, Delta = 1 (the set depends on "
                    "sigma/Delta only)"))
catalogue.declare(Claim("osgt22.gauss.no_pure.instances", src("Basic notation (Gaussian)"),
               Statement(bad_mass(Normal(0, j), Normal(1, j), i / 2), ">", 0),
               Domain.of(i=Int(0, 40), j=Int(1, 8)), derived={"eps": i / 2, "sigma": j},
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
