"""The one explicit list of every name a claim may use (issue 16; docs/design.md "Shape").

``VOCABULARY`` maps each name to an ``Entry``: its arities (``None`` = variadic), its arb and
mpmath implementations, and its kind: ``elementary`` (sympy's own function), ``special``
(a formula of ``dpproof.expr.functions``), ``distribution`` (returns a law), ``oracle``
(computed from a definition) or ``printed`` (a formula as printed in a source, kept to be
checked against an oracle).  Importing this module imports ``dpproof.oracles``, which imports
every registering module (``REGISTERING_MODULES``), so the list is the same whatever was
imported before; ``tests/unit/test_layout.py`` checks that it equals the registry.  Each
entry carries its documentation (``Entry.doc``, from ``dpproof.expr.reference``; the
reference page ``docs/functions.md`` is generated from it).

Theorem modules import the functions they call from here (``from dpproof.expr.vocabulary
import Normal, renyi``): the one public place, whatever module of ``dpproof.oracles``
implements them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .. import oracles  # noqa: F401  (registers every claims-file function)
from .functions import (ELEMENTARY, ELEMENTARY_ARITY, REGISTRY, DistributionFunction,
                        OracleFunction)
from .reference import DOCS, Doc

#: every function a claim may call, by name (the registry must hold exactly these)
SPECIAL = ("Phi", "Q", "dawson")
DISTRIBUTIONS = ("Normal", "DataDependentNormal", "Laplace", "Bernoulli", "OSGT", "TruncNormal",
                 "Finite", "NameShame", "ProductOf", "Quantize", "Stochastic", "Mixture")
ORACLES = (
    # divergences and privacy-loss masses
    "renyi", "kl", "hockey_stick", "tv", "hs_events", "bad_mass", "loss_tail", "loss_at",
    "density", "cdf", "signed_mass_below", "moment2", "gauss_delta",
    # moments
    "pv_inv_normal", "fp_inv_sq_normal", "trunc_abs_inv_normal", "trunc_inv_sq_normal",
    "normal_variance", "normal_abs_dev", "laplace_sd", "osgt_kernel_mass", "osgt_moment",
    "osgt_tail", "rejection_shift_cdf",
    # the normal product law
    "alg1_moment", "alg1_variance", "alg1_abs_dev", "normal_product_pdf", "normal_product_kl",
    # conversions and inverses
    "zcdp_eps", "zcdp_delta", "rdp_to_delta", "eps_at_delta", "gauss_var_needed",
    "osgt_var_needed",
    # composition
    "rr_compose_delta", "subsampled_gaussian_rdp", "subsampled_laplace_renyi", "dpsgd_eps",
    "dpsgd_delta", "F_l_slope", "br_product_delta", "br_product_delta_bf", "br_two_delta_bf",
    "genrr3_delta_bf", "br_sup_delta", "br_sup_eps_g", "br_adaptive_delta", "rademacher_tail",
    "kary_rr_delta", "subsampled_gaussian_renyi",
    # mechanisms
    "laplace_pdf", "rr_prob", "shift_abs_sup", "mean_sensitivity_enum", "ks_sensitivity_enum",
    "expmech_ks_loss", "cosine_series_loss", "pava_fit", "isotonic_bf_fit", "tgauss_fail",
    "tgauss_renyi_cond",
)
#: formulas as printed in a source (not computed from a definition)
PRINTED = ("cyik16_series",)


@dataclass(frozen=True)
class Entry:
    """One name a claim may use."""

    name: str
    arities: tuple | None  # None: variadic (at least 2 arguments)
    kind: str  # elementary | special | distribution | oracle | printed
    arb: Callable | None  # None for sympy's own functions (lowered by dpproof.lowering)
    mpmath: Callable | None
    #: arguments, meaning, where defined, an example (``dpproof.expr.reference``)
    doc: Doc | None = None


def _arities(nargs) -> tuple | None:
    if nargs is None:
        return None
    if isinstance(nargs, int):
        return (nargs,)
    return tuple(sorted(int(k) for k in nargs))  # a tuple, or sympy's FiniteSet of arities


def _entry(name: str, kind: str) -> Entry:
    cls = REGISTRY[name]
    nargs = getattr(cls, "nargs", None)
    return Entry(name, _arities(nargs), kind, cls.arb_impl, getattr(cls, "mpmath_impl", None),
                 DOCS.get(name))


def _build() -> dict[str, Entry]:
    out = {n: Entry(n, _arities(ELEMENTARY_ARITY[n]), "elementary", None, None, DOCS.get(n))
           for n in ELEMENTARY}
    for kind, names in (("special", SPECIAL), ("distribution", DISTRIBUTIONS),
                        ("oracle", ORACLES), ("printed", PRINTED)):
        for n in names:
            out[n] = _entry(n, kind)
    return out


VOCABULARY: dict[str, Entry] = _build()
NAMES = frozenset(VOCABULARY)


def kind_of(cls) -> str:
    """The kind a registered class declares itself (checked against ``VOCABULARY``)."""
    if issubclass(cls, DistributionFunction):
        return "distribution"
    if issubclass(cls, OracleFunction):
        return "oracle" if getattr(cls, "from_definition", True) else "printed"
    return "special"


# the registered classes themselves, importable from here by theorem modules
globals().update({n: REGISTRY[n] for n in (*SPECIAL, *DISTRIBUTIONS, *ORACLES, *PRINTED)})

__all__ = ["VOCABULARY", "NAMES", "Entry", "kind_of", *SPECIAL, *DISTRIBUTIONS, *ORACLES,
           *PRINTED]
