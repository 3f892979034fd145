"""Truncated Poisson subsampling of a Gaussian: the pair of dp_accounting 0.6.0's PLD accountant.

``TruncatedSubsampledGaussianDpEvent(n, q, B, s)``: each of n records is sampled with
probability q, a sample larger than B is cut to a uniformly random B of its records, and
N(0, s^2) noise is added to the sum (dp_accounting ``dp_event.py``; arXiv 2508.15089).
dp_accounting's ``from_truncated_subsampled_gaussian_mechanism`` takes, with

    t  = P(Bin(n - 1, q) >= B)                 (the batch is cut, given the record is sampled)
    q' = P(Bin(n, q) >= B + 1) B / (t n)       (the record is kept, given the batch is cut),

the PLD mixture t PLD_2 + (1 - t) PLD_1 in each direction: PLD_1 the Poisson-subsampled
Gaussian (q, s) under the accountant's relation (add/remove: (1-q) N(0, s^2) + q N(1, s^2) vs
N(0, s^2); REPLACE_ONE: (1-q) N(0, s^2) + q N(1, s^2) vs (1-q) N(0, s^2) + q N(-1, s^2)), PLD_2
the replace-one subsampled Gaussian (q', s/2).  A mixture of PLDs is the PLD of the pair
(C, X) vs (C, X') with the coin C ~ Bernoulli(t) published: a bound the source calls
"slightly loose"; no two datasets are known to realise it, so only its upper end bounds the
mechanism.  t and q' are certified balls (``binom_sf``).
"""

from __future__ import annotations

from flint import arb, ctx, fmpq

from .pld_laws import Inverted, Law, SubGauss, sub_gauss_replace


def _log_pmf(N: int, q: arb, k: int) -> arb:
    lg = lambda x: arb(x).lgamma()  # noqa: E731
    return lg(N + 1) - lg(k + 1) - lg(N - k + 1) + k * q.log() + (N - k) * (1 - q).log()


def binom_sf(N: int, q: fmpq, B: int) -> arb:
    """P(Bin(N, q) >= B), a ball: terms summed away from the mode until the geometric bound on
    the rest (the ratio of successive terms is monotone in k) is below 2^-(prec + 8) of it."""
    if B <= 0:
        return arb(1)
    if B > N:
        return arb(0)
    if q == 0 or q == 1:
        return arb(int(q == 1))
    Q = arb(q)
    r = Q / (1 - Q)
    up = B > (N + 1) * q  # B past the mode: sum upwards; else 1 - the sum below B
    k = B if up else B - 1
    term = _log_pmf(N, Q, k).exp()
    total = arb(0)
    eps = arb(2) ** -(ctx.prec + 8)
    while True:
        total += term
        ratio = (arb(N - k) / (k + 1)) * r if up else (arb(k) / (N - k + 1)) / r
        nxt = k + 1 if up else k - 1
        if nxt > N or nxt < 0:
            break
        term *= ratio
        k = nxt
        if ratio < 1 and term * 2 < total * eps * (1 - ratio):
            # the rest is at most term / (1 - ratio), ratios only shrink from here on
            total += arb(0, (term / (1 - ratio)).upper())
            break
    return total if up else 1 - total


class Mixture(Inverted):
    """The loss law t A + (1 - t) B (a PLD mixture), t a ball in [0, 1].  An ``Inverted`` for
    ``pld_general`` only so that it asks for many CDF values at once (``cdfs``)."""

    def __init__(self, t: arb, a: Law, b: Law, key):  # not Inverted.__init__: no inversion
        self.t, self.a, self.b = t, a, b
        self.params = (key,)
        self.right = a.right
        fl, cl = (a.floor, b.floor), (a.ceil, b.ceil)
        self.floor = None if None in fl else min(fl)
        self.ceil = None if None in cl else max(cl)

    def cdf(self, t):
        return self.t * self.a.cdf(t) + (1 - self.t) * self.b.cdf(t)

    def cdfs(self, ts, tf):
        fa, fb = (_many(law, ts, tf) for law in (self.a, self.b))
        return [self.t * x + (1 - self.t) * y for x, y in zip(fa, fb)]


def _many(law: Law, ts, tf) -> list:
    """CDF values, remembered per law and point: both directions share the cut law."""
    if not isinstance(law, Inverted):
        return [law.cdf(t) for t in ts]
    memo = law.__dict__.setdefault("_memo", {})
    keys = [(float(x), ctx.prec) for x in tf]
    new = [i for i, k in enumerate(keys) if k not in memo]
    if new:
        for i, v in zip(new, law.cdfs([ts[i] for i in new], tf[new])):
            memo[keys[i]] = (ts[i], v)
    out = []
    for t, k in zip(ts, keys):
        t0, v = memo[k]  # the same exact point, else computed afresh
        same = t.is_exact() and t0.is_exact() and bool(t0 == t)
        out.append(v if same else law.cdf(t))
    return out


def weights(n: int, q: fmpq, B: int) -> tuple[arb, arb]:
    """(t, q') of the module docstring, balls (t > 0 needs 0 < q and B < n)."""
    with ctx.workprec(max(ctx.prec, 128)):
        t = binom_sf(n - 1, q, B)
        return t, binom_sf(n, q, B + 1) * B / (t * n)


def truncated_laws(n: int, q: fmpq, B: int, s: fmpq, replace: bool) -> tuple[Law, Law]:
    """(remove, add) loss laws of one step (module docstring); 0 < q, 1 <= B < n, s > 0.
    Built at 128 bits at least: q' is kept as the ball the laws were built with."""
    with ctx.workprec(max(ctx.prec, 128)):
        return _laws(n, q, B, s, replace)


def _laws(n: int, q: fmpq, B: int, s: fmpq, replace: bool) -> tuple[Law, Law]:
    t, q2 = weights(n, q, B)
    key = ("trunc", n, q, B, s, replace)
    cut = sub_gauss_replace(q2, s / 2)
    if q == 1:  # t = 1 exactly: the batch is always cut
        return cut, cut
    if replace:
        law = Mixture(t, cut, sub_gauss_replace(q, s), key)
        return law, law
    return (Mixture(t, cut, SubGauss(q, s, True), key + (1,)),
            Mixture(t, cut, SubGauss(q, s, False), key + (0,)))
