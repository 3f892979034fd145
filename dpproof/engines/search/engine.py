"""Hunt for counterexamples: hypothesis, corners, local optimisation; then certify in arb.

The margin is evaluated in double precision only to *find* candidates: hypothesis
generates points (with ``target`` pushing the margin down), every corner of the box is
tried, and scipy's Nelder-Mead polishes the best few when no float violation found so far
is certified.  A candidate becomes a REFUTED verdict only through ``witness.certify``
(exact rational point, ball arithmetic).  A float violation that arb shows to be an
artefact is reported as such; one that arb can neither confirm nor dismiss makes the
evidence INCONCLUSIVE.  The seed is recorded.

Undefined points (README, edges of the domain): a margin that is nan in floats is re-examined
in arb at a few points; where the claim is certainly undefined, and no violation was certified
where it is defined, the evidence is ERROR naming the point and the term.  When at least half
of the evaluations were nan, the search saw too little to support anything: INCONCLUSIVE,
with the count.  Candidates outside the domain as written (open ends, non-integers) are
never scored.
"""

from __future__ import annotations

import contextlib
import itertools
import math
import sys
from decimal import Decimal

import numpy as np
import sympy

from ...claims import Claim
from ...evidence import Evidence, Verdict
from ...lowering import lower
from .. import witness as W
from ..base import (Compiled, Config, Deadline, EngineTimeout, counted, effective_bounds,
                    holds, lowers, wall)

NAME = "search"
_CANDIDATES = 5      # float violations re-checked in arb
_POLISH = 3          # starting points for local optimisation
#: a violation this far from the unit scale is simplified first (``_extremeness``)
_PLAIN = 2.0
#: values a witness is moved to, simplest first (``_Hunt.simplify``)
_SIMPLE = (1, 2, 0.5, 3, 0.25, 4, 0.75, 1.5, 5, 0.1, 10, 0, -1, 100, 0.01)
#: a coordinate with more significant digits is simplified (``_Hunt.candidates``)
_DIGITS = 4
_NAN_PROBES = 5      # nan points re-examined in arb for certain undefinedness


def supports(claim: Claim) -> bool:
    return lowers(claim, "float") and lowers(claim, "arb") and bool(claim.domain.params)


@counted
def check(claim: Claim, config: Config) -> Evidence:
    t0 = wall()
    deadline = Deadline(config.engine_timeout)
    hunt = _Hunt(claim, config, deadline)
    hunt.corners()
    hunt.hypothesis()
    # a float violation already found is certified before the polish, which only looks for
    # one (azize23.alg1.pv_moments: 200 evaluations of a quadrature per start, 270 s, after
    # hypothesis had found a violation of -1)
    early = _verdict(claim, hunt, config, _data(hunt, config), t0, refute_only=True)
    if early is not None:
        return early
    hunt.polish()
    return _verdict(claim, hunt, config, _data(hunt, config), t0)


def _data(hunt, config) -> dict:
    return {"seed": config.seed, "points_evaluated": hunt.evaluated,
            "best_float_margin": hunt.best_margin(), "witness_precs": list(config.witness_precs),
            "notes": hunt.notes}


def _verdict(claim, hunt, config, data, t0, refute_only: bool = False) -> Evidence | None:
    """The evidence from the candidates (``_Hunt.candidates``), each examined in arb once;
    ``refute_only``: a REFUTED for a certified float violation, else None."""
    compiled = Compiled(claim, "arb")
    data["nan_points"] = len(hunt.nan_points)
    artefacts, undecided, undefined = [], [], []
    for margin, point in hunt.candidates(_CANDIDATES):
        if refute_only and not margin < 0:
            continue
        exact = hunt.exact(point)
        key = tuple(exact.values())
        if key not in hunt.examined:
            hunt.examined[key] = W.examine(compiled, exact, config.witness_precs)
        check = hunt.examined[key]
        if check.undefined:
            undefined.append((exact, check.undefined))
        found = check.witness
        if found is not None:
            return Evidence(NAME, Verdict.REFUTED, f"float search found margin {margin:.3g}; "
                            f"certified at {found.prec} bits", wall() - t0,
                            scope=f"witness {found.point}", witness=found.point,
                            violation=found.violation, data=data)
        if refute_only:
            continue
        if margin < 0:
            enclosure = W.margin_enclosure(compiled, exact, config.witness_precs[-1])
            (artefacts if _dismissed(enclosure, claim) else undecided).append(
                (exact, enclosure.str(5)))
    if refute_only:
        return None
    for point in sorted(hunt.nan_points, key=_digits)[:_NAN_PROBES]:   # the shortest first
        exact = hunt.exact(point)
        check = W.examine(compiled, exact, config.witness_precs[:1])
        if check.undefined:
            undefined.append((exact, check.undefined))
    if undefined:  # no certified violation where it is defined: the undefined verdict
        shortest = min(undefined, key=lambda u: _digits(u[0].values()))
        return W.undefined_evidence(NAME, *shortest, wall() - t0, data)
    seconds = wall() - t0
    scope = (f"{hunt.evaluated} point{'' if hunt.evaluated == 1 else 's'} (corners, "
             f"hypothesis seed {config.seed}, local optimisation)")
    if undecided:
        point, enc = undecided[0]
        return Evidence(NAME, Verdict.INCONCLUSIVE, f"apparent violation at "
                        f"{_fmt(point)} neither certified nor dismissed: margin in {enc} at "
                        f"{config.witness_precs[-1]} bits", seconds, scope=scope, data=data)
    if 2 * len(hunt.nan_points) >= max(hunt.evaluated, 1):
        return Evidence(NAME, Verdict.INCONCLUSIVE, f"{len(hunt.nan_points)} of "
                        f"{hunt.evaluated} evaluations were undefined or nan in floats; too "
                        "few to support the claim", seconds, scope=scope, data=data)
    detail = "no violation found"
    if hunt.nan_points:
        detail += f" ({len(hunt.nan_points)} of {hunt.evaluated} evaluations were nan)"
    if artefacts:
        point, enc = artefacts[0]
        detail = (f"{len(artefacts)} float 'violation(s)' were rounding artefacts, e.g. at "
                  f"{_fmt(point)} arb encloses the margin in {enc}")
    data["float_artefacts"] = len(artefacts)
    return Evidence(NAME, Verdict.SUPPORTED, detail, seconds, scope=scope, data=data)


def _dismissed(enclosure, claim) -> bool:
    """Whether a ball shows the float violation was an artefact."""
    if claim.statement.rel == "==":
        return enclosure.is_finite() and enclosure.rad() < 2.0 ** -60
    return holds(enclosure, claim.statement.strict)


def _fmt(point) -> str:
    return ", ".join(f"{k}={W.decimal_str(v)}" for k, v in point.items())


class _Hunt:
    """Candidate points with their float margins (lower is worse for the claim)."""

    def __init__(self, claim: Claim, config: Config, deadline: Deadline):
        self.claim, self.config, self.deadline = claim, config, deadline
        self.compiled = Compiled(claim, "float")
        self.names = self.compiled.names
        self.ivs = [iv for _, iv in claim.domain.params]
        self.bounds = [_float_bounds(iv) for iv in self.ivs]
        self.seen: dict[tuple, float] = {}
        self.nan_points: list[tuple] = []   # margin nan although the hypotheses held
        self.evaluated = 0
        self.examined: dict[tuple, W.PointCheck] = {}   # exact point -> its check in arb
        self.notes: list[str] = []
        st_ = claim.statement
        self.sides = ((lower(st_.lhs, self.names, "float"), lower(st_.rhs, self.names, "float"))
                      if st_.rel == "==" else None)

    def score(self, xs) -> float:
        """The float margin (nan outside the hypotheses); identities use relative size."""
        xs = tuple(int(round(x)) if iv.integer else float(x) for x, iv in zip(xs, self.ivs))
        if xs in self.seen:
            return self.seen[xs]
        if not self.inside(xs):
            self.seen[xs] = math.nan
            return math.nan
        self.evaluated += 1
        for h, strict in self.compiled.hypotheses:
            v = h(*xs)
            if math.isnan(v):
                self.nan_points.append(xs)
            if not holds(v, strict):
                self.seen[xs] = math.nan
                return math.nan
        m = self.compiled.margin(*xs)
        if math.isnan(m):
            self.nan_points.append(xs)
        if self.sides is not None and math.isfinite(m):
            scale = 1.0 + abs(self.sides[0](*xs)) + abs(self.sides[1](*xs))
            m = m / scale if math.isfinite(scale) else m
        self.seen[xs] = m
        return m

    def inside(self, xs) -> bool:
        """In the domain as written, exactly (open ends excluded, integers integral)."""
        if not all(math.isfinite(x) for x in xs):    # a float search over 1e308 overflows
            return False
        return W.in_domain(self.claim, self.exact(xs))

    def exact(self, xs) -> dict:
        """The exact point a float candidate stands for: a parameter fixed to a point is that
        point (the double nearest 1/250 reads back as 0.0040000000000000001, outside it),
        the others the candidate's short decimal (``witness.to_rational``)."""
        return {n: iv.lo if iv.is_point else W.to_rational(x)
                for n, x, iv in zip(self.names, xs, self.ivs)}

    def corners(self) -> None:
        per_axis = [sorted({lo, hi, (lo + hi) / 2}) for lo, hi in self.bounds]
        for point in itertools.islice(itertools.product(*per_axis), 729):
            if self.deadline.passed:
                return
            self.score(point)

    def hypothesis(self) -> None:
        from .hypothesis_api import HealthCheck, Phase, given, seed, settings, st, target

        strategies = [_strategy(iv, b) for iv, b in zip(self.ivs, self.bounds)]

        @seed(self.config.seed)
        @settings(max_examples=self.config.search_examples, database=None, deadline=None,
                  phases=[Phase.generate, Phase.target], derandomize=False,
                  suppress_health_check=list(HealthCheck))
        @given(st.tuples(*strategies))
        def probe(xs):
            if self.deadline.passed:
                return
            m = self.score(xs)
            if math.isfinite(m):
                target(max(min(-m, 1e300), -1e300))
        try:
            with _without_local_constants():
                probe()
        except EngineTimeout:     # a time limit is never a failure of hypothesis
            raise
        except Exception as exc:  # hypothesis's own failures end generation, not the hunt
            self.notes.append(f"hypothesis stopped early: {type(exc).__name__}")

    def polish(self) -> None:
        from scipy.optimize import minimize   # on first use: engines.witness_search.minimise

        starts = [p for _, p in self.worst(_POLISH)]
        lo = np.array([b[0] for b in self.bounds])
        hi = np.array([b[1] for b in self.bounds])
        for start in starts:
            if self.deadline.passed:
                return

            def objective(x):
                m = self.score(np.clip(x, lo, hi))
                return m if math.isfinite(m) else 1e300
            minimize(objective, np.array(start, dtype=float), method="Nelder-Mead",
                     options={"maxfev": 200, "xatol": 1e-12, "fatol": 1e-300})

    def worst(self, n: int):
        finite = [(m, p) for p, m in self.seen.items() if math.isfinite(m)]
        return sorted(finite)[:n]

    def candidates(self, n: int):
        """The points re-checked in arb: the n float violations nearest the unit scale
        (``_extremeness``; a witness a reader can use: r = 0.35 rather than r = 4e-11 at
        alpha = 1001, where the margin is most negative), then the n worst margins.  The
        first is simplified first when it is far from the unit scale or has a coordinate of
        more than ``_DIGITS`` digits (w2 = 0 rather than w2 = -1.3069898960702027)."""
        violated = sorted(((_extremeness(p, self.ivs), m, p) for p, m in self.seen.items()
                           if math.isfinite(m) and m < 0))
        out = [(m, p) for _, m, p in violated[:n]]
        if violated and (violated[0][0] > _PLAIN or not all(map(_short, violated[0][2]))):
            starts = [p for _, _, p in violated[:3]] + [p for m, p in self.worst(2) if m < 0]
            simple = min((self.simplify(p) for p in starts),
                         key=lambda p: (_extremeness(p, self.ivs), self.seen[p]))
            out = [(self.seen[simple], simple)] + [w for w in out if w[1] != simple]
        return out + [w for w in self.worst(n) if w not in out]

    def simplify(self, point):
        """A float violation moved, one coordinate at a time, to the simplest value
        (``_SIMPLE``, in its range) at which the float margin stays negative, for at most
        three passes: 2 passes over 3 coordinates x 15 values is at most 135 margins."""
        point = tuple(point)
        for _ in range(3):
            moved = False
            for k, iv in enumerate(self.ivs):
                if iv.is_point:
                    continue
                for v in _SIMPLE:
                    if v == point[k]:
                        break
                    trial = point[:k] + (v,) + point[k + 1:]
                    m = self.score(trial)
                    if math.isfinite(m) and m < 0:
                        point, moved = trial, True
                        break
            if not moved:
                break
        return point

    def best_margin(self):
        w = self.worst(1)
        return None if not w else float(w[0][0])


def _digits(point) -> int:
    """How long a float point's coordinates are written out: significant digits plus the
    decimal exponent's size (1.5 is short, 5e-309 is not)."""
    return sum(len(d.normalize().as_tuple().digits) + abs(d.adjusted())
               for d in (Decimal(repr(float(x))) for x in point))


def _short(x) -> bool:
    """At most ``_DIGITS`` significant digits (5.05, 1e-300, 0)."""
    return len(Decimal(repr(float(x))).normalize().as_tuple().digits) <= _DIGITS


def _extremeness(point, ivs) -> float:
    """How far a point is from the unit scale: the sum over its coordinates of |log10 |x||
    (0 for x = 0), plus -log10 of its distance to a finite end of its range where that is
    below 1 and not 0 (alpha = 1 + 2e-16 is as extreme as alpha = 1e16; an end attained is
    a natural point)."""
    out = 0.0
    for x, iv in zip(point, ivs):
        out += abs(math.log10(abs(x))) if x != 0 else 0.0
        for end in (iv.lo, iv.hi):
            d = abs(x - float(end)) if end is not None else 0.0
            out += -math.log10(d) if 0 < d < 1 else 0.0
    return out


@contextlib.contextmanager
def _without_local_constants():
    """Hypothesis (>= 6.131) mixes numbers it reads from the source of every "local" module
    in ``sys.modules`` into what it generates, and caches them under ``.hypothesis/`` in the
    working directory.  Which modules a worker has imported depends on the claims it ran
    before, so the examples -- and the report -- would depend on scheduling, and the user's
    folder would gain a ``.hypothesis``.  For the hunt, no local constants: the points
    depend on the seed and the claim alone.  (A private hook; if it moves, nothing is
    patched and only the determinism of the examples is at stake, never a verdict's
    soundness: every candidate is certified in arb.)"""
    try:
        from hypothesis.internal.conjecture import providers
        original = providers._get_local_constants
        empty = providers.Constants()
    except (ImportError, AttributeError):
        yield
        return
    providers._get_local_constants = lambda: empty
    try:
        yield
    finally:
        providers._get_local_constants = original


def _float_bounds(iv) -> tuple[float, float]:
    """The range's ends as doubles, moved inward by a few ulps where the double (read back
    as the short decimal a witness would be) falls outside the domain as written."""
    lo, hi, _ = effective_bounds(iv)
    if iv.is_point:          # the point itself (``_Hunt.exact`` reads it back exactly)
        return float(lo), float(lo)
    out = []
    for end, toward in ((lo, math.inf), (hi, -math.inf)):
        x = float(end)
        if not math.isfinite(x):     # a finite end beyond the doubles (1e400)
            x = math.copysign(sys.float_info.max, x)
        for _ in range(4):
            if iv.integer or iv.contains(W.to_rational(x)):
                break
            x = math.nextafter(x, toward)
        out.append(x)
    return out[0], out[1]


def _strategy(iv, bounds):
    """Floats (or integers) in the range, with its ends and midpoint drawn more often."""
    from .hypothesis_api import st

    lo, hi = bounds
    if iv.integer:
        return st.integers(math.ceil(lo), math.floor(hi))
    if lo == hi:
        return st.just(lo)
    floats = st.floats(lo, hi, allow_nan=False, allow_infinity=False,
                       exclude_min=iv.lo_open and iv.lo is not None,
                       exclude_max=iv.hi_open and iv.hi is not None)
    special = [x for x in (lo, hi, (lo + hi) / 2) if iv.contains(sympy.Rational(repr(x)))]
    drawn = [floats, *_log_scale(iv, lo, hi)]
    return st.one_of(*drawn, st.sampled_from(special)) if special else st.one_of(*drawn)


def _log_scale(iv, lo, hi) -> list:
    """Points 10^u away from a finite end (or from 0 on the whole line), u uniform in
    [-4, log10 of the range's width]: on an unbounded range floats drawn uniformly lie at
    the truncation's scale (1e6), and a violation where a parameter is small against
    another (eps < |log(p/q)| < 2 eps) is never drawn.  Kept inside [lo, hi]."""
    if iv.integer or (iv.lo is not None and iv.hi is not None) or hi <= lo:
        return []
    from .hypothesis_api import st

    top = math.log10(hi - lo)
    ups = st.floats(-4.0, top, allow_nan=False, allow_infinity=False)
    if iv.lo is not None:                              # [lo, oo): lo + 10^u
        return [ups.map(lambda u: min(hi, lo + 10.0**u))]
    if iv.hi is not None:                              # (-oo, hi]: hi - 10^u
        return [ups.map(lambda u: max(lo, hi - 10.0**u))]
    return [st.tuples(ups, st.booleans()).map(         # the line: +-10^u
        lambda t: max(lo, min(hi, (-1.0 if t[1] else 1.0) * 10.0**t[0])))]
