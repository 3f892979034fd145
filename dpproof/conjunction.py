"""A claim that is a conjunction, decided conjunct by conjunct (issue 13).

``Max(a_1, ..., a_n) <= c`` holds exactly where every ``a_i <= c`` does (likewise ``Min(b_i)
>= c``, ``c <= Min(b_i)``, ``c >= Max(a_i)``, strict or not, under the same hypotheses, and
``Max(|d_1|, ..., |d_n|) == 0`` where every ``d_i == 0``); a claim over an integer parameter
with a few values holds where it holds for each value (unless fixing it turns ``x^(n/3)`` of
a negative x, undefined, into a real root: ``_powers_keep_meaning``). The theorem library
writes a property of several instance pairs this way, and one engine may decide no whole
claim: the symbolic engine proves the Gaussian pair from the densities, balls certify the
OSGT pair; with k given, a k-fold product derives from its masses. When the engines leave
such a claim undecided, each conjunct is put to the symbolic engine (quick budget), then the
interval engine (not for an identity, which balls never certify), then the symbolic engine
again with the conjunct's share of the time if its quick attempt ran out of time. The
conjunction's PROVED/CERTIFIED is handed back as it is: like any route's, it counts only
once the claim as written is cross-examined (``checking.check_claim``; ``evidence.assess``
refuses it otherwise), so a conjunct is not swept on its own. The conjuncts share the time
and a box budget of n x ``max_boxes``: each may use the pool beyond half a budget kept for
each one after it, and one the interval engine left undecided only for want of boxes is
resumed after the others with the boxes they did not use and the time left
(osgt22.rdp_to_dp: the Gaussian and OSGT pairs take ~500 boxes, the Laplace pair, tight near
alpha = 8.5, eps = 0.85, ~5200).

``quick``: when the symbolic engine did not decide the whole claim in its quick budget (it
ran out, or found no proof), each conjunct first gets that quick budget alone, before the
other engines (no interval search on a Max whose parts the symbolic engine proves one by
one, nor on a claim over j in {0, 1} whose instances simplify where the whole does not).

- all conjuncts PROVED: PROVED (CERTIFIED if any is only CERTIFIED);
- a conjunct REFUTED: its witness is certified again on the claim as written (the Max is at
  least that conjunct), and only then refutes the claim;
- otherwise INCONCLUSIVE, saying what was said of each conjunct (the engines' evidence
  stands; the report shows where the conjunction's budget went).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import replace

import sympy

from .claims import Claim, Statement, expressions
from .domain import Domain, integer_ends
from .engines import witness as W
from .engines.base import (Compiled, Config, EngineTimeout, load, now, outer_limit_passed,
                           time_limit, wall)
from .evidence import Evidence, Verdict

NAME = "conjunction"
MAX_CONJUNCTS = 12
#: seconds for all conjuncts of one claim
BUDGET = 60.0
#: (engine, with the quick budget): see ``_one``
_ENGINES = (("symbolic", True), ("interval", False), ("symbolic", False))


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


def parts(claim: Claim) -> list[tuple[str, Claim, dict]]:
    """(label, conjunct claim, integer values fixed in it) for each conjunct: the
    conjuncts of the statement, else one per value of the integer parameters when they
    take at most ``MAX_CONJUNCTS`` values together (a k-fold product summed out per k)."""
    st = claim.statement
    found = conjuncts(st)
    if found:
        return [(f"{i + 1}", replace(claim, id=f"{claim.id}[{i + 1}]", statement=s, steps=()),
                 {}) for i, s in enumerate(found)]
    ints = [(n, iv) for n, iv in claim.domain.params if iv.integer]
    values = [_integer_values(iv) for _, iv in ints]
    if not ints or None in values or math.prod(len(v) for v in values) > MAX_CONJUNCTS:
        return []
    symbols = {s.name: s for s in st.free_symbols}
    rest = Domain(tuple((n, iv) for n, iv in claim.domain.params if not iv.integer))
    out = []
    for combo in itertools.product(*values):
        fixed = {n: sympy.Integer(v) for (n, _), v in zip(ints, combo)}
        mapping = {symbols[n]: v for n, v in fixed.items() if n in symbols}
        if not _powers_keep_meaning(st, mapping):
            return []
        try:   # sympy re-evaluates Max/Min of constants as it substitutes; it may fail
            sub = st.xreplace(mapping)
        except (TypeError, ValueError):
            return []
        label = ", ".join(f"{n} = {v}" for n, v in fixed.items())
        out.append((label, replace(claim, id=f"{claim.id}[{label.replace(' ', '')}]",
                                   statement=sub, domain=rest, steps=(), derived=()), fixed))
    return out


def _powers_keep_meaning(st: Statement, mapping: dict) -> bool:
    """Whether fixing the integers keeps every power's meaning. ``x^y`` with an expression
    ``y`` is undefined for x < 0 unless y is an integer, but a constant exponent p/q with q
    odd is the real root (docs/claims-language.md): ``(-8)^(n/3)`` is undefined at n = 1,
    its instance ``(-8)^(1/3)`` is -2. A power whose exponent becomes a non-integer constant
    must keep a base sympy knows to be nonnegative, else the claim is not split."""
    for side in expressions(st):
        for pw in sympy.preorder_traversal(side):
            if not (isinstance(pw, sympy.Pow) and pw.exp.free_symbols & set(mapping)):
                continue
            exp = pw.exp.xreplace(mapping)
            if exp.is_number and exp.is_integer is not True and \
                    pw.base.xreplace(mapping).is_nonnegative is not True:
                return False
    return True


def _integer_values(iv) -> list[int] | None:
    """The integers of a bounded integer range (None when unbounded or too many)."""
    if not iv.bounded:
        return None
    lo, hi = integer_ends(iv)
    return list(range(lo, hi + 1)) if hi - lo < MAX_CONJUNCTS else None


def decide(claim: Claim, config: Config) -> list[Evidence]:
    """The conjunction's evidence: [PROVED], [CERTIFIED] or [REFUTED]; [INCONCLUSIVE] with
    what was said of each conjunct when some conjunct is undecided; [] when the claim is
    no conjunction."""
    split = parts(claim)
    if not 2 <= len(split) <= MAX_CONJUNCTS:
        return []
    t0, b0 = wall(), now()
    budget = min(config.engine_timeout, BUDGET)
    n, said, retry, tried = len(split), [], [], {}
    # a shared box budget: each conjunct may use what the pool holds beyond half a budget
    # kept for each one after it (and never less than max_boxes)
    pool, keep = n * config.max_boxes, config.max_boxes // 2
    for i, (label, part, fixed) in enumerate(split):
        # what the conjuncts before left, shared by the rest (a quick one leaves its time)
        left = budget - (now() - b0)
        boxes = max(config.max_boxes, pool - keep * (n - 1 - i))
        share = replace(config, engine_timeout=max(left / (n - i), 5.0), max_boxes=boxes)
        spent = {}
        got = _one(part, share, spent)
        pool -= min(spent.get("boxes", 0), boxes)
        if not got and spent.get("stopped_by") == "box budget":
            retry.append((label, part, fixed, boxes))   # resumed below with the boxes left
            tried[label] = spent.get("best")
            continue
        if not got:
            return _undecided(split, said, {label: spent.get("best")}, t0)
        out = _settle(claim, config, label, part, fixed, got, said, t0)
        if out is not None:
            return out
    for i, (label, part, fixed, had) in enumerate(retry):
        # the boxes (and time) the decided conjuncts did not use go to those short of boxes
        left, more = budget - (now() - b0), pool // (len(retry) - i)
        if left < 1.0 or more < config.max_boxes // 10:
            return _undecided(split, said, tried, t0)
        pool -= more
        share = replace(config, engine_timeout=left / (len(retry) - i), max_boxes=had + more)
        spent = {}
        got = _one(part, share, spent, only="interval")   # the symbolic tries were made
        if not got:
            return _undecided(split, said, {label: spent.get("best")}, t0)
        out = _settle(claim, config, label, part, fixed, got, said, t0)
        if out is not None:
            return out
    verdict = (Verdict.PROVED if all(v is Verdict.PROVED for v, _ in said)
               else Verdict.CERTIFIED)
    return [Evidence(NAME, verdict, f"each of the {len(split)} conjuncts holds: "
                     + "; ".join(text[:300] for _, text in said), wall() - t0,
                     scope="whole domain, conjunct by conjunct")]


def _undecided(split, said, tried: dict, t0: float) -> list[Evidence]:
    """[INCONCLUSIVE]: the conjuncts decided and the best any engine said of those that
    were not (``tried``: label -> (engine, verdict, detail), None when none answered)."""
    each = [text for _, text in said] + [
        f"[{label}] undecided" + (f": {best[0]} {best[1].value} ({best[2][:200]})" if best
                                  else "") for label, best in tried.items()]
    return [Evidence(NAME, Verdict.INCONCLUSIVE, f"not every one of the {len(split)} "
                     "conjuncts is decided: " + "; ".join(each), wall() - t0)]


def quick(claim: Claim, config: Config) -> list[Evidence]:
    """Each conjunct with the symbolic engine's quick budget only, stopping at the first that
    is not PROVED (at most n quick budgets lost); when all are, the claim is PROVED conjunct
    by conjunct.  For a conjunction the symbolic engine did not decide whole in its quick
    budget (two derived divergences at once, azize23.alg2.groupwise_zcdp.repaired), before
    the interval engine; [] otherwise."""
    split = parts(claim)
    if not 2 <= len(split) <= MAX_CONJUNCTS:
        return []
    t0, engine, limit = wall(), load("symbolic"), config.symbolic_quick_timeout
    proofs = []
    for label, part, fixed in split:
        ev, _ = _attempt(engine, part, config, limit)
        if ev is None or ev.verdict is not Verdict.PROVED:
            return []
        proofs.append((label, part, fixed, ev))
    said = []
    for label, part, fixed, ev in proofs:
        out = _settle(claim, config, label, part, fixed, [ev], said, t0)
        if out is not None:
            return out
    return [Evidence(NAME, Verdict.PROVED, f"each of the {len(split)} conjuncts holds: "
                     + "; ".join(text[:300] for _, text in said), wall() - t0,
                     scope="whole domain, conjunct by conjunct")]


def _settle(claim, config, label, part, fixed, got, said, t0) -> list[Evidence] | None:
    """A decided conjunct (``got`` = [its evidence]): the claim's evidence when it ends the
    conjunction (a refutation re-certified on the claim as written: [] when it is not),
    else None with the verdict appended to ``said``."""
    ev = got[0]
    if ev.verdict is Verdict.REFUTED:
        point = {n: sympy.Rational(v) for n, v in ev.witness.items()} | fixed
        found = W.certify(Compiled(claim, "arb"), point, tuple(config.witness_precs) + (2048,))
        if found is None:
            return []
        st = part.statement
        return [Evidence(NAME, Verdict.REFUTED, f"conjunct [{label}] "
                         f"({sympy.sstr(st.lhs)} {st.rel} {sympy.sstr(st.rhs)}) is refuted "
                         f"by the {ev.engine} engine; the witness is certified on the "
                         "claim as written", wall() - t0,
                         scope=f"witness at {found.point}", witness=found.point,
                         violation=found.violation)]
    said.append((ev.verdict, f"[{label}] {ev.verdict.value} by {ev.engine} ({ev.detail})"))
    return None


def _one(part: Claim, config: Config, spent: dict | None = None,
         only: str | None = None) -> list[Evidence]:
    """A conjunct's decisive evidence ([ev]), or [] when undecided.  The symbolic engine first gets
    its quick budget, then the interval engine its share; a symbolic attempt cut short by
    its time limit is resumed last with the share (a proof by cases at a kink that balls
    never close: a loss mass switching where both sides vanish).  ``spent`` receives the
    interval engine's boxes visited and what stopped it; ``only`` names the one engine to run."""
    timed_out = False
    for name, quick in _ENGINES:
        if (name == "symbolic" and not quick and not timed_out) or only not in (None, name):
            continue
        if name == "interval" and part.statement.rel == "==":
            continue   # balls never certify an identity; the claim's own interval run comes last
        engine = load(name)
        if not engine.supports(part):
            continue
        limit = config.symbolic_quick_timeout if quick else config.engine_timeout
        ev, ran_out = _attempt(engine, part, config, limit)
        if ev is None:
            timed_out = timed_out or (quick and ran_out)
            continue
        if spent is not None and name == "interval":   # the boxes it used, and why it stopped
            spent.update(boxes=ev.data.get("boxes_visited", config.max_boxes),
                         stopped_by=ev.data.get("stopped_by"))
        if spent is not None and (ev.verdict is Verdict.SUPPORTED or "best" not in spent):
            spent["best"] = (name, ev.verdict, ev.detail)
        if ev.verdict is Verdict.REFUTED and ev.witness:
            return [ev]
        if ev.verdict.holds:
            return [ev]
        timed_out = timed_out or (quick and ev.detail.startswith("sympy did not finish"))
    return []


def _attempt(engine, part: Claim, config: Config, limit: float) -> tuple[Evidence | None, bool]:
    """(evidence, False) of ``engine`` on one conjunct within ``limit`` seconds; (None, True)
    when it ran out of time, (None, False) when it failed (a conjunct the engine cannot
    handle proves nothing)."""
    try:
        with time_limit(limit):
            return engine.check(part, replace(config, engine_timeout=limit)), False
    except EngineTimeout:
        if outer_limit_passed():
            raise
        return None, True
    except Exception:  # noqa: BLE001
        return None, False
