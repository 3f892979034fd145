"""A claim on a point, or on a few points, decided by one certified evaluation at each.

A domain that is a finite set -- no parameter, every parameter a point, or bounded integer
ranges with at most ``MAX_POINTS`` combinations in all (``Domain.instance_count``) -- has
no box to branch on and nothing to reduce: homogeneity, substitutions and derivative forms
only re-evaluate the claim elsewhere (an oracle such as ``dpsgd_eps`` costs seconds per
new argument).  Each point is evaluated exactly as written, in ball arithmetic on exact
rationals (``witness.examine``), the precision raised a bounded, counted number of times:
``Config.witness_precs``, then 2048 and 4096 bits for an elementary margin (an oracle's
ball is as wide as its own computation, a bracket or a quadrature, so more bits do not
narrow it and are not spent).  A point the balls leave open -- a bound tight there -- is
decided exactly when it can be (``exact_point.holds_at``: oracles derived, 0 by exact
rewriting).

CERTIFIED needs every point certified (or vacuous: a hypothesis certified to fail);
REFUTED a violation certified at a point; a point where the claim is certainly undefined
gives ERROR (unless a violation is certified at another).  Otherwise the evidence names
the undecided point and the enclosures of both sides there, which overlap: SUPPORTED when
the other points are certified, else INCONCLUSIVE.  Identities are left to the branch and
bound (balls never certify equality).
"""

from __future__ import annotations

import dataclasses
import itertools
from decimal import ROUND_CEILING, ROUND_FLOOR, Context, Decimal

import sympy
from flint import arb

from ...claims import Claim
from ...domain import integer_ends
from ...evidence import Evidence, Verdict
from ...expr.functions import OracleFunction
from ...lowering import LoweringError, arb_ball, at_precision, lower
from ..exact import derived_oracles
from .. import witness as W
from ..base import Compiled, Config, decimal_str, now, wall
from ..exact.point import holds_at
from ..signs import Budget

NAME = "interval"
MAX_POINTS = 64
MAX_PREC = 4096
EXACT_BUDGET = 20.0   # sympy work per claim on points the balls leave open (exact_point)


def precisions(claim: Claim, config: Config) -> tuple[int, ...]:
    """The precisions a point is tried at, lowest first: the witness precisions, and up to
    ``MAX_PREC`` bits unless the margin holds an oracle (integrals or searches at 4096 bits
    can take longer than the claim's whole budget, and their width is their own)."""
    precs = set(config.witness_precs)
    if not claim.statement.margin().atoms(OracleFunction):
        precs |= {2048, MAX_PREC}
    return tuple(sorted(precs))


def points(claim: Claim, limit: int = MAX_POINTS) -> list[dict] | None:
    """Every point of a finite domain ({name: exact rational}; [{}] without parameters), or
    None when the domain is a continuum or holds more than ``limit`` points."""
    if not claim.domain.params:
        return [{}]
    count = claim.domain.instance_count
    if count is None or count > limit:
        return None
    axes = []
    for _, iv in claim.domain.params:
        if iv.is_point:
            axes.append([sympy.Rational(iv.lo)])
        else:
            lo, hi = integer_ends(iv)
            axes.append([sympy.Integer(k) for k in range(lo, hi + 1)])
    return [dict(zip(claim.domain.names, p)) for p in itertools.product(*axes)]


def decide(claim: Claim, config: Config, decide_box=None) -> Evidence | None:
    """The interval engine's evidence for a claim on a finite domain, or None (a continuum,
    too many points, an identity).  With ``decide_box`` (the branch and bound, (claim,
    config) -> Evidence), points the balls leave open are taken further (``_open_points``)."""
    if claim.statement is None or claim.statement.rel == "==":
        return None
    pts = points(claim)
    if pts is None:
        return None
    t0, b0 = wall(), now()
    run = _Points(claim, config)
    for point in pts:
        found = run.examine(point)
        if found is not None:
            return _refuted(run, found, len(pts), wall() - t0)
    ev = _conclude(claim, run, pts, wall() - t0)
    if decide_box is None or ev.verdict not in (Verdict.SUPPORTED, Verdict.INCONCLUSIVE):
        return ev
    left = dataclasses.replace(config, engine_timeout=max(
        config.engine_timeout - (now() - b0), 1.0))
    return _open_points(claim, left, ev, decide_box)


def _open_points(claim: Claim, config: Config, ev: Evidence, decide_box) -> Evidence:
    """Points the balls left open: oracles with derived forms are taken through them
    (``derived_oracles``: the derived claim again point by point); an elementary claim goes
    through the branch and bound and its reductions; an oracle without a derivation stops
    here -- its ball is as wide as its own computation, and the reductions would only
    evaluate it at other arguments.  The evidence that decides, else the one with the
    larger certified share."""
    if derived_oracles.has_oracles(claim):
        other = derived_oracles.decide(
            claim, config, lambda c, cfg: decide(c, cfg) or decide_box(c, cfg))
    elif not _oracle(claim):
        other = decide_box(claim, config)
    else:
        other = None
    if other is not None and (other.verdict.decisive or derived_oracles.larger_share(other, ev)):
        return other
    return ev


class _Points:
    """The points' outcomes and the work spent on them."""

    def __init__(self, claim: Claim, config: Config):
        self.claim, self.compiled = claim, Compiled(claim, "arb")
        self.precs = precisions(claim, config)
        self.exact = Budget(EXACT_BUDGET)
        self.evaluations = self.certified = self.vacuous = self.exact_points = 0
        self.undefined = None        # (point, Undefined): the first certainly undefined point
        self.open: list = []         # points neither certified nor refuted
        self.top = self.precs[0]     # the highest precision an evaluation needed

    def examine(self, point: dict):
        """A certified Witness at the point, or None (its outcome recorded)."""
        for prec in self.precs:
            self.evaluations += 1
            self.top = max(self.top, prec)
            check = W.examine(self.compiled, point, (prec,))
            if check.status == "violated":
                return check.witness
            if check.status in ("holds", "vacuous"):
                self.certified += check.status == "holds"
                self.vacuous += check.status == "vacuous"
                return None
            if check.status == "undefined":
                self.undefined = self.undefined or (point, check.undefined)
                return None
            if check.status == "outside":   # never: the points are the domain's own
                raise AssertionError(f"point {point} outside the domain")
        if holds_at(self.claim, point, self.exact):
            self.exact_points += 1
            return None
        self.open.append(point)
        return None

    def figures(self, n: int) -> dict:
        return {"points": n, "certified_points": self.certified, "vacuous_points": self.vacuous,
                "exact_points": self.exact_points, "undecided_points": len(self.open),
                "ball_evaluations": self.evaluations, "precisions": list(self.precs),
                "highest_precision_used": self.top,
                "certified_fraction": (n - len(self.open)) / n if not self.undefined else 0.0,
                "certified_boxes": n - len(self.open), "undecided_boxes": len(self.open),
                "stopped_by": self._limit()}

    def _limit(self) -> str:
        """What left points open (the runner's 'not decided: interval stopped by the ...')."""
        if not self.open:
            return "completion"
        if _oracle(self.claim):
            return f"width of the oracle's own enclosure (at up to {self.top} bits)"
        return f"precision limit of {self.top} bits and the exact decision's budget"


def where(point: dict) -> str:
    """' at q = 0.004, T = 1000' (exact decimals, or p/q); '' for a claim without
    parameters."""
    return "".join((" at " if i == 0 else ", ") + f"{n} = {decimal_str(v)}"
                   for i, (n, v) in enumerate(point.items()))


def _whole(claim: Claim, pts: list) -> str:
    if not claim.domain.params:
        return "the single instance"
    if len(pts) == 1:
        return f"the point{where(pts[0])[3:]}"
    return f"all {len(pts)} points ({claim.domain})"


def _refuted(run, found, n: int, seconds) -> Evidence:
    also = "" if run.undefined is None else "; also " + W.undefined_message(*run.undefined)
    violation = found.violation
    if violation.startswith("[+/-"):   # arb prints no digit of a wide ball: give its ends
        at = {n: sympy.Rational(v) for n, v in found.point.items()}
        violation = _interval_text(W.margin_enclosure(run.compiled, at, found.prec))
    return Evidence(NAME, Verdict.REFUTED, f"certified violation at a point of the finite "
                    f"domain, at {found.prec} bits; margin there {violation}{also}",
                    seconds, scope=f"witness at {found.point}", witness=found.point,
                    violation=violation, data=run.figures(n))


def _conclude(claim, run, pts, seconds) -> Evidence:
    n = len(pts)
    data = run.figures(n)
    if run.undefined is not None:
        return W.undefined_evidence(NAME, *run.undefined, seconds, data)
    work = (f"{run.evaluations} ball evaluation{'s' if run.evaluations != 1 else ''} at up to "
            f"{run.top} bits")
    if not run.open:
        exact = (f"; {run.exact_points} point{'s' if run.exact_points > 1 else ''} where the "
                 "bound is tight decided exactly (exact_point)") if run.exact_points else ""
        vacuous = f"; {run.vacuous} vacuous (a hypothesis fails)" if run.vacuous else ""
        at = "the one point of the domain" if n == 1 else f"all {n} points of the domain"
        return Evidence(NAME, Verdict.CERTIFIED, f"margin certified at {at} ({work})"
                        f"{vacuous}{exact}", seconds, scope=f"whole domain: {_whole(claim, pts)}",
                        data=data)
    point = run.open[0]
    said = f"undecided{where(point)}: {_sides(run.compiled, point, run.top)}"
    what = "oracle" if _oracle(claim) else "margin"
    detail = f"{said} ({work}); a tighter evaluation of the {what} is needed to decide it"
    decided = n - len(run.open)
    if decided == 0:
        return Evidence(NAME, Verdict.INCONCLUSIVE, detail, seconds, scope=said, data=data)
    return Evidence(NAME, Verdict.SUPPORTED, detail, seconds,
                    scope=f"certified at {decided} of {n} points; {said}", data=data)


def _oracle(claim: Claim) -> bool:
    return bool(claim.statement.margin().atoms(OracleFunction))


def _sides(compiled: Compiled, point: dict, prec: int) -> str:
    """'lhs in [1.2789, 1.2893] and rhs = 1.28 overlap': each side's enclosure at the
    point, rounded outward."""
    st = compiled.claim.statement
    texts = []
    for name, side in (("lhs", st.lhs), ("rhs", st.rhs)):
        value = point.get(side.name) if side.is_Symbol else side
        if value is not None and value.is_Rational:     # a number or a parameter: exact
            texts.append(f"{name} = {decimal_str(value)}")
            continue
        try:
            fn = lower(side, compiled.names, "arb")
            with at_precision(prec):
                ball = fn(*[arb_ball(point[n]) for n in compiled.names])
        except (LoweringError, TypeError, ValueError, ArithmeticError, NotImplementedError):
            ball = arb.nan()
        texts.append(f"{name} {_ball_text(ball)}")
    return f"{texts[0]} and {texts[1]} overlap"


def _ball_text(ball) -> str:
    """'= 1.28' for an exact short value, 'in [lo, hi]' (rounded outward), or 'not
    enclosed' for nan / an infinite ball."""
    if not isinstance(ball, arb) or not ball.is_finite():
        return "not enclosed"
    text = _interval_text(ball)
    return f"in {text}" if text.startswith("[") else f"= {text}"


def _interval_text(ball: arb) -> str:
    """'[lo, hi]' (6 significant digits, rounded outward), or the one decimal both ends
    round to (the ball is that exact number)."""
    lo, hi = _decimal(ball.lower(), ROUND_FLOOR), _decimal(ball.upper(), ROUND_CEILING)
    return lo if lo == hi else f"[{lo}, {hi}]"


def _decimal(x: arb, rounding) -> str:
    """The exact ball end ``x`` rounded to 6 significant digits in direction ``rounding``
    (an infinite end as 'inf' / '-inf')."""
    if not x.is_finite():
        return "-inf" if x < 0 else ("inf" if x > 0 else "nan")
    man, exp = (int(v) for v in x.mid().man_exp())
    num, den = (man * 2 ** exp, 1) if exp >= 0 else (man, 2 ** -exp)
    ctx = Context(prec=6, rounding=rounding)
    value = ctx.divide(Decimal(num), Decimal(den))
    if not Decimal("1e-6") <= abs(value) < Decimal("1e7"):
        return f"{value:e}" if value else "0"
    text = format(value, "f")
    return text.rstrip("0").rstrip(".") if "." in text else text
