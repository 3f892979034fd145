"""Oracle claims decided through the oracles' forms derived from the densities (issue 12, 5).

The arb oracles (divergences of distributions) are evaluated on parameter *balls*: their
enclosures blow up and they have no derivatives, so the interval engine's mean-value,
monotone-face and tight-point forms cannot apply to them.  When every oracle call of a
claim has a symbolic derivation on the claim's domain (``oracles.symbolic.derive_claim``:
sympy from the densities, each case taken only where the domain's assumptions decide the
signs it needs, which include the oracle's own parameter conditions such as sigma > 0 and
alpha > 1), the claim with each call replaced by its derived form is a pure sympy claim that
the interval engine decides with its full machinery.  What is said about the claim as
written:

- CERTIFIED only if the derived claim is certified on the whole domain *and* the claim as
  written, evaluated with the arb oracles at exact probe points (the midpoint and the low
  and high corners of the box, and the derived search's tightest box), holds at every one.
  Definedness is judged on the claim as written: the oracle calls are defined on the whole
  domain because their derivation required their parameter conditions there; every other
  term is a function of the oracle values, which equal the derived values, and the derived
  claim is never certified on a box where such a term may be undefined.  A probe the arb
  oracles cannot decide makes the verdict SUPPORTED, saying so; a probe where the claim as
  written is undefined is reported as such (ERROR); one where it is certified violated
  contradicts the derivation and is reported as an internal soundness failure (ERROR).
- REFUTED only with a witness re-certified on the claim as written (``witness.certify``
  with the arb oracles), never on the derived form alone.
- SUPPORTED (a certified fraction of the derived claim): returned marked ``partial``; the
  engine still decides the claim with the arb oracles and keeps whichever evidence is
  decisive, else the larger certified fraction (wide boxes enclose the derived forms far
  more tightly than the oracles on balls).
- Anything else: None, and the engine falls back to the arb oracles (today's behaviour).

The evidence lists every derived form (``data['derived']``), as the symbolic engine does.
"""

from __future__ import annotations

import dataclasses

import sympy

from ...claims import Claim, Statement
from ...evidence import Evidence, Verdict
from ...expr.functions import OracleFunction
from ...fresh_state import Memo
from ...oracles import symbolic as symbolic_oracles
from .. import witness as W
from ..base import Compiled, Config, effective_bounds, lowers, now
from ..balls.defined import probes
from ..signs import Budget

NAME = "interval"
#: seconds of sympy work to derive and simplify the oracle calls of one claim
DERIVE_BUDGET = 12.0
#: seconds to simplify one derived form (an exact rewrite; skipped when it takes longer)
SIMPLIFY_BUDGET = 3.0
#: share of the engine's time given to the derived claim
SHARE = 0.6
#: derived forms simplified in this claim (the conjuncts and the claim whole derive the same
#: calls): a simplification that finished is the same whoever asks; one cut short is not kept
_SIMPLIFIED = Memo()


def has_oracles(claim: Claim) -> bool:
    st = claim.statement
    return any(symbolic_oracles.has_oracles(e) for e in _sides(st))


def _sides(st: Statement) -> list:
    out = [st.lhs, st.rhs, *st.guards]
    for h in st.hypotheses:
        out += [h.lhs, h.rhs, *h.guards]
    return out


def _calls(st: Statement) -> list:
    """The numeric oracle calls and definite integrals of the statement (and its guards)."""
    found = set()
    for e in _sides(st):
        e = sympy.sympify(e)
        found |= e.atoms(sympy.Integral)
        found |= {f for f in e.atoms(sympy.Function)
                  if getattr(f, "opaque", False) and getattr(f, "numeric_value", True)}
    return sorted(found, key=sympy.default_sort_key)


def _inner(call) -> set:
    """The oracle calls inside the arguments of ``call``."""
    return {f for a in call.args for f in sympy.sympify(a).atoms(sympy.Function)
            if getattr(f, "opaque", False) and getattr(f, "numeric_value", True)}


def _derive_one(call, domain, budget: Budget):
    """(the derived form of one call, its notes) or None."""
    got = budget.run(symbolic_oracles.derive_claim, Statement(call, "<=", sympy.S.Zero),
                     domain, seconds=budget.left)
    if got is None:
        return None
    form, notes = got[0].lhs, got[1]
    if form.atoms(OracleFunction) or form.has(sympy.Integral):
        return None
    simple = _SIMPLIFIED.get(form)
    if simple is None:
        simple = budget.run(sympy.simplify, form, seconds=SIMPLIFY_BUDGET)
        if simple is not None:
            _SIMPLIFIED[form] = simple
    if simple is not None and not simple.has(sympy.Piecewise, sympy.Integral) and \
            sympy.count_ops(simple) <= sympy.count_ops(form):
        form = simple      # an exact rewrite under the domain's assumptions
    return form, notes


def derived_claim(claim: Claim, seconds: float = DERIVE_BUDGET):
    """(the claim with every oracle call replaced by its derived form, {call: form}) or None
    when some call does not derive on the domain."""
    budget = Budget(seconds)
    st, forms, notes = claim.statement, {}, {}
    # innermost first: a call whose arguments hold calls of the parameters (rdp_to_delta(
    # alpha, renyi(P, Q, alpha), eps)) is derived with their derived forms in place; a
    # constant inner call stays a call (its derived closed form, put inside another
    # derivation, grew osgt22.summary.better_eps_delta.repaired's margin to a page of
    # nested erfc and took its 1.7 s certificate past the engine's time limit)
    for call in sorted(_calls(st), key=lambda c: (len(_inner(c)), sympy.default_sort_key(c))):
        inner = {k: v for k, v in forms.items() if k in _inner(call) and k.free_symbols}
        got = _derive_one(call.xreplace(inner), claim.domain, budget)
        if got is None:
            return None
        forms[call] = got[0]
        notes.update(got[1])
    if not forms:
        return None

    def sub(s: Statement) -> Statement:
        return Statement(s.lhs.xreplace(forms), s.rel, s.rhs.xreplace(forms),
                         tuple(sub(h) for h in s.hypotheses),
                         guards=tuple(sympy.sympify(g).xreplace(forms) for g in s.guards))

    pure = sub(st)
    if any(sympy.sympify(e).atoms(OracleFunction) for e in _sides(pure)):
        return None
    pure = _collapsed(pure, budget) or pure
    return dataclasses.replace(claim, statement=pure, steps=()), notes


def _collapsed(st: Statement, budget: Budget) -> Statement | None:
    """``margin >= 0`` (``> 0`` if strict) with the margin in its canonical erfc form when
    that is smaller (a bound by the leading Phi term of a hockey-stick divergence collapses
    to the remaining term); the sides as derived stay as guards, so their definedness is
    still checked on every box.  None if not smaller."""
    if st.rel == "==":
        return None
    margin = st.margin()
    short = budget.run(symbolic_oracles.canonical, margin, seconds=SIMPLIFY_BUDGET)
    if short is None or sympy.count_ops(short) >= sympy.count_ops(margin):
        return None
    return Statement(short, ">" if st.strict else ">=", sympy.S.Zero, st.hypotheses,
                     guards=tuple(st.guards) + (st.lhs, st.rhs))


def decide(claim: Claim, config: Config, decide_pure) -> Evidence | None:
    """The verdict on ``claim`` from its derived claim, decided by ``decide_pure(claim,
    config)`` (the interval engine on a pure claim), or None (fall back to the oracles)."""
    t0 = now()
    got = derived_claim(claim, min(DERIVE_BUDGET, config.engine_timeout / 4))
    if got is None:
        return None
    pure, notes = got
    left = config.engine_timeout * SHARE - (now() - t0)
    if left <= 0.5 or not lowers(pure, "arb"):   # e.g. a Piecewise with symbolic conditions
        return None
    ev = decide_pure(pure, dataclasses.replace(config, engine_timeout=left))
    forms = "; ".join(f"{k} = {v}" for k, v in notes.items())
    said = f"oracles replaced by their forms derived from the densities ({forms})"
    data = dict(ev.data, derived=notes, oracles="derived from the densities")
    compiled = Compiled(claim, "arb")
    if ev.verdict is Verdict.REFUTED:
        return _refuted(compiled, ev, config, said, data)
    if ev.verdict is Verdict.ERROR and "undefined" in ev.data:
        point = {n: sympy.Rational(v) for n, v in ev.data["undefined"]["point"].items()}
        check = W.examine(compiled, point, config.witness_precs)
        if check.status == "undefined":   # undefined as written too: the documented verdict
            return W.undefined_evidence(NAME, point, check.undefined, ev.seconds, data)
        return None
    if ev.verdict is Verdict.CERTIFIED:
        return _certified(compiled, Compiled(pure, "arb"), ev, config, said, data)
    if ev.verdict is Verdict.SUPPORTED:   # partial: the caller compares it with the oracles'
        return dataclasses.replace(ev, detail=f"{ev.detail}, for the {said}",
                                   scope=f"{ev.scope} (derived forms of the oracles)",
                                   data=dict(data, partial=True))
    return None


def _refuted(compiled: Compiled, ev: Evidence, config: Config, said: str, data: dict):
    point = {n: sympy.Rational(v) for n, v in ev.witness.items()}
    found = W.certify(compiled, point, tuple(config.witness_precs) + (2048,))
    if found is None:
        return None
    return dataclasses.replace(
        ev, detail=f"{ev.detail}; found with the {said}, the violation certified on the "
        "claim as written (arb oracles)", witness=found.point, violation=found.violation,
        scope=f"witness at {found.point}", data=data)


def _probe_points(compiled: Compiled) -> list[dict]:
    box, integer = [], []
    for _, iv in compiled.claim.domain.params:
        lo, hi, _ = effective_bounds(iv)
        box.append((lo, hi))
        integer.append(iv.integer)
    return probes(compiled.names, box, integer)


def _consistent(compiled: Compiled, pure: Compiled, point, precs) -> bool | None:
    """Whether the claim as written (arb oracles) and the derived claim have overlapping
    margins at ``point``: True, False (they contradict), None (the claim as written could
    not be enclosed there)."""
    for prec in precs:
        m = W.margin_enclosure(compiled, point, prec)
        if m.is_finite():
            d = W.margin_enclosure(pure, point, prec)
            return bool(m.overlaps(d)) if d.is_finite() else True
    return None


def _certified(compiled: Compiled, pure: Compiled, ev: Evidence, config: Config, said: str,
               data: dict):
    """CERTIFIED if the claim as written, with the arb oracles, is defined, not violated and
    consistent with the derived claim at every probe point."""
    for point in _probe_points(compiled):
        check = W.examine(compiled, point, config.witness_precs)
        if check.status == "outside":
            continue
        where = ", ".join(f"{n} = {v}" for n, v in point.items())
        if check.status == "undefined":
            return W.undefined_evidence(NAME, point, check.undefined, ev.seconds, data)
        agree = None if check.status == "vacuous" else _consistent(
            compiled, pure, point, config.witness_precs)
        if check.status == "violated" or agree is False:
            data = dict(data, soundness={"derived_certified": ev.detail, "point": where,
                                         "check": check.status})
            return Evidence(NAME, Verdict.ERROR, f"internal soundness failure: the derived "
                            f"form is certified on the whole domain, but at {where} the claim "
                            f"as written is {check.status} and its margin "
                            f"{'overlaps' if agree else 'does not overlap'} the derived one; "
                            f"{said}", ev.seconds, scope="contradictory evidence", data=data)
        if agree is None and check.status != "vacuous":
            return Evidence(NAME, Verdict.SUPPORTED, f"{ev.detail} for the {said}, but the "
                            f"claim as written could not be evaluated with the arb oracles at "
                            f"{where}", ev.seconds, scope=f"derived form certified on the "
                            f"{ev.scope}; the claim as written not evaluated at {where}",
                            data=data)
    return dataclasses.replace(ev, detail=f"{ev.detail}; {said}; the claim as written agrees "
                               "with it (arb oracles) at the box's midpoint and corners",
                               data=data)


def larger_share(derived: Evidence, own: Evidence) -> bool:
    """Whether the derived claim's partial evidence says more than the arb oracles' own:
    never over a decisive (or erroneous) verdict, else by the certified fraction."""
    if own.verdict not in (Verdict.SUPPORTED, Verdict.INCONCLUSIVE):
        return False
    return derived.data.get("certified_fraction", 0.0) > own.data.get("certified_fraction", 0.0)

