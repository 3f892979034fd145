"""x^x - 2 > 0 with x's lower end a 30-digit decimal just below or just above the root of
x^x = 2 (1.5596104694623693499703887687...): the exact faces and end values put that
rational into x^x, and sympy's evaluation of r^r built integers until the memory ran out
(red round 11: 8 GB, then the CPU backstop).  With the power left unevaluated
(sympy_powers.MAX_ROOT_DEGREE) both are decided in balls, within a small memory."""

import resource

import pytest
import sympy

from dpproof.claims import Interval
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict
from tests.helpers import make_claim

ROOT = "1.5596104694623693499703887687"


def _claim(last_digit: str):
    return make_claim("t.xx", "x^x - 2 > 0",
                      x=Interval(sympy.Rational(ROOT + last_digit), 2))


@pytest.mark.parametrize("engine", ["interval", "symbolic"])
def test_the_end_below_the_root_is_refuted_or_left_open_without_running_away(engine):
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    ev = load(engine).check(_claim("6"), Config())
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grown_mb < 500, grown_mb
    if engine == "interval":
        assert ev.verdict is Verdict.REFUTED
        assert sympy.Rational(ev.witness["x"]) < sympy.Rational(ROOT + "7")
    else:
        assert ev.verdict is not Verdict.PROVED


def test_the_end_above_the_root_is_certified():
    assert load("interval").check(_claim("7"), Config()).verdict is Verdict.CERTIFIED
