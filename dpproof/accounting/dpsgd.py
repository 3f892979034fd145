"""Certified privacy accounting users call directly.

``dpsgd_epsilon(q, sigma, steps, delta)``: a certified bracket [lower, upper] on the optimal
epsilon of ``steps`` compositions of the Poisson-subsampled Gaussian mechanism (sampling rate
q, noise multiplier sigma, L2 sensitivity 1) under add/remove-one neighbours, from its
privacy-loss distribution (``dpproof.oracles.composition.subsampled_pld``): the upper end from
each direction's dominating discrete pair ("connect the dots", ``pld_connect``), the lower end
from the removal direction's dominated discrete pair (``pld_dominated``); both composed by a
float FFT with a proven error bound (``pld_fft``; exact FLINT products where that bound would
cost too much), lost mass counted in full above.  ``rdp_upper`` is a second, independent upper bound from
the exact integer-order RDP of Mironov-Talwar-Zhang 2019 with the Canonne-Kamath-Steinke
conversion.  Inputs are exact rationals (int, Fraction, decimal string); floats are refused.
At q = 1 (no subsampling) the loss is the Gaussian one and the bracket contains the exact
epsilon of one Gaussian with mu = sqrt(steps)/sigma.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flint import arb, ctx, fmpq

from ..lowering import to_fmpq
from ..oracles.composition.subsampled_pld import dpsgd_bracket
from ..oracles.composition.subsampled_pld_delta import dpsgd_delta_bracket
from .rounding import down as _down, up as _up


@dataclass(frozen=True)
class EpsilonBracket:
    """lower <= eps* <= upper (exact decimal-convertible balls' ends); rdp_upper >= eps*."""

    lower: float
    upper: float
    rdp_upper: float
    lower_ball: arb = field(repr=False)
    upper_ball: arb = field(repr=False)
    details: dict = field(default_factory=dict, repr=False)

    @property
    def width(self) -> float:
        return self.upper - self.lower

    def ball(self) -> arb:
        """A ball containing [lower, upper] (and so eps*)."""
        return self.lower_ball.union(self.upper_ball)


def _exact(x, what):
    if isinstance(x, float):
        raise TypeError(f"{what}={x!r} is a float: pass an exact rational (int, Fraction or "
                        "decimal string such as '0.004')")
    return to_fmpq(x)


def dpsgd_epsilon(q, sigma, steps: int, delta, *, rel_width: float = 0.005,
                  delta_err: float = 1e-3, prec: int = 128) -> EpsilonBracket:
    """Certified bracket on eps*(delta) of DP-SGD (see module docstring).

    ``rel_width`` sets the grid of both ends where epsilon is small: h = min(1/12000,
    rel_width * eps_RDP / 16) (``pld_connect.connect_grid``); the bracket is then within about
    1e-5 relative of the optimum on each side (no concentration term on either end).
    ``delta_err`` is the share of delta given to the concentration and clipping terms of the
    doubling route (from 50,000 steps on).  The lower end comes from the removal direction;
    the upper end is the larger of both directions' upper ends.
    """
    q, sigma, delta = _exact(q, "q"), _exact(sigma, "sigma"), _exact(delta, "delta")
    steps = int(steps)
    if not (0 < q <= 1 and sigma > 0 and 0 < delta < 1 and steps >= 1):
        raise ValueError(f"need 0 < q <= 1, sigma > 0, 0 < delta < 1, steps >= 1; got "
                         f"q={q}, sigma={sigma}, delta={delta}, steps={steps}")
    return _bracket(q, sigma, steps, delta, rel_width, delta_err, prec)


def _delta_bracket(q: fmpq, sigma: fmpq, T: int, eps: fmpq, prec: int = 128):
    """(lower, upper, details): certified delta(eps) of T DP-SGD steps (balls), from
    ``subsampled_pld_delta`` (about 1e-4 relative over many steps)."""
    with ctx.workprec(prec):
        return dpsgd_delta_bracket(arb(q), arb(sigma), T, arb(eps))


def _bracket(q: fmpq, sigma: fmpq, T: int, delta: fmpq, rel_width, delta_err, prec):
    with ctx.workprec(prec):
        lower, upper, rdp, details = dpsgd_bracket(arb(q), arb(sigma), T, arb(delta),
                                                   rel_width, delta_err)
    return EpsilonBracket(_down(lower), _up(upper), _up(rdp), lower, upper, details)


__all__ = ["EpsilonBracket", "dpsgd_epsilon"]
