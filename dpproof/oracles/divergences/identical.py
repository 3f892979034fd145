"""Divergences of a distribution with itself, decided from the claim's expression.

Ball arithmetic cannot see that ``tv(Normal(0, 1/3), Normal(0, 1/3))`` compares a
distribution with itself: the two parameter balls are equal, but equal balls may stand for
different variables (``tv(Normal(0, x), Normal(0, y))`` on a box where x and y share an
interval), so the oracle must enclose every pair and returns a wide ball.  The sympy
expression does know: identical arguments are the same point.  ``self_pair`` gives a
registered divergence class a twin (same printed name, pickled by qualified name) that sympy
builds whenever the first two arguments are the same expression; its ball implementation
still receives the lowered distribution (so invalid parameters fail exactly as before) and
returns the exact value for P = Q: 0 for KL, TV and Renyi (alpha > 1), (1 - e^eps)_+ for
the hockey-stick divergence.
"""

from __future__ import annotations

import sympy
from flint import arb

from ..distributions import Continuous, Discrete, NormalProduct, ProductDistribution
from .hockey_stick import self_hockey_stick
from .renyi import renyi

_DISTRIBUTIONS = (Continuous, Discrete, ProductDistribution, NormalProduct)


def self_pair(value):
    """Class decorator: ``cls(P, P, *rest)`` builds ``cls._Self`` whose ``arb_impl`` is
    ``value(P, *rest)`` (falling back to ``cls.arb_impl`` if P is not a distribution)."""

    def deco(cls):
        plain = cls.arb_impl

        def self_impl(P, Q, *rest):
            if not isinstance(P, _DISTRIBUTIONS):
                return plain(P, Q, *rest)
            return value(P, *rest)

        twin = type(cls)(cls.__name__, (cls,), {"arb_impl": staticmethod(self_impl),
                                           "__doc__": f"{cls.__name__}(P, P, ...): exact.",
                                                "__module__": cls.__module__})
        twin.__qualname__ = f"{cls.__qualname__}._Self"
        cls._Self = twin

        def __new__(klass, *args, **options):
            same = len(args) >= 2 and sympy.sympify(args[0]) == sympy.sympify(args[1])
            target = twin if same else cls
            return super(cls, target).__new__(target, *args, **options)

        cls.__new__ = staticmethod(__new__)
        return cls

    return deco


def _renyi_self(P, alpha):
    return renyi(P, P, alpha) if not alpha > 1 else arb(0)  # nan off alpha > 1, as renyi


self_kl = self_pair(lambda P: arb(0))
self_tv = self_pair(lambda P: arb(0))
self_renyi = self_pair(_renyi_self)
self_hs = self_pair(lambda P, eps: self_hockey_stick(eps))
