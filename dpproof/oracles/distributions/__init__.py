"""Distributions: continuous (piecewise-quadratic log-densities, the normal product),
discrete (finite mass vectors, randomized response, products) and transforms of them."""

from .continuous import (OSGT, Coef, Continuous, DataDependentNormal, Laplace, Normal,  # noqa: F401
                         NormalProduct, TruncNormal, _check_pos, _check_probability,
                         _normal_coef)
from .discrete import (Bernoulli, Discrete, ProductDistribution, genrr_pair,  # noqa: F401
                       randomized_response)

__all__ = ["Continuous", "Normal", "DataDependentNormal", "Laplace", "OSGT", "TruncNormal",
           "NormalProduct", "Discrete", "Bernoulli", "randomized_response", "genrr_pair",
           "ProductDistribution"]
