"""Every cut of a source's domain is named in the verdict line (issue 13, item 2).

The stop-24 audit found claims whose domain narrowed the source's (eps <= 20, the slides'
instance of a general formula, five mechanism pairs for a statement about every mechanism)
while the verdict line read as the stated domain.  These tests pin both halves of the fix:
claims widened to the source's range keep their unbounded ends, and the rest name their cut
in ``Claim.extent``."""

import pytest

from dpproof.loader import load_targets
from dpproof.runner import flatten

CLAIMS = {c.id: c for c in flatten(load_targets(None))}


def _interval(cid, name):
    return dict(CLAIMS[cid].domain.params)[name]


#: widened claims whose verdict line names a cut, a family or a reduction argued in the note
REDUCED = {"cesar_rogers21.thm1"}


@pytest.mark.parametrize("cid, name", [
    ("wasserman.laplace.dp", "eps"), ("wasserman.laplace.dp", "Delta"),
    ("wasserman.dp.odds", "eps"), ("wasserman.histogram.dp", "eps"),
    ("wasserman.histogram.dp.scale", "eps"), ("wasserman.laplace.sd.repaired", "lambda_"),
    ("adp_notes.accuracy.sensitivities", "n"), ("adp_notes.accuracy.sensitivities", "k"),
    ("adp_notes.accuracy.sensitivities.l2", "k"), ("adp_notes.accuracy.sensitivities.attained", "k"),
    ("adp_notes.accuracy.ratio.repaired", "k"),
    ("adp_notes.group_privacy.induction", "K"), ("adp_notes.remark3.sufficient.family", "eps"),
    ("adp_notes.name_and_shame.dp", "n"), ("adp_notes.name_and_shame.union", "n"),
    ("adp_notes.name_and_shame.union.approx", "n"),
    ("osgt22.delta.formula", "eps"), ("osgt22.kdim.density", "A"),
    ("azize23.alg2.groupwise_zcdp.repaired", "x"), ("azize23.alg2.groupwise_zcdp.repaired", "r"),
    ("azize23.alg2.groupwise_zcdp.repaired", "alpha"),
    ("osgt22.kdim.density", "k"), ("osgt22.kdim.density", "sigma"),
    ("cesar_rogers21.thm1", "k"), ("cesar_rogers21.thm1", "eps"),
    ("cesar_rogers21.thm1", "eps_g"), ("cesar_rogers21.alg2.delta", "s"),
    ("cesar_rogers21.alg2.delta", "sigma"), ("cesar_rogers21.lemma4_2", "C"),
    ("cesar_rogers21.lemma4_3", "C"),
])
def test_widened_claims_keep_the_sources_unbounded_range(cid, name):
    assert _interval(cid, name).hi is None
    if cid in REDUCED:        # k = 2, one bin, the formula only: the line says so (issue 29)
        assert CLAIMS[cid].extent.startswith(("on a truncated box (", "over the family ("))
    elif cid.startswith(("wasserman", "adp_notes.accuracy", "adp_notes.name_and_shame",
                       "azize23", "cesar_rogers21")):
        assert CLAIMS[cid].extent == ""          # and they are on the stated domain


@pytest.mark.parametrize("cid, words", [
    ("osgt22.rdp.exact.slides630", ("sigma^2 = 630", "m = 15", "alpha in [3/2, 32]")),
    ("osgt22.rdp.single_letter.k2", ("k = 2", "alpha <= 64")),
    ("osgt22.summary.better_rdp.repaired", ("alpha <= 1000",)),
    ("osgt22.summary.less_noise.repaired", ("delta = 1e-10",)),
    ("wasserman.expmech.dp.instances", ("KS distance", "eps in [1/10, 4]")),
    ("azize23.alg1.pv_moments.inv_not_integrable", ("s = 1", "2^-12")),
    ("azize23.alg1.pv_moments.inv_sq_no_pv", ("s = 1", "2^-12")),
    ("cesar_rogers21.lemma3_1.family", ("n <= 16",)),
    ("cesar_rogers21.lemma6_2.family", ("Delta_0 = 1", "b = e/4")),
    ("cesar_rogers21.eq5_6", ("k <= 3", "every eps > 0, eps_g >= 0")),
    ("cesar_rogers21.eq5_6.k6", ("k <= 6", "eps in [1/4, 2]")),
    ("cesar_rogers21.eq4.family", ("k = 3", "over every law: eq4")),
    ("cesar_rogers21.prop1.family", ("eps = 1", "over every law: prop1")),
    ("cesar_rogers21.lemma2_1.family", ("one exponential mechanism",)),
])
def test_narrowed_claims_name_their_cut_in_the_verdict_line(cid, words):
    extent = CLAIMS[cid].extent
    assert extent.startswith("on a truncated box (")
    for w in words:
        assert w in extent


@pytest.mark.parametrize("cid, names", [
    ("osgt22.delta.formula", ("eps", "sigma", "m")),
    ("osgt22.delta.formula.step2", ("eps", "sigma", "m")),
    ("osgt22.rdp.exact", ("alpha", "sigma", "m", "Delta")),
    ("osgt22.rdp.exact.step1", ("alpha", "sigma", "m", "Delta")),
])
def test_osgt_formulas_hold_for_every_sigma_m(cid, names):
    """Widened from the slides' instance sigma^2 = 40, m = 3 to the source's range."""
    assert CLAIMS[cid].extent == ""
    for name in names:
        iv = _interval(cid, name)
        assert iv.hi is None and iv.lo in (0, 1) and (iv.lo_open or name == "eps")


def test_a_worked_example_at_one_point_is_its_stated_domain():
    assert CLAIMS["osgt22.variance.example"].extent == ""
    assert CLAIMS["osgt22.summary.less_noise.instances"].extent.startswith("on 20 instances")


def test_a_family_claim_says_so_and_keeps_its_unbounded_parameters():
    claim = CLAIMS["wasserman.expmech.dp.family"]
    assert claim.extent.startswith("over the family (every exponential mechanism")
    for name in ("g", "a", "m0", "m1"):
        assert _interval("wasserman.expmech.dp.family", name).hi is None


def test_a_claim_reduced_to_a_finite_range_by_a_proved_reduction_says_how():
    claim = CLAIMS["wasserman.series.dp.repaired"]
    assert claim.extent.startswith("on a truncated box (m <= 8")    # the line names it
    assert "every m >= 1 by a proved reduction" in claim.note
    assert "psi_(j+8) = psi_j" in claim.note


def test_the_series_reduction_to_m_le_8_holds_where_it_is_used():
    """psi_(j+8) = psi_j on the data grid, and beyond m = 8 the exact loss at b = 1, n = 1
    (max over pairs of S_m) stays within 2 sqrt(2) m, as the reduction says."""
    import sympy
    from dpproof.oracles.mechanisms import _SERIES_GRID
    from dpproof.oracles.symbolic.mechanisms import _psi, cosine_series_loss
    grid = [sympy.Rational(g.numerator, g.denominator) for g in _SERIES_GRID]
    assert all(_psi(j + 8, x) == _psi(j, x) for j in range(1, 9) for x in grid)
    for m in range(9, 25):
        assert (2 * sympy.sqrt(2) * m - cosine_series_loss(1, m, 1)).is_nonnegative
    assert cosine_series_loss(1, 9, 1) == 10 * sympy.sqrt(2)   # S_9 = S_8 + S_1 at x, x' = 0, 1


@pytest.mark.parametrize("cid", ["adp_notes.remark3.sufficient.family",
                                 "adp_notes.recipe.family"])
def test_claims_about_every_mechanism_decided_over_shift_families(cid):
    claim = CLAIMS[cid]
    assert claim.extent.startswith("over the family (")
    for words in ("N(0,1)/N(mu,1)", "Laplace(0,1)/Laplace(mu,1)"):
        assert words in claim.extent
    mu = _interval(cid, "mu")
    assert (mu.lo, mu.lo_open, mu.hi) == (0, True, None)     # every shift mu > 0
    assert _interval(cid, "eps").hi is None
    assert not claim.narrowed
    assert "y -> (y - m)/s" in claim.note     # the scale reduction is said


@pytest.mark.parametrize("cid, family, names", [
    ("adp_notes.remark3.pure.rr", "eps0-DP randomized response", ("eps0",)),
    ("adp_notes.remark3.pure.finite", "every law of full support on 3 points", ("u", "v")),
])
def test_pure_dp_remark_over_discrete_families(cid, family, names):
    claim = CLAIMS[cid]
    assert claim.extent.startswith("over the family (" + family)
    for name in names:
        assert _interval(cid, name).hi is None
    assert "(-inf" in str(claim.domain) if "u" in names else "eps0 in [0, inf)" in str(claim.domain)


def test_an_undecided_family_keeps_the_pair_and_says_what_was_tried():
    claim = CLAIMS["adp_notes.remark3.pure.laplace"]
    assert claim.extent.startswith("on a truncated box (the pair Laplace(0,1)/(1,1); every "
                                   "law is adp_notes.remark3.pure")
    assert "tried over Laplace(0,1)/Laplace(mu,1)" in claim.note


@pytest.mark.parametrize("cid, words", [
    ("cesar_rogers21.lemma2_3", ("Gaussian mechanism", "rho")),
    ("cesar_rogers21.lemma3_4", ("compositions of Gaussian mechanisms",)),
    ("cesar_rogers21.def2_3.em_br", ("exponential mechanisms", "every finite outcome set",
                                     "every eps > 0")),
    ("cesar_rogers21.def2_3.em_br.three", ("exponential mechanisms", "three outcomes")),
    ("adp_notes.def.hockey_stick.family", ("every pair of laws of full support on 3 points",)),
])
def test_statements_about_every_mechanism_name_their_family(cid, words):
    c = CLAIMS[cid]
    assert c.extent.startswith("over the family (") and not c.narrowed
    assert c.domain.instance_count is None
    for w in words:
        assert w in c.extent


def test_kdim_density_every_k_by_induction():
    """osgt22.kdim.density on every k >= 1: base F_1 = f and step F_k = F_(k-1) F_1 as the
    two conjuncts (k >= 2 unbounded, A, B >= 0 the first k - 1 coordinates' norms); the step
    with S'^(k+1) is not an identity; the k = 2 encoding stays as .k2."""
    import sympy
    claim = CLAIMS["osgt22.kdim.density"]
    assert claim.extent == "" and claim.domain["k"].lo == 2 and claim.domain["k"].hi is None
    step = next(a for a in claim.statement.lhs.args
                if any(s.name == "A" for s in a.free_symbols))
    assert sympy.simplify(step.args[0]) == 0           # Abs(F_k - F_(k-1) F_1)
    from theorems.osgt22 import rdp
    wrong = (rdp.F_printed(rdp.nA + (rdp.yk - rdp.qk)**2, rdp.nB + sympy.Abs(rdp.yk - rdp.qk),
                           rdp.kk + 1)
             - rdp.F_printed(rdp.nA, rdp.nB, rdp.kk - 1)
             * rdp.F_printed((rdp.yk - rdp.qk)**2, sympy.Abs(rdp.yk - rdp.qk), 1))
    assert sympy.simplify(wrong) != 0
    from dpproof.engines.exact import engine as symbolic
    from dpproof.engines.base import Config, budgeted
    with budgeted(Config()):   # counted work, as in a run: a busy machine cannot stop it
        assert symbolic.check(claim, Config()).verdict.value == "PROVED"
    assert CLAIMS["osgt22.kdim.density.k2"].extent.startswith("on a truncated box (k = 2")


def test_ks_sensitivity_for_every_n_by_the_one_record_reduction():
    """wasserman.ks.sensitivity over every n >= 1 and continuous data: the premise of the
    reduction (n (F_x - F_z) = v + h_a, n (F_y - F_z) = v + h_b at every t) checked on
    datasets, and the witness's gap 1/n against direct ecdfs."""
    from fractions import Fraction
    claim = CLAIMS["wasserman.ks.sensitivity.one_record"]
    assert "argued in the note" in claim.extent and "by a proved reduction" in claim.note
    assert _interval("wasserman.ks.sensitivity.one_record", "n").hi is None
    assert _interval("wasserman.ks.sensitivity.one_record", "v").lo is None

    def ecdf(data, t):
        return Fraction(sum(1 for d in data if d <= t), len(data))

    def ks(a, b, grid):       # sup over t: the step functions jump only at data points
        return max(abs(ecdf(a, t) - ecdf(b, t)) for t in grid)

    x, y, z = (3, -1, 2, 2), (3, 5, 2, 2), (0, 4, 4)      # x ~ y: -1 -> 5
    for t in (-2, -1, 0, 2, 3, 4, 5, 6):
        n, shared = len(x), sum(1 for d in x[:1] + x[2:] if d <= t)
        v = shared - n * ecdf(z, t)
        assert n * (ecdf(x, t) - ecdf(z, t)) == v + (-1 <= t)
        assert n * (ecdf(y, t) - ecdf(z, t)) == v + (5 <= t)
    for n in (1, 2, 5, 9):
        xs, ys, zs = (0,) * n, (1,) + (0,) * (n - 1), (1, 1)
        grid = (-1, 0, Fraction(1, 2), 1, 2)
        assert ks(xs, zs, grid) - ks(ys, zs, grid) == Fraction(1, n)


def test_laplace_accuracy_for_every_k_by_the_coordinate_reduction():
    """adp_notes.accuracy.laplace over every k, n, eps: the coordinate losses (the claim's
    lhs, the oracle derived from the densities) of a shift with sum |s_i| = 1 add up to at
    most eps, and to eps where every y_i is on the favourable side (the bound is tight)."""
    import sympy
    from dpproof.lowering import arb_ball, lower
    claim = CLAIMS["adp_notes.accuracy.laplace.coordinate"]
    assert claim.extent.startswith("on a truncated box (one coordinate")
    assert "by a proved reduction to one coordinate" in claim.note
    for name in ("k", "n", "eps", "u"):
        assert _interval("adp_notes.accuracy.laplace.coordinate", name).hi is None
    lhs = lower(claim.statement.lhs, claim.domain.names, "arb")
    Q = sympy.Rational
    k, n, eps = 3, 7, Q(3, 2)
    shares = (Q(1, 2), Q(-1, 3), Q(1, 6))

    def loss(s, u):
        return lhs(*[arb_ball(Q(v)) for v in (k, n, eps, s, u)])
    worst = sum((loss(s, -1 if s > 0 else 1) for s in shares), arb_ball(Q(0)))
    assert (worst - arb_ball(eps)).contains(0) and worst.rad() < 1e-10
    for us in ((Q(1, 4), 0, 2), (-5, Q(1, 3), Q(1, 7)), (1, 1, 1)):
        total = sum((loss(s, u) for s, u in zip(shares, us)), arb_ball(Q(0)))
        assert total < arb_ball(eps)


def test_gauss_accuracy_for_every_k_n_by_the_monotone_reduction():
    """adp_notes.accuracy.gauss.repaired: decided on k <= 4, n <= 5, every k, n by the
    reduction to (1, 1): delta(eps; s, D) depends on D/s only, increases in r = D/s (its
    derivative is phi(r/2 - eps/r)), and r = eps/sqrt(2 n log(1/delta)) is free of k."""
    import sympy
    from dpproof.lowering import arb_ball, lower
    from dpproof.expr.vocabulary import gauss_delta
    claim = CLAIMS["adp_notes.accuracy.gauss.repaired"]
    assert claim.extent.startswith("on a truncated box (k <= 4, n <= 5")
    assert "every k, n >= 1 by a proved reduction" in claim.note
    e, r, s, D, k, n, L = sympy.symbols("e r s D k n L", positive=True)
    Phi = lambda x: (1 + sympy.erf(x / sympy.sqrt(2))) / 2          # noqa: E731
    phi = lambda x: sympy.exp(-x**2 / 2) / sympy.sqrt(2 * sympy.pi)  # noqa: E731
    delta_r = Phi(r / 2 - e / r) - sympy.exp(e) * Phi(-r / 2 - e / r)
    assert sympy.simplify(sympy.diff(delta_r, r) - phi(r / 2 - e / r)) == 0
    sig = sympy.sqrt(2 * k * L / (n * e**2))
    assert sympy.simplify((sympy.sqrt(k) / n) / sig - e / sympy.sqrt(2 * n * L)) == 0
    Q = sympy.Rational
    f = lower(gauss_delta(e, s, D), ("e", "s", "D"), "arb")
    val = lambda *p: f(*[arb_ball(Q(x)) for x in p])               # noqa: E731
    for eps_, s_, D_ in ((Q(1, 2), Q(3, 2), 1), (Q(1, 10), 2, Q(1, 3)), (1, Q(1, 2), Q(2, 5))):
        assert (val(eps_, s_, D_) - val(eps_, 5 * s_, 5 * D_)).contains(0)       # D/s only
    rs = [val(Q(1, 2), 1, Q(j, 4)) for j in range(1, 9)]
    assert all(a < b for a, b in zip(rs, rs[1:]))                                # increasing in r


def test_post_processing_every_matrix_by_the_merges():
    """adp_notes.post_processing over every stochastic K: the premise of the reduction --
    H_eps(KP||KQ) is convex in K and below the largest merge of the 3 points -- checked with
    the oracles (from the densities) on random 3 x 4 matrices and laws."""
    import random
    import sympy
    from dpproof.expr.vocabulary import Finite, Stochastic, hockey_stick
    from dpproof.lowering import arb_ball, lower
    from theorems.adp_notes.properties import MERGES
    claim = CLAIMS["adp_notes.post_processing.family"]
    assert claim.extent.startswith("over the family (every pair of laws of full support")
    assert "every K by a proved reduction" in claim.note and not claim.narrowed
    e = sympy.Symbol("eps", nonnegative=True)
    rng = random.Random(3)
    Q_ = sympy.Rational

    def H(P, Q, K=None):
        if K is not None:
            P, Q = Stochastic(P, *K), Stochastic(Q, *K)
        return lower(hockey_stick(P, Q, e), ("eps",), "arb")

    for _ in range(4):
        p = [Q_(rng.randint(1, 9)) for _ in range(3)]
        q = [Q_(rng.randint(1, 9)) for _ in range(3)]
        P, Q = Finite(*p), Finite(*q)
        K1 = [Q_(rng.randint(0, 5)) for _ in range(12)]
        K2 = [Q_(rng.randint(0, 5)) for _ in range(12)]
        for r in range(3):      # no zero row
            K1[4 * r] += 1
            K2[4 * r + 1] += 1
        row = lambda K, r: sum(K[4 * r:4 * r + 4])               # noqa: E731
        # the half-half mixture of the two row-normalised matrices
        mix = [(K1[i] / row(K1, i // 4) + K2[i] / row(K2, i // 4)) / 2 for i in range(12)]
        for eps in (Q_(0), Q_(1, 3), Q_(2)):
            x = arb_ball(eps)
            h_mix, h1, h2 = H(P, Q, mix)(x), H(P, Q, K1)(x), H(P, Q, K2)(x)
            assert h_mix <= (h1 + h2) / 2 + 1e-12                   # convex in K
            worst = max((H(P, Q, D)(x) for D in MERGES), key=lambda b: b.mid())
            assert h1 <= worst + 1e-12 and worst <= H(P, Q)(x) + 1e-12
