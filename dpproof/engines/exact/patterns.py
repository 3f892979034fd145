"""Identity by sign patterns: ``lhs == rhs`` for sides built from smooth pieces joined by
``Max``, ``Min``, ``Abs`` (and finite ``Sum`` / ``MaxOver`` with integer limits, written out).

At every point each switching node equals one of its branches -- the argument it selects
there; at a tie either branch, since the node is continuous and its branches agree.  A
*pattern* fixes the branch of every switch met (only those inside selected branches), and
the expression with a pattern applied is smooth.  The box (exact rational ends) is bisected
with arb balls; on a sub-box each switch whose difference has a certified sign (``>= 0`` or
``<= 0``: ties may take either branch) is fixed, an undecided one contributes both branches.
So the pattern of every point of a sub-box is among the patterns collected for it.  A
sub-box is settled when, for each of its patterns, the difference of the two sides with that
pattern applied simplifies exactly to 0 (``exact_forms.identity``, cached by pattern); one
whose pattern does not simplify to 0 is split again, and at the depth limit the attempt
fails.  Every sub-box settled means the identity holds on the whole box: PROVED.  A pattern
whose difference is not 0 proves nothing (it may be unrealised), so this never refutes.

Two switches whose differences agree after sign-preserving rewrites (``key``: ``A - B`` of
two positive monomials by ``log A - log B`` -- after bringing it over a common denominator of
certified sign and keeping the numerator --, logs split where sympy's assumptions allow, a
positive rational factor dropped, the orientation normalised) share one key, so that the
same surface written by two sides (a printed sum and a derived hockey-stick) is one switch
and its mixed patterns are never collected.  A node of several arguments has a key per
pair; a pattern selects the argument that wins every pair (none: a cycle, possible only
near a tie of three, and the box is split).  The terms of lhs - rhs that share no key are
proved 0 group by group when they can be (their sum is then 0), else all together.
Integer parameters are written out value by value (few values) or bisected through their
hull, each pattern then proved under the integer assumptions, which hold at the integer
points the hull holds.  An unbounded parameter is not handled, except in a piecewise-linear
difference, decided first and exactly on every piece (``engines.exact.piecewise_linear``).
"""

from __future__ import annotations

import itertools

import sympy
from sympy import Abs, Max, Min

from ...definedness import MaybeUndefined, Undefined
from ...evidence import Verdict
from ...expr.finite import written_out
from ...lowering import LoweringError, at_precision, lower
from ..balls import boxes as B
from . import piecewise_linear
from .forms import identity
from .switch_keys import key, known_signs
from ..signs import guarded
from ..base import now

MAX_DEPTH = 14          # bisections of one box
MAX_BOXES = 3000        # boxes visited per attempt
MAX_PATTERNS = 64       # patterns of one box
MAX_COMBOS = 16         # integer instances written out one by one
_PREC = 128


class _GiveUp(Exception):
    pass


class _Cyclic(Exception):
    """A pattern orders a node's arguments in a cycle: the box is split (given up at the
    depth limit)."""


def _is_switch(e) -> bool:
    return isinstance(e, (Max, Min, Abs))


class Patterns:
    """The switches of ``diff`` (lhs - rhs written out) over the continuous box.  A node's
    switches are the differences of its arguments two by two (its argument for ``Abs``);
    a pattern maps each switch's key to a sign (+1: key >= 0, -1: key <= 0)."""

    def __init__(self, diff, names, shared: "Patterns | None" = None, known=None):
        self.diff = diff
        self.names = list(names)
        # node -> [(key id, orientation, i, j)]; key expr -> id; key id -> lowered key
        self._pairs, self._ids, self._fns = (shared._pairs, shared._ids, shared._fns) \
            if shared is not None else ({}, {}, {})
        #: key expr -> the sign the hypotheses give it (``known_signs``); key id -> that sign
        self.known, self._fixed = (shared.known, shared._fixed) if shared is not None \
            else (known or {}, {})
        self.proved: dict = {}       # pattern -> bool
        self._by_form: dict = {}     # selected difference -> bool
        self.deadline = None

    # -- the switches ------------------------------------------------------------------
    def pairs(self, node):
        """[(key id, o, i, j)]: sign(args[i] - args[j]) = o sign(key) (Abs: (id, o, 0, 0))."""
        if node not in self._pairs:
            if isinstance(node, Abs):
                todo = [(node.args[0], 0, 0)]
            else:
                todo = [(node.args[i] - node.args[j], i, j)
                        for i, j in itertools.combinations(range(len(node.args)), 2)]
            out = []
            for g, i, j in todo:
                k, o = key(g)
                kid = self._ids.setdefault(k, len(self._ids))
                if kid not in self._fns:
                    self._fns[kid] = self._lower(k)
                    if k in self.known:
                        self._fixed[kid] = self.known[k]
                out.append((kid, o, i, j))
            self._pairs[node] = out
        return self._pairs[node]

    def _lower(self, e):
        try:
            return lower(e, self.names, "arb")
        except (LoweringError, TypeError, ValueError):
            return None

    def signs(self, kid, balls, memo):
        """The signs of key ``kid`` possible on the box where the hypotheses hold: the one
        certified in arb, else the one the hypotheses give it (``known_signs``), else both."""
        if kid not in memo:
            memo[kid] = (self._fixed[kid],) if kid in self._fixed else (1, -1)
            fn = self._fns[kid]
            try:
                with at_precision(_PREC):
                    v = fn(*balls) if fn is not None else None
                if v is not None and v.is_finite() and (v >= 0 or v <= 0):
                    memo[kid] = (1,) if v >= 0 else (-1,)
            except (Undefined, MaybeUndefined, ValueError, ZeroDivisionError, TypeError):
                pass
        return memo[kid]

    def branch(self, node, pat):
        """The argument ``node`` selects under the pattern (its keys all fixed): the one
        that is >= (Min: <=) every other by the pattern's signs.  None of them (a cyclic
        order, possible only at ties of three or more): ``_Cyclic``."""
        pairs = self.pairs(node)
        if isinstance(node, Abs):
            kid, o, _, _ = pairs[0]
            return node.args[0] if o * pat[kid] > 0 else -node.args[0]
        n, want = len(node.args), 1 if isinstance(node, Max) else -1
        beats = [[True] * n for _ in range(n)]     # beats[i][j]: args[i] wins over args[j]
        for kid, o, i, j in pairs:
            first = o * pat[kid] * want > 0        # args[i] wins over args[j]
            beats[i][j], beats[j][i] = first, not first
        for i in range(n):
            if all(beats[i][j] for j in range(n) if j != i):
                return node.args[i]
        raise _Cyclic

    # -- patterns on a box -------------------------------------------------------------
    def on_box(self, box):
        """Every pattern (frozenset of (key, sign)) consistent with the box; None when one
        of them is cyclic or there are more than MAX_PATTERNS (the box is split)."""
        balls = B.balls(box)
        memo, out, todo = {}, set(), [{}]
        while todo:
            pat = todo.pop()
            try:
                need = self._first_open(self.diff, pat)
            except _Cyclic:
                return None
            if need is None:
                out.add(frozenset(pat.items()))
                if len(out) > MAX_PATTERNS:
                    return None           # split the box
                continue
            for sg in self.signs(need, balls, memo):
                todo.append({**pat, need: sg})
        return out

    def _first_open(self, e, pat):
        """The first key met along the selected branches that ``pat`` does not fix."""
        stack = [e]
        while stack:
            x = stack.pop()
            if _is_switch(x):
                open_ = [kid for kid, _, _, _ in self.pairs(x) if kid not in pat]
                if open_:
                    return open_[0]
                stack.append(self.branch(x, pat))
            else:
                stack.extend(x.args)
        return None

    def count(self) -> int:
        return sum(1 for v in self.proved.values() if v)

    def select(self, e, pat):
        if _is_switch(e):
            return self.select(self.branch(e, pat), pat)
        if not e.args:
            return e
        return e.func(*[self.select(a, pat) for a in e.args])

    def holds(self, pat) -> bool:
        if pat not in self.proved:
            if self.deadline is not None and now() > self.deadline:
                raise _GiveUp("time")
            form = self.select(self.diff, dict(pat))
            if form not in self._by_form:
                got = guarded(identity, form, seconds=5.0)
                self._by_form[form] = got is not None and got[0] is Verdict.PROVED
            self.proved[pat] = self._by_form[form]
        return self.proved[pat]


def prove(diff, box_params, seconds: float = 15.0, hypotheses=()) -> str | None:
    """A proof line if ``diff`` (lhs - rhs, sympy, the domain's symbols) is 0 on the box by
    sign patterns (module doc) wherever ``hypotheses`` (sympy relations) hold, else None.
    ``box_params``: [(symbol, lo, hi)] with exact rational finite ends for every free
    symbol."""
    try:
        diff = written_out(diff)
    except ValueError:
        return None
    if not diff.has(Max, Min, Abs):     # the switches vanished as the integers were set
        got = guarded(identity, diff, seconds=5.0)
        return "lhs - rhs simplifies to 0" if got and got[0] is Verdict.PROVED else None
    symbols = [s for s, _, _ in box_params]
    if diff.free_symbols - set(symbols):
        return None
    if any(lo is None or hi is None for _, lo, hi in box_params):
        return None
    names = [s.name for s in symbols]
    root = [(sympy.Rational(lo), sympy.Rational(hi)) for _, lo, hi in box_params]
    deadline = now() + seconds
    whole = Patterns(diff, names, known=known_signs(hypotheses))
    try:
        groups = _groups(whole, diff)
        if len(groups) > 1:      # each group 0 on the box: their sum is
            parts = [Patterns(g, names, shared=whole) for g in groups]
            settled = [_settle(q, root, deadline) for q in parts]
            if all(n is not None for n in settled):
                return (f"by sign patterns, in {len(parts)} groups of terms with no switch "
                        f"in common: {sum(settled)} boxes settled; on each, every pattern "
                        "of the switches consistent with its arb signs makes the group "
                        f"simplify to 0 ({sum(q.count() for q in parts)} patterns)")
        settled = _settle(whole, root, deadline)
    except _GiveUp:
        return None
    if settled is None:
        return None
    return (f"by sign patterns: {settled} boxes settled; on each, every pattern of the "
            f"{len(whole._ids)} switches consistent with its arb signs makes lhs - rhs "
            f"simplify to 0 ({whole.count()} patterns)" + _by_hypotheses(whole))


def _by_hypotheses(pats) -> str:
    """The keys whose sign the hypotheses gave (where the arb signs did not decide)."""
    used = [f"{k} {'>=' if pats._fixed[kid] > 0 else '<='} 0"
            for k, kid in pats._ids.items() if kid in pats._fixed]
    return f"; where the hypotheses hold, {', '.join(used)}" if used else ""


def _terms(e):
    """The additive terms of ``e``, a switch-free factor distributed over a sum."""
    out = []
    for t in sympy.Add.make_args(e):
        if t.is_Mul:
            sums = [f for f in t.args if f.is_Add and f.has(Max, Min, Abs)]
            if len(sums) == 1 and not (t / sums[0]).has(Max, Min, Abs):
                out += [(t / sums[0]) * u for u in _terms(sums[0])]
                continue
        out.append(t)
    return out


def _groups(pats, diff):
    """The terms of ``diff`` grouped by shared switch keys (connected components); the
    switch-free terms form one more group."""
    terms = _terms(diff)
    smooth = [t for t in terms if not t.has(Max, Min, Abs)]
    comps: list = []           # [(key set, [terms])]
    for t in terms:
        if not t.has(Max, Min, Abs):
            continue
        ks = {kid for n in sympy.preorder_traversal(t) if _is_switch(n)
              for kid, _, _, _ in pats.pairs(n)}
        joined = [c for c in comps if c[0] & ks]
        comps = [c for c in comps if not c[0] & ks]
        comps.append((ks.union(*(c[0] for c in joined)),
                      [u for c in joined for u in c[1]] + [t]))
    groups = [sympy.Add(*ts) for _, ts in comps]
    return groups + ([sympy.Add(*smooth)] if smooth else [])


def _settle(pats, root, deadline) -> int | None:
    """Bisect ``root`` until every sub-box's patterns are proved (the number of sub-boxes),
    or None (depth, box budget or time exhausted)."""
    pats.deadline = deadline
    widths = [hi - lo for lo, hi in root]
    todo, visited, settled = [(root, 0)], 0, 0
    while todo:
        box, depth = todo.pop()
        visited += 1
        if visited > MAX_BOXES or now() > deadline:
            return None
        found = pats.on_box(box)
        if found is not None and all(pats.holds(p) for p in found):
            settled += 1
            continue
        if depth >= MAX_DEPTH or not any(w > 0 for w in widths):
            return None
        # halve the side widest relative to the root box
        j = max(range(len(box)), key=lambda i: (box[i][1] - box[i][0]) / widths[i]
                if widths[i] > 0 else -1)
        lo, hi = box[j]
        mid = (lo + hi) / 2
        for half in ((lo, mid), (mid, hi)):
            todo.append(([*box[:j], half, *box[j + 1:]], depth + 1))
    return settled


def prove_claim(claim, diff, hypotheses=(), seconds: float = 15.0) -> str | None:
    """``prove`` on the claim's box: integer parameters are written out value by value when
    they take few values (at most MAX_COMBOS combinations), each instance proved (more:
    their hull is bisected with the continuous box); an instance where
    a hypothesis (a sympy relation) evaluates to false is vacuous; the others give the
    switches their keys' signs where they hold (``switch_keys.known_signs``)."""
    symbols = claim.domain.symbols()
    if piecewise_linear.unbounded(claim.domain) and (
            line := piecewise_linear.decide(diff, "==", claim.domain, symbols)):
        return line     # exact on each linear piece (the conclusion without hypotheses)
    cont, ints = [], []
    for name, iv in claim.domain.params:
        s = symbols[name]
        if s not in diff.free_symbols and not any(s in h.free_symbols for h in hypotheses):
            continue
        if iv.integer:
            from ...domain import integer_ends
            if not iv.bounded:
                return None
            lo, hi = integer_ends(iv)
            ints.append((s, range(lo, hi + 1)))
        else:
            cont.append((s, iv.lo, iv.hi))
    combos = list(itertools.product(*(r for _, r in ints)))
    if len(combos) > MAX_COMBOS:
        # the integers' hull bisected like the continuous box: it holds every integer
        # point, and each pattern's identity is proved under the integer assumptions,
        # which hold there
        return prove(diff, cont + [(s, r[0], r[-1]) for s, r in ints], seconds, hypotheses)
    t_end = now() + seconds
    lines = []
    for combo in combos:
        sub = {s: sympy.Integer(v) for (s, _), v in zip(ints, combo)}
        if any(_false(h.xreplace(sub)) for h in hypotheses):
            continue
        got = prove(diff.xreplace(sub), cont, max(t_end - now(), 0.1),
                    [h.xreplace(sub) for h in hypotheses])
        if got is None:
            return None
        lines.append(got)
    if not lines:
        return None
    return lines[0] if len(lines) == 1 else f"each of {len(lines)} integer instances " + lines[0]


def _false(h) -> bool:
    try:
        return h.doit() is sympy.false or (h.is_Relational and not h.free_symbols
                                            and bool(h) is False)
    except TypeError:
        return False
