"""Branch and bound in ball arithmetic (python-flint ``arb``) over the domain box.

Every sub-box is a product of closed intervals with exact rational ends (``boxes``; ``None``
for an infinite end).  On a box the margin is enclosed as tightly as ``bounds.Bounds`` can
(derivative forms, monotone faces, exact rewrites, precision escalation); a box is
*certified* when the enclosure is >= 0 (> 0 for a strict relation) or sympy's sign rules
show the margin >= 0 on the whole domain, *vacuous* when a hypothesis is certified to fail
on it, and *violating* when a candidate point (midpoint, worst corner, a float minimiser of
the margin on the tightest boxes; ``witness_search``) is certified as an exact witness, up
to 4096 bits for elementary margins.  Boxes are taken alternately breadth-first and
tightest-first (lowest enclosure), so needles are reached while the volume is swept.  Tails
of unbounded ranges and corners of homogeneous margins are decided in ``tails``; the
verdict is written in ``interval_verdicts``.

Definedness (``dpproof.definedness``): a box on which the margin may be undefined is never
certified; one where it is certainly undefined is confirmed at an exact point, and the
claim is then ERROR unless a violation is certified where it is defined.  Boxes left
undecided because a term may be undefined there send the claim to ``guard_roots`` (an
exact root of a polynomial guard: ERROR at that point); otherwise the scope names them.

A finite domain (a point, a few points, no parameter) has no box to branch on: each point
is evaluated once, precision raised a counted number of times (``interval_points``), and
only points left open go further.

Oracle claims whose calls all derive from the densities are decided first on the derived
pure claim (``derived_oracles``: the claim as written is cross-checked with the arb oracles,
witnesses re-certified on it); otherwise the arb oracles are enclosed on the boxes.

Identities (``==``) cannot be certified by balls; the engine refutes them where the
difference is certified non-zero and otherwise reports SUPPORTED with the largest enclosure
of ``|lhs - rhs|`` seen.
"""

from __future__ import annotations

import dataclasses

from ...claims import Claim
from ...evidence import Evidence, Verdict
from ..exact import derived_oracles, guard_roots
from . import exp_substitution, homogeneous, points as interval_points
from . import positive_factor
from .. import witness as W
from ..base import Compiled, Config, Deadline, counted, lowers, now, wall
from .root import root_box
from .verdicts import conclude
from .substitution import substituted, transfer
from .branch_and_bound import Search

NAME = "interval"


def supports(claim: Claim) -> bool:
    return lowers(claim, "arb")


@counted
def check(claim: Claim, config: Config) -> Evidence:
    """A finite domain point by point (``interval_points``); oracle claims first through
    their derived forms (``derived_oracles``), else (or when that decides nothing) with the
    arb oracles as written."""
    t0, b0 = wall(), now()
    ev = interval_points.decide(claim, config, _decide)   # a point or a few: each once
    if ev is not None:
        return dataclasses.replace(ev, seconds=wall() - t0)
    ev = derived_oracles.decide(claim, config, _decide) if derived_oracles.has_oracles(
        claim) else None
    if ev is None or ev.data.get("partial"):
        left = max(config.engine_timeout - (now() - b0), 1.0)
        own = _decide(claim, dataclasses.replace(config, engine_timeout=left))
        ev = own if ev is None or not derived_oracles.larger_share(ev, own) else ev
    return dataclasses.replace(ev, seconds=wall() - t0)


def _left(config: Config, b0: float) -> Config:
    """``config`` with the engine's budget that is left since ``b0`` (``base.now``) (with the reductions'
    overheads, 20%, counted)."""
    used = (now() - b0) * 1.2
    return dataclasses.replace(config, engine_timeout=max(config.engine_timeout - used, 1.0))


def _decide(claim: Claim, config: Config) -> Evidence:
    t0, b0 = wall(), now()
    # reductions first, each on a share of the time: exponential tails in y = e^(-x/q),
    # fewer parameters by homogeneity, then a positive factor divided out
    ev = exp_substitution.certified(claim, config, _check)
    if ev is not None:
        return dataclasses.replace(ev, seconds=wall() - t0)
    ev = homogeneous.certified(claim, config, _check)
    if ev is None:
        ev = positive_factor.decide(claim, _left(config, b0), _check, transfer)
        if ev is not None:
            return dataclasses.replace(ev, seconds=wall() - t0)
        ev = _check(claim, _left(config, b0))
    if ev.verdict in (Verdict.SUPPORTED, Verdict.INCONCLUSIVE) and claim.statement.rel != "==":
        left = config.engine_timeout - (now() - b0)
        moved = substituted(claim) if left > 1 else None
        if moved is not None:
            ev2 = _check(moved[0], dataclasses.replace(config, engine_timeout=left))
            ev = transfer(claim, ev, ev2, moved[1], config) or ev
    return dataclasses.replace(ev, seconds=wall() - t0)


def _check(claim: Claim, config: Config) -> Evidence:
    t0 = wall()
    compiled = Compiled(claim, "arb")
    root, clip, integer, truncated = root_box(claim)
    search = Search(compiled, config, integer, root, clip)
    found = search.run(Deadline(config.engine_timeout))
    data = search.figures()
    seconds = wall() - t0
    if found is not None:
        also = ("" if search.undefined_at is None else "; also " +
                W.undefined_message(*search.undefined_at))
        where = ("at a simple point of a box left undecided" if found[1] is None else
                 f"on a box at depth {found[1]}")
        return Evidence(NAME, Verdict.REFUTED, f"certified violation {where}; margin at the "
                        f"witness {found[0].violation}{also}",
                        seconds, scope=f"witness at {found[0].point}", witness=found[0].point,
                        violation=found[0].violation, data=data)
    if search.undefined_at is not None:
        return W.undefined_evidence(NAME, *search.undefined_at, seconds, data)
    if search.undecided and search.maybe_undefined:
        # no exact undefined point among the probes: an exact root of a polynomial guard
        at = guard_roots.undefined_root(claim)
        if at is not None:
            return guard_roots.evidence(NAME, at, wall() - t0, data)
    return conclude(claim, search, compiled.names, root, truncated, data, seconds)
