"""Work done inside one C call is charged to the meter (``work.charge``): a FLINT polynomial
power of degree 2n makes one call the meter would count once.  kary_rr_delta(1/2, 3, n, 1)
over n in [1, 16384] ran minutes of uncounted C per box and never met its budget (red round
12); rademacher_tail(n, 1) at n = 10^6 kept n + 1 exact binomials of up to 10^6 bits (12 GB)."""

import pytest
from flint import arb, arb_poly

from dpproof import work
from dpproof.claims import Interval
from dpproof.engines.base import Config, load
from dpproof.evidence import Verdict
from dpproof.oracles.balls import power
from dpproof.oracles.composition.bounded_range import EXACT_BINOMIALS, rademacher_tail
from dpproof.oracles.composition.rr_kary import kary_rr_delta_arb
from tests.helpers import make_claim


def _counted(fn) -> int:
    with work.metering():
        start = work.spent()
        fn()
        return work.spent() - start


def test_a_charge_counts_as_that_many_calls_and_stops_a_limit():
    assert 10_000 <= _counted(lambda: work.charge(10_000)) <= 10_010
    assert _counted(lambda: work.charge(0)) <= 5
    with pytest.raises(work.WorkExhausted):
        with work.work_limit(1_000):
            work.charge(5_000)
            [abs(-1) for _ in range(3)]
            (lambda: None)()      # the next counted call acts on the charge


def test_a_charge_outside_the_meter_counts_nothing():
    before = work.spent()
    work.charge(10 ** 9)
    assert work.spent() - before < 10


def test_a_polynomial_power_is_charged_by_its_degree():
    small = _counted(lambda: power(arb_poly([1, 1, 1]), 64))
    big = _counted(lambda: power(arb_poly([1, 1, 1]), 4096))
    assert small < 100 and big > 1000 * small
    assert power(arb_poly([1, 1]), 5).coeffs()[2] == 10


def test_the_kary_law_at_a_large_n_is_counted_in_work():
    units = _counted(lambda: kary_rr_delta_arb(arb(1) / 2, 3, 4096, arb(1)))
    assert units > 50_000          # the power of degree 8192, not a handful of calls


def test_the_interval_engine_meets_its_budget_on_a_long_integer_range():
    ev = load("interval").check(make_claim("t.kary", "kary_rr_delta(1/2, 3, n, 1) <= 1",
                                           n=Interval(1, 16384, integer=True)),
                                Config(engine_timeout=5))
    assert ev.verdict is not Verdict.REFUTED
    assert ev.data.get("budget_spent", 0) <= 5.5


def test_rademacher_tail_far_out_is_a_ball_not_12_gb():
    n = EXACT_BINOMIALS + 1
    v = rademacher_tail(n, arb(1))
    # P(S_n / sqrt(n) >= 1) tends to Q(1) = 0.158655...; the binomial tail is within 0.01
    assert v.rad() < 1e-9 and abs(v.mid() - arb("0.158655")) < 0.01
    big = rademacher_tail(10 ** 6, arb(1))
    assert big.rad() < 1e-9 and abs(big.mid() - arb("0.158655")) < 0.002
    # the exact binomials and the balls agree where they meet: H >= (sqrt(n) + n)/2 heads
    exact = rademacher_tail(EXACT_BINOMIALS, arb(1))
    assert abs(exact.mid() - v.mid()) < 0.01
