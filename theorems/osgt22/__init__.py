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

from . import summary, basics, density, delta, rdp  # noqa: F401 -- declare, in this order
from .common import SOURCE_FILE, catalogue, zeta_stable
from .figures import FIGURES

CLAIMS = catalogue.claims

__all__ = ["CLAIMS", "FIGURES", "SOURCE_FILE", "catalogue", "zeta_stable"]
