"""Symbolic oracles: divergences and moments derived in sympy from the densities.

``derive(expr)`` replaces every oracle call in a claim's expression whose distributions have
piecewise exp(quadratic) densities (Normal, Laplace, OSGT, TruncNormal) or finite masses
(Bernoulli) by a sympy expression derived from the definition, and returns the derivations
(``{"renyi(Normal(0, s), Normal(1, s), alpha)": "alpha/(2*s**2)"}``) for the evidence.  It
returns None when some oracle has no derivation (a sign or order that sympy's assumptions do
not decide, a family without pieces): the certified ball oracles then stay the only route.
The ball oracles (``dpproof.oracles.divergences``) are a separate derivation; a test
cross-checks the two on random points of every family.
"""

from __future__ import annotations

import sympy

from . import divergences as D
from .pieces import DENSITIES, X, Underivable, integral

__all__ = ["derive", "derive_call", "Underivable"]


def _distribution(d):
    name = type(d).__name__
    if name in DENSITIES:
        return "continuous", DENSITIES[name](*d.args)
    if name == "Bernoulli":
        return "discrete", D.bernoulli(d.args[0])
    raise Underivable(f"no density pieces for {name}")


def _pair(P, Q):
    (kp, p), (kq, q) = _distribution(P), _distribution(Q)
    if kp != kq:
        raise Underivable("a discrete and a continuous distribution")
    return kp, p, q


def _renyi(P, Q, alpha):
    kind, p, q = _pair(P, Q)
    return (D.renyi_continuous if kind == "continuous" else D.renyi_discrete)(p, q, alpha)


def _kl(P, Q):
    kind, p, q = _pair(P, Q)
    return (D.kl_continuous if kind == "continuous" else D.kl_discrete)(p, q)


def _hockey(P, Q, eps):
    kind, p, q = _pair(P, Q)
    return (D.hockey_stick_continuous if kind == "continuous" else D.hockey_stick_discrete)(
        p, q, eps)


def _tv(P, Q):
    return _hockey(P, Q, sympy.S.Zero)


def _gauss_delta(eps, sigma, delta):
    N = sympy.Function("Normal")  # only its args are read
    return D.hockey_stick_continuous(DENSITIES["Normal"](0, sigma),
                                     DENSITIES["Normal"](delta, sigma), eps) if N else None


def _osgt_moment(sigma, m, k):
    """E[Y^k] of OSGT(0, sigma, m) by integration of its pieces (k = 0, 1, 2)."""
    if not (k.is_Integer and 0 <= int(k) <= 2):
        raise Underivable(f"moment order {k}")
    return sympy.Add(*(integral(int(k), piece.logp, piece.lo, piece.hi)
                       for piece in DENSITIES["OSGT"](0, sigma, m)))


RULES = {"renyi": _renyi, "kl": _kl, "hockey_stick": _hockey, "tv": _tv,
         "gauss_delta": _gauss_delta, "osgt_moment": _osgt_moment}


def derive_call(call: sympy.Expr) -> sympy.Expr:
    """The derived form of one oracle call (raises Underivable)."""
    rule = RULES.get(type(call).__name__)
    if rule is None:
        raise Underivable(f"no symbolic derivation of {type(call).__name__}")
    return rule(*call.args)


def derive(expr: sympy.Expr, timeout_guard=None) -> tuple[sympy.Expr, dict[str, str]] | None:
    """``expr`` with every oracle call replaced by its derived form, and the derivations;
    None if some oracle call cannot be derived."""
    calls = [f for f in expr.atoms(sympy.Function)
             if getattr(f, "opaque", False) and getattr(f, "numeric_value", True)]
    derived: dict = {}
    notes: dict[str, str] = {}
    for call in sorted(calls, key=sympy.default_sort_key):
        if any(getattr(a, "opaque", False) and getattr(a, "numeric_value", True)
               for arg in call.args for a in sympy.preorder_traversal(arg) if a is not call):
            return None  # nested numeric oracles: not attempted
        try:
            form = derive_call(call)
        except Underivable:
            return None
        derived[call] = form
        notes[sympy.sstr(call)] = sympy.sstr(form)
    return expr.xreplace(derived), notes


_ = X  # re-exported for tests
