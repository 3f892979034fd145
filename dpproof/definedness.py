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

Contract (DESIGN.md, soundness): a claim undefined somewhere in its domain is never PROVED,
CERTIFIED or REFUTED there; where a point at which it is certainly undefined is found, the
engines report ERROR naming the point and the term.
"""

from __future__ import annotations


class Undefined(ValueError):
    """The term is certainly undefined on the whole input (a point, or every point of a ball)."""

    def __init__(self, term: str, reason: str):
        self.term, self.reason = term, reason
        super().__init__(f"{term}: {reason}")


class MaybeUndefined(ValueError):
    """The input ball may contain points where the term is undefined: certify nothing."""

    def __init__(self, term: str, reason: str):
        self.term, self.reason = term, reason
        super().__init__(f"{term}: may be undefined here ({reason})")


def require(certainly_ok: bool, certainly_bad: bool, term: str, reason: str) -> None:
    """Raise ``Undefined`` if ``certainly_bad``, ``MaybeUndefined`` unless ``certainly_ok``."""
    if certainly_ok:
        return
    if certainly_bad:
        raise Undefined(term, reason)
    raise MaybeUndefined(term, reason)
