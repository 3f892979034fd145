"""Hashes of sympy's polynomial domains and monomial orders that do not follow memory addresses.

Several of sympy's polynomial classes hash a Python class: a monomial order hashes
``self.__class__`` (``sympy.polys.orderings``), a domain its ``dtype`` (``Domain.__hash__``,
``RealField``, ``AlgebraicField``, ...).  A class hashes by its address, which address-space
randomisation moves from process to process, and these hashes enter those of polynomial rings
(``PolyRing._hash``), their elements and ``Poly``s.  A set or dict of them is then walked in an
order that differs between processes: the same answer reached by other steps, hence another
count of work, and at the edge of a budget another verdict.  Measured on
``adp_notes.basic_composition.instances``, same seeds: the first object whose hash differed
between fresh processes, 77,000 calls in, was a ``Poly``.  (The other way classes' addresses
reach counted work, through sympy's typed caches, is closed by fixing the layout:
``dpproof.hash_seed``; these hashes also hold where the layout cannot be fixed.)

``install`` gives each of them the same hash tuple with every class (or function) in it
replaced by its qualified name.  Equal objects hold the same classes, so they still hash
equal; only the value changes, to one that is the same in every process (with the string-hash
seed pinned).
"""

from __future__ import annotations

from sympy.polys import orderings
from sympy.polys.domains import (algebraicfield, complexfield, domain, finitefield,
                                 old_fractionfield, old_polynomialring, quotientring,
                                 realfield)


def _named(value):
    """A class or function as its qualified name; anything else as it is."""
    if isinstance(value, type) or callable(value) and hasattr(value, "__qualname__"):
        return f"{getattr(value, '__module__', '')}.{value.__qualname__}"
    return value


def _hash_of(*attrs: str):
    """A ``__hash__`` of (class name, the attributes ``attrs``), classes in them as names:
    sympy's own tuple for these classes, with ``_named`` applied."""
    def __hash__(self):
        return hash((type(self).__name__, *(_named(getattr(self, a)) for a in attrs)))
    return __hash__


def _order_hash(self):
    return hash(_named(type(self)))


def _product_order_hash(self):
    return hash((_named(type(self)),
                 tuple(tuple(_named(x) for x in arg) for arg in self.args)))


def _inverse_order_hash(self):
    return hash((_named(type(self)), self.O))


#: (class, its replacement ``__hash__``): sympy 1.14's hashes that involve a class
PATCHES = (
    (orderings.MonomialOrder, _order_hash),
    (orderings.ProductOrder, _product_order_hash),
    (orderings.InverseOrder, _inverse_order_hash),
    (domain.Domain, _hash_of("dtype")),
    (finitefield.FiniteField, _hash_of("dtype", "mod", "dom")),
    (old_fractionfield.FractionField, _hash_of("dtype", "dom", "gens")),
    (realfield.RealField, _hash_of("_dtype", "precision")),
    (complexfield.ComplexField, _hash_of("_dtype", "precision")),
    (old_polynomialring.PolynomialRingBase, _hash_of("dtype", "dom", "gens", "order")),
    (quotientring.QuotientRing, _hash_of("dtype", "ring", "base_ideal")),
    (algebraicfield.AlgebraicField, _hash_of("dtype", "dom", "ext")),
)


def install() -> None:
    """Put the address-free hashes in place (idempotent).  Call it before any polynomial ring
    is built: a ``PolyRing`` keeps the hash it was built with."""
    for cls, h in PATCHES:
        if vars(cls).get("__hash__") is not h:
            cls.__hash__ = h
