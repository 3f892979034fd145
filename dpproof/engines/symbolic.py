"""Exact proofs with sympy, through steps that are sound by construction (DESIGN.md, PROVED).

Parameters become symbols carrying the sign/integer assumptions their box implies (a
superset of the box, so a proof there is a proof on the box); a half-line parameter
``x in [a, oo)`` is shifted to ``a + t`` with ``t >= 0``.  PROVED comes only from:

1. an identity whose difference simplifies *exactly* to 0;
2. an inequality whose margin has a definite sign by sympy's assumption rules;
3. a rational inequality in one parameter with exact rational coefficients, decided by
   ``solve_rational_inequalities`` (real-root isolation of numerator and denominator over
   QQ: a complete procedure).  Transcendental ``solveset`` answers (empty sets,
   ``ConditionSet``, partial answers) are not decision procedures and are never used.

Definedness comes first (``undefined_term``): simplification may cancel a factor that
vanishes on the domain (``(x^2 - 1)/(x - 1)`` is not ``x + 1`` at 1), and sympy's
``x**(1/3)`` is the principal (complex) root for x < 0.  So the engine refuses to prove --
INCONCLUSIVE, naming the term -- when a statement divides by something not certified
non-zero on the domain, raises a base not certified non-negative (positive for negative or
symbolic exponents) to a non-integer power, takes ``log`` of something not certified
positive, calls ``binomial`` on arguments not certified non-negative integers, or uses a
function outside the list of total ones.  Certified means: by sympy's assumptions, by
Sturm root counting for a polynomial in one parameter, or by a small arb branch and bound
over the (bounded) box.  It refutes only through ``witness.certify`` at an exact point.
When sign rules fail, the sound tactics of ``engines.tactics`` are tried (factor signs,
Abs/Max/Min by the domain, monotone transforms, linear/concave parameters at the ends,
homogeneity).  Oracle calls (divergences, OSGT moments) are first replaced by their forms
derived from the densities (``oracles.symbolic``); the evidence records each derived form.
Every PROVED is cross-examined by the runner (an independent certified sweep) before it is
written.
"""

from __future__ import annotations

import time
from dataclasses import replace

import sympy
from flint import arb

from ..claims import Claim
from ..evidence import Evidence, Verdict
from ..expr.functions import SpecialFunction
from ..lowering import LoweringError, arb_box, at_precision, lower
from ..oracles import symbolic as symbolic_oracles
from . import cases, tactics
from .exact_forms import (certified_constants, erfc_by_range, forms as _forms,
                          identity as _identity, log_linear_zero, rewrite)
from .rational import rational_point as _rational_point, rational_violations  # noqa: F401
from . import witness as W
from .base import (Compiled, Config, EngineTimeout, effective_bounds, outer_limit_passed,
                   time_limit)

NAME = "symbolic"
_SYMPY_SECONDS = 20.0   # the full attempt (proof by cases included); the quick one is shorter
_SIGN_BOXES = 1024      # arb boxes tried to certify the sign of a base on the domain (64 failed on a
                        # log argument that 512 certify in 18 ms: osgt22.rdp.exact)
#: functions defined (finite, real) for every real argument
_TOTAL = (sympy.exp, sympy.erf, sympy.erfc, sympy.erfi, sympy.Abs, sympy.Max, sympy.Min,
          sympy.sin, sympy.cos, sympy.atan, sympy.sinh, sympy.cosh, sympy.tanh, sympy.sign,
          sympy.floor, sympy.ceiling)


def supports(claim: Claim) -> bool:
    if not claim.checkable or claim.statement is None:
        return False
    st = claim.statement
    exprs = [st.lhs, st.rhs] + [e for h in st.hypotheses for e in (h.lhs, h.rhs)]
    opaque = {type(f).__name__ for e in exprs for f in e.atoms(sympy.Function)
              if getattr(f, "opaque", False) and getattr(f, "numeric_value", True)}
    return opaque <= set(symbolic_oracles.RULES)


def check(claim: Claim, config: Config) -> Evidence:
    t0 = time.perf_counter()
    limit = min(_SYMPY_SECONDS, config.engine_timeout)
    derived: dict[str, str] = {}
    try:
        with time_limit(limit):
            target = claim
            if _has_oracles(claim.statement):
                got = symbolic_oracles.derive_claim(claim.statement, claim.domain)
                if got is None:
                    return Evidence(NAME, Verdict.INCONCLUSIVE, "no proof attempted: its "
                                    "oracles have no symbolic derivation on this domain",
                                    time.perf_counter() - t0)
                statement, derived = got
                target = replace(claim, statement=statement, steps=())
            # the derived forms are defined wherever their derivation's conditions hold,
            # which derive_claim checked: definedness is judged on the claim as written
            undefined = undefined_term(claim, oracles_derived=bool(derived))
            if undefined:
                return Evidence(NAME, Verdict.INCONCLUSIVE, f"no proof attempted: {undefined}",
                                time.perf_counter() - t0, data={"undefined_risk": undefined})
            verdict, detail, tried, point = _decide(target)
    except EngineTimeout:
        if outer_limit_passed():   # the enclosing limit's, not ours
            raise
        return Evidence(NAME, Verdict.INCONCLUSIVE, f"sympy did not finish within {limit:g} s",
                        time.perf_counter() - t0)
    except (TypeError, ValueError, NotImplementedError, RecursionError) as exc:
        # sympy's own limits (e.g. "Phi(1) is not comparable" when simplify rebuilds a Max):
        # no proof, and nothing about the claim's truth
        return Evidence(NAME, Verdict.INCONCLUSIVE, f"sympy could not handle it "
                        f"({type(exc).__name__}: {str(exc)[:120]})", time.perf_counter() - t0)
    seconds = time.perf_counter() - t0
    if derived:
        detail = f"{detail}; " + "; ".join(f"{k} = {v} (derived from the densities)"
                                           for k, v in derived.items())
    if verdict is Verdict.PROVED:
        return Evidence(NAME, Verdict.PROVED, detail, seconds, scope="whole domain (exact)",
                        data={"method": detail, "derived": derived})
    if verdict is Verdict.REFUTED:
        found = _witness(claim, config, point)
        if found is not None:
            return Evidence(NAME, Verdict.REFUTED, detail, time.perf_counter() - t0,
                            scope=f"witness {found.point}", witness=found.point,
                            violation=found.violation)
    if verdict is None and claim.statement.rel == "==":
        # the difference did not simplify to 0: look for an exact point where it is certified
        # non-zero (the claim as written, in ball arithmetic -- never the simplified form)
        found = _witness(claim, config)
        if found is not None:
            return Evidence(NAME, Verdict.REFUTED, "lhs - rhs does not simplify to 0, and "
                            "differs at an exact point (certified)", time.perf_counter() - t0,
                            scope=f"witness {found.point}", witness=found.point,
                            violation=found.violation)
    return Evidence(NAME, Verdict.INCONCLUSIVE, f"no proof found (tried {', '.join(tried)})",
                    seconds)


# -- definedness -------------------------------------------------------------------------

def undefined_term(claim: Claim, oracles_derived: bool = False) -> str:
    """Why the statement may be undefined somewhere on the domain ('' if certified defined)."""
    symbols = claim.domain.symbols()
    st = claim.statement
    exprs = [st.lhs, st.rhs] + [e for h in st.hypotheses for e in (h.lhs, h.rhs)]
    exprs += [g for s in (st, *st.hypotheses) for g in s.guards]   # terms sympy simplified away
    subs = {s: symbols[s.name] for e in exprs for s in e.free_symbols if s.name in symbols}
    for expr in exprs:
        if expr.has(sympy.nan, sympy.zoo):
            return f"{expr} is not a finite number"
        for term in sympy.preorder_traversal(expr.xreplace(subs)):
            if oracles_derived and getattr(term, "opaque", False):
                continue   # an oracle whose parameters derive_claim validated
            problem = _term_problem(claim, term, oracles_derived)
            if problem:
                return problem
    return ""


def _derived(claim: Claim, expr):
    """``expr`` with its oracle calls replaced by their forms derived on the claim's domain
    (equal to the oracle values wherever the derivation's conditions hold, which
    ``derive_claim`` checks on the whole domain), or ``expr`` unchanged if not derivable."""
    if not symbolic_oracles.has_oracles(expr):
        return expr
    from ..claims import Statement
    got = symbolic_oracles.derive_claim(Statement(expr, ">=", sympy.S.Zero), claim.domain)
    if got is None:
        return expr
    try:
        return sympy.simplify(got[0].lhs)   # an exact rewrite, so that its sign shows
    except (TypeError, ValueError, RecursionError):
        return got[0].lhs


def _term_problem(claim: Claim, term, oracles_derived: bool = False) -> str:
    if isinstance(term, (sympy.Pow, sympy.log)) and oracles_derived:
        # a root or log of an oracle value: judged on the value's derived form
        derived = _derived(claim, term.args[0])
        if derived is not term.args[0]:
            term = term.func(derived, *term.args[1:])
    if isinstance(term, sympy.Pow):
        base, ex = term.args
        if ex.is_integer and ex.is_positive:
            return ""
        if oracles_derived and getattr(base, "opaque", False):
            try:    # an oracle as the base: judge its form derived from the densities,
                base = symbolic_oracles.derive_call(base)   # erfc of a real argument > 0
                by_range = erfc_by_range(base.rewrite(sympy.erfc))
                if by_range.is_positive:
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
    for side in ("lo", "hi", "both"):   # the box's ends as sign assumptions (x = lo + t, ...)
        fwd, _ = symbolic_oracles.substitutions(claim.domain, side)
        shifted = expr.xreplace(fwd)
        if {"positive": shifted.is_positive, "nonnegative": shifted.is_nonnegative,
                "nonzero": shifted.is_zero is False}[need]:
            return True
    if len(expr.free_symbols) == 1:
        decided = _univariate_sign(claim, expr, need)
        if decided is not None:
            return decided
    return _arb_sign(claim, expr, need)


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


# -- proofs ------------------------------------------------------------------------------

def _decide(claim: Claim):
    symbols = claim.domain.symbols()
    st = claim.statement
    subs = {s: symbols[s.name] for s in st.free_symbols}
    lhs, rhs = _prepare(st.lhs.xreplace(subs)), _prepare(st.rhs.xreplace(subs))
    if st.rel == "==":
        verdict, detail, tried, point = _identity(lhs - rhs)
        if verdict is None:
            verdict, detail = _by_cases(claim, lhs - rhs, cases.is_zero, tried)
        return verdict, detail, tried, point
    margin = rhs - lhs if st.rel in ("<=", "<") else lhs - rhs
    verdict, detail, tried, point = _inequality(claim, margin, symbols, st.strict)
    if verdict is Verdict.REFUTED and st.hypotheses:
        verdict = None      # the conclusion fails somewhere; the implication may still hold
    if verdict is None and margin.free_symbols:
        tried.append("tactics")
        steps = tactics.prove_relation(lhs, st.rel, rhs, claim.domain, symbols)
        if steps:
            verdict, detail = Verdict.PROVED, "tactics: " + "; ".join(steps)
    if verdict is None and margin.free_symbols:
        verdict, detail = _by_cases(claim, margin, lambda e: cases.has_sign(e, st.strict), tried)
    if verdict is None and st.hypotheses:
        verdict, detail = _implication_by_cases(claim, margin, subs, tried)
    return verdict, detail, tried, point


def _implication_by_cases(claim, margin, subs, tried):
    """H => C by cases: in every case either C's margin has its sign or some hypothesis is
    certainly violated (its margin certainly of the wrong sign)."""
    st = claim.statement
    hyps = [(_prepare(h.rhs.xreplace(subs)) - _prepare(h.lhs.xreplace(subs))
             if h.rel in ("<=", "<") else _prepare(h.lhs.xreplace(subs)) - _prepare(
                 h.rhs.xreplace(subs)), h.strict) for h in st.hypotheses if h.rel != "=="]
    if len(hyps) != len(st.hypotheses):
        return None, ""

    def leaf(exprs):
        conclusion, *hs = exprs.args[:-1]
        if cases.has_sign(conclusion, st.strict):
            return True
        # a hypothesis "m >= 0" is violated where m < 0 (m <= 0 for a strict one)
        return any(cases.has_sign(-m, not strict) for m, (_, strict) in zip(hs, hyps))
    # the last entry, |conclusion's margin|, only makes the cases split at the margin's root
    # too (where it holds on one side and a hypothesis fails on the other); leaf ignores it
    return _by_cases(claim, sympy.Tuple(margin, *(m for m, _ in hyps), sympy.Abs(margin)),
                     leaf, tried, first=True, line_first=True)


def _by_cases(claim, expr, leaf, tried, first=False, line_first=False):
    """(PROVED, derivation) if ``leaf`` holds in every case of the switches of ``expr``
    (``engines.cases``), else (None, ""); ``first``: try the whole statement too."""
    if not first and not expr.has(sympy.Max, sympy.Min, sympy.Abs, sympy.Piecewise):
        return None, ""
    tried.append("cases")
    symbols = claim.domain.symbols()
    ends = {symbols[name]: (iv.lo, iv.hi) for name, iv in claim.domain.params}
    lines = cases.prove(expr, leaf, ends, tried=not first, line_first=line_first)
    if lines is None:
        return None, ""
    return Verdict.PROVED, "by cases: " + "; ".join(line.strip() for line in lines)


def _has_oracles(st) -> bool:
    return any(symbolic_oracles.has_oracles(e) for e in
               (st.lhs, st.rhs, *(x for h in st.hypotheses for x in (h.lhs, h.rhs))))


def _prepare(expr):
    """Rewrite the Gaussian special functions into sympy's erfc/erfi forms."""
    return expr.replace(lambda e: isinstance(e, SpecialFunction) and not e.opaque,
                        lambda e: e.rewrite(sympy.erfc) if e.func.__name__ != "dawson"
                        else e.rewrite(sympy.erfi))


def _inequality(claim, margin, symbols, strict):
    tried = []
    if not margin.free_symbols and not margin.is_Rational:
        # a constant's sign is a computation, not a symbolic argument: ball arithmetic
        # (the interval engine) certifies it
        return None, "", ["constant margin: left to ball arithmetic"], None
    if not strict and margin.has(sympy.log) and rewrite(log_linear_zero, margin):
        tried.append("logs exponentiated")
        return Verdict.PROVED, "the margin is identically 0 (an equality on the whole " \
            "domain): prod P_i^k_i exp(R) - 1 of its logs expands to 0", tried, None
    shifted = margin.xreplace(_half_line_shifts(claim, symbols))
    for label, expr in (("direct", margin), ("half-line shift", shifted)):
        for name, form in _forms(expr):
            tried.append(f"{label}/{name}")
            for variant in (form, sympy.factor(form) if form.is_rational_function() else form,
                            erfc_by_range(form)):
                variant = certified_constants(variant)
                sign = None if variant is None else (
                    variant.is_positive if strict else variant.is_nonnegative)
                if sign is True:
                    return Verdict.PROVED, f"margin is {'positive' if strict else 'nonnegative'}" \
                        f" under the domain's assumptions ({label}, {name})", tried, None
    if len(margin.free_symbols) == 1:
        tried.append("rational inequality over QQ")
        decided = rational_violations(claim, margin, strict)
        if decided is not None and decided is sympy.S.EmptySet:
            return Verdict.PROVED, "rational inequality over QQ: real-root isolation shows " \
                "the violation set is empty on the interval", tried, None
        if decided is not None:
            return Verdict.REFUTED, f"rational inequality over QQ: violated on {decided}", \
                tried, _rational_point(decided)
    return None, "", tried, None


def _half_line_shifts(claim, symbols):
    out = {}
    for name, iv in claim.domain.params:
        if iv.lo is not None and iv.hi is None and iv.lo != 0 and not iv.integer:
            t = sympy.Symbol(f"{name}_shift", nonnegative=True)
            out[symbols[name]] = iv.lo + t
    return out


def _witness(claim: Claim, config: Config, at=None):
    compiled = Compiled(claim, "arb")
    point = {}
    for name, iv in claim.domain.params:
        lo, hi, _ = effective_bounds(iv)
        mid = (lo + hi) / 2
        point[name] = sympy.floor(mid) if iv.integer else mid
    if at is not None and len(point) == 1:
        found = W.certify(compiled, {claim.domain.names[0]: at}, config.witness_precs)
        if found is not None:
            return found
    return W.certify(compiled, point, config.witness_precs)
