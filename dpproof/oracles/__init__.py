"""Oracles: distributions and divergences computed from their definitions, certified.

Every quantity is returned as a python-flint ``arb`` ball that contains the true value for
every parameter inside the input balls (or ``nan`` / ``+inf`` balls when it cannot certify /
is infinite).  Importing this package registers the sympy-facing functions
(``dpproof.oracles.functions``) so claims can call them.
"""

from .distributions import (OSGT, Bernoulli, DataDependentNormal, Discrete, Laplace, Normal,
                            NormalProduct, ProductDistribution, TruncNormal, genrr_pair,
                            randomized_response)
from .divergences import hockey_stick, kl, privacy_loss_distribution, renyi, tv
from .composition import (genrr_compose_delta, rr_compose_delta, rr_compose_delta_bruteforce,
                          compose_delta_bruteforce)
from .conversions import eps_from_delta, rdp_to_delta, zcdp_delta_optimal, zcdp_eps
from . import functions  # noqa: F401  (registers the sympy functions)

#: Every module that registers functions a claim may call, in one explicit list: importing
#: ``dpproof.oracles`` imports them all, so what a claims file may call does not depend on
#: which theorem module happened to be imported first (issue 16).
REGISTERING_MODULES = ("functions", "dp_instances", "br_adaptive", "mechanisms_misc",
                       "gaussian_ratio", "isotonic")
from . import dp_instances, br_adaptive, mechanisms_misc, gaussian_ratio, isotonic  # noqa: E402,F401,I001

__all__ = ["Normal", "Laplace", "OSGT", "TruncNormal", "NormalProduct", "DataDependentNormal",
           "Bernoulli", "Discrete", "ProductDistribution", "genrr_pair", "randomized_response",
           "renyi", "kl", "hockey_stick", "tv", "privacy_loss_distribution",
           "rr_compose_delta", "genrr_compose_delta", "rr_compose_delta_bruteforce",
           "compose_delta_bruteforce", "zcdp_eps", "zcdp_delta_optimal", "rdp_to_delta",
           "eps_from_delta"]
