"""Exact proofs with sympy: identities that simplify to 0, inequalities of known sign.

Parameters become symbols carrying the sign/integer assumptions their box implies (a
superset of the box, so a proof there is a proof on the box); a half-line parameter
``x in [a, oo)`` is shifted to ``a + t`` with ``t >= 0``.  The engine says PROVED only when
sympy returns a definite ``True`` (zero difference, known sign, an empty violation set from
``solveset`` over the exact interval).  It refutes only through ``witness.certify`` at an
exact point, e.g. when the difference of an identity simplifies to a non-zero constant.
Everything else is INCONCLUSIVE, with what was tried.  Opaque oracle functions (integrals,
divergences) are out of its reach: ``supports`` is False for them.
"""

from __future__ import annotations

import itertools
import time

import sympy

from ..claims import Claim
from ..evidence import ContradictoryEvidence, Evidence, Verdict
from ..expr.functions import SpecialFunction
from ..oracles import symbolic as symbolic_oracles
from . import tactics
from . import witness as W
from .base import Compiled, Config, EngineTimeout, effective_bounds, time_limit

NAME = "symbolic"
_SYMPY_SECONDS = 15.0


def supports(claim: Claim) -> bool:
    if not claim.checkable or claim.statement is None:
        return False
    exprs = [claim.statement.lhs, claim.statement.rhs]
    exprs += [e for h in claim.statement.hypotheses for e in (h.lhs, h.rhs)]
    opaque = {type(f).__name__ for e in exprs for f in e.atoms(sympy.Function)
              if getattr(f, "opaque", False) and getattr(f, "numeric_value", True)}
    return opaque <= set(symbolic_oracles.RULES)


def check(claim: Claim, config: Config) -> Evidence:
    t0 = time.perf_counter()
    try:
        with time_limit(min(_SYMPY_SECONDS, config.engine_timeout)):
            verdict, detail, tried, derived = _decide(claim)
    except EngineTimeout:
        return Evidence(NAME, Verdict.INCONCLUSIVE, f"sympy did not finish within "
                        f"{min(_SYMPY_SECONDS, config.engine_timeout):g} s",
                        time.perf_counter() - t0)
    seconds = time.perf_counter() - t0
    if derived:
        detail = f"{detail}; " + "; ".join(f"{k} = {v} (derived from the densities)"
                                           for k, v in derived.items())
    if verdict is Verdict.PROVED:
        _sanity_check(claim, config, detail)
        return Evidence(NAME, Verdict.PROVED, detail, seconds, scope="whole domain (exact)",
                        data={"method": detail, "derived": derived})
    if verdict is Verdict.REFUTED:
        found = _witness(claim, config)
        if found is not None:
            return Evidence(NAME, Verdict.REFUTED, detail, seconds, scope=f"witness "
                            f"{found.point}", witness=found.point, violation=found.violation)
    return Evidence(NAME, Verdict.INCONCLUSIVE, f"no proof found (tried {', '.join(tried)})",
                    seconds)


def _decide(claim: Claim):
    symbols = claim.domain.symbols()
    st = claim.statement
    derived: dict[str, str] = {}
    if symbolic_oracles.has_oracles(st.lhs - st.rhs) or any(
            symbolic_oracles.has_oracles(h.lhs - h.rhs) for h in st.hypotheses):
        got = symbolic_oracles.derive_claim(st, claim.domain)
        if got is None:
            return None, "", ["derivation of the oracles from their densities"], {}
        st, derived = got
    subs = {s: symbols[s.name] for s in st.free_symbols}
    lhs, rhs = _prepare(st.lhs.xreplace(subs)), _prepare(st.rhs.xreplace(subs))
    if st.rel == "==":
        return (*_identity(lhs - rhs), derived)
    margin = rhs - lhs if st.rel in ("<=", "<") else lhs - rhs
    verdict, detail, tried = _inequality(claim, margin, symbols, st.strict)
    if verdict is None and not st.hypotheses:
        tried.append("tactics")
        steps = tactics.prove_relation(lhs, st.rel, rhs, claim.domain, symbols)
        if steps:
            verdict, detail = Verdict.PROVED, "tactics: " + "; ".join(steps)
    return verdict, detail, tried, derived


def _prepare(expr):
    """Rewrite the Gaussian special functions into sympy's erfc/erfi forms."""
    return expr.replace(lambda e: isinstance(e, SpecialFunction) and not e.opaque,
                        lambda e: e.rewrite(sympy.erfc) if e.func.__name__ != "dawson"
                        else e.rewrite(sympy.erfi))


def _forms(expr):
    yield "as given", expr
    canonical = symbolic_oracles.canonical(expr)
    if canonical != expr:
        yield "erfc form", sympy.expand(canonical)
    yield "expand", sympy.expand(expr)
    yield "together", sympy.together(sympy.expand(expr))
    yield "expand_log", sympy.expand(sympy.expand_log(expr, force=False))
    yield "simplify", sympy.simplify(expr)


def _identity(diff):
    tried = []
    for name, form in _forms(diff):
        tried.append(name)
        if form == 0:
            return Verdict.PROVED, f"lhs - rhs simplifies to 0 ({name})", tried
        if form.is_number and form.is_zero is False:
            return Verdict.REFUTED, f"lhs - rhs simplifies to the constant {form}", tried
    return None, "", tried


def _inequality(claim, margin, symbols, strict):
    tried = []
    shifted = margin.xreplace(_half_line_shifts(claim, symbols))
    for label, expr in (("direct", margin), ("half-line shift", shifted)):
        for name, form in _forms(expr):
            tried.append(f"{label}/{name}")
            for variant in (form, sympy.factor(form) if form.is_rational_function() else form):
                sign = variant.is_positive if strict else variant.is_nonnegative
                if sign is True:
                    return Verdict.PROVED, f"margin is {'positive' if strict else 'nonnegative'}" \
                        f" under the domain's assumptions ({label}, {name})", tried
    if len(margin.free_symbols) == 1:
        tried.append("solveset")
        proved = _solveset_empty(claim, margin, strict)
        if proved:
            return Verdict.PROVED, "solveset: the violation set is empty on the interval", tried
    return None, "", tried


def _half_line_shifts(claim, symbols):
    out = {}
    for name, iv in claim.domain.params:
        if iv.lo is not None and iv.hi is None and iv.lo != 0 and not iv.integer:
            t = sympy.Symbol(f"{name}_shift", nonnegative=True)
            out[symbols[name]] = iv.lo + t
    return out


def _solveset_empty(claim, margin, strict) -> bool:
    (x,) = margin.free_symbols
    iv = claim.domain[x.name]
    if iv.integer:
        return False
    lo = -sympy.oo if iv.lo is None else iv.lo
    hi = sympy.oo if iv.hi is None else iv.hi
    interval = sympy.Interval(lo, hi, iv.lo_open, iv.hi_open)
    violation = margin <= 0 if strict else margin < 0
    try:
        result = sympy.solveset(violation, x, domain=interval)
    except (NotImplementedError, ValueError, TypeError):
        return False
    return result is sympy.S.EmptySet


def _sanity_check(claim: Claim, config: Config, detail: str) -> None:
    """Guard against a sympy bug: a proof contradicted by a certified point is raised."""
    compiled = Compiled(claim, "arb")
    corners = [[lo, hi, (lo + hi) / 2] for lo, hi, _ in
               (effective_bounds(iv) for _, iv in claim.domain.params)]
    for values in itertools.islice(itertools.product(*corners), 27):
        point = {n: sympy.floor(v) if iv.integer else v
                 for (n, iv), v in zip(claim.domain.params, values)}
        found = W.certify(compiled, point, config.witness_precs[:1])
        if found is not None:
            raise ContradictoryEvidence(f"{claim.id}: sympy 'proved' it ({detail}) but it "
                                        f"fails at {found.point}: margin {found.violation}")


def _witness(claim: Claim, config: Config):
    point = {}
    for name, iv in claim.domain.params:
        lo, hi, _ = effective_bounds(iv)
        mid = (lo + hi) / 2
        point[name] = sympy.floor(mid) if iv.integer else mid
    return W.certify(Compiled(claim, "arb"), point, config.witness_precs)
