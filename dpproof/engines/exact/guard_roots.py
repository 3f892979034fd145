"""Exact points where a claim is undefined: the real roots of its polynomial guards.

A *zero guard* is a sub-term whose value must not be 0 for the claim to be defined
(``dpproof.definedness``): the base of a negative power (a division), the argument of
``log`` (and 1 + x of ``log1p``).  Where such a base is, after stripping ``abs`` and
positive powers (which keep its zeros: |h| = 0 iff h = 0, h^r = 0 iff h = 0 for r > 0), a
polynomial with rational coefficients, its real roots are found exactly:

- one parameter: the polynomial is factored over Q; a linear factor gives a rational root,
  an irreducible factor of degree >= 2 real roots isolated in rational intervals (sympy's
  ``Poly.intervals``), refined until each lies clearly inside or outside the range;
- several parameters: the same on univariate restrictions, the other parameters fixed at a
  few rational points of their ranges (midpoint, ends, quarters).

A root counts only inside the domain as written (open ends excluded, integer parameters at
integers).  A rational root is confirmed by evaluating
the guard exactly there (= 0); an algebraic root of an irreducible factor g is a root of
the guard because g divides the restricted polynomial (checked exactly).  A root counts
only where the hypotheses are certified to hold on a ball around it.  Bounded work:
degrees, terms, restrictions and refinements are capped (``_MAX_*``); nothing is timed.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import sympy
from ...claims import Claim
from ...definedness import MaybeUndefined, Undefined
from ...evidence import Evidence, Verdict
from ...lowering import arb_box, at_precision
from ..base import Compiled, decimal_str, effective_bounds

_MAX_DEGREE = 64          # total degree of a guard polynomial
_MAX_TERMS = 200          # terms of a guard polynomial
_MAX_RESTRICTIONS = 27    # rational points the other parameters are fixed at, per variable
_REFINE_STEPS = 12        # each refinement narrows an isolating interval by 2^-32


@dataclass(frozen=True)
class GuardRoot:
    """An exact point of the domain where a zero guard vanishes.

    ``point`` maps each parameter to a sympy number (rational, a radical or a CRootOf);
    ``enclosure`` to rational (lo, hi) with lo <= value <= hi (lo == hi when rational)."""

    point: dict
    enclosure: dict
    term: str
    reason: str

    @property
    def rational(self) -> bool:
        return all(lo == hi for lo, hi in self.enclosure.values())

    def shown(self) -> dict[str, str]:
        """Each coordinate as an exact decimal (or p/q), or the algebraic number with its
        value to 15 digits: 'sqrt(2) (= 1.41421356237310)'."""
        return {n: decimal_str(v) if v.is_Rational else
                f"{sympy.sstr(v)} (= {sympy.N(v, 15)})" for n, v in self.point.items()}

    def message(self) -> str:
        where = ", ".join(f"{n} = {v}" for n, v in self.shown().items())
        return f"undefined at {where}: {self.term}: {self.reason}"


def undefined_root(claim: Claim, prec: int = 256) -> GuardRoot | None:
    """A point of the domain where a zero guard of the claim vanishes exactly and the
    hypotheses are certified to hold (so the claim is undefined there), or None."""
    if claim.statement is None or not claim.domain.params:
        return None
    compiled = Compiled(claim, "arb")
    for root in _roots(claim):
        if _hypotheses_hold(compiled, root, prec):
            return root
    return None


def evidence(engine: str, root: GuardRoot, seconds: float, data: dict) -> Evidence:
    """ERROR naming the algebraic point, like ``witness.undefined_evidence``."""
    data = dict(data)
    data["undefined"] = {"point": root.shown(), "term": root.term, "reason": root.reason,
                         "exact": {n: sympy.srepr(v) for n, v in root.point.items()}}
    return Evidence(engine, Verdict.ERROR, root.message(), seconds,
                    scope="undefined at a point of the domain", data=data)


def _hypotheses_hold(compiled: Compiled, root: GuardRoot, prec: int) -> bool:
    with at_precision(prec):
        balls = [arb_box(*root.enclosure[n]) for n in compiled.names]
        try:
            return compiled.hypotheses_on(balls) is True
        except (Undefined, MaybeUndefined, ValueError, ZeroDivisionError, ArithmeticError):
            return False


# -- the guards ------------------------------------------------------------------------------

def zero_guards(claim: Claim) -> list[tuple[sympy.Expr, sympy.Expr, str]]:
    """(term, base, reason) for each zero guard of the claim as written (conclusion,
    hypotheses and the guards sympy simplified away), in the parameters only."""
    st = claim.statement
    exprs = [st.margin(), *getattr(st, "guards", ())]
    for h in st.hypotheses:
        exprs += [h.margin(), *getattr(h, "guards", ())]
    params = set(claim.domain.symbols().values()) | {
        s for e in exprs for s in e.free_symbols if s.name in claim.domain.names}
    out, seen = [], set()
    for e in exprs:
        for term, base, reason in _walk(e):
            if base.free_symbols and base.free_symbols <= params and base not in seen:
                seen.add(base)
                out.append((term, base, reason))
    return out


def _walk(e):
    if isinstance(e, (sympy.Piecewise, sympy.Sum, sympy.Product, sympy.Integral)):
        return      # branches and bound indices: not every sub-term is evaluated
    if e.is_Pow and e.args[1].is_number and e.args[1].is_negative:
        ex = e.args[1]
        odd = ex.is_integer or (ex.is_Rational and int(ex.q) % 2 == 1)
        yield e, e.args[0], "division by zero" if odd else "negative power of 0"
    name = getattr(e.func, "__name__", "")
    if name == "log" and len(e.args) == 1:
        yield e, e.args[0], "log of a number <= 0"
    elif name == "log1p":
        yield e, 1 + e.args[0], "log of a number <= 0"
    for a in e.args:
        yield from _walk(a)


def _core(g):
    """g with abs and positive powers stripped (the same real zeros)."""
    if isinstance(g, sympy.Abs):
        return _core(g.args[0])
    if g.is_Pow and g.args[1].is_Rational and g.args[1] > 0:
        return _core(g.args[0])
    if g.is_Mul:
        return sympy.Mul(*[_core(f) for f in g.args])
    return g


def _polynomial(base, symbols):
    try:
        p = sympy.Poly(sympy.expand(_core(base)), *symbols, domain="QQ")
    except (sympy.PolynomialError, sympy.CoercionFailed, sympy.GeneratorsNeeded, ValueError):
        return None
    if p.is_zero or p.total_degree() > _MAX_DEGREE or len(p.terms()) > _MAX_TERMS:
        return None
    return p


# -- the roots ------------------------------------------------------------------------------

def _roots(claim: Claim):
    """GuardRoots of every polynomial guard inside the domain, rational ones first per
    restriction; several parameters through univariate restrictions."""
    by_name = dict(claim.domain.params)
    for term, base, reason in zero_guards(claim):
        syms = sorted(base.free_symbols, key=lambda s: claim.domain.names.index(s.name))
        p = _polynomial(base, syms)
        if p is None:
            continue
        text = _term_text(term)
        # real parameters solved for first: an integer one needs an integer root
        order = sorted(range(len(syms)), key=lambda i: by_name[syms[i].name].integer)
        for i in order:
            others = [s for j, s in enumerate(syms) if j != i]
            for values in _restrictions([by_name[s.name] for s in others]):
                fixed = dict(zip(others, values))
                f = sympy.Poly(p.as_expr().xreplace(fixed), syms[i], domain="QQ")
                for value, enc in _univariate_roots(f, by_name[syms[i].name]):
                    point = {s.name: v for s, v in fixed.items()}
                    point[syms[i].name] = value
                    encl = {s.name: (v, v) for s, v in fixed.items()}
                    encl[syms[i].name] = enc
                    if value.is_Rational and base.xreplace(
                            {s: point[s.name] for s in syms}) != 0:
                        continue    # not exactly 0 (cannot happen: the factor is exact)
                    yield _complete(claim, GuardRoot(point, encl, text, reason))


def _complete(claim: Claim, root: GuardRoot) -> GuardRoot:
    """The root with the parameters the guard does not use at their midpoints."""
    point, encl = dict(root.point), dict(root.enclosure)
    for name, iv in claim.domain.params:
        if name not in point:
            v = _samples(iv)[0]
            point[name], encl[name] = v, (v, v)
    order = claim.domain.names
    return GuardRoot({n: point[n] for n in order}, {n: encl[n] for n in order},
                     root.term, root.reason)


def _term_text(term) -> str:
    text = sympy.sstr(term)
    return text if len(text) <= 200 else text[:197] + "..."


def _samples(iv) -> list:
    """Rational points of the range: midpoint, ends (where closed), quarters; integers for
    an integer parameter (unbounded ends at the documented truncation)."""
    lo, hi, _ = effective_bounds(iv)
    pts = [(lo + hi) / 2, lo, hi, lo + (hi - lo) / 4, lo + 3 * (hi - lo) / 4]
    if iv.integer:
        pts = [sympy.floor(x) for x in pts]
    out = []
    for x in pts:
        x = sympy.Rational(x)
        if x not in out and iv.contains(x):
            out.append(x)
    return out


def _restrictions(ivs):
    return itertools.islice(itertools.product(*[_samples(iv) for iv in ivs]),
                            _MAX_RESTRICTIONS)


def _univariate_roots(f: sympy.Poly, iv):
    """(value, (lo, hi)) for each real root of f inside the range ``iv``; a polynomial
    that vanishes identically gives the range's midpoint."""
    if f.is_zero:
        mid = _samples(iv)[:1]
        yield from ((m, (m, m)) for m in mid)
        return
    if f.degree() < 1:
        return
    _, factors = f.factor_list()
    factors = sorted((g for g, _ in factors), key=lambda g: g.degree())
    for g in factors:
        if not f.rem(g).is_zero:   # exact: every root of g is a root of f
            continue
        if g.degree() == 1:
            a, b = g.all_coeffs()
            r = sympy.Rational(-b, a)
            if iv.contains(r):
                yield r, (r, r)
        elif not iv.integer and g.degree() >= 2:
            yield from _algebraic_roots(g, iv)


def _algebraic_roots(g: sympy.Poly, iv):
    """Roots of an irreducible g (degree >= 2, so never rational) inside ``iv``: isolating
    intervals refined until they lie strictly inside or outside the range."""
    intervals = sorted(((sympy.Rational(a), sympy.Rational(b)) for (a, b), _ in
                        g.intervals()), key=lambda ab: ab[0])
    for k, (a, b) in enumerate(intervals):
        eps = sympy.Rational(1, 2 ** 64) * max(abs(a), abs(b), 1)
        a, b = (sympy.Rational(v) for v in g.refine_root(a, b, eps=eps))  # a tight ball
        for _ in range(_REFINE_STEPS):
            side = _side(a, b, iv)
            if side is not None:
                break
            a, b = (sympy.Rational(v) for v in g.refine_root(a, b, eps=eps))
            eps /= 2 ** 32
        if _side(a, b, iv) == "inside":
            yield _algebraic(g, k), (a, b)


def _side(a, b, iv):
    """'inside' if [a, b] lies in the open range, 'outside' if it misses the closed range,
    None while it holds an end (an irrational root never equals a rational end)."""
    lo, hi = iv.lo, iv.hi
    if (hi is not None and a > hi) or (lo is not None and b < lo):
        return "outside"
    if (lo is None or a > lo) and (hi is None or b < hi):
        return "inside"
    return None


def _algebraic(g: sympy.Poly, k: int):
    """The k-th real root (ascending, as ``Poly.intervals`` lists them) of the irreducible
    g: a radical for a quadratic, else ``CRootOf`` (which counts real roots the same way)."""
    if g.degree() == 2:
        c2, c1, c0 = g.all_coeffs()
        root = sympy.sqrt(c1 ** 2 - 4 * c2 * c0) / (2 * abs(c2))
        return -c1 / (2 * c2) + (root if k else -root)
    return sympy.CRootOf(g.as_expr(), k)
