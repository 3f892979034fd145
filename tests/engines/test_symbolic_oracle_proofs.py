"""Identities between closed forms and divergences, PROVED by the symbolic engine alone over
continuous boxes (issue 11); the same statements with one constant changed are REFUTED with a
certified witness, never PROVED."""

from __future__ import annotations

import pytest
from sympy import Rational as R

from dpproof.claims import Interval as I
from dpproof.claims import Kind
from dpproof.engines.exact import engine as symbolic
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from tests.helpers import make_claim

CONFIG = Config(engines=("symbolic",))
SIGMA = I(0, 10, lo_open=True)
ALPHA = I(1, 64, lo_open=True)
EPS = I.closed(0, 10)
DELTA = I(0, 5, lo_open=True)

IDENTITIES = [
    ("gauss_renyi", "renyi(Normal(0, sigma), Normal(Delta, sigma), alpha) == "
     "alpha*Delta^2/(2*sigma^2)", dict(sigma=SIGMA, Delta=DELTA, alpha=ALPHA)),
    ("gauss_kl", "kl(Normal(0, sigma), Normal(Delta, sigma)) == Delta^2/(2*sigma^2)",
     dict(sigma=SIGMA, Delta=DELTA)),
    ("laplace_renyi", "renyi(Laplace(0, b), Laplace(1, b), alpha) == log(alpha/(2*alpha - 1)"
     "*exp((alpha - 1)/b) + (alpha - 1)/(2*alpha - 1)*exp(-alpha/b))/(alpha - 1)",
     dict(b=SIGMA, alpha=ALPHA)),
    ("balle_wang", "hockey_stick(Normal(0, sigma), Normal(Delta, sigma), eps) == "
     "Phi(Delta/(2*sigma) - eps*sigma/Delta) - exp(eps)*Phi(-Delta/(2*sigma) - eps*sigma/Delta)",
     dict(sigma=SIGMA, Delta=DELTA, eps=EPS)),
    ("gauss_tv", "tv(Normal(0, sigma), Normal(Delta, sigma)) == 2*Phi(Delta/(2*sigma)) - 1",
     dict(sigma=SIGMA, Delta=DELTA)),
    ("osgt_variance", "osgt_moment(sigma, m, 2) == sigma^2 + m^2 - m*sigma*exp(-m^2/(2*sigma^2))"
     "/(sqrt(2*pi)*Q(m/sigma))", dict(sigma=SIGMA, m=I(0, 10, lo_open=True))),
    ("bernoulli_kl", "kl(Bernoulli(p), Bernoulli(1/2)) == p*log(2*p) + (1 - p)*log(2*(1 - p))",
     dict(p=I(0, 1, lo_open=True, hi_open=True))),
]

MUTANTS = [
    ("gauss_renyi", "renyi(Normal(0, sigma), Normal(Delta, sigma), alpha) == "
     "alpha*Delta^2/sigma^2", dict(sigma=SIGMA, Delta=DELTA, alpha=ALPHA)),
    ("gauss_kl", "kl(Normal(0, sigma), Normal(Delta, sigma)) == Delta^2/(4*sigma^2)",
     dict(sigma=SIGMA, Delta=DELTA)),
    ("balle_wang", "hockey_stick(Normal(0, sigma), Normal(Delta, sigma), eps) == "
     "Phi(Delta/(2*sigma) - eps*sigma/Delta) - exp(eps)*Phi(Delta/(2*sigma) - eps*sigma/Delta)",
     dict(sigma=SIGMA, Delta=DELTA, eps=EPS)),
    ("gauss_tv", "tv(Normal(0, sigma), Normal(Delta, sigma)) == 2*Phi(Delta/sigma) - 1",
     dict(sigma=SIGMA, Delta=DELTA)),
    ("osgt_variance", "osgt_moment(sigma, m, 2) == sigma^2 + m^2 - 2*m*sigma*exp(-m^2/"
     "(2*sigma^2))/(sqrt(2*pi)*Q(m/sigma))", dict(sigma=SIGMA, m=I(0, 10, lo_open=True))),
]


def _claim(name, text, params):
    import dpproof.oracles  # noqa: F401 - registers osgt_moment
    return make_claim(f"sym.{name}", text, Kind.IDENTITY, **params)


@pytest.mark.parametrize("name,text,params", IDENTITIES, ids=[c[0] for c in IDENTITIES])
def test_identity_proved_from_densities(name, text, params):
    claim = _claim(name, text, params)
    assert symbolic.supports(claim)
    ev = symbolic.check(claim, CONFIG)
    assert ev.verdict is Verdict.PROVED, ev.detail
    assert "derived from the densities" in ev.detail
    assert ev.data["derived"]


@pytest.mark.parametrize("name,text,params", MUTANTS, ids=[c[0] for c in MUTANTS])
def test_mutated_identity_never_proved(name, text, params):
    claim = _claim(name, text, params)
    ev = symbolic.check(claim, CONFIG)
    assert ev.verdict is Verdict.REFUTED, ev.detail
    assert ev.witness and ev.violation


def test_inequality_from_derived_form():
    claim = make_claim("sym.kl_nonneg", "kl(Normal(0, sigma), Normal(Delta, sigma)) >= 0",
                       sigma=SIGMA, Delta=DELTA)
    assert symbolic.check(claim, CONFIG).verdict is Verdict.PROVED


def test_underivable_oracle_is_not_supported_or_inconclusive():
    claim = make_claim("sym.unequal", "hockey_stick(Normal(0, 1), Normal(0, 2), eps) >= 0",
                       eps=EPS)
    ev = symbolic.check(claim, CONFIG)
    assert ev.verdict is not Verdict.PROVED or "derived" in ev.detail
    _ = R


def test_evidence_names_the_derived_form_in_the_claims_variables():
    claim = _claim(*IDENTITIES[0])
    ev = symbolic.check(claim, CONFIG)
    assert ev.data["derived"] == {
        "renyi(Normal(0, sigma), Normal(Delta, sigma), alpha)": "Delta**2*alpha/(2*sigma**2)"}


def test_box_end_substitution_assumes_nothing_about_integrality():
    """x in [-1, 1] shifted to t - 1 with t >= 0: t must not be assumed non-integer
    (that would make t - 1 != 0 and 'prove' x/x == 1 across x = 0)."""
    from dpproof.oracles.symbolic import substitutions
    from dpproof.claims import Domain
    fwd, _ = substitutions(Domain.of(x=I.closed(-1, 1)), "lo")
    (shifted,) = fwd.values()
    assert shifted.is_zero is None
    claim = make_claim("u.xx", "x/x == 1", Kind.IDENTITY, x=I.closed(-1, 1))
    assert symbolic.check(claim, CONFIG).verdict is not Verdict.PROVED
