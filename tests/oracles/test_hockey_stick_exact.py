"""The Laplace hockey-stick and privacy-loss masses are exact 0 where their integrand vanishes.

For Laplace(0, b) vs Laplace(Delta, b) the privacy loss log p/q lies in [-Delta/b, Delta/b],
so H_eps = 0 and P(loss > eps) = P(|loss| > eps) = 0 for every eps >= Delta/b; below it
H_eps = 1 - exp((eps - Delta/b) / 2) > 0.  The exact 0 needs the loss computed from the
un-normalised shapes (``pieces.same_scale``: log(2b) - log(2b) is not an exact 0 as balls)
and a gap where the loss is certainly <= 0 counted as 0 (``hs_pieces._gap``).
"""

import mpmath
import pytest
from flint import arb

import dpproof.oracles as O
from dpproof.expr.functions import REGISTRY
from tests.oracles.conftest import q

L = O.Laplace


def call(name, *args):
    """An oracle as a claims file calls it (``declare``'s arb_impl)."""
    return REGISTRY[name].arb_impl(*args)


def exact_zero(x):
    return x.is_exact() and x.is_zero()


def ball_from(lo, width):
    """The ball [lo, lo + width (1 + tiny)] with exactly lo as its lower end: arb(mid, rad)
    rounds rad up by an ulp of its 30-bit mantissa, so shift the ball back onto lo."""
    e = arb(lo + width / 2, width / 2)
    e = e + (lo - e.lower())
    assert e.lower() == lo and e.upper() >= lo + width and e.upper() < lo + 2 * width
    return e


def lap(mu, b):
    return L(q(*mu) if isinstance(mu, tuple) else q(mu), q(*b) if isinstance(b, tuple) else q(b))


ZERO_CASES = [  # (P, Q, eps) with eps >= Delta/b: H_eps = 0 exactly
    ((0, 1), (1, 1), lambda: q(1)),
    ((0, 1), (1, 1), lambda: q(3, 2)),
    ((0, 1), (1, 1), lambda: ball_from(q(1), q(1, 2 ** 10))),
    ((1, 1), (0, 1), lambda: q(1)),
    ((0, 2), (1, 2), lambda: q(1, 2)),
    ((0, (1, 4)), ((3, 4), (1, 4)), lambda: q(3)),
    ((0, 3), (1, 3), lambda: q(1, 2)),  # b = 3: exact ball, 1/b not; the shapes cancel anyway
]


@pytest.mark.parametrize("p,qq,eps", ZERO_CASES)
def test_hockey_stick_exact_zero(p, qq, eps):
    P, Q, e = lap(*p), lap(*qq), eps()
    assert exact_zero(O.hockey_stick(P, Q, e))
    assert exact_zero(call("hockey_stick", P, Q, e))


@pytest.mark.parametrize("p,qq,eps", ZERO_CASES)
def test_loss_masses_exact_zero(p, qq, eps):
    P, Q, e = lap(*p), lap(*qq), eps()
    assert exact_zero(call("bad_mass", P, Q, e))
    assert exact_zero(call("loss_tail", P, Q, e))


def test_not_zero_just_below_the_threshold():
    """eps = 1 - 2^-40: H = 1 - exp(-2^-41) > 0 and the masses are positive (a twin that
    returns 0 too eagerly fails here)."""
    P, Q, e = lap(0, 1), lap(1, 1), 1 - q(1, 2 ** 40)
    h = O.hockey_stick(P, Q, e)
    assert h > 0
    with mpmath.workdps(50):
        ref = -mpmath.expm1(-mpmath.mpf(2) ** -41)
    assert h.overlaps(arb(mpmath.nstr(ref, 45), 1e-60)) and h.rad() < 1e-30
    assert call("bad_mass", P, Q, e) > 0
    assert call("loss_tail", P, Q, e) > 0


def test_ball_straddling_the_threshold_is_not_zero():
    """eps in [1 - 2^-20, 1 + 2^-20]: l0 = 1 - eps straddles 0 with l1 = l2 = 0 on the left
    piece; the gap shortcut must not fire (H > 0 for the eps < 1 in the ball)."""
    P, Q = lap(0, 1), lap(1, 1)
    e = ball_from(1 - q(1, 2 ** 20), q(1, 2 ** 19))
    h = O.hockey_stick(P, Q, e)
    assert not exact_zero(h) and h.upper() > 0 and h.lower() <= 0
    assert h.contains(0) and h.contains(arb(mpmath.nstr(-mpmath.expm1(-mpmath.mpf(2) ** -21), 30)))
    m = call("bad_mass", P, Q, e)
    assert not exact_zero(m) and m.upper() > 0


CLOSED_FORM = [  # (b, Delta, eps) with 0 <= eps <= Delta/b
    ((1, 1), (1, 1), (0, 1)), ((1, 1), (1, 1), (1, 2)), ((1, 1), (1, 1), (1, 3)),
    ((1, 1), (1, 1), (999, 1000)), ((2, 1), (3, 1), (1, 4)), ((2, 1), (3, 1), (5, 4)),
    ((1, 4), (3, 4), (1, 1)), ((1, 4), (3, 4), (5, 2)), ((3, 1), (1, 1), (1, 8)),
    ((1, 3), (1, 1), (2, 1)),  # b = 1/3 (an inexact ball): still contained, not exact
]


@pytest.mark.parametrize("b,d,eps", CLOSED_FORM)
def test_closed_form(b, d, eps):
    P, Q, e = L(q(0), q(*b)), L(q(*d), q(*b)), q(*eps)
    h = O.hockey_stick(P, Q, e)
    with mpmath.workdps(50):
        B, D, E = (mpmath.mpf(x[0]) / x[1] for x in (b, d, eps))
        ref = -mpmath.expm1((E - D / B) / 2)
        ref_ball = arb(mpmath.nstr(ref, 48), 1e-46)
    assert h.overlaps(ref_ball)
    assert h.rad() < 1e-30 and h > 0


def _lap_logpdf(mu, b):
    return lambda y: -abs(y - mu) / b - mpmath.log(2 * b)


def _quad_hs(mu_p, b_p, mu_q, b_q, eps):
    """int max(p - e^eps q, 0) by mpmath, split at the kinks and where p = e^eps q."""
    lp, lq = _lap_logpdf(mu_p, b_p), _lap_logpdf(mu_q, b_q)
    loss = lambda y: lp(y) - lq(y) - eps  # noqa: E731
    kinks = sorted({mu_p, mu_q})
    edges = [-mpmath.inf] + kinks + [mpmath.inf]
    pts = set(kinks)
    for a, c in zip(edges, edges[1:]):  # the loss is linear on each piece: solve it
        lo = a if a != -mpmath.inf else kinks[0] - 1
        hi = c if c != mpmath.inf else kinks[-1] + 1
        f0, f1 = loss(lo), loss(hi)
        slope = (f1 - f0) / (hi - lo)
        if slope != 0:
            y = lo - f0 / slope
            if a < y < c:
                pts.add(y)
    bps = [-mpmath.inf] + sorted(pts) + [mpmath.inf]
    f = lambda y: max(mpmath.exp(lp(y)) - mpmath.exp(eps + lq(y)), 0)  # noqa: E731
    return mpmath.quad(f, bps)


@pytest.mark.parametrize("eps", [(0, 1), (1, 4), (1, 2), (1, 1), (2, 1)])
@pytest.mark.parametrize("swap", [False, True])
def test_unequal_scales_against_quadrature(eps, swap):
    (mp_, bp), (mq, bq) = ((0, 1), (1, 2)) if not swap else ((1, 2), (0, 1))
    h = O.hockey_stick(L(q(mp_), q(bp)), L(q(mq), q(bq)), q(*eps))
    with mpmath.workdps(50):
        ref = _quad_hs(*(mpmath.mpf(x) for x in (mp_, bp, mq, bq)), mpmath.mpf(eps[0]) / eps[1])
        ref_ball = arb(mpmath.nstr(ref, 48), 1e-44)
    assert h.overlaps(ref_ball)
    assert h.rad() < 1e-30
