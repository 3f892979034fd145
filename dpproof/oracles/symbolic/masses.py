"""Densities, privacy losses and loss masses from the definitions, as sympy expressions.

Each mirrors its ball oracle (``dpproof.oracles.divergences.privacy_loss``) exactly:

- ``density(P, y)``: p(y) from the piece containing y.  At a breakpoint the first piece that
  contains y wins, a piece inside the support before one outside it (supports are closed:
  the ball oracle's ``Continuous._candidates``); where the piece is not decided by sympy's
  assumptions, a ``Piecewise`` over the breakpoints in that order.
- ``loss_at(P, Q, y)`` = log p(y) - log q(y), the same way; Underivable where p(y) or q(y)
  may be 0.
- ``bad_mass(P, Q, eps)`` = P(loss > eps) and ``loss_tail`` = P(|loss| > eps), strict as
  ``_pred``; atoms / pieces where Q vanishes and P does not count fully; ``loss_tail`` is 1
  for eps < 0.  Continuous laws: on each piece of the common refinement the loss must be
  linear (equal scales), the crossing point is clamped to the piece.
- ``hs_events(P, Q, eps)``: the maximum over all 2^n events (n <= 6) of P(A) - e^eps Q(A).
- ``cdf(P, t)`` = P(Y <= t) and ``signed_mass_below(P, Q, eps, t)`` = P(Y <= t) - e^eps
  Q(Y <= t) of continuous laws: the integral of each piece over [lo, clamp(t, lo, hi)].
- Finite laws (outcomes 0..n-1) at a given number y or t: ``density`` is the mass at y (0
  where y is no outcome), ``loss_at`` the log ratio of the masses (Underivable where one may
  be 0), ``cdf`` the sum of the masses of the outcomes up to t.
- ``osgt_tail(sigma, m, y)`` = P[Y >= y] of the OSGT's first form (kernel exp(-x^2/(2 s^2)
  - |x| m/s^2), integrated over [clamp(y), hi] on each side of 0, over its integral), and
  ``rejection_shift_cdf(sigma, m, t)`` from the masses of N(0, sigma^2): the kept mass is
  1 - P(-m < X < m); t < 0 takes P(X <= t - m), t >= 0 adds P(m <= X <= t + m) to P(X <= -m).

Each raises ``Underivable`` where a needed sign or order is not decided.
"""

from __future__ import annotations

from itertools import combinations

import sympy
from sympy import Max, Or, Piecewise, exp, log

from .divergences import _clamp
from .pieces import (DENSITIES, X, Underivable, certainly, decide_condition, integral, merge,
                     require)

MAX_EVENT_ATOMS = 6


def _number_sign(n) -> int | None:
    """The sign of a constant: 0 if it simplifies to 0, else +-1 if certified in arb."""
    from dpproof.lowering import LoweringError, at_precision, lower
    if n.is_Rational:
        return int(sympy.sign(n))
    try:
        with at_precision(128):
            v = lower(n, (), "arb")()
    except (LoweringError, TypeError, ValueError, ZeroDivisionError, NotImplementedError):
        v = None
    if v is not None and (v > 0 or v < 0):
        return 1 if v > 0 else -1
    return 0 if sympy.simplify(sympy.expand_log(n, force=False)) == 0 else None


def _positive(d, strict: bool) -> bool:
    """d > 0 (d >= 0 unless strict) certainly: by the assumptions, or with d split into a
    constant (its sign certified in arb or exactly 0) and a part whose sign the assumptions
    decide (sympy's Add rules do not combine an irrational constant with a symbol's sign)."""
    d = sympy.expand(d)
    if (d.is_positive if strict else d.is_nonnegative):
        return True
    n = sympy.Add(*(a for a in sympy.Add.make_args(d) if not a.free_symbols))
    s = d - n
    sign = _number_sign(n)
    if sign is None or sign < 0:
        return False
    if sign > 0:
        return bool(s.is_nonnegative)
    return bool(s.is_positive if strict else s.is_nonnegative)


def decide(cond) -> bool | None:
    """True / False where the assumptions (and certified constants) decide ``cond`` (an
    order relation between real expressions, or an Or / And of them), else None."""
    return decide_condition(cond, _decide_relation)


def _decide_relation(cond) -> bool | None:
    if isinstance(cond, (sympy.StrictGreaterThan, sympy.GreaterThan, sympy.StrictLessThan,
                         sympy.LessThan)):
        big, small = (cond.lhs, cond.rhs) if isinstance(
            cond, (sympy.StrictGreaterThan, sympy.GreaterThan)) else (cond.rhs, cond.lhs)
        strict = isinstance(cond, (sympy.StrictGreaterThan, sympy.StrictLessThan))
        if _positive(big - small, strict):
            return True
        if _positive(small - big, not strict):
            return False
    if certainly(cond):
        return True
    if certainly(sympy.Not(cond)):
        return False
    return None


def _indicator(mass, cond):
    """mass if cond else 0, decided now where the assumptions decide cond."""
    known = decide(cond)
    if known is not None:
        return mass if known else sympy.S.Zero
    return Piecewise((mass, cond), (0, True))


# -- values at a point ---------------------------------------------------------------------

def _branches(pieces, y) -> list:
    """[(logp or None, condition)] of the piece containing y, in the ball oracle's order:
    at a breakpoint the earlier piece, unless it is outside the support and the next is
    inside (closed supports).  Branches certainly not taken are dropped; the last is True."""
    out = []
    for i, piece in enumerate(pieces):
        if i == len(pieces) - 1:
            cond = sympy.true
        else:
            nxt = pieces[i + 1]
            strict = piece.logp is None and nxt.logp is not None
            cond = (y < piece.hi) if strict else (y <= piece.hi)
        known = decide(cond)
        if known:
            out.append((piece.logp, sympy.true))
            return out
        if known is False:
            continue
        out.append((piece.logp, cond))
    return out


def _pieces(P):
    name = type(P).__name__
    if name not in DENSITIES:
        raise Underivable(f"no density pieces for {name}")
    return DENSITIES[name](*P.args)


def _piecewise(branches, value):
    args = [(value(lp), cond) for lp, cond in branches]
    return args[0][0] if len(args) == 1 else Piecewise(*args)


def _finite_at(P, y):
    """A finite law's masses and the outcome index at a given number y (None where y is no
    outcome 0..n-1); None when P is not a finite law, Underivable at a symbolic y."""
    if type(P).__name__ in DENSITIES:
        return None
    from .finite_laws import masses
    m = masses(P)   # Underivable for a law that is neither
    if not getattr(y, "is_Rational", False):   # integers included
        raise Underivable(f"the mass of a finite law at {y} (a given number)")
    return m, (int(y) if y.is_Integer and 0 <= int(y) < len(m) else None)


def density(P, y) -> sympy.Expr:
    finite = _finite_at(P, y)
    if finite is not None:
        m, k = finite
        return sympy.S.Zero if k is None else m[k]
    return _piecewise(_branches(_pieces(P), y),
                      lambda lp: sympy.S.Zero if lp is None else exp(lp.xreplace({X: y})))


def _log_density(P, y) -> sympy.Expr:
    finite = _finite_at(P, y)
    if finite is not None:
        m, k = finite
        if k is None:
            raise Underivable(f"{y} is no outcome of {P}: its mass is 0")
        require(m[k] > 0, "a positive mass at the outcome")
        return log(m[k])
    branches = _branches(_pieces(P), y)
    if any(lp is None for lp, _ in branches):
        raise Underivable(f"the density of {P} may vanish at {y}")
    return _piecewise(branches, lambda lp: sympy.expand(lp.xreplace({X: y})))


def loss_at(P, Q, y) -> sympy.Expr:
    return _log_density(P, y) - _log_density(Q, y)


# -- masses of the privacy loss --------------------------------------------------------------

def _exceeds(loss, eps, two_sided: bool):
    """The ball oracle's ``_pred`` as a condition: loss > eps (or loss < -eps), strict."""
    return Or(loss > eps, loss < -eps) if two_sided else loss > eps


def loss_mass_discrete(p, q, eps, two_sided: bool) -> sympy.Expr:
    """sum over atoms with p_i > 0 of p_i [loss_i > eps] (q_i = 0: counted fully).  For
    loss_tail with eps < 0 every atom counts: the sum is 1, as the oracle's shortcut."""
    total = sympy.S.Zero
    for a, b in zip(p, q):
        if certainly(sympy.Eq(a, 0)):
            continue
        require(a > 0, "a mass of P is 0 or positive")
        if certainly(sympy.Eq(b, 0)):
            total += a
            continue
        require(b > 0, "a mass of Q is 0 or positive")
        total += _indicator(a, _exceeds(log(a / b), eps, two_sided))
    return total


def loss_mass_continuous(p, q, eps, two_sided: bool) -> sympy.Expr:
    if two_sided:
        negative = decide(eps < 0)
        if negative:
            return sympy.S.One
        form = _one_sided_sum(p, q, eps, True)
        return form if negative is False else Piecewise((1, eps < 0), (form, True))
    return _one_sided_sum(p, q, eps, False)


def _one_sided_sum(p, q, eps, two_sided):
    total = sympy.S.Zero
    for lo, hi, lp, lq in merge(p, q):
        if lp is None:
            continue
        if lq is None:          # the loss is +inf where P has mass and Q none
            total += integral(0, lp, lo, hi)
            continue
        total += _piece_loss_mass(lp, lq, eps, two_sided, lo, hi)
    return total


def _piece_loss_mass(lp, lq, eps, two_sided, lo, hi):
    """Mass of p over {x in [lo, hi]: loss(x) > eps} (and {loss(x) < -eps}), loss linear."""
    loss = sympy.Poly(sympy.expand(lp - lq), X)
    if loss.degree() > 1:
        raise Underivable("a privacy loss that is quadratic on a piece (unequal scales)")
    c0, c1 = sympy.simplify(loss.coeff_monomial(1)), sympy.simplify(loss.coeff_monomial(X))
    if c1 == 0:
        return _indicator(integral(0, lp, lo, hi), _exceeds(c0, eps, two_sided))
    if certainly(c1 > 0):
        rising = True
    elif certainly(c1 < 0):
        rising = False
    else:
        raise Underivable(f"the sign of the privacy loss slope {c1}")
    up = _clamp((eps - c0) / c1, lo, hi)            # loss = eps
    total = integral(0, lp, up, hi) if rising else integral(0, lp, lo, up)
    if two_sided:                                   # eps >= 0 here: disjoint from the above
        down = _clamp((-eps - c0) / c1, lo, hi)     # loss = -eps
        total += integral(0, lp, lo, down) if rising else integral(0, lp, down, hi)
    return total


# -- masses below a point ---------------------------------------------------------------------

def cdf(P, t) -> sympy.Expr:
    """P(Y <= t) = sum over the pieces of int_lo^min(max(t, lo), hi) p (continuous laws; a
    point has mass 0, so the ends need no care); a finite law's masses of the outcomes
    0..n-1 up to a given number t."""
    finite = _finite_at(P, t)
    if finite is not None:
        m, _ = finite
        return sympy.Add(*(mk for k, mk in enumerate(m) if k <= t))
    return sympy.Add(*(integral(0, piece.logp, piece.lo, _clamp(t, piece.lo, piece.hi))
                       for piece in _pieces(P) if piece.logp is not None))


def signed_mass_below(P, Q, eps, t) -> sympy.Expr:
    return cdf(P, t) - exp(eps) * cdf(Q, t)


def _kernel_sides(sigma, m):
    require(sigma > 0, "sigma > 0")
    quad = -X ** 2 / (2 * sigma ** 2)
    return ((-sympy.oo, 0, quad + X * m / sigma ** 2), (0, sympy.oo, quad - X * m / sigma ** 2))


def osgt_tail(sigma, m, y) -> sympy.Expr:
    sides = _kernel_sides(sigma, m)
    total = sympy.Add(*(integral(0, e, lo, hi) for lo, hi, e in sides))
    return sympy.Add(*(integral(0, e, _clamp(y, lo, hi), hi) for lo, hi, e in sides)) / total


def rejection_shift_cdf(sigma, m, t) -> sympy.Expr:
    (piece,) = DENSITIES["Normal"](0, sigma)

    def below(a):   # P(X <= a), X ~ N(0, sigma^2)
        return integral(0, piece.logp, -sympy.oo, a)
    require(m >= 0, "m >= 0")
    kept = 1 - (below(m) - below(-m))
    left, right = below(t - m) / kept, (below(-m) + below(t + m) - below(m)) / kept
    return _piecewise([(left, t < 0), (right, sympy.true)], lambda v: v) \
        if decide(t < 0) is None else (left if decide(t < 0) else right)


def hs_events_discrete(p, q, eps) -> sympy.Expr:
    """max over the 2^n events A (the empty one gives 0) of P(A) - e^eps Q(A); an outcome
    that both laws give mass 0 adds 0 to every event and is left out of the enumeration."""
    kept = [(a, b) for a, b in zip(p, q)
            if not (sympy.sympify(a).is_zero and sympy.sympify(b).is_zero)]
    p, q = [a for a, _ in kept], [b for _, b in kept]
    if len(p) > MAX_EVENT_ATOMS:
        raise Underivable(f"{len(p)} outcomes: too many events to enumerate symbolically")
    diffs = [a - exp(eps) * b for a, b in zip(p, q)]
    sums = [sympy.Add(*(diffs[i] for i in event))
            for k in range(1, len(diffs) + 1) for event in combinations(range(len(diffs)), k)]
    # at a symbolic eps, sympy's pairwise comparisons of the 2^n sums take minutes: unevaluated
    return Max(sympy.S.Zero, *sums, evaluate=not sympy.sympify(eps).free_symbols)


__all__ = ["cdf", "density", "hs_events_discrete", "loss_at", "loss_mass_continuous",
           "loss_mass_discrete", "osgt_tail", "rejection_shift_cdf", "rr_prob",
           "signed_mass_below"]


def rr_prob(eps, x, y) -> sympy.Expr:
    """P(Y = y | X = x) of binary randomized response (the ball oracle's
    ``randomized_response(eps, 2, value=x)``): y = x w.p. e^eps/(e^eps + 1), else 1/(e^eps + 1);
    x, y exact integers in {0, 1}."""
    for v in (x, y):
        if not (getattr(v, "is_Integer", False) and int(v) in (0, 1)):
            raise Underivable(f"randomized response at a non-binary or symbolic {v}")
    z = exp(eps) + 1
    return exp(eps) / z if x == y else 1 / z
