"""Definedness for the symbolic engine (docs/design.md: a claim undefined somewhere on its domain
is never PROVED there): ``undefined_term`` names a term that may be undefined on the domain
-- a division by something not certified non-zero, a fractional power of a base not
certified non-negative, ``log`` of something not certified positive, ``binomial`` off the
non-negative integers, a function outside the total ones -- or returns ''.  Certified means:
by sympy's assumptions (also with the box's ends as signs, on each half [lo, hi) and
(lo, hi] of a closed range by its odds, and exp(y) of a y of known sign
relaxed to 1 + w or 1/(1 + w), w > 0), by Sturm root counting for a
polynomial in one parameter, or by a small arb branch and bound over the bounded box.
Split from ``symbolic`` (which calls it before any proof)."""

from __future__ import annotations

import sympy
from flint import arb

from ...claims import Claim
from ...expr.finite import written_out
from ...expr.functions import Phi, Q, SpecialFunction
from ...lowering import LoweringError, arb_box, at_precision, lower
from ...oracles import symbolic as symbolic_oracles
from ...oracles.symbolic.halves import halves
from ..base import effective_bounds
from .forms import erfc_by_range
from .sums import index_symbols

_SIGN_BOXES = 1024      # arb boxes tried to certify the sign of a base on the domain (64 failed on a
                        # log argument that 512 certify in 18 ms: osgt22.rdp.exact)
#: functions defined (finite, real) for every real argument
_TOTAL = (sympy.exp, sympy.erf, sympy.erfc, sympy.erfi, sympy.Abs, sympy.Max, sympy.Min,
          sympy.sin, sympy.cos, sympy.atan, sympy.sinh, sympy.cosh, sympy.tanh, sympy.sign,
          sympy.floor, sympy.ceiling)


def undefined_term(claim: Claim, oracles_derived: bool = False) -> str:
    """Why the statement may be undefined somewhere on the domain ('' if certified defined)."""
    symbols = claim.domain.symbols()
    st = claim.statement
    exprs = [st.lhs, st.rhs] + [e for h in st.hypotheses for e in (h.lhs, h.rhs)]
    exprs += [g for s in (st, *st.hypotheses) for g in s.guards]   # terms sympy simplified away
    subs = {s: symbols[s.name] for e in exprs for s in e.free_symbols if s.name in symbols}
    for expr in exprs:
        try:     # a finite Sum / MaxOver with integer limits: its terms are judged
            expr = written_out(expr)
        except ValueError:
            pass
        if expr.has(sympy.nan, sympy.zoo):
            return f"{expr} is not a finite number"
        for term in sympy.preorder_traversal(_indices_assumed(expr.xreplace(subs))):
            if oracles_derived and getattr(term, "opaque", False):
                continue   # an oracle whose parameters derive_claim validated
            problem = _term_problem(claim, term, oracles_derived)
            if problem:
                return problem
    return ""


def _indices_assumed(expr):
    """Each Sum left with symbolic limits (not written out) with its indices fresh symbols
    that carry what their ranges give (``sums.index_symbols``), outer Sums first: its terms
    are judged for the indices the sum runs over."""
    def outermost(e):
        if isinstance(e, sympy.Sum):
            yield e
        else:
            for a in e.args:
                yield from outermost(a)
    rule = {}
    for s in set(outermost(expr)):
        fresh = index_symbols(s.limits)
        limits = [(x, *[e.xreplace({o[0]: y for o, y in zip(s.limits[n + 1:], fresh[n + 1:])})
                        for e in lim[1:]]) for n, (lim, x) in enumerate(zip(s.limits, fresh))]
        inner = s.function.xreplace({lim[0]: x for lim, x in zip(s.limits, fresh)})
        rule[s] = sympy.Sum(_indices_assumed(inner), *limits)
    return expr.xreplace(rule) if rule else expr


def _derived(claim: Claim, expr):
    """``expr`` with its oracle calls replaced by their forms derived on the claim's domain
    (equal to the oracle values wherever the derivation's conditions hold, which
    ``derive_claim`` checks on the whole domain), or ``expr`` unchanged if not derivable."""
    if not symbolic_oracles.has_oracles(expr):
        return expr
    from ...claims import Statement
    got = symbolic_oracles.derive_claim(Statement(expr, ">=", sympy.S.Zero), claim.domain)
    if got is None:
        return expr
    try:
        return sympy.simplify(got[0].lhs)   # an exact rewrite, so that its sign shows
    except (TypeError, ValueError, RecursionError):
        return got[0].lhs


def _term_problem(claim: Claim, term, oracles_derived: bool = False) -> str:
    if isinstance(term, sympy.Sum) and not all(e.is_finite for lim in term.limits
                                               for e in lim[1:]):
        return f"{term}: a series (an infinite limit), whose convergence is not certified"
    if isinstance(term, (sympy.Pow, sympy.log)) and oracles_derived:
        # a root or log of an oracle value: judged on the value's derived form
        derived = _derived(claim, term.args[0])
        if derived is not term.args[0]:
            if derived.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
                return f"{term}: {term.args[0]} derives to {derived}"
            # unevaluated: 1/H with H derived to 0 must stay 0**-1 (sympy makes it zoo,
            # which is not a Pow, and would pass as defined)
            term = term.func(derived, *term.args[1:], evaluate=False)
    if isinstance(term, sympy.Pow):
        base, ex = term.args
        if ex.is_integer and ex.is_positive:
            return ""
        if oracles_derived:
            try:    # an oracle as the base: judge its form derived from the densities,
                if getattr(base, "opaque", False):          # erfc of a real argument > 0
                    base = symbolic_oracles.derive_call(base)
                if base.has(sympy.erfc, sympy.erf) and \
                        erfc_by_range(base.rewrite(sympy.erfc)).is_positive:
                    return ""
            except symbolic_oracles.Underivable:
                pass
        if ex.is_integer:
            need = "nonzero"          # x^-k, and 0^0 for a symbolic integer exponent
        elif ex.is_Rational and ex.is_positive:
            need = "nonnegative"      # x^(p/q): sympy's principal root is not real for x < 0
        else:
            need = "positive"
        return "" if _certified(claim, base, need) else \
            f"{term}: base {base} not certified {need} on the domain"
    if isinstance(term, sympy.log):
        return "" if _certified(claim, term.args[0], "positive") else \
            f"{term}: argument not certified positive on the domain"
    if isinstance(term, sympy.binomial):
        ok = all(a.is_integer and a.is_nonnegative for a in term.args)
        return "" if ok else f"{term}: arguments not certified non-negative integers"
    if isinstance(term, sympy.Function) and not isinstance(term, _TOTAL) and not (
            isinstance(term, SpecialFunction) and not term.opaque):
        return f"{term}: {term.func} is not in the symbolic engine's list of total functions"
    return ""


def _certified(claim: Claim, expr, need: str) -> bool:
    """Whether ``expr`` is certified positive / nonnegative / nonzero on the whole domain."""
    sign = {"positive": expr.is_positive, "nonnegative": expr.is_nonnegative,
            "nonzero": expr.is_zero is False}[need]
    if sign:
        return True

    def signed(domain, side, own=None) -> bool:
        fwd, _ = symbolic_oracles.substitutions(domain, side)
        shifted = (expr.xreplace(own) if own else expr).xreplace(fwd)
        return any({"positive": form.is_positive, "nonnegative": form.is_nonnegative,
                    "nonzero": form.is_zero is False}[need]
                   for form in (shifted, _exp_relaxed(shifted), _monotone_paired(shifted)))
    if any(signed(claim.domain, side) for side in ("lo", "hi", "both")):
        return True     # the box's ends as sign assumptions (x = lo + t, ...)
    parts = halves(claim.domain)     # [lo, hi) and (lo, hi] of each closed range, each by its
    symbols = claim.domain.symbols()     # odds: p^2/q + (1 - p)^2/(1 - q) > 0 on p in [0, 1]
    if parts and all(signed(h, "both", {symbols[n]: s for n, s in h.symbols().items()})
                     for _, h in parts):
        return True
    if not expr.free_symbols <= set(claim.domain.symbols().values()):
        return False   # a Sum's index (a Dummy named i, or x like a parameter): not a box's
    if len(expr.free_symbols) == 1:
        decided = _univariate_sign(claim, expr, need)
        if decided is not None:
            return decided
    return _arb_sign(claim, expr, need)


def _exp_relaxed(expr):
    """``expr`` (Gaussian tails as erfc: ``canonical``) with each exp(y), erfc(y) of a y
    that sympy knows > 0 (< 0) replaced by a form in a fresh symbol w > 0 that ranges over
    (a superset of) the values it takes: exp(y) in (1, oo) as 1 + w (in (0, 1) as
    1/(1 + w)), erfc(y) in (0, 1) as 1/(1 + w) (in (1, 2) as 2 - 1/(1 + w)).  A sign sympy
    derives for every w > 0 (exp(eps) - 1 -> w on eps > 0; Phi(a) - Phi(-a) =
    1 - erfc(a/sqrt 2) -> w/(1 + w) on a > 0) holds for ``expr``."""
    def fresh(e):
        w = sympy.Dummy("w", positive=True)
        up = e.args[0].is_positive
        if isinstance(e, sympy.exp):
            return 1 + w if up else 1 / (1 + w)
        return 1 / (1 + w) if up else 2 - 1 / (1 + w)
    if expr.has(sympy.erfc, sympy.erf, Phi, Q):
        expr = symbolic_oracles.canonical(expr)
    return expr.replace(lambda e: isinstance(e, (sympy.exp, sympy.erfc)) and (
        e.args[0].is_positive or e.args[0].is_negative), fresh)


#: strictly monotone total functions of a real argument: +1 increasing, -1 decreasing
_MONOTONE = {Phi: 1, Q: -1, sympy.erf: 1, sympy.erfc: -1, sympy.exp: 1, sympy.atan: 1,
             sympy.tanh: 1, sympy.sinh: 1}


def _monotone_paired(expr):
    """``expr`` with each difference c F(a) - c F(b) of one strictly monotone function
    (``_MONOTONE``) inside a sum replaced by c w or -c w, w > 0 a fresh symbol, where sympy
    decides the sign of a - b (Q(v) - Q(u) > 0 for v < u): w ranges over a superset of
    |F(a) - F(b)|, so a sign sympy derives for every w > 0 holds for ``expr``."""
    def calls(term):
        for f in sympy.Mul.make_args(term):
            if type(f) in _MONOTONE:
                yield f, term / f

    def order(d):
        for form in (d, sympy.factor(sympy.together(d))):
            if form.is_positive:
                return 1
            if form.is_negative:
                return -1
        return 0

    def pair(add):
        terms, out = list(add.args), []
        while terms:
            t = terms.pop(0)
            for f, c in calls(t):
                match = next(((u, g) for u in terms for g, k in calls(u)
                              if type(g) is type(f) and sympy.expand(c + k) == 0), None)
                sign = order(f.args[0] - match[1].args[0]) * _MONOTONE[type(f)] if match else 0
                if sign:
                    terms.remove(match[0])
                    out.append(sign * c * sympy.Dummy("w", positive=True))
                    break
            else:
                out.append(t)
        return sympy.Add(*out)
    return expr.replace(lambda e: e.is_Add, pair)


def _univariate_sign(claim: Claim, expr, need: str) -> bool | None:
    """Exact: Sturm counts the roots of a polynomial with rational coefficients."""
    (x,) = expr.free_symbols
    try:
        poly = sympy.Poly(expr, x, domain="QQ")
    except (sympy.PolynomialError, sympy.CoercionFailed, sympy.GeneratorsNeeded):
        return None
    iv = claim.domain[x.name]
    at_open_ends = sum(1 for end, is_open in ((iv.lo, iv.lo_open), (iv.hi, iv.hi_open))
                       if end is not None and is_open and poly.eval(end) == 0)
    if iv.lo == iv.hi:
        at_open_ends = 0
    if poly.count_roots(iv.lo, iv.hi) - at_open_ends != 0:
        return False if need != "nonnegative" else None
    if need == "nonzero":
        return True
    lo, hi, _ = effective_bounds(iv)
    return poly.eval((lo + hi) / 2) > 0      # no root inside: the sign is constant


def _arb_sign(claim: Claim, expr, need: str) -> bool:
    """Certified by a small branch and bound in ball arithmetic over the closed box of the
    parameters ``expr`` depends on (none: one evaluation, whatever the other ranges)."""
    used = {s.name for s in expr.free_symbols}
    params = [(n, iv) for n, iv in claim.domain.params if n in used]
    ivs = [iv for _, iv in params]
    if not all(iv.bounded for iv in ivs):
        return False
    try:
        fn = lower(expr, [n for n, _ in params], "arb")
    except (LoweringError, TypeError, ValueError, NotImplementedError):
        return False
    queue, budget = [[(iv.lo, iv.hi) for iv in ivs]], _SIGN_BOXES
    with at_precision(128):
        while queue:
            if budget == 0:
                return False
            box = queue.pop()
            budget -= 1
            try:
                v = fn(*[arb_box(lo, hi) for lo, hi in box])
            except (ValueError, ZeroDivisionError):
                v = arb.nan()
            if (v > 0) or (need == "nonnegative" and v >= 0) or (need == "nonzero" and v < 0):
                continue
            if not box:
                return False
            i = max(range(len(box)), key=lambda j: box[j][1] - box[j][0])
            lo, hi = box[i]
            if hi == lo:
                return False
            for half in ((lo, (lo + hi) / 2), ((lo + hi) / 2, hi)):
                queue.append(box[:i] + [half] + box[i + 1:])
    return True


