"""The safe expression language of claims files and the function vocabulary of claims."""

from .finite import MaxOver
from .functions import REGISTRY, Phi, Q, SpecialFunction, dawson, register
from .parser import ExprSyntaxError, parse_expression, parse_statement

__all__ = ["MaxOver", "REGISTRY", "Phi", "Q", "SpecialFunction", "dawson", "register",
           "ExprSyntaxError", "parse_expression", "parse_statement"]
