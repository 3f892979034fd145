"""Engine verdicts on claims undefined somewhere in their domain, and witnesses in the domain.

Contract (README, "The claims language at the edges of its domain"): a claim undefined at
some point of its domain is never PROVED, CERTIFIED or REFUTED there; an engine that finds
a point where it is certainly undefined says ERROR "undefined at <point>: <term>: <reason>"
and records ``data['undefined']``.  Witnesses lie in the domain as written.
"""

import pytest
import sympy

import dpproof.oracles.functions  # noqa: F401 - registers the distributions and divergences
from dpproof.claims import Interval as I
from dpproof.engines import witness as W
from dpproof.engines.base import Compiled, Config, load
from dpproof.engines.balls.defined import check_defined
from dpproof.evidence import Verdict
from dpproof.lowering import lower

from tests.helpers import make_claim

CONFIG = Config(engine_timeout=30, search_examples=100, max_boxes=800)
ENGINES = ("interval", "search", "numeric")

UNDEFINED = [  # (id, statement, domain, the term named, a predicate on the point)
    ("sqrt", "sqrt(x) >= 0", dict(x=I.closed(-2, 2)), "sqrt(x)", lambda p: p["x"] < 0),
    ("xx", "x/x == 1", dict(x=I.closed(-1, 1)), "1/x", lambda p: p["x"] == 0),
    ("hole", "(x^2 - 1)/(x - 1) == x + 1", dict(x=I.closed(0, 2)), "1/(x - 1)",
     lambda p: p["x"] == 1),
    ("sqrtneg", "sqrt(x) <= -1", dict(x=I.closed(-2, -1)), "sqrt(x)", lambda p: True),
    ("root", "x^(1/4) >= -1/2", dict(x=I.closed(-1, 1)), "x**(1/4)", lambda p: p["x"] < 0),
    ("binom", "binomial(n, k) == binomial(n, n - k)",
     dict(n=I.closed(-3, 3, integer=True), k=I.closed(-3, 3, integer=True)), "binomial",
     lambda p: p["n"] < 0),
    ("bern", "kl(Bernoulli(p), Bernoulli(1/2)) <= 1", dict(p=I.closed(0, 2)), "Bernoulli",
     lambda p: p["p"] > 1),
    ("pole_end", "1/(a - 1) >= 0", dict(a=I.closed(1, 2)), "1/(a - 1)", lambda p: p["a"] == 1),
]


def _claim(cid, text, dom):
    return make_claim(f"undef.{cid}", text, **dom)


def _point(ev):
    return {k: sympy.Rational(v) for k, v in ev.data["undefined"]["point"].items()}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("cid,text,dom,term,where", UNDEFINED, ids=[u[0] for u in UNDEFINED])
def test_undefined_claims_get_the_undefined_error(cid, text, dom, term, where, engine):
    claim = _claim(cid, text, dom)
    ev = load(engine).check(claim, CONFIG)
    assert ev.verdict is Verdict.ERROR, ev
    assert ev.detail.startswith("undefined at ") and term in ev.detail
    point = _point(ev)
    assert W.in_domain(claim, point) and where(point)
    # the point really is undefined: the arb lowering says so at that exact point
    assert W.examine(Compiled(claim, "arb"), point, (128,)).status == "undefined"


@pytest.mark.parametrize("cid,text,dom,term,where", UNDEFINED, ids=[u[0] for u in UNDEFINED])
def test_definedness_check_finds_the_point(cid, text, dom, term, where):
    d = check_defined(_claim(cid, text, dom))
    assert d.status == "undefined" and where(d.point) and term in d.message


def test_sqrt_of_negatives_is_not_a_comparison_error():
    """'Invalid comparison of non-real' was the old ending of sqrt(x) <= -1 on [-2, -1]."""
    claim = _claim("sqrtneg", "sqrt(x) <= -1", dict(x=I.closed(-2, -1)))
    for engine in ENGINES:
        ev = load(engine).check(claim, CONFIG)
        assert "non-real" not in ev.detail and ev.detail.startswith("undefined at x = -")


@pytest.mark.parametrize("engine", ENGINES)
def test_bernoulli_is_refuted_only_where_defined(engine):
    """False on p in [0, 1] (tv = 1/2 at p = 0) and undefined on (1, 2]: REFUTED, if at all,
    only with a witness p in [0, 1]; otherwise the undefined error."""
    claim = _claim("bern_false", "tv(Bernoulli(p), Bernoulli(1/2)) <= 1/4", dict(p=I.closed(0, 2)))
    ev = load(engine).check(claim, CONFIG)
    assert ev.verdict in (Verdict.REFUTED, Verdict.ERROR)
    if ev.verdict is Verdict.REFUTED:
        assert 0 <= sympy.Rational(ev.witness["p"]) <= 1
    else:
        assert _point(ev)["p"] > 1


TRUE_AND_DEFINED = [  # true claims near an edge: still decided, never the undefined error
    ("sqrt0", "sqrt(x) >= 0", dict(x=I.closed(0, 2))),
    ("root0", "x^(1/3) >= 0", dict(x=I.closed(0, 1))),
    ("logopen", "log(x) <= x - 1", dict(x=I(0, 5, lo_open=True))),
    ("guarded", "x > 0 => log(x) <= x", dict(x=I.closed(-1, 1))),
    ("bern_ok", "tv(Bernoulli(p), Bernoulli(1/2)) <= 1/2", dict(p=I.closed(0, 1))),
    ("binom_ok", "binomial(n, k) == binomial(n, n - k)",
     dict(n=I.closed(0, 6, integer=True), k=I.closed(-3, 9, integer=True))),
]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("cid,text,dom", TRUE_AND_DEFINED, ids=[t[0] for t in TRUE_AND_DEFINED])
def test_true_claims_at_the_edge_are_not_undefined(cid, text, dom, engine):
    ev = load(engine).check(_claim(cid, text, dom), CONFIG)
    assert ev.verdict in (Verdict.CERTIFIED, Verdict.SUPPORTED), ev


def test_interval_certifies_up_to_a_dyadic_edge():
    ev = load("interval").check(_claim("sqrt0", "sqrt(x) >= 0", dict(x=I.closed(0, 2))), CONFIG)
    assert ev.verdict is Verdict.CERTIFIED
    ev = load("interval").check(_claim("root0", "x^(1/3) >= 0", dict(x=I.closed(0, 1))), CONFIG)
    assert ev.verdict is Verdict.CERTIFIED


def test_definedness_check_settles_open_ends_and_hypotheses():
    assert check_defined(_claim("logopen", "log(x) <= x - 1",
                                dict(x=I(0, 5, lo_open=True)))).status == "defined"
    assert check_defined(_claim("xx_open", "x/x == 1",
                                dict(x=I(0, 1, lo_open=True)))).status == "defined"
    # measured from the open end: a = 1 + t, t > 0, so 1/(a - 1) is defined on (1, 2]
    assert check_defined(_claim("pole_open", "1/(a - 1) >= 0",
                                dict(a=I(1, 2, lo_open=True)))).status == "defined"
    assert check_defined(_claim("pole", "1/(a - 1) >= 0",
                                dict(a=I(1, 2)))).status == "undefined"
    # the hypothesis guards the conclusion: never "undefined", at worst not settled
    assert check_defined(_claim("guarded", "x > 0 => log(x) <= x",
                                dict(x=I.closed(-1, 1)))).status in ("defined", "unknown")


def test_hypotheses_are_read_left_to_right():
    """A hypothesis needs to be defined only where those before it hold."""
    c = Compiled(_claim("g", "x > 0 => log(x) <= x", dict(x=I.closed(-1, 1))), "arb")
    assert W.examine(c, {"x": sympy.Integer(-1)}, (128,)).status == "vacuous"
    c = Compiled(_claim("h", "log(x) > 0 => x > 1", dict(x=I.closed(-1, 2))), "arb")
    assert W.examine(c, {"x": sympy.Integer(-1)}, (128,)).status == "undefined"


def test_search_says_inconclusive_when_floats_are_all_nan():
    """exp(x) overflows in doubles on [800, 900]: every float margin is inf - inf = nan, yet
    the claim is defined (arb decides it): INCONCLUSIVE with the count, never SUPPORTED."""
    claim = _claim("nan", "exp(x) - exp(x + 1) <= 0", dict(x=I.closed(800, 900)))
    ev = load("search").check(claim, CONFIG)
    assert ev.verdict is Verdict.INCONCLUSIVE and "evaluations were undefined or nan" in ev.detail
    assert ev.data["nan_points"] == ev.data["points_evaluated"] > 0


# -- witnesses lie in the domain as written (issue #10, item 4) ---------------------------

def test_witness_outside_the_domain_is_refused():
    claim = _claim("open", "x > 1", dict(x=I(1, 2, lo_open=True)))
    c = Compiled(claim, "arb")
    assert W.examine(c, {"x": sympy.Integer(1)}, (128,)).status == "outside"
    assert W.certify(c, {"x": sympy.Integer(1)}, (128,)) is None
    assert W.examine(c, {"x": sympy.Rational(3, 2)}, (128,)).status == "holds"
    ints = _claim("ints", "k*(5 - k) > 0", dict(k=I(0, 5, True, True, integer=True)))
    ci = Compiled(ints, "arb")
    for k in (0, 5, sympy.Rational(5, 2)):
        assert W.examine(ci, {"k": sympy.Rational(k)}, (128,)).status == "outside"
    assert W.examine(ci, {"k": sympy.Integer(1)}, (128,)).status == "holds"


@pytest.mark.parametrize("engine", ENGINES)
def test_open_ends_are_never_witnesses(engine):
    """x > 1 on (1, 2] and on [1 + 10^-20, 2] (exact) is true: no engine may refute it at
    x = 1; k (5 - k) > 0 on the integers of (0, 5) is true, not refuted at k = 0 or 5 (the
    interval engine certifies it: an integer range excludes its open ends)."""
    for claim in (_claim("open", "x > 1", dict(x=I(1, 2, lo_open=True))),
                  _claim("near", "x > 1", dict(x=I.closed("1.00000000000000000001", 2))),
                  _claim("ints", "k*(5 - k) > 0", dict(k=I(0, 5, True, True, integer=True)))):
        ev = load(engine).check(claim, CONFIG)
        assert ev.verdict in (Verdict.SUPPORTED, Verdict.CERTIFIED), ev
        if engine == "interval" and claim.id != "undef.open":
            assert ev.verdict is Verdict.CERTIFIED, ev


def test_integer_ranges_exclude_their_open_ends():
    from dpproof.engines.base import effective_bounds

    assert effective_bounds(I(0, 5, True, True, integer=True))[:2] == (1, 4)
    assert effective_bounds(I("1/2", 5, False, True, integer=True))[:2] == (1, 4)
    assert effective_bounds(I(0, 5, True, True))[:2] == (0, 5)   # reals: the closure


def test_numeric_grid_and_search_sample_only_the_domain():
    from dpproof.engines.numeric.engine import grid
    from dpproof.engines.search.engine import _Hunt
    from dpproof.engines.base import Deadline

    ints = _claim("ints", "k*(5 - k) > 0", dict(k=I(0, 5, True, True, integer=True)))
    assert sorted(p["k"] for p in grid(ints, 7)) == [1, 2, 3, 4]
    hunt = _Hunt(ints, CONFIG, Deadline(10))
    hunt.corners()
    hunt.hypothesis()
    assert hunt.evaluated > 0
    assert all(0 < p[0] < 5 for p, m in hunt.seen.items() if m == m)


def test_float_backend_turns_undefined_into_nan_not_inf():
    """1/0 was inf in floats (a spurious 'violation' of x/x <= 1); now nan like arb's error."""
    f = lower(1 / sympy.Symbol("x", real=True), ["x"], "float")
    assert f(0.0) != f(0.0) and f(2.0) == 0.5
