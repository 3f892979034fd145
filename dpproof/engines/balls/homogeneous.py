"""Fewer parameters by homogeneity, for the interval engine.

If the margin f is homogeneous of degree k in a group S of parameters that are positive on
the domain, f(l x_S) = l^k f(x_S) for l > 0, then with a pivot j in S

    f(x) = x_j^k f(x_S / x_j, rest),   x_j^k > 0,

so f has the sign of f at x_j = 1 with the other x_i of S (groups of one or two) replaced
by t_i = x_i / x_j.  A pair may also scale with a weight, f(l x_j, l^w x_i) = l^k f(x)
(w in +-2, -1, +-1/2: x_i^2/x_j is what matters), with t_i = x_i / x_j^w; this is tried only
where no pair of equal weights reduces.  The claim with x_j = 1 and t_i over [lo_i / hi_j, hi_i / lo_j] (the
exact image of the domain; t_i > 0) is equivalent to the claim, with one parameter less: it
is tried first, with a quarter of the time and 4 times the boxes per parameter removed
(then, for a pair whose ends prefer no pivot, the other pivot: the ratio's hard end moves
between 0+ and oo); a
CERTIFIED verdict transfers (a witness would need mapping back: not transferred).  osgt22's variance
bound in (m, sigma) and its RDP comparison in (alpha; m, sigma) become claims in m/sigma.

Definedness is transferred too: every partial term (``definedness.edge_check``: powers,
logs) must have a homogeneous argument, whose sign and zeros scaling preserves; else no
reduction; the same holds for the statement's guards (terms whose definedness alone counts),
which are carried over at x_j = 1 (dropped where their partial terms all occur in the
sides: they add no condition).  Homogeneity is screened in floats and verified by sympy
(the substituted expression divided by x_j^k must be free of x_j); claims with hypotheses
or ``==`` are not reduced.
"""

from __future__ import annotations

import dataclasses
import itertools
import math

import sympy

from ...claims import Claim, Domain, Interval, Statement
from ...definedness import edge_check
from ...evidence import Evidence, Verdict
from ...lowering import LoweringError, lower
from ..signs import guarded

#: seconds of sympy work per group tried
BUDGET = 3.0
#: the weights w of a pair's second member tried, f(l x_j, l^w x_i) = l^k f(x)
WEIGHTS = tuple(sympy.Rational(w) for w in ("2", "-2", "-1", "1/2", "-1/2"))


def reduced(claim: Claim, flip: bool = False) -> tuple[Claim, str] | None:
    """(the claim with fewer parameters, how), or None when no group reduces; ``flip``
    takes the other pivot of a pair whose ends do not prefer one (m, sigma > 0: the ratio
    sigma/m or m/sigma, whose hard ends differ), else None."""
    st = claim.statement
    if st is None or st.rel == "==" or st.hypotheses:
        return None
    notes, flips = [], [flip]
    while True:
        step = _reduce_once(claim, flips)
        if step is None:
            break
        claim, how = step
        notes.append(how)
    if not notes or flips[0]:      # no reduction, or no pair to flip
        return None
    return claim, "; ".join(notes)


def _positive(iv: Interval) -> bool:
    return not iv.integer and iv.lo is not None and (iv.lo > 0 or (iv.lo == 0 and iv.lo_open))


def _reduce_once(claim: Claim, flips: list):
    margin = claim.statement.margin()
    symbols = {s.name: s for s in margin.free_symbols}
    # a point parameter gains nothing from a reduction (and screening it costs evaluations)
    pos = [n for n, iv in claim.domain.params
           if n in symbols and _positive(iv) and not iv.is_point]
    ranges = dict(claim.domain.params)
    for size in (1, 2):
        for group in itertools.combinations(pos, size):
            k = _float_degree(margin, claim.domain, group)
            if k is None:
                continue
            # pivot: an end away from 0 keeps the other ranges finite
            key = [(bool(ranges[n].lo > 0), float(ranges[n].lo)) for n in group]
            pivot = max(group, key=lambda n: key[group.index(n)])
            if flips[0] and len(group) == 2 and key[0] == key[1]:
                pivot, flips[0] = group[1] if pivot == group[0] else group[0], False
            if guarded(_verified, margin, [symbols[n] for n in group], symbols[pivot], k,
                       claim.statement.guards, seconds=BUDGET):
                return _apply(claim, group, pivot, k)
    for w in WEIGHTS:       # integer weights first: t_i = x_i x_j^|w| or x_i / x_j^w
        for pivot, other in itertools.permutations(pos, 2):
            k = _float_degree(margin, claim.domain, (pivot, other), {other: w})
            if k is None:
                continue
            if guarded(_verified, margin, [symbols[pivot], symbols[other]], symbols[pivot], k,
                       claim.statement.guards, {symbols[other]: w}, seconds=BUDGET):
                got = _apply(claim, (pivot, other), pivot, k, {other: w})
                if got is not None:
                    return got
    return None


def _float_degree(margin, domain, group, weights=None):
    """k with f(l^w x) = l^k f(x) (weights w: 1 unless given) at a few float points (a
    screen), or None."""
    weights = weights or {}
    names = domain.names
    try:
        f = lower(margin, names, "float")
    except (LoweringError, TypeError, ValueError):
        return None
    ks = []
    for frac in (0.37, 0.71):
        base = []
        for _, iv in domain.params:
            lo = float(iv.lo) if iv.lo is not None else -1.0
            hi = float(iv.hi) if iv.hi is not None else lo + 2.0
            base.append(lo + frac * (hi - lo))
        for lam in (1.3, 0.8):
            scaled = [x * lam ** float(weights.get(n, 1)) if n in group else x
                      for n, x in zip(names, base)]
            a, b = f(*base), f(*scaled)
            if not (math.isfinite(a) and math.isfinite(b)) or a == 0 or b / a <= 0:
                return None
            ks.append(math.log(b / a) / math.log(lam))
    k = round(2 * ks[0]) / 2
    return sympy.Rational(round(2 * ks[0]), 2) if all(abs(x - k) < 1e-7 for x in ks) else None


def _verified(margin, group, pivot, k, guards=(), weights=None) -> bool:
    """f(t x_pivot^w) / x_pivot^k is free of x_pivot, and so is the sign of the argument of
    every partial term of the margin and the guards (it is homogeneous)."""
    p = sympy.Dummy(pivot.name, positive=True)   # the group is positive on the domain
    weights = weights or {}
    sub = {x: sympy.Dummy(x.name, positive=True) * p ** weights.get(x, 1) for x in group
           if x != pivot}
    sub[pivot] = p

    def free(e, power):
        out = sympy.expand(e.xreplace(sub) * p ** -power)
        for rewrite in (sympy.powsimp, sympy.simplify):
            if p not in out.free_symbols:
                break
            out = rewrite(sympy.expand_power_base(out))
        return p not in out.free_symbols

    if not free(margin, k):
        return False
    for node in (n for e in (margin, *guards) for n in sympy.preorder_traversal(e)):
        if not isinstance(node, sympy.Basic) or node.is_Atom or edge_check(node) is None:
            continue
        if not (node.is_Pow or node.func.__name__ == "log"):
            return False
        arg = node.base if node.is_Pow else node.args[0]
        scaled = sympy.simplify(arg.xreplace(sub) / arg.xreplace(sub).subs(p, 1))
        if p not in scaled.free_symbols and scaled.is_positive:
            continue
        b, e = scaled.as_base_exp()
        if not (b == p and e.is_Rational):
            return False
    return True


def _apply(claim: Claim, group, pivot, k, weights=None):
    """The claim at x_pivot = 1 with x_i (i in the group) standing for x_i / x_pivot^w;
    None if an end of that ratio's range is not rational."""
    weights = weights or {}
    params = dict(claim.domain.params)
    pv = params[pivot]
    st = claim.statement
    x = {s.name: s for s in st.margin().free_symbols}[pivot]
    new = []
    for name, iv in claim.domain.params:
        if name == pivot:
            continue
        if name in group:
            iv = _ratio_range(iv, pv, sympy.S(weights.get(name, 1)))
            if iv is None:
                return None
        new.append((name, iv))
    lhs, rhs = st.lhs.subs(x, 1), st.rhs.subs(x, 1)
    # a guard whose partial terms all occur in the sides adds no definedness condition
    kept = tuple(g for g in (g.subs(x, 1) for g in st.guards)
                 if not _partial_terms(g) <= _partial_terms(lhs) | _partial_terms(rhs))
    moved = Statement(lhs, st.rel, rhs, guards=kept)
    ws = {n: weights.get(n, 1) for n in group if n != pivot}
    how = (f"f homogeneous of degree {k} in {', '.join(group)}"
           + "".join(f" (weight {w} for {n})" for n, w in ws.items() if w != 1)
           + f": {pivot} = 1"
           + "".join(f", {n} for the ratio to {pivot}" + (f"^{w}" if w != 1 else "")
                     for n, w in ws.items()))
    return dataclasses.replace(claim, statement=moved, domain=Domain(tuple(new)),
                               steps=()), how


def _partial_terms(e) -> set:
    """The partial operations of ``e`` (``definedness.edge_check``: powers, logs)."""
    return {n for n in sympy.preorder_traversal(e) if isinstance(n, sympy.Basic)
            and not n.is_Atom and edge_check(n) is not None}


def _ratio_range(iv: Interval, pv: Interval, w) -> Interval | None:
    """The exact range of x / p^w for x in ``iv`` and p in ``pv`` (both positive): None if
    an end is irrational."""
    lo_p, hi_p = (pv.hi, pv.lo) if w > 0 else (pv.lo, pv.hi)   # p's end giving each end
    lo = sympy.Integer(0) if lo_p is None or (w < 0 and lo_p == 0) else iv.lo / sympy.S(lo_p) ** w
    hi = None if iv.hi is None or hi_p is None or (w > 0 and hi_p == 0) \
        else iv.hi / sympy.S(hi_p) ** w
    if lo is None or not lo.is_Rational or (hi is not None and not hi.is_Rational):
        return None
    return Interval(lo, hi, lo_open=(lo == 0))


def certified(claim: Claim, config, check) -> Evidence | None:
    """CERTIFIED evidence for the claim from ``check`` (the interval engine's search) on its
    reduced form, with a quarter of the time; None if there is none or it is not certified."""
    for flip in (False, True):    # the other pivot of a pair only if the first fails
        red = reduced(claim, flip)
        if red is None:
            return None
        gone = len(claim.domain.params) - len(red[0].domain.params)
        ev = check(red[0], dataclasses.replace(config, engine_timeout=config.engine_timeout / 4,
                                               max_boxes=config.max_boxes * 4 ** gone))
        if ev.verdict is Verdict.CERTIFIED:
            break
    else:
        return None
    return dataclasses.replace(ev, detail=f"{ev.detail} (on the claim reduced by homogeneity: "
                               f"{red[1]})", scope=f"whole domain: {claim.domain} (via "
                               f"homogeneity: {red[1]})")
