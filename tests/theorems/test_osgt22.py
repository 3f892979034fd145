"""The osgt22 encoding: catalogue coverage, OSGT oracles from the definition, printed values."""

import math

import mpmath
import pytest
import sympy
from flint import arb, ctx

from dpproof.lowering import arb_ball, at_precision, lower
from dpproof.oracles import distributions as dist
from dpproof.oracles import conversions as C
from dpproof.oracles import moments as MO
from dpproof.oracles.distributions import transforms as T
from dpproof.oracles.divergences import hockey_stick, renyi
from dpproof.runner import flatten
from theorems import osgt22

from ._catalogue import THEOREMS_MD, catalogue_ids, claim_ids

pytestmark = pytest.mark.skipif(not THEOREMS_MD.exists(), reason="docs/catalogue.md missing")


@pytest.fixture(autouse=True)
def _prec():
    with ctx.workprec(128):
        yield


def _claim(cid):
    return next(c for c in flatten(osgt22.CLAIMS) if c.id == cid)


def _value(expr):
    with at_precision(128):
        return lower(expr, [], "arb")()


def _mp_V(m, s2):
    s = mpmath.sqrt(s2)
    Q = mpmath.erfc(m / s / mpmath.sqrt(2)) / 2
    return s2 + m**2 - m * s * mpmath.exp(-m**2 / (2 * s2)) / (mpmath.sqrt(2 * mpmath.pi) * Q)


def _mp_kernel(sig, m, k=0, lo=-mpmath.inf, hi=mpmath.inf):
    f = lambda y: y**k * mpmath.exp(-y**2 / (2 * sig**2) - abs(y) * m / sig**2)  # noqa: E731
    pts = [lo] + [p for p in (-m, 0, m) if lo < p < hi] + [hi]
    return mpmath.quad(f, pts)


def test_every_catalogue_id_exactly_once():
    ids = claim_ids(osgt22.CLAIMS)
    expected = catalogue_ids("osgt22")
    assert len(expected) == 23
    for cid in expected:
        assert ids.count(cid) == 1, cid
    assert len(ids) == len(set(ids))


def test_figures_declared():
    names = {f.name for f in osgt22.FIGURES}
    assert names == {"osgt22_delta", "osgt22_variance", "osgt22_zeta"}


def test_kernel_moments_match_quadrature():
    with mpmath.workdps(30):
        for sig, m in ((2, 1), (mpmath.sqrt(40), 3), (1, 0)):
            sa, ma = arb(mpmath.nstr(sig, 35)), arb(m)
            mass = MO.osgt_kernel_mass_value(sa, ma)
            assert abs(float(mass.mid()) - float(_mp_kernel(sig, m))) < 1e-12
            m2 = MO.osgt_moment_value(sa, ma, 2)
            assert abs(float(m2.mid()) - float(_mp_V(mpmath.mpf(m), sig**2))) < 1e-9
            assert MO.osgt_moment_value(sa, ma, 1).contains(0)


def test_variance_example_value():
    v = MO.osgt_moment_value(arb(40).sqrt(), arb(3), 2)
    assert abs(float(v.mid()) - 27.7046783263346) < 1e-12
    assert abs(v - arb("27.7")) < arb("0.05")


def test_osgt_tail_and_rejection_cdf():
    s, m = arb(2), arb(1)
    with mpmath.workdps(30):
        for t in (-3, -0.5, 0, 1, 4):
            want = _mp_kernel(2, 1, lo=mpmath.mpf(t)) / _mp_kernel(2, 1)
            got = MO.osgt_tail_value(s, m, arb(t))
            assert abs(float(got.mid()) - float(want)) < 1e-12
            rej = T.rejection_shift_cdf_value(s, m, arb(t))
            assert abs(float(rej.mid()) - float(1 - want)) < 1e-12


def test_osgt_tail_treacherous_far_tail():
    # P[Y >= 60] at sigma = 1, m = 1/2: ~1e-800, zero in double precision
    got = MO.osgt_tail_value(arb(1), arb("0.5"), arb(60))
    with mpmath.workdps(40):
        Q = lambda x: mpmath.erfc(x / mpmath.sqrt(2)) / 2  # noqa: E731
        want = Q(mpmath.mpf("60.5")) / (2 * Q(mpmath.mpf("0.5")))
    assert got > 0 and abs(got / arb(mpmath.nstr(want, 30)) - 1) < arb("1e-20")


def test_delta_values_printed_in_the_slides():
    assert abs(float(_value(_claim("osgt22.delta.example").statement.lhs.args[0]).mid())) >= 0
    T0 = dist.OSGT(arb(0), arb(40).sqrt(), arb(3))
    T1 = dist.OSGT(arb(1), arb(40).sqrt(), arb(3))
    d = hockey_stick(T0, T1, arb("0.5"))
    assert abs(float(d.mid()) - 6.78659505064043e-5) < 1e-17
    e = C.eps_at_delta_value(T0, T1, arb("1e-10"), arb(0), arb(3))
    assert abs(float(e.mid()) - 0.936625756498584) < 1e-12


def test_osgt_delta_formula_against_the_densities():
    # closed form (the slides) vs H_eps from the densities at sigma^2 = 40, m = 3, eps = 1
    T0 = dist.OSGT(arb(0), arb(40).sqrt(), arb(3))
    T1 = dist.OSGT(arb(1), arb(40).sqrt(), arb(3))
    c = _claim("osgt22.delta.formula")
    f = lower(c.statement.rhs, ["eps", "sigma", "m"], "arb")
    with at_precision(128):
        assert f(arb(1), arb(40).sqrt(), arb(3)).overlaps(hockey_stick(T0, T1, arb(1)))


def test_bbar_loses_every_digit_in_doubles_and_none_in_the_stable_lowering():
    c = _claim("osgt22.rdp.zeta_small")
    v = lower(c.statement.lhs, ["alpha"], "float")(64.0)
    assert not math.isfinite(v) or abs(v - 0.0724057456766) > 1e-3  # double precision fails
    with at_precision(128):
        printed = lower(c.statement.lhs, ["alpha"], "arb")(arb_ball(64))
        stable = lower(osgt22.zeta_stable(sympy.Symbol("alpha"), sympy.sqrt(630), 15, 1, 8),
                       ["alpha"], "arb")(arb_ball(64))
    # the printed Phi difference cancels in plain balls; the lowering evaluates it through
    # the tails (expr.stable), as the paper's stable form does
    assert printed.rad() < 1e-20
    with mpmath.workdps(40):  # independent value, stable form (Q differences)
        Qm = lambda x: mpmath.erfc(x / mpmath.sqrt(2)) / 2  # noqa: E731
        s_, a_, m_ = mpmath.sqrt(630), mpmath.mpf(64), 15
        b = (mpmath.ncdf((-m_ + a_ - 1) / s_) + mpmath.ncdf((-m_ - a_) / s_)
             + mpmath.exp(a_ * (a_ - 1) * (4 * m_ + 4 * m_**2) / (2 * s_**2))
             * (Qm((a_ - 1 - m_ * (1 - 2 * a_)) / s_) - Qm((a_ - m_ * (1 - 2 * a_)) / s_)))
        want = 8 / (a_ - 1) * mpmath.log(b / (2 * Qm(m_ / s_)))
    assert abs(float(stable.mid()) - float(want)) < 1e-14 and stable.rad() < 1e-20
    assert abs(float(want) - 0.0725076840825666) < 1e-12
    assert printed.overlaps(stable)


def test_variance_needed_gaussian_known_value():
    # smallest sigma with delta(1) = 1e-5 at Delta = 1 is 3.73063163481594 (Balle-Wang)
    v = C.gauss_var_needed_value(arb(1), arb("1e-5"), arb(1))
    assert abs(float(v.mid()) - 3.73063163481594**2) < 1e-9


def test_single_letter_bound_at_a_point():
    T0 = dist.OSGT(arb(0), arb(40).sqrt(), arb(3))
    T1 = dist.OSGT(arb(1), arb(40).sqrt(), arb(3))
    r = renyi(T0, T1, arb(2))
    assert abs(float(r.mid()) - 0.0377307011207468) < 1e-12


@pytest.mark.parametrize("cid", ["osgt22.pdf.forms.offset", "osgt22.pdf.forms",
                                 "osgt22.pdf.forms.normalisation", "osgt22.variance.formula"])
def test_density_forms_proved_on_the_whole_domain(cid):
    # sigma > 0 and m >= 0 unbounded (y real for the offset form): the slides' domain
    from dpproof.engines.exact import engine as symbolic
    from dpproof.engines.base import Config
    from dpproof.evidence import Verdict
    c = _claim(cid)
    assert c.domain["sigma"].hi is None and c.domain["m"].hi is None
    assert symbolic.check(c, Config()).verdict is Verdict.PROVED


@pytest.mark.parametrize("cid", ["osgt22.laplace.scale", "osgt22.gauss.no_pure",
                                 "osgt22.delta.gauss_formula", "osgt22.gauss.rdp",
                                 "osgt22.pdf.rejection"])
def test_gaussian_and_laplace_basics_proved_on_unbounded_parameters(cid):
    from dpproof.engines.exact import engine as symbolic
    from dpproof.engines.base import Config
    from dpproof.evidence import Verdict
    c = _claim(cid)
    assert all(iv.hi is None for _, iv in c.domain.params)
    assert symbolic.check(c, Config()).verdict is Verdict.PROVED



def test_rdp_to_dp_is_stated_over_every_law():
    """The slide's conversion for every P, Q, alpha > 1, eps >= 0 (the tangent rule); the
    three-pair box stays as .box, its grid as .instances (the sweep)."""
    c = _claim("osgt22.rdp_to_dp")
    assert c.statement is None and c.extent == "over every law (the calculus: convexity, tangent)"
    assert [s.id for s in c.proof.sweeps] == ["osgt22.rdp_to_dp.instances"]
    assert c.proof.conclusion.startswith("H_{eps}(P||Q) <= int ")
    assert "(1 - 1/alpha)^alpha for every P, Q" in c.proof.conclusion
    for p in c.proof.root.all_premises():
        assert p.domain["alpha"].lo == 1 and p.domain["alpha"].lo_open and p.domain["alpha"].hi is None
        assert p.domain["eps"].lo == 0 and p.domain["eps"].hi is None
    assert _claim("osgt22.rdp_to_dp.box").extent.startswith(
        "on a truncated box (alpha in [3/2, 10], eps <= 3)")


@pytest.mark.parametrize("a, e", [("2", "0"), ("8.3", "0.85"), ("50", "3")])
def test_rdp_to_dp_tangent_is_tight_and_int_g_is_the_printed_delta(a, e):
    """At t0 = alpha e^eps/(alpha - 1) the function f(t) = g(t, 1) has slope 1 and the value
    t0 - e^eps (premises 5 and 6 hold with equality: why no ball closes the pointwise bound);
    int g at D_alpha = tau is the printed exp((alpha - 1)(tau - eps))/(alpha - 1) (1 - 1/alpha)^alpha."""
    from theorems.osgt22.rdp import RD_G
    c = _claim("osgt22.rdp_to_dp")
    prem = {p.id.rsplit(".", 2)[-2]: p for p in c.proof.root.all_premises()}
    a, e = sympy.Rational(a), sympy.Rational(e)
    at = {"alpha": a, "eps": e}
    for k in ("premise5", "premise6"):
        st = prem[k].statement
        sub = {s: at[s.name] for s in st.free_symbols}
        lhs, rhs = (sympy.N(x.subs(sub), 60) for x in (st.lhs, st.rhs))
        assert abs(lhs - rhs) < sympy.Float(10)**-50 * abs(rhs)
    # int g over N(0,1) || N(1,1): D_alpha = alpha/2, quadrature from the densities
    import mpmath
    mpmath.mp.dps = 30
    syms = {s.name: s for s in RD_G.free_symbols}
    g = sympy.lambdify([syms["p"], syms["q"]], RD_G.subs({syms["alpha"]: a, syms["eps"]: e}), "mpmath")
    phi = lambda x, m: mpmath.npdf(x, m, 1)
    # p^alpha q^(1 - alpha) is a Gaussian bump centred at x = alpha: a node there
    integral = mpmath.quad(lambda x: g(phi(x, 1), phi(x, 0)),
                           [-mpmath.inf, 0, 1, a - 4, a, a + 4, mpmath.inf])
    tau = a / 2
    printed = sympy.exp((a - 1) * (tau - e)) / (a - 1) * (1 - 1 / a)**a
    assert abs(integral - mpmath.mpf(str(sympy.N(printed, 40)))) < mpmath.mpf(10)**-20 * integral


def test_single_letter_is_stated_for_every_delta():
    """Delta free by scale invariance at sigma = sqrt(40) Delta, m = 3 Delta; the chain's
    links connect; the Delta = 1 encoding is kept as .delta1."""
    c = _claim("osgt22.rdp.single_letter")
    assert c.domain["Delta"].lo == 0 and c.domain["Delta"].hi is None
    assert c.extent.startswith("on a truncated box (k = 1, sigma = sqrt(40) Delta, m = 3 Delta, "
                               "every Delta > 0")
    assert c.steps[0].statement.lhs == c.statement.lhs
    assert c.steps[1].statement.rhs == c.statement.rhs
    assert c.steps[0].statement.rhs == c.steps[1].statement.lhs
    assert "Delta = 1" in _claim("osgt22.rdp.single_letter.delta1").extent


@pytest.mark.parametrize("d", ["1/3", "1", "7"])
def test_single_letter_margin_is_scale_invariant(d):
    """The margin of .step2 at Delta = d equals its value at Delta = 1 (alpha = 5/2)."""
    c = _claim("osgt22.rdp.single_letter.step2")
    f = lower(c.statement.margin(), c.domain.names, "arb")
    at = lambda dd: f(*[arb_ball(sympy.Rational({"alpha": "5/2", "Delta": dd}[n]))  # noqa: E731
                        for n in c.domain.names])
    a, b = at(d), at("1")
    assert (a - b).contains(0) and a > 0 and (a - b).rad() < 1e-30


def test_single_letter_step2_certified_for_every_delta():
    from dpproof.engines.base import Config, load
    ev = load("interval").check(_claim("osgt22.rdp.single_letter.step2"),
                                Config(engine_timeout=300))
    assert ev.verdict.value == "CERTIFIED", (ev.detail, ev.scope)
    assert ev.scope.startswith("whole domain: alpha in (1, 64], Delta in (0, inf)")
