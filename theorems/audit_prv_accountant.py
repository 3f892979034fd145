"""Audit of Microsoft's ``prv_accountant`` 0.2.0 (PyPI; github.com/microsoft/prv_accountant),
the PRV accountant of Gopi, Lee, Wutschitz, "Numerical Composition of Differential Privacy"
(NeurIPS 2021), and its RDP side-accountant.

Callables: ``PureDPMechanism(eps).rdp(alpha)`` (privacy_random_variables/pure_dp_mechanism.py,
added in PR #30), ``GaussianMechanism``, ``LaplaceMechanism``,
``PoissonSubsampledGaussianMechanism`` ``.rdp(alpha)``, and
``dpsgd.DPSGDAccountant(...).compute_epsilon`` (eps_error 0.01, delta_error 1e-8).
PureDPMechanism's PRV is that of randomized response (atoms at +-eps, P(-eps) = 1/(1+e^eps)),
whose Renyi divergence is D_alpha(Ber(e^eps/(1+e^eps)) || Ber(1/(1+e^eps))); version 0.2.0
returns (alpha - 1) eps / alpha instead, which is below it.
"""

from __future__ import annotations

import math

import sympy

from dpproof.claims import Catalogue
from dpproof.expr.blackbox import black_box
from dpproof.expr.vocabulary import (Bernoulli, Laplace, dpsgd_eps, renyi, subsampled_gaussian_rdp)
from prv_accountant import privacy_random_variables as prv
from prv_accountant.dpsgd import DPSGDAccountant

from ._audit import DPSGD, closed, R, Domain, at_most, conservative, source_of

src = source_of("prv_accountant", "prv-accountant")

pure_rdp = black_box("prv_accountant.PureDPMechanism(eps).rdp",
                     lambda eps, a: prv.PureDPMechanism(eps).rdp(a), 2)
gauss_rdp = black_box("prv_accountant.GaussianMechanism(sigma).rdp",
                      lambda s, a: prv.GaussianMechanism(s).rdp(a), 2)
lap_rdp = black_box("prv_accountant.LaplaceMechanism(mu).rdp",
                    lambda mu, a: prv.LaplaceMechanism(mu).rdp(a), 2)
sg_rdp = black_box("prv_accountant.PoissonSubsampledGaussianMechanism(q, sigma).rdp",
                   lambda q, s, a: prv.PoissonSubsampledGaussianMechanism(q, s).rdp(a), 3)


def _corrected(eps, a):
    """The corrected formula: D_a of randomized response (Mironov 2017, Prop. 5), in floats."""
    return math.log((math.exp(a * eps) + math.exp((1 - a) * eps)) / (1 + math.exp(eps))) / (a - 1)


corrected_rdp = black_box("corrected PureDPMechanism.rdp (RR Renyi divergence, floats)",
                          _corrected, 2)


def _prv(q, s, steps, delta):
    acc = DPSGDAccountant(noise_multiplier=s, sampling_probability=q, eps_error=0.01,
                          delta_error=1e-8, max_steps=int(steps))
    return acc.compute_epsilon(num_steps=int(steps), delta=delta)


prv_low = black_box("prv_accountant.DPSGDAccountant.compute_epsilon[eps_lower]",
                    lambda *a: _prv(*a)[0], 4)
prv_est = black_box("prv_accountant.DPSGDAccountant.compute_epsilon[eps_estimate]",
                    lambda *a: _prv(*a)[1], 4)
prv_up = black_box("prv_accountant.DPSGDAccountant.compute_epsilon[eps_upper]",
                   lambda *a: _prv(*a)[2], 4)

PD = Domain.of(eps=closed(R(1, 20), 5), alpha=closed(R(11, 10), 64))
eps, alpha = (PD.symbols()[n] for n in ("eps", "alpha"))
rr = renyi(Bernoulli(sympy.exp(eps) / (1 + sympy.exp(eps))), Bernoulli(1 / (1 + sympy.exp(eps))),
           alpha)

GD = Domain.of(sigma=closed(R(1, 2), 20), alpha=closed(R(11, 10), 256))
sig, ga = (GD.symbols()[n] for n in ("sigma", "alpha"))
LD = Domain.of(mu=closed(R(1, 20), 4), alpha=closed(R(11, 10), 64))
mu, la = (LD.symbols()[n] for n in ("mu", "alpha"))
SD = Domain.of(q=closed(R(1, 10000), R(1, 5)), sigma=closed(R(1, 2), 8), alpha=closed(2, 128, integer=True))
sq, ss, sa = (SD.symbols()[n] for n in ("q", "sigma", "alpha"))
dq, ds, dt, dd = (DPSGD.symbols()[n] for n in ("q", "sigma", "steps", "delta"))
true_eps = dpsgd_eps(dq, ds, dt, dd)

catalogue = Catalogue()
catalogue.declare(conservative("prv_accountant.pure_dp.rdp.conservative",
                               src("privacy_random_variables/pure_dp_mechanism.py, PureDPMechanism.rdp"),
                               pure_rdp(eps, alpha), rr, PD,
                               "truth: Renyi divergence of randomized response, the PRV of PureDPMechanism"))
catalogue.declare(conservative("prv_accountant.pure_dp.rdp.corrected_formula",
                               src("control for PureDPMechanism.rdp", "not in the package"),
                               corrected_rdp(eps, alpha), rr, PD,
                               "control: the same quantity, correctly implemented in floats, through the same "
                               "black-box path; expected not refuted"))
catalogue.declare(conservative("prv_accountant.gaussian.rdp.conservative",
                               src("privacy_random_variables/gaussian_mechanism.py, GaussianMechanism.rdp"),
                               gauss_rdp(sig, ga), ga / (2 * sig**2), GD, "truth: alpha/(2 sigma^2)"))
catalogue.declare(conservative("prv_accountant.laplace.rdp.conservative",
                               src("privacy_random_variables/laplace_mechanism.py, LaplaceMechanism.rdp"),
                               lap_rdp(mu, la), renyi(Laplace(0, 1 / mu), Laplace(1, 1 / mu), la), LD,
                               "truth: D_alpha(Lap(0, 1/mu) || Lap(1, 1/mu)) from its definition"))
catalogue.declare(conservative("prv_accountant.subsampled_gaussian.rdp.conservative",
                               src("privacy_random_variables/poisson_subsampled_gaussian_mechanism.py, rdp"),
                               sg_rdp(sq, ss, sa), subsampled_gaussian_rdp(sq, ss, sa), SD,
                               "truth: MTZ19 exact sum at integer orders"))
catalogue.declare(conservative("prv_accountant.dpsgd.eps_upper.conservative",
                               src("dpsgd.py, DPSGDAccountant.compute_epsilon, third value"),
                               prv_up(dq, ds, dt, dd), true_eps, DPSGD,
                               "truth: dpproof's certified PLD bracket (dpsgd_eps); add/remove neighbours"))
catalogue.declare(at_most("prv_accountant.dpsgd.eps_lower.sound",
                          src("dpsgd.py, DPSGDAccountant.compute_epsilon, first value"),
                          prv_low(dq, ds, dt, dd), true_eps, DPSGD,
                          "the lower end must not exceed the optimal epsilon"))

CLAIMS = catalogue.claims
