"""Exact rewrites and sign-safe forms shared by the symbolic engine and its proof by cases.

``forms``: the rewrites an identity or a margin is tried in (as given, the canonical erfc
form, expand, together, expand_log without ``force``, logs grouped by coefficient
(``log_groups``), logs of factored arguments expanded and cancelled, powers of products
split, simplify), each an exact identity
under the symbols' assumptions; ``identity``: an identity decided by one of them reaching 0;
``certified_constants``: non-rational constants replaced by symbols whose sign is certified
in arb (sympy would decide them by floating-point ``evalf``); ``erfc_by_range``: erfc of a
real argument as a positive symbol.
"""

from __future__ import annotations

import functools
import itertools

import sympy
from flint import arb

from ...evidence import Verdict
from ...lowering import LoweringError, at_precision, lower
from ...sympy_powers import bounded_expansions
from ...oracles import symbolic as symbolic_oracles
from .log_groups import logs_grouped, logs_of_factors


def forms(expr, slow=None):
    """Exact rewrites of ``expr``; one that sympy cannot carry out (it raises, e.g. on a
    Piecewise whose conditions compare equal constants) is skipped.  ``slow`` False: all but
    ``simplify`` (the slow one); True: ``simplify`` only; None: all."""
    if slow is True:
        form = rewrite(sympy.simplify, expr)
        if form is not None:
            yield "simplify", form
        return
    yield "as given", expr
    canonical = rewrite(symbolic_oracles.canonical, expr)
    if canonical is not None and canonical != expr:
        yield "erfc form", sympy.expand(canonical)
    powers = rewrite(exp_powers, expr)
    if powers is not None and powers is not expr:
        yield "exponentials of rationals as powers of one symbol", powers
    for name, fn in (("expand", sympy.expand),
                     ("together", lambda e: sympy.together(sympy.expand(e))),
                     ("expand_log", lambda e: sympy.expand(sympy.expand_log(e, force=False))),
                     ("logs grouped by coefficient", logs_grouped),
                     ("logs of factored arguments expanded", _logs_expanded),
                     ("powers of products split", _powers_split)):
        form = rewrite(fn, expr)
        if form is not None:
            yield name, form
    if slow is None:
        yield from forms(expr, slow=True)


def _powers_split(expr):
    """The base of each non-integer power over a common denominator, then (a b)^x = a^x b^x
    where sympy's assumptions make a, b >= 0 (``expand_power_base`` without ``force``),
    powers of one base combined, and expanded: the form in which the tangency of
    (1 - 1/alpha)^alpha/(alpha - 1) t^alpha at t = alpha e^eps/(alpha - 1) cancels after
    the half-line shift of alpha (osgt22.rdp_to_dp).  None (not tried) unless some power has
    an exponent not known to be an integer: otherwise ``expand`` gives this form."""
    if not any(isinstance(x, sympy.Pow) and not x.exp.is_integer
               for x in sympy.preorder_traversal(expr)):
        return None
    expr = expr.replace(lambda x: isinstance(x, sympy.Pow) and not x.exp.is_integer,
                        lambda x: sympy.Pow(sympy.together(x.base), x.exp))
    return sympy.expand(sympy.powsimp(sympy.expand_power_base(expr)))


def interleaved(margin, shifted, slow: bool):
    """(label, rewrite name, form): the quick (``slow`` False) or the slow rewrites of a
    margin and of its half-line shift, in turn."""
    for direct, shift in itertools.zip_longest(forms(margin, slow), forms(shifted, slow)):
        for label, got in (("direct", direct), ("half-line shift", shift)):
            if got is not None:
                yield (label, *got)


def exp_powers(expr):
    """``oracles.symbolic.adaptive.exp_powers`` (exp(q), q rational, as powers of one
    symbol, over a common denominator) after the constant switches are resolved
    (``switches_decided``): exact rewrites, a polynomial computation."""
    return symbolic_oracles.AD.exp_powers(switches_decided(expr), back=False)


def _ball(c):
    try:
        with at_precision(256):
            return lower(c, (), "arb")()
    except (LoweringError, TypeError, ValueError, ZeroDivisionError, NotImplementedError):
        return None


def switches_decided(expr):
    """Each Max / Min / Abs of constants replaced by the argument that wins with a sign
    certified in arb (256 bits), innermost first; undecided ones kept: an exact rewrite."""
    def one(e):
        if not isinstance(e, (sympy.Max, sympy.Min, sympy.Abs)) or e.free_symbols:
            return e
        if isinstance(e, sympy.Abs):
            v = _ball(e.args[0])
            return e if v is None or not (v >= 0 or v <= 0) else (e.args[0] if v >= 0 else -e.args[0])
        balls = [_ball(a) for a in e.args]
        if any(b is None for b in balls):
            return e
        big = isinstance(e, sympy.Max)
        for i, (a, b) in enumerate(zip(e.args, balls)):
            if all(b >= o if big else b <= o for j, o in enumerate(balls) if j != i):
                return a
        return e
    return sympy.S(expr).replace(lambda e: isinstance(e, (sympy.Max, sympy.Min, sympy.Abs)), one) \
        if expr.has(sympy.Max, sympy.Min, sympy.Abs) else expr


def _logs_expanded(expr):
    """``log_groups.logs_of_factors``, then brought over a common denominator: exact
    rewrites only (a Renyi divergence derived from the densities against a printed sum of
    logs, azize23.alg2.renyi_exact.repaired)."""
    if not expr.has(sympy.log):
        return expr
    e = sympy.cancel(sympy.together(sympy.expand(logs_of_factors(expr))))
    return sympy.cancel(sympy.together(e))   # the first pass can leave nested fractions


def rewrite(fn, expr):
    """``fn(expr)``, or None where sympy gives up: ArithmeticError too, e.g. the
    OverflowError of python-flint's ``fmpz_pow_fmpz`` in sympy's heuristic gcd, which
    ``cancel`` raised on ``renyi(Laplace(0, 1), Laplace(1, 1), a) >= exp(-1) + 10^-20`` and
    which made the claim an ERROR.  Inside ``sympy_powers.bounded_expansions``: a
    multinomial expansion too large to build is refused (``PowerTooLarge``), not run until
    the memory is gone."""
    try:
        with bounded_expansions():
            return fn(expr)
    except (TypeError, ValueError, NotImplementedError, RecursionError, ArithmeticError):
        return None


def identity(diff):
    tried = []
    for name, form in forms(diff):
        tried.append(name)
        if form == 0:
            return Verdict.PROVED, f"lhs - rhs simplifies to 0 ({name})", tried, None
        if form.is_number and form.is_zero is False:
            return Verdict.REFUTED, f"lhs - rhs simplifies to the constant {form}", tried, None
    tried.append("logs exponentiated")
    if rewrite(log_linear_zero, diff):
        return Verdict.PROVED, "lhs - rhs = g (sum k_i log P_i + R) with rational k_i, and " \
            "prod P_i^k_i exp(R) - 1 expands to 0 (logs exponentiated)", tried, None
    return None, "", tried, None


def log_linear_zero(expr) -> bool:
    """True if ``expr`` (in the canonical erfc form, expanded) is ``g (sum_i k_i log P_i +
    R)`` with rational k_i and the product ``prod_{k_i > 0} P_i^k_i exp(R) - prod_{k_i < 0}
    P_i^-k_i`` (the k_i scaled to integers) expands to 0 -- so ``expr`` = 0 wherever it is
    defined (every P_i > 0) and g, R are finite, hence everywhere it is defined and
    continuous.  The identity of a Renyi divergence derived from the densities with a
    printed closed form whose logs group the terms differently (osgt22.rdp.exact)."""
    d = sympy.expand(symbolic_oracles.canonical(expr))
    if d == 0:
        return True
    logs = sorted(d.atoms(sympy.log), key=sympy.default_sort_key)
    if not logs or sympy.count_ops(d) > 2000:
        return False
    parts = sympy.collect(d, logs, evaluate=False)
    if set(parts) - set(logs) - {sympy.S.One}:
        return False          # powers or products of logs
    coeffs = [parts.get(lg, sympy.S.Zero) for lg in logs]
    g = next((c for c in coeffs if c != 0), None)
    if g is None:
        return False
    ks = [sympy.cancel(c / g) for c in coeffs]
    if not all(k.is_Rational for k in ks):
        return False
    scale = sympy.ilcm(1, 1, *[k.q for k in ks])
    ks = [int(k * scale) for k in ks]
    rest = sympy.expand(sympy.cancel(parts.get(sympy.S.One, sympy.S.Zero) * scale / g))
    if rest.has(sympy.log):
        return False
    up = sympy.Mul(*[lg.args[0] ** k for lg, k in zip(logs, ks) if k > 0])
    down = sympy.Mul(*[lg.args[0] ** -k for lg, k in zip(logs, ks) if k < 0])
    gap = sympy.expand(sympy.powsimp(sympy.expand(up * sympy.exp(rest) - down)))
    # P_i that are quotients of sums (a mass over a mass) cancel only as rational functions
    # of their atoms: valid wherever every P_i is defined, which their logs require
    return gap == 0 or (sympy.count_ops(gap) <= 2000 and sympy.cancel(gap) == 0)


def erfc_by_range(expr):
    """``expr`` with each ``erfc`` of a real argument replaced by a fresh positive symbol.
    erfc maps the real line into (0, 2): a sign proved for every positive value of the
    symbol holds at erfc's value (a generalisation -- sound, and blind to the upper end 2).
    The Gaussian tails Q, Phi and erf are erfc after ``canonical``."""
    reps = {e: sympy.Dummy("erfc", positive=True) for e in expr.atoms(sympy.erfc)
            if e.args[0].is_real}
    return expr.xreplace(reps) if reps else expr


def certified_constants(expr):
    """``expr`` with every numeric term that is not a rational (e.g. ``Q(2/3) - 1/4``)
    replaced by a fresh symbol whose sign is certified in arb, or by 0 where its ball holds
    0 and an exact rewrite reaches 0 (``1 - log(e/(1+e) / (1/(1+e)))``); None if neither.
    sympy decides the sign of such constants by floating-point ``evalf``, which is not a
    proof; after this the sign rules reason only about assumptions."""
    if not expr.free_symbols:
        return _constant(expr)
    if expr.is_Atom:
        return expr
    if expr.is_Add or expr.is_Mul:
        const = [a for a in expr.args if not a.free_symbols]
        rest = [a for a in expr.args if a.free_symbols]
        if len(const) > 1:
            rest.append(expr.func(*const))
        else:
            rest += const
        args = rest
    else:
        args = expr.args
    kids = [certified_constants(a) for a in args]
    return None if any(k is None for k in kids) else expr.func(*kids)


@functools.lru_cache(maxsize=8192)
def _constant(expr):
    if expr.is_Rational or expr in (sympy.pi, sympy.E):
        return expr
    try:
        fn = lower(expr, (), "arb")
        with at_precision(256):
            v = fn()
    except (LoweringError, TypeError, ValueError, ZeroDivisionError, NotImplementedError):
        return None
    if v > 0:
        return sympy.Dummy("c", positive=True)
    if v < 0:
        return sympy.Dummy("c", negative=True)
    # only a ball that is finite and tight around 0 suggests an exact 0 worth rewriting
    # (an undefined log of a negative, or a loose enclosure, is left undecided)
    near_zero = isinstance(v, arb) and v.is_finite() and abs(v) < arb(2) ** -64
    return sympy.S.Zero if near_zero and exact_zero(expr) else None


ZERO_BUDGET = 2.0


def simplify_constants(expr):
    """``expr`` with each largest constant part (a constant subtree, or the constant terms
    of a sum) that ``simplify`` shortens replaced by the shorter form (an exact rewrite): a
    derived switch ``eps < log((1 - 1/(1+e)) / (1 - e/(1+e)))`` becomes ``eps < 1``, which
    the proof by cases can split at and compare with -- a certified-sign symbol would
    forget the value; ``1 - 1/(1+e)`` becomes ``e/(1+e)``, whose log the sign rules expand."""
    from ..signs import guarded
    memo = {}

    def short(c):
        if c not in memo:
            got = guarded(sympy.simplify, c, seconds=ZERO_BUDGET)
            size = lambda e: (sympy.count_ops(e), len(str(e)))  # noqa: E731
            memo[c] = got if got is not None and size(got) < size(c) else c
        return memo[c]

    def walk(e):
        if e.is_Atom or not isinstance(e, (sympy.Expr, sympy.logic.boolalg.Boolean,
                                           sympy.core.containers.Tuple)):
            return e
        if isinstance(e, sympy.Expr) and not e.free_symbols:
            return short(e)
        args = [walk(a) for a in e.args]
        if e.is_Add:
            const = [a for a in args if not a.free_symbols]
            if len(const) > 1:
                args = [a for a in args if a.free_symbols] + [short(sympy.Add(*const))]
        if tuple(args) == e.args:
            return e
        with sympy.evaluate(False):   # a Piecewise rebuilt on equal constants: see cases
            return e.func(*args)
    return walk(expr)


def exact_zero(expr) -> bool:
    """True if an exact rewrite (exp_powers, expand, together, simplify) of the constant
    ``expr`` is 0;
    False if none is within ``ZERO_BUDGET`` each.  A proof, not a numerical test."""
    from ..signs import guarded  # signs imports the lowering, as this module does
    for fn in (exp_powers, sympy.expand, lambda e: sympy.together(sympy.expand(e)),
               sympy.simplify):
        if guarded(fn, expr, seconds=ZERO_BUDGET) == 0:
            return True
    return False
