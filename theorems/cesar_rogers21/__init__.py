"""Zeana Cesar and Ryan Rogers, "Bounding, Concentrating, and Truncating: Unifying Privacy
Loss Composition for Data Analytics", Proceedings of the 32nd International Conference on
Algorithmic Learning Theory (ALT 2021), PMLR 132, pp. 421-457.

The extracted text lost every formula: each statement below is the reconstruction given in
docs/catalogue.md (from the definitions and the cited papers), and every claim's source says so.
Conventions: k mechanisms, d of them eps-DP, k - d eps-BR; RR_{eps,t} with P(0) = p_t =
(e^eps - e^t)/(e^eps - 1), Q(0) = q_t = e^-t p_t; a = e^eps/(1 + e^eps), b = 1/(1 + e^eps).
Order codes of adaptive sequences: n bits, most significant first, 1 = BR ('B'), 0 = DP.

The module is a package by section of the paper: ``common`` (the source, symbols, the
conventions p_t, q_t, a, b, the Lemma 3.2 BR mean, the narrowed domains and the catalogue),
then ``preliminaries`` (Section 2), ``concentration`` (3), ``nonadaptive`` (4), ``adaptive``
(5) and ``truncation`` (6), each declaring its claims into ``common.catalogue`` (imported in
this order, the order of the claims), ``every_law`` (the proofs by the calculus,
docs/calculus.md) and ``figures``.
"""

from . import every_law, preliminaries, concentration, nonadaptive, adaptive, truncation  # noqa: F401
from .common import KEY, SOURCE_FILE, UNKNOWN, br_mean, catalogue, eps_g
from .concentration import eq3
from .figures import FIGURES
from .nonadaptive import eq4_sum, es, ts
from .preliminaries import L_em, U
from .truncation import f64

CLAIMS = catalogue.claims

__all__ = ["CLAIMS", "FIGURES", "KEY", "L_em", "SOURCE_FILE", "U", "UNKNOWN", "br_mean",
           "catalogue", "eps_g", "eq3", "eq4_sum", "es", "f64", "ts"]
