"""Identities between powers with a real exponent (``forms._powers_split`` after the
half-line shift of an open end): (a b)^x = a^x b^x is used only where sympy knows a, b >= 0,
so a power identity is PROVED on alpha > 1 and never where a base may be negative; one
constant off is never PROVED."""

from __future__ import annotations

import pytest

from dpproof.claims import Interval as I
from dpproof.claims import Kind
from dpproof.engines.exact import engine as symbolic
from dpproof.engines.base import Config
from dpproof.evidence import Verdict
from tests.helpers import make_claim

CONFIG = Config(engines=("symbolic",))
ALPHA = dict(alpha=I(1, None, lo_open=True))
ALPHA_EPS = dict(alpha=I(1, None, lo_open=True), eps=I.closed(0, None))
# the tangency of c t^alpha, c = (1 - 1/alpha)^alpha/(alpha - 1) e^(-(alpha - 1) eps), at
# t0 = alpha e^eps/(alpha - 1): slope 1 and value t0 - e^eps (osgt22.rdp_to_dp)
C = "(1 - 1/alpha)^alpha/(alpha - 1)*exp(-(alpha - 1)*eps)"
T0 = "(alpha*exp(eps)/(alpha - 1))"

TRUE = [
    ("split", "(1 - 1/alpha)^alpha*alpha^alpha == (alpha - 1)^alpha", ALPHA),
    ("slope", f"{C}*alpha*{T0}^(alpha - 1) == 1", ALPHA_EPS),
    ("value", f"{C}*{T0}^alpha == {T0} - exp(eps)", ALPHA_EPS),
    ("value_le", f"{C}*{T0}^alpha >= {T0} - exp(eps)", ALPHA_EPS),
]

FALSE = [
    ("split_off", "(1 - 1/alpha)^alpha*alpha^alpha == (alpha - 1)^(alpha + 1)", ALPHA),
    ("slope_off", f"{C}*alpha*{T0}^(alpha - 1) == 1 + 10^-30", ALPHA_EPS),
    ("value_off", f"(99/100)*{C}*{T0}^alpha >= {T0} - exp(eps)", ALPHA_EPS),
    # a base that is negative on part of the domain: (-1)^alpha (alpha - 1)^alpha is not
    # (1 - alpha)^alpha for real alpha (a principal power of a negative number is complex)
    ("negative_base", "(1 - alpha)^alpha == (-1)^alpha*(alpha - 1)^alpha", ALPHA),
]


@pytest.mark.parametrize("cid, text, ranges", TRUE, ids=[t[0] for t in TRUE])
def test_power_identities_are_proved(cid, text, ranges):
    kind = Kind.IDENTITY if "==" in text else Kind.INEQUALITY
    ev = symbolic.check(make_claim(cid, text, kind, **ranges), CONFIG)
    assert ev.verdict is Verdict.PROVED, ev.detail


@pytest.mark.parametrize("cid, text, ranges", FALSE, ids=[t[0] for t in FALSE])
def test_one_constant_off_is_never_proved(cid, text, ranges):
    kind = Kind.IDENTITY if "==" in text else Kind.INEQUALITY
    ev = symbolic.check(make_claim(cid, text, kind, **ranges), CONFIG)
    assert ev.verdict is not Verdict.PROVED, ev.detail
