"""Where the claims language is undefined, as two exceptions every arithmetic raises.

The meaning of each function and operator at the edges of its domain is stated once in the
README ("The claims language at the edges of its domain") and implemented by
``dpproof.lowering`` (all three arithmetics) and the distribution constructors:

- ``Undefined``: the evaluated point or ball lies *certainly* where a term is undefined
  (``sqrt`` of a negative, ``log`` of a number <= 0, a division by 0, an invalid
  distribution parameter, ...).  It carries the term and the reason, so that a verdict can
  name them: "undefined at x = -1: sqrt(x) of a negative number".
- ``MaybeUndefined``: a ball *may* contain such a point (it straddles the edge).  Nothing
  may be certified on it; the interval engine splits it, a witness there certifies nothing.

Contract (docs/design.md, soundness): a claim undefined somewhere in its domain is never PROVED,
CERTIFIED or REFUTED there; where a point at which it is certainly undefined is found (and no
violation is certified where it is defined), the engines report ERROR naming the point and
the term.
"""

from __future__ import annotations

import sympy


class _EdgeError(ValueError):
    """A term at the edge of its domain.  ``term`` may be a sympy expression: it is printed
    only when a message needs it (the interval engine raises these on hot paths)."""

    _how = ""

    def __init__(self, term, reason: str):
        super().__init__(term, reason)
        self._term, self.reason = term, reason

    @property
    def term(self) -> str:
        if isinstance(self._term, str):
            return self._term
        try:
            text = sympy.sstr(self._term)
        except ValueError:          # integers beyond Python's printing limit
            text = f"{type(self._term).__name__}(...)"
        return text if len(text) <= 200 else text[:197] + "..."

    def __str__(self) -> str:
        return f"{self.term}: {self._how.format(self.reason)}"


class Undefined(_EdgeError):
    """The term is certainly undefined on the whole input (a point, or every point of a ball)."""

    _how = "{}"


class MaybeUndefined(_EdgeError):
    """The input ball may contain points where the term is undefined: certify nothing."""

    _how = "may be undefined here ({})"


def require(certainly_ok: bool, certainly_bad: bool, term, reason: str) -> None:
    """Raise ``Undefined`` if ``certainly_bad``, ``MaybeUndefined`` unless ``certainly_ok``."""
    if certainly_ok:
        return
    if certainly_bad:
        raise Undefined(term, reason)
    raise MaybeUndefined(term, reason)


# -- the edges of each partial operation -------------------------------------------------
# ``b`` is the arithmetic (``lowering``): ``b.certain(x, ">0")``, ``b.integer(x)``,
# ``b.not_integer(x)`` state certain facts about a ball (arb) or a number (mpmath, float).

def edge_check(e):
    """The definedness check of a partial operation ``e`` (sympy node), or None if total.

    Integrality known from the sympy assumptions (integer parameters) is used statically;
    otherwise it is read off the value (an exact integer ball, an integral number)."""
    if e.is_Pow:
        return _pow_check(e.args[1])
    name = e.func.__name__
    if name == "log":
        return _log_check
    if name == "log1p":   # log(1 + x), rewritten for evaluation (expr.stable)
        return _log1p_check
    if name == "binomial":
        n_int, k_int = e.args[0].is_integer, e.args[1].is_integer
        return lambda b, term, n, k: _binomial_check(b, term, n, k, n_int, k_int)
    return None


def _log_check(b, term, x):
    require(b.certain(x, ">0"), b.certain(x, "<=0"), term, "log of a number <= 0")


def _log1p_check(b, term, x):
    one_plus = b.add(b.one(), x)
    require(b.certain(one_plus, ">0"), b.certain(one_plus, "<=0"), term,
            "log of a number <= 0")


def _pow_check(exponent: sympy.Expr):
    """x^y: x > 0; x = 0 with y >= 0 (0^0 = 1); x < 0 with y an integer or a rational p/q in
    lowest terms with q odd (the real root: (-8)^(1/3) = -2); other powers of negatives are
    undefined (x^(1/2), x^(3/4), x^y for an irrational or symbolic y)."""
    if exponent.is_Integer:
        if exponent >= 0:
            return None
        return lambda b, term, x, y: require(b.certain(x, "!=0"), b.certain(x, "==0"), term,
                                             "division by zero")
    if exponent.is_Rational and int(exponent.q) % 2 == 1:
        # the real odd root: defined for every x, except 0 under a negative exponent
        if exponent > 0:
            return None
        return lambda b, term, x, y: require(b.certain(x, "!=0"), b.certain(x, "==0"), term,
                                             "division by zero")
    if exponent.is_number and exponent.is_real:
        what = "sqrt of a negative number" if exponent == sympy.S.Half else \
            f"power {sympy.sstr(exponent)} of a negative number"
        if exponent > 0:
            return lambda b, term, x, y: require(b.certain(x, ">=0"), b.certain(x, "<0"),
                                                 term, what)
        return lambda b, term, x, y: require(
            b.certain(x, ">0"), b.certain(x, "<=0"), term,
            "negative power of 0" if b.certain(x, "==0") else what)
    y_int = exponent.is_integer
    return lambda b, term, x, y: _general_pow_check(b, term, x, y, y_int)


def _general_pow_check(b, term, x, y, y_int):
    if b.certain(x, ">0"):
        return
    int_y = y_int or b.integer(y)
    if b.certain(x, "<0"):
        bad = y_int is False or b.not_integer(y)
        return require(bool(int_y), bad, term, "non-integer power of a negative number")
    if b.certain(x, "==0"):
        return require(b.certain(y, ">=0"), b.certain(y, "<0"), term, "negative power of 0")
    ok = b.certain(y, ">=0") and (b.certain(x, ">=0") or int_y)
    require(ok, False, term, "the base may be 0 or negative")


def _binomial_check(b, term, n, k, n_int, k_int):
    """binomial(n, k): integers n >= 0 and k (0 when k < 0 or k > n)."""
    require(bool(n_int or b.integer(n)) and b.certain(n, ">=0"),
            n_int is False or b.not_integer(n) or b.certain(n, "<0"), term,
            "binomial(n, k) needs an integer n >= 0")
    require(bool(k_int or b.integer(k)), k_int is False or b.not_integer(k), term,
            "binomial(n, k) needs an integer k")
