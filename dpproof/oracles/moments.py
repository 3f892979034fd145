"""Inverse moments of a normal variable X ~ N(mu, sigma^2), from their definitions, in arb.

``E[1/X]`` and ``E[1/X^2]`` do not exist as Lebesgue integrals (``1/|u|`` and ``1/u^2`` are
not integrable against a density that is positive at 0).  What does exist:

* the principal value ``PV E[1/X] = lim_{e->0} int_{|u|>=e} phi(u)/u du
  = int_0^inf (phi(u) - phi(-u))/u du`` (``pv_inv_moment``);
* Hadamard's finite part ``fp E[1/X^2] = lim_{e->0} [int_{|u|>=e} phi/u^2 du - 2 phi(0)/e]``
  (``fp_inv_sq_moment``); the principal value of ``1/X^2`` itself diverges to +inf;
* the truncated integrals ``int_{|u|>=e} phi/|u|`` and ``int_{|u|>=e} phi/u^2``
  (``trunc_abs_inv_moment``, ``trunc_inv_sq_moment``), whose growth as e -> 0 decides
  existence.

Integrands are written with removable singularities removed (``sinh(z)/z = sinc(iz)``) so
``acb.integral`` sees entire functions; the Gaussian tail beyond ``|mu| + K sigma`` is bounded
by ``2 Q(K) / U^p``.  Every result contains the true value or is ``nan``.
"""

from __future__ import annotations

from flint import acb, arb, ctx

from .balls import NAN, cached, exact_int, hull, narrow
from .declare import declare, declares
from .distributions import continuous as _cont
from .integrate import exp_quad_integral, exp_quad_moments, quad, raw_moment

GUARD = 30
_OSGT_GUARD = 20  # extra working bits of the OSGT oracles (as before the move)


def _cut(mu: arb, sigma: arb, power: int):
    """U = |mu| + K sigma and a bound on int_{|u|>=U} phi(u) / |u|^power du."""
    K = arb(2 * (ctx.prec + 40)).sqrt() + 2
    U = (mu.abs_upper() + K * sigma.upper()).upper().max(arb(2))
    tail = (K / arb(2).sqrt()).erfc() / U ** power  # >= P(|X| >= U) / U^power
    return U, arb(0).union(tail)


def _const(mu, sigma):
    return 1 / (sigma * (2 * arb.pi()).sqrt()), mu / (sigma * sigma), 1 / (2 * sigma * sigma)


#: the principal-value quadratures return nan when |mu| U / sigma^2 (the largest exponent of
#: sinh(a u) on [0, U]) exceeds this: acb.integral must then subdivide [0, U] into ~a U
#: pieces, seconds per call for a ball of no use (|mu|/sigma = 10^6 gave radius 10^53015664;
#: at |mu| U/sigma^2 ~ 2.5e7 the ball is already useless, ~1e7 still tight)
MAX_SINH_EXPONENT = 10 ** 7


def _too_steep(a: arb, U: arb) -> bool:
    return not (abs(a) * U < MAX_SINH_EXPONENT)


@cached
def pv_inv_moment(mu: arb, sigma: arb) -> arb:
    """PV E[1/X] = int_0^inf 2C e^{-(u^2 + mu^2)/(2 sigma^2)} sinh(a u)/u du, a = mu/sigma^2."""
    if not narrow(mu, sigma) or not sigma > 0:
        return NAN()
    if mu.is_exact() and mu.is_zero():
        return arb(0)
    with ctx.workprec(ctx.prec + GUARD):
        C, a, b = _const(mu, sigma)
        U, tail = _cut(mu, sigma, 1)
        if _too_steep(a, U):
            return NAN()
        e0 = -b * mu * mu

        def f(u, analytic):
            return 2 * C * a * (e0 - b * u * u).exp() * (acb(0, 1) * a * u).sinc()

        return +(quad(f, arb(0), U) + tail)


@cached
def fp_inv_sq_moment(mu: arb, sigma: arb) -> arb:
    """Hadamard finite part of E[1/X^2]:  int_0^1 g + int_{|u|>=1} phi/u^2 - 2 phi(0), with
    g(u) = (phi(u) + phi(-u) - 2 phi(0))/u^2 written without the removable singularity."""
    if not narrow(mu, sigma) or not sigma > 0:
        return NAN()
    with ctx.workprec(ctx.prec + GUARD):
        C, a, b = _const(mu, sigma)
        U, tail = _cut(mu, sigma, 2)
        if _too_steep(a, U):
            return NAN()
        k = 2 * C * (-b * mu * mu).exp()  # 2 phi(0)
        I = acb(0, 1)

        def g(u, analytic):
            w = b * u * u
            sc = (I * a * u / 2).sinc()
            return k * ((-w).exp() * a * a / 2 * sc * sc
                        - b * (-w / 2).exp() * (I * w / 2).sinc())

        def outer(u, analytic):
            return (-b * u * u).exp() * k * (a * u).cosh() / (u * u)

        total = quad(g, arb(0), arb(1)) - k + quad(outer, arb(1), U) + tail
        return +total


@cached
def _trunc(mu, sigma, eps, power):
    """int_{|u| >= eps} phi(u) / |u|^power du, eps > 0."""
    if not narrow(mu, sigma) or not sigma > 0 or not eps > 0:
        return NAN()
    with ctx.workprec(64):  # used in inequalities only: ~1e-15 is plenty and much faster
        C, a, b = _const(mu, sigma)
        U, tail = _cut(mu, sigma, power)
        if not U > eps:
            return NAN()
        def f(u, analytic):  # phi(u) + phi(-u), each exponent formed before exp (no overflow)
            return C * ((-b * (u - mu) ** 2).exp() + (-b * (u + mu) ** 2).exp()) / u ** power

        return +(quad(f, eps, U, rel_tol=2.0 ** -40) + tail)


def _trunc_monotone(mu, sigma, eps, power):
    """The truncated integral decreases in eps: on a ball of eps it lies between its values
    at the ends, each computed with an exact endpoint."""
    if eps.is_exact() or not eps.is_finite():
        return _trunc(mu, sigma, eps, power)
    lo, hi = _trunc(mu, sigma, eps.upper(), power), _trunc(mu, sigma, eps.lower(), power)
    return lo.union(hi) if lo.is_finite() and hi.is_finite() else NAN()


def trunc_abs_inv_moment(mu: arb, sigma: arb, eps: arb) -> arb:
    """int_{|u|>=eps} phi(u)/|u| du: E|1/X| = lim_{eps->0} of it (finite iff it stays bounded)."""
    return _trunc_monotone(mu, sigma, eps, 1)


def trunc_inv_sq_moment(mu: arb, sigma: arb, eps: arb) -> arb:
    """int_{|u|>=eps} phi(u)/u^2 du: both E[1/X^2] and its principal value are its limit."""
    return _trunc_monotone(mu, sigma, eps, 2)


def _printer(fmt):
    return lambda printer, args: fmt % tuple(printer._print(a) for a in args)


pv_inv_normal = declare("pv_inv_normal", pv_inv_moment, 2,
                        "Principal value of E[1/X], X ~ N(mu, sigma^2).", latex=_printer(
                            r"\mathrm{PV}\,\mathbb{E}\left[X^{-1}\right]_{X\sim\mathcal{N}(%s, %s^2)}"))
fp_inv_sq_normal = declare("fp_inv_sq_normal", fp_inv_sq_moment, 2,
                           "Hadamard finite part of E[1/X^2], X ~ N(mu, sigma^2).", latex=_printer(
                               r"\mathrm{fp}\,\mathbb{E}\left[X^{-2}\right]_{X\sim\mathcal{N}(%s, %s^2)}"))
trunc_abs_inv_normal = declare(
    "trunc_abs_inv_normal", trunc_abs_inv_moment, 3, "int_{|u| >= eps} phi_{mu,sigma}(u) / |u| du.",
    latex=lambda p, a: r"\mathbb{E}\left[|X|^{-1}; |X| \geq %s\right]_{\mathcal{N}(%s, %s^2)}"
    % (p._print(a[2]), p._print(a[0]), p._print(a[1])))
trunc_inv_sq_normal = declare(
    "trunc_inv_sq_normal", trunc_inv_sq_moment, 3, "int_{|u| >= eps} phi_{mu,sigma}(u) / u^2 du.",
    latex=lambda p, a: r"\mathbb{E}\left[X^{-2}; |X| \geq %s\right]_{\mathcal{N}(%s, %s^2)}"
    % (p._print(a[2]), p._print(a[0]), p._print(a[1])))


# ------------------------------------------------------------------ Gaussian and Laplace moments

def _normal_coef(mu, sigma):
    return _cont.Normal(mu, sigma).pieces()[0][2]


@declares("normal_variance", 2, "Var N(mu, sigma^2)")
def normal_variance_arb(mu: arb, sigma: arb) -> arb:
    """Var of N(mu, sigma^2) by integrating y^k times the density over the line."""
    with ctx.workprec(ctx.prec + GUARD):
        M = exp_quad_moments(*_normal_coef(mu, sigma), None, None)
        m0, m1, m2 = (raw_moment(M, k) for k in range(3))
        mean = m1 / m0
        return +(m2 / m0 - mean * mean)


@declares("normal_abs_dev", 3, "E|X - c|, X ~ N(mu, sigma^2)")
def normal_abs_dev_arb(mu: arb, sigma: arb, c: arb) -> arb:
    """E|X - c|, X ~ N(mu, sigma^2): int_c^inf (y - c) p - int_-inf^c (y - c) p."""
    with ctx.workprec(ctx.prec + GUARD):
        co = _normal_coef(mu, sigma)
        right, left = exp_quad_moments(*co, c, None), exp_quad_moments(*co, None, c)
        return +((raw_moment(right, 1) - c * raw_moment(right, 0)) - (raw_moment(left, 1) - c * raw_moment(left, 0)))


@declares("laplace_sd", 2, "sd of Laplace(mu, b)")
def laplace_sd_arb(mu: arb, b: arb) -> arb:
    """Standard deviation of Laplace(mu, b) from its piecewise log-linear density."""
    with ctx.workprec(ctx.prec + GUARD):
        m = [arb(0)] * 3
        for lo, hi, co in _cont.Laplace(mu, b).pieces():
            M = exp_quad_moments(*co, lo, hi)
            m = [m[k] + raw_moment(M, k) for k in range(3)]
        mean = m[1] / m[0]
        return +(m[2] / m[0] - mean * mean).sqrt()


# ------------------------------------------------------------------ OSGT, first form
# kernel exp(-y^2/(2 s^2) - |y| m/s^2): ``osgt_kernel_mass``, ``osgt_moment`` (k-th moment),
# ``osgt_tail`` = P[Y >= y]

def _osgt_pieces(sigma, m):
    s2 = sigma * sigma
    return [(None, arb(0), (arb(0), m / s2, -1 / (2 * s2))),
            (arb(0), None, (arb(0), -m / s2, -1 / (2 * s2)))]


@declares("osgt_kernel_mass", 2, "S' by integration.", guard=_OSGT_GUARD)
def osgt_kernel_mass_value(sigma, m) -> arb:
    """int exp(-y^2/(2 s^2) - |y| m/s^2) dy over the real line."""
    return sum((exp_quad_integral(*c, lo, hi) for lo, hi, c in _osgt_pieces(sigma, m)), arb(0))


@declares("osgt_moment", 3, "k-th OSGT moment.", ints=(2,), guard=_OSGT_GUARD)
def osgt_moment_value(sigma, m, k) -> arb:
    """int y^k kernel / int kernel, k in {0, 1, 2}."""
    k = exact_int(k)
    if k not in (0, 1, 2):
        return NAN()
    num = arb(0)
    for lo, hi, c in _osgt_pieces(sigma, m):
        M = exp_quad_moments(*c, lo, hi)
        v, J = M.v, M.J
        num += (J[0], J[1] + v * J[0], J[2] + 2 * v * J[1] + v * v * J[0])[k]
    return num / osgt_kernel_mass_value(sigma, m)


@declares("osgt_tail", 3, "P[Y >= y], OSGT.", guard=_OSGT_GUARD)
def osgt_tail_value(sigma, m, y) -> arb:
    """P[Y >= y] for the OSGT of the first form (decreasing in y)."""
    def at(x):
        (_, _, cl), (_, _, cr) = _osgt_pieces(sigma, m)
        if x >= 0:
            num = exp_quad_integral(*cr, x, None)
        else:
            num = exp_quad_integral(*cl, x, arb(0)) + exp_quad_integral(*cr, arb(0), None)
        return num / osgt_kernel_mass_value(sigma, m)
    if y >= 0 or y < 0:
        return at(y)
    return hull(at(arb(y.lower())), at(arb(y.upper())))
