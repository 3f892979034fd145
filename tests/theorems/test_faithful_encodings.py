"""Encodings faithful to the text, and verdict lines that name what was decided (issue 29,
items 1 and 3): the two hidden findings decided on the source's domain, the drifted
encodings (a heading's "Optimal", "O(k) better", a different implication, a hand
substitution), and the claims decided at k = 2, on a family or through a reduction argued
in a note."""

import mpmath
import pytest
import sympy
from flint import ctx

from dpproof.expr.vocabulary import (cyik16_series, hockey_stick, moment2, normal_abs_dev,
                                     normal_product_pdf)
from dpproof.lowering import arb_ball, lower
from dpproof.loader import load_targets
from dpproof.runner import flatten

CLAIMS = {c.id: c for c in flatten(load_targets(None))}
Q = sympy.Rational


def _iv(cid, name):
    return dict(CLAIMS[cid].domain.params)[name]


def _margin_at(cid, point):
    """The claim's margin (holds iff >= 0) at an exact point, as a 128-bit ball."""
    c = CLAIMS[cid]
    with ctx.workprec(128):
        f = lower(c.statement.margin(), c.domain.names, "arb")
        return f(*[arb_ball(Q(point[n])) for n in c.domain.names])


# ------------------------------------------------------------ osgt22.summary.less_noise
def _mp_variances(e, d, m=3):
    """(OSGT E[Y^2], Gaussian sigma^2) reaching H_e = d at shift 1, by mpmath from the
    densities: the OSGT's log-ratio decreases in y, so H_e = F(y*) - e^e F(y* - 1)."""
    e, d = mpmath.mpf(e), mpmath.mpf(d)
    Phi = lambda x: mpmath.erfc(-x / mpmath.sqrt(2)) / 2                      # noqa: E731

    def F(y, s):                   # OSGT(0, s, m) cdf
        return Phi((y - m) / s) / (2 * Phi(-m / s)) if y <= 0 else 1 - F(-y, s)

    def h_osgt(s):
        lr = lambda y: -(2 * y - 1) / (2 * s**2) - m * (abs(y) - abs(y - 1)) / s**2  # noqa
        y = mpmath.findroot(lambda y: lr(y) - e, (-1e4, 1e4), solver="bisect")
        return F(y, s) - mpmath.exp(e) * F(y - 1, s)

    h_gauss = lambda s: Phi(1 / (2 * s) - e * s) - mpmath.exp(e) * Phi(-1 / (2 * s) - e * s)  # noqa
    so = mpmath.findroot(lambda s: h_osgt(s) - d, (0.5, 100), solver="bisect")
    sg = mpmath.findroot(lambda s: h_gauss(s) - d, (0.5, 100), solver="bisect")
    k = lambda p: mpmath.quad(lambda y: y**p * mpmath.exp(-y**2 / (2 * so**2) - abs(y) * m / so**2),
                              [-mpmath.inf, 0, mpmath.inf])                  # noqa: E731
    return k(2) / k(0), sg**2


def test_less_noise_is_decided_on_the_sources_domain():
    c = CLAIMS["osgt22.summary.less_noise"]
    eps, delta = _iv(c.id, "eps"), _iv(c.id, "delta")
    assert (eps.lo, eps.lo_open, eps.hi) == (0, True, None)
    assert (delta.lo, delta.hi, delta.lo_open, delta.hi_open) == (0, 1, True, True)
    assert c.extent == "" and c.statement.rel == "<"
    rep = CLAIMS["osgt22.summary.less_noise.repaired"]
    assert "delta = 1e-10" in rep.extent and "false on the source's domain" in rep.note
    assert _iv("osgt22.summary.less_noise.small_eps", "eps").hi == Q(1, 1000)


@pytest.mark.parametrize("e, d, osgt, gauss", [
    ("0.1", "0.04", 28.83, 26.04), ("0.05", "0.1", 14.76, 10.81), ("0.01", "0.3", 2.50, 1.64)])
def test_less_noise_counterexamples_by_mpmath(e, d, osgt, gauss):
    with mpmath.workdps(30):
        vo, vg = _mp_variances(e, d)
    assert abs(vo - osgt) < 0.01 and abs(vg - gauss) < 0.01 and vo > vg


def test_less_noise_witness_is_certified_by_the_oracles():
    """The engines' witness (eps, delta) = (1, 1/2): margin -0.0540 in balls, as mpmath."""
    m = _margin_at("osgt22.summary.less_noise", {"eps": 1, "delta": Q(1, 2)})
    assert m < 0 and abs(float(m.mid()) + 0.0540122123) < 1e-8
    with mpmath.workdps(30):
        vo, vg = _mp_variances(1, 0.5)
    assert abs(float(vg - vo) - float(m.mid())) < 1e-8


# ------------------------------------------------------------ adp_notes.accuracy.gauss.rate
def test_gauss_rate_is_checkable_with_an_explicit_constant():
    c = CLAIMS["adp_notes.accuracy.gauss.rate"]
    assert c.checkable and c.statement.rel == "<="
    assert c.statement.lhs.func is normal_abs_dev                # E|N| from the density
    assert 100 in c.statement.rhs.atoms(sympy.Integer)
    assert _iv(c.id, "n").hi is None and _iv(c.id, "eps").hi == 1
    assert dict(c.derived) == {"k": 1}


def test_gauss_rate_fails_beyond_n_pi_c2_over_2():
    """E|N| / (k/(n eps)) = sqrt(4 n log(1/delta)/pi) against 100 sqrt(2 log(1/delta)): the
    witness found by the engines (n, eps, delta) = (250000, 1/4, 1/2) and the threshold."""
    at = lambda n: _margin_at("adp_notes.accuracy.gauss.rate",         # noqa: E731
                              {"n": n, "eps": Q(1, 4), "delta": Q(1, 2)})
    assert at(250000) < 0 and at(15707) > 0 and at(15708) < 0      # pi 10^4/2 = 15707.96
    with mpmath.workdps(30):
        n, e, L = 250000, mpmath.mpf(1) / 4, mpmath.log(2)
        sigma = mpmath.sqrt(2 * L / (n * e**2))
        mean_abs = mpmath.quad(lambda z: abs(z) * mpmath.npdf(z, 0, sigma), [-mpmath.inf, 0, mpmath.inf])
        assert mean_abs / (1 / (n * e)) > 100 * mpmath.sqrt(2 * L)


def test_gauss_rate_repaired_has_n_squared():
    c = CLAIMS["adp_notes.accuracy.gauss.rate.repaired"]
    assert c.statement.rel == "==" and c.statement.lhs.has(moment2)
    n = next(s for s in c.statement.free_symbols if s.name == "n")
    normal = next(a for a in c.statement.lhs.atoms(sympy.Function) if a.func is moment2).args[0]
    assert sympy.degree(sympy.denom(sympy.together(normal.args[1]**2)), n) == 2
    assert all(_iv(c.id, x).hi is None for x in ("k", "n", "eps", "ell"))


# ------------------------------------------------------------ drifted encodings
def test_balle_wang_is_the_printed_dp_theorem_and_optimal_the_heading():
    main, opt = CLAIMS["adp_notes.gauss.balle_wang"], CLAIMS["adp_notes.gauss.balle_wang.optimal"]
    assert main.statement.rel == "<=" and opt.statement.rel == "=="
    assert main.statement.rhs == opt.statement.rhs                     # the printed delta
    assert main.statement.rhs.has(sympy.exp(-sympy.Symbol("eps", real=True)))
    assert str(main.statement) == str(CLAIMS["adp_notes.gauss.balle_wang.dp"].statement)
    assert "heading" in opt.note and "Before issue 29" in main.note
    assert main.extent == "" and _iv(main.id, "sigma").hi is None


def test_o_k_better_is_an_order_and_its_repair_is_not_a_tautology():
    c = CLAIMS["adp_notes.accuracy.ratio"]
    assert c.statement.rel == ">=" and _iv(c.id, "k").hi is None
    k = next(s for s in c.statement.free_symbols if s.name == "k")
    assert sympy.simplify(c.statement.lhs - sympy.sqrt(k)) == 0
    assert c.statement.rhs == k / 100
    assert _margin_at(c.id, {"k": 9999, "n": 1, "eps": 1}) > 0          # k <= 100^2 holds
    assert _margin_at(c.id, {"k": 10001, "n": 1, "eps": 1}) < 0
    rep = CLAIMS["adp_notes.accuracy.ratio.repaired"]
    assert rep.statement.lhs.has(moment2)                              # from the densities
    assert sympy.simplify(rep.statement.lhs - rep.statement.rhs) != 0  # not sqrt(k) == sqrt(k)
    m = _margin_at(rep.id, {"k": 7, "n": 3, "eps": Q(1, 2), "ell": Q(5, 2)})
    assert m.contains(0) and m.rad() < 1e-20


def test_odds_claim_is_the_stated_implication_for_every_mechanism():
    """The premise e^-eps <= pa/pb <= e^eps as the region pa = pb e^(u eps), u in [-1, 1]
    (every pair of densities it allows); the posterior by Bayes' rule: PROVED."""
    from dpproof.engines.exact import engine as symbolic
    from dpproof.engines.base import Config
    c = CLAIMS["wasserman.dp.odds"]
    assert not c.statement.hypotheses
    assert {s.name for s in c.statement.free_symbols} == {"eps", "prior", "pb", "u"}
    assert all(_iv(c.id, x).hi is None for x in ("eps", "pb")) and c.extent == ""
    assert (_iv(c.id, "u").lo, _iv(c.id, "u").hi) == (-1, 1)
    assert not c.statement.lhs.has(hockey_stick)
    assert symbolic.check(c, Config()).verdict.value == "PROVED"
    lap = CLAIMS["wasserman.dp.odds.laplace"]
    assert lap.extent.startswith("over the family (the eps-DP Laplace mechanism")
    assert "premise" in lap.extent
    assert CLAIMS["wasserman.dp.odds.rr"].extent.startswith("over the family (eps-DP binary")


def test_odds_conclusion_fails_without_its_premise():
    """A density ratio e^(2 eps) (u = 2, outside the premise) breaks the bound, and the claim
    widened to u in [-2, 2] is not PROVED: the premise carries the content."""
    from dataclasses import replace

    from dpproof.claims import Domain, Interval
    from dpproof.engines.exact import engine as symbolic
    from dpproof.engines.base import Config
    c = CLAIMS["wasserman.dp.odds"]
    f = lower(c.statement.margin(), c.domain.names, "arb")
    args = dict(eps=Q(1, 2), prior=Q(1, 3), pb=1, u=Q(1, 2))
    assert f(*[arb_ball(Q(args[n])) for n in c.domain.names]) >= 0
    args["u"] = 2
    assert f(*[arb_ball(Q(args[n])) for n in c.domain.names]) < 0
    wide = replace(c, domain=Domain.of(**{n: (Interval.closed(-2, 2) if n == "u" else iv)
                                          for n, iv in c.domain.params}))
    assert symbolic.check(wide, Config()).verdict.value != "PROVED"


def test_renyi_split_proves_its_substitution_and_checks_it_pointwise():
    c = CLAIMS["azize23.alg1.renyi_split"]
    assert c.extent == "over every law (the calculus: monotonicity, proportional)"
    assert [s.rule for s in c.proof.root.children] == ["monotonicity", "monotonicity"]
    pw = CLAIMS["azize23.alg1.renyi_split.pointwise"]
    assert pw.statement.lhs.has(normal_product_pdf) and pw.statement.rhs.has(cyik16_series)
    assert pw.domain.instance_count == 24


# ------------------------------------------------------------ verdict lines
@pytest.mark.parametrize("cid, words", [
    ("osgt22.kdim.density.k2", ("k = 2", "by induction on k")),
    ("adp_notes.accuracy.sensitivities.k2", ("k = 2", "by induction on k")),
    ("adp_notes.accuracy.sensitivities.l2.k2", ("k = 2",)),
    ("adp_notes.accuracy.sensitivities.attained.k2", ("k = 2",)),
    ("adp_notes.accuracy.laplace.coordinate", ("one coordinate", "adp_notes.accuracy.laplace")),
    ("adp_notes.accuracy.gauss.repaired", ("k <= 4, n <= 5", "argued in the note")),
    ("wasserman.ks.sensitivity.one_record", ("argued in the note", "checked")),
    ("wasserman.series.dp.repaired", ("m <= 8", "argued in the note")),
    ("cesar_rogers21.lemma3_2.cdp.family", ("the Gaussian mechanism only",)),
])
def test_narrowed_verdict_lines_say_what_was_decided(cid, words):
    extent = CLAIMS[cid].extent
    assert extent.startswith("on a truncated box (")
    for w in words:
        assert w in extent


def test_thm1_names_its_family_and_that_optimality_is_cited():
    extent = CLAIMS["cesar_rogers21.thm1"].extent
    assert extent.startswith("over the family (the k-fold product of eps-DP randomized response")
    assert "cited" in extent
