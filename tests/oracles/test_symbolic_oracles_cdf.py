"""Symbolic ``cdf``, ``signed_mass_below``, ``osgt_tail`` and ``rejection_shift_cdf`` (``oracles.symbolic.masses``) against the ball
oracles (``divergences.privacy_loss``) at random exact points of every continuous family, and
end to end: the symbolic engine proves the osgt22 identities that need them."""

from __future__ import annotations

import random

import pytest
import sympy
from sympy import Rational as R

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.engines.exact import engine as symbolic
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from dpproof.lowering import at_precision, lower
from dpproof.oracles.divergences.privacy_loss import cdf, signed_mass_below
from dpproof.expr.vocabulary import osgt_tail, rejection_shift_cdf
from dpproof.oracles.functions import Bernoulli, Laplace, Normal, OSGT, TruncNormal
from dpproof.oracles.symbolic import Underivable, derive_call
from dpproof.runner import flatten

rng = random.Random(20261125)


def _q(lo, hi, den=64):
    return R(rng.randint(int(lo * den), int(hi * den)), den)


def _calls():
    out = []
    for _ in range(10):
        s, mu, t, e, m, c = _q(R(1, 4), 3), _q(-2, 2), _q(-5, 5), _q(-1, 3), _q(0, 2), _q(1, 3)
        for P, Qd in ((Normal(0, s), Normal(mu, s)), (Laplace(mu, s), Laplace(0, s)),
                      (OSGT(0, s, m), OSGT(mu, s, m)), (TruncNormal(0, s, c), TruncNormal(mu / 4, s, c))):
            out += [cdf(P, t), cdf(Qd, mu), signed_mass_below(P, Qd, e, t)]
        out += [osgt_tail(s, m, t), osgt_tail(s, m, 0), rejection_shift_cdf(s, m, t),
                rejection_shift_cdf(s, m, 0), rejection_shift_cdf(s, 0, t)]
    return out


@pytest.mark.parametrize("call", _calls(), ids=str)
def test_symbolic_cdf_matches_ball_oracle(call):
    form = derive_call(call)
    with at_precision(128):
        got, want = lower(form, (), "arb")(), lower(call, (), "arb")()
    assert got.rad() < 1e-25 and got.overlaps(want), (call, form, got, want)


def test_cdf_exact_values():
    assert derive_call(cdf(Normal(0, 1), 0)) == R(1, 2)
    assert derive_call(cdf(Laplace(0, 1), 0)) == R(1, 2)
    half = derive_call(cdf(OSGT(0, 2, 1), 0)).rewrite(sympy.erfc)
    assert sympy.simplify(half - R(1, 2)) == 0
    assert derive_call(cdf(TruncNormal(0, 1, 2), -3)) == 0


def test_a_finite_law_derives_at_a_given_number_only():
    # outcomes 0 and 1: P(Y <= 0) = 1 - p, P(Y <= 1/2) too, P(Y <= 1) = 1, P(Y <= -1) = 0
    assert derive_call(cdf(Bernoulli(R(1, 3)), 0)) == R(2, 3)
    assert derive_call(cdf(Bernoulli(R(1, 3)), R(1, 2))) == R(2, 3)
    assert derive_call(cdf(Bernoulli(R(1, 3)), 1)) == 1
    assert derive_call(cdf(Bernoulli(R(1, 3)), -1)) == 0
    with pytest.raises(Underivable):     # a step function of a symbol is not written out
        derive_call(cdf(Bernoulli(R(1, 3)), sympy.Symbol("t", real=True)))


@pytest.mark.parametrize("cid", ["osgt22.delta.formula.step1", "osgt22.delta.formula.step2",
                                 "osgt22.gauss.example.integral",
                                 "osgt22.delta.example.ystar", "osgt22.pdf.rejection"])
def test_symbolic_engine_proves_osgt22_identities(cid):
    from theorems import osgt22
    claim = next(c for c in flatten(osgt22.CLAIMS) if c.id == cid)
    assert symbolic.check(claim, Config()).verdict is Verdict.PROVED


def test_dividing_by_an_oracle_is_judged_on_its_derived_form():
    # 1/S' with S' = osgt_kernel_mass > 0 is defined; 1/H_0(P||P) = 1/0 is not, so no proof
    import sympy as sp
    from dpproof.claims import Claim, Domain, Interval, Kind, Source, Statement
    from dpproof.expr.vocabulary import hockey_stick, osgt_kernel_mass
    s, e = sp.Symbol("sigma", real=True), sp.Symbol("eps", real=True)
    src = Source("test", "", "")
    ok = Claim("t.ok", src, Statement(1 / osgt_kernel_mass(s, 1), "==", 1 / osgt_kernel_mass(s, 1)),
               Domain.of(sigma=Interval(0, None, lo_open=True)), Kind.IDENTITY)
    assert symbolic.check(ok, Config()).verdict is Verdict.PROVED
    zero = hockey_stick(Normal(0, 1), Normal(0, 1), e)
    bad = Claim("t.bad", src, Statement(1 / zero, "==", 1 / zero),
                Domain.of(eps=Interval(0, None)), Kind.IDENTITY)
    got = symbolic.check(bad, Config())
    assert got.verdict is not Verdict.PROVED and "not certified" in got.detail
