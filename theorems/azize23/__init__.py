"""Achraf Azize, "Open problem - Better privacy guarantees for larger groups", note, July 2023.

Algorithm 1 (X ~ N(x, s^2), s^2 = 1/(2 rho), Y | X ~ N(X, (r X)^2)) and Algorithm 2
(X ~ N(x, (r x)^2)) for group-wise zCDP (Definition 1).  Claims are stated on the note's
continuous domain (x >= 0 a count, s > 0, r > 0, alpha > 1) where the oracles' moments and
divergences have forms derived from the densities (``dpproof.oracles.symbolic``); the rest,
and every former grid as ``.instances``, on grids of exact instances written with integer
parameters: the count x, s in {1, 2} (rho = 1/2, 1/8), r = k/4 or k/2, the neighbour's count
x + d with d = 2j - 1.

The module is a package by section: ``common`` (source, claim builder, catalogue), then
``accuracy`` (§2.1), ``attempts`` (§2.2), ``alg2`` (§3) and ``repairs``, each declaring its
claims into ``common.catalogue`` (imported in this order, the order of the claims).
"""

from dpproof.sections import lazy

#: section -> the id prefixes of its claims, in declaration order (dpproof.sections: --only,
#: list and show build only the sections that may hold the ids they select; repairs'
#: prefixes extend attempts' and alg2's, so a glob for a repair builds both)
SECTIONS = {"accuracy": ("azize23.alg1.accuracy", "azize23.alg1.mean",
                         "azize23.alg1.variance"),
            "attempts": ("azize23.alg1.kl_", "azize23.alg1.product_pdf",
                         "azize23.alg1.pv_moments", "azize23.alg1.renyi_split"),
            "alg2": ("azize23.alg2.",),
            "repairs": ("azize23.alg1.kl_gauss.repaired", "azize23.alg1.pv_moments.repaired",
                        "azize23.alg1.pv_moments.sq_ratio.repaired",
                        "azize23.alg2.groupwise_zcdp.repaired",
                        "azize23.alg2.renyi_exact.repaired")}
__getattr__ = lazy(__name__, {"SOURCE_FILE": "common", "catalogue": "common"})

__all__ = ["CLAIMS", "SOURCE_FILE", "catalogue"]
