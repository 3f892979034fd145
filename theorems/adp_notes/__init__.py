"""Lecture notes "Approximate DP" (untitled course notes; definition of (eps, delta)-DP after
Dwork, Kenthapadi, McSherry, Mironov and Naor, "Our data, ourselves: privacy via distributed
noise generation", EUROCRYPT 2006 [cited there as TCC 2006]; Gaussian mechanism; Balle and
Wang, "Improving the Gaussian mechanism for differential privacy", ICML 2018; properties:
post-processing, group privacy, basic composition after Dwork and Roth, "The Algorithmic
Foundations of Differential Privacy", 2014, Appendix B).

Claims about all mechanisms are checked on instances (Gaussian, Laplace, OSGT, truncated
Gaussian, randomized response, name-and-shame, finite laws); Delta = 1 where the claim is
invariant under scaling the query and the noise together.

The module is a package by topic: ``common`` (the source, symbols, the instance pairs
(P, Q) and the catalogue), then ``definition``, ``name_and_shame``, ``gaussian``,
``accuracy`` and ``properties``, each declaring its claims into ``common.catalogue``
(imported in this order, the order of the claims).
"""

from dpproof.sections import lazy

#: section -> the id prefixes of its claims, in declaration order (dpproof.sections: --only,
#: list and show build only the sections that may hold the ids they select)
SECTIONS = {"definition": ("adp_notes.def.", "adp_notes.recipe", "adp_notes.remark3."),
            "name_and_shame": ("adp_notes.name_and_shame.",),
            "gaussian": ("adp_notes.gauss.",),
            "accuracy": ("adp_notes.accuracy.",),
            "properties": ("adp_notes.basic_composition", "adp_notes.group_privacy",
                           "adp_notes.post_processing")}
__getattr__ = lazy(__name__, {"SOURCE_FILE": "common", "catalogue": "common"})

__all__ = ["CLAIMS", "SOURCE_FILE", "catalogue"]
