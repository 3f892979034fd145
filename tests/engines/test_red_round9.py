"""Red team, round 9 (docs/soundness-history.md): finite laws under density, cdf and loss_at
(a crash), products of normals (an ERROR), identities whose closed ranges both matter (no
derivation), false claims whose violation the numeric engine saw at one precision only (a
needle below 30 digits, a loss mass 1e-37 past its jump), strict bounds tight at an excluded
end, and a value at an end that is not the limit beside it (0^0, a false PROVED) -- with
their true twins."""

import sympy
from flint import arb

from dpproof.claims import Interval, Kind
from dpproof.engines.base import Config
from dpproof.oracles.distributions import Bernoulli, Normal, ProductDistribution
from dpproof.oracles.divergences.hockey_stick import hockey_stick
from dpproof.oracles.divergences.privacy_loss import (cdf_value, density_value,
                                                      loss_at_value)
from dpproof.oracles.symbolic import derive_claim
from dpproof.runner import check_claim
from tests.helpers import make_claim

R = sympy.Rational


def test_a_finite_law_has_a_mass_function_and_a_step_cdf():
    b = Bernoulli(arb(1) / 4)
    assert density_value(b, arb(1)) == arb(1) / 4 and density_value(b, arb(0)) == arb(3) / 4
    assert density_value(b, arb(1) / 2) == 0 and density_value(b, arb(2)) == 0
    ball = density_value(b, arb("1 +/- 0.1"))      # may be the outcome 1, or no outcome
    assert ball.contains(0) and ball.contains(arb(1) / 4) and not ball.contains(arb(3) / 4)
    assert cdf_value(b, arb(-1)) == 0 and cdf_value(b, arb(1) / 2) == arb(3) / 4
    assert cdf_value(b, arb(1)) == 1
    assert loss_at_value(b, Bernoulli(arb(1) / 2), arb(1)).overlaps((arb(1) / 2).log())


def test_claims_on_finite_laws_are_decided_not_errors():
    p, y = Interval(0, 1), Interval(R(3, 10), R(17, 10))
    cdf = make_claim("t.cdf", "cdf(Bernoulli(p), 1/2) == 1 - p", Kind.IDENTITY, p=p)
    mass = make_claim("t.mass", "density(Bernoulli(p), 1) == p", Kind.IDENTITY, p=p)
    false = make_claim("t.mass_f", "density(Bernoulli(1/2), y) <= 0", y=y)
    assert check_claim(cdf, Config()).verdict.name == "PROVED"
    assert check_claim(mass, Config()).verdict.name == "PROVED"
    got = check_claim(false, Config())
    assert got.verdict.name == "REFUTED" and sympy.Rational(got.witness["y"]) == 1


def test_an_identity_whose_two_closed_ranges_both_matter_derives():
    # p in [0, 1] needs both ends' facts; eps's half-maps leave exp(2t/(1 + t)) in each form
    st = make_claim("t.smb", "signed_mass_below(Bernoulli(p), Bernoulli(1/2), eps, 0) == "
                    "1 - p - exp(eps)/2", Kind.IDENTITY, p=Interval(0, 1), eps=Interval(0, 2))
    derived, _ = derive_claim(st.statement, st.domain)
    assert sympy.simplify(derived.lhs - derived.rhs) == 0


def test_the_hockey_stick_of_normal_products_is_a_gaussian_shift():
    eps = arb(1) / 2
    two = [ProductDistribution((Normal(arb(m), arb(1)), Normal(arb(m), arb(1)))) for m in (0, 1)]
    one = hockey_stick(Normal(arb(0), arb(1)), Normal(arb(2).sqrt(), arb(1)), eps)
    assert hockey_stick(*two, eps).overlaps(one) and one.rad() < 1e-10
    true = make_claim("t.prod", "hockey_stick(ProductOf(Normal(0, 1), Normal(0, 1)), "
                      "ProductOf(Normal(1, 1), Normal(1, 1)), eps) == Phi(sqrt(2)/2 - "
                      "eps/sqrt(2)) - exp(eps)*Phi(-sqrt(2)/2 - eps/sqrt(2))", Kind.IDENTITY,
                      eps=Interval(0, 3))
    false = make_claim("t.prod_f", "hockey_stick(ProductOf(Normal(0, 1), Normal(0, 1)), "
                       "ProductOf(Normal(1, 1), Normal(1, 1)), eps) == Phi(1 - eps/2) - "
                       "exp(eps)*Phi(-1 - eps/2)", Kind.IDENTITY, eps=Interval(0, 3))
    assert check_claim(true, Config()).verdict.name == "PROVED"
    assert check_claim(false, Config()).verdict.name == "REFUTED"


def test_a_scale_given_as_a_parameter_is_left_to_the_derivation():
    s = arb("1 +/- 0.1")    # a box of the parameter: not certainly one scale in balls
    P, Q = (ProductDistribution((Normal(arb(m), s), Normal(arb(m), s))) for m in (0, 1))
    assert not hockey_stick(P, Q, arb(0)).is_finite()
    claim = make_claim("t.prod_s", "hockey_stick(ProductOf(Normal(0, s), Normal(0, s)), "
                       "ProductOf(Normal(1, s), Normal(1, s)), eps) == Phi(sqrt(2)/(2*s) - "
                       "eps*s/sqrt(2)) - exp(eps)*Phi(-sqrt(2)/(2*s) - eps*s/sqrt(2))",
                       Kind.IDENTITY, eps=Interval(0, 3), s=Interval(R(1, 2), 2))
    assert check_claim(claim, Config()).verdict.name == "PROVED"


def test_unequal_scales_in_a_product_are_refused_by_name():
    P = ProductDistribution((Normal(arb(0), arb(1)), Normal(arb(0), arb(1))))
    Q = ProductDistribution((Normal(arb(1), arb(1)), Normal(arb(1), arb(2))))
    try:
        hockey_stick(P, Q, arb(0))
    except TypeError as e:
        assert "one scale per coordinate" in str(e)
    else:
        raise AssertionError("unequal scales were not refused")


NUMERIC = Config(engines=("numeric",))


def test_a_violation_seen_at_one_precision_is_certified_by_the_numeric_engine():
    # log 1.5 = 0.40546510810816438197801311546434913657...: the end lies 2e-38 past it,
    # where bad_mass drops from 3/4 to 0; 30 digits round the end onto the jump
    past = make_claim("t.bad", "bad_mass(Bernoulli(3/4), Bernoulli(1/2), eps) >= 3/4",
                      eps=Interval(0, R("0.4054651081081643819780131154643491366")))
    got = check_claim(past, NUMERIC)
    assert got.verdict.name == "REFUTED"
    assert got.witness == {"eps": "0.4054651081081643819780131154643491366"}
    before = make_claim("t.bad_twin", "bad_mass(Bernoulli(3/4), Bernoulli(1/2), eps) >= 3/4",
                        eps=Interval(0, R("0.4054651081081643819780131154643")))
    assert check_claim(before, NUMERIC).verdict.name == "SUPPORTED"
    # dawson(x) = 1/(2x) at x0 = 0.924138873004591767012823271504345975696...; the end
    # lies 7.6e-35 below it, a violation of 4.4e-35 that 30 digits do not see
    needle = make_claim("t.dawson", "dawson(x) >= 1/(2*x)",
                        x=Interval(R("0.9241388730045917670128232715043459"), None))
    got = check_claim(needle, NUMERIC)
    assert got.verdict.name == "REFUTED" and got.witness["x"].startswith("0.92413887300459")
    twin = make_claim("t.dawson_twin", "dawson(x) >= 1/(2*x)",
                      x=Interval(R("0.924138873004591767012823271504345976"), None))
    assert check_claim(twin, NUMERIC).verdict.name != "REFUTED"


def test_an_identity_false_by_1e_34_at_a_corner_is_refuted_not_a_memory_blow_up():
    # log(2/3) = -0.405465108108164381978013115464349...: the end lies 1.4e-33 below it,
    # where the hockey-stick has a third term, 1.7e-34; sympy once built 3/2 to a
    # 35-digit rational power comparing the Max's arguments (12 GB)
    text = ("hockey_stick(Finite(1, 2, 3, 4), Finite(4, 3, 2, 1), eps) == "
            "max(3/10 - exp(eps)*2/10, 0) + max(4/10 - exp(eps)/10, 0)")
    false = make_claim("t.corner", text, Kind.IDENTITY,
                       eps=Interval(R("-0.40546510810816438197801311546435"), 2))
    got = check_claim(false, Config())
    assert got.verdict.name == "REFUTED"
    assert got.witness == {"eps": "-0.40546510810816438197801311546435"}
    true = make_claim("t.corner_twin", text, Kind.IDENTITY,
                      eps=Interval(R("-0.40546510810816438197801311546434"), 2))
    assert check_claim(true, Config()).verdict.name == "PROVED"


SYMBOLIC = Config(engines=("symbolic",))


def test_strict_at_an_end_the_domain_leaves_out_is_proved():
    # tight at the excluded end: e(end) = 0 and e strictly monotone away from it
    for text, dom in (("exp(x) > 1 + x", Interval(0, 1, lo_open=True)),
                      ("log(x) < x - 1", Interval(0, 1, lo_open=True, hi_open=True)),
                      ("x*(1 - x) > 0", Interval(0, 1, lo_open=True, hi_open=True))):
        got = check_claim(make_claim("t.open", text, x=dom), SYMBOLIC)
        assert got.verdict.name == "PROVED", text
    # twins: the end included, where the strict bound fails (0 > 0)
    for text, dom in (("exp(x) > 1 + x", Interval(0, 1)),
                      ("log(x) < x - 1", Interval(0, 1, lo_open=True)),
                      ("x*(1 - x) > 0", Interval(0, 1, lo_open=True))):
        got = check_claim(make_claim("t.closed", text, x=dom), Config())
        assert got.verdict.name == "REFUTED", text


def test_a_piecewise_condition_known_only_as_nonnegative_splits_at_its_zero():
    # tv of two Laplace laws is derived with Piecewise((..., mu/b > 0), (0, True)): mu/b >= 0
    # holds on the box, yet the branch taken at mu = 0 differs
    dom = {"b": Interval(R(1, 2), 4), "mu": Interval(0, 3)}
    true = make_claim("t.tv", "tv(Laplace(0, b), Laplace(mu, b)) == 1 - exp(-mu/(2*b))",
                      Kind.IDENTITY, **dom)
    got = check_claim(true, SYMBOLIC)
    assert got.verdict.name == "PROVED" and "case mu = 0" in got.evidence[0].detail
    false = make_claim("t.tv_f", "tv(Laplace(0, b), Laplace(mu, b)) == 1 - exp(-mu/b)",
                       Kind.IDENTITY, **dom)
    assert check_claim(false, Config()).verdict.name == "REFUTED"


def test_a_value_at_an_end_that_is_not_the_limit_proves_nothing():
    # red round 9: sympy's 0^0 = 1 makes x^(c/(log(3) log(x))) 1 at x = 0, though it is
    # exp(c/log 3) = 1 - 9.1e-401 at every x > 0: each bound fails on (0, 9.1e-401]
    c = "(-1/(10^400*log(3)*log(x)))"
    for text in (f"x^{c} > 1 - x", f"x^{c} > 1 - x - x^2", f"x^{c} >= 1 - x"):
        got = check_claim(make_claim("t.end", text, x=Interval(0, R(1, 2), lo_open=True)),
                          SYMBOLIC)
        assert got.verdict.name not in ("PROVED", "CERTIFIED"), text
    flipped = make_claim("t.end_hi", "(1 - x)^(-1/(10^400*log(3)*log(1 - x))) > x",
                         x=Interval(R(1, 2), 1, hi_open=True))
    assert check_claim(flipped, SYMBOLIC).verdict.name not in ("PROVED", "CERTIFIED")


def test_a_finite_laws_cdf_past_its_last_outcome_is_exactly_one():
    """The normalised masses of Finite(1, 2, 3) sum to a ball around 1; the cdf past the last
    outcome is 1 exactly (a law's masses sum to 1), and below it the two sums meet."""
    from dpproof.oracles.distributions.discrete import Discrete
    d = Discrete((arb(1) / 6, arb(2) / 6, arb(3) / 6))
    assert d.cdf(arb(2)) == 1 and d.cdf(arb(7)) == 1 and d.cdf(arb(-1)) == 0
    assert d.cdf(arb(1)) == arb(1) / 2 and d.cdf(arb(0)).overlaps(arb(1) / 6)
    false = make_claim("t.cdf_one", "cdf(Finite(1, 2, 3), 2) < 1")
    true = make_claim("t.cdf_one_t", "cdf(Finite(1, 2, 3), 2) >= 1")
    assert check_claim(false, Config()).verdict.name == "REFUTED"
    assert check_claim(true, Config()).verdict.name in ("PROVED", "CERTIFIED")


def test_the_loss_at_a_point_of_zero_mass_is_undefined_there():
    """log(0): the claim is an ERROR naming the point (the contract for undefined terms), not
    an INCONCLUSIVE 'not enclosed'; where both masses are > 0 it is decided."""
    zero = make_claim("t.loss0", "loss_at(Finite(1, 0, 1), Finite(1, 1, 1), 1) <= 1")
    got = check_claim(zero, Config())
    assert got.verdict.name == "ERROR"
    assert any("log-mass at y = 1" in e.detail for e in got.evidence)
    fine = make_claim("t.loss1", "loss_at(Finite(1, 2, 1), Finite(1, 1, 1), 1) <= 1")
    assert check_claim(fine, Config()).verdict.name in ("PROVED", "CERTIFIED")   # log 2 - ...
