"""Oracles: distributions and divergences computed from their definitions, certified.

Every quantity is returned as a python-flint ``arb`` ball that contains the true value for
every parameter inside the input balls (or ``nan`` / ``+inf`` balls when it cannot certify /
is infinite).  Organised by concept (docs/design.md, "Shape"):

* ``distributions/``: ``continuous``, ``discrete``, ``transforms`` (Finite, ProductOf, ...),
  ``normal_product`` (the law of X Z);
* ``divergences/``: ``renyi``, ``kl``, ``hockey_stick`` (and TV), ``privacy_loss`` (loss
  distribution and masses), with the shared ``pieces`` refinement and ``hs_pieces`` roots;
* ``moments`` (inverse, Gaussian, Laplace and OSGT moments), ``conversions`` (zCDP/RDP to
  (eps, delta) and the certified inverses), ``composition/`` (``rr``, ``bounded_range``,
  ``adaptive``, ``subsampled``, ``subsampled_pld``), ``mechanisms`` and ``isotonic``;
* shared helpers: ``balls`` (hull, exact integers, the normal tail, ``cached``),
  ``integrate`` (exact piecewise-Gaussian integrals, quadrature), ``declare`` (the one
  registration idiom of claims-file functions), ``symbolic/`` (sympy forms).

Importing this package registers every function a claims file may call, whatever was
imported before (``REGISTERING_MODULES``; the list is ``dpproof.expr.vocabulary``).
"""

from .distributions import (OSGT, Bernoulli, DataDependentNormal, Discrete, Laplace, Normal,
                            NormalProduct, ProductDistribution, TruncNormal, genrr_pair,
                            randomized_response)
from .divergences import hockey_stick, kl, privacy_loss_distribution, renyi, tv
from .composition import (genrr_compose_delta, rr_compose_delta, rr_compose_delta_bruteforce,
                          compose_delta_bruteforce)
from .conversions import eps_from_delta, rdp_to_delta, zcdp_delta_optimal, zcdp_eps
from . import functions  # noqa: F401  (registers the sympy functions)

#: Every module that registers functions a claim may call, in one explicit list (issue 16).
REGISTERING_MODULES = ("functions", "distributions.transforms", "distributions.normal_product",
                       "distributions.mixture",
                       "divergences.privacy_loss", "moments", "conversions",
                       "composition.adaptive", "composition.rr_kary", "composition.subsampled_frac",
                       "composition.accounting_fns", "mechanisms", "isotonic")
from .distributions import mixture, normal_product, transforms  # noqa: E402,F401,I001
from .divergences import privacy_loss  # noqa: E402,F401
from .composition import accounting_fns, adaptive, rr_kary, subsampled_frac  # noqa: E402,F401
from . import conversions, isotonic, mechanisms, moments  # noqa: E402,F401

__all__ = ["Normal", "Laplace", "OSGT", "TruncNormal", "NormalProduct", "DataDependentNormal",
           "Bernoulli", "Discrete", "ProductDistribution", "genrr_pair", "randomized_response",
           "renyi", "kl", "hockey_stick", "tv", "privacy_loss_distribution",
           "rr_compose_delta", "genrr_compose_delta", "rr_compose_delta_bruteforce",
           "compose_delta_bruteforce", "zcdp_eps", "zcdp_delta_optimal", "rdp_to_delta",
           "eps_from_delta"]
