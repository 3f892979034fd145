"""A claim compiled once to a backend (its margin and hypotheses lowered, the parameter
order), and the one strict / non-strict sign test of the engines on a margin."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ..claims import Claim
from ..definedness import MaybeUndefined, Undefined
from ..lowering import LoweringError, lower


def holds(margin, strict: bool) -> bool:
    """The relation of a margin certainly holds: ``margin > 0`` if strict, else ``>= 0``
    (for an arb ball on the whole ball; for a float or mpf at the point, nan never holds).
    The one strict / non-strict sign test of the engines."""
    return (margin > 0) if strict else (margin >= 0)


def fails(margin, strict: bool) -> bool:
    """The relation certainly fails: ``margin <= 0`` if strict, else ``< 0``."""
    return (margin <= 0) if strict else (margin < 0)


def classify(margin, strict: bool) -> bool | None:
    """True (holds), False (fails) or None (undecided: a ball across the boundary, nan)."""
    if holds(margin, strict):
        return True
    return False if fails(margin, strict) else None


@dataclass(frozen=True)
class Compiled:
    """A claim's margin and hypotheses lowered once to a backend, with the parameter order.

    The claim holds iff every hypothesis margin is >= 0 (> 0 if strict) implies the
    conclusion's margin is >= 0 (> 0 if strict).
    """

    claim: Claim
    backend: str
    names: tuple[str, ...] = field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "names", self.claim.domain.names)

    @cached_property
    def margin(self):
        st = self.claim.statement
        return lower(st.margin(), self.names, self.backend, _guards(st))

    @cached_property
    def hypotheses(self) -> tuple[tuple[object, bool], ...]:
        return tuple((lower(h.margin(), self.names, self.backend, _guards(h)), h.strict)
                     for h in self.claim.statement.hypotheses)

    @property
    def strict(self) -> bool:
        return self.claim.statement.strict

    def hypotheses_on(self, balls) -> bool | None:
        """On these balls: True if every hypothesis is certified to hold, False if one is
        certified to fail, None if undecided (arb backend).

        Hypotheses are read left to right, like a guarded conjunction: a hypothesis needs
        to be defined only where those before it hold.  ``Undefined`` propagates only when
        every earlier one is certified to hold; a ball that may be undefined is undecided.
        """
        verdict = True
        for h, strict in self.hypotheses:
            try:
                v = h(*balls)
            except MaybeUndefined:
                return None
            except Undefined:
                if verdict is True:
                    raise
                return None
            sign = classify(v, strict)
            if sign is True:
                continue
            if sign is False:
                return False
            verdict = None
        return verdict


def _guards(statement) -> tuple:
    """Terms of the statement as written that sympy simplified away (``x/x``), whose
    definedness still counts; recorded by the parser (``Statement.guards``) when it has them."""
    return tuple(getattr(statement, "guards", ()) or ())


def lowers(claim: Claim, backend: str) -> bool:
    """Whether the claim's expressions can be compiled to ``backend``."""
    if not claim.checkable or claim.statement is None:
        return False
    try:
        compiled = Compiled(claim, backend)
        compiled.margin, compiled.hypotheses  # noqa: B018 - compile now to find errors
    except LoweringError:
        return False
    return True
