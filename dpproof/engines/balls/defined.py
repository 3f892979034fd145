"""Is a claim defined on its whole domain?  A small branch and bound on definedness alone.

For engines whose arguments do not evaluate the claim pointwise (the symbolic engine, the
cross-examination before a PROVED/CERTIFIED is written): the claim -- its hypotheses read
left to right, its conclusion where they hold, and the guards of terms sympy simplified
away -- is evaluated in ball arithmetic on sub-boxes of the domain.  A box is settled when
every term is certainly defined on it, or a hypothesis certainly fails there; a box that may
hold an undefined point is split, and its midpoint is examined exactly.  The answer is
``defined`` (every box settled), ``undefined`` (with the exact point and the term; at an
algebraic root of a polynomial guard, ``guard_roots``, the point is in ``root``) or
``unknown`` (the budget ran out; say so, never PROVED).

First a static pass: when the sign rules of sympy's assumptions (the parameters' symbols
carry positive/nonnegative/integer from their ranges, open ends included) show every
partial term defined, the claim is ``defined`` without any box -- this is what settles
``log(x)`` on ``x in (0, 1]``, where a closed ball around the open end cannot.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from ...claims import Claim
from ...definedness import MaybeUndefined, Undefined
from ...lowering import arb_box, at_precision
from .. import witness as W
from ..base import Compiled, Deadline, effective_bounds
from ..exact.guard_roots import GuardRoot, undefined_root


@dataclass(frozen=True)
class Definedness:
    status: str                       # 'defined', 'undefined' or 'unknown'
    point: dict | None = None         # where undefined (exact rationals)
    undefined: Undefined | None = None
    boxes: int = 0
    truncated: bool = False           # an unbounded end was cut at base.TRUNCATE_AT
    root: GuardRoot | None = None     # where undefined at an exact root of a guard

    @property
    def message(self) -> str:
        if self.root is not None:
            return self.root.message()
        if self.status == "undefined":
            return W.undefined_message(self.point, self.undefined)
        if self.status == "defined":
            return "defined on the whole domain" + (" (truncated box)" if self.truncated else "")
        return f"definedness not settled after {self.boxes} boxes"


def check_defined(claim: Claim, prec: int = 128, max_boxes: int = 400, seconds: float = 5.0,
                  precs: tuple[int, ...] = (128, 256)) -> Definedness:
    """Settle the definedness of ``claim`` on its (truncated) domain, breadth first."""
    if statically_defined(claim):
        return Definedness("defined")
    c = Compiled(claim, "arb")
    ivs = [iv for _, iv in claim.domain.params]
    root, truncated = [], False
    for iv in ivs:
        lo, hi, cut = effective_bounds(iv)
        root.append((sympy.ceiling(lo), sympy.floor(hi)) if iv.integer else (lo, hi))
        truncated |= cut
    queue, boxes, deadline = [root], 0, Deadline(seconds)
    with at_precision(prec):
        while queue:
            if boxes >= max_boxes or deadline.passed:
                return _unsettled(claim, boxes, truncated)
            box = queue.pop(0)
            boxes += 1
            if _settled(c, box):
                continue
            for point in probes(c.names, box, [iv.integer for iv in ivs]):
                check = W.examine(c, point, precs)
                if check.status == "undefined":
                    return Definedness("undefined", point, check.undefined, boxes, truncated)
            halves = _split(box, ivs)
            if not halves:
                return _unsettled(claim, boxes, truncated)
            queue.extend(halves)
    return Definedness("defined", boxes=boxes, truncated=truncated)


def _unsettled(claim: Claim, boxes: int, truncated: bool) -> Definedness:
    """Boxes left that may hold an undefined point: an exact root of a polynomial guard
    (``guard_roots``) settles it as undefined, else 'unknown'."""
    root = undefined_root(claim)
    if root is None:
        return Definedness("unknown", boxes=boxes, truncated=truncated)
    point = root.point if root.rational else None
    return Definedness("undefined", point, Undefined(root.term, root.reason), boxes,
                       truncated, root)


def statically_defined(claim: Claim) -> bool:
    """Every partial term (README, edges of the domain) defined by sympy's sign rules alone,
    read with the parameters as they are, or measured from their lower or upper ends
    (``alpha = 1 + t`` with t > 0 on ``(1, 100]``, so ``1/(alpha - 1)`` is defined)."""
    st = claim.statement
    exprs = [st.margin(), *getattr(st, "guards", ())]
    for h in st.hypotheses:
        exprs += [h.margin(), *getattr(h, "guards", ())]
    shifts = [{}, _shifted(claim, True), _shifted(claim, False)]
    return all(any(_term_defined(t.xreplace(sh)) for sh in shifts)
               for e in exprs for t in sympy.preorder_traversal(e))


def _shifted(claim: Claim, low: bool) -> dict:
    """x -> lo + t (``low``) or hi - t, t > 0 at an open end and >= 0 at a closed one."""
    out = {}
    for name, iv in claim.domain.params:
        end = iv.lo if low else iv.hi
        if end is None or iv.integer:
            continue
        t = sympy.Symbol(f"_{name}_t", positive=True) if (iv.lo_open if low else iv.hi_open) \
            else sympy.Symbol(f"_{name}_t", nonnegative=True)
        for sym in claim.domain.symbols().values():
            if sym.name == name:
                out[sym] = end + t if low else end - t
    return out


def _term_defined(t) -> bool:
    if t.is_Pow:
        b, e = t.args
        if e.is_integer and e.is_nonnegative:
            return True
        if e.is_integer:
            return bool(b.is_nonzero)
        if e.is_positive:
            return bool(b.is_nonnegative)
        return bool(b.is_positive)
    name = getattr(t.func, "__name__", "")
    if name == "log":
        return bool(t.args[0].is_positive)
    if name == "binomial":
        n, k = t.args
        return bool(n.is_integer and n.is_nonnegative and k.is_integer)
    if getattr(t.func, "opaque", False):
        return False  # oracles check their parameters on balls only
    return True


def probes(names, box, integer) -> list[dict]:
    """The exact points examined in a box that may hold an undefined point: its midpoint and
    its lowest and highest corners (an edge often sits at an end of the domain)."""
    mid = {n: (sympy.floor((lo + hi) / 2) if integ else (lo + hi) / 2)
           for n, (lo, hi), integ in zip(names, box, integer)}
    return [mid, {n: lo for n, (lo, _) in zip(names, box)},
            {n: hi for n, (_, hi) in zip(names, box)}]


def _settled(c: Compiled, box) -> bool:
    balls = [arb_box(lo, hi) for lo, hi in box]
    try:
        if c.hypotheses_on(balls) is False:
            return True
        c.margin(*balls)
    except (Undefined, MaybeUndefined):
        return False
    except (ValueError, ZeroDivisionError, ArithmeticError):
        return False  # an oracle declining a wide ball: split, settle nothing
    return True


def _split(box, ivs):
    """Halve the widest side (integers at integers); [] if the box is a point."""
    widths = [(hi - lo) if not iv.integer or hi > lo else 0 for (lo, hi), iv in zip(box, ivs)]
    i = max(range(len(box)), key=lambda j: widths[j]) if box else 0
    if not box or widths[i] == 0:
        return []
    lo, hi = box[i]
    if ivs[i].integer:
        cut = sympy.floor((lo + hi) / 2)
        parts = [(lo, cut), (cut + 1, hi)]
    else:
        parts = [(lo, (lo + hi) / 2), ((lo + hi) / 2, hi)]
    return [box[:i] + [p] + box[i + 1:] for p in parts]
