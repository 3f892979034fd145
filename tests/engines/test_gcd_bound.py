"""The heuristic gcd of sympy's sparse rings, bounded in the size of its integer images
(``sympy_powers.gcd_image_bits``, red round 8).

``cancel`` of a Gaussian delta's derivative at sigma in [0.001, 0.01] (the interval engine's
mean-value form) builds generators such as exp(1/(2*10^12*s^2 + ...)) to the power
250,001,000,001; the gcd's integer image of that killed the worker with SIGFPE in FLINT.
Inside dpproof's guarded rewrites the gcd now refuses (undecided), and the claim is decided by
the other routes: the false bound is REFUTED inside its domain, its true twin never is.
"""

import sympy
from sympy import E, exp, pi, sqrt
from sympy.polys import ZZ, ring

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.claims import Interval as I
from dpproof.engines.balls.enclosures import rewritten
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict
from dpproof.sympy_powers import bounded_powers, gcd_image_bits

from tests.helpers import make_claim

R = sympy.Rational
s = sympy.Symbol("s", positive=True)
INTERVAL = load("interval")
SIGMA = I(R(1, 1000), R(1, 100))


def _derivative_form():
    t = s + R(1, 1000)
    return ((sqrt(2) * (4 * s + R(1, 250)) / (4 * t) - sqrt(2) * (2 * t**2 - 1) / (4 * t**2))
            * exp(-(2 * t**2 - 1)**2 / (8 * t**2)) / sqrt(pi)
            - E * (sqrt(2) * (4 * s + R(1, 250)) / (4 * t) - sqrt(2) * (2 * t**2 + 1)
                   / (4 * t**2)) * exp(-(2 * t**2 + 1)**2 / (8 * t**2)) / sqrt(pi))


def test_the_gcd_image_estimate_grows_with_the_degrees():
    _, x, y = ring("x, y", ZZ)
    small = gcd_image_bits(x**2 + 2 * x * y + y**2, x**2 + x * y)
    assert 2 < small < 64
    big = gcd_image_bits(x**10**6 + 1, x**(10**6 - 1) + 3)
    assert big > 10**6
    # sympy's answer where the bound lets the gcd run
    with bounded_powers():
        assert sympy.cancel((x.as_expr()**2 - 1) / (x.as_expr() - 1)) == x.as_expr() + 1


def test_cancel_of_the_gaussian_derivative_is_refused_not_a_crash():
    assert rewritten(_derivative_form()) is None


def test_gauss_delta_near_one_is_refuted_and_its_twin_is_not():
    config = Config(engine_timeout=30, max_boxes=500)
    false = make_claim("gb.false", "gauss_delta(1, s, 1) <= 1 - 10^-10", s=SIGMA)
    ev = INTERVAL.check(false, config)
    assert ev.verdict is Verdict.REFUTED, ev.detail
    assert SIGMA.contains(R(ev.witness["s"]))
    twin = make_claim("gb.twin", "gauss_delta(1, s, 1) <= 1", s=SIGMA)
    ev = INTERVAL.check(twin, config)
    assert ev.verdict is not Verdict.REFUTED and ev.witness is None, ev.detail


def test_a_multinomial_expansion_too_large_to_build_is_refused():
    """sympy's simplify of ``max(log(1 + x), x/(1 + x) + 1/10^6) <= log(1 + x)``'s margin
    expanded a power until the memory was gone (24 GB); inside the symbolic engine's rewrites
    (``forms.rewrite``) such an expansion is refused, and small ones are as before."""
    from dpproof.engines.exact.forms import rewrite
    from dpproof.sympy_powers import EXPANSION_MAX_LOG2_BITS, expansion_log2_bits

    x = sympy.Symbol("x")
    assert expansion_log2_bits(2, 10**6) > EXPANSION_MAX_LOG2_BITS
    assert expansion_log2_bits(3, 20) < 20
    assert rewrite(sympy.expand, (1 + x) ** 10**6) is None
    assert rewrite(sympy.expand, (1 + x) ** 3) == x**3 + 3 * x**2 + 3 * x + 1
    assert sympy.expand((1 + x) ** 40).coeff(x, 20) == 137846528820   # outside: unchanged


def test_a_dense_polynomial_of_huge_degree_is_refused():
    """``factor`` of ``1 - 2*exp(-277*10^10*(x - 1/3)^2)`` takes exp(x^2) as a generator and
    built a list of 5.5 * 10^12 coefficients (MemoryError under a 6 GB limit, the slow
    conformance case wb.bump1).  Inside ``bounded_expansions`` (the symbolic engine's whole
    decision) it is refused: the false bump claim is INCONCLUSIVE for the symbolic engine
    at once, never PROVED; small factorisations are as before."""
    from dpproof.sympy_powers import DENSE_MAX_DEGREE, PowerTooLarge, bounded_expansions

    x = sympy.Symbol("x")
    bump = 1 - 2 * exp(-R(277, 100) * 10**12 * (x - R(1, 3)) ** 2)
    with bounded_expansions():
        try:
            sympy.factor(bump)
            raise AssertionError("a degree of 5.5 * 10^12 was built")
        except PowerTooLarge as exc:
            assert "5540000000000" in str(exc)
        assert sympy.factor(x ** 6 - 1) == (x - 1) * (x + 1) * (x**2 - x + 1) * (x**2 + x + 1)
        assert sympy.Poly(x ** DENSE_MAX_DEGREE + 1).degree() == DENSE_MAX_DEGREE
    claim = make_claim("bump", "2*exp(-(x - 1/3)^2*10^12*277/100) <= 1", x=I.closed(0, 1))
    ev = load("symbolic").check(claim, Config())
    assert ev.verdict is Verdict.INCONCLUSIVE and "dense polynomial" in ev.detail, ev.detail
