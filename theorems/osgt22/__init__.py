"""Parastoo Sadeghi and Mehdi Korki, "Offset-Symmetric Gaussians for Differential Privacy",
slides, August 31, 2022 (for the paper of the same title, IEEE Transactions on Information
Forensics and Security, 2022).

The OSGT density is checked from its first form, exp(-y^2/(2 sigma^2) - |y| m/sigma^2)
normalised by integration (``dp_instances.osgt_*``), and from the offset form of
``oracles.OSGT``; divergences come from the densities (``hockey_stick``, ``renyi``).
"same variance" means the Gaussian variance equals E[Y^2] of the OSGT by integration.

The module is a package by topic: ``common`` (the source, symbols, the slides' printed
formulas and the sigma^2 = 40 instance), then ``summary``, ``basics``, ``density``, ``delta``
and ``rdp``, each declaring its claims into ``common.catalogue`` (imported in this order, the
order of the claims), and ``figures``.
"""

from dpproof.sections import lazy

#: section -> the id prefixes of its claims, in declaration order (dpproof.sections: --only,
#: list and show build only the sections that may hold the ids they select)
SECTIONS = {"summary": ("osgt22.summary.",),
            "basics": ("osgt22.gauss.example", "osgt22.gauss.no_pure", "osgt22.laplace."),
            "density": ("osgt22.pdf.", "osgt22.subgaussian", "osgt22.variance."),
            "delta": ("osgt22.delta.",),
            "rdp": ("osgt22.gauss.rdp", "osgt22.kdim.", "osgt22.rdp.", "osgt22.rdp_to_dp")}
__getattr__ = lazy(__name__, {"SOURCE_FILE": "common", "catalogue": "common",
                              "zeta_stable": "common", "FIGURES": "figures"})

__all__ = ["CLAIMS", "FIGURES", "SOURCE_FILE", "catalogue", "zeta_stable"]
