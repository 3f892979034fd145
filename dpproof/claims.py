"""The claim model: frozen, declarative descriptions of theorems over sympy expressions.

A ``Claim`` says *what* is asserted (a ``Statement`` over a ``Domain``) and *where it comes
from* (a ``Source``); it knows nothing of the engines that decide it.  Every relation is
normalised by ``Statement.margin()`` to ``margin >= 0`` (or ``> 0`` when strict), which is
what the engines certify or refute.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

import sympy
from sympy.concrete.expr_with_limits import ExprWithLimits

from . import sections
from .domain import Domain, Interval, exact_text, symbol_for

__all__ = ["Catalogue", "Claim", "Domain", "FigureSpec", "Interval", "Kind", "RELATIONS",
           "Series", "Source", "Statement", "chain", "exact_text", "symbol_for", "value_claim"]

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


_BASIC_FREE = sympy.Basic.free_symbols
_LIMITS_FREE = ExprWithLimits.free_symbols


def free_symbols(expr) -> set:
    """``expr.free_symbols``, without sympy's rebuild of every ``Sum``/``MaxOver`` in it:
    ``ExprWithLimits.free_symbols`` xreplaces its body with the limit variables mapped to
    themselves, which re-evaluates each ``Max``/``Min`` inside (77% of building the library
    went there).  The same set: the body's symbols, each limit's variable removed and its
    bounds' symbols added, limit by limit, as sympy does (any other class with its own
    ``free_symbols`` answers for itself)."""
    cls = type(expr).free_symbols
    if cls is _BASIC_FREE:
        out: set = set()
        for a in expr.args:
            out |= free_symbols(a)
        return out
    if cls is _LIMITS_FREE and all(isinstance(xab[0], sympy.Symbol) for xab in expr.limits):
        out = free_symbols(expr.function)
        for xab in expr.limits:
            if len(xab) == 1:
                out.add(xab[0])
                continue
            out.discard(xab[0])
            for bound in xab[1:]:
                out |= free_symbols(bound)
        return out
    return set(expr.free_symbols)


def _one_symbol_per_name(st: "Statement") -> dict:
    """{symbol: its replacement} making every name one symbol, or {} when it already is.

    The engines address parameters by name (lowering, shifts u = x - L, derivatives), so
    ``x`` and ``x`` with assumptions (a form derived under the domain's assumptions, put
    into a claim as written) must be one symbol: otherwise a shift or a derivative reaches
    one of them only, and a false claim could be certified.  Kept: the symbol with the
    fewest assumptions (it lets sympy conclude the least); ties by the assumptions' text.
    """
    found: dict[str, set] = {}
    for e in expressions(st):
        for s in free_symbols(e):
            found.setdefault(s.name, set()).add(s)
    rule = {}
    for group in found.values():
        if len(group) > 1:
            keep = min(group, key=lambda s: (len(s.assumptions0), sorted(
                s.assumptions0.items()), type(s).__name__))
            rule.update({s: keep for s in group if s != keep})
    return rule


def expressions(st: "Statement"):
    """Every expression of ``st``: sides, guards, and those of its hypotheses."""
    yield st.lhs
    yield st.rhs
    yield from st.guards
    for h in st.hypotheses:
        yield from expressions(h)


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
        object.__setattr__(self, "guards", tuple(sympy.sympify(g) for g in self.guards))
        one = _one_symbol_per_name(self)
        if one:
            object.__setattr__(self, "lhs", self.lhs.xreplace(one))
            object.__setattr__(self, "rhs", self.rhs.xreplace(one))
            object.__setattr__(self, "guards", tuple(g.xreplace(one) for g in self.guards))
            object.__setattr__(self, "hypotheses", tuple(h.xreplace(one)
                                                         for h in self.hypotheses))

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
        gap = self.lhs - self.rhs
        # Abs's evaluation signsimps the whole tree, rebuilding (re-comparing) every Max in
        # it: minutes for the Max's inside a finite Sum / MaxOver; the value is the same
        return -sympy.Abs(gap, evaluate=not gap.has(ExprWithLimits))

    @property
    def free_symbols(self) -> set[sympy.Symbol]:
        out = free_symbols(self.lhs) | free_symbols(self.rhs)
        for h in self.hypotheses:
            out |= h.free_symbols
        return out

    def xreplace(self, rule: dict) -> "Statement":
        """The statement with ``rule`` applied to every side, guard and hypothesis."""
        return Statement(self.lhs.xreplace(rule), self.rel, self.rhs.xreplace(rule),
                         tuple(h.xreplace(rule) for h in self.hypotheses),
                         guards=tuple(g.xreplace(rule) for g in self.guards))

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
    was reached on a truncated box (``Claim.extent``).  ``family`` names, for a statement
    about every mechanism, the class over continuous parameters that the claim decides
    (issue 13: "encode the family the engines can decide and say so"); the verdict line
    says it and the claim counts as decided on its stated domain.
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
    stated_point: bool = False   # the source states it at these values only (its domain)
    family: str = ""             # every mechanism of this class (continuous parameters)
    #: over every law, by the calculus (``calculus.Proof``); a sympy statement only as a link
    proof: object = None

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
        if self.stated_point and (self.domain.instance_count != 1 or self.narrowed):
            raise ValueError(f"{self.id}: stated_point needs every parameter a point and "
                             "nothing narrowed (the source's own example is its domain)")
        if self.family and (self.stated_point or self.narrowed
                            or self.domain.instance_count is not None):
            raise ValueError(f"{self.id}: a family is decided over continuous parameters, "
                             "with nothing narrowed and not at a single point")
        if self.kind is Kind.CITED:
            if not self.reason:
                raise ValueError(f"{self.id}: a CITED claim needs the reason it is not checkable")
            return
        if self.proof is not None and (self.family or self.narrowed or not (
                self.statement is None or self.proof.links(self.statement))):
            raise ValueError(f"{self.id}: a claim proved by the calculus has no family, narrowing "
                             "or sympy statement (a chain's link: 'instance' of its statement)")
        if self.proof is not None and self.statement is None:
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
        (``narrowed``, else the parameters fixed to a point), or '' for a continuous box or
        a ``stated_point`` (the source states the claim at that point only: a worked example);
        ``over the family (...)`` for a statement about every mechanism decided on a class."""
        if self.stated_point:
            return ""
        if self.proof is not None:
            return "over every law (the calculus: " + ", ".join(self.proof.root.rules()) + ")"
        if self.family:
            return f"over the family ({self.family})"
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
                note: str = "", stated_point: bool = False) -> Claim:
    """A number printed in a source ("≈ 27.7", "6.8e-5"), checked to the digits printed:
    ``|expr - printed| <= tol``, half a unit in the last printed digit."""
    value = sympy.Rational(printed)
    mantissa = printed.lower().split("e")[0]
    exponent = int(printed.lower().split("e")[1]) if "e" in printed.lower() else 0
    decimals = len(mantissa.split(".")[1]) if "." in mantissa else 0
    tol = sympy.Rational(1, 2) * sympy.Rational(10) ** (exponent - decimals)
    # unevaluated, so that the printed value stays visible (and recoverable for repairs)
    statement = Statement(sympy.Abs(sympy.sympify(expr) - value, evaluate=False), "<=", tol)
    note = (note + "; " if note else "") + f"printed {printed}, tolerance {tol}"
    return Claim(id, source, statement, domain or Domain(), Kind.VALUE, note=note,
                 printed=printed, stated_point=stated_point)


def chain(first: sympy.Expr, *links: tuple[str, sympy.Expr]) -> tuple[Statement, ...]:
    """The statements of a derivation ``first R1 e1 R2 e2 ...`` as consecutive links."""
    out, left = [], sympy.sympify(first)
    for rel, right in links:
        out.append(Statement(left, rel, right))
        left = sympy.sympify(right)
    return tuple(out)


class Catalogue:
    """The claims a theorem module declares, collected in declaration order.

    ``declare(claim)`` records a claim (and returns it), ``claim(...)`` and ``value(...)``
    build one (``Claim`` / ``value_claim`` arguments) and record it; ``claims`` is the tuple
    a module exports as ``CLAIMS``.  An id declared twice (a claim's or one of its steps')
    is rejected where it is declared, so no claim can be forgotten or shadowed.  A
    ``package`` declared by section: ``dpproof.sections`` (``claims`` in section order).
    """

    def __init__(self, package: str | None = None):
        self._claims: list[Claim] = []
        self._ids: set[str] = set()
        self._package, self._section = package, []

    def declare(self, claim: Claim) -> Claim:
        if not isinstance(claim, Claim):
            raise TypeError(f"a catalogue holds Claim objects, got {type(claim).__name__}")
        ids, todo = [], [claim]
        while todo:
            c = todo.pop()
            ids.append(c.id)
            todo.extend(c.steps)
        twice = sorted({i for i in ids if i in self._ids or ids.count(i) > 1})
        if twice:
            raise ValueError(f"claim id declared twice: {', '.join(twice)}")
        if self._package:
            self._section.append(sections.declaring(self._package, ids))
        self._ids.update(ids)
        self._claims.append(claim)
        return claim

    def claim(self, *args, **kwargs) -> Claim:
        return self.declare(Claim(*args, **kwargs))

    def value(self, *args, **kwargs) -> Claim:
        return self.declare(value_claim(*args, **kwargs))

    @property
    def claims(self) -> tuple[Claim, ...]:
        return self.claims_in(None)

    def claims_in(self, indices) -> tuple[Claim, ...]:
        """The claims of the sections ``indices`` (all when None), in section order."""
        order = sorted(range(len(self._claims)),
                       key=self._section.__getitem__ if self._package else int)
        return tuple(self._claims[k] for k in order
                     if indices is None or self._section[k] in indices)


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
