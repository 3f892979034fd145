"""dpproof.sympy_factor: sympy's factorisation gives the same answers with the shortcut
installed (importing dpproof.expr, which every engine does, installs it), and on the exponential
case it never enters Wang's algorithm (the work that took seconds), counted, not timed."""

import random

import sympy
from sympy.polys import factortools

import dpproof.expr  # noqa: F401  (installs the shortcut)
from dpproof import sympy_factor
from tests.helpers import with_sympys_own

x, y, z, w = sympy.symbols("x y z w")


def _without_shortcut(fn):
    return with_sympys_own(factortools, "dmp_zz_wang", sympy_factor._wang,
                           sympy_factor.install, fn)


def test_installed():
    assert factortools.dmp_zz_wang is sympy_factor._linear_first


def test_same_factorisation_as_sympy_on_random_polynomials():
    rng = random.Random(7)
    gens = (x, y, z, w)

    def poly():
        return sympy.Add(*[rng.randint(-3, 3) * sympy.Mul(*[g ** rng.randint(0, 2) for g in gens])
                           for _ in range(rng.randint(1, 4))])
    checked = 0
    for _ in range(60):
        e = sympy.expand(poly() * poly() * (rng.choice(gens) + rng.randint(-2, 2)))
        if e == 0:
            continue
        ours = sympy.factor_list(e)
        assert ours == _without_shortcut(lambda: sympy.factor_list(e))
        assert sympy.expand(sympy.Mul(ours[0], *[f ** k for f, k in ours[1]])) == e
        checked += 1
    assert checked > 40


def test_linear_in_main_variable_is_irreducible_and_kept_whole():
    e = x * y ** 3 + z ** 2 - y * w + 5          # degree 1 in x: irreducible
    assert sympy.factor_list(e) == (1, [(sympy.Poly(e).as_expr(), 1)])
    f = sympy.expand((x * y + z) * (x * z - w))   # degree 2 in x: still factored
    assert len(sympy.factor_list(f)[1]) == 2


def test_high_powers_of_one_exponential_skip_wang(monkeypatch):
    """A log argument of osgt22.rdp.exact.slides630 (sigma^2 = 630, m = 15): exp(alpha^2/
    1260) and exp(961 alpha^2/1260) are one generator to the powers 1 and 961; sympy's Wang
    algorithm took 3 s on it, and gives the same answer.  The shortcut's saving is asserted as
    work: with it, Wang's algorithm is entered on no polynomial of degree 961; without it, it is."""
    a = sympy.Symbol("alpha", positive=True)
    s = sympy.sqrt(35)
    e = ((2 - sympy.erfc(s * a / 210 - 8 * s / 105)) * sympy.exp(a**2 / 1260 - a / 1260)
         + (sympy.erfc(31 * s * a / 210 - 8 * s / 105) - sympy.erfc(31 * s * a / 210 - s / 14))
         * sympy.exp(961 * a**2 / 1260 - 961 * a / 1260)
         + sympy.exp(a**2 / 1260 - a / 1260) * sympy.erfc(s * a / 210 + s / 14)) \
        / (2 * sympy.erfc(s / 14))
    entered = []
    real = sympy_factor._wang

    def counting(f, u, K, mod=None, seed=None):
        entered.append(max(len(f) - 1, 0))       # degree in the main variable
        return real(f, u, K, mod, seed)
    monkeypatch.setattr(sympy_factor, "_wang", counting)
    got = sympy.factor(e)
    assert sympy.expand(got - e) == 0
    assert got.has(sympy.exp(-a / 1260))    # the common exponential pulled out
    assert entered == []                    # the shortcut answered: Wang never ran
    assert got == _without_shortcut(lambda: sympy.factor(e))
    assert entered                          # and without it, Wang does run on this input
