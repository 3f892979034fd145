"""The arb lowering's straight-line code (``lowering.codegen``) against its closures
(``Backend.compile``): the same ball, bit for bit, or the same error, at the same points.

The engines evaluate margins through ``lower``, which now generates code; the closures are
the reference.  Compared on hand-written terms at the edges of their domains (log of a
ball touching 0, roots of balls straddling 0, divisions by balls containing 0, wide
products, repeated subterms) and on every margin, hypothesis and guard of two sources of the
theorem library, with their first derivatives, on points, narrow boxes and whole boxes.
"""

from __future__ import annotations

import random

import pytest
import sympy
from flint import arb, fmpq

from dpproof.engines.base import effective_bounds
from dpproof.expr.stable import stable
from dpproof.loader import every_claim, load_target
from dpproof.lowering import ARB, arb_box, at_precision
from dpproof.lowering.arb_backend import _arb_int_pow, _wide_product
from dpproof.lowering.codegen import generate
from dpproof.lowering.tree import Backend

x, y = sympy.symbols("x y", real=True)
p = sympy.Symbol("p", positive=True)
n = sympy.Symbol("n", integer=True, nonnegative=True)
R = sympy.Rational


def _outcome(f, env):
    try:
        v = f(env)
    except Exception as exc:  # noqa: BLE001 - compared, not handled
        return ("error", type(exc).__name__, str(exc))
    if isinstance(v, arb):
        return ("ball", repr(v), v.mid().str(30, radius=False) if v.is_finite() else "",
                v.rad().str(5, radius=False) if v.is_finite() else "")
    return ("object", type(v).__name__)


def _same(expr, names, envs) -> None:
    index = {name: i for i, name in enumerate(names)}
    closure = Backend.compile(ARB, expr, names)
    code = generate(ARB, sympy.sympify(expr), index, _arb_int_pow, _wide_product)
    assert code is not None
    for env in envs:
        for prec in (53, 64, 256):
            with at_precision(prec):
                assert _outcome(code, env) == _outcome(closure, env), (expr, env, prec)


def _balls(*ends):
    return tuple(arb_box(fmpq(*a) if isinstance(a, tuple) else fmpq(a),
                         fmpq(*b) if isinstance(b, tuple) else fmpq(b)) for a, b in ends)


ENVS_XY = [_balls((-2, -1), (1, 3)), _balls((0, 1), (0, 0)), _balls(((1, 3), (1, 3)), (-1, 1)),
           _balls((-1, 1), ((1, 10**9), (2, 10**9))), _balls((0, 0), (0, 2)),
           _balls(((7, 2), 4), ((-3, 2), (-1, 2)))]

TERMS = [
    sympy.log(x) + sympy.log(x) * y,                  # a repeated checked subterm
    sympy.sqrt(x) / y,                                # a root, a division by a ball with 0
    x ** R(1, 3) - y ** R(2, 3),                      # real odd roots of negatives
    x ** y, (x + 2) ** R(5, 2), sympy.Abs(x - y) ** 3,
    sympy.exp(x) * sympy.exp(y) * (x - y) ** 2,       # a wide product
    sympy.Max(x, y, 0) - sympy.Min(x ** 2, y),
    sympy.erfc(x) * sympy.exp(x ** 2) + sympy.log(1 + sympy.exp(-y)),
    sympy.Piecewise((x, x < y), (y ** 2, True)) + sympy.log(y),
    sympy.binomial(x, y) + sympy.gamma(x + 3),
    1 / (x * y) - 1 / x / y, (x - 1) ** -3, sympy.tanh(x) * sympy.log(1 + y),
]


@pytest.mark.parametrize("term", TERMS, ids=[sympy.sstr(t)[:30] for t in TERMS])
def test_hand_written_terms_give_the_same_ball_or_the_same_error(term):
    _same(term, ("x", "y"), ENVS_XY)


def test_products_with_a_wide_or_an_infinite_factor_as_the_closures():
    """``ArbBackend.mul``'s two cases: the ends' hull for a wide finite factor, the plain
    product when a factor is not finite."""
    wide, unbounded = arb_box(fmpq(-1, 2), fmpq(3)), arb(0, arb.pos_inf())
    envs = [(wide, arb_box(1, 2)), (unbounded, wide), (wide, unbounded), (arb.pos_inf(), wide),
            (unbounded, unbounded), (arb_box(fmpq(1, 5), fmpq(2, 5)), wide)]
    for term in (x * y, (x + 1) * (y - 1) * x, x * y * y * x):
        _same(term, ("x", "y"), envs)


def test_sums_powers_and_assumptions_as_the_closures():
    k = sympy.Symbol("k", integer=True)
    term = sympy.Sum(p ** k / sympy.factorial(k), (k, 0, n)) + p ** R(3, 2) + sympy.sqrt(p)
    envs = [(arb_box(fmpq(1, 3), fmpq(1, 2)), arb(4)), (arb_box(0, 0), arb(0)),
            (arb_box(fmpq(-1, 10**12), fmpq(1)), arb(2))]
    _same(term, ("p", "n"), envs)


def test_a_stray_symbol_is_the_same_lowering_error():
    with pytest.raises(Exception) as closure:
        Backend.compile(ARB, x + y, ("x",))
    with pytest.raises(type(closure.value), match="free symbol 'y'"):
        ARB.compile(x + y, ("x",))


def _library_cases(module: str):
    random.seed(module)
    for c in every_claim(load_target(module)):
        if c.statement is None or not c.checkable:
            continue
        st, names = c.statement, tuple(name for name, _ in c.domain.params)
        terms = [st.margin()] + [h.margin() for h in st.hypotheses] + list(st.guards)
        first = sorted(sympy.sympify(terms[0]).free_symbols, key=str)[:1]
        terms += [sympy.diff(terms[0], s) for s in first if not s.is_integer]
        ends = [effective_bounds(iv)[:2] + (iv.integer,) for _, iv in c.domain.params]
        envs = []
        for trial in range(4):
            env = []
            for lo, hi, integer in ends:
                lo, hi = fmpq(int(lo.p), int(lo.q)), fmpq(int(hi.p), int(hi.q))
                if integer:
                    env.append(arb(int(lo.p // lo.q) + trial % 3))
                    continue
                a = lo + (hi - lo) * fmpq(random.randint(0, 1000), 1000)
                b = a if trial == 0 else (hi if trial == 3 else a + (hi - a) * fmpq(1, 64))
                env.append(arb_box(a, b))
            envs.append(tuple(env))
        for term in terms:
            yield c.id, stable(sympy.sympify(term)), names, envs


@pytest.mark.parametrize("module", ["theorems.adp_notes", "theorems.osgt22"])
def test_every_margin_of_the_library_gives_the_same_ball(module):
    seen = 0
    for cid, term, names, envs in _library_cases(module):
        try:
            Backend.compile(ARB, term, names)
        except Exception:  # noqa: BLE001 - a term neither lowering takes
            continue
        _same(term, names, envs)
        seen += 1
    assert seen > 40
