"""The safe expression language and the claims-file loader (issue 2, acceptance)."""

import textwrap

import pytest
import sympy

from dpproof.claimfile import ClaimFileError, load_claims_file
from dpproof.expr import ExprSyntaxError, Phi, parse_statement

X = {"x": sympy.Symbol("x", positive=True)}


def test_numbers_are_exact_rationals():
    st = parse_statement("Phi(x + 0.16) <= 1e-3 * x", X)
    assert st.lhs == Phi(X["x"] + sympy.Rational(4, 25))
    assert st.rhs == sympy.Rational(1, 1000) * X["x"]


def test_precedence_power_and_unary_minus():
    st = parse_statement("-x^2 == 2^3^2 - x**2 / 4", X)
    assert st.lhs == -X["x"] ** 2 and st.rhs == 512 - X["x"] ** 2 / 4


def test_implication_with_hypotheses():
    st = parse_statement("x >= 1 and x <= 2 => x^2 <= 4", X)
    assert len(st.hypotheses) == 2 and st.rel == "<="


@pytest.mark.parametrize("text, column, message", [
    ("x.__class__ <= 1", 2, "attribute access is not allowed"),
    ("__import__('os') <= 1", 1, "unexpected character '_'"),
    ("eval(x) <= 1", 1, "unknown function 'eval'"),
    ("y <= 1", 1, "unknown name 'y'"),
    ("x <= ", 6, "expected a number"),
    ("exp(x, x) <= 1", 1, "exp takes 1 argument"),
    ("x <= 1 <= 2", 8, "chained relations"),
    ("x + 1", 1, "needs one relation"),
    ("x[0] <= 1", 2, "unexpected character '\\['"),
])
def test_rejections_name_line_column_and_what_is_allowed(text, column, message):
    with pytest.raises(ExprSyntaxError, match=message) as err:
        parse_statement(text, X, line=7)
    assert err.value.line == 7 and err.value.column == column


def test_unknown_function_lists_what_is_allowed():
    with pytest.raises(ExprSyntaxError, match="allowed: numbers, the parameters \\(x\\)"):
        parse_statement("gamma(x) <= 1", X)


def _write(tmp_path, body):
    p = tmp_path / "c.toml"
    p.write_text(textwrap.dedent(body))
    return p


def test_claims_file_loads_domains_open_ends_and_integers(tmp_path):
    p = _write(tmp_path, """
        [[claim]]
        id = "a.one"
        source = "mine"
        statement = "log(1 + x) <= n * x"
        domain = { x = "(0, inf)", n = [1, 5] }
        integers = ["n"]
        """)
    (c,) = load_claims_file(p)
    assert c.domain["x"].lo_open and c.domain["x"].hi is None and c.domain["n"].integer


def test_claims_file_error_names_file_line_and_column(tmp_path):
    p = _write(tmp_path, """
        [[claim]]
        id = "a.bad"
        source = "mine"
        statement = "x <= __import__('os').system('touch pwned')"
        domain = { x = [0, 1] }
        """)
    with pytest.raises(ClaimFileError, match=r"c\.toml:5:19: claim 'a.bad': unexpected "):
        load_claims_file(p)
    assert not (tmp_path / "pwned").exists()


def test_claims_file_rejects_unknown_keys_and_bad_domains(tmp_path):
    p = _write(tmp_path, """
        [[claim]]
        id = "a.k"
        source = "s"
        statement = "x <= 1"
        domain = { x = [0, 1, 2] }
        """)
    with pytest.raises(ClaimFileError, match="exactly two ends"):
        load_claims_file(p)
    p = _write(tmp_path, '[[claim]]\nid = "a"\nsource = "s"\nstatement = "x <= 1"\ncode = 1\n')
    with pytest.raises(ClaimFileError, match=r"unknown key\(s\) \['code'\]"):
        load_claims_file(p)
