"""dpproof.sympy_terms: ``Factors`` of a dict equal sympy's own, and no sympy ``Dict`` is built
for them (importing dpproof.expr, which every engine does, installs the shortcut)."""

import random
from collections import defaultdict

import sympy
from sympy.core import containers, exprtools

import dpproof.expr  # noqa: F401  (installs the shortcut)
from dpproof import sympy_terms
from tests.helpers import with_sympys_own

x, y, z = sympy.symbols("x y z", positive=True)


def _plain(fn):
    return with_sympys_own(exprtools.Factors, "__init__", sympy_terms._init,
                           sympy_terms.install, fn)


def _expressions(n=80):
    rng = random.Random(3)
    atoms = [x, y, z, sympy.exp(x), sympy.sqrt(y), sympy.Integer(2), sympy.Rational(3, 4),
             -sympy.Integer(1), sympy.I, sympy.Float(1.5)]
    for _ in range(n):
        terms = [sympy.Mul(*[rng.choice(atoms) ** rng.randint(-2, 3) for _ in range(3)])
                 for _ in range(rng.randint(2, 4))]
        yield sympy.Add(*terms)


def test_installed():
    assert exprtools.Factors.__init__ is sympy_terms._init_from_dict


def test_same_factors_terms_and_cancellations_as_sympy():
    checked = 0
    for e in _expressions():
        d = e.as_powers_dict()
        for kind in (dict, lambda d: defaultdict(int, d)):
            ours = exprtools.Factors(kind(d))
            theirs = _plain(lambda: exprtools.Factors(kind(d)))
            assert ours == theirs and type(ours.factors) is type(theirs.factors)
            assert getattr(ours.factors, "default_factory", None) is getattr(
                theirs.factors, "default_factory", None)
        sympy.core.cache.clear_cache()
        got = (sympy.gcd_terms(e), sympy.factor_terms(e), sympy.cancel(e))
        sympy.core.cache.clear_cache()
        assert got == _plain(lambda: (sympy.gcd_terms(e), sympy.factor_terms(e),
                                      sympy.cancel(e)))
        checked += 1
    assert checked == 80


def test_special_keys_are_still_tidied():
    """-1, 1 and I as keys: sympy's own tidying runs on the dictionary."""
    f = exprtools.Factors({sympy.S.NegativeOne: 1, sympy.I: 2, x: 1})
    assert f == _plain(lambda: exprtools.Factors({sympy.S.NegativeOne: 1, sympy.I: 2, x: 1}))
    assert f.as_expr() == -(-x)   # (-1) I^2 x = x


def test_no_sympy_dict_is_built(monkeypatch):
    built = []
    real = containers.Dict.__new__
    monkeypatch.setattr(containers.Dict, "__new__",
                        lambda cls, *a: built.append(a) or real(cls, *a))
    exprtools.Factors({x: 2, y: -1})
    sympy.gcd_terms(x * y + x ** 2 * y / z)
    assert built == []
    _plain(lambda: exprtools.Factors({x: 2, y: -1}))
    assert built    # the test sees sympy's own path build one
