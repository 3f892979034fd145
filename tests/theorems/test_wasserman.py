"""wasserman: catalogue coverage, enumeration oracles against independent code, densities."""

import itertools
import math
from fractions import Fraction

import mpmath
import pytest
import sympy
from flint import arb

import theorems.wasserman as mod
from theorems.wasserman import odds
from dpproof.lowering import arb_ball, lower
from dpproof.oracles import mechanisms as M
from dpproof.oracles import moments as MO
from dpproof.runner import flatten

from ._catalogue import A, contains, prec128  # noqa: F401 - prec128 is a fixture
from ._catalogue import catalogue_ids as _catalogue_ids

pytestmark = pytest.mark.usefixtures("prec128")


def catalogue_ids():
    return set(_catalogue_ids("wasserman"))


def test_every_catalogue_id_exactly_once_and_extras_are_suffixed():
    ids = [c.id for c in flatten(mod.CLAIMS)]
    cat = catalogue_ids()
    assert len(cat) == 12
    assert len(ids) == len(set(ids))
    assert cat <= set(ids)
    for extra in set(ids) - cat:
        assert any(extra.startswith(c + ".") for c in cat), extra
    assert all(c.source.file == mod.SOURCE_FILE for c in flatten(mod.CLAIMS))


def margin_at(cid, **point):
    c = next(c for c in flatten(mod.CLAIMS) if c.id == cid)
    f = lower(c.statement.margin(), c.domain.names, "arb")
    return f(*[arb_ball(sympy.Rational(point[n])) for n in c.domain.names])


# ------------------------------------------------------------------------- enumerations

def brute_mean_sensitivity(n, B):
    grid = [-B, 0, B]
    return max(abs(sum(d) - sum(d[:i] + (v,) + d[i + 1:])) / Fraction(n)
               for d in itertools.product(grid, repeat=n) for i in range(n) for v in grid)


@pytest.mark.parametrize("n,B", [(1, 1), (2, 3), (3, 2), (4, 1)])
def test_mean_sensitivity(n, B):
    v = M.mean_sensitivity_enum_arb(A(n), A(B))
    assert Fraction(2 * B, n) == brute_mean_sensitivity(n, B)
    assert (v - A(Fraction(2 * B, n))).contains(0) and v.rad() < arb(2) ** -120
    assert M.mean_sensitivity_enum_arb(arb(2, 0.5), A(B)).is_nan()


def ks(a, b):
    """Independent KS distance of two samples on {0, 1/2, 1}."""
    pts = sorted(set(a) | set(b))
    return max(abs(sum(x <= t for x in a) / len(a) - sum(x <= t for x in b) / len(b))
               for t in pts)


@pytest.mark.parametrize("n,k", [(1, 1), (2, 2), (3, 1), (4, 3)])
def test_ks_sensitivity_is_one_over_n(n, k):
    v = M.ks_sensitivity_enum_arb(A(n), A(k))
    assert (v - A(Fraction(1, n))).contains(0) and v.rad() < arb(2) ** -120
    assert margin_at("wasserman.ks.sensitivity.instances", j=1, k=2) == 0


def test_expmech_loss_against_independent_float_code():
    n, k, eps = 2, 2, 1.5
    G = (0, 0.5, 1)
    outs = list(itertools.product(G, repeat=k))
    data = list(itertools.product(G, repeat=n))
    sens = max(abs(ks(x, z) - ks(x[:i] + (v,) + x[i + 1:], z))
               for x in data for i in range(n) for v in G for z in outs)
    assert sens == 0.5

    def logq(x):
        w = [-eps * ks(x, z) / (2 * sens) for z in outs]
        lz = math.log(sum(math.exp(v) for v in w))
        return [v - lz for v in w]
    ref = max(a - b for x in data for i in range(n) for v in G
              for a, b in zip(logq(x), logq(x[:i] + (v,) + x[i + 1:])))
    contains(M.expmech_ks_loss_arb(A(n), A(k), A(eps)), ref, 1e-12)
    assert ref <= eps


def test_cosine_series_loss_closed_form():
    """One coefficient: the replaced record moves beta_1 by at most 2 sqrt(2)/n (x=0 -> 1)."""
    n, b = 5, A("0.3")
    b_ = mpmath.mpf(3) / 10
    contains(M.cosine_series_loss_arb(A(n), A(1), b), 2 * mpmath.sqrt(2) / (n * b_), 1e-30)
    # m = 2: psi_2(0) = psi_2(1), best pair is x = 0, x' = 1/2 or 1: |dpsi_1| + |dpsi_2|
    G = [mpmath.mpf(i) / 4 for i in range(5)]
    best = max(sum(abs(mpmath.sqrt(2) * (mpmath.cospi(j * x) - mpmath.cospi(j * y)))
                   for j in (1, 2)) for x in G for y in G)
    contains(M.cosine_series_loss_arb(A(n), A(2), b), best / (n * b_), 1e-30)


def test_shift_abs_sup_exact():
    assert M.shift_abs_sup_arb(A(0), A(1)) == 1
    assert M.shift_abs_sup_arb(A(2), A(-1)) == 3
    assert M.shift_abs_sup_arb(A(1), A(1)) == 0


# ------------------------------------------------------------------------- densities

@pytest.mark.parametrize("b", ["0.1", "1", "7.5"])
def test_laplace_sd(b):
    contains(MO.laplace_sd_arb(A(0), A(b)), mpmath.sqrt(2) * mpmath.mpf(b), 1e-30)


def test_laplace_pdf_and_rr():
    contains(M.laplace_pdf_arb(A("0.5"), A(1), A(2)), mpmath.exp(-0.25) / 4, 1e-30)
    e = A("0.7")
    p11, p10 = M.rr_prob_arb(e, A(1), A(1)), M.rr_prob_arb(e, A(0), A(1))
    contains(p11 + M.rr_prob_arb(e, A(1), A(0)), 1, 1e-30)
    contains((p11 / p10).log(), mpmath.mpf(7) / 10, 1e-30)


def test_histogram_margin_is_exactly_zero():
    """Laplace scale 2/eps with two moved counts is exactly eps-DP: the margin is 0."""
    m = margin_at("wasserman.histogram.dp.instances", c1=2, c2=0, k=3)
    assert m.is_exact() and m.is_zero()


def test_series_literal_loss_is_2_sqrt2_eps():
    m = margin_at("wasserman.series.dp", n=6, m=1, c=4)   # eps = 1
    contains(m, 1 - 2 * mpmath.sqrt(2), 1e-30)


def test_laplace_literal_density_not_proportional():
    assert margin_at("wasserman.laplace.sd", w1=-1, w2=1, lam=1) < 0
    assert abs(margin_at("wasserman.laplace.sd", w1=1, w2=3, lam=1)) < 1e-30


def test_rr_enumeration_is_the_printed_pi():
    th, p = sympy.Rational(3, 10), sympy.Rational(1, 7)
    assert odds.pi_enum.subs({odds.theta: th, odds.p: p}) == 1 - th + th * p


def test_series_repaired_scale_is_exactly_tight():
    """At the corrected scale 2 m c0/(n eps) the loss is at most eps, attained for m = 1."""
    contains(margin_at("wasserman.series.dp.repaired.instances", n=6, m=1, c=4), 0, 1e-30)
    # m = 2: no pair of grid points moves both coefficients by 2 c0 (loss 3/4 eps), slack 1/8
    contains(margin_at("wasserman.series.dp.repaired.instances", n=3, m=2, c=2), mpmath.mpf(1) / 8, 1e-30)


@pytest.mark.parametrize("cid", ["wasserman.laplace.sd.intended", "wasserman.laplace.dp.step1",
                                 "wasserman.mean.sensitivity",
                                 "wasserman.mean.sensitivity.attained"])
def test_stated_for_every_parameter_and_proved(cid):
    """On unbounded domains (every lambda > 0, every output z, every n >= 1 and B > 0), the
    oracles derived from the densities; the former grids stay as .instances."""
    from dpproof.engines.exact import engine as symbolic
    from dpproof.engines.base import Config
    by_id = {c.id: c for c in flatten(mod.CLAIMS)}
    c = by_id[cid]
    assert c.domain.instance_count is None
    assert any(iv.hi is None for _, iv in c.domain.params)
    assert symbolic.check(c, Config()).verdict.value == "PROVED"
    if not cid.endswith(("attained", "step1")):
        assert by_id[cid + ".instances"].domain.instance_count


def test_mean_sensitivity_twin_is_not_proved():
    from dataclasses import replace

    from dpproof.claims import Statement
    from dpproof.engines.exact import engine as symbolic
    from dpproof.engines.base import Config
    c = next(c for c in flatten(mod.CLAIMS) if c.id == "wasserman.mean.sensitivity")
    twin = replace(c, statement=Statement(c.statement.lhs, "<=", c.statement.rhs * 3 / 4))
    assert symbolic.check(twin, Config()).verdict.value != "PROVED"


def _symbolic(claim):
    from dpproof.engines.exact import engine as symbolic
    from dpproof.engines.base import Config
    return symbolic.check(claim, Config()).verdict.value


def test_histogram_dp_every_histogram_proved_and_a_smaller_scale_is_not():
    """§5.2 for every histogram: the log density ratio of the product Laplace laws of a
    replace-one pair (two moved bins, every count, output and eps > 0) is within eps: PROVED.
    With variance 2/eps^2 (scale 1/eps) the ratio reaches e^(2 eps): never PROVED."""
    from dataclasses import replace
    c = next(c for c in flatten(mod.CLAIMS) if c.id == "wasserman.histogram.dp")
    assert c.extent == "" and c.domain.instance_count is None
    assert all(c.domain[n].lo is None and c.domain[n].hi is None
               for n in ("z1", "z2", "c1", "c2"))
    assert _symbolic(c) == "PROVED"
    eps = next(s for s in c.statement.free_symbols if s.name == "eps")
    from dpproof.claims import Statement
    twin = replace(c, statement=Statement(c.statement.lhs * 2, "<=", c.statement.rhs))
    assert _symbolic(twin) != "PROVED"
    assert margin_at("wasserman.histogram.dp", eps=1, z1=5, z2=-5, c1=5, c2=-5) == 0
    one = next(c for c in flatten(mod.CLAIMS) if c.id == "wasserman.histogram.dp.one_bin")
    assert one.extent == "" and eps in one.statement.free_symbols


def test_ks_sensitivity_reduction_checked_whole_domain():
    """wasserman.ks.sensitivity on every n >= 1 and any data, the reduction checked: the
    pointwise gap, the max lemma's induction step over the pieces and the witness as three
    conjuncts, each PROVED by the symbolic engine; scope the whole domain.  The max lemma
    |max f - max g| <= max |f - g| is tested on lists against the step's induction."""
    from dataclasses import replace
    from dpproof.claims import Statement
    from dpproof.engines.exact import engine as symbolic
    from dpproof.engines.base import Config
    c = next(c for c in flatten(mod.CLAIMS) if c.id == "wasserman.ks.sensitivity")
    assert c.extent == "" and not c.narrowed
    assert c.domain["n"].hi is None and c.domain["F"].lo is None and c.domain["r"].hi is None
    parts = c.statement.lhs.args
    assert len(parts) == 3
    for part in parts:
        names = {s.name for s in part.free_symbols}
        sub = replace(c, statement=Statement(part, "<=", 0),
                      domain=type(c.domain)(tuple((n, iv) for n, iv in c.domain.params
                                                  if n in names)))
        assert symbolic.check(sub, Config()).verdict.value == "PROVED"
    step = next(p for p in parts if any(s.name == "F" for s in p.free_symbols))
    sym = {s.name: s for s in step.free_symbols}
    f, g = (Fraction(3), Fraction(-1), Fraction(5, 2)), (Fraction(1), Fraction(2), Fraction(0))
    for m in range(2, len(f) + 1):     # the step from m - 1 pieces to m
        F, G = max(f[:m - 1]), max(g[:m - 1])
        D = max(abs(a - b) for a, b in zip(f[:m - 1], g[:m - 1]))
        at = {sym["F"]: F, sym["G"]: G, sym["f"]: f[m - 1], sym["g"]: g[m - 1],
              sym["r"]: D - abs(F - G)}
        assert D - abs(F - G) >= 0 and step.subs(at) <= 0
        assert abs(max(f[:m]) - max(g[:m])) <= max(abs(a - b) for a, b in zip(f[:m], g[:m]))
    assert next(c for c in flatten(mod.CLAIMS) if c.id ==
                "wasserman.ks.sensitivity.one_record").extent.startswith("on a truncated box")


def test_expmech_dp_on_every_output_space():
    """wasserman.expmech.dp on the notes' domain (densities on any output space): the
    pointwise bound PROVED on the whole domain, the normalisers' ratio by the calculus
    (monotonicity, PROVED over every law) and its parametrisation onto [1/(1+g), 1+g]; the
    finite-output family stays as .family.  The bound is attained (eps = d = s = 1)."""
    from dpproof.checking import check_claim
    from dpproof.engines.exact import engine as symbolic
    from dpproof.engines.base import Config
    claims = {c.id: c for c in flatten(mod.CLAIMS)}
    c = claims["wasserman.expmech.dp"]
    assert c.extent == "" and not c.family and c.domain["eps"].hi is None
    assert symbolic.check(c, Config()).verdict.value == "PROVED"
    at = {x: 1 for x in c.statement.lhs.free_symbols}         # eps = d = s = 1: tight
    assert sympy.simplify(c.statement.lhs.subs(at)) == 1
    part = claims["wasserman.expmech.dp.partition"]
    assert part.extent == "over every law (the calculus: monotonicity)"
    assert check_claim(part, Config()).verdict.value == "PROVED"
    g, t = sympy.symbols("g t", real=True)
    ratio = next(iter(part.proof.root.premises)).statement.lhs / sympy.Symbol("p", real=True)
    assert sympy.simplify(ratio.subs(t, 0) - 1 / (1 + g)) == 0
    assert sympy.simplify(ratio.subs(t, 1) - (1 + g)) == 0
    assert sympy.simplify(sympy.diff(ratio, t) - g * (2 + g) / (1 + g)) == 0   # increasing
    assert claims["wasserman.expmech.dp.family"].extent.startswith("over the family (")
