"""Roots of the quadratic privacy loss l0 + l1 y + l2 y^2 on a piece, as balls, for every
parameter in the coefficient balls: the one place the loss-region splitting of
``privacy_loss`` (masses) and ``hs_pieces`` (hockey-stick) isolates its roots.

``quadratic_roots``: None unless the roots are certainly simple; ``roots_certain``: encloses a
possible double root around the vertex; ``small_root``: l2 may vanish, the root near -l0/l1
and a T beyond which the other root lies.
"""

from __future__ import annotations

from flint import arb


def exact_zero(x):
    return x.is_exact() and x.is_zero()


def roots_certain(l0, l1, l2):
    """Root balls of l0 + l1 y + l2 y^2 when l2 is exactly 0 or certainly nonzero."""
    if exact_zero(l2):
        if exact_zero(l1):
            return []
        return [-l0 / l1] if (l1 > 0 or l1 < 0) else None
    D = l1 * l1 - 4 * l2 * l0
    if D < 0:
        return []
    if not D > 0:  # possibly a double root: enclose both around the vertex
        rad = D.upper().sqrt() / (2 * l2.abs_lower())
        return [-l1 / (2 * l2) + arb(0, rad.upper())] if rad.is_finite() else None
    sq = D.sqrt()
    if l1 > 0 or l1 < 0:  # stable form
        qq = -(l1 + sq) / 2 if l1 > 0 else -(l1 - sq) / 2
        return [qq / l2, l0 / qq]
    return [(-l1 - sq) / (2 * l2), (-l1 + sq) / (2 * l2)]


def quadratic_roots(l0, l1, l2):
    """Balls of the real roots of l0 + l1 y + l2 y^2, or None if undecidable."""
    if l2.is_exact() and l2.is_zero():
        if l1.is_exact() and l1.is_zero():
            return []
        return [-l0 / l1] if (l1 > 0 or l1 < 0) else None
    if not (l2 > 0 or l2 < 0):
        return None
    D = l1 * l1 - 4 * l2 * l0
    if D < 0:
        return []
    if not D > 0:
        return None
    sq = D.sqrt()
    qq = -(l1 + sq) / 2 if l1 >= 0 else -(l1 - sq) / 2
    if not (qq > 0 or qq < 0):
        return [(-l1 - sq) / (2 * l2), (-l1 + sq) / (2 * l2)]
    return [qq / l2, l0 / qq]


def small_root(l0, l1, l2):
    """For l2 near 0 and l1 certainly non-zero: the root near -l0/l1 and a T below which
    no other root lies; (None, None) if undecidable."""
    if not (l1 > 0 or l1 < 0):
        return None, None
    D = l1 * l1 - 4 * l2 * l0
    if not D > 0:
        return None, None
    qq = -(l1 + D.sqrt()) / 2 if l1 > 0 else -(l1 - D.sqrt()) / 2
    return [l0 / qq], arb((qq.abs_lower() / l2.abs_upper()).lower() / 2)
