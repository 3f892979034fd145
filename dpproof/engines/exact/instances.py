"""An identity over integer parameters with few values, proved instance by instance.

Oracles such as the hockey-stick of a product of k mechanisms derive in sympy only once k
is a given integer (``oracles.symbolic``), so the symbolic engine cannot take the claim as
a whole.  When the integer parameters take at most ``MAX_INSTANCES`` combinations, each
combination is substituted (exactly), an instance whose hypotheses are false there is
vacuous (a hypothesis the integers do not decide is dropped: proving the conclusion
without it is stronger), and each remaining instance is derived, checked for definedness
like a whole claim (``exact_definedness.undefined_term``) and proved by sign patterns
(``engines.exact.patterns``) or exact simplification over the continuous box.  PROVED needs every
instance proved; one that fails ends the attempt and says nothing about the claim.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import sympy

from ...claims import Claim, Statement
from ...domain import Domain, integer_ends
from ...expr import MaxOver
from ...expr.finite import written_out
from ...expr.rebuild import SWITCHES, replace_unevaluated
from ...oracles import symbolic as symbolic_oracles
from . import cases, point as exact_point, kinks, patterns
from ..signs import Budget
from .definedness import undefined_term
from ..base import now

MAX_INSTANCES = 64
_RELATIONS = {"<=": sympy.Le, "<": sympy.Lt, ">=": sympy.Ge, ">": sympy.Gt, "==": sympy.Eq}


def combinations(claim: Claim, limit: int = MAX_INSTANCES):
    """[{name: value}] over the integer parameters, or None if unbounded / too many."""
    ints = [(n, iv) for n, iv in claim.domain.params if iv.integer]
    if not ints or any(not iv.bounded for _, iv in ints):
        return None
    ranges = [range(integer_ends(iv)[0], integer_ends(iv)[1] + 1) for _, iv in ints]
    count = 1
    for r in ranges:
        count *= len(r)
    if count > limit:
        return None
    return [dict(zip((n for n, _ in ints), combo)) for combo in itertools.product(*ranges)]


def _truth(h: Statement, sub):
    rel = _RELATIONS[h.rel](h.lhs.xreplace(sub), h.rhs.xreplace(sub))
    return True if rel is sympy.true else False if rel is sympy.false else None


def prove(claim: Claim, seconds: float) -> str | None:
    """A proof line for the identity ``claim`` over all its integer instances, or None."""
    st = claim.statement
    if st.rel != "==":
        return None
    combos = combinations(claim)
    if combos is None:
        return None
    t_end = now() + seconds
    rest = Domain(tuple((n, iv) for n, iv in claim.domain.params if not iv.integer))
    if any(iv.lo is None or iv.hi is None for _, iv in rest.params):
        return None
    names = {s.name: s for s in st.free_symbols}
    for h in st.hypotheses:
        names.update({s.name: s for s in h.lhs.free_symbols | h.rhs.free_symbols})
    proved, vacuous = 0, 0
    # the largest integers first: an oracle that derives only for small ones fails at once
    for values in combos[-1:] + combos[:-1]:
        sub = {names[n]: sympy.Integer(v) for n, v in values.items() if n in names}
        truths = [_truth(h, sub) for h in st.hypotheses]
        if False in truths:
            vacuous += 1
            continue
        try:
            inst = Statement(_at(st.lhs, sub), "==", _at(st.rhs, sub),
                             guards=tuple(g.xreplace(sub) for g in st.guards))
        except (TypeError, ValueError):
            return None
        part = replace(claim, statement=inst, domain=rest, steps=(), derived=())
        line = _one(part, t_end - now())
        if line is None:
            return None
        proved += 1
    if not proved:
        return None
    return (f"instance by instance over the integer parameters: {proved} instances proved"
            + (f", {vacuous} vacuous (a hypothesis false)" if vacuous else "")
            + "; each by sign patterns or exact simplification after its oracles were "
              "derived from the definition")


def _at(expr, sub):
    """``expr`` at the integers ``sub``; a ``Max`` / ``Min`` over numeric oracle calls is
    kept unevaluated (sympy would compare them by evalf, then raise: not comparable)."""
    if expr.has(MaxOver):   # a Max over a MaxOver: evalf comparisons, minutes
        return replace_unevaluated(expr, sub, (sympy.Max, sympy.Min))
    calls = {f: sympy.Dummy() for f in expr.atoms(sympy.Function) if getattr(f, "opaque", False)}
    if not any(isinstance(n, (sympy.Max, sympy.Min)) and any(n.has(f) for f in calls)
               for n in sympy.preorder_traversal(expr)):
        return expr.xreplace(sub)
    back = {d: f.xreplace(sub) for f, d in calls.items()}
    at = expr.xreplace(calls).xreplace(sub)
    with sympy.evaluate(False):     # only the calls' ancestors are rebuilt
        return at.xreplace(back)


def _one(part: Claim, seconds: float) -> str | None:
    if seconds <= 0:
        return None
    symbols = part.domain.symbols()
    st = part.statement
    sides = []
    for e in (st.lhs, st.rhs):    # derived under the box's sign assumptions
        e = e.xreplace({s: symbols[s.name] for s in e.free_symbols if s.name in symbols})
        got = symbolic_oracles.derive(e) if symbolic_oracles.has_oracles(e) else (e, {})
        if got is None:
            return None
        sides.append(got)
    derived = bool(sides[0][1] or sides[1][1])
    if undefined_term(part, oracles_derived=derived):
        return None
    diff = sides[0][0] - sides[1][0]
    if not part.domain.params:
        return constant_zero(diff, seconds)
    box = [(symbols[n], iv.lo, iv.hi) for n, iv in part.domain.params]
    return patterns.prove(diff, box, seconds)


def constant_zero(diff, seconds: float) -> str | None:
    """A proof line if the constant ``diff`` (no parameter left) is 0 exactly, else None: its
    finite sums written out, every Max / Min / Abs resolved by certified signs (a tie by an
    exact rewrite to 0, ``exact_point.sign``), and the resolved constant rewritten to 0
    exactly (``exact_point.sign`` returns 0 only then); else ``patterns.prove``."""
    budget = Budget(seconds)
    try:
        flat = written_out(diff)
        value = exact_point.resolve(flat, {}, budget)
    except (ValueError, TypeError, exact_point._Undecided):
        return patterns.prove(diff, [], max(budget.left, 0.0))
    if exact_point.sign(value, budget) == 0:
        return "lhs - rhs is 0 exactly (switches resolved by certified signs, exact rewrite)"
    return None


def _margins(st) -> list:
    """[(big, small)]: the claim is big >= small for each pair; a Min on the larger side
    (a Max on the smaller) is split into its arguments before the oracles are derived."""
    big, small = (st.rhs, st.lhs) if st.rel in ("<=", "<") else (st.lhs, st.rhs)
    if st.rel == "==":
        return [(big, small)]
    bigs = big.args if isinstance(big, sympy.Min) else (big,)
    smalls = small.args if isinstance(small, sympy.Max) else (small,)
    return [(b, s) for b in bigs for s in smalls]


def _segments(pairs, rest: Domain, lo, hi, prepare) -> list | None:
    """[(a, b, margins big - small)] covering [lo, hi]: the oracles derived once for the
    whole box; else (a closed box whose two ends' facts both matter: delta in [0, 1]) on
    [lo, mid] from the derivation valid on [lo, hi) and on [mid, hi] from the one valid on
    (lo, hi] (``symbolic_oracles.substitutions``' 'closed-lo' / 'closed-hi')."""
    def derived(e, side):
        if not symbolic_oracles.has_oracles(e):
            return e
        if side is None:
            got = symbolic_oracles.derive(e, lazy=True)
            return None if got is None else got[0]
        return symbolic_oracles.derive_on(e, rest, side)

    plans = [[(lo, hi, None)]]
    if len(rest.params) == 1 and lo < hi < sympy.oo:
        mid = (lo + hi) / 2
        plans.append([(lo, mid, "closed-lo"), (mid, hi, "closed-hi")])
    for plan in plans:
        out = []
        for a, b, side in plan:
            forms = [[derived(e, side) for e in pair] for pair in pairs]
            if any(f is None for pair in forms for f in pair):
                kinks.debug(f"no derivation of {pairs} ({side or 'as given'})")
                break
            out.append((a, b, [prepare(big) - prepare(small) for big, small in forms]))
        else:
            return out
    return None


def _upper(iv):
    """The upper end of a continuous range, oo for a half-line [lo, oo)."""
    return sympy.oo if iv.hi is None else iv.hi


def by_kinks(claim: Claim, prepare, seconds: float, switches: range
             ) -> tuple[str, bool] | None:
    """A proof line for a claim without hypotheses in one continuous parameter, bounded or a
    half-line [lo, oo) whose last piece is 0 exactly (and
    integer ones with few values, instance by instance), its oracles derived from the
    definitions (``oracles.symbolic``), each instance checked for definedness, and whether
    every piece was 0 exactly (else some were bounded in balls); or None (also where the
    number of switches of an instance's margin is not in ``switches``)."""
    st = claim.statement
    cont = [(n, iv) for n, iv in claim.domain.params if not iv.integer]
    switches_as_written = st.lhs.has(*SWITCHES) or st.rhs.has(*SWITCHES)
    if not (switches_as_written or symbolic_oracles.has_oracles(st.lhs)
            or symbolic_oracles.has_oracles(st.rhs)):
        return None
    if st.hypotheses or len(cont) > 1 or (cont and cont[0][1].lo is None):
        return None
    combos = [{}] if len(cont) == len(claim.domain.params) else combinations(claim, 2 * MAX_INSTANCES)
    if combos is None:
        return None
    t_end = now() + seconds
    rest = Domain(tuple(cont))
    symbols = rest.symbols()
    # no continuous parameter: each instance is a constant, on a dummy [0, 1]
    x, lo, hi = (symbols[cont[0][0]], cont[0][1].lo, _upper(cont[0][1])) if cont else (
        sympy.Dummy("x", real=True), 0, 1)
    rel = {"<=": ">=", "<": ">"}.get(st.rel, st.rel)       # of each margin big - small
    pieces, exact, switched = 0, True, False
    pending = []      # instances' segments, proved once some instance has a switch
    for values in combos:
        sub = {s: sympy.Integer(values[s.name]) for s in st.free_symbols if s.name in values}
        part = replace(claim, statement=Statement(cases.substitute(st.lhs, sub), st.rel,
                                                  cases.substitute(st.rhs, sub),
                                                  guards=tuple(g.xreplace(sub) for g in st.guards)),
                       domain=rest, steps=(), derived=())
        undefined = undefined_term(part, oracles_derived=True)
        if undefined:
            kinks.debug(f"undefined: {undefined}")
            return None
        pairs = [tuple(cases.substitute(e, {**sub, **{s: symbols[s.name] for s in e.free_symbols
                                                      if s.name in symbols}}) for e in pair)
                 for pair in _margins(st)]          # big >= small (> for '>', == for '==')
        segments = _segments(pairs, rest, lo, hi, prepare)
        if segments is None:
            return None
        # without a continuous parameter: integer instances on the first attempt only (some
        # with switches), a claim without parameters on the later one; an instance without
        # a switch goes along with the others (the claim needs one with a switch)
        count = max(sum(isinstance(n, SWITCHES) for m in margins
                        for n in sympy.preorder_traversal(m)) for _, _, margins in segments)
        if (count and count not in switches) if cont else (switches.start == 1) == bool(values):
            return None
        # after the other routes, also a claim derived only on the two halves, or one whose
        # switches _margins split away
        switched = switched or count > 0 or (switches.start == 1 and (
            len(segments) > 1 or switches_as_written))
        pending.append(segments)
        if not switched:    # its pieces would be wasted if no instance has a switch
            continue
        for a, b, margins in itertools.chain.from_iterable(pending):
            for margin in margins:
                lines = kinks.prove(margin, x, a, b, rel, t_end - now())
                if lines is None:
                    return None
                pieces += len(lines)
                exact = exact and all(line.endswith("0 exactly") for line in lines)
        pending = []
    if not switched:
        return None                 # constants without a clamp: not this engine's class
    where = f"{len(combos)} integer instances, " if values else ""
    return (f"piece by piece between the kinks ({where}{pieces} pieces): every switch's root "
            "exact, the pieces ordered in arb, each piece 0 exactly or bounded in balls, "
            "tight ends by the sign of a derivative; its oracles derived from the densities"
            ), exact
