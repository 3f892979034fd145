"""dpproof.sympy_lattice: Max and Min built through the memo equal sympy's own, are built once
per claim, and the memo is emptied with the claim's fresh state (importing dpproof.expr, which
every engine does, installs it)."""

import random

import sympy
from sympy.functions.elementary.miscellaneous import MinMaxBase

import dpproof.expr  # noqa: F401  (installs the memo)
from dpproof import sympy_lattice
from dpproof.fresh_state import reset
from tests.helpers import with_sympys_own

x, y = sympy.symbols("x y", real=True)
p = sympy.Symbol("p", positive=True)


def _sympys(fn):
    return with_sympys_own(MinMaxBase, "__new__", sympy_lattice._new, sympy_lattice.install,
                           fn)


def _args(rng):
    atoms = [x, y, p, -p, p + 1, x - y, sympy.exp(x), sympy.Integer(0), sympy.Rational(1, 2),
             sympy.Float(0.5), sympy.oo, 2 * x, sympy.log(p)]
    return [rng.choice(atoms) for _ in range(rng.randint(1, 4))]


def test_installed():
    assert MinMaxBase.__new__ is sympy_lattice._new_remembered


def test_same_results_as_sympy_twice_over():
    rng = random.Random(5)
    for _ in range(300):
        cls, args = rng.choice((sympy.Max, sympy.Min)), _args(rng)
        ours, again = cls(*args), cls(*args)
        theirs = _sympys(lambda: cls(*args))
        assert ours == theirs and again is ours and type(ours) is type(theirs)
    nested = sympy.Max(x, sympy.Min(p, sympy.Max(y, 0)), p + 1)
    assert nested == _sympys(lambda: sympy.Max(x, sympy.Min(p, sympy.Max(y, 0)), p + 1))


def test_keys_hold_the_arguments_types():
    """1 and 1.0 hash alike: Max(1.0, x) is not the remembered Max(1, x)."""
    a, b = sympy.Max(1, x), sympy.Max(1.0, x)
    assert a.has(sympy.Integer(1)) and b.has(sympy.Float(1.0)) and a != b


def test_unevaluated_and_assumption_keywords_go_to_sympy():
    with sympy.evaluate(False):
        u = sympy.Max(p, 0)
    assert isinstance(u, sympy.Max) and sympy.Max(p, 0) == p
    assert not isinstance(sympy.Max(p, 0, evaluate=True), sympy.Max)
    assert isinstance(sympy.Max(p, 0, evaluate=False), sympy.Max)


def test_the_memo_is_emptied_before_every_claim():
    sympy.Max(x, y + 3)
    assert sympy_lattice.BUILT
    reset("a claim")
    assert not sympy_lattice.BUILT
