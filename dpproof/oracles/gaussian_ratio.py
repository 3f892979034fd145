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

from dpproof.expr.functions import OracleFunction, register

from .integrate import NAN, quad

GUARD = 30
CAP = 192


def cached(fn):
    """Memoise an oracle on exact ball arguments and cap its working precision at ``CAP``
    bits: a ball computed at precision p is returned again for any request at precision
    <= p (it is a valid enclosure at every precision); beyond ``CAP`` the oracle is no
    tighter (quadratures at 1024 bits cost seconds and ~1e-58 is plenty)."""
    store: dict = {}

    def wrapper(*args):
        prec = min(ctx.prec, CAP)
        key = tuple(a.mid().man_exp() if isinstance(a, arb) and a.is_exact() else None
                    for a in args)
        hit = store.get(key) if None not in key else None
        if hit is not None and hit[0] >= prec:
            return hit[1]
        with ctx.workprec(prec):
            value = fn(*args)
        if None not in key and len(store) < 1 << 14:
            store[key] = (prec, value)
        return value

    wrapper.__name__, wrapper.__doc__ = fn.__name__, fn.__doc__
    return wrapper


def _exact_enough(*xs: arb) -> bool:
    """Parameters narrow enough for a meaningful integral (else the caller returns nan)."""
    return all(x.is_finite() and x.rad() <= abs(x.mid()) * arb(2) ** -20 + arb(2) ** -60
               for x in xs)


def _cut(mu: arb, sigma: arb, power: int):
    """U = |mu| + K sigma and a bound on int_{|u|>=U} phi(u) / |u|^power du."""
    K = arb(2 * (ctx.prec + 40)).sqrt() + 2
    U = (mu.abs_upper() + K * sigma.upper()).upper().max(arb(2))
    tail = (K / arb(2).sqrt()).erfc() / U ** power  # >= P(|X| >= U) / U^power
    return U, arb(0).union(tail)


def _const(mu, sigma):
    return 1 / (sigma * (2 * arb.pi()).sqrt()), mu / (sigma * sigma), 1 / (2 * sigma * sigma)


@cached
def pv_inv_moment(mu: arb, sigma: arb) -> arb:
    """PV E[1/X] = int_0^inf 2C e^{-(u^2 + mu^2)/(2 sigma^2)} sinh(a u)/u du, a = mu/sigma^2."""
    if not _exact_enough(mu, sigma) or not sigma > 0:
        return NAN()
    if mu.is_exact() and mu.is_zero():
        return arb(0)
    with ctx.workprec(ctx.prec + GUARD):
        C, a, b = _const(mu, sigma)
        U, tail = _cut(mu, sigma, 1)
        e0 = -b * mu * mu

        def f(u, analytic):
            return 2 * C * a * (e0 - b * u * u).exp() * (acb(0, 1) * a * u).sinc()

        return +(quad(f, arb(0), U) + tail)


@cached
def fp_inv_sq_moment(mu: arb, sigma: arb) -> arb:
    """Hadamard finite part of E[1/X^2]:  int_0^1 g + int_{|u|>=1} phi/u^2 - 2 phi(0), with
    g(u) = (phi(u) + phi(-u) - 2 phi(0))/u^2 written without the removable singularity."""
    if not _exact_enough(mu, sigma) or not sigma > 0:
        return NAN()
    with ctx.workprec(ctx.prec + GUARD):
        C, a, b = _const(mu, sigma)
        U, tail = _cut(mu, sigma, 2)
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
    if not _exact_enough(mu, sigma) or not sigma > 0 or not eps > 0:
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


_Oracle = OracleFunction


@register
class pv_inv_normal(_Oracle):
    """Principal value of E[1/X], X ~ N(mu, sigma^2)."""
    nargs = 2

    def _latex(self, printer):
        mu, s = (printer._print(a) for a in self.args)
        return r"\mathrm{PV}\,\mathbb{E}\left[X^{-1}\right]_{X\sim\mathcal{N}(%s, %s^2)}" % (mu, s)

    arb_impl = staticmethod(pv_inv_moment)


@register
class fp_inv_sq_normal(_Oracle):
    """Hadamard finite part of E[1/X^2], X ~ N(mu, sigma^2)."""
    nargs = 2

    def _latex(self, printer):
        mu, s = (printer._print(a) for a in self.args)
        return r"\mathrm{fp}\,\mathbb{E}\left[X^{-2}\right]_{X\sim\mathcal{N}(%s, %s^2)}" % (mu, s)

    arb_impl = staticmethod(fp_inv_sq_moment)


@register
class trunc_abs_inv_normal(_Oracle):
    """int_{|u| >= eps} phi_{mu,sigma}(u) / |u| du."""
    nargs = 3

    def _latex(self, printer):
        mu, s, e = (printer._print(a) for a in self.args)
        return r"\mathbb{E}\left[|X|^{-1}; |X| \geq %s\right]_{\mathcal{N}(%s, %s^2)}" % (e, mu, s)

    arb_impl = staticmethod(trunc_abs_inv_moment)


@register
class trunc_inv_sq_normal(_Oracle):
    """int_{|u| >= eps} phi_{mu,sigma}(u) / u^2 du."""
    nargs = 3

    def _latex(self, printer):
        mu, s, e = (printer._print(a) for a in self.args)
        return r"\mathbb{E}\left[X^{-2}; |X| \geq %s\right]_{\mathcal{N}(%s, %s^2)}" % (e, mu, s)

    arb_impl = staticmethod(trunc_inv_sq_moment)


__all__ = ["pv_inv_moment", "fp_inv_sq_moment", "trunc_abs_inv_moment", "trunc_inv_sq_moment",
           "pv_inv_normal", "fp_inv_sq_normal", "trunc_abs_inv_normal", "trunc_inv_sq_normal"]
