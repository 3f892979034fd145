"""The general route: a Plan's steps as loss laws, composed by ``pld_general`` (heterogeneous).

Per direction (remove: the dataset with the record first; add: the reverse) the laws are
those of ``oracles.composition.pld_laws``: all Gaussians as one step N(mu2/2, mu2), each
Laplace, randomized response (atoms), discrete Laplace (atoms), Poisson-subsampled Gaussian
(add/remove, and replace-one mixture against mixture) and Laplace, mixture of Gaussians.
The grid h is chosen for a relative eps width: (T + 2) h = rel_width * eps, T the number
of discretised steps; a first pass on a coarse grid estimates eps.
"""

from __future__ import annotations

import math

from flint import arb, ctx, fmpq

from ..oracles.composition import pld_laws as L
from ..oracles.composition.pld_general import Composition
from .events import Plan


def _dlap(a: fmpq, s: int):
    """DLap(0) vs DLap(s) on the integers, P(k) = tanh(a/2) e^{-a|k|}: loss a(|k - s| - |k|)."""
    A = arb(a)
    e = (-A).exp()
    atoms = [(A * s, 1 / (1 + e)), (-A * s, (-A * s).exp() / (1 + e))]
    c = (1 - e) / (1 + e)
    atoms += [(A * (s - 2 * k), c * (-A * k).exp()) for k in range(1, s)]
    return L.Atoms(atoms, ("dlap", a, s))


def _rr(p: fmpq, k: int, special: bool):
    """(remove, add) laws of one randomized response (``curves._rr_group``'s pairs)."""
    a = 1 - p + p / k
    if not special:
        b, c = p / k, (k - 2) * p / k
        y = arb(a / b).log()
        law = L.Atoms([(-y, arb(b)), (arb(0), arb(c)), (y, arb(a))], ("rr", p, k))
        return law, law
    ya, yp = arb(k * a).log(), arb(p).log()
    return (L.Atoms([(ya, arb(a)), (yp, arb(1 - a))], ("rr_s", p, k, 1)),
            L.Atoms([(-ya, arb(fmpq(1, k))), (-yp, arb(fmpq(k - 1, k)))], ("rr_s", p, k, 0)))


def directions(p: Plan) -> list[list]:
    """[[(law, count)] per direction]; one direction when every law is symmetric."""
    rem, add = [], []

    def both(law, n):
        rem.append((law, n))
        add.append((law, n))

    if p.mu2 > 0:
        both(L.Gauss(p.mu2), 1)
    counts: dict = {}
    for a in p.laplace:
        counts[a] = counts.get(a, 0) + 1
    for a, n in counts.items():
        both(L.Laplace(a), n)
    for (pp, k, special), n in p.rr.items():
        r, d = _rr(pp, k, special)
        rem.append((r, n))
        add.append((d, n))
    for (q, s), n in p.dpsgd.items():
        rem.append((L.SubGauss(q, s, True), n))
        add.append((L.SubGauss(q, s, False), n))
    for key, n in p.general.items():
        kind = key[0]
        if kind == "dlap":
            both(_dlap(key[1], key[2]), n)
        elif kind == "sub_laplace":
            rem.append((L.SubLaplace(key[1], key[2], True), n))
            add.append((L.SubLaplace(key[1], key[2], False), n))
        elif kind == "sub_gauss_replace":
            both(L.sub_gauss_replace(key[1], key[2]), n)
        elif kind == "trunc":
            from ..oracles.composition.truncated import truncated_laws
            r, d = truncated_laws(*key[1:])
            rem.append((r, n))
            add.append((d, n))
        elif kind == "mog":
            rem.append((L.mog(key[1], list(key[2]), list(key[3]), True), n))
            add.append((L.mog(key[1], list(key[2]), list(key[3]), False), n))
        else:  # pragma: no cover - events.plan makes only these keys
            raise AssertionError(kind)
    if all(r is a for (r, _), (a, _) in zip(rem, add)):
        return [rem]
    return [rem, add]


def steps(dirs) -> int:
    return max(sum(n for _, n in d) for d in dirs)


def _h(eps_scale: float, T: int, rel_width: float) -> fmpq:
    """h = 1/n with (T + 2) h <= rel_width * eps_scale: the bracket is T h wide, plus up to a
    grid step at each end."""
    target = rel_width * max(eps_scale, 1e-3) / (T + 2)
    # a power of two: grid points are exact balls, so an atom on a grid point (a Laplace's
    # +-Delta/b) falls in one bucket instead of leaving both bucket masses uncertain
    return fmpq(1, 2 ** min(max(math.ceil(-math.log2(target)), 0), 30))


class GeneralCurve:
    """Certified delta(eps) / eps(delta) of a Plan through ``pld_general``."""

    def __init__(self, p: Plan, rel_width: float = 0.005):
        self.dirs = directions(p)
        self.T = steps(self.dirs)
        self.rel_width = rel_width
        self._comp: dict = {}

    def composition(self, h: fmpq, scale: float, eps_hint: float) -> Composition:
        key = (h, scale)
        if key not in self._comp:
            with ctx.workprec(128):
                self._comp[key] = Composition(self.dirs, h, budget=min(scale, 1e-6) * 1e-6,
                                              scale=scale, eps_hint=eps_hint)
        return self._comp[key]

    def delta(self, eps: fmpq) -> tuple[arb, arb]:
        e = float(eps)
        h = _h(0.25, self.T, self.rel_width)  # an eps shift of at most rel_width / 4
        comp = self.composition(h, 1e-12, e)
        lo, hi = comp.delta_bounds(eps)
        return lo, hi

    def epsilon(self, delta: fmpq) -> tuple[fmpq, fmpq | None]:
        d = float(delta)
        h0 = _h(1.0, self.T, 0.05)
        lo, hi = self.composition(h0, d, 0.0).epsilon_bounds(delta)
        if hi is None:
            return lo, None
        h = _h(float(hi), self.T, self.rel_width)
        if h < h0:
            lo2, hi2 = self.composition(h, d, float(hi)).epsilon_bounds(delta)
            if hi2 is not None:
                lo, hi = max(lo, lo2), min(hi, hi2)
        return lo, hi
