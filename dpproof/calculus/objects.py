"""The objects of the calculus (docs/calculus.md): densities, kernels, and the proof tree.

A ``Density`` is a density with respect to one common dominating measure: non-negative,
total mass 1, allowed to vanish; a ``Kernel`` is a Markov kernel K(y|x) >= 0 with
int K(y|x) dy = 1.  Nothing else is assumed of them.  In a pointwise premise each stands
for its value at one point: a real variable of the premise's domain (``Density.value``).

A ``Step`` is one application of a rule: the conclusion it draws (``says``), the
convention it uses where a density vanishes, its pointwise premises (ordinary claims,
decided by the engines) and the steps it rests on.  Rules build steps; nothing else
should (a conclusion is only as good as the rule that drew it).
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from ..claims import Claim, Domain, Interval, Kind, Source, Statement

__all__ = ["Density", "Kernel", "Proof", "Step", "pointwise", "COUNT", "NONNEG", "POSITIVE",
           "REAL"]

#: the value of a density at a point: allowed to vanish
NONNEG = Interval.closed(0, None)
#: on the open orthant (an integrand with a logarithm; the rule states its closure convention)
POSITIVE = Interval(0, None, lo_open=True)
REAL = Interval(None, None)
#: a count (a number of steps, an index): an integer >= 0
COUNT = Interval(0, None, integer=True)


@dataclass(frozen=True)
class Density:
    """A probability density ``name`` w.r.t. the common dominating measure (>= 0, mass 1)."""

    name: str

    @property
    def value(self) -> sympy.Symbol:
        """Its value at one point, a real variable of the pointwise premises."""
        return sympy.Symbol(self.name, real=True)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Kernel:
    """A Markov kernel ``name(y|x)``: >= 0, and int name(y|x) dy = 1 for every x."""

    name: str

    @property
    def value(self) -> sympy.Symbol:
        return sympy.Symbol(self.name, real=True)

    def __str__(self) -> str:
        return f"{self.name}(y|x)"


@dataclass(frozen=True)
class Step:
    """One rule applied: ``rule`` (a name of ``rules.RULES``), the conclusion ``says``, the
    ``convention`` at a vanishing density, the pointwise ``premises`` and the ``children``
    steps the conclusion also rests on."""

    rule: str
    says: str
    convention: str
    premises: tuple[Claim, ...] = ()
    children: tuple["Step", ...] = ()

    def all_premises(self) -> list[Claim]:
        """Every premise of the tree, depth first (children before this step's own)."""
        out = []
        for c in self.children:
            out.extend(c.all_premises())
        out.extend(self.premises)
        return out

    def rules(self) -> list[str]:
        """The rules used, depth first, each once."""
        out = []
        for c in self.children:
            out.extend(r for r in c.rules() if r not in out)
        return out + ([self.rule] if self.rule not in out else [])

    def key(self) -> str:
        """A canonical text of the tree (rules, conclusions, premises): the cache keys it."""
        own = "; ".join(f"{p.id}: {p.statement} on {p.domain!r}" for p in self.premises)
        kids = ", ".join(c.key() for c in self.children)
        return f"{self.rule}[{self.says} | {self.convention} | {own} | {kids}]"


def pointwise(id: str, statement: Statement, source: Source, note: str = "",
              **ranges: Interval) -> Claim:
    """A pointwise premise: ``statement`` over the reals, each variable with its range
    (densities ``NONNEG`` or ``POSITIVE``, parameters as the rule needs)."""
    names = {s.name for s in statement.free_symbols}
    missing = sorted(names - set(ranges))
    if missing:
        raise ValueError(f"premise {id}: variables {missing} have no range")
    domain = Domain(tuple((n, ranges[n]) for n in sorted(names)))
    kind = Kind.IDENTITY if statement.rel == "==" else Kind.INEQUALITY
    return Claim(id, source, statement, domain, kind, note=note)


@dataclass(frozen=True)
class Proof:
    """A statement about every law: its proof tree ``root``, and the family claims of the
    library its conclusion is swept over (``sweeps``: decided on their own as well)."""

    root: Step
    sweeps: tuple[Claim, ...] = ()

    @property
    def conclusion(self) -> str:
        return self.root.says

    def links(self, statement) -> bool:
        """Whether this proves ``statement`` as a chain's link: the rule ``instance`` of it."""
        return self.root.rule == "instance" and self.root.says.startswith(f"{statement}, ")

    def key(self) -> str:
        return self.root.key() + " sweeps: " + ", ".join(
            f"{c.id}: {c.statement}" for c in self.sweeps)
