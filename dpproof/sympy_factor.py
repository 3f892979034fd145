"""A shortcut in sympy's multivariate factorisation: same answer, without its blow-up on
high powers of one exponential.

With concrete constants, exponentials whose exponents are rational multiples of one another
become powers of one generator: exp(alpha^2/1260) and exp(961 alpha^2/1260) are g and g^961
(osgt22.rdp.exact.slides630, sigma^2 = 630, m = 15).  Factoring a log's argument then makes
sympy's Wang algorithm (``factortools.dmp_zz_wang``) take seconds on a dense polynomial of
degree 961 -- a Mignotte bound with hundreds of digits, whose next prime alone took 2 s --
for an argument that is plainly irreducible: it is of degree 1 in its main variable.

Wang's algorithm is given a polynomial f that is primitive and square-free in its main
variable x; when f has degree 1 in x it returns [f] (its univariate image at any test point
has degree 1, so a single factor, and it returns ``[f]`` on the first such point).  That is
also the mathematics: f = a x + b with gcd(a, b) = 1 has no factor of degree 0 in x (it
would divide a and b) and none of degree 1 other than f up to a unit.  ``install`` makes
``dmp_zz_wang`` return [f] at once in that case and call sympy's otherwise: the answer of
every factorisation is unchanged (tests/unit/test_sympy_factor.py), only its time.
"""

from __future__ import annotations

from contextlib import contextmanager

from sympy.polys import factortools
from sympy.polys.densebasic import dmp_degree, dmp_degree_list

from .sympy_powers import PowerTooLarge

_wang = factortools.dmp_zz_wang

#: the largest degree in any variable that Wang's algorithm is given inside
#: ``factor_degree_at_most`` (None: unbounded)
_MAX_DEGREE: list = [None]


@contextmanager
def factor_degree_at_most(n: int):
    """Inside, a multivariate factorisation of degree above ``n`` in some variable raises
    ``PowerTooLarge`` instead of running: its finite-field loops make no Python call, so the
    counted work does not see them (``exp(e + 999/1000)`` next to ``exp(5)``: a generator
    exp(1/1000) of degree 5000, 170 CPU-seconds in one factorisation; red round 10)."""
    before, _MAX_DEGREE[0] = _MAX_DEGREE[0], n
    try:
        yield
    finally:
        _MAX_DEGREE[0] = before


def _linear_first(f, u, K, mod=None, seed=None):
    """``dmp_zz_wang``, returning [f] at once when f has degree 1 in its main variable."""
    if u > 0 and dmp_degree(f, u) == 1:
        return [f]
    if _MAX_DEGREE[0] is not None and max(dmp_degree_list(f, u)) > _MAX_DEGREE[0]:
        raise PowerTooLarge(f"a factorisation of degree {max(dmp_degree_list(f, u))}")
    return _wang(f, u, K, mod, seed)


def install() -> None:
    """Route sympy's ``dmp_zz_factor`` (and Wang's own retry) through the shortcut; idempotent."""
    factortools.dmp_zz_wang = _linear_first
