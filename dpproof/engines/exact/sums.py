"""Identities between finite sums with symbolic limits, proved summand by summand.

``sum_m c_m Sum(f_m, (i, lo, hi)) = 0`` with every Sum over the same index range (an integer
symbol such as k in a limit, so the sum cannot be written out) holds for every value of the
limits when the combined summand ``sum_m c_m f_m(i)`` (the c_m free of i) is 0 for every
integer i: each side is then the sum of the same terms.  The summand is first put in a form
where equal terms look equal: every ``Max(x, 0)`` has the factors of ``x`` that sympy knows
to be nonnegative under the symbols' assumptions moved out (``Max(c y, 0) = c Max(y, 0)`` for
c >= 0, exact), after powers of products are split (``expand_power_base`` without
``force``: only where sympy knows the bases' signs); then ``exact_forms.identity`` must reach
0.  Nothing is concluded when it does not (no refutation: a summand that is not 0 can still
sum to 0).  Cesar-Rogers 2021 Theorem 1 against the hockey-stick of the k-fold product for
every k is the example.
"""

from __future__ import annotations

import sympy

from .forms import identity


def has_symbolic_sum(expr) -> bool:
    """A Sum whose limits are not all given numbers."""
    return any(not all(x.is_number for lim in s.limits for x in lim[1:])
               for s in expr.atoms(sympy.Sum))


def _split(term):
    """(coefficient, Sum) of a term c * Sum(...) with c free of Sums, else None."""
    sums = [f for f in sympy.Mul.make_args(term) if isinstance(f, sympy.Sum)]
    if len(sums) != 1:
        return None
    coeff = sympy.Mul(*[f for f in sympy.Mul.make_args(term) if f is not sums[0]])
    return (coeff, sums[0]) if not coeff.has(sympy.Sum) else None


def combined_summand(expr):
    """(summand, ranges) with ``expr`` = the Sum of ``summand`` over ``ranges`` (a list of
    (index, lo, hi), the indices fresh integer symbols), else None: every term of ``expr``
    must be c * Sum(f, *limits) with the same (lo, hi) list and c free of the indices."""
    parts = [_split(t) for t in sympy.Add.make_args(sympy.expand(expr, deep=False, mul=True,
                                                                  multinomial=False))]
    if not parts or any(p is None for p in parts):
        return None
    ranges = [lim[1:] for lim in parts[0][1].limits]
    # finite ranges only: a series may diverge (sum (-1)^i = 2 sum (-1)^i / 2 is no identity)
    if any(len(lim) != 3 or not all(e.is_finite for e in lim[1:])
           for lim in parts[0][1].limits) or any(
            [lim[1:] for lim in s.limits] != ranges for _, s in parts):
        return None
    fresh = index_symbols(parts[0][1].limits)
    total = sympy.S.Zero
    for coeff, s in parts:
        if any(lim[0] in coeff.free_symbols for lim in s.limits):
            return None
        f = s.function.xreplace({lim[0]: x for lim, x in zip(s.limits, fresh)})
        total += coeff * f
    return total, [(x, lo, hi) for x, (lo, hi) in zip(fresh, ranges)]


def index_symbols(limits) -> list:
    """A fresh symbol for each index of one Sum's ``limits`` (sympy's order: innermost
    first), carrying what its range gives: an integer only between known integer limits (it
    takes lo, lo + 1, ... or, reversed, hi + 1, ...: x..x + 2 at x = 1/2 runs over
    half-integers), >= lo where hi >= lo - 1 (sympy's Karr convention sums hi + 1..lo - 1
    otherwise), so nonnegative (positive) where lo >= 0 (> 0).  A limit is read with the
    outer indices (later in ``limits``) as their fresh symbols, never by their own
    assumptions (i declared positive may run over -k..-1), and an inner index in it (not
    bound there) as a symbol of no sign."""
    out, outer = [None] * len(limits), {}
    unbound = {lim[0]: sympy.Dummy(lim[0].name, integer=True) for lim in limits}
    for n in reversed(range(len(limits))):
        x, *ends = limits[n]
        lo, hi = (e.xreplace({**unbound, **outer}) for e in ends) if len(ends) == 2 else (
            None, None)
        whole = bool(lo is not None and lo.is_integer and hi.is_integer)
        runs = whole and bool((hi - lo + 1).is_nonnegative)
        out[n] = sympy.Dummy(f"i{n}", integer=whole or None, real=(
            lo is not None and lo.is_extended_real and hi.is_extended_real) or None,
            nonnegative=True if runs and lo.is_nonnegative else None,
            positive=True if runs and lo.is_positive else None)
        outer[x] = out[n]
    return out


def nonnegative_factors_out(expr):
    """Every Max(x, 0) as c Max(y, 0), c the product of the factors of x that sympy knows to
    be nonnegative (x = c y, powers of products split first where the bases' signs are known)."""
    def pull(m):
        args = list(m.args)
        if len(args) != 2 or sympy.S.Zero not in args:
            return m
        x = args[0] if args[1] == 0 else args[1]
        x = sympy.factor_terms(sympy.powsimp(sympy.expand_power_base(x), combine="exp"))
        keep, out = [], []
        for f in sympy.Mul.make_args(x):
            (out if f.is_nonnegative else keep).append(f)
        if not out:
            return m
        return sympy.Mul(*out) * sympy.Max(sympy.Mul(*keep), 0)
    return expr.replace(lambda e: isinstance(e, sympy.Max), pull)


def prove_zero(expr) -> str | None:
    """The derivation line when ``expr`` (lhs - rhs of an identity) is a combination of sums
    over one symbolic range whose combined summand is 0 for every integer index, else None."""
    if not has_symbolic_sum(expr):
        return None
    got = combined_summand(expr)
    if got is None:
        return None
    summand, ranges = got
    verdict, detail, _, _ = identity(nonnegative_factors_out(summand))
    if verdict is None or verdict.name != "PROVED":
        return None
    over = ", ".join(f"{sympy.sstr(x)} = {sympy.sstr(lo)}..{sympy.sstr(hi)}"
                     for x, lo, hi in ranges)
    return (f"summand by summand over {over}: the combined summand is 0 for every integer "
            f"index after nonnegative factors are moved out of each Max ({detail})")
