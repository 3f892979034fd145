"""Audit of ``opendp`` (PyPI opendp; github.com/opendp/opendp): privacy maps of
``measurements.make_gaussian`` (zCDP: rho = (Delta/scale)^2 / 2), ``make_laplace`` (pure DP:
eps = Delta/scale) and ``combinators.make_zCDP_to_approxDP`` (epsilon at delta of the privacy
profile).  Inputs: float scalars, absolute distance, sensitivity d_in = 1.
"""

from __future__ import annotations

import opendp.prelude as dp

from dpproof.expr.blackbox import black_box
from dpproof.expr.vocabulary import (Laplace, Normal, gauss_delta, renyi)

from ._audit import closed, R, Domain, conservative, source_of
from dpproof.claims import Catalogue, Claim, Kind, Statement

dp.enable_features("contrib")
src = source_of("opendp", "opendp")


def _space():
    return dp.atom_domain(T=float, nan=False), dp.absolute_distance(T=float)


rho = black_box("opendp.m.make_gaussian(scale).map(1)",
                lambda s: dp.m.make_gaussian(*_space(), s).map(1.0), 1)
lap_eps = black_box("opendp.m.make_laplace(scale).map(1)",
                    lambda s: dp.m.make_laplace(*_space(), s).map(1.0), 1)
zcdp_eps = black_box("opendp.c.make_zCDP_to_approxDP(make_gaussian(scale)).map(1).epsilon",
                     lambda s, d: dp.c.make_zCDP_to_approxDP(
                         dp.m.make_gaussian(*_space(), s)).map(1.0).epsilon(d), 2)

SD = Domain.of(scale=closed(R(1, 10), 100))
s = SD.symbols()["scale"]
# delta = 10^-j, j = 3..12; scale = k/4, k = 2..40
ZD = Domain.of(k=closed(2, 40, integer=True), j=closed(3, 12, integer=True))
zk, zj = (ZD.symbols()[n] for n in ("k", "j"))
zd = R(1, 10) ** zj

catalogue = Catalogue()
catalogue.declare(conservative("opendp.gaussian.zcdp.conservative", src("make_gaussian privacy map"),
                               rho(s), renyi(Normal(0, s), Normal(1, s), 2) / 2, SD,
                               "truth: rho-zCDP needs D_alpha <= alpha rho; at alpha = 2: rho >= D_2 / 2 "
                               "(the Gaussian's D_alpha / alpha does not depend on alpha)"))
catalogue.declare(conservative("opendp.laplace.eps.conservative", src("make_laplace privacy map"),
                               lap_eps(s), renyi(Laplace(0, s), Laplace(1, s), 256), SD,
                               "truth: eps >= D_256(Lap(0,s)||Lap(1,s)) (the max divergence is the limit)"))
catalogue.declare(Claim("opendp.zcdp_to_approxdp.gaussian.sound",
                        src("make_zCDP_to_approxDP privacy profile, epsilon(delta)"),
                        Statement(gauss_delta(zcdp_eps(zk / 4, zd), zk / 4, 1), "<=", zd * (1 + R(1, 10**9))),
                        ZD, Kind.INEQUALITY,
                        note="the Gaussian mechanism with scale k/4 is rho-zCDP; the exact delta of the "
                             "Gaussian at OpenDP's epsilon must be at most delta = 10^-j (slack 1e-9)"))

CLAIMS = catalogue.claims
