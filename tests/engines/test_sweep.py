"""The cross-examination's refutation-only sweep (``engines.balls.sweep``): false claims are
refuted at a certified witness inside the domain as written, true and tight claims are not,
undefinedness is found, and what it does is counted (the same boxes every run)."""

import sympy
from flint import arb

from dpproof.engines.balls.sweep import sweep
from dpproof.engines.base import Compiled, Config
from dpproof.engines.witness import in_domain
from dpproof.evidence import Verdict
from dpproof.lowering import at_precision
from dpproof.domain import Interval as I
from tests.helpers import make_claim

CONFIG = Config()


def _refuted(claim, boxes=200):
    found = sweep(claim, CONFIG, boxes, "cross-exam/boxes")
    ev = found.evidence
    assert ev is not None and ev.verdict is Verdict.REFUTED, (claim.id, ev)
    point = {k: sympy.Rational(v) for k, v in ev.witness.items()}
    assert in_domain(claim, point)
    # the witness violates the claim as written, re-checked here in balls at 256 bits
    compiled = Compiled(claim, "arb")
    with at_precision(256):
        m = compiled.margin(*[arb(point[n].p) / point[n].q for n in compiled.names])
    assert m < 0 or (claim.statement.strict and m == 0), (point, m)
    assert ev.engine == "cross-exam/boxes" and found.boxes <= boxes
    return point


def _clean(claim, boxes=200):
    found = sweep(claim, CONFIG, boxes)
    assert found.evidence is None, found.evidence
    return found.boxes


def test_false_claims_are_refuted_inside_the_domain():
    x, = _refuted(make_claim("s.f1", "x <= 1/2", x=I.closed(0, 1))).values()
    assert x > sympy.Rational(1, 2)
    p = _refuted(make_claim("s.f2", "x*y <= 9/10", x=I.closed(0, 1), y=I.closed(0, 1)))
    assert p["x"] * p["y"] > sympy.Rational(9, 10)


def test_a_needle_is_found():
    # false only for |x - 1/3| < 10^-6: reached through the lowest enclosures and a minimiser
    x, = _refuted(make_claim("s.needle", "(x - 1/3)^2 >= 10^(-12)", x=I.closed(0, 1))).values()
    assert abs(x - sympy.Rational(1, 3)) < sympy.Rational(1, 10**6)


def test_strict_claims_tight_at_a_point():
    x, = _refuted(make_claim("s.strict", "x^2 > 0", x=I.closed(-1, 1))).values()
    assert x == 0
    _clean(make_claim("s.tight", "x^2 >= 0", x=I.closed(-1, 1)))
    _clean(make_claim("s.tight2", "1 - x^2 >= 0", x=I.closed(-1, 1)))


def test_open_ends_and_integers():
    # true on [0, 1): the excluded end x = 1 is never a witness
    _clean(make_claim("s.open", "x < 1", x=I(sympy.Integer(0), sympy.Integer(1), False, True)))
    k, = _refuted(make_claim("s.int", "k <= 5", k=I.closed(0, 10, integer=True))).values()
    assert k.is_integer and 6 <= k <= 10
    _clean(make_claim("s.int.true", "k <= 10", k=I.closed(0, 10, integer=True)))


def test_unbounded_sides_are_swept_on_their_truncation():
    x, = _refuted(make_claim("s.unbounded", "x <= 10^5", x=I(sympy.Integer(0), None))).values()
    assert x > 10**5


def test_hypotheses_restrict_the_search():
    _clean(make_claim("s.hyp", "x >= 1/2 => x^2 >= 1/4", x=I.closed(0, 1)))
    p = _refuted(make_claim("s.hyp2", "x >= 1/2 => x^2 >= 1/3", x=I.closed(0, 1)))
    assert sympy.Rational(1, 2) <= p["x"] < 1 / sympy.sqrt(3)


def test_undefinedness_is_reported_at_an_exact_point():
    ev = sweep(make_claim("s.undef", "sqrt(x) >= 0", x=I.closed(-1, 1)), CONFIG, 200).evidence
    assert ev is not None and ev.verdict is Verdict.ERROR
    assert sympy.Rational(ev.data["undefined"]["point"]["x"]) < 0


def test_identities():
    _refuted(make_claim("s.id.false", "exp(x) == 1 + x", x=I.closed(-1, 1)))
    # true, and cancelling: balls cannot certify it, the sweep must not refute it
    boxes = _clean(make_claim("s.id.true", "(1 + x)^2 == 1 + 2*x + x^2", x=I.closed(-1, 1)), 50)
    assert boxes == 50


def test_the_work_is_counted_and_repeatable():
    # true and tight at x = 1/2: the enclosures never settle the boxes around it
    claim = make_claim("s.count", "x^2 - x + y/4 >= 0", x=I.closed(-10, 10), y=I.closed(1, 2))
    first = sweep(claim, CONFIG, 37)
    assert first.evidence is None and first.boxes == 37
    assert sweep(claim, CONFIG, 37) == first
    # a claim proved on the first box costs one box
    assert sweep(make_claim("s.one", "x^2 + 1 >= 0", x=I.closed(-1, 1)), CONFIG, 200).boxes == 1


def test_settled_only_where_every_box_of_the_whole_domain_has_the_sign():
    """``settled``: the cross-examination then runs no other sweep, so it must mean that no
    violation exists -- every box enclosed with the claimed sign (or with false
    hypotheses), on a domain no side of which was truncated."""
    def settled(text, boxes=200, **ranges):
        found = sweep(make_claim("s.settled", text, **ranges), CONFIG, boxes)
        assert found.evidence is None or not found.settled
        return found.settled

    assert settled("x^2 + 1 >= 0", x=I.closed(-1, 1))
    assert settled("x*y <= 2", x=I.closed(0, 1), y=I.closed(0, 1))
    assert settled("k <= 10", k=I.closed(0, 10, integer=True))
    # no hypothesis, or one certainly true or false on every box dropped
    assert settled("x >= -1 => x^2 + 1 >= 0", x=I.closed(0, 1))
    # a box where the hypothesis is undecided is dropped by its sign but leaves the domain
    # unsettled: the hypothesis may be undefined there (log(x), sqrt(x) at x < 0), which the
    # search reports as an ERROR -- settled, the cross-examination would skip it
    assert not settled("x >= 1/2 => x^2 >= 1/5", x=I.closed(0, 1))
    assert not settled("log(x) >= -1 => x^2 + 1 >= 0", x=I.closed(-1, 1))
    assert not settled("sqrt(x) >= 0 => x^2 + 1 >= 0", x=I.closed(-1, 1))
    # (arb squares a ball as a square: x^2 >= 0 is settled on the first box)
    assert settled("x^2 >= 0", x=I.closed(-1, 1))
    # true but tight, and written so that balls overestimate (x = 1, x = y): never the sign
    assert not settled("x^2 - 2*x + 1 >= 0", x=I.closed(-1, 2))
    assert not settled("x*y <= (x^2 + y^2)/2", x=I.closed(-3, 3), y=I.closed(-3, 3))
    # true with slack, but on a truncated side: the rest of the line was not seen
    assert not settled("x^2 + 1 >= 0", x=I(sympy.Integer(0), None))
    # out of boxes before the end
    assert not settled("x^2 - x + 1/4 + 10^(-9) >= 0", 20, x=I.closed(-10, 10))
    # false: refuted, never settled
    assert not settled("x <= 1/2", x=I.closed(0, 1))
    assert not settled("sqrt(x) >= 0", x=I.closed(-1, 1))
