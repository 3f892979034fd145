"""Black-box implementation functions: exact float results, never CERTIFIED, errors recorded."""

import math

import pytest
import sympy
from flint import arb, ctx, fmpq

from dpproof.claims import Claim, Domain, Interval, Kind, Source, Statement
from dpproof.engines.base import Config
from dpproof.evidence import Evidence, Verdict, assess
from dpproof.expr.blackbox import BlackBoxError, black_box, float_ball, nearest_double
from dpproof.oracles.functions import subsampled_gaussian_rdp
from dpproof.runner import check_claim

SRC = Source("test", "test", "here")
CFG = Config(search_examples=30, grid=3, engine_timeout=20, timeout=40)


def test_nearest_double_and_exact_float_balls():
    with ctx.workprec(128):
        assert nearest_double(arb(fmpq(1, 10))) == 0.1
        assert nearest_double(arb(fmpq(1, 10)).union(arb(fmpq(1, 9)))) is None
        b = float_ball(0.1)
        assert b.is_exact() and b.mid() == arb(0.1)
        assert not float_ball(math.nan).is_finite()
        assert float_ball(math.inf) > 10**300


def _claim(bb, rel, true, domain, cid="t"):
    x = sympy.Symbol("x", positive=True)
    return Claim(cid, SRC, Statement(bb(x), rel, true(x)), domain, Kind.INEQUALITY)


def test_true_black_box_at_a_point_is_supported_never_certified():
    exact = black_box("test.half", lambda x: x / 2, 1)  # x/2 is exact in floats for x = 3/4
    c = _claim(exact, ">=", lambda x: x / 2, Domain.of(x=Interval.point(sympy.Rational(3, 4))))
    assert c.black_box == ("test.half",)
    a = check_claim(c, CFG)
    assert a.verdict is Verdict.SUPPORTED
    assert "black box" in a.scope
    assert any(e.verdict is Verdict.CERTIFIED for e in a.evidence)  # the engine's own word


def test_assess_caps_certified_and_proved_for_black_boxes():
    bb = black_box("test.id", lambda x: x, 1)
    c = _claim(bb, ">=", lambda x: x - 1, Domain.of(x=Interval.closed(0, 1)))
    for v in (Verdict.CERTIFIED, Verdict.PROVED):
        swept = {"cross_examination": "swept"}
        assert assess(c, [Evidence("interval", v, "d", scope="whole", data=swept)]
                      ).verdict is Verdict.SUPPORTED


def test_non_conservative_implementation_is_refuted_with_certified_witness():
    low = black_box("test.low", lambda x: x * (1 - 1e-6), 1)
    c = _claim(low, ">=", lambda x: x, Domain.of(x=Interval.closed(1, 2)))
    a = check_claim(c, CFG)
    assert a.verdict is Verdict.REFUTED
    x = sympy.Rational(a.witness["x"])
    assert float(x) * (1 - 1e-6) < x  # the witness really violates


def test_rounding_of_a_correct_formula_is_not_a_finding_with_slack():
    # sqrt in floats is correctly rounded: it may be 1/2 ulp below the truth
    bb = black_box("test.sqrt", math.sqrt, 1)
    x = sympy.Symbol("x", positive=True)
    c = Claim("s", SRC, Statement(bb(x), ">=", sympy.sqrt(x) * (1 - sympy.Rational(1, 10**9))),
              Domain.of(x=Interval.closed(1, 100)), Kind.INEQUALITY)
    assert check_claim(c, CFG).verdict is Verdict.SUPPORTED


def test_exceptions_of_the_callable_are_recorded_as_errors():
    def boom(x):
        raise ValueError("bad input")
    bb = black_box("test.boom", boom, 1)
    with pytest.raises(BlackBoxError, match="test.boom.*bad input"):
        bb.arb_impl(arb(1))
    c = _claim(bb, ">=", lambda x: x, Domain.of(x=Interval.point(1)))
    a = check_claim(c, CFG)
    assert a.verdict is Verdict.ERROR
    assert "bad input" in a.scope


def test_black_boxes_are_not_in_the_claims_file_vocabulary():
    from dpproof.expr.functions import REGISTRY
    black_box("test.hidden", abs, 1)
    assert not any(n.startswith("bb_") for n in REGISTRY)
    assert "subsampled_gaussian_rdp" in REGISTRY and "dpsgd_eps" in REGISTRY


def test_library_callable_against_certified_oracle_at_a_point():
    rdp = pytest.importorskip("dp_accounting.rdp.rdp_privacy_accountant")
    bb = black_box("dp_accounting._compute_rdp_poisson_subsampled_gaussian",
                   lambda q, s, a: rdp._compute_rdp_poisson_subsampled_gaussian(q, s, [a])[0], 3)
    D = Domain.of(q=Interval.point(sympy.Rational(1, 256)), s=Interval.point(1),
                  a=Interval.point(8))
    q, s, a = (D.symbols()[n] for n in ("q", "s", "a"))
    c = Claim("dpa", SRC, Statement(bb(q, s, a), ">=", subsampled_gaussian_rdp(q, s, a)
                                    * (1 - sympy.Rational(1, 10**9))), D, Kind.INEQUALITY)
    assert check_claim(c, CFG).verdict is Verdict.SUPPORTED
