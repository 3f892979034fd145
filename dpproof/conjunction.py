"""A claim that is a conjunction, decided conjunct by conjunct (issue 13).

``Max(a_1, ..., a_n) <= c`` holds exactly where every ``a_i <= c`` does (likewise
``Min(b_i) >= c``, ``c <= Min(b_i)``, ``c >= Max(a_i)``, strict or not, under the same
hypotheses, and ``Max(|d_1|, ..., |d_n|) == 0`` where every ``d_i == 0``).  The theorem
library writes a property of several instance pairs this way; one engine may then decide
no conjunct's difficulty on its own -- a proof by cases for randomized response at its
kink eps = 1, ball arithmetic for the Gaussian pair.  When the engines leave such a claim
undecided, each conjunct is put to the symbolic engine (quick budget) and then the
interval engine; every PROVED/CERTIFIED conjunct is cross-examined like any verdict.

- all conjuncts PROVED: PROVED (CERTIFIED if any is only CERTIFIED);
- a conjunct REFUTED: its witness is certified again on the claim as written (the Max is at
  least that conjunct), and only then refutes the claim;
- otherwise nothing is said (the engines' evidence stands).
"""

from __future__ import annotations

import time
from dataclasses import replace

import sympy

from .claims import Claim, Statement
from .crossexam import cross_examine
from .engines import witness as W
from .engines.base import Compiled, Config, EngineTimeout, load, outer_limit_passed, time_limit
from .evidence import Evidence, Verdict

NAME = "conjunction"
MAX_CONJUNCTS = 12
_ENGINES = ("symbolic", "interval")


def conjuncts(st: Statement) -> list[Statement]:
    """The conjuncts of ``st`` (see the module doc); [] if it is not a conjunction."""
    lhs, rhs, rel = st.lhs, st.rhs, st.rel
    if rel == "==":
        side = lhs if rhs == 0 else rhs if lhs == 0 else None
        if isinstance(side, sympy.Max) and all(isinstance(a, sympy.Abs) for a in side.args):
            return [Statement(a.args[0], "==", sympy.S.Zero, st.hypotheses, guards=st.guards)
                    for a in side.args]
        return []
    upper = rel in ("<=", "<")       # lhs below rhs
    if isinstance(lhs, sympy.Max if upper else sympy.Min):
        return [Statement(a, rel, rhs, st.hypotheses, guards=st.guards) for a in lhs.args]
    if isinstance(rhs, sympy.Min if upper else sympy.Max):
        return [Statement(lhs, rel, b, st.hypotheses, guards=st.guards) for b in rhs.args]
    return []


def decide(claim: Claim, config: Config) -> list[Evidence]:
    """The conjunction's evidence (PROVED, CERTIFIED or REFUTED; a conjunct whose verdict
    the cross-examination contradicts: both pieces, so the claim is an ERROR flagged as a
    soundness failure), or [] when some conjunct is undecided."""
    parts = conjuncts(claim.statement)
    if not 2 <= len(parts) <= MAX_CONJUNCTS:
        return []
    t0 = time.perf_counter()
    share = replace(config, engine_timeout=max(config.engine_timeout / len(parts), 5.0))
    said = []
    for i, st in enumerate(parts):
        part = replace(claim, id=f"{claim.id}[{i + 1}]", statement=st, steps=())
        got = _one(part, share)
        if not got:
            return []
        if len(got) > 1:     # the cross-examination contradicts a conjunct's verdict
            return [replace(e, engine=f"{NAME} {i + 1}: {e.engine}") for e in got]
        ev = got[0]
        if ev.verdict is Verdict.REFUTED:
            found = W.certify(Compiled(claim, "arb"), {n: sympy.Rational(v) for n, v in
                                                        ev.witness.items()},
                              tuple(config.witness_precs) + (2048,))
            if found is None:
                return []
            return [Evidence(NAME, Verdict.REFUTED, f"conjunct {i + 1} of {len(parts)} "
                            f"({sympy.sstr(st.lhs)} {st.rel} {sympy.sstr(st.rhs)}) is refuted "
                            f"by the {ev.engine} engine; the witness is certified on the claim "
                            "as written", time.perf_counter() - t0, scope=f"witness at "
                            f"{found.point}", witness=found.point, violation=found.violation)]
        said.append((ev.verdict, f"{i + 1}: {ev.verdict.value} by {ev.engine} ({ev.detail})"))
    verdict = (Verdict.PROVED if all(v is Verdict.PROVED for v, _ in said)
               else Verdict.CERTIFIED)
    return [Evidence(NAME, verdict, f"each of the {len(parts)} conjuncts holds: "
                     + "; ".join(text[:300] for _, text in said), time.perf_counter() - t0,
                     scope="whole domain, conjunct by conjunct")]


def _one(part: Claim, config: Config) -> list[Evidence]:
    """A conjunct's decisive evidence ([ev]; a PROVED/CERTIFIED one cross-examined, with
    the refutation it met if any), or [] when undecided."""
    for name in _ENGINES:
        engine = load(name)
        if not engine.supports(part):
            continue
        limit = config.symbolic_quick_timeout if name == "symbolic" else config.engine_timeout
        try:
            with time_limit(limit):
                ev = engine.check(part, replace(config, engine_timeout=limit))
        except EngineTimeout:
            if outer_limit_passed():
                raise
            continue
        if ev.verdict is Verdict.REFUTED and ev.witness:
            return [ev]
        if ev.verdict.holds:
            return cross_examine(part, config, ev)
    return []
