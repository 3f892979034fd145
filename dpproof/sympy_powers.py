"""A size bound on the exact powers sympy builds inside dpproof's guarded rewrites.

sympy evaluates a rational to a rational power exactly: ``n*log(r)`` rewritten as
``log(r**n)`` (``powsimp`` inside ``simplify``) builds r**n, and every sign sympy then asks of
it converts the whole number to an mpmath float.  At the exact points the interval engine
tries near an end of an unbounded domain (eps = 1 - 2^-15 after the substitution eps ->
-log(u): r = 32767/32768, n = 32767) that number has 491,519 bits, and one ``simplify`` took
9 CPU-seconds while making few Python calls: the counted work did not see it, and the CPU
backstop (not the count) ended the step -- a verdict path that a clock decided (issue 28).
Measured on ``cesar_rogers21.lemma3_2.br``: 200 of its 225 s, in ten such steps.

``bounded_powers`` is the input bound: inside it, a power of a rational (an integer
included) whose exact value would exceed ``MAX_BITS`` bits raises ``PowerTooLarge`` (an
ArithmeticError) instead of being built; so does a heuristic polynomial gcd (``cancel``'s, in
sympy's sparse rings) whose integer images would exceed ``GCD_MAX_BITS`` bits.  That gcd
evaluates the polynomials variable by variable at integers about twice their coefficients:
``cancel`` of a Gaussian delta's derivative at sigma in [0.001, 0.01] has generators such as
exp(1/(2*10^12*s^2 + ...)) to the power 250,001,000,001, and FLINT died of SIGFPE building
the image (with Python integers it runs without end).  ``engines.signs.guarded`` opens
``bounded_powers`` around every sympy rewrite and sign query it guards, which turn the error
into "undecided" -- never into a decision.  Outside it sympy is unchanged, but for one
bound that holds everywhere: an integer to a power p/q whose q-th roots would take over
``ROOT_MAX_BITS`` bits stays unevaluated (the same number).
"""

from __future__ import annotations

import math
from contextlib import contextmanager

from sympy.core.numbers import Integer, Rational

#: bits of the largest exact power built inside ``bounded_powers`` (the library's legitimate
#: powers -- binomial sums, k-fold products at given k -- stay far below it)
MAX_BITS = 1 << 16

#: the most bits q log2(n) of an integer n to a power p/q that sympy evaluates, inside the
#: guards or not: beyond, the power stays unevaluated (as sympy leaves 2^(1/3)).  sympy
#: collects perfect q-th powers from n's factors as k^(e p mod q), up to q log2(n) bits, so a
#: rational end put into x^x (x = 1.5596...0876876, a 30-digit decimal: p, q ~ 10^29) built
#: integers until 8 GB ran out -- in the interval engine's faces and the symbolic engine's
#: end values alike (red round 11).  A rational base r = a/b is split by sympy into a^e b^-e
#: first, so the bound acts on each integer (returning nothing for r itself would break
#: that split: Mul.flatten then recombines and re-splits without end)
ROOT_MAX_BITS = 1 << 26

#: open ``bounded_powers`` blocks in this process (nested guards)
_DEPTH = [0]


#: bits of the largest integer image a heuristic gcd may build inside ``bounded_powers``
GCD_MAX_BITS = 1 << 22


#: log2 of the most coefficient bits a multinomial expansion (a + b + ...)^n may build inside
#: ``bounded_expansions`` (or ``bounded_powers``)
EXPANSION_MAX_LOG2_BITS = 26

#: open ``bounded_expansions`` blocks in this process
_EXPANSIONS = [0]

#: the largest degree in one variable of a dense polynomial built inside
#: ``bounded_expansions`` (or ``bounded_powers``): one list entry per degree
DENSE_MAX_DEGREE = 1 << 20


class PowerTooLarge(ArithmeticError):
    """An exact power above ``MAX_BITS`` bits was asked inside ``bounded_powers``, a
    heuristic gcd whose images exceed ``GCD_MAX_BITS``, a multinomial expansion beyond
    ``EXPANSION_MAX_LOG2_BITS``, or a dense polynomial of degree above ``DENSE_MAX_DEGREE``."""


@contextmanager
def bounded_powers():
    _DEPTH[0] += 1
    _EXPANSIONS[0] += 1
    try:
        yield
    finally:
        _DEPTH[0] -= 1
        _EXPANSIONS[0] -= 1


@contextmanager
def bounded_expansions():
    """The size bounds without the power and gcd ones: a multinomial expansion (sympy's
    ``expand`` of (a + b + ...)^n builds every multinomial coefficient, about
    C(n + k - 1, k - 1) integers of n log2(k) bits; inside ``simplify`` of
    ``max(log(1 + x), x/(1 + x) + 1/10^6) <= log(1 + x)`` that grew past 24 GB) and the degree
    of a dense polynomial (``DENSE_MAX_DEGREE``).  The symbolic engine's decision
    (``engines.exact.engine``) and its rewrites (``engines.exact.forms.rewrite``) run inside."""
    _EXPANSIONS[0] += 1
    try:
        yield
    finally:
        _EXPANSIONS[0] -= 1


def expansion_log2_bits(k: int, n: int) -> float:
    """log2 of the coefficient bits of (a_1 + ... + a_k)^n expanded: C(n + k - 1, k - 1)
    coefficients of about n log2(k) bits each."""
    if k < 2 or n < 2:
        return 0.0
    terms = (math.lgamma(n + k) - math.lgamma(k) - math.lgamma(n + 1)) / math.log(2)
    return terms + math.log2(n * math.log2(k) + 1)


def _bounded_multinomial(expand):
    def bounded(self, **hints):
        base, expt = self.args
        if _EXPANSIONS[0] and base.is_Add and expt.is_Rational and expt.p > 0:
            got = expansion_log2_bits(len(base.args), int(expt.p // expt.q))
            if got > EXPANSION_MAX_LOG2_BITS:
                raise PowerTooLarge(f"a multinomial expansion of 2^{got:.0f} bits")
        return expand(self, **hints)
    bounded._dpproof_bounded = True
    return bounded


def _bounded_dense(from_dict):
    """sympy's ``dup_from_dict``/``dmp_from_dict`` refusing a degree above
    ``DENSE_MAX_DEGREE``: ``factor(1 - 2*exp(-277*10^10*(x - 1/3)^2))`` takes exp(x^2) as a
    generator and built a list of 2.77 * 10^12 coefficients until the memory ran out."""
    def bounded(f, *rest):
        if _EXPANSIONS[0] and f:
            top = max(f) if isinstance(next(iter(f)), int) else max(map(max, f))
            if top > DENSE_MAX_DEGREE:
                raise PowerTooLarge(f"a dense polynomial of degree {top}")
        return from_dict(f, *rest)
    bounded._dpproof_bounded = True
    return bounded


def _bits(base: Rational, expt: Rational) -> int:
    """An upper bound on the bits of base**expt's numerator and denominator."""
    size = max(abs(base.p).bit_length(), base.q.bit_length())
    return size * abs(expt.p) // expt.q


def _bounded(power, integer: bool = False):
    def _eval_power(self, expt):
        if integer and isinstance(expt, Rational) and expt.q > 1 and \
                expt.q * abs(int(self.p)).bit_length() > ROOT_MAX_BITS:
            return None     # everywhere: left unevaluated, as sympy leaves 2^(1/3)
        if _DEPTH[0] and isinstance(expt, Rational) and _bits(self, expt) > MAX_BITS:
            raise PowerTooLarge(f"a power of {_bits(self, expt)} bits")
        return power(self, expt)
    _eval_power._dpproof_bounded = True
    return _eval_power


def gcd_image_bits(f, g) -> int:
    """An estimate (from above, up to the heuristic's retries) of the bits of the integers
    ``heugcd(f, g)`` builds: each variable in turn is replaced by an integer x about twice the
    smaller coefficient norm, so a degree d in it multiplies the size by about d + 1."""
    fb, gb = (int(p.max_norm()).bit_length() if p else 0 for p in (f, g))
    for i in range(f.ring.ngens):
        xb = min(fb, gb) + 2
        fb, gb = (b + p.degree(i) * xb + 1 if p else b for b, p in ((fb, f), (gb, g)))
    return max(fb, gb)


def _bounded_gcd(heugcd):
    def bounded(f, g):
        if _DEPTH[0]:
            bits = gcd_image_bits(f, g)
            if bits > GCD_MAX_BITS:
                raise PowerTooLarge(f"a gcd image of {bits} bits")
        return heugcd(f, g)
    bounded._dpproof_bounded = True
    return bounded


#: the modules that hold their own reference to a dense constructor
_DENSE_USERS = ("densebasic", "polyclasses", "rings", "factortools", "densetools")


def install() -> None:
    """Bound ``Rational._eval_power``, ``Integer._eval_power``, the sparse rings' ``heugcd``,
    ``Pow._eval_expand_multinomial`` and the dense constructors (idempotent)."""
    import importlib

    from sympy.core.power import Pow
    from sympy.polys import densebasic, rings

    for name in ("dup_from_dict", "dmp_from_dict"):
        original = getattr(densebasic, name)
        if getattr(original, "_dpproof_bounded", False):
            continue
        bounded = _bounded_dense(original)
        for module in _DENSE_USERS:
            m = importlib.import_module(f"sympy.polys.{module}")
            if getattr(m, name, None) is original:
                setattr(m, name, bounded)

    if not getattr(Pow._eval_expand_multinomial, "_dpproof_bounded", False):
        Pow._eval_expand_multinomial = _bounded_multinomial(Pow._eval_expand_multinomial)
    for cls in (Rational, Integer):
        power = cls.__dict__["_eval_power"]
        if not getattr(power, "_dpproof_bounded", False):
            cls._eval_power = _bounded(power, integer=cls is Integer)
    if not getattr(rings.heugcd, "_dpproof_bounded", False):
        rings.heugcd = _bounded_gcd(rings.heugcd)
