"""The adp_notes encoding: catalogue coverage, its oracles on known cases, closed forms."""

import mpmath
import pytest
import sympy
from flint import arb, ctx

from dpproof.lowering import arb_ball, at_precision, lower
from dpproof.oracles import distributions as dist
from dpproof.oracles.distributions import transforms as T
from dpproof.oracles.divergences import privacy_loss as PL
from dpproof.oracles.divergences import hockey_stick
from dpproof.runner import flatten
from theorems import adp_notes

from ._catalogue import THEOREMS_MD, catalogue_ids, claim_ids

pytestmark = pytest.mark.skipif(not THEOREMS_MD.exists(), reason="docs/catalogue.md missing")


def test_every_catalogue_id_exactly_once():
    ids = claim_ids(adp_notes.CLAIMS)
    expected = catalogue_ids("adp_notes")
    assert len(expected) == 18
    for cid in expected:
        assert ids.count(cid) == 1, cid
    assert len(ids) == len(set(ids))


def test_module_is_data():
    assert adp_notes.SOURCE_FILE == "001_78cbe2bf09a5abad.txt"
    assert "Balle" in adp_notes.__doc__


def _claim(cid):
    return next(c for c in flatten(adp_notes.CLAIMS) if c.id == cid)


def _eval(expr, names, values, prec=128):
    f = lower(expr, names, "arb")
    with at_precision(prec):
        return f(*[arb_ball(v) for v in values])


def close(ball, value, rel=1e-20):
    """The ball's midpoint is within rel (relative) of an independent mpmath value."""
    v = mpmath.mpf(value)
    m = mpmath.mpf(ball.mid().str(40, radius=False))
    return abs(m - v) <= rel * abs(v) and ball.rad() <= 1e-20 * abs(float(v)) + 1e-300


@pytest.fixture(autouse=True)
def _prec():
    with ctx.workprec(128):
        yield


def test_hs_events_equals_definition_on_finite_laws():
    P = T.finite(arb(1), arb(2), arb(3), arb(4))
    Q = T.finite(arb(4), arb(3), arb(2), arb(1))
    for e in (arb(0), arb("0.3"), arb(2)):
        ev = PL.hs_events_value(P, Q, e)
        # by hand: sup_A = sum of positive parts
        with mpmath.workdps(50):
            ee = mpmath.e ** mpmath.mpf(e.mid().str(40, radius=False))
            p, q = ["0.1", "0.2", "0.3", "0.4"], ["0.4", "0.3", "0.2", "0.1"]
            want = sum(max(mpmath.mpf(a) - ee * mpmath.mpf(b), 0) for a, b in zip(p, q))
        assert close(ev, want)
        assert ev.overlaps(hockey_stick(P, Q, e))


def test_name_and_shame_delta_and_losses():
    d = arb(1) / 8
    P, Q = T.name_shame(d, 3, 0), T.name_shame(d, 3, 1)
    assert hockey_stick(P, Q, arb(0)).overlaps(d)
    assert PL._loss_mass(P, Q, arb(5), True).overlaps(d)      # only the infinite loss
    assert PL._loss_mass(P, Q, arb(5), False).overlaps(d)
    with pytest.raises(ValueError):  # a non-integer n never builds a distribution
        T.NameShame.arb_impl(d, arb(1).union(arb(2)), arb(0))


def test_bad_mass_and_loss_tail_gaussian_closed_form():
    s, e = arb(2).sqrt(), arb("0.5")
    P, Q = dist.Normal(arb(0), s), dist.Normal(arb(1), s)
    with mpmath.workdps(50):
        sg, ee = mpmath.sqrt(2), mpmath.mpf("0.5")
        ystar = mpmath.mpf("0.5") - ee * 2          # loss > eps iff y < Delta/2 - eps s^2
        ylow = mpmath.mpf("0.5") + ee * 2           # loss < -eps iff y > Delta/2 + eps s^2
        bad = mpmath.ncdf(ystar / sg)
        tail = bad + 1 - mpmath.ncdf(ylow / sg)
    assert close(PL._loss_mass(P, Q, e, False), bad)
    assert close(PL._loss_mass(P, Q, e, True), tail)
    assert PL._loss_mass(P, Q, e, False).rad() < 1e-30


def test_bad_mass_treacherous_tiny_tail():
    # eps = 40, sigma = 1: P(Bad) = Phi(-39.5) ~ 1e-341, far below double precision
    P, Q = dist.Normal(arb(0), arb(1)), dist.Normal(arb(1), arb(1))
    v = PL._loss_mass(P, Q, arb(40), False)
    with mpmath.workdps(50):
        want = mpmath.ncdf(mpmath.mpf("-39.5"))
    assert v > 0 and close(v, want)


def test_laplace_loss_tail_is_zero_beyond_its_epsilon():
    P, Q = dist.Laplace(arb(0), arb(1)), dist.Laplace(arb(1), arb(1))
    assert PL._loss_mass(P, Q, arb(2), True) == 0
    assert PL._loss_mass(P, Q, arb("0.5"), True) > 0


def test_quantize_and_stochastic_are_probability_vectors():
    B = T.quantize(dist.Normal(arb(0), arb(1)), arb(-1), arb(0), arb(2))
    assert sum(B.masses, arb(0)).overlaps(arb(1))
    K = T.stochastic(B, *[arb(x) for x in (1, 0, 1, 1, 0, 1, 2, 1)])
    assert len(K.masses) == 2 and sum(K.masses, arb(0)).overlaps(arb(1))


def test_bad_set_printed_expression_is_the_privacy_loss():
    c = _claim("adp_notes.gauss.bad_set.loss.instances")
    lhs = _eval(c.statement.lhs, c.domain.names, [2, 3, -1])
    rhs = _eval(c.statement.rhs, c.domain.names, [2, 3, -1])
    with mpmath.workdps(50):
        eps, L = mpmath.mpf("0.5"), mpmath.log(1000)
        want = eps**2 / (4 * L) + eps**2 / (2 * L)
    assert lhs.overlaps(rhs) and close(lhs, want)


def test_classic_gaussian_bound_fails_near_delta_one():
    # a mathematical fact independent of the notes: at eps = 1, delta = 0.99 the boundary
    # sigma^2 = 2 log(1/delta) gives H_eps ~ 0.9993 > delta
    c = _claim("adp_notes.gauss.classic")
    assert c.domain.names == ("eps", "delta")
    v = _eval(c.statement.lhs, c.domain.names, [1, sympy.Rational(99, 100)])
    assert v > sympy.Rational(99, 100) and abs(float(v.mid()) - 0.99931) < 1e-4
    # the repaired range delta <= 0.9803 keeps the margin positive at its corner eps = 1
    r = _claim("adp_notes.gauss.classic.repaired")
    assert r.domain["delta"].hi == sympy.Rational(9803, 10000)
    w = _eval(r.statement.lhs, r.domain.names, [1, sympy.Rational(9803, 10000)])
    assert w < sympy.Rational(9803, 10000)
    # and just above the crossing delta*(1) = 0.98033 it fails
    assert _eval(r.statement.lhs, r.domain.names, [1, sympy.Rational(9804, 10000)]) > \
        sympy.Rational(9804, 10000)


def test_balle_wang_intended_value():
    c = _claim("adp_notes.gauss.balle_wang.intended.instances")
    lhs = _eval(c.statement.lhs, c.domain.names, [4, 2])   # eps = 1, sigma = 1
    assert lhs.overlaps(arb("0.126936737506644")) or abs(float(lhs.mid()) - 0.126936737506644) < 1e-14
    literal = _claim("adp_notes.gauss.balle_wang")
    assert literal.domain.names == ("eps", "sigma")
    r = _eval(literal.statement.rhs, literal.domain.names, [1, 1])
    assert r > lhs  # e^{-eps} as printed gives a larger delta
    rep = _claim("adp_notes.gauss.balle_wang.repaired")
    assert _eval(rep.statement.rhs, rep.domain.names, [1, 1]).overlaps(lhs)


def test_accuracy_ratio_repaired_is_sqrt_k_over_log():
    """Laplace RMS / Gaussian RMS (n^2 variance), both from the densities: sqrt(k/ell)."""
    c = _claim("adp_notes.accuracy.ratio.repaired")
    k, ell = sympy.symbols("k ell", positive=True)
    assert c.statement.rhs.subs({s: {"k": k, "ell": ell}[s.name]
                                 for s in c.statement.rhs.free_symbols}) == sympy.sqrt(k / ell)
    assert c.statement.lhs.atoms(sympy.Function)      # moment2 of the two laws, not sqrt(k)


def test_accuracy_ratio_is_sqrt_k():
    c = _claim("adp_notes.accuracy.ratio")
    assert sympy.simplify(c.statement.lhs - sympy.sqrt(sympy.Symbol("k", integer=True))) == 0 or \
        sympy.simplify(c.statement.lhs.subs("k", 4)) == 2


def test_bad_set_intended_is_proved_on_the_whole_domain():
    # z real, eps in (0, 1], Delta > 0, log(1/delta) > 0: proof by cases at the root in z
    from dpproof.engines.exact import engine as symbolic
    from dpproof.engines.base import Config
    from dpproof.evidence import Verdict
    c = _claim("adp_notes.gauss.bad_set.intended")
    assert all(c.domain[n].hi is None for n in ("z", "log1_delta", "Delta"))
    assert symbolic.check(c, Config()).verdict is Verdict.PROVED


@pytest.mark.parametrize("cid", ["adp_notes.gauss.balle_wang.repaired",
                                 "adp_notes.gauss.balle_wang.dp", "adp_notes.gauss.zero_eps"])
def test_gaussian_claims_proved_for_every_sigma(cid):
    from dpproof.engines.exact import engine as symbolic
    from dpproof.engines.base import Config
    from dpproof.evidence import Verdict
    c = _claim(cid)
    assert c.domain["sigma"].hi is None
    assert symbolic.check(c, Config()).verdict is Verdict.PROVED


@pytest.mark.parametrize("cid", ["adp_notes.accuracy.laplace.rate", "adp_notes.accuracy.gauss.rms"])
def test_accuracy_moments_for_every_k_n_eps_are_proved(cid):
    """Every k, n >= 1, eps > 0 (delta in (0, 1) as ell = log(1/delta) > 0): the second
    moment derived from the density; the grid stays as .instances."""
    from dpproof.engines.exact import engine as symbolic
    from dpproof.engines.base import Config
    c = _claim(cid)
    assert c.domain.instance_count is None
    assert all(iv.hi is None for _, iv in c.domain.params)
    assert symbolic.check(c, Config()).verdict.value == "PROVED"
    assert _claim(cid + ".instances").domain.instance_count
    if cid.endswith("rms"):
        assert dict(c.derived_values({"k": "1", "n": "1", "eps": "1", "ell": "0"})) == {
            "delta": "1"}


def test_hockey_stick_definition_proved_on_every_eps():
    """H_eps from the densities equals the sup over all 2^3 events for every pair of
    full-support laws on 3 points, on the source's eps >= 0 (a half-line): PROVED piece by
    piece (piecewise linear in the masses' terms); the instances stay as .instances."""
    from dpproof.engines.exact import engine as symbolic
    from dpproof.engines.base import Config, budgeted
    from dpproof.evidence import Verdict
    c = _claim("adp_notes.def.hockey_stick.family")
    assert c.domain["eps"].lo == 0 and c.domain["eps"].hi is None
    with budgeted(Config()):   # counted work, as in a run: a busy machine cannot stop it
        ev = symbolic.check(c, Config())
    assert ev.verdict is Verdict.PROVED, ev.detail
    assert "piecewise linear" in ev.detail
    assert c.extent.startswith("over the family (every pair of laws of full support on 3")
    assert _claim("adp_notes.def.hockey_stick.instances").domain.instance_count == 13


@pytest.mark.parametrize("cid", ["adp_notes.accuracy.sensitivities",
                                 "adp_notes.accuracy.sensitivities.l2",
                                 "adp_notes.accuracy.sensitivities.attained"])
def test_sensitivities_on_every_dimension_k_are_proved(cid):
    """Every k >= 1 (by induction on k: base and step as conjuncts, k unbounded) and n >= 1:
    PROVED by the symbolic engine, scope the whole domain; the k = 2 encoding stays as .k2."""
    from dpproof.engines.exact import engine as symbolic
    from dpproof.engines.base import Config
    c = _claim(cid)
    assert c.extent == "" and not c.narrowed
    assert c.domain["k"].hi is None and c.domain["n"].hi is None
    assert symbolic.check(c, Config()).verdict.value == "PROVED"
    assert _claim(cid + ".k2").extent.startswith("on a truncated box (k = 2")


def test_sensitivity_induction_step_covers_the_partial_sums():
    """The step's parameters cover what the first k - 1 coordinates give: for points of
    [0, 1]^k the l1 partial sum is k - 1 - r with r >= 0, the sum of squares w (k - 1) with
    w in [0, 1]; the conjuncts' margins there are <= 0, and the claims' sums match direct ones."""
    from fractions import Fraction as F
    x, y = (F(0), F(1, 3), F(1), F(2, 5)), (F(1), F(1, 2), F(0), F(2, 5))
    l1 = _claim("adp_notes.accuracy.sensitivities")
    l2 = _claim("adp_notes.accuracy.sensitivities.l2")
    for k in range(2, len(x) + 1):
        s1 = sum(abs(a - b) for a, b in zip(x[:k - 1], y[:k - 1]))
        s2 = sum((a - b)**2 for a, b in zip(x[:k - 1], y[:k - 1]))
        r, w = k - 1 - s1, s2 / (k - 1)
        assert r >= 0 and 0 <= w <= 1
        at = {"k": k, "n": 3, "a": x[k - 1], "b": y[k - 1]}
        m1 = l1.statement.lhs.subs({sympy.Symbol(n_, real=True) if n_ not in ("n",) else
                                    sympy.Symbol(n_, integer=True): sympy.Rational(str(v))
                                    for n_, v in {**at, "r": r}.items()})
        assert m1 <= 0
        m2 = l2.statement.lhs.subs({sympy.Symbol(n_, real=True) if n_ not in ("n",) else
                                    sympy.Symbol(n_, integer=True): sympy.Rational(str(v))
                                    for n_, v in {**at, "w": w}.items()})
        assert m2 <= 0
        # the step's first k - 1 terms plus the k-th are the direct k-term sums
        assert (k - 1 - r) + abs(x[k - 1] - y[k - 1]) == sum(abs(a - b) for a, b in
                                                             zip(x[:k], y[:k]))
        assert w * (k - 1) + (x[k - 1] - y[k - 1])**2 == sum((a - b)**2 for a, b in
                                                             zip(x[:k], y[:k]))


def test_laplace_accuracy_k_dim_by_induction_on_coordinates():
    """adp_notes.accuracy.laplace on every k, n >= 1, eps > 0 with the k-dim reduction checked:
    base (one coordinate, both orders), step (the log of the product laws' density ratio is
    A + B, within |A| + r1 + |B| + r2) and conclusion (eps T <= eps) as conjuncts, each
    PROVED by the symbolic engine; scope the whole domain; the one-coordinate claim stays."""
    from dataclasses import replace
    from dpproof.claims import Statement
    from dpproof.engines.exact import engine as symbolic
    from dpproof.engines.base import Config
    c = _claim("adp_notes.accuracy.laplace")
    assert c.extent == "" and not c.narrowed
    assert all(c.domain[n_].hi is None for n_ in ("k", "n", "eps", "u", "A", "B", "r1", "r2"))
    base, step, final = c.statement.lhs.args
    step_syms = {s_.name for s_ in step.free_symbols}
    assert step_syms == {"A", "B", "r1", "r2"}
    for part in (base, step, final):
        names = {s_.name for s_ in part.free_symbols}
        sub = replace(c, statement=Statement(part, "<=", 0),
                      domain=type(c.domain)(tuple((n_, iv) for n_, iv in c.domain.params
                                                  if n_ in names)))
        assert symbolic.check(sub, Config()).verdict.value == "PROVED"
    # the step's left side is |log(e^A e^B)| = |A + B|: the product's loss is the sum
    at = {s_: v for s_ in step.free_symbols
          for n_, v in (("A", 1), ("B", -3), ("r1", 0), ("r2", 0)) if s_.name == n_}
    assert sympy.simplify(step.subs(at)) == abs(1 - 3) - (1 + 3)
    assert _claim("adp_notes.accuracy.laplace.coordinate").extent.startswith(
        "on a truncated box (one coordinate")


def test_remark3_pure_if_direction_over_every_law():
    """adp_notes.remark3.pure.if: |Z| <= eps a.s. in both orders => eps-DP, over every law
    (monotonicity in the split cases, all premises PROVED); the 'only if' direction is
    adp_notes.remark3.pure (null sets), the Laplace pair its .laplace.  A mutated bound (half the
    tail masses) does not hold."""
    from dataclasses import replace
    from dpproof.checking import check_claim
    from dpproof.engines.base import Config
    from dpproof.calculus import Context, Density, Functional, hockey, loss_tail, monotonicity
    from dpproof.calculus import NONNEG, split
    from dpproof.claims import Statement
    c = _claim("adp_notes.remark3.pure.if")
    assert c.extent == "over every law (the calculus: monotonicity)"
    a = check_claim(c, Config())
    assert a.verdict.value == "PROVED"
    assert c.proof.conclusion == ("H_eps(P||Q) + H_eps(Q||P) <= P(|Z| > eps) + "
                                  "Q(|Z| > eps)")
    assert _claim("adp_notes.remark3.pure").extent == "over every law (the calculus: null_sets)"
    assert _claim("adp_notes.remark3.pure.laplace").extent.startswith(
        "on a truncated box (the pair Laplace(0,1)/(1,1)")
    P, Q = Density("p"), Density("q")
    p, q, e = (sympy.Symbol(n_, real=True) for n_ in ("p", "q", "eps"))
    both = Functional("both", hockey(P, Q, e).integrand + hockey(Q, P, e).integrand, (P, Q))
    src = c.source
    half = monotonicity(Context("t.pure.half", src), both,
                        ((sympy.Rational(1, 2), loss_tail(P, Q, e)),
                         (sympy.Rational(1, 2), loss_tail(Q, P, e))),
                        {"p": NONNEG, "q": NONNEG, "eps": NONNEG},
                        cases=split(Statement(p, ">", sympy.exp(e) * q),
                                    Statement(q, ">", sympy.exp(e) * p)))
    bad = check_claim(replace(c, id="t.pure.half",
                              proof=replace(c.proof, root=half)), Config())
    assert not bad.verdict.holds
