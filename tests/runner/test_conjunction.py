"""Claims that are conjunctions, decided conjunct by conjunct (``dpproof.conjunction``).

``Max(a_1, ..., a_n) <= c`` where one engine decides no whole claim: randomized response
at its kink needs an exact point, a Gaussian pair needs balls over the box.  True ones are
CERTIFIED conjunct by conjunct; a false conjunct refutes the whole claim with a witness
certified on the claim as written; an undecided conjunct leaves the claim undecided.
"""

import pytest
import sympy

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof import conjunction
from dpproof.claims import Interval as I
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.runner import check_claim

from tests.engines.test_conformance import _recertify
from tests.helpers import make_claim

CONFIG = Config(timeout=120, engine_timeout=20, max_boxes=1000)
RR1 = "Bernoulli(exp(1)/(1 + exp(1))), Bernoulli(1/(1 + exp(1)))"
GAUSS = "Normal(0, 1), Normal(1, 1)"
OSGT = "OSGT(0, 2, 1), OSGT(1, 2, 1)"
EPS = {"eps": I.closed(0, 3)}
x, y = sympy.symbols("x y")


def test_conjuncts_of_each_shape():
    from dpproof.claims import Statement
    a, b, c = sympy.symbols("a b c")
    assert {s.lhs for s in conjuncts(Statement(sympy.Max(a, b), "<=", c))} == {a, b}
    assert {s.rhs for s in conjuncts(Statement(c, "<", sympy.Min(a, b)))} == {a, b}
    assert {s.lhs for s in conjuncts(Statement(sympy.Min(a, b), ">=", c))} == {a, b}
    assert {s.rel for s in conjuncts(Statement(c, ">", sympy.Max(a, b)))} == {">"}
    ident = conjuncts(Statement(sympy.Max(sympy.Abs(a - b), sympy.Abs(b - c)), "==", 0))
    assert {s.lhs for s in ident} == {a - b, b - c} and {s.rel for s in ident} == {"=="}
    # a Max on the wrong side is not a conjunction (Max(a, b) >= c is a disjunction)
    assert conjuncts(Statement(sympy.Max(a, b), ">=", c)) == []
    assert conjuncts(Statement(c, "<=", sympy.Max(a, b))) == []


def conjuncts(st):
    return conjunction.conjuncts(st)


def test_a_true_conjunction_is_certified_conjunct_by_conjunct():
    # H_eps <= Pr(|Z| > eps) for a Gaussian pair (the symbolic engine proves it from the
    # densities) and for an OSGT pair (balls certify it): Remark 3 of the approximate-DP
    # notes on two pairs at once
    claim = make_claim("cj.remark3", f"max(hockey_stick({OSGT}, eps) - loss_tail({OSGT}, eps), "
                       f"hockey_stick({GAUSS}, eps) - loss_tail({GAUSS}, eps)) <= 0", **EPS)
    got = conjunction.decide(claim, CONFIG)
    assert len(got) == 1 and got[0].verdict.holds, got
    assert "each of the 2 conjuncts holds" in got[0].detail


def test_a_false_conjunct_refutes_the_claim_with_a_witness_on_the_claim_as_written():
    claim = make_claim("cj.false", f"max(hockey_stick({RR1}, eps) - loss_tail({RR1}, eps), "
                       f"hockey_stick({GAUSS}, eps) - 1/100) <= 0", **EPS)
    got = conjunction.decide(claim, CONFIG)
    assert len(got) == 1 and got[0].verdict is Verdict.REFUTED, got
    assert _recertify(claim, got[0].witness) < 0


def test_an_undecided_conjunct_leaves_the_claim_undecided():
    # x^2 - 2 has a root at sqrt(2): abs(x^2 - 2) >= 10^-30 fails only in a needle there,
    # which no engine settles within the budget -- and the conjunction must not say it holds
    claim = make_claim("cj.needle", "max(x - 3, 1/10^30 - abs(x^2 - 2)) <= 0",
                       x=I.closed(1, 2))
    got = conjunction.decide(claim, Config(timeout=60, engine_timeout=5, max_boxes=300))
    assert not any(e.verdict.holds for e in got), got
    # and says so: what each conjunct got, where the conjunction's budget went
    assert [e.verdict for e in got] == [Verdict.INCONCLUSIVE]
    assert "[1] PROVED by symbolic" in got[0].detail
    assert "[2] undecided: interval SUPPORTED" in got[0].detail


def test_the_conjunctions_spent_budget_is_evidence(monkeypatch):
    """Its limit reached, the conjunction route says so, with the work it spent."""
    from dpproof import routes
    from dpproof.engines.base import budgeted

    def endless(claim, config):   # counted calls, so the count (not a backstop) stops it
        while True:
            sympy.Rational(3, 7) + sympy.Rational(1, 5)

    monkeypatch.setattr(conjunction, "BUDGET", 0.5)
    p = routes.Progress(make_claim("cj.spent", "max(x, x^2) <= 1", x=I.closed(0, 1)), CONFIG)
    with budgeted(CONFIG):
        routes._within(p, endless)
    (ev,) = p.evidence
    assert ev.verdict is Verdict.INCONCLUSIVE and ev.engine == "conjunction"
    assert ev.detail == ("conjunction budget of 0.5 work-seconds spent before every "
                         "conjunct was decided")
    assert 0.5 <= ev.data[routes.SPENT] < 0.51


@pytest.mark.parametrize("shape", ["max(A, B) <= 1", "1 >= max(A, B)", "min(A, B) >= -1"])
def test_simple_shapes_are_proved(shape):
    claim = make_claim("cj.simple", shape.replace("A", "x^2").replace("B", "x*y"),
                       x=I.closed(-1, 1), y=I.closed(-1, 1))
    assert check_claim(claim, CONFIG).verdict.holds


def test_integer_parameters_split_into_their_values():
    claim = make_claim("cj.ints", "x^K <= 2", x=I.closed(0, sympy.Rational(6, 5)),
                       K=I.closed(1, 3, integer=True))
    split = conjunction.parts(claim)
    assert [label for label, _, _ in split] == ["K = 1", "K = 2", "K = 3"]
    assert all(p.domain.names == ("x",) for _, p, _ in split)
    assert str(split[2][1].statement.lhs) == "x**3"
    got = conjunction.decide(claim, CONFIG)
    assert len(got) == 1 and got[0].verdict.holds, got
    # x^3 = 1.728 > 3/2 at x = 6/5: the conjunct K = 3 refutes, its witness carries K
    false = make_claim("cj.ints_false", "x^K <= 3/2", x=I.closed(0, sympy.Rational(6, 5)),
                       K=I.closed(1, 3, integer=True))
    got = conjunction.decide(false, CONFIG)
    assert len(got) == 1 and got[0].verdict is Verdict.REFUTED, got
    assert got[0].witness["K"] == "3" and _recertify(false, got[0].witness) < 0
    # too many values: not split
    wide = make_claim("cj.wide", "x^K <= 2", x=I.closed(0, 1), K=I.closed(1, 40, integer=True))
    assert conjunction.parts(wide) == []


# the conjuncts share n x max_boxes: the Laplace RDP conversion on this box needs ~87 boxes,
# each Gaussian one 1; with 32 boxes each the Laplace pair (first) gets the pool beyond 16
# kept for each later conjunct, 64: short, it is resumed with the 30 the others left)
LAP = "Laplace(0, 1), Laplace(1, 1)"
GAUSS2 = "Normal(0, 1), Normal(1/2, 1)"
CONV = "hockey_stick({0}, eps) - rdp_to_delta(alpha, renyi({0}, alpha), eps){1}"
RDP_BOX = {"alpha": I.closed(4, 5), "eps": I.closed(sympy.Rational(1, 2), sympy.Rational(5, 8))}
POOLED = Config(timeout=120, engine_timeout=60, max_boxes=32)


def _three(lap_tail=""):
    return (f"max({CONV.format(LAP, lap_tail)}, {CONV.format(GAUSS, '')}, "
            f"{CONV.format(GAUSS2, '')}) <= 0")


def test_a_conjunct_short_of_boxes_gets_the_ones_the_others_left():
    from dataclasses import replace
    from dpproof.engines.base import load
    lap = make_claim("cj.lap", CONV.format(LAP, "") + " <= 0", **RDP_BOX)
    for boxes in (32, 64):   # alone, neither its own budget nor its first share suffices
        alone = load("interval").check(lap, replace(POOLED, max_boxes=boxes))
        assert alone.verdict is Verdict.SUPPORTED and alone.data["stopped_by"] == "box budget"
    got = conjunction.decide(make_claim("cj.pool", _three(), **RDP_BOX), POOLED)
    assert [e.verdict for e in got] == [Verdict.CERTIFIED], [e.detail for e in got]
    # the Laplace pair [1] was decided last: resumed after the Gaussian pairs [2], [3]
    assert got[0].detail.index("[1]") > got[0].detail.index("[3]") > got[0].detail.index("[2]")


def test_pooled_boxes_never_certify_a_false_conjunct():
    # the Laplace bound divided by 4 fails on the box (H_eps ~ 0.2 > bound/4 ~ 0.07)
    got = conjunction.decide(make_claim("cj.pool.false", _three("/4"), **RDP_BOX), POOLED)
    assert all(e.verdict is not Verdict.CERTIFIED for e in got), [e.detail for e in got]


# ``conjunction.quick``: each conjunct with the symbolic engine's quick budget alone

def test_quick_proves_a_true_conjunction_and_cross_examines_it():
    claim = make_claim("cj.quick", "max(x^2 - 1, x*y - 1) <= 0", x=I.closed(-1, 1),
                       y=I.closed(-1, 1))
    got = conjunction.quick(claim, CONFIG)
    assert len(got) == 1 and got[0].verdict is Verdict.PROVED, got
    assert "each of the 2 conjuncts holds" in got[0].detail


def test_quick_says_nothing_when_a_conjunct_is_false():
    claim = make_claim("cj.quick.false", "max(x^2 - 1, x*y - 1/2) <= 0", x=I.closed(-1, 1),
                       y=I.closed(-1, 1))
    assert conjunction.quick(claim, CONFIG) == []


def test_quick_says_nothing_when_one_conjunct_fails_only_by_a_hair():
    # one conjunct is an identity; the other is off by x^3/10^30: never zero on [1, 2]
    claim = make_claim("cj.quick.hair", "max(abs(log(2*exp(x)) - x - log(2)), "
                       "abs(exp(x) - exp(x) * (1 + x^3/10^30))) == 0", x=I.closed(1, 2))
    assert len(conjunction.parts(claim)) == 2
    assert conjunction.quick(claim, CONFIG) == []


def test_quick_leaves_a_disjunction_alone():
    # Max(a, b) >= c holds if either does: not a conjunction, nothing to split
    claim = make_claim("cj.quick.or", "max(x, -x) >= 0", x=I.closed(-1, 1))
    assert conjunction.quick(claim, CONFIG) == []


def test_only_a_symbolic_attempt_cut_by_its_time_limit_runs_the_quick_pass():
    from dpproof.routes import ran_out as _ran_out
    from dpproof.evidence import Evidence
    assert _ran_out(Evidence("symbolic", Verdict.INCONCLUSIVE,
                             "engine time limit of 3 s reached", 3.0))
    assert not _ran_out(Evidence("symbolic", Verdict.INCONCLUSIVE, "no proof found", 0.5))
