"""Audit of ``autodp`` (PyPI autodp; github.com/yuxiangw/autodp, Yu-Xiang Wang): its RDP bank
(``rdp_bank.RDP_gaussian``, ``RDP_laplace``, ``RDP_randresponse``, ``RDP_pureDP``) and the
``mechanism_zoo.SubsampleGaussianMechanism`` (Poisson sampling, 'remove_only' neighbours)
with its ``get_RDP`` and composed ``get_approxDP``.
"""

from __future__ import annotations

import sympy
from autodp import mechanism_zoo, rdp_bank

from dpproof.claims import Catalogue
from dpproof.expr.blackbox import black_box
from dpproof.expr.vocabulary import (Bernoulli, Laplace, dpsgd_eps, renyi, subsampled_gaussian_rdp)

from ._audit import DPSGD, closed, R, Domain, conservative, source_of

src = source_of("autodp", "autodp")

gauss = black_box("autodp.rdp_bank.RDP_gaussian",
                  lambda s, a: rdp_bank.RDP_gaussian({"sigma": s}, a), 2)
lap = black_box("autodp.rdp_bank.RDP_laplace", lambda b, a: rdp_bank.RDP_laplace({"b": b}, a), 2)
rr = black_box("autodp.rdp_bank.RDP_randresponse",
               lambda p, a: rdp_bank.RDP_randresponse({"p": p}, a), 2)
pure = black_box("autodp.rdp_bank.RDP_pureDP", lambda e, a: rdp_bank.RDP_pureDP({"eps": e}, a), 2)


def _sg(q, s):
    return mechanism_zoo.SubsampleGaussianMechanism({"prob": q, "sigma": s, "coeff": 1})


sg = black_box("autodp.SubsampleGaussianMechanism.get_RDP",
               lambda q, s, a: _sg(q, s).get_RDP(a), 3)


def _dpsgd(q, s, t, d):
    return mechanism_zoo.SubsampleGaussianMechanism(
        {"prob": q, "sigma": s, "coeff": int(t)}).get_approxDP(d)


sg_eps = black_box("autodp.SubsampleGaussianMechanism(coeff=steps).get_approxDP", _dpsgd, 4)

GD = Domain.of(sigma=closed(R(1, 2), 20), alpha=closed(R(11, 10), 256))
gs, ga = (GD.symbols()[n] for n in ("sigma", "alpha"))
LD = Domain.of(b=closed(R(1, 4), 20), alpha=closed(R(11, 10), 64))
lb, la = (LD.symbols()[n] for n in ("b", "alpha"))
RD = Domain.of(p=closed(R(51, 100), R(99, 100)), alpha=closed(R(11, 10), 64))
rp, ra = (RD.symbols()[n] for n in ("p", "alpha"))
PD = Domain.of(eps=closed(R(1, 20), 5), alpha=closed(R(11, 10), 64))
pe, pa = (PD.symbols()[n] for n in ("eps", "alpha"))
SD = Domain.of(q=closed(R(1, 10000), R(1, 5)), sigma=closed(R(1, 2), 8), alpha=closed(2, 128, integer=True))
sq, ss, sa = (SD.symbols()[n] for n in ("q", "sigma", "alpha"))
dq, ds, dt, dd = (DPSGD.symbols()[n] for n in ("q", "sigma", "steps", "delta"))
E = sympy.exp

catalogue = Catalogue()
catalogue.declare(conservative("autodp.rdp.gaussian.conservative", src("rdp_bank.py, RDP_gaussian"),
                               gauss(gs, ga), ga / (2 * gs**2), GD, "truth: alpha/(2 sigma^2)"))
catalogue.declare(conservative("autodp.rdp.laplace.conservative", src("rdp_bank.py, RDP_laplace"),
                               lap(lb, la), renyi(Laplace(0, lb), Laplace(1, lb), la), LD,
                               "truth: D_alpha(Lap(0, b) || Lap(1, b)) from its definition"))
catalogue.declare(conservative("autodp.rdp.randresponse.conservative", src("rdp_bank.py, RDP_randresponse"),
                               rr(rp, ra), renyi(Bernoulli(rp), Bernoulli(1 - rp), ra), RD,
                               "truth: D_alpha(Ber(p) || Ber(1-p))"))
catalogue.declare(conservative("autodp.rdp.pure_dp.conservative", src("rdp_bank.py, RDP_pureDP"),
                               pure(pe, pa), renyi(Bernoulli(E(pe) / (1 + E(pe))), Bernoulli(1 / (1 + E(pe))),
                                                   pa), PD,
                               "truth: randomized response, the worst eps-DP pair (Bun-Steinke 2016, Lemma 4)"))
catalogue.declare(conservative("autodp.rdp.subsampled_gaussian.conservative",
                               src("mechanism_zoo.py, SubsampleGaussianMechanism.get_RDP"),
                               sg(sq, ss, sa), subsampled_gaussian_rdp(sq, ss, sa), SD,
                               "truth: MTZ19 exact sum at integer orders"))
catalogue.declare(conservative("autodp.dpsgd.eps.conservative",
                               src("mechanism_zoo.py, SubsampleGaussianMechanism(coeff=steps).get_approxDP"),
                               sg_eps(dq, ds, dt, dd), dpsgd_eps(dq, ds, dt, dd), DPSGD,
                               "truth: dpproof's certified PLD bracket (dpsgd_eps)"))

CLAIMS = catalogue.claims
