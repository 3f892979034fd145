"""Audit of Google's ``dp_accounting`` (PyPI dp-accounting; github.com/google/differential-privacy,
python/dp_accounting): its RDP accountant (Mironov, Talwar, Zhang 2019 for the Poisson-subsampled
Gaussian; Canonne-Kamath-Steinke conversion) and its PLD accountant (Doroshenko et al. 2022,
connect-the-dots pessimistic estimate).

Callables: ``rdp.rdp_privacy_accountant._compute_rdp_poisson_subsampled_gaussian(q, sigma,
[alpha])``; ``RdpAccountant`` and ``PLDAccountant`` composing
``SelfComposedDpEvent(PoissonSampledDpEvent(q, GaussianDpEvent(sigma)), steps)``,
``get_epsilon(delta)``; ``PLDAccountant`` of one ``GaussianDpEvent(sigma)``.
Neighbours: add/remove one record (dp_accounting's default for these events).

Randomized response: ``PLDAccountant(REPLACE_ONE)`` composing
``SelfComposedDpEvent(RandomizedResponseDpEvent(p, k), n)`` (and, as a control, the same n
events in a ``ComposedDpEvent``), ``get_delta(eps)`` / ``get_epsilon(delta)``.  In 0.6.0 the
accountant's RandomizedResponse branch builds the one-step PLD and ignores the count of a
SelfComposedDpEvent: n steps are accounted as one.  Truth: ``kary_rr_delta``, the exact law.

Fractional orders: ``_compute_rdp_poisson_subsampled_gaussian(q, sigma, [alpha])`` at real alpha
(``_compute_log_a_frac``, MTZ19 Sec. 3.3) sums the series with ``gammaln``, which drops the sign
of C(alpha, k): it adds |terms| where they alternate.  Truth: ``subsampled_gaussian_renyi``.
"""

from __future__ import annotations

import dp_accounting
from dp_accounting.pld import pld_privacy_accountant
from dp_accounting.rdp import rdp_privacy_accountant as rdp

from dpproof.expr.blackbox import black_box
from dpproof.expr.vocabulary import (dpsgd_eps, gauss_delta, kary_rr_delta,
                                     subsampled_gaussian_rdp, subsampled_gaussian_renyi)

from ._audit import DPSGD, closed, R, Domain, conservative, point, source_of, within
from dpproof.claims import Catalogue, Claim, Kind, Statement

src = source_of("dp_accounting", "dp-accounting")

sg_rdp = black_box("dp_accounting.rdp._compute_rdp_poisson_subsampled_gaussian",
                   lambda q, s, a: rdp._compute_rdp_poisson_subsampled_gaussian(q, s, [a])[0], 3)


def _event(q, s, steps):
    return dp_accounting.SelfComposedDpEvent(
        dp_accounting.PoissonSampledDpEvent(q, dp_accounting.GaussianDpEvent(s)), int(steps))


def _eps(accountant, event, delta):
    accountant.compose(event)
    return accountant.get_epsilon(delta)


pld_eps = black_box("dp_accounting.PLDAccountant.get_epsilon (DP-SGD)",
                    lambda q, s, t, d: _eps(pld_privacy_accountant.PLDAccountant(),
                                            _event(q, s, t), d), 4)
rdp_eps = black_box("dp_accounting.RdpAccountant.get_epsilon (DP-SGD)",
                    lambda q, s, t, d: _eps(rdp.RdpAccountant(), _event(q, s, t), d), 4)
gauss_pld_eps = black_box("dp_accounting.PLDAccountant.get_epsilon (Gaussian)",
                          lambda s, d: _eps(pld_privacy_accountant.PLDAccountant(),
                                            dp_accounting.GaussianDpEvent(s), d), 2)

REPLACE = dp_accounting.NeighboringRelation.REPLACE_ONE


def _rr_accountant(p, k, n, composed: bool):
    rr = dp_accounting.RandomizedResponseDpEvent(p, int(k))
    event = (dp_accounting.ComposedDpEvent([rr] * int(n)) if composed
             else dp_accounting.SelfComposedDpEvent(rr, int(n)))
    acc = pld_privacy_accountant.PLDAccountant(REPLACE)
    acc.compose(event)
    return acc


rr_self_delta = black_box("dp_accounting.PLDAccountant(REPLACE_ONE).get_delta "
                          "(SelfComposedDpEvent(RandomizedResponseDpEvent(p, k), n))",
                          lambda p, k, n, e: _rr_accountant(p, k, n, False).get_delta(e), 4)
rr_list_delta = black_box("dp_accounting.PLDAccountant(REPLACE_ONE).get_delta "
                          "(ComposedDpEvent([RandomizedResponseDpEvent(p, k)] * n))",
                          lambda p, k, n, e: _rr_accountant(p, k, n, True).get_delta(e), 4)
rr_self_eps = black_box("dp_accounting.PLDAccountant(REPLACE_ONE).get_epsilon "
                        "(SelfComposedDpEvent(RandomizedResponseDpEvent(p, k), n))",
                        lambda p, k, n, d: _rr_accountant(p, k, n, False).get_epsilon(d), 4)
RR10 = point(p=R(1, 2), k=4, n=10, eps=1)
RR10E = point(p=R(1, 2), k=4, n=10, delta=R(1, 1000))
rp, rk, rn, re = (RR10.symbols()[n] for n in ("p", "k", "n", "eps"))
rd = RR10E.symbols()["delta"]
SD = Domain.of(q=closed(R(1, 10000), R(1, 5)), sigma=closed(R(1, 2), 8), alpha=closed(2, 128, integer=True))
sq, ss, sa = (SD.symbols()[n] for n in ("q", "sigma", "alpha"))
dq, ds, dt, dd = (DPSGD.symbols()[n] for n in ("q", "sigma", "steps", "delta"))
true_eps = dpsgd_eps(dq, ds, dt, dd)
# sigma = k/4, k = 2..16, delta = 1e-5: fifteen Gaussian instances
GD = Domain.of(k=closed(2, 16, integer=True))
gk = GD.symbols()["k"]
delta5 = R(1, 10**5)

catalogue = Catalogue()
catalogue.declare(conservative("dp_accounting.rdp.subsampled_gaussian.conservative",
                               src("rdp/rdp_privacy_accountant.py, _compute_rdp_poisson_subsampled_gaussian"),
                               sg_rdp(sq, ss, sa), subsampled_gaussian_rdp(sq, ss, sa), SD,
                               "truth: MTZ19 exact sum at integer orders"))
catalogue.declare(conservative("dp_accounting.rdp.dpsgd.eps.conservative",
                               src("rdp/rdp_privacy_accountant.py, RdpAccountant.get_epsilon"),
                               rdp_eps(dq, ds, dt, dd), true_eps, DPSGD,
                               "truth: dpproof's certified PLD bracket (dpsgd_eps)"))
catalogue.declare(within("dp_accounting.pld.dpsgd.eps.within_1pct",
                         src("pld/pld_privacy_accountant.py, PLDAccountant.get_epsilon"),
                         pld_eps(dq, ds, dt, dd), true_eps, R(1, 100), DPSGD,
                         "|PLD epsilon - optimal epsilon| <= 1% of it"))
catalogue.declare(Claim("dp_accounting.pld.gaussian.eps.conservative",
                        src("pld/pld_privacy_accountant.py, PLDAccountant.get_epsilon of GaussianDpEvent"),
                        Statement(gauss_delta(gauss_pld_eps(gk / 4, delta5), gk / 4, 1), "<=",
                                  delta5 * (1 + R(1, 10**9))), GD, Kind.INEQUALITY,
                        note="the exact delta of the Gaussian mechanism (sigma = k/4, sensitivity 1) at the "
                             "reported epsilon is at most delta = 1e-5 (relative slack 1e-9)"))
FR = point(q=R(1, 100), sigma=R(5, 2), alpha=R(3, 2), steps=50)
fq, fs, fa, fn = (FR.symbols()[n] for n in ("q", "sigma", "alpha", "steps"))
FR_SRC = src("rdp/rdp_privacy_accountant.py, _compute_rdp_poisson_subsampled_gaussian "
             "(fractional order)")
fr_peer, fr_true = fn * sg_rdp(fq, fs, fa), fn * subsampled_gaussian_renyi(fq, fs, fa)
catalogue.declare(within("dp_accounting.rdp.subsampled_gaussian.frac.matches_divergence", FR_SRC,
                         fr_peer, fr_true, R(1, 10**6), FR,
                         "the RDP of 50 steps at alpha = 1.5 is the divergence, to a relative "
                         "1e-6"))
catalogue.declare(conservative("dp_accounting.rdp.subsampled_gaussian.frac.conservative", FR_SRC,
                               fr_peer, fr_true, FR,
                               "truth: MTZ19 split series with certified tails"))
RR_SRC = "pld/pld_privacy_accountant.py, PLDAccountant (REPLACE_ONE) of "
catalogue.declare(conservative("dp_accounting.pld.rr.self_composed.delta.conservative",
                               src(RR_SRC + "SelfComposedDpEvent(RandomizedResponseDpEvent)"),
                               rr_self_delta(rp, rk, rn, re), kary_rr_delta(rp, rk, rn, re), RR10,
                               "truth: the exact law of n composed k-ary randomized responses"))
catalogue.declare(conservative("dp_accounting.pld.rr.composed_list.delta.conservative",
                               src(RR_SRC + "ComposedDpEvent([RandomizedResponseDpEvent] * n)"),
                               rr_list_delta(rp, rk, rn, re), kary_rr_delta(rp, rk, rn, re), RR10,
                               "control: the same n steps as a list"))
catalogue.declare(Claim("dp_accounting.pld.rr.self_composed.eps.conservative",
                        src(RR_SRC + "SelfComposedDpEvent(RandomizedResponseDpEvent), get_epsilon"),
                        Statement(kary_rr_delta(rp, rk, rn, rr_self_eps(rp, rk, rn, rd)), "<=",
                                  rd * (1 + R(1, 10**9))), RR10E, Kind.INEQUALITY,
                        note="the exact delta of the n steps at the reported epsilon is at most "
                             "the delta asked for (relative slack 1e-9)"))

CLAIMS = catalogue.claims
