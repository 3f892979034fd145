"""Piecewise-linear relations decided exactly (``engines.exact.piecewise_linear``): true ones proved
(also where they are tight on whole faces and over unbounded parameters), false ones never,
treacherous ones (true only at the integers, constraints a sign assumption would drop,
irrational coefficients, strict at an open end) left undecided."""

from __future__ import annotations

import pytest

from dpproof.claims import Interval as I, Kind
from dpproof.engines.exact import piecewise_linear as PL, engine as symbolic
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from tests.helpers import make_claim

CONFIG = Config(engines=("symbolic",))
R = I(None, None)
U = I.closed(0, 1)


def _decide(text, kind=Kind.INEQUALITY, **params):
    claim = make_claim("pl", text, kind, **params)
    st = claim.statement
    rel = {"<=": ">=", "<": ">", ">=": ">=", ">": ">", "==": "=="}[st.rel]
    expr = st.rhs - st.lhs if st.rel in ("<=", "<") else st.lhs - st.rhs
    return claim, PL.decide(expr, rel, claim.domain, claim.domain.symbols())


TRUE = [
    ("reverse_triangle", "abs(abs(a) - abs(b)) <= abs(a - b)", dict(a=R, b=R)),
    ("ks_gap", "abs(abs(v + p) - abs(v + q)) <= 1", dict(v=R, p=U, q=U)),
    ("max_min_sum", "max(a, b) + min(a, b) <= a + b", dict(a=R, b=R)),
    ("strict_inside", "abs(x) + 1 > max(x, -x)", dict(x=R)),
    ("integer_hull", "abs(n - 2) + abs(n - 5) >= 3", dict(n=I(0, None, integer=True))),
    ("atoms", "max(exp(x), exp(y)) + min(exp(x), exp(y)) <= exp(x) + exp(y)", dict(x=R, y=R)),
]
FALSE = [
    ("reverse_triangle", "abs(abs(a) - abs(b)) <= abs(a - b) - 1/10**9", dict(a=R, b=R)),
    ("ks_gap", "abs(abs(v + p) - abs(v + q)) <= 99/100", dict(v=R, p=U, q=U)),
    ("wider_box", "abs(abs(v + p) - abs(v + q)) <= 1", dict(v=R, p=U, q=I.closed(0, 2))),
    ("on_a_face_only", "max(a, 0) <= a", dict(a=R)),
    ("strict_tie", "abs(a) > a", dict(a=R)),
    ("atoms", "max(exp(x), 1) <= exp(x) + 1/2", dict(x=R)),
    ("atoms_box", "abs(exp(x) - 1) <= exp(x)", dict(x=I.closed(-1, 1))),
]


@pytest.mark.parametrize("name,text,params", TRUE, ids=[c[0] for c in TRUE])
def test_true_relations_are_proved(name, text, params):
    claim, line = _decide(text, **params)
    assert line and "piecewise linear:" in line, name
    assert symbolic.check(claim, CONFIG).verdict is Verdict.PROVED


@pytest.mark.parametrize("name,text,params", FALSE, ids=[c[0] for c in FALSE])
def test_false_relations_are_never_proved(name, text, params):
    claim, line = _decide(text, **params)
    assert line is None
    assert symbolic.check(claim, CONFIG).verdict is not Verdict.PROVED


def test_identities_need_minimum_and_maximum_zero_on_every_piece():
    ok = "max(abs(a), abs(b)) == (abs(a + b) + abs(a - b))/2"
    assert _decide(ok, Kind.IDENTITY, a=R, b=R)[1]
    assert _decide("max(abs(abs(v + p) - abs(v + q)), 1) == 1", Kind.IDENTITY,
                   v=R, p=U, q=U)[1]
    # equal on the box [-1, 1], not beyond it; equal on a half-line only
    assert _decide("min(abs(x), 1) == abs(x)", Kind.IDENTITY, x=I.closed(-1, 1))[1]
    assert _decide("min(abs(x), 1) == abs(x)", Kind.IDENTITY, x=I.closed(-2, 2))[1] is None
    assert _decide("max(x, 0) == x", Kind.IDENTITY, x=R)[1] is None
    claim, _ = _decide("max(abs(abs(v + p) - abs(v + q)), 1) == 1", Kind.IDENTITY,
                       v=R, p=U, q=U)
    assert symbolic.check(claim, CONFIG).verdict is Verdict.PROVED


def test_box_ends_are_kept_where_a_sign_assumption_already_holds():
    """x in [0, 1] gives x a nonnegative symbol: x >= 0 must still bound the LP, and so must
    x <= 1 (1 - x >= 0 is not decided by any assumption)."""
    assert _decide("abs(x - 1) + x <= 1", x=U)[1]
    assert _decide("abs(x - 1) + x <= 1", x=I.closed(0, 2))[1] is None
    assert _decide("abs(x) <= 2*x", x=I(0, None))[1]


def test_treacherous_inputs_are_left_undecided():
    # true at every integer n (|2n - 1| >= 1) but not on the real hull: never proved by the
    # relaxation, and never refuted either
    assert _decide("abs(2*n - 1) >= 1", n=I.closed(0, 3, integer=True))[1] is None
    # a term that is not a rational multiple of a parameter is a free variable: true
    # relations that hold for every value of it are proved, the others are not even when
    # true (x^2 >= 0 needs more than x^2 being some real)
    assert _decide("abs(sqrt(2)*x + y) >= sqrt(2)*x + y", x=R, y=R)[1]
    assert _decide("abs(x*y) >= 0", x=R, y=R)[1]
    assert _decide("abs(sqrt(2)*x) >= x", x=R)[1]
    assert _decide("x^2 >= 0", x=R)[1] is None
    assert _decide("exp(x) + abs(x) >= abs(x)", x=R)[1] is None
    # strict at an open end: x > 0 on (0, 1] has infimum 0 on the closure -- not proved
    assert _decide("abs(x) > 0", x=I(0, 1, lo_open=True))[1] is None
    # unbounded below on a piece
    assert _decide("abs(x) - 2*abs(y) >= -5", x=R, y=R)[1] is None


def test_piecewise_branches_and_positive_factors():
    """Forms and switches that are affine only after expansion and dropping a positive
    factor (a Laplace log-ratio derived from the densities has this shape)."""
    import sympy
    P = dict(e=I(0, None, lo_open=True), n=I(1, None, integer=True), u=R, d=I.closed(-1, 1))
    from dpproof.claims import Domain
    dom = Domain(tuple(P.items()))
    s = dom.symbols()
    e, n, u, d = s["e"], s["n"], s["u"], s["d"]
    common = sympy.log(e) + sympy.log(n)
    dens = lambda m: sympy.Piecewise((e * (u - m) / n + common, u / n <= m / n),  # noqa: E731
                                     (-e * (u - m) / n + common, True))
    loss = dens(d) - dens(0)                 # e (|u| - |u - d|)/n, written by branches
    assert PL.decide(e * sympy.Abs(d) / n - loss, ">=", dom, s)
    assert PL.decide(e * sympy.Abs(d) / (2 * n) - loss, ">=", dom, s) is None
    assert PL.decide(loss + e * sympy.Abs(d) / n, ">=", dom, s)        # both orders
    # a Piecewise: u where u <= 0, 2u beyond; step >= u everywhere, step >= u/2 not (u < 0)
    step = sympy.Piecewise((u, u <= 0), (2 * u, True))
    assert PL.decide(step - u, ">=", dom, s)
    assert PL.decide(step - u / 2, ">=", dom, s) is None


def test_random_relations_proved_only_when_true_on_a_grid():
    """Soundness fuzz: random sums of Abs/Max/Min of small affine forms over a box; every
    proved one holds at every point of a fine rational grid (corners included)."""
    import itertools
    import random
    import sympy
    from dpproof.claims import Domain
    rng = random.Random(7)
    dom = Domain((("a", I.closed(-2, 1)), ("b", I.closed(0, 3))))
    s = dom.symbols()
    a, b = s["a"], s["b"]
    grid = [sympy.Rational(i, 4) for i in range(-8, 13)]
    points = [(x, y) for x, y in itertools.product(grid, grid) if -2 <= x <= 1 and 0 <= y <= 3]

    def affine():
        return rng.randint(-2, 2) * a + rng.randint(-2, 2) * b + sympy.Rational(rng.randint(-4, 4), 2)

    def switch():
        kind = rng.choice((sympy.Abs, sympy.Max, sympy.Min))
        return kind(affine()) if kind is sympy.Abs else kind(affine(), affine())
    proved = 0
    for _ in range(60):
        expr = switch() + rng.choice((-1, 1)) * switch() + affine()
        if PL.decide(expr, ">=", dom, s):
            proved += 1
            assert all(expr.subs({a: x, b: y}) >= 0 for x, y in points), expr
    assert proved >= 3       # the fuzz exercised proofs, not only failures


def test_a_min_margin_is_decided_conjunct_by_conjunct():
    """r - Max(a_i) >= 0 is min_i (r - a_i) >= 0: each conjunct alone (fewer pieces); a
    false conjunct fails the whole."""
    claim, line = _decide("max(abs(x), abs(y), abs(x + y)/2) <= abs(x) + abs(y)", x=R, y=R)
    assert line.startswith("each of 3 conjuncts")
    assert _decide("max(abs(x), abs(y), abs(x + y)) <= max(abs(x), abs(y))", x=R, y=R)[1] is None
    # a Max with a positive coefficient is not a conjunction: x <= max(x, y) is not split
    assert _decide("x <= max(x, y)", x=R, y=R)[1].startswith("piecewise linear")
