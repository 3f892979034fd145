"""Claims undefined at an exact root of a polynomial guard (``engines.exact.guard_roots``).

No sampled point lands on x = 1/3 in [0, 1] (nor on sqrt(2)): the claim used to come back
SUPPORTED "certified on 100.0000%".  A real root of a guard inside the domain as written
makes it ERROR "undefined at <point>"; a root at an open end or outside is no error; where
no root is found exactly the scope names the boxes left, never 100%."""

import pytest
import sympy

from dpproof.claims import Interval as I
from dpproof.engines.exact import guard_roots as G
from dpproof.engines.base import Config, load
from dpproof.engines.balls.defined import check_defined
from dpproof.evidence import Assessment, Evidence, Verdict, percent
from dpproof.runner import check_claim

from tests.helpers import make_claim

CONFIG = Config(engine_timeout=30, search_examples=60, max_boxes=800)
UNIT = dict(x=I.closed(0, 1))


def _interval(text, **dom):
    return load("interval").check(make_claim("t.root", text, **dom), CONFIG)


@pytest.mark.parametrize("text", ["1/(x - 1/3)^2 >= 0", "log(abs(x - 1/3)) <= 1"])
def test_rational_root_makes_the_claim_undefined(text):
    a = check_claim(make_claim("t.third", text, **UNIT), CONFIG)
    assert a.verdict is Verdict.ERROR and a.label == "ERROR"
    ev = next(e for e in a.evidence if e.data.get("undefined"))
    assert ev.engine == "interval" and ev.detail.startswith("undefined at x = 1/3: ")
    assert ev.data["undefined"]["point"] == {"x": "1/3"}
    assert not any(e.verdict.holds for e in a.evidence)


def test_irrational_root_is_shown_exactly():
    ev = _interval("1/(x^2 - 2)^2 >= 0", x=I.closed(1, 2))
    assert ev.verdict is Verdict.ERROR
    assert ev.detail.startswith("undefined at x = sqrt(2) (= 1.41421356237310): ")
    exact = sympy.sympify(ev.data["undefined"]["exact"]["x"])
    assert exact == sympy.sqrt(2) and exact ** 2 - 2 == 0


def test_root_of_a_cubic_is_a_crootof():
    root = G.undefined_root(make_claim("t.cubic", "exp(x)/(x^3 - x - 1) <= 1",
                                       x=I.closed(0, 3)))
    x = sympy.Symbol("x")
    assert root.point["x"] == sympy.CRootOf(x ** 3 - x - 1, 0)
    lo, hi = root.enclosure["x"]
    assert 0 < lo < hi < 3 and hi - lo < sympy.Rational(1, 10 ** 6)
    assert "CRootOf(x**3 - x - 1, 0)" in root.message()


def test_two_parameters_through_a_univariate_restriction():
    text = "log(abs(x^2 + 2*y^2 - 1/3)) <= 1"
    dom = dict(x=I.closed(0, 1), y=I.closed(0, 1))
    ev = _interval(text, **dom)
    assert ev.verdict is Verdict.ERROR and ev.detail.startswith("undefined at x = ")
    pt = {n: sympy.sympify(v) for n, v in ev.data["undefined"]["exact"].items()}
    assert sympy.simplify(pt["x"] ** 2 + 2 * pt["y"] ** 2 - sympy.Rational(1, 3)) == 0
    assert all(0 <= v <= 1 for v in pt.values())


def test_root_at_an_open_end_is_excluded():
    claim = make_claim("t.open", "1/(x - 1) >= 0", x=I(1, 2, True, False))
    assert G.undefined_root(claim) is None
    assert check_claim(claim, CONFIG).verdict in (Verdict.PROVED, Verdict.CERTIFIED)
    # the same end closed: undefined there
    closed = make_claim("t.closed", "1/(x - 1) >= 0", x=I.closed(1, 2))
    assert G.undefined_root(closed).point == {"x": 1}


def test_root_just_outside_the_domain_is_no_error():
    claim = make_claim("t.out", "1/(x - 2 - 1/10^6)^2 >= 0", x=I.closed(1, 2))
    assert G.undefined_root(claim) is None
    assert check_claim(claim, CONFIG).verdict in (Verdict.PROVED, Verdict.CERTIFIED)
    irr = make_claim("t.out2", "1/(x^2 - 2) <= 0", x=I.closed(0, sympy.Rational(141, 100)))
    assert G.undefined_root(irr) is None       # sqrt(2) = 1.41421... > 1.41


def test_guard_without_a_real_root_is_fine():
    claim = make_claim("t.none", "1/(x^2 + 1) <= 1", x=I.closed(-1, 1))
    assert G.undefined_root(claim) is None
    assert check_claim(claim, CONFIG).verdict in (Verdict.PROVED, Verdict.CERTIFIED)


def test_integer_parameters_take_only_integer_roots():
    dom = dict(n=I.closed(0, 3, integer=True))
    assert G.undefined_root(make_claim("t.n", "1/(n^2 - 2) <= 1", **dom)) is None
    assert G.undefined_root(make_claim("t.n2", "1/(n^2 - 4) <= 1", **dom)).point == {"n": 2}


def test_a_root_where_a_hypothesis_fails_is_no_error():
    dom = dict(x=I.closed(0, 2))
    assert G.undefined_root(make_claim("t.h", "x >= 1 => 1/(x - 1/3) >= 0", **dom)) is None
    hit = G.undefined_root(make_claim("t.h2", "x <= 1 => 1/(x - 1/3) >= 0", **dom))
    assert hit.point == {"x": sympy.Rational(1, 3)}


def test_definedness_check_finds_algebraic_roots():
    d = check_defined(make_claim("t.d", "1/(x^2 - 2) <= 100", x=I.closed(1, 2)))
    assert d.status == "undefined" and d.message.startswith("undefined at x = sqrt(2)")


def test_no_exact_root_names_the_undecided_box_and_never_claims_100_percent():
    # exp(x) = 2 at x = log 2: not a polynomial guard, so no exact root; the volume left
    # undecided around log 2 is below 1e-12 of the box
    ev = _interval("1/(exp(x) - 2)^2 >= 0", **UNIT)
    assert ev.verdict is Verdict.SUPPORTED
    assert "100.0000%" not in ev.scope and "99.9999%" in ev.scope
    assert "where no ball separates (exp(x) - 2)**(-2) from its edge" in ev.scope
    assert "0.6931471805599" in ev.scope       # the box near log 2, told apart from its ends


def test_percent_rounds_down_and_never_shows_a_whole_box_while_undecided():
    assert percent(0.999999999) == "99.9999%"
    assert percent(1.0) == "99.9999%"
    assert percent(1.0, complete=True) == "100.0000%"
    assert percent(0.986, 1) == "98.6%" and percent(0.5) == "50.0000%"
    claim = make_claim("t.label", "x >= 0", **UNIT)
    ev = Evidence("interval", Verdict.SUPPORTED, "", data={
        "certified_fraction": 0.9999999, "certified_boxes": 7, "undecided_boxes": 2})
    label = Assessment(claim, Verdict.SUPPORTED, "", None, (ev,), 0.0).label
    assert label == "SUPPORTED: certified on 99.9% of the box"
    ev1 = Evidence("interval", Verdict.SUPPORTED, "", data={
        "certified_fraction": 1.0, "certified_boxes": 7, "undecided_boxes": 1})
    assert Assessment(claim, Verdict.SUPPORTED, "", None, (ev1,), 0.0).label.endswith(
        "99.9% of the box")
