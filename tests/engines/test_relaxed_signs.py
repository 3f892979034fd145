"""Definedness on unbounded domains by relaxed exp/erfc (``exact_definedness._exp_relaxed``).

exp(y) of a y > 0 lies in (1, oo), erfc(y) in (0, 1): the symbolic engine certifies
exp(eps) - 1 != 0 on eps > 0 and Phi(a) - Phi(-a) > 0 on a > 0 without a bounded box (where
its arb fallback stops), so identities with these denominators are PROVED on the source's
whole half-line.  The same terms on a domain where they vanish somewhere are never
certified defined, and the identity there is never PROVED."""

import pytest
import sympy

import dpproof.oracles  # noqa: F401 - registers the oracles
from dpproof.claims import Interval as I, Kind
from dpproof.engines.exact import definedness as X
from dpproof.engines.base import Config, load

from dpproof.evidence import Verdict
from tests.helpers import make_claim

SYMBOLIC = load("symbolic")
CONFIG = Config(engine_timeout=20)
POS = I(0, None, lo_open=True)

# Definition 2.4 of cesar_rogers21 (RR_{eps,t}, t = s eps): 1 - p_t = e^(t - eps) (1 - q_t)
RR = ("(1 - (exp(e) - exp(s*e))/(exp(e) - 1)) - exp(s*e - e)*(1 - exp(-s*e)*"
      "(exp(e) - exp(s*e))/(exp(e) - 1)) == 0")


def test_rr_identity_proved_on_the_whole_half_line():
    ev = SYMBOLIC.check(make_claim("t.rr", RR, Kind.IDENTITY, e=POS, s=I.closed(0, 1)), CONFIG)
    assert ev.verdict is Verdict.PROVED, ev.detail


@pytest.mark.parametrize("e_range", [I(-1, None), I(None, None)], ids=["from_-1", "real_line"])
def test_rr_identity_not_proved_where_exp_e_minus_1_vanishes(e_range):
    ev = SYMBOLIC.check(make_claim("t.rr0", RR, Kind.IDENTITY, e=e_range, s=I.closed(0, 1)),
                        CONFIG)
    assert ev.verdict is not Verdict.PROVED
    assert "exp(e) - 1" in ev.detail


def _certified(text, need, **ranges):
    claim = make_claim("t.sign", f"{text} >= 0", **ranges)
    return X._certified(claim, claim.statement.lhs, need)


@pytest.mark.parametrize("text,need,ranges,expected", [
    ("exp(x) - 1", "nonzero", dict(x=POS), True),
    ("exp(x) - 1", "positive", dict(x=I(0, None)), False),      # 0 at x = 0
    ("1 - exp(-x)", "positive", dict(x=POS), True),
    ("exp(x) - 2", "nonzero", dict(x=POS), False),              # 0 at x = log 2
    ("Phi(x) - Phi(-x)", "positive", dict(x=POS), True),
    ("Phi(x) - Phi(-x)", "nonzero", dict(x=I(None, None)), False),
    ("Q(x) - 1/2", "nonzero", dict(x=POS), True),               # erfc(x/sqrt 2) < 1
    ("Q(x) - 1/3", "nonzero", dict(x=POS), False),              # 0 at x = 0.4307
])
def test_relaxed_signs(text, need, ranges, expected):
    assert _certified(text, need, **ranges) is expected


def test_relaxation_replaces_only_signed_arguments():
    x = sympy.Symbol("x", positive=True)
    y = sympy.Symbol("y", real=True)
    got = X._exp_relaxed(sympy.exp(x) - sympy.exp(y))
    assert sympy.exp(y) in got.atoms(sympy.exp) and not got.has(sympy.exp(x))
