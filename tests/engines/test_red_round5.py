"""Red team, round 5: integer parameters in the interval engine's derived forms, products of
continuous laws (``oracles.symbolic.products.continuous_factors``), kinks on a half-line
[lo, oo), hs_events with null outcomes, conjunct-by-conjunct proofs, log groups.

Finding: the interval engine differentiated margins in their integer symbols, and sympy,
told n is an integer, takes DiracDelta(n - 5/2) = 0 in the second derivative of
max(n - 5/2, 0): the first derivative looked monotone, the margin increasing, and
max(n - 5/2, 0) <= n/10 on n = 0..30 was CERTIFIED on one box (false at n = 3).  The
derivatives are now those of the real relaxation (``enclosures.relaxed``)."""

from __future__ import annotations

import pytest

from dpproof.claims import Interval as I, Kind
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict
from dpproof.runner import check_claim
from tests.helpers import make_claim

INTERVAL = load("interval")
CONFIG = Config(timeout=30, engine_timeout=10, search_examples=60)
DECIDED = (Verdict.PROVED, Verdict.CERTIFIED)
NI = dict(n=I.closed(0, 30, integer=True))

# each false on some integer n in 0..30 (every one was CERTIFIED on one box)
INTEGER_FALSE = [
    "max(n - 5/2, 0) <= n/10",
    "max(n - 5/2, 0) <= n/2",
    "min(n, 5/2) >= n/10 + 1/10*n^2 - n^2/10",
    "max(n - 5/2, 0) - max(n - 7/2, 0) <= 1/2",
]


@pytest.mark.parametrize("text", INTEGER_FALSE)
def test_a_kink_between_integers_is_not_smoothed_away(text):
    ev = INTERVAL.check(make_claim("r5.int", text, Kind.INEQUALITY, **NI), CONFIG)
    assert ev.verdict is Verdict.REFUTED, (ev.verdict, ev.detail)


@pytest.mark.parametrize("text", ["max(n - 5/2, 0) - max(n - 7/2, 0) <= 1",
                                  "abs(n - 5/2) >= 1/2"])
def test_integer_twins_stay_certified(text):
    ev = INTERVAL.check(make_claim("r5.int.twin", text, Kind.INEQUALITY, **NI), CONFIG)
    assert ev.verdict is Verdict.CERTIFIED, ev.detail


PN, QN = "ProductOf(Normal(0, 1), Normal(0, 1))", "ProductOf(Normal(1, 1), Normal(1, 1))"
INF_KL = "kl(ProductOf(Normal(0, 1), Laplace(0, 1)), ProductOf(Normal(0, 1), TruncNormal(0, 1, 1)))"
P3 = "ProductOf(ProductOf(Normal(0, 1), Normal(0, 1)), Normal(0, 1))"
Q3 = "ProductOf(Normal(1, 1), ProductOf(Normal(1, 1), Normal(1, 1)))"
HL = dict(x=I(0, None))
U = dict(x=I.closed(0, 1))
P, C, Y, E = Verdict.PROVED, Verdict.CERTIFIED, Verdict.REFUTED, Verdict.ERROR

# (id, statement, domain, the verdict expected)
ATTACKS = [
    # products of continuous laws: sums over the factors, an infinite factor, nesting
    ("prod.kl", f"kl({PN}, {QN}) == 1", {}, P),
    ("prod.kl.false", f"kl({PN}, {QN}) <= 1 - 1/10^20", {}, Y),
    ("prod.same_symbol.false", "renyi(ProductOf(Normal(x, 1), Normal(x, 1)), "
     "ProductOf(Normal(0, 1), Normal(0, 1)), 2) <= 2*x^2 - x^4/10^9", U, Y),
    ("prod.infinite_factor", f"{INF_KL} <= 10^6", {}, Y),
    ("prod.swapped_factors", "renyi(ProductOf(Normal(0, 1), Laplace(0, 1)), "
     "ProductOf(Laplace(0, 1), Normal(0, 1)), 2) <= 1/10", {}, Y),
    ("prod.nested.false", f"renyi({P3}, {Q3}, 2) <= 3 - 1/10^15", {}, Y),
    ("prod.lengths_differ", f"renyi({P3}, {QN}, 2) <= 100", {}, E),
    # kinks on a half-line: a kink far out, a last piece that is not 0
    ("half_line.far_kink", "max(0, 1 - x) + max(0, x - 10^30) <= max(0, 1 - x)", HL, Y),
    ("half_line.far_kink.twin", "max(0, 1 - x) + max(0, x - 10^30) >= max(0, 1 - x)", HL, P),
    ("half_line.abs", "abs(x - 1) - abs(x - 2) == 1", HL, Y),
    # hs_events: null outcomes left out, a mass that vanishes at one end only
    ("hs.null", "hs_events(Finite(1, 0, 1), Finite(1, 0, 1), x) == 0", U, P),
    ("hs.null_one_law", "hs_events(Finite(d, 0, 1 - d), Finite(0, 0, 1), 0) == d",
     dict(d=I.closed(0, 1)), P),
    ("hs.off_by_constant", "hs_events(Finite(d, 1, 1), Finite(0, 1, 1), 0) == d/(d + 2) - 1/10^30",
     dict(d=I.closed(0, 1)), Y),
    # integer instances without a continuous parameter
    ("instances.false", "max(n, 3) == n", dict(n=I.closed(0, 5, integer=True)), Y),
    ("instances.true", "max(n, 3) >= n", dict(n=I.closed(0, 5, integer=True)), P),
]


@pytest.mark.parametrize("cid,text,dom,verdict", ATTACKS, ids=[a[0] for a in ATTACKS])
def test_attack(cid, text, dom, verdict):
    kind = Kind.IDENTITY if "==" in text else Kind.INEQUALITY
    got = check_claim(make_claim(f"r5.{cid}", text, kind, **dom), CONFIG)
    assert got.verdict is verdict, (got.verdict, got.scope)


def test_an_infinite_divergence_is_never_refuted_below():
    got = check_claim(make_claim("r5.prod.infinite_above", f"{INF_KL} >= 10^6", Kind.INEQUALITY),
                      CONFIG)
    assert got.verdict not in (Verdict.REFUTED, Verdict.ERROR), got.scope


# Finding: the instances of the kinks route (``instances.by_kinks``, ``by_instances``) kept the
# statement's guards (terms simplified away) in the integer symbols, so the definedness check
# looked an integer parameter up in the continuous domain: KeyError, the symbolic engine ERROR.
GUARDED = [
    ("guard.defined", "max(0, n - x) + log(3 - n) - log(3 - n) >= 0",
     dict(x=I.closed(0, 1), n=I.closed(1, 2, integer=True)), Verdict.PROVED),
    ("guard.defined.oracle", "hockey_stick(Bernoulli(x), Bernoulli(1/n), 0) + log(3 - n) "
     "- log(3 - n) == abs(x - 1/n)", dict(x=I.closed(0, 1), n=I.closed(1, 2, integer=True)),
     Verdict.PROVED),
    ("guard.undefined_at_one", "max(0, n - x) + log(n - 1) - log(n - 1) >= 0",
     dict(x=I.closed(0, 1), n=I.closed(1, 3, integer=True)), Verdict.INCONCLUSIVE),
]


@pytest.mark.parametrize("cid,text,dom,verdict", GUARDED, ids=[g[0] for g in GUARDED])
def test_guards_of_integer_instances(cid, text, dom, verdict):
    from dpproof.engines.exact import engine as symbolic
    kind = Kind.IDENTITY if "==" in text else Kind.INEQUALITY
    ev = symbolic.check(make_claim(f"r5.{cid}", text, kind, **dom), CONFIG)
    assert ev.verdict is verdict, ev.detail


# Finding: a claims file's ``hypotheses`` rebuilt the statement without its guards (terms the
# parser simplified away) and without the hypotheses written in it ("h => c"): x + log(x - 2)
# - log(x - 2) >= 0 on [0, 1], undefined on the whole domain, was PROVED once a hypothesis
# was listed (ERROR without one), and the true x >= 1/2 => log(2x) >= 0 with x <= 1 listed
# was REFUTED at x = 1/8.
GUARD_FILE = """
[[claim]]
id = "g.hyp"
source = "a guard and a hypothesis"
statement = "x + log(x - 2) - log(x - 2) >= 0"
hypotheses = ["x >= 0"]
domain = { x = [0, 1] }
"""


def test_a_claims_file_with_hypotheses_keeps_the_guards(tmp_path):
    from dpproof.claimfile import load_claims_file
    path = tmp_path / "g.toml"
    path.write_text(GUARD_FILE)
    (claim,) = load_claims_file(path)
    assert claim.statement.hypotheses and claim.statement.guards
    got = check_claim(claim, CONFIG)
    assert got.verdict is Verdict.ERROR, (got.verdict, got.scope)


BOTH_FILE = """
[[claim]]
id = "h.both"
source = "a hypothesis written in the statement and one listed"
statement = "x >= 1/2 => log(2*x) >= 0"
hypotheses = ["x <= 1"]
domain = { x = [0, 1] }
"""


def test_a_claims_file_keeps_the_hypotheses_written_in_the_statement(tmp_path):
    from dpproof.claimfile import load_claims_file
    path = tmp_path / "h.toml"
    path.write_text(BOTH_FILE)
    (claim,) = load_claims_file(path)
    assert len(claim.statement.hypotheses) == 2
    got = check_claim(claim, CONFIG)
    assert got.verdict is not Verdict.REFUTED, (got.verdict, got.scope)
