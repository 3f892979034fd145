"""The claim model: frozen, declarative descriptions of theorems over sympy expressions.

A ``Claim`` says *what* is asserted (a ``Statement`` over a ``Domain``) and *where it comes
from* (a ``Source``); it knows nothing of the engines that decide it.  Every relation is
normalised by ``Statement.margin()`` to ``margin >= 0`` (or ``> 0`` when strict), which is
what the engines certify or refute.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable

import sympy

RELATIONS = ("==", "<=", "<", ">=", ">")


class Kind(enum.Enum):
    """What sort of statement a claim is; decides which verdicts make sense."""

    IDENTITY = "identity"        # lhs == rhs over the domain
    INEQUALITY = "inequality"    # lhs <= rhs (or <) over the domain
    VALUE = "value"              # a number printed in a source, within its printed digits
    CITED = "cited"              # cited, asymptotic or qualitative: NOT_CHECKABLE


@dataclass(frozen=True)
class Source:
    """Where a claim comes from: ``key`` (e.g. ``osgt22``), the source file and a locator."""

    key: str
    file: str
    locator: str
    note: str = ""

    def __str__(self) -> str:
        return f"{self.key} ({self.file}), {self.locator}"


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
    lo, hi = sympy.ceiling(iv.lo), sympy.floor(iv.hi)
    lo += 1 if iv.lo_open and lo == iv.lo else 0
    hi -= 1 if iv.hi_open and hi == iv.hi else 0
    return max(int(hi - lo + 1), 0)


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


@dataclass(frozen=True)
class Statement:
    """``lhs rel rhs``, under optional ``hypotheses`` (an implication hypotheses => relation)."""

    lhs: sympy.Expr
    rel: str
    rhs: sympy.Expr
    hypotheses: tuple["Statement", ...] = ()
    #: terms as written that sympy simplified away (``x/x`` -> 1); only their definedness
    #: counts (README, "The claims language at the edges of its domain")
    guards: tuple = ()

    def __post_init__(self):
        if self.rel not in RELATIONS:
            raise ValueError(f"relation {self.rel!r} is not one of {', '.join(RELATIONS)}")
        object.__setattr__(self, "lhs", sympy.sympify(self.lhs))
        object.__setattr__(self, "rhs", sympy.sympify(self.rhs))

    @property
    def strict(self) -> bool:
        return self.rel in ("<", ">")

    def margin(self) -> sympy.Expr:
        """The expression whose sign decides the relation: holds iff margin >= 0 (> 0 if strict).

        For ``==`` it is ``-|lhs - rhs|``: it holds iff margin >= 0, i.e. margin == 0.
        """
        if self.rel in ("<=", "<"):
            return self.rhs - self.lhs
        if self.rel in (">=", ">"):
            return self.lhs - self.rhs
        return -sympy.Abs(self.lhs - self.rhs)

    @property
    def free_symbols(self) -> set[sympy.Symbol]:
        out = set(self.lhs.free_symbols) | set(self.rhs.free_symbols)
        for h in self.hypotheses:
            out |= h.free_symbols
        return out

    def __str__(self) -> str:
        text = f"{sympy.sstr(self.lhs)} {self.rel} {sympy.sstr(self.rhs)}"
        if self.hypotheses:
            text = " and ".join(str(h) for h in self.hypotheses) + " => " + text
        return text


@dataclass(frozen=True)
class Claim:
    """One checkable assertion of a source, with a stable id.

    ``steps`` is an optional derivation ``lhs R1 e1 R2 e2 ... Rn rhs``: each step is a claim
    of its own (checked link by link) and the runner checks that the links connect.
    ``reason`` says why a CITED claim cannot be checked, ``note`` anything else a reader
    of the report needs (e.g. "instances: Gaussian, Laplace").
    ``derived`` maps source parameters to sympy expressions of the claim's parameters
    (``{"eps": i/4, "delta": j/100}`` for a claim over a grid index): reports print them
    beside every witness.  ``narrowed`` states, in the source's variables, how the domain
    narrows the source's (``"sigma = 1, K <= 4"``); the verdict line then says the verdict
    was reached on a truncated box (``Claim.extent``).
    """

    id: str
    source: Source
    statement: Statement | None
    domain: Domain = field(default_factory=Domain)
    kind: Kind = Kind.INEQUALITY
    steps: tuple["Claim", ...] = ()
    reason: str = ""
    note: str = ""
    printed: str = ""            # VALUE claims: the number as the source prints it
    derived: tuple = ()          # ((source name, sympy expr of the parameters), ...)
    narrowed: str = ""           # how the domain narrows the source's, in its variables

    def __post_init__(self):
        if not self.id or any(c.isspace() for c in self.id):
            raise ValueError(f"claim id {self.id!r} must be non-empty and contain no spaces")
        derived = self.derived.items() if isinstance(self.derived, dict) else self.derived
        derived = tuple((str(k), sympy.sympify(v)) for k, v in derived)
        object.__setattr__(self, "derived", derived)
        stray = {s.name for _, e in derived for s in e.free_symbols} - set(self.domain.names)
        if stray:
            raise ValueError(f"{self.id}: derived parameters use {sorted(stray)}, which have "
                             f"no range in the domain ({self.domain})")
        if self.kind is Kind.CITED:
            if not self.reason:
                raise ValueError(f"{self.id}: a CITED claim needs the reason it is not checkable")
            return
        if self.statement is None:
            raise ValueError(f"{self.id}: a {self.kind.value} claim needs a statement")
        if self.kind is Kind.IDENTITY and self.statement.rel != "==":
            raise ValueError(f"{self.id}: an identity needs '==', got {self.statement.rel!r}")
        unknown = {s.name for s in self.statement.free_symbols} - set(self.domain.names)
        if unknown:
            raise ValueError(f"{self.id}: symbols {sorted(unknown)} have no range in the domain "
                             f"({self.domain}); give each parameter an Interval")

    @property
    def checkable(self) -> bool:
        return self.kind is not Kind.CITED

    @property
    def extent(self) -> str:
        """Where a verdict on this claim was reached, when that is less than a continuous box:
        ``on 9 instances`` (a finite set of points), ``on a truncated box (sigma = 1)``
        (``narrowed``, else the parameters fixed to a point), or '' for a continuous box."""
        count = self.domain.instance_count
        why = f" ({self.narrowed})" if self.narrowed else ""
        if count is not None:
            return f"on {count} instance{'s' if count != 1 else ''}{why}"
        fixed = ", ".join(f"{n} = {iv.lo}" for n, iv in self.domain.params if iv.is_point)
        if fixed and not self.narrowed:
            why = f" ({fixed})"
        return f"on a truncated box{why}" if why else ""

    def derived_values(self, point: dict | None) -> tuple[tuple[str, str], ...]:
        """The derived source parameters at ``point`` (parameter -> exact decimal string),
        as (name, exact text); () without ``derived`` or when a parameter is missing."""
        if not point or not self.derived:
            return ()
        try:
            values = {str(k): sympy.Rational(str(v)) for k, v in point.items()}
        except (TypeError, ValueError):
            return ()
        out = []
        for name, expr in self.derived:
            value = expr.xreplace({s: values[s.name] for s in expr.free_symbols
                                   if s.name in values})
            if value.free_symbols:
                return ()
            out.append((name, exact_text(sympy.simplify(value))))
        return tuple(out)

    @property
    def black_box(self) -> tuple[str, ...]:
        """Labels of the implementations (``expr.blackbox``) the claim calls: such a claim
        is never PROVED or CERTIFIED (see ``evidence.assess``)."""
        if self.statement is None:
            return ()
        exprs = [self.statement.lhs, self.statement.rhs]
        exprs += [e for h in self.statement.hypotheses for e in (h.lhs, h.rhs)]
        return tuple(sorted({getattr(f, "label", f.func.__name__) for e in exprs
                             for f in e.atoms(sympy.Function) if getattr(f, "black_box", False)}))


def value_claim(id: str, source: Source, expr, printed: str, domain: Domain | None = None,
                note: str = "") -> Claim:
    """A number printed in a source ("≈ 27.7", "6.8e-5"), checked to the digits printed.

    The tolerance is half a unit in the last printed digit: ``|expr - printed| <= tol``.
    """
    value = sympy.Rational(printed)
    mantissa = printed.lower().split("e")[0]
    exponent = int(printed.lower().split("e")[1]) if "e" in printed.lower() else 0
    decimals = len(mantissa.split(".")[1]) if "." in mantissa else 0
    tol = sympy.Rational(1, 2) * sympy.Rational(10) ** (exponent - decimals)
    # unevaluated, so that the printed value stays visible (and recoverable for repairs)
    statement = Statement(sympy.Abs(sympy.sympify(expr) - value, evaluate=False), "<=", tol)
    note = (note + "; " if note else "") + f"printed {printed}, tolerance {tol}"
    return Claim(id, source, statement, domain or Domain(), Kind.VALUE, note=note,
                 printed=printed)


def chain(first: sympy.Expr, *links: tuple[str, sympy.Expr]) -> tuple[Statement, ...]:
    """The statements of a derivation ``first R1 e1 R2 e2 ...`` as consecutive links."""
    out, left = [], sympy.sympify(first)
    for rel, right in links:
        out.append(Statement(left, rel, right))
        left = sympy.sympify(right)
    return tuple(out)


@dataclass(frozen=True)
class Series:
    """One curve of a figure: ``expr`` over the figure's x parameter (other symbols fixed)."""

    label: str
    expr: sympy.Expr


@dataclass(frozen=True)
class FigureSpec:
    """A figure a theorem module asks for, declaratively: curves of sympy expressions.

    ``x`` is ``(name, lo, hi)``; each series is evaluated (in ball arithmetic, midpoints
    plotted) at ``points`` values of x.  ``claim_ids`` ties the figure to claims.
    """

    name: str
    title: str
    x: tuple[str, object, object]
    series: tuple[Series, ...]
    xlabel: str = ""
    ylabel: str = ""
    logy: bool = False
    points: int = 60
    claim_ids: tuple[str, ...] = ()
    integer_x: bool = False
