"""A derivation's links (``Claim.steps``): whether they connect to the claim they derive,
and the relation they compose to.  Read by the runner, which adds the chain's evidence
once the steps are decided (``runner.chain_evidence``)."""

from __future__ import annotations

from typing import Iterable

import sympy

from .claims import Claim


def compose_relations(rels: Iterable[str]) -> str | None:
    """The relation a connected chain proves: '==' only if all are '=='; None if mixed
    directions."""
    rels = list(rels)
    ups = {r for r in rels if r in ("<=", "<")}
    downs = {r for r in rels if r in (">=", ">")}
    if ups and downs:
        return None
    strict = any(r in ("<", ">") for r in rels)
    if ups:
        return "<" if strict else "<="
    if downs:
        return ">" if strict else ">="
    return "=="


def implies(chain_rel: str | None, claimed: str) -> bool:
    """Whether a chain proving ``chain_rel`` proves the claimed relation."""
    if chain_rel is None:
        return False
    if chain_rel == claimed:
        return True
    weaker = {"<": {"<="}, ">": {">="}, "==": {"<=", ">="}}
    return claimed in weaker.get(chain_rel, set())


def connection_problem(parent: Claim, links) -> str:
    """Where the links fail to connect to ``parent`` (each right side equal to the next left
    side, the ends equal to the parent's, no hypothesis the parent lacks); '' if they do."""
    if not links:
        return "no steps"
    ends = [(parent.statement.lhs, links[0].lhs, "the first link's left side")]
    ends += [(a.rhs, b.lhs, f"link {i + 1}'s right side and link {i + 2}'s left side")
             for i, (a, b) in enumerate(zip(links, links[1:]))]
    ends.append((parent.statement.rhs, links[-1].rhs, "the last link's right side"))
    for a, b, where in ends:
        a, b = _plain(a), _plain(b)
        if a != b and sympy.simplify(a - b) != 0:
            return f"{where}: {sympy.sstr(a)} vs {sympy.sstr(b)}"
    # a link decided under a hypothesis holds only where it does: the claim must assume it
    # too (a link "x >= 1/2 => (x - 1/3)^2 > 0" CERTIFIED the claim (x - 1/3)^2 > 0 on [0, 1])
    assumed = {_hypothesis(h) for h in parent.statement.hypotheses}
    for i, link in enumerate(links):
        extra = [h for h in link.hypotheses if _hypothesis(h) not in assumed]
        if extra:
            return f"link {i + 1} assumes {extra[0]}, which the claim does not"
    return ""


def _plain(e):
    """``e`` with its symbols by name only (a link's and the claim's may differ in assumptions)."""
    return e.xreplace({s: sympy.Symbol(s.name) for s in e.free_symbols})


def _hypothesis(h) -> tuple:
    return (_plain(h.lhs), h.rel, _plain(h.rhs), tuple(_hypothesis(g) for g in h.hypotheses))


def steps_cover(parent: Claim) -> bool:
    """Whether every step is decided on the parent's own domain."""
    return all(s.domain == parent.domain for s in parent.steps)
