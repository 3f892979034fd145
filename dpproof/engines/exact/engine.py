"""Exact proofs with sympy, through steps that are sound by construction (docs/design.md, PROVED).

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
A switched margin is first decided piece by piece by exact LP (``engines.exact.piecewise_linear``);
when sign rules fail, the tactics of ``engines.exact.tactics`` are tried.  Oracle calls are first
replaced by their forms derived from the densities (``oracles.symbolic``), recorded in the
evidence.  An identity is tried summand by summand (``engines.exact.sums``), then, with switches,
by sign patterns (``engines.exact.patterns``).  Every PROVED is cross-examined by the runner."""

from __future__ import annotations

from dataclasses import replace

import sympy

from ...claims import Claim, Statement
from ...evidence import Evidence, Verdict
from ...oracles import symbolic as symbolic_oracles
from . import cases, infinite, instances, patterns, piecewise_linear, relations, sums
from ..signs import guarded
from .forms import (certified_constants, erfc_by_range, identity as _identity, interleaved,
                    log_linear_zero, rewrite)
from .definedness import undefined_term
from .case_proofs import by_cases, implication_by_cases, prepare, rewrite_special
from .rational import rational_point as _rational_point, rational_violations  # noqa: F401
from .. import witness as W
from ..base import (Compiled, Config, EngineTimeout, counted, effective_bounds,
                    outer_limit_passed, time_limit, wall)
from ..budget_text import amount
from ...sympy_powers import bounded_expansions

NAME = "symbolic"
_ALONE_BUDGET = 4.0    # an implication's conclusion tried without its hypotheses
_SYMPY_BUDGET = 20.0   # the full attempt (proof by cases included); the quick one is shorter
_PATTERN_BUDGET = 8.0  # the identity by sign patterns, tried first
_INSTANCE_BUDGET = 45.0  # an identity proved instance by instance over its integers
_KINK_BUDGET = 30.0    # the proof piece by piece between the kinks (engines.exact.kinks)
def supports(claim: Claim) -> bool:
    if not claim.checkable or claim.statement is None:
        return False
    st = claim.statement
    exprs = [st.lhs, st.rhs] + [e for h in st.hypotheses for e in (h.lhs, h.rhs)]
    opaque = {type(f).__name__ for e in exprs for f in e.atoms(sympy.Function)
              if getattr(f, "opaque", False) and getattr(f, "numeric_value", True)}
    return opaque <= set(symbolic_oracles.RULES)


@counted
def check(claim: Claim, config: Config) -> Evidence:
    """Between the kinks first where a claim has more switches than the proof by cases
    splits (or only integer instances); a CERTIFIED from there on integer instances is kept
    while the other routes try for PROVED."""
    t0 = wall()
    first = _by_kinks(claim, config, t0, range(cases.MAX_DEPTH + 1, 10 ** 6))
    if first is not None and (first.verdict is Verdict.PROVED or any(
            not iv.integer for _, iv in claim.domain.params)):
        return first
    got = _check(claim, config, t0)
    if first is not None and got.verdict in (Verdict.INCONCLUSIVE, Verdict.SUPPORTED):
        return first
    return got


def _check(claim: Claim, config: Config, t0: float) -> Evidence:
    limit = min(_SYMPY_BUDGET, config.engine_timeout)
    derived: dict[str, str] = {}
    instance_wise = False
    try:
        with time_limit(limit):
            target = claim
            if _has_oracles(claim.statement):
                got = symbolic_oracles.derive_claim(claim.statement, claim.domain)
                if got is None:
                    instance_wise = True
                    raise _Underived
                statement, derived = got
                target = replace(claim, statement=statement, steps=())
            # the derived forms are defined wherever their derivation's conditions hold,
            # which derive_claim checked: definedness is judged on the claim as written
            undefined = undefined_term(claim, oracles_derived=bool(derived))
            if undefined:
                return Evidence(NAME, Verdict.INCONCLUSIVE, f"no proof attempted: {undefined}",
                                wall() - t0, data={"undefined_risk": undefined})
            with bounded_expansions():   # sizes sympy may build: sympy_powers
                verdict, detail, tried, point = _decide(target)
    except _Underived:
        pass
    except EngineTimeout:
        if outer_limit_passed():   # the enclosing limit's, not ours
            raise
        return _by_kinks(claim, config, t0) or Evidence(
            NAME, Verdict.INCONCLUSIVE, f"sympy did not finish within {amount(limit)}",
            wall() - t0)
    except (TypeError, ValueError, NotImplementedError, RecursionError,
            ArithmeticError) as exc:
        # sympy's own limits (e.g. "Phi(1) is not comparable" when simplify rebuilds a Max)
        # and the sizes it may not build (``PowerTooLarge``): no proof, and nothing about
        # the claim's truth
        return Evidence(NAME, Verdict.INCONCLUSIVE, f"sympy could not handle it "
                        f"({type(exc).__name__}: {str(exc)[:120]})", wall() - t0)
    if instance_wise:
        got = _by_instances(claim, config, t0)
        return got if got.verdict is Verdict.PROVED else (_by_kinks(claim, config, t0) or got)
    seconds = wall() - t0
    if derived:
        detail = f"{detail}; " + "; ".join(f"{k} = {v} (derived from the densities)"
                                           for k, v in derived.items())
    if verdict is Verdict.PROVED:
        return Evidence(NAME, Verdict.PROVED, detail, seconds, scope="whole domain (exact)",
                        data={"method": detail, "derived": derived})
    if verdict is Verdict.REFUTED:
        found = point if isinstance(point, W.Witness) else _witness(claim, config, point)
        if found is not None:
            return Evidence(NAME, Verdict.REFUTED, detail, wall() - t0,
                            scope=f"witness {found.point}", witness=found.point,
                            violation=found.violation)
    if verdict is None and claim.statement.rel == "==":
        # the difference did not simplify to 0: look for an exact point where it is certified
        # non-zero (the claim as written, in ball arithmetic -- never the simplified form)
        found = _witness(claim, config)
        if found is not None:
            return Evidence(NAME, Verdict.REFUTED, "lhs - rhs does not simplify to 0, and "
                            "differs at an exact point (certified)", wall() - t0,
                            scope=f"witness {found.point}", witness=found.point,
                            violation=found.violation)
    return _by_kinks(claim, config, t0) or Evidence(
        NAME, Verdict.INCONCLUSIVE, f"no proof found (tried {', '.join(tried)})", seconds)


def _by_kinks(claim: Claim, config: Config, t0: float,
              switches: range = range(1, cases.MAX_DEPTH + 1)) -> Evidence | None:
    """PROVED (CERTIFIED where pieces were bounded in balls) piece by piece between the
    exact kinks (``engines.exact.kinks``), else None; tried
    first on claims with more than ``cases.MAX_DEPTH`` switches, and after the other routes
    on those with fewer."""
    if not supports(claim):
        return None
    limit = min(_KINK_BUDGET, config.engine_timeout)
    try:
        with time_limit(limit + 5.0):
            line = instances.by_kinks(claim, rewrite_special, limit, switches)
    except EngineTimeout:
        if outer_limit_passed():
            raise
        return None
    except (TypeError, ValueError, NotImplementedError, RecursionError, ArithmeticError):
        return None
    if not line:
        return None
    line, exact = line
    if exact:
        return Evidence(NAME, Verdict.PROVED, line, wall() - t0,
                        scope="whole domain (exact)", data={"method": line})
    # pieces bounded in ball arithmetic: certified, not an exact proof
    return Evidence(NAME, Verdict.CERTIFIED, line, wall() - t0,
                    scope="whole domain (exact kinks, pieces certified in balls)",
                    data={"method": line})


class _Underived(Exception):
    """The claim's oracles have no derivation with its integers left symbolic."""


def _by_instances(claim: Claim, config: Config, t0: float) -> Evidence:
    """Oracles that derive only for given integers: the identity instance by instance
    (``engines.exact.instances``), with its own time budget."""
    limit = min(_INSTANCE_BUDGET, config.engine_timeout)
    line = None
    if instances.combinations(claim) is not None and claim.statement.rel == "==":
        try:
            with time_limit(limit):    # the hard limit ends it: a quick attempt that runs
                line = instances.prove(claim, limit + 5.0)   # out gets the full budget
        except EngineTimeout:
            if outer_limit_passed():
                raise
            return Evidence(NAME, Verdict.INCONCLUSIVE, "instance by instance: did not "
                            f"finish within {amount(limit)}", wall() - t0)
        except (TypeError, ValueError, NotImplementedError, RecursionError):
            line = None
    if line:
        return Evidence(NAME, Verdict.PROVED, line, wall() - t0,
                        scope="whole domain (exact, instance by instance)",
                        data={"method": line})
    return Evidence(NAME, Verdict.INCONCLUSIVE, "no proof attempted: its oracles have no "
                    "symbolic derivation on this domain", wall() - t0)


# -- proofs ------------------------------------------------------------------------------

def _decide(claim: Claim):
    symbols = claim.domain.symbols()
    st = claim.statement
    subs = {s: symbols[s.name] for s in st.free_symbols}
    lhs, rhs = prepare(st.lhs.xreplace(subs)), prepare(st.rhs.xreplace(subs))
    if st.rel == "==":
        if line := sums.prove_zero(lhs - rhs):     # sums over a symbolic range, termwise
            return Verdict.PROVED, line, ["summand by summand"], None
        switched = (lhs - rhs).has(sympy.Max, sympy.Min, sympy.Abs)
        if switched:
            # cheap where it applies (each pattern a small identity), so it goes first
            line = patterns.prove_claim(claim, lhs - rhs, _hypotheses(st, subs),
                                        seconds=_PATTERN_BUDGET)
            if line:
                return Verdict.PROVED, line, ["sign patterns"], None
        by_hyps = st.hypotheses and (switched or (lhs - rhs).has(sympy.Piecewise))
        if by_hyps:  # each case: 0 or a hypothesis violated (first leaf: the whole identity)
            verdict, detail = implication_by_cases(claim, lhs - rhs, subs, tried := [])
            if verdict is Verdict.PROVED:
                return verdict, detail, tried, None
        verdict, detail, tried, point = _identity(lhs - rhs)
        if verdict is None and (shifts := _half_line_shifts(claim, symbols)):
            # x in (a, oo) as a + x_shift, x_shift > 0: a bijection of the domain, under
            # which sympy knows the sign of x - a (powers of alpha - 1 split)
            verdict, detail, more, point = _identity((lhs - rhs).xreplace(shifts))
            tried += [f"{name} (half-line shift)" for name in more]
            detail = detail and f"{detail}, after the half-line shift"
        if verdict is None and (odds := _odds(claim, symbols)):
            verdict, detail, more, point = _identity((lhs - rhs).xreplace(odds))
            tried += [f"{name} (odds)" for name in more]
            detail = detail and f"{detail}, with each bounded range written by its odds " \
                "(x = (a + b t)/(1 + t), t >= 0)"
        tried += ["sign patterns"] if switched else []
        if verdict is None and not by_hyps:
            verdict, detail = by_cases(claim, lhs - rhs, cases.is_zero, tried)
        return verdict, detail, tried, point
    margin = rhs - lhs if st.rel in ("<=", "<") else lhs - rhs
    if line := piecewise_linear.prove_margin(margin, st.strict, claim.domain, symbols):
        return Verdict.PROVED, line, ["piecewise linear"], None     # the conclusion alone
    if found := piecewise_linear.refute_margin(claim, margin, st.strict, symbols):
        return (Verdict.REFUTED, "piecewise linear: a piece's minimising vertex, re-certified "
                "on the claim as written", ["piecewise linear"], found.point)
    if st.hypotheses:
        # the conclusion alone rarely holds everywhere: a short look, then the cases
        got = guarded(_inequality, claim, margin, symbols, st.strict, seconds=_ALONE_BUDGET)
        verdict, detail, tried, point = got or (None, "", ["conclusion alone (cut short)"],
                                                None)
    else:   # a conjunction (Max(a_i) <= c) conjunct by conjunct first: smaller margins
        tried, point = [], None
        verdict, detail = _conjunct_by_conjunct(claim, lhs, rhs, symbols, tried)
        if verdict is None:
            verdict, detail, more, point = _inequality(
                claim, margin, symbols, st.strict,
                early=lambda: relations.prove_relation(lhs, st.rel, rhs, claim.domain, symbols))
            tried += more
    if verdict is Verdict.REFUTED and st.hypotheses:
        verdict = None      # the conclusion fails somewhere; the implication may still hold
    if verdict is None and margin.free_symbols and "tactics" not in tried:
        tried.append("tactics")
        steps = relations.prove_relation(lhs, st.rel, rhs, claim.domain, symbols)
        if steps:
            verdict, detail = Verdict.PROVED, "tactics: " + "; ".join(steps)
    # an implication by cases also proves a conclusion that holds in every case by itself
    if verdict is None and margin.free_symbols and not st.hypotheses:
        verdict, detail = by_cases(claim, margin, lambda e: cases.has_sign(e, st.strict), tried)
    if verdict is None and st.hypotheses:
        verdict, detail = implication_by_cases(claim, margin, subs, tried)
    return verdict, detail, tried, point


def _conjunct_by_conjunct(claim, lhs, rhs, symbols, tried):
    """Max(a_i) <= c (or the like, ``conjunction.conjuncts``): PROVED when every a_i <= c is
    (each margin in the rewrites above), else (None, '')."""
    from ...conjunction import conjuncts  # the runner's module, which imports engines
    st = claim.statement
    lines = []
    for part in conjuncts(Statement(lhs, st.rel, rhs)):
        tried.append("conjunct by conjunct")
        margin = part.rhs - part.lhs if st.rel in ("<=", "<") else part.lhs - part.rhs
        verdict, detail, _, _ = _inequality(claim, margin, symbols, st.strict)
        if verdict is not Verdict.PROVED:
            return None, ""
        lines.append(detail)
    return (Verdict.PROVED, "each conjunct of the Max/Min: " + "; ".join(lines)) if lines \
        else (None, "")


_RELATIONS = {"<=": sympy.Le, "<": sympy.Lt, ">=": sympy.Ge, ">": sympy.Gt, "==": sympy.Eq}


def _hypotheses(st, subs):
    """The hypotheses as unevaluated sympy relations in the domain's symbols."""
    return [_RELATIONS[h.rel](h.lhs.xreplace(subs), h.rhs.xreplace(subs), evaluate=False)
            for h in st.hypotheses]


def _has_oracles(st) -> bool:
    return any(symbolic_oracles.has_oracles(e) for e in
               (st.lhs, st.rhs, *(x for h in st.hypotheses for x in (h.lhs, h.rhs))))


def _inequality(claim, margin, symbols, strict, early=None):
    """PROVED/REFUTED by the sign of a rewrite of ``margin``: the quick rewrites, then
    ``early`` (the tactics, a bounded number of goals: before the slow rewrites, which can
    spend the whole budget), then the slow ones; else (None, '', tried, None)."""
    tried = []
    if margin in (sympy.S.Infinity, sympy.S.NegativeInfinity):
        return infinite.decide(claim, margin) or (None, "", ["infinite margin"], None)
    if not margin.free_symbols and not margin.is_Rational:
        # a constant's sign is a computation, not a symbolic argument: ball arithmetic
        # (the interval engine) certifies it
        return None, "", ["constant margin: left to ball arithmetic"], None
    shifted = margin.xreplace(_half_line_shifts(claim, symbols))
    # each quick rewrite of the margin, then of its half-line shift; then a margin that is
    # identically 0 by its logs; then the slow simplify
    for slow in (False, True):
        if slow and early is not None and margin.free_symbols:
            tried.append("tactics")
            steps = early()
            if steps:
                return Verdict.PROVED, "tactics: " + "; ".join(steps), tried, None
        if slow and not strict and margin.has(sympy.log) and rewrite(log_linear_zero, margin):
            tried.append("logs exponentiated")
            return Verdict.PROVED, "the margin is identically 0 (an equality on the whole " \
                "domain): prod P_i^k_i exp(R) - 1 of its logs expands to 0", tried, None
        for label, name, form in interleaved(margin, shifted, slow):
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
            # an open end gives a positive shift (alpha > 1: 1/(alpha - 1) has a sign)
            t = sympy.Symbol(f"{name}_shift", positive=True) if iv.lo_open else \
                sympy.Symbol(f"{name}_shift", nonnegative=True)
            out[symbols[name]] = iv.lo + t
    return out


def _odds(claim, symbols):
    """x in [a, b) (or (a, b)) as (a + b t)/(1 + t) with t = (x - a)/(b - x) >= 0 (t > 0):
    a bijection onto the range, under which sympy knows the signs of both x - a =
    (b - a) t/(1 + t) and b - x = (b - a)/(1 + t) (a probability p in (0, 1): the logs of p
    and 1 - p split).  The derivations' odds map (``symbolic_oracles.substitutions``,
    'both'), here for an identity only and only with the upper end open; {} when no
    parameter has such a range."""
    fwd, _ = symbolic_oracles.substitutions(claim.domain, "both")
    return {symbols[n]: fwd[symbols[n]] for n, iv in claim.domain.params
            if iv.lo is not None and iv.hi is not None and iv.hi_open and not iv.integer}


def _witness(claim: Claim, config: Config, at=None):
    compiled = Compiled(claim, "arb")
    point = {}
    for name, iv in claim.domain.params:
        lo, hi, _ = effective_bounds(iv)
        mid = (lo + hi) / 2
        point[name] = sympy.floor(mid) if iv.integer else mid
    if isinstance(at, dict):    # a full point (decimal strings or rationals)
        found = W.certify(compiled, {n: sympy.Rational(v) for n, v in at.items()},
                          config.witness_precs)
        if found is not None:
            return found
    elif at is not None and len(point) == 1:
        found = W.certify(compiled, {claim.domain.names[0]: at}, config.witness_precs)
        if found is not None:
            return found
    return W.certify(compiled, point, config.witness_precs)
