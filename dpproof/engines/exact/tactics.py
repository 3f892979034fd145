"""Sound proof tactics for ``lhs REL rhs`` that sympy does not try by itself (issue 11).

Each tactic reduces the goal "margin >= 0 (or > 0) on the box" to goals that imply it, and
returns the derivation as short lines for the evidence, or None.  The leaves are sympy's sign
rules under the box's assumptions (``is_nonnegative``/``is_positive`` of an expression whose
symbols carry the sign the box implies).  Tactics:

- sign of a product, quotient or power from the signs of its factors;
- a reciprocal b^-k (k a positive integer) is positive where b is;
- a difference A - B of two positive terms has the sign of log A - log B (log increases):
  e^eps - 1 > 0 from eps > 0;
- Abs / Max / Min resolved where the domain decides the sign or the order of their arguments;
- monotone transformations of both sides: squaring two non-negative sides, log of two
  positive sides, comparing exponents of exp on both sides;
- a margin linear (or concave, by a proved second derivative) in one parameter on a finite
  interval is smallest at an end: prove it at both ends;
- a statement homogeneous in two positive parameters: substitute y = t x and prove the
  reduced margin for every t > 0 (a superset of the box);
- induction on an integer parameter n >= N0 of a margin C a^n + Q(n) (one base a and C free
  of n): e(n + 1) = a e(n) + g(n) with g = Q(n + 1) - a Q(n), so a >= 0, g >= 0 and
  e(N0) >= 0 prove e(n) >= 0 for every integer n >= N0 (Bernoulli's inequality);
- a difference c f(u) - c f(v) of one monotone function (exp, log, erf, Phi increasing; erfc,
  Q decreasing) has the sign of u - v (of v - u), and log X >= 0 iff X >= 1 (X > 0);
- a smooth margin nondecreasing in one parameter x (e' >= 0 proved) on an interval with a
  finite lower end a is at least its value e(a) there (nonincreasing, with a finite upper
  end b: at least e(b)); e(a) must be finite and real, so e is continuous up to a.  Tried
  first on a claim's margin that is 0 at an end (a bound tight there), with no trace.

The rewriting tactics (signs of a monotone function's difference, of a log) remove a
function from the goal and cost no depth; the others do.  ``relations.prove_relation`` turns
``lhs REL rhs`` into the margin goals proved here.
"""

from __future__ import annotations

import sympy

from ...expr.functions import Phi, Q
from .continuity import value_at_end
from .rational import factor_held

MAX_DEPTH = 5
MAX_GOALS = 60        # sub-goals tried per claim: the tactics stay a quick attempt
MAX_DIFF_OPS = 120    # size (count_ops) of a margin differentiated (and of its derivative)
MAX_SCALED_OPS = 60   # size of a margin scaled by the homogeneity tactic (a cancel per pair)

_NON_SMOOTH = (sympy.Abs, sympy.Max, sympy.Min, sympy.Piecewise, sympy.sign, sympy.floor,
               sympy.ceiling, sympy.Heaviside)
#: real functions of one argument, increasing (+1) or decreasing (-1) on the whole real line
#: (log on (0, oo), where its argument must be proved positive)
_MONOTONE = {sympy.exp: 1, sympy.log: 1, sympy.erf: 1, Phi: 1, sympy.erfc: -1, Q: -1}
#: f(w) = value at a point: a number beside c f(v) is c times one of these values
_AT = {sympy.exp: {1: 0}, sympy.log: {0: 1}, sympy.erf: {0: 0}, sympy.erfc: {1: 0},
       Phi: {sympy.Rational(1, 2): 0}, Q: {sympy.Rational(1, 2): 0}}


def _sign_rule(e, strict):
    v = e.is_positive if strict else e.is_nonnegative
    return v is True


class Prover:
    """Goal: ``e >= 0`` (``> 0`` if strict) for every point of ``domain``."""

    def __init__(self, domain, symbols):
        self.domain, self.symbols = domain, symbols
        self.steps: list[str] = []
        self.failed: set = set()
        self.goals = 0
        self.differentiating = False

    def nonneg(self, e, strict=False, depth=0) -> bool:
        e = sympy.sympify(e)
        if _sign_rule(e, strict):
            self.steps.append(f"{'positive' if strict else 'nonnegative'} by sign rules: "
                              f"{sympy.sstr(e)[:80]}")
            return True
        key = (e, strict)
        if not e.free_symbols:
            return False        # a number the sign rules leave open: no tactic decides it
        if key in self.failed or self.goals >= MAX_GOALS:
            return False
        self.goals += 1
        for tactic in (self._monotone_difference, self._log_sign):
            # rewrites that remove a function from the goal: they cost no depth
            mark = len(self.steps)
            if tactic(e, strict, depth):
                return True
            del self.steps[mark:]
        if depth >= MAX_DEPTH:
            return False
        mark = len(self.steps)   # tight at an end: its slope first, leaving no trace if it fails
        if depth == 0 and self._tight_at_an_end(e) and self._no_trace(
                lambda: self._monotone_in_parameter(e, strict, 1)):
            return True          # (log(1 + x) >= 2x/(2 + x) on [0, 100]: 60 goals went before)
        del self.steps[mark:]
        for tactic in (self._resolve_abs_max_min, self._factors, self._linear_or_concave,
                       self._homogeneous, self._induction, self._reciprocal,
                       self._log_difference, self._monotone_in_parameter):
            mark = len(self.steps)
            if tactic(e, strict, depth + 1):
                return True
            del self.steps[mark:]
        self.failed.add(key)
        return False

    def _sign(self, e, depth) -> int:
        """+1 if e >= 0 is proved, -1 if e <= 0 is proved, 0 otherwise."""
        if self.nonneg(e, False, depth):
            return 1
        if self.nonneg(-e, False, depth):
            return -1
        return 0

    # -- tactics -------------------------------------------------------------------------
    def _resolve_abs_max_min(self, e, strict, depth):
        targets = [a for a in sympy.preorder_traversal(e)
                   if isinstance(a, (sympy.Abs, sympy.Max, sympy.Min))]
        for a in targets:
            if isinstance(a, sympy.Abs):
                s = self._sign(a.args[0], depth)
                repl = a.args[0] if s > 0 else (-a.args[0] if s < 0 else None)
            else:
                repl = self._order(a, depth)
            if repl is not None:
                self.steps.append(f"{sympy.sstr(a)[:60]} = {sympy.sstr(repl)[:60]} on the box")
                return self.nonneg(e.xreplace({a: repl}), strict, depth)
        return False

    def _order(self, a, depth):
        """The argument of Max/Min that is the largest/smallest everywhere, if proved."""
        args = list(a.args)
        for cand in args:
            others = [o for o in args if o is not cand]
            diffs = [(cand - o) if isinstance(a, sympy.Max) else (o - cand) for o in others]
            if all(self.nonneg(d, False, depth) for d in diffs):
                return cand
        return None

    def _factors(self, e, strict, depth):
        if not e.free_symbols:
            return False        # a number: its sign is the sign rules' to decide
        num, den = sympy.fraction(factor_held(e))
        factors = sympy.Mul.make_args(num) + tuple(1 / f for f in sympy.Mul.make_args(den)
                                                   if f != 1)
        if len(factors) < 2 and not (factors and factors[0].is_Pow):
            return False
        sign = 1
        for f in factors:
            base, ex = f.as_base_exp()
            if ex.is_integer and ex.is_even and not strict:
                continue
            if ex.is_integer and ex.is_negative and ex.is_odd:
                # 1/b^k (k odd) has the strict sign of b, which must be nonzero
                s = 1 if self.nonneg(base, True, depth) else (
                    -1 if self.nonneg(-base, True, depth) else 0)
                if s == 0:
                    return False
                self.steps.append(f"1/({sympy.sstr(base)[:60]})^{-ex}: its base is "
                                  f"{'>' if s > 0 else '<'} 0")
                sign *= s
                continue
            s = self._sign(f, depth)
            if s == 0:
                return False
            if strict and not self.nonneg(s * f, True, depth):
                return False
            sign *= s
        if sign > 0:
            self.steps.append("sign of a product/quotient from the signs of its factors")
            return True
        return False

    def _reciprocal(self, e, strict, depth):
        base, ex = e.as_base_exp()
        if not (e.is_Pow and ex.is_integer and ex.is_negative):
            return False
        if self.nonneg(base, True, depth):
            self.steps.append(f"1/({sympy.sstr(base)[:60]})^{-ex} > 0: its base is > 0")
            return True
        return False

    def _log_difference(self, e, strict, depth):
        if not e.is_Add or len(e.args) != 2:
            return False
        neg = [a for a in e.args if a.could_extract_minus_sign()]
        if len(neg) != 1:
            return False
        a, b = next(x for x in e.args if x is not neg[0]), -neg[0]
        if not (self.nonneg(a, True, depth) and self.nonneg(b, True, depth)):
            return False
        gap = sympy.expand_log(sympy.log(a), force=False) - sympy.expand_log(sympy.log(b),
                                                                             force=False)
        mark = len(self.steps)
        if self.nonneg(gap, strict, depth):
            self.steps.insert(mark, f"{sympy.sstr(a)[:40]} - {sympy.sstr(b)[:40]}: both > 0, "
                                    "so its sign is that of the difference of their logs")
            return True
        return False

    def _monotone_difference(self, e, strict, depth):
        """c f(u) - c f(v), f monotone on the reals: the sign of u - v (f decreasing: v - u).
        A number k beside c f(v) is read as -c f(w) where f(w) = -k/c is a value in
        ``_AT`` (erfc(0) = 1, Phi(0) = 1/2, ...)."""
        if e.is_Mul:
            e = sympy.expand_mul(e, deep=False)     # k (c f(u) - c f(v)) distributed
        if not e.is_Add or len(e.args) != 2:
            return False
        split, numbers = [], [t for t in e.args if not t.free_symbols]
        for t in e.args:
            if t in numbers:
                continue
            fs = [a for a in sympy.Mul.make_args(t) if type(a) in _MONOTONE]
            if len(fs) != 1:
                return False
            c, f = t.as_independent(fs[0], as_Add=False)
            if f != fs[0]:
                return False
            split.append((c, type(f), f.args[0]))
        if len(split) == 1 and len(numbers) == 1:
            (c, func, _), k = split[0], numbers[0]
            at = -k / c if c.is_number else None      # exact: Floats never match a value
            if at is None or not at.is_Rational or at not in _AT.get(func, {}):
                return False
            split.append((-c, func, sympy.Integer(_AT[func][at])))
        if len(split) != 2:
            return False
        (ca, fa, u), (cb, fb, v) = split
        if fa is not fb or sympy.expand(ca + cb) != 0:
            return False
        if ca.could_extract_minus_sign():
            (ca, u), (cb, v) = (cb, v), (ca, u)
        if not (u.is_real and v.is_real):
            return False
        sign = _MONOTONE[fa]
        if not self.nonneg(ca, strict, depth):     # c f(u) - c f(v) with c >= 0 (c > 0)
            return False
        if fa is sympy.log and not (self.nonneg(u, True, depth)
                                     and self.nonneg(v, True, depth)):
            return False
        gap = sympy.expand(sign * (u - v))
        if self.nonneg(gap, strict, depth):
            self.steps.append(f"{fa.__name__} is {'in' if sign > 0 else 'de'}creasing: "
                              f"the sign of {sympy.sstr(gap)[:60]}")
            return True
        return False

    def _log_sign(self, e, strict, depth):
        """c log X: log X >= 0 iff X >= 1 and log X <= 0 iff 0 < X <= 1 (c of known sign)."""
        logs = [a for a in e.atoms(sympy.log)]
        if len(logs) != 1:
            return False
        c, rest = e.as_independent(logs[0], as_Add=False)
        if rest != logs[0]:
            return False
        x = rest.args[0]
        if self.nonneg(c, strict, depth):
            goal = [sympy.expand(x - 1)]
        elif self.nonneg(-c, strict, depth):
            goal = [x, 1 - x]
        else:
            return False
        if self.nonneg(goal[0], strict or len(goal) == 2, depth) and \
                all(self.nonneg(g, strict, depth) for g in goal[1:]):
            self.steps.append(f"log({sympy.sstr(x)[:50]}) compared with 0 through "
                              f"{sympy.sstr(x)[:30]} - 1")
            return True
        return False

    def _monotone_in_parameter(self, e, strict, depth):
        """e' >= 0 in x on [a, b) and e(a) >= 0 (or e' <= 0 and e(b) >= 0): e >= 0.  Then, for
        e > 0: e(a) = 0 at an end a left out and e' > 0 (e continuous at a, e(x) = int_a^x e'
        > 0): exp(x) > 1 + x on (0, 1], log(x) < x - 1 on (0, 1)."""
        if self.differentiating or e.has(*_NON_SMOOTH) or sympy.count_ops(e) > MAX_DIFF_OPS:
            return False   # one derivative per path: a slope is signed without another
        return self._monotone_pass(e, strict, depth, False) or (strict and self._no_trace(
            lambda: self._monotone_pass(e, strict, depth, True)))

    def _tight_at_an_end(self, e) -> bool:
        """e is 0 at a finite end of a continuous parameter's range, e continuous there."""
        return not e.has(*_NON_SMOOTH) and sympy.count_ops(e) <= MAX_DIFF_OPS and any(
            value_at_end(e, self.symbols[n], end) == 0 for n, iv in self.domain.params
            if not iv.integer and self.symbols[n] in e.free_symbols
            for end in (iv.lo, iv.hi) if end is not None)

    def _no_trace(self, attempt) -> bool:
        """``attempt()``, its failed sub-goals forgotten if it fails (a late route)."""
        failed, goals = set(self.failed), self.goals
        ok = attempt()
        self.failed, self.goals = (self.failed, self.goals) if ok else (failed, goals)
        return ok

    def _monotone_pass(self, e, strict, depth, rises):
        """A pass of ``_monotone_in_parameter``; ``rises``: at the ends left out only."""
        for name, iv in self.domain.params:
            x = self.symbols[name]
            ends = [(iv.lo, iv.lo_open), (iv.hi, iv.hi_open)]
            if x not in e.free_symbols or iv.integer or (rises and not any(
                    end is not None and out for end, out in ends)):
                continue
            d = sympy.diff(e, x)
            if sympy.count_ops(d) > MAX_DIFF_OPS:
                continue
            for (end, out), slope in zip(ends, (d, -d)):
                if end is None or (rises and not out):
                    continue
                value = value_at_end(e, x, end)
                if value is None:
                    continue
                if not ((value == 0 or value.is_zero is True) if rises else
                        self.nonneg(value, strict, depth)):
                    continue
                self.differentiating = True
                try:
                    signed = self.nonneg(slope, rises, depth)
                finally:
                    self.differentiating = False
                if signed:
                    kind = (("in", "de") if rises else ("non-de", "non-in"))[end != iv.lo]
                    self.steps.append(f"{kind}creasing in {name} (derivative signed), and "
                                      f"{'0' if rises else '>= 0'} at {name} = {end}")
                    return True
        return False

    def _open_chord(self, ends, left_out, depth) -> bool:
        """e > 0 inside: >= 0 at the ends, > 0 at one and at those included (1 - x, (0, 1))."""
        sharp = [not out for out in left_out]
        return any(left_out) and self._no_trace(lambda: all(
            self.nonneg(v, st, depth) for v, st in zip(ends, sharp)) and (
            any(sharp) or any(self.nonneg(v, True, depth) for v in ends)))

    def _linear_or_concave(self, e, strict, depth):
        if e.has(*_NON_SMOOTH):
            return False  # a kink inside the interval breaks "smallest at an end"
        for name, iv in self.domain.params:
            x = self.symbols[name]
            if x not in e.free_symbols or iv.lo is None or iv.hi is None or iv.integer:
                continue
            if any(x in p.free_symbols for p in e.atoms(sympy.Piecewise)):
                continue   # a branch-by-branch derivative misses the jumps of a Piecewise
            d2 = sympy.diff(e, x, 2)
            if sympy.count_ops(d2) > MAX_DIFF_OPS:
                continue   # counted budget: a second derivative that grows is not signed here
            linear = d2 == 0 or sympy.expand(d2) == 0
            if not linear and not self.nonneg(-d2, False, depth):
                continue
            ends = [value_at_end(e, x, iv.lo), value_at_end(e, x, iv.hi)]
            if None in ends:
                continue
            if all(self.nonneg(v, strict, depth) for v in ends) or (
                    strict and self._open_chord(ends, (iv.lo_open, iv.hi_open), depth)):
                self.steps.append(f"{'linear' if linear else 'concave'} in {name}: checked "
                                  f"at {name} = {iv.lo} and {name} = {iv.hi}")
                return True
        return False

    def _homogeneous(self, e, strict, depth):
        if sympy.count_ops(e) > MAX_SCALED_OPS or e.atoms(sympy.Function):
            return False   # a cancel per pair of parameters: small algebraic margins only
        pos = [self.symbols[n] for n, iv in self.domain.params if self.symbols[n].is_positive]
        for i, x in enumerate(pos):
            for y in pos[i + 1:]:
                t = sympy.Symbol("t_scale", positive=True)
                sub = sympy.cancel(sympy.together(e.xreplace({y: t * x})))
                k = sympy.Symbol("k_scale", positive=True)
                scaled = sympy.cancel(sympy.together(sub.xreplace({x: k * x})))
                ratio = sympy.cancel(scaled / sub) if sub != 0 else None
                if ratio is None or x in ratio.free_symbols or not ratio.is_positive:
                    continue
                reduced = sympy.cancel(sub.xreplace({x: 1}))
                if x in reduced.free_symbols:
                    continue
                self.steps.append(f"homogeneous in ({x}, {y}): {y} = t {x}, {x} = 1, t > 0")
                return self.nonneg(reduced, strict, depth)
        return False

    def _induction(self, e, strict, depth):
        for name, iv in self.domain.params:
            n = self.symbols[name]
            if not iv.integer or iv.lo is None or iv.lo < 0 or n not in e.free_symbols:
                continue   # (n >= 0: a^(n + 1) = a a^n holds wherever a^n is defined)
            pows = {p for p in e.atoms(sympy.Pow) if p.exp == n and n not in p.base.free_symbols}
            if len(pows) != 1:
                continue
            (p,), e = pows, sympy.expand(e, power_exp=False)
            parts = sympy.collect(e, p, evaluate=False)
            c, q = parts.get(p, sympy.S.Zero), parts.get(sympy.S.One, sympy.S.Zero)
            if set(parts) - {p, sympy.S.One} or n in c.free_symbols or any(
                    n in x.exp.free_symbols for x in q.atoms(sympy.Pow)) or \
                    sympy.expand(c * p + q - e) != 0:
                continue
            a = p.base
            g = sympy.expand(q.subs(n, n + 1) - a * q)
            base = sympy.expand(e.subs(n, iv.lo))
            if self.nonneg(a, False, depth) and self.nonneg(g, strict, depth) and \
                    self.nonneg(base, strict, depth):
                self.steps.append(f"induction on {name} >= {iv.lo}: e({name} + 1) = "
                                  f"({sympy.sstr(a)}) e({name}) + {sympy.sstr(g)[:60]}")
                return True
        return False
