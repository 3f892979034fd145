"""The safe expression language of claims files and the function vocabulary of claims."""

from .. import sympy_factor as _sympy_factor
from .. import sympy_hashes as _sympy_hashes
from .. import sympy_lattice as _sympy_lattice
from .. import sympy_powers as _sympy_powers
from .. import sympy_terms as _sympy_terms
from . import signs as _signs
from .finite import MaxOver
from .functions import REGISTRY, Phi, Q, SpecialFunction, dawson, register
from .parser import ExprSyntaxError, parse_expression, parse_statement

_sympy_hashes.install()   # sympy's polynomial hashes free of memory addresses
_signs.install()   # sympy's signs of numbers only where a ball confirms them
_sympy_factor.install()   # an exact shortcut in sympy's factorisation (same answers)
_sympy_powers.install()   # exact powers bounded in size inside guarded rewrites
_sympy_terms.install()   # Factors of a dict without a sympy Dict (same answers)
_sympy_lattice.install()   # each Max/Min built once per claim (same answers)

__all__ = ["MaxOver", "REGISTRY", "Phi", "Q", "SpecialFunction", "dawson", "register",
           "ExprSyntaxError", "parse_expression", "parse_statement"]
