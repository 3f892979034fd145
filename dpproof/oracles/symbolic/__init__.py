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


def derive(expr: sympy.Expr) -> tuple[sympy.Expr, dict] | None:
    """``expr`` with every oracle call replaced by its derived form, and the derivations
    ``{call: form}``; None if some oracle call cannot be derived."""
    calls = [f for f in expr.atoms(sympy.Function)
             if getattr(f, "opaque", False) and getattr(f, "numeric_value", True)]
    derived: dict = {}
    for call in sorted(calls, key=sympy.default_sort_key):
        if any(getattr(a, "opaque", False) and getattr(a, "numeric_value", True)
               for arg in call.args for a in sympy.preorder_traversal(arg) if a is not call):
            return None  # nested numeric oracles: not attempted
        try:
            form = derive_call(call)
        except Underivable:
            return None
        derived[call] = form
    return expr.xreplace(derived), derived


def canonical(expr: sympy.Expr) -> sympy.Expr:
    """erf, erfc, Phi and Q as erfc of arguments without a leading minus sign (exact rewrites:
    erf(x) = 1 - erfc(x), erfc(-x) = 2 - erfc(x)), so equal closed forms cancel."""
    expr = expr.rewrite(sympy.erfc)
    expr = expr.replace(lambda z: isinstance(z, sympy.erfc) and z.args[0].could_extract_minus_sign(),
                        lambda z: 2 - sympy.erfc(-z.args[0]))
    return expr.replace(lambda z: isinstance(z, sympy.erfc),
                        lambda z: sympy.erfc(sympy.expand(z.args[0])))


def substitutions(domain, side: str) -> tuple[dict, dict]:
    """Forward and back substitutions that turn the box's ends into sign assumptions:
    'lo': x = lo + t, 'hi': x = hi - t, 'both' (open upper end): x = (lo + hi t)/(1 + t),
    each with t >= 0 (t > 0 at an open end).  Each maps the box onto t's range exactly."""
    symbols = domain.symbols()
    fwd, back = {}, {}
    for name, iv in domain.params:
        x = symbols[name]
        if side == "both" and not iv.integer and iv.lo is not None and iv.hi is not None and iv.hi_open:
            t = sympy.Symbol(f"{name}__t", **({"positive": True} if iv.lo_open else
                                              {"nonnegative": True}))
            fwd[x] = (iv.lo + iv.hi * t) / (1 + t)
            back[t] = (x - iv.lo) / (iv.hi - x)
            continue
        end, is_open = (iv.lo, iv.lo_open) if side != "hi" else (iv.hi, iv.hi_open)
        if end is None or end == 0:
            continue
        # integer=True only for integer parameters: integer=False would assert t is not an
        # integer, a fact the box does not give
        t = sympy.Symbol(f"{name}__t", **({"integer": True} if iv.integer else {}), **(
            {"positive": True} if is_open else {"nonnegative": True}))
        fwd[x] = end + t if side != "hi" else end - t
        back[t] = x - end if side != "hi" else end - x
    return fwd, back


def derive_claim(statement, domain) -> tuple[object, dict[str, str]] | None:
    """The statement with every oracle call derived (see ``derive``), with the box's lower
    ends, upper ends, or both as assumptions (``substitutions``); None if some call cannot
    be derived.  The derived form is substituted back to the claim's own parameters."""
    from dpproof.claims import Statement

    symbols = domain.symbols()
    for side in ("lo", "hi", "both"):
        fwd, back = substitutions(domain, side)
        notes: dict[str, str] = {}

        def one(e):
            e = e.xreplace({s: symbols[s.name] for s in e.free_symbols if s.name in symbols})
            got = derive(e.xreplace(fwd))
            if got is None:
                return None
            form, n = got
            notes.update({sympy.sstr(k.xreplace(back)): sympy.sstr(
                sympy.simplify(canonical(v.xreplace(back)))) for k, v in n.items()})
            return canonical(form.xreplace(back))

        sides = [one(statement.lhs), one(statement.rhs)]
        hyps = [one(h.lhs) for h in statement.hypotheses] + [one(h.rhs)
                                                            for h in statement.hypotheses]
        if all(x is not None for x in sides + hyps):
            k = len(statement.hypotheses)
            new_h = tuple(Statement(hyps[i], h.rel, hyps[k + i], guards=h.guards)
                          for i, h in enumerate(statement.hypotheses))
            return Statement(sides[0], statement.rel, sides[1], new_h,
                             guards=statement.guards), notes
    return None


def has_oracles(expr) -> bool:
    return any(getattr(f, "opaque", False) for f in expr.atoms(sympy.Function))
