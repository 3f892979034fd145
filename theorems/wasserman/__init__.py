"""Jisu Kim, "Differential Privacy", lecture note for "Theory and Modeling for AI", Fall 2023, a
minor modification of Larry Wasserman's lecture notes "Statistical Machine Learning":
randomized response (Warner 1965), eps-DP and posterior odds, the Laplace mechanism,
sensitivities, the exponential mechanism (McSherry and Talwar 2007) with the
Kolmogorov-Smirnov distance (Wasserman and Zhou 2010), privatized histograms and
orthogonal-series density estimators.

Claims about mechanisms are checked on instances: the Laplace mechanism and randomized
response (odds), exhaustive enumerations of small datasets on a grid (sensitivities, the
exponential mechanism's KS example), the histogram's two moved counts, and the cosine basis
psi_j(x) = sqrt(2) cos(pi j x) of L2[0, 1] (series estimator); the exponential mechanism's
privacy over the family of every finite-output mechanism (reduced exactly to two outputs).

The module is a package by section: ``common`` (source, claim builders, catalogue), then
``odds`` (§1-§2), ``laplace`` (§3-§4) and ``mechanisms`` (§5), each declaring its claims into
``common.catalogue`` (imported in this order, the order of the claims).
"""

from dpproof.sections import lazy

#: section -> the id prefixes of its claims, in declaration order (dpproof.sections: --only,
#: list and show build only the sections that may hold the ids they select)
SECTIONS = {"odds": ("wasserman.dp.", "wasserman.rr."),
            "laplace": ("wasserman.laplace.", "wasserman.mean.", "wasserman.minimax"),
            "mechanisms": ("wasserman.expmech.", "wasserman.histogram.", "wasserman.kde.",
                           "wasserman.ks.", "wasserman.series.")}
__getattr__ = lazy(__name__, {"SOURCE_FILE": "common", "catalogue": "common"})

__all__ = ["CLAIMS", "SOURCE_FILE", "catalogue"]
