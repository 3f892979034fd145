"""Lower sympy expressions to callables in three arithmetics: arb balls, mpmath, float.

Each formula is written once (as sympy) and compiled here to a tree of closures.  The arb
lowering is the rigorous one: its inputs are balls built from exact rationals
(``arb_ball``/``arb_box``), never from floats, and every operation is flint's rigorous
ball arithmetic.  Precision is never set globally: ``at_precision(bits)`` wraps
``flint.ctx.workprec`` for the duration of one evaluation.

Edges of the domain (README, "The claims language at the edges of its domain"): every
partial operation is checked before it is applied, the same way in every arithmetic
(``definedness.edge_check``, against the backend's ``certain``/``integer`` facts):
``log`` needs x > 0, ``sqrt`` x >= 0, a division a nonzero divisor, ``x^y`` x > 0, or x = 0
with y >= 0 (0^0 = 1), or x < 0 with y an integer; ``binomial(n, k)`` integers with n >= 0.
A certain violation raises ``definedness.Undefined`` (naming the term), a ball that straddles
the edge ``definedness.MaybeUndefined``; float evaluation turns both into nan.
"""

from __future__ import annotations

from typing import Callable, Sequence

import sympy

from .arb_backend import ArbBackend
from .exact import arb_ball, arb_box, arb_to_mpf, at_precision, mpf_to_fmpq, to_fmpq
from .number_backends import FloatBackend, MpmathBackend, _float_guard
from .tree import LoweringError
from ..expr.stable import stable

__all__ = ["ARB", "FLOAT", "MPMATH", "LoweringError", "arb_ball", "arb_box", "arb_to_mpf",
           "at_precision", "lower", "mpf_to_fmpq", "to_fmpq"]

ARB, MPMATH, FLOAT = ArbBackend(), MpmathBackend(), FloatBackend()


def lower(expr: sympy.Basic, names: Sequence[str], backend: str = "arb",
          guards: Sequence[sympy.Basic] = ()) -> Callable:
    """Compile ``expr`` to ``f(*args)`` in ``backend`` ('arb', 'mpmath' or 'float').

    Arguments are positional in the order of ``names``.  For 'arb' pass balls made by
    ``arb_ball``/``arb_box`` inside ``at_precision``; for 'mpmath' call inside
    ``mpmath.workdps``.  Where a term is undefined (README, edges of the domain) 'arb' and
    'mpmath' raise ``Undefined`` / ``MaybeUndefined``; float evaluation never raises:
    overflow gives inf, undefined terms and domain errors nan.  ``guards`` are terms of the
    claim as written that sympy simplified away (``x/x`` -> 1): each is evaluated first, for
    its definedness only.
    """
    chosen = {"arb": ARB, "mpmath": MPMATH, "float": FLOAT}.get(backend)
    if chosen is None:
        raise ValueError(f"unknown backend {backend!r}; allowed: arb, mpmath, float")
    tree = chosen.compile(stable(expr), names)
    if guards:
        checks, value = [chosen.compile(g, names) for g in guards], tree

        def tree(env):
            for check in checks:
                check(env)
            return value(env)
    if backend == "float":
        return lambda *args: _float_guard(tree, args)
    return lambda *args: tree(args)
