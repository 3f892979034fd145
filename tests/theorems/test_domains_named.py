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


@pytest.mark.parametrize("cid, name", [
    ("wasserman.laplace.dp", "eps"), ("wasserman.laplace.dp", "Delta"),
    ("wasserman.dp.odds", "eps"), ("wasserman.histogram.dp", "eps"),
    ("wasserman.histogram.dp.scale", "eps"), ("wasserman.laplace.sd.repaired", "lambda_"),
    ("adp_notes.accuracy.sensitivities", "n"), ("adp_notes.accuracy.ratio.repaired", "k"),
    ("adp_notes.group_privacy.induction", "K"), ("adp_notes.remark3.sufficient", "eps"),
    ("osgt22.delta.formula", "eps"), ("osgt22.kdim.density", "y1"),
    ("cesar_rogers21.thm1", "k"), ("cesar_rogers21.thm1", "eps"),
    ("cesar_rogers21.thm1", "eps_g"), ("cesar_rogers21.alg2.delta", "s"),
    ("cesar_rogers21.alg2.delta", "sigma"), ("cesar_rogers21.lemma4_2", "C"),
    ("cesar_rogers21.lemma4_3", "C"),
])
def test_widened_claims_keep_the_sources_unbounded_range(cid, name):
    assert _interval(cid, name).hi is None
    if cid.startswith(("wasserman", "adp_notes.accuracy", "cesar_rogers21")):
        assert CLAIMS[cid].extent == ""          # and they are on the stated domain


@pytest.mark.parametrize("cid, words", [
    ("adp_notes.remark3.sufficient", ("N(0,1)/N(1,1)", "1-DP RR", "Finite(1,2,3,4)")),
    ("adp_notes.recipe", ("the pairs",)),
    ("adp_notes.def.hockey_stick", ("binned N(0,1)/N(1,1)",)),
    ("adp_notes.post_processing", ("eps <= 3",)),
    ("adp_notes.name_and_shame.union", ("n <= 10^6",)),
    ("adp_notes.accuracy.gauss.repaired", ("k <= 4", "n <= 5")),
    ("osgt22.delta.formula", ("sigma^2 = 40", "m = 3")),
    ("osgt22.delta.formula.step2", ("sigma^2 = 40",)),
    ("osgt22.rdp.exact.slides630", ("sigma^2 = 630", "m = 15", "alpha in [3/2, 32]")),
    ("osgt22.rdp.single_letter.k2", ("k = 2", "alpha <= 64")),
    ("osgt22.summary.better_rdp.repaired", ("alpha <= 1000",)),
    ("osgt22.summary.less_noise", ("delta = 1e-10",)),
    ("wasserman.expmech.dp", ("KS distance", "eps in [1/10, 4]")),
    ("cesar_rogers21.lemma3_1", ("n <= 16",)),
    ("cesar_rogers21.lemma6_2", ("Delta_0 = 1", "b = e/4")),
    ("cesar_rogers21.eq5_6", ("k <= 6",)),
    ("cesar_rogers21.eq4", ("k = 3",)),
    ("cesar_rogers21.lemma2_1", ("one exponential mechanism",)),
])
def test_narrowed_claims_name_their_cut_in_the_verdict_line(cid, words):
    extent = CLAIMS[cid].extent
    assert extent.startswith("on a truncated box (")
    for w in words:
        assert w in extent


def test_a_worked_example_at_one_point_is_its_stated_domain():
    assert CLAIMS["osgt22.variance.example"].extent == ""
    assert CLAIMS["osgt22.summary.less_noise.instances"].extent.startswith("on 20 instances")


@pytest.mark.parametrize("cid, words", [
    ("cesar_rogers21.lemma2_3", ("Gaussian mechanism", "rho")),
    ("cesar_rogers21.lemma3_4", ("compositions of Gaussian mechanisms",)),
    ("cesar_rogers21.def2_3.em_br", ("exponential mechanisms", "every eps > 0")),
])
def test_statements_about_every_mechanism_name_their_family(cid, words):
    c = CLAIMS[cid]
    assert c.extent.startswith("over the family (") and not c.narrowed
    assert c.domain.instance_count is None
    for w in words:
        assert w in c.extent
