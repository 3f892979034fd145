"""Audit of Meta's Opacus (PyPI opacus; github.com/pytorch/opacus): its accountants for DP-SGD
(the Poisson-subsampled Gaussian, add/remove neighbours) and its noise calibration.

Callables: ``GaussianAccountant`` (the GDP accountant of Bu, Dong, Long, Su 2020, central
limit theorem: "experimental and can underestimate privacy expenditure", it warns),
``RDPAccountant`` (Mironov, Talwar, Zhang 2019), ``PRVAccountant`` (Gopi, Lee, Wutschitz 2021;
its ``get_epsilon`` returns the upper end ``eps_upper``), each with
``history = [(sigma, q, steps)]`` and ``get_epsilon(delta)``; and
``accountants.utils.get_noise_multiplier(target_epsilon, target_delta, sample_rate, epochs,
accountant)`` (binary search; steps = int(epochs / sample_rate)).

Test vectors: Opacus ``opacus/tests/accountants_test.py`` (``test_gdp_accountant``: q = 0.04,
sigma = 1.5, steps = int(90 // 0.04) = 2249, delta = 1e-5, asserts 6.59 < eps < 6.6;
``test_get_noise_multiplier_gdp``: target eps 8, delta 1e-5, q = 0.04, 90 epochs, expects
sigma = 1.3232421875; ``test_rdp_accountant``: 2250 steps, eps = 7.32911117143;
``test_get_noise_multiplier_rdp_epochs``: sigma = 1.416).  The parameters are the doubles
the tests pass (0.04 and 1e-5 as their exact binary values).  Truth: ``dpsgd_eps``, the
certified PLD bracket of the optimal epsilon (tight: two neighbouring datasets realise it).
"""

from __future__ import annotations

import warnings
from fractions import Fraction

import sympy

from dpproof.claims import Catalogue, Claim, Kind, Statement
from dpproof.expr.blackbox import black_box
from dpproof.expr.vocabulary import dpsgd_eps

from ._audit import R, conservative, point, source_of, within

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from opacus.accountants import GaussianAccountant, PRVAccountant, RDPAccountant
    from opacus.accountants.utils import get_noise_multiplier

src = source_of("opacus", "opacus")
TESTS = "tests/accountants_test.py"


def _eps(accountant, q, s, steps, delta):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the GDP accountant warns at construction
        acc = accountant()
    acc.history = [(s, q, int(steps))]
    return acc.get_epsilon(delta=delta)


def _sigma(kind):
    def fn(eps, delta, q, epochs):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return get_noise_multiplier(target_epsilon=eps, target_delta=delta, sample_rate=q,
                                        epochs=int(epochs), accountant=kind)
    return fn


gdp_eps = black_box("opacus.GaussianAccountant.get_epsilon",
                    lambda *a: _eps(GaussianAccountant, *a), 4)
rdp_eps = black_box("opacus.RDPAccountant.get_epsilon", lambda *a: _eps(RDPAccountant, *a), 4)
prv_eps = black_box("opacus.PRVAccountant.get_epsilon", lambda *a: _eps(PRVAccountant, *a), 4)
gdp_sigma = black_box("opacus.get_noise_multiplier(accountant='gdp')", _sigma("gdp"), 4)
rdp_sigma = black_box("opacus.get_noise_multiplier(accountant='rdp')", _sigma("rdp"), 4)


def _exact(x: float) -> sympy.Rational:
    f = Fraction(x)
    return R(f.numerator, f.denominator)


Q, D = _exact(0.04), _exact(1e-5)  # the doubles the tests pass
GDP_TEST = point(q=Q, sigma=R(3, 2), steps=2249, delta=D)
RDP_TEST = point(q=Q, sigma=R(3, 2), steps=2250, delta=D)
CAL = point(target=8, delta=D, q=Q, epochs=90, steps=2250)  # steps = int(90 / 0.04)
CAL_TEST = point(sigma=_exact(1.3232421875), q=Q, steps=2250, delta=D)
g = GDP_TEST.symbols()
gq, gs, gt, gd = (g[n] for n in ("q", "sigma", "steps", "delta"))
r = RDP_TEST.symbols()
rq, rs, rt, rd = (r[n] for n in ("q", "sigma", "steps", "delta"))
c = CAL.symbols()
ce, cd, cq, cn, ct = (c[n] for n in ("target", "delta", "q", "epochs", "steps"))
k = CAL_TEST.symbols()
TRUTH = "truth: dpproof's certified PLD bracket of the optimal epsilon (dpsgd_eps)"

catalogue = Catalogue()
catalogue.declare(conservative(
    "opacus.gdp.dpsgd.eps.conservative",
    src(f"accountants/gdp.py, GaussianAccountant.get_epsilon; the point of {TESTS}, "
        "test_gdp_accountant"),
    gdp_eps(gq, gs, gt, gd), dpsgd_eps(gq, gs, gt, gd), GDP_TEST, TRUTH))
catalogue.declare(Claim(
    "opacus.gdp.test_vector.eps_below_6_6",
    src(f"{TESTS}, test_gdp_accountant: assertLess(epsilon, 6.6)"),
    Statement(dpsgd_eps(gq, gs, gt, gd), "<=", R(66, 10)), GDP_TEST, Kind.INEQUALITY,
    note="the test's upper bound read as a privacy guarantee: the optimal epsilon of the "
         "mechanism the test accounts for is at most 6.6"))
catalogue.declare(Claim(
    "opacus.gdp.calibration.meets_target",
    src("accountants/utils.py, get_noise_multiplier(accountant='gdp'); the point of "
        f"{TESTS}, test_get_noise_multiplier_gdp"),
    Statement(dpsgd_eps(cq, gdp_sigma(ce, cd, cq, cn), ct, cd), "<=", ce), CAL,
    Kind.INEQUALITY,
    note="the returned noise multiplier meets the target: the optimal epsilon of "
         "int(epochs / q) = 2250 steps at that sigma is at most the target"))
catalogue.declare(Claim(
    "opacus.gdp.calibration.test_vector",
    src(f"{TESTS}, test_get_noise_multiplier_gdp: assertAlmostEqual(noise_multiplier, "
        "1.3232421875)"),
    Statement(dpsgd_eps(k["q"], k["sigma"], k["steps"], k["delta"]), "<=", 8), CAL_TEST,
    Kind.INEQUALITY, note="the expected sigma meets the target eps = 8 at 2250 steps"))
catalogue.declare(conservative(
    "opacus.rdp.dpsgd.eps.conservative",
    src(f"accountants/rdp.py, RDPAccountant.get_epsilon; {TESTS}, test_rdp_accountant "
        "(7.32911117143)"),
    rdp_eps(rq, rs, rt, rd), dpsgd_eps(rq, rs, rt, rd), RDP_TEST, TRUTH))
catalogue.declare(Claim(
    "opacus.rdp.calibration.meets_target",
    src("accountants/utils.py, get_noise_multiplier(accountant='rdp'); the point of "
        f"{TESTS}, test_get_noise_multiplier_rdp_epochs (1.416)"),
    Statement(dpsgd_eps(cq, rdp_sigma(ce, cd, cq, cn), ct, cd), "<=", ce), CAL,
    Kind.INEQUALITY, note="as opacus.gdp.calibration.meets_target, with the RDP accountant"))
catalogue.declare(conservative(
    "opacus.prv.dpsgd.eps.conservative",
    src("accountants/prv.py, PRVAccountant.get_epsilon (eps_upper, eps_error 0.01)"),
    prv_eps(rq, rs, rt, rd), dpsgd_eps(rq, rs, rt, rd), RDP_TEST, TRUTH))
catalogue.declare(within(
    "opacus.prv.dpsgd.eps.within_1pct",
    src("accountants/prv.py, PRVAccountant.get_epsilon (eps_upper, eps_error 0.01)"),
    prv_eps(rq, rs, rt, rd), dpsgd_eps(rq, rs, rt, rd), R(1, 100), RDP_TEST,
    "|PRV epsilon - optimal epsilon| <= 1% of it"))

CLAIMS = catalogue.claims
