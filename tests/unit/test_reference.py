"""The function reference (issue 31): every vocabulary entry is documented, every example is
a claim the real loader accepts, unknown names get a "did you mean", ``dpproof functions``
prints the vocabulary, and docs/functions.md is generated from the code."""

from pathlib import Path

import pytest
import sympy

from dpproof.claimfile import load_claims_file
from dpproof.cli import main
from dpproof.expr import ExprSyntaxError, parse_statement
from dpproof.expr.reference import DOCS, TOPICS, claim_toml
from dpproof.expr.reference_pages import markdown
from dpproof.expr.vocabulary import VOCABULARY

ROOT = Path(__file__).resolve().parents[2]
NAMES = sorted(VOCABULARY)


@pytest.mark.parametrize("name", NAMES)
def test_every_entry_carries_arguments_domain_meaning_and_example(name):
    doc = VOCABULARY[name].doc
    assert doc is not None, f"{name}: no entry in dpproof.expr.reference.DOCS"
    assert doc.args and all(a.strip() for a in doc.args), name
    for field in ("meaning", "defined", "example"):
        assert len(getattr(doc, field).strip()) >= 3, f"{name}: empty {field}"
    assert doc.topic in TOPICS


@pytest.mark.parametrize("name", NAMES)
def test_argument_names_match_the_arities(name):
    entry = VOCABULARY[name]
    args = entry.doc.args
    variadic = args[-1].startswith("*")
    fixed = len(args) - variadic
    if entry.arities is None:                       # min, max: at least 2
        assert variadic and fixed == 2
    elif variadic:                                  # Finite, Quantize, Stochastic
        assert min(entry.arities) == fixed and len(entry.arities) > 1
    else:
        assert entry.arities == (fixed,), (name, args, entry.arities)


def test_no_entry_for_a_name_outside_the_vocabulary():
    assert set(DOCS) == set(VOCABULARY)


@pytest.mark.parametrize("name", NAMES)
def test_every_example_is_a_claim_the_loader_accepts_and_calls_its_function(name, tmp_path):
    path = tmp_path / f"{name}.toml"
    path.write_text(claim_toml(name))
    claim, = load_claims_file(path)
    assert claim.statement is not None and claim.id == f"example.{name}"
    assert f"{name}(" in VOCABULARY[name].doc.example


def test_rr_compose_delta_documents_the_order_of_its_arguments():
    assert DOCS["rr_compose_delta"].args == ("k", "eps0", "eps")
    assert DOCS["gauss_delta"].args == ("eps", "sigma", "Delta")
    assert DOCS["dpsgd_eps"].args == ("q", "sigma", "steps", "delta")


X = {"x": sympy.Symbol("x")}


def test_unknown_function_gets_did_you_mean_and_no_list_of_every_name():
    with pytest.raises(ExprSyntaxError) as err:
        parse_statement("x + gaus_delta(1, x, 1) <= 1", X, line=4, column=14)   # "gaus_delta" starts 4 characters in
    text = str(err.value)
    assert err.value.line == 4 and err.value.column == 18
    assert "unknown function 'gaus_delta' (did you mean 'gauss_delta'" in text
    assert "'dpproof functions' lists" in text
    assert "subsampled_laplace_renyi" not in text and len(text) < 400


def test_unknown_parameter_gets_did_you_mean():
    with pytest.raises(ExprSyntaxError, match=r"unknown name 'xx' \(did you mean 'x'\?\)"):
        parse_statement("xx <= 1", X)


def test_a_name_close_to_nothing_gets_no_suggestion():
    with pytest.raises(ExprSyntaxError) as err:
        parse_statement("qqqqqqq(x) <= 1", X)
    assert "did you mean" not in str(err.value)


def test_claims_file_typo_keeps_file_line_column(tmp_path, capsys):
    bad = tmp_path / "typo.toml"
    bad.write_text('[[claim]]\nid = "a.b"\nsource = "s"\n'
                   'statement = "gaus_delta(eps, 1, 1) <= 1"\ndomain = { eps = [0, 1] }\n')
    assert main(["list", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:4:14: claim 'a.b': unknown function 'gaus_delta' (did you mean " \
           "'gauss_delta'" in err
    assert len(err) < 400


def test_functions_lists_every_name_one_line_each(capsys):
    assert main(["functions"]) == 0
    out = capsys.readouterr().out
    lines = [ln.strip() for ln in out.splitlines()]
    for name in VOCABULARY:
        assert sum(ln.startswith(name + "(") for ln in lines) == 1, name
    assert "rr_compose_delta(k, eps0, eps)" in out


def test_functions_name_prints_the_whole_entry(capsys):
    assert main(["functions", "gauss_delta"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("gauss_delta(eps, sigma, Delta)\n")
    assert "hockey_stick(Normal(0, sigma), Normal(Delta, sigma), eps)" in out
    assert "kind:      oracle" in out and 'statement = "gauss_delta(eps, 1, 1) ==' in out


def test_functions_unknown_name_exits_2_with_did_you_mean(capsys):
    assert main(["functions", "gaus_delta"]) == 2
    err = capsys.readouterr().err
    assert err == ("dpproof: error: no function 'gaus_delta' (did you mean 'gauss_delta' or "
                   "'dpsgd_delta' or 'eps_at_delta'?); 'dpproof functions' lists them all\n")


def test_reference_page_is_generated_from_the_code():
    """docs/functions.md == markdown(); regenerate with
    ``python docs/gen_reference.py``."""
    page = (ROOT / "docs" / "functions.md").read_text()
    assert page == markdown()
    for name in VOCABULARY:
        assert f"### `{name}`" in page
