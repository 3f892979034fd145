"""sympy's ``Factors`` of a dictionary without turning the dictionary into a sympy ``Dict``.

``sympy.core.exprtools.Factors.__init__`` (sympy 1.14) first asks ``factors in (None,
S.One)``.  Given a ``dict`` (as ``Term.mul``, ``Term.quo``, ``Factors.normal`` and
``Factors.gcd`` give it, many times per ``gcd_terms``), ``S.One == factors`` sympifies the
dictionary, building a sympy ``Dict`` of every key and exponent -- sorted -- only to answer
False, since a ``Dict`` is not a ``Number``.  ``factor_terms`` and ``gcd_terms`` run under
``cancel``, ``together`` and every ``Max``/``Min`` construction (``MinMaxBase._is_connected``),
and this comparison was 7% of the CPU of a library run (py-spy, all workers).

``install`` hands such a dictionary (a ``dict``, or the ``defaultdict(int)`` of
``Term.__init__``) to sympy's own ``__init__`` as a copy that is also ``CantSympify``
(sympy's marker for objects strict sympification refuses at once): the comparison with
``S.One`` is then False without building anything, and every later step of ``__init__`` is
sympy's own, including its ``copy()`` of the dictionary, which gives the type sympy's
would (a ``dict``, or a ``defaultdict`` with the same default).
The resulting ``Factors`` are equal to sympy's (tests/unit/test_sympy_terms.py); only the
work differs.
"""

from __future__ import annotations

from collections import defaultdict

from sympy.core import exprtools
from sympy.core.sympify import CantSympify

_init = exprtools.Factors.__init__


class _Plain(dict, CantSympify):
    """A ``dict`` sympy does not try to sympify (so compares unequal to any number at once);
    its ``copy()`` is a plain ``dict``, as the copy of a ``dict`` is."""


class _PlainDefault(defaultdict, CantSympify):
    """The same for a ``defaultdict``; its ``copy()`` is a plain ``defaultdict``."""

    def copy(self):
        return defaultdict(self.default_factory, self)


def _init_from_dict(self, factors=None):
    """``Factors.__init__``, a dictionary passed as one sympy does not sympify (see the
    module's text)."""
    if type(factors) is dict:
        factors = _Plain(factors)
    elif type(factors) is defaultdict:
        factors = _PlainDefault(factors.default_factory, factors)
    _init(self, factors)


def install() -> None:
    """Route ``Factors(dict)`` through the shortcut; idempotent."""
    exprtools.Factors.__init__ = _init_from_dict
