"""Where a claim's parameters range: ``Interval`` (exact ends, open or closed, integer or
continuous) and ``Domain`` (a box of named intervals, in a fixed order); the sympy symbol a
parameter gets from its range (``symbol_for``) and the exact text of a number (``exact_text``).
Pure data over sympy, like ``claims``, which re-exports every name.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy


def _rational(value, what: str) -> sympy.Rational | None:
    """An exact rational from an int, Fraction, decimal string or sympy number; None stays None.

    Floats are accepted only through their shortest decimal repr (``0.1`` -> 1/10), which is
    what a person who typed the literal meant; everything is exact from then on.
    """
    if value is None:
        return None
    if isinstance(value, bool):
        raise TypeError(f"{what}: got boolean {value!r}; expected a number")
    if isinstance(value, (int, Fraction)):
        return sympy.Rational(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError(f"{what}: got {value!r}; use None for an unbounded end")
        return sympy.Rational(repr(value))
    if isinstance(value, str):
        return sympy.Rational(value)
    if isinstance(value, sympy.Rational):
        return value
    if isinstance(value, sympy.Basic) and value.is_number:
        return None if value in (sympy.oo, -sympy.oo) else value
    raise TypeError(f"{what}: got {value!r} of type {type(value).__name__}; "
                    "expected int, Fraction, decimal string or sympy number")


@dataclass(frozen=True)
class Interval:
    """A parameter range: ``lo``/``hi`` exact (None = unbounded), each end open or closed."""

    lo: sympy.Expr | None
    hi: sympy.Expr | None
    lo_open: bool = False
    hi_open: bool = False
    integer: bool = False

    def __post_init__(self):
        object.__setattr__(self, "lo", _rational(self.lo, "interval lower end"))
        object.__setattr__(self, "hi", _rational(self.hi, "interval upper end"))
        if self.lo is None:
            object.__setattr__(self, "lo_open", True)
        if self.hi is None:
            object.__setattr__(self, "hi_open", True)
        if self.integer:
            self._integer_ends()
        for end in (self.lo, self.hi):
            # every engine reads the ends as exact rationals (balls, effective_bounds): an
            # irrational end (sqrt(2), pi) was accepted here and crashed them
            if end is not None and not end.is_Rational:
                raise ValueError(f"interval end {end} is not an exact rational; give a "
                                 f"rational end (e.g. {sympy.Rational(str(sympy.N(end, 6)))}) "
                                 "and the exact bound as a hypothesis (x^2 <= 2 => ...)")
        if self.lo is not None and self.hi is not None:
            empty = self.lo > self.hi or (self.lo == self.hi and (self.lo_open or self.hi_open))
            if empty:
                raise ValueError(f"empty interval {self}: lower end must not exceed upper end")

    def _integer_ends(self) -> None:
        """An integer range has closed integer ends: ``(0, 5)`` is {1, ..., 4}, ``[1/2, 3]``
        is {1, 2, 3} (an open end excludes it; ceil/floor of the others)."""
        written = str(self)
        if self.lo is not None:
            lo = sympy.floor(self.lo) + 1 if self.lo_open else sympy.ceiling(self.lo)
            object.__setattr__(self, "lo", sympy.Integer(lo))
            object.__setattr__(self, "lo_open", False)
        if self.hi is not None:
            hi = sympy.ceiling(self.hi) - 1 if self.hi_open else sympy.floor(self.hi)
            object.__setattr__(self, "hi", sympy.Integer(hi))
            object.__setattr__(self, "hi_open", False)
        if self.lo is not None and self.hi is not None and self.lo > self.hi:
            raise ValueError(f"empty interval {written}: it holds no integer")

    @classmethod
    def closed(cls, lo, hi, integer: bool = False) -> "Interval":
        return cls(lo, hi, False, False, integer)

    @classmethod
    def open(cls, lo, hi) -> "Interval":
        return cls(lo, hi, True, True)

    @classmethod
    def point(cls, value) -> "Interval":
        return cls(value, value)

    @property
    def bounded(self) -> bool:
        return self.lo is not None and self.hi is not None

    @property
    def is_point(self) -> bool:
        return self.lo is not None and self.lo == self.hi

    def contains(self, x) -> bool:
        x = sympy.nsimplify(x) if not isinstance(x, sympy.Basic) else x
        if self.integer and not x.is_integer:
            return False
        if self.lo is not None and (x < self.lo or (self.lo_open and x == self.lo)):
            return False
        if self.hi is not None and (x > self.hi or (self.hi_open and x == self.hi)):
            return False
        return True

    def __str__(self) -> str:
        lo = "-inf" if self.lo is None else str(self.lo)
        hi = "inf" if self.hi is None else str(self.hi)
        if self.is_point:
            return f"{{{lo}}}"
        text = f"{'(' if self.lo_open else '['}{lo}, {hi}{')' if self.hi_open else ']'}"
        return text + (" integers" if self.integer else "")


@dataclass(frozen=True)
class Domain:
    """A box of named parameters, in a fixed order."""

    params: tuple[tuple[str, Interval], ...] = ()

    @classmethod
    def of(cls, **ranges: Interval) -> "Domain":
        return cls(tuple(ranges.items()))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.params)

    def __getitem__(self, name: str) -> Interval:
        for key, interval in self.params:
            if key == name:
                return interval
        raise KeyError(f"no parameter {name!r}; the domain has {', '.join(self.names) or 'none'}")

    def symbols(self) -> dict[str, sympy.Symbol]:
        """Symbols with the strongest assumptions the box implies (a superset of the box)."""
        return {name: symbol_for(name, iv) for name, iv in self.params}

    @property
    def is_finite_instance(self) -> bool:
        return all(iv.is_point for _, iv in self.params)

    @property
    def instance_count(self) -> int | None:
        """The number of points when the box is a finite set (every parameter a point or a
        bounded integer range, e.g. an index grid); None for a continuous box or no parameters."""
        if not self.params:
            return None
        total = 1
        for _, iv in self.params:
            count = _points_in(iv)
            if count is None:
                return None
            total *= count
        return total

    def __str__(self) -> str:
        return ", ".join(f"{n} in {iv}" for n, iv in self.params) or "(no parameters)"


def _points_in(iv: Interval) -> int | None:
    """How many points a point or a bounded integer range holds; None when it is a continuum."""
    if iv.is_point:
        return 1
    if not (iv.integer and iv.bounded):
        return None
    lo, hi = integer_ends(iv)
    return max(hi - lo + 1, 0)


def integer_ends(iv: Interval) -> tuple[int, int]:
    """The least and greatest integers of a bounded range, open ends excluded."""
    lo, hi = sympy.ceiling(iv.lo), sympy.floor(iv.hi)
    lo += 1 if iv.lo_open and lo == iv.lo else 0
    hi -= 1 if iv.hi_open and hi == iv.hi else 0
    return int(lo), int(hi)


def exact_text(value) -> str:
    """An exact number as a reader writes it: ``1``, ``0.99``, ``1/3`` (decimals when finite)."""
    value = sympy.nsimplify(value) if not isinstance(value, sympy.Basic) else value
    if value.is_Rational:
        frac = Fraction(int(value.p), int(value.q))
        q = frac.denominator
        for prime in (2, 5):
            while q % prime == 0:
                q //= prime
        if q == 1 and frac.denominator != 1:
            digits = 0
            while (frac * 10 ** digits).denominator != 1:
                digits += 1
            return f"{float(frac):.{digits}f}" if digits <= 15 else str(frac)
        return str(frac)
    if value.is_number:
        return f"{sympy.sstr(value)} ~ {sympy.N(value, 6)}"
    return sympy.sstr(value)


def symbol_for(name: str, iv: Interval) -> sympy.Symbol:
    """The sympy symbol for a parameter: real, with sign/integer assumptions the box implies."""
    assumptions: dict[str, bool] = {"real": True}
    if iv.integer:
        assumptions["integer"] = True
    if iv.lo is not None and (iv.lo > 0 or (iv.lo == 0 and iv.lo_open)):
        assumptions["positive"] = True
    elif iv.lo is not None and iv.lo >= 0:
        assumptions["nonnegative"] = True
    elif iv.hi is not None and (iv.hi < 0 or (iv.hi == 0 and iv.hi_open)):
        assumptions["negative"] = True
    elif iv.hi is not None and iv.hi <= 0:
        assumptions["nonpositive"] = True
    return sympy.Symbol(name, **assumptions)
