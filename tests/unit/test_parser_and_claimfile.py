"""The safe expression language and the claims-file loader (issue 2, acceptance)."""

import textwrap

import pytest
import sympy

from dpproof.claimfile import ClaimFileError, load_claims_file
from dpproof.claims import Interval
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


# -- issue 10 items 4 and 6, issue 14 item 6: exact domains, a total parser, clear errors ----

def test_domain_numbers_are_read_exactly_as_written(tmp_path):
    p = _write(tmp_path, """
        [[claim]]
        id = "r.float_end"
        source = "false as written: the lower end is below sqrt(2)"
        statement = "x^2 >= 2 + 0 * (y + z)"
        domain = { x = [1.4142135623730950488016887242096, 2], y = ["1/1000", 100], z = 1e-30 }
        """)
    (c,) = load_claims_file(p)
    lo = c.domain["x"].lo
    assert lo == sympy.Rational(14142135623730950488016887242096, 10 ** 31)
    # as written the claim is false (lo^2 < 2); the nearest double would have made it true
    assert lo ** 2 < 2 < sympy.Rational(float("1.4142135623730950488016887242096")) ** 2
    assert c.domain["y"].lo == sympy.Rational(1, 1000)
    assert c.domain["z"].lo == c.domain["z"].hi == sympy.Rational(1, 10 ** 30)
    p = _write(tmp_path, """
        [[claim]]
        id = "r.point"
        source = "a point given as a fraction string"
        statement = "x <= 1"
        domain = { x = "1/3" }
        """)
    assert load_claims_file(p)[0].domain["x"].lo == sympy.Rational(1, 3)


@pytest.mark.parametrize("spec, lo, hi", [("(0, 5)", 1, 4), ("[0.5, 3.5]", 1, 3),
                                          ("(-3, 0]", -2, 0), ("(1/2, 2)", 1, 1)])
def test_integer_parameters_exclude_open_ends(spec, lo, hi):
    iv = Interval(*_ends(spec), integer=True)
    assert (iv.lo, iv.hi, iv.lo_open, iv.hi_open) == (lo, hi, False, False)
    assert not iv.contains(hi + 1) and not iv.contains(lo - 1) and iv.contains(lo)


def _ends(spec):
    lo, hi = spec[1:-1].split(",")
    return sympy.Rational(lo), sympy.Rational(hi), spec[0] == "(", spec[-1] == ")"


def test_integer_interval_without_integers_is_rejected():
    with pytest.raises(ValueError, match=r"empty interval \(0, 1\) integers"):
        Interval(0, 1, True, True, integer=True)
    assert Interval(None, sympy.Rational(5, 2), False, True, integer=True).hi == 2


def test_claims_file_integer_open_ends(tmp_path):
    p = _write(tmp_path, """
        [[claim]]
        id = "r.int_open"
        source = "true: k (5 - k) > 0 for k in 1..4"
        statement = "k*(5-k) > 0"
        domain = { k = "(0, 5)" }
        integers = ["k"]
        """)
    (c,) = load_claims_file(p)
    assert str(c.domain["k"]) == "[1, 4] integers"


@pytest.mark.parametrize("text, column, message", [
    ("784 ** 67e127 >= x", 1, "at most about 1000 digits"),
    ("x <= 1e999999999", 6, "at most 1000 digits"),
    ("x >= 1e-99999999", 6, "1e-99999999 is too small \\(too many digits\\): exact numbers"),
    ("2^(10^10) > x", 1, "at most about 1000 digits"),
    ("exp(10^6 * log(2)) > x", 1, "at most about 1000 digits"),
    ("(10^999 + 7)^(1/3) > x", 1, "roots and fractional powers"),
    ("exp(3 * exp(3 * exp(10^10))) > x", 9, "the argument of exp of numbers is at most 10"),
    ("exp(1)^(10^6 * log(2)) > x", 1, "at most about 1000 digits"),
    ("2^(pi * 10^200) > x", 1, "out of range"),
    ("9" * 5000 + " >= x", 1, "the number 99999999999999999999...99999999 \\(5000 characters\\)"),
    ("(" * 3000 + "x" + ")" * 3000 + " > 0", 51, "nested more than 50 levels"),
    ("x >= \u0663", 6, "only the ASCII digits 0-9"),
    ("", 1, "the statement is empty"),
    (" \n ", 1, "the statement is empty"),
    ("renyi(1, 2, 3) >= 0", 7, "argument 1 of renyi must be a distribution"),
    ("Normal(Normal(0, 1), 1) >= 0", 8, "cannot be argument 1 of Normal, which takes a number"),
    ("exp(Normal(0, 1)) >= 0", 5, "cannot be argument 1 of exp"),
    ("kl(Normal(0, 1), Normal(0, 1)) + Normal(0, 1) >= 0", 34, "cannot be added"),
    ("Normal(0, 1) <= 1", 1, "cannot be compared"),
])
def test_parser_is_total_with_line_and_column(text, column, message):
    # the column shows where the parser stopped: at the first token past a limit (no
    # timing here -- a clock in a unit test fails on a loaded machine, see CI of stop 36)
    with pytest.raises(ExprSyntaxError, match=message) as err:
        parse_statement(text, X, line=7)
    assert err.value.line == 7 and err.value.column == column


def test_true_claims_with_incomparable_max_and_big_exact_numbers_still_parse():
    st = parse_statement("max(x, Phi(1)) >= Phi(1)", X)
    assert st.lhs == sympy.Max(X["x"], Phi(1), evaluate=False)
    assert parse_statement("max(1, 2, x) >= 2", X).lhs == sympy.Max(2, X["x"])
    assert parse_statement("2^1000 * x >= 10^-300", X).lhs == 2 ** 1000 * X["x"]
    st = parse_statement("binomial(10^999, 10^998) >= 1", X)
    assert isinstance(st.lhs, sympy.binomial)          # kept unevaluated, not computed
    assert parse_statement("binomial(10, 3) == 120", X).lhs == 120


def test_parser_records_the_parameters_used():
    used = set()
    parse_statement("x >= 0 and eps <= 1 => x * 0 <= 1", {**X, "eps": sympy.Symbol("eps")},
                    used=used)
    assert used == {"x", "eps"}


def _load_error(tmp_path, body, raw: bytes | None = None):
    p = tmp_path / "bad.toml"
    if raw is not None:
        p.write_bytes(raw)
    else:
        p.write_text(textwrap.dedent(body))
    with pytest.raises(ClaimFileError) as err:
        load_claims_file(p)
    message = str(err.value)
    assert "\n" not in message and "bad.toml" in message
    return message


_OK = 'statement = "x <= 1"\ndomain = { x = [0, 1] }\n'


@pytest.mark.parametrize("body, expected", [
    ('[[claim]]\nid = "a.s"\n' + _OK,
     "claim 'a.s': 'source' is required: a string naming where the claim comes from"),
    ('[[claim]]\nsource = "s"\n' + _OK, "claim #1: 'id' is required: a string such as"),
    ('[[claim]]\nid = "a.d"\nsource = "s"\n' + _OK + '[[claim]]\nid = "a.d"\nsource = "t"\n'
     + _OK, "claim 'a.d': duplicate id (claims #1 and #2)"),
    ('[[claim]]\nid = "a.n"\nsource = "s"\nstatement = "x <= ' + "1" * 5000 + '"\n'
     'domain = { x = [0, 1] }\n', "bad.toml:4:19: claim 'a.n': the number 1111"),
    ('[[claim]]\nid = "a.i"\nsource = "s"\nstatement = "x <= 1"\ndomain = { x = [0, '
     + "7" * 5000 + '] }\n', "bad.toml:5: claim 'a.i': the number 7777"),
    ('[[claim]]\nid = "a.p"\nsource = "s"\nstatement = "' + "(" * 3000 + "x" + ")" * 3000
     + ' <= 1"\ndomain = { x = [0, 1] }\n', "claim 'a.p': the expression is nested more than"),
    ('[[claim]]\nid = "a.u"\nsource = "s"\nstatement = "x <= 1"\n'
     'domain = { x = [0, 1], y = [0, 1] }\n',
     "claim 'a.u': domain parameter(s) 'y' not used by the statement"),
    ('[[claim]]\nid = "a.inf"\nsource = "s"\n' 'statement = "x >= 0"\n'
     'domain = { x = [0, inf] }\n', 'needs an open bracket, as in "[0, inf)"'),
    ('[[claim]]\nid = "a.inf2"\nsource = "s"\n' 'statement = "x >= 0"\n'
     'domain = { x = "[0, inf]" }\n', "got \"[0, inf]\": an infinite end is never attained"),
    ('[[claim]]\nid = "a.nan"\nsource = "s"\n' 'statement = "x >= 0"\n'
     'domain = { x = [nan, 1] }\n', "nan is not a number"),
    ('[[claim]]\nid = "a.w"\nsource = "s"\n' 'statement = "x >= 0"\n'
     'domain = { x = ["sqrt(2)", 2] }\n', "'sqrt(2)' is not a number"),
    ('[[claim]]\nid = "a.h"\nsource = "s"\nstatement = "x >= 0"\nhypotheses = "x > 1"\n'
     'domain = { x = [0, 2] }\n', "'hypotheses' must be a list of relations"),
    ('[[claim]]\nid = "a.c"\nsource = "s"\nkind = "cited"\n',
     "claim 'a.c': a claim of kind \"cited\" needs 'reason'"),
    ('[[claim]]\nid = "a.id"\nsource = "s"\nkind = "identity"\n' + _OK,
     "claim 'a.id': a claim of kind \"identity\" needs a statement with '=='"),
    ('[[claim]]\nid = "a.e"\nsource = " "\n' + _OK, "'source' must be a string naming where"),
    ('claim = [1]\n', "claim #1: got 1; each claim is a [[claim]] table"),
    ('[[claim]]\nid = "a.r"\nsource = "s"\nstatement = "x <= 1"\ndomain = { x = '
     + "[" * 5000 + "]" * 5000 + " }\n", "nested too deeply"),
])
def test_bad_claims_files_give_one_line_naming_file_and_claim(tmp_path, body, expected):
    message = _load_error(tmp_path, body)
    assert expected in message, message
    assert "None" not in message and "sys.set_int_max_str_digits" not in message


def test_encoding_error_names_the_file(tmp_path):
    raw = b'[[claim]]\nid = "a.e"\nsource = "caf\xe9"\n' + _OK.encode()
    message = _load_error(tmp_path, None, raw)
    assert "bad.toml:3: not UTF-8 text (byte 0xe9" in message


def test_cli_exits_2_with_one_line_on_a_bad_claims_file(tmp_path, capsys):
    from dpproof.cli import main

    p = tmp_path / "bad.toml"
    p.write_text('[[claim]]\nid = "a.s"\nstatement = "x <= 1"\ndomain = { x = [0, 1] }\n')
    assert main(["list", str(p)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "bad.toml: claim 'a.s': 'source' is required" in err


def test_fresh_interpreter_sees_every_claims_file_function():
    """What a claims file may call does not depend on import order (issue 16)."""
    import subprocess
    import sys

    names = "from dpproof.expr.parser import allowed_functions; print(sorted(allowed_functions()))"
    load_only = f"import dpproof.claimfile; {names}"
    # an audit module whose audited library (the 'audit' extra) is not installed is passed
    # over: it registers no claims-file function
    everything = ("import importlib, pkgutil, dpproof, theorems\n"
                  "for pkg in (dpproof, theorems):\n"
                  "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
                  "        try:\n"
                  "            importlib.import_module(m.name)\n"
                  "        except ModuleNotFoundError as e:\n"
                  "            if e.name.split('.')[0] not in ('opacus', 'torch'):\n"
                  "                raise\n" + names)
    out = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=300).stdout for code in (load_only, everything)]
    assert out[0] == out[1] and "'bad_mass'" in out[0] and "'br_sup_eps_g'" in out[0]


def test_argument_kinds_cover_every_oracle_taking_distributions():
    import inspect

    from dpproof.expr.functions import ARG_KINDS, REGISTRY, arg_kinds
    from dpproof.expr.parser import allowed_functions

    allowed_functions()
    assert set(ARG_KINDS) <= set(REGISTRY)
    for name, cls in REGISTRY.items():
        try:
            params = list(inspect.signature(cls.arb_impl).parameters)
        except (TypeError, ValueError):
            continue
        kinds = arg_kinds(name, len(params))
        for i, p in enumerate(params):
            if p in ("P", "Q"):
                assert kinds[i] == "d", (name, params)


def test_long_domain_strings_are_rejected_quickly(tmp_path):
    """Rejected without backtracking: seconds of thread CPU time, not a tight bound, so that a
    collection of the worker's heap or a slow machine does not fail it."""
    import time

    for spec in ["[" + " " * 20000 + "]", "[1" + " " * 2000 + ",", "(" + "a " * 1000 + ", 1)"]:
        start = time.thread_time()
        message = _load_error(tmp_path, '[[claim]]\nid = "a.l"\nsource = "s"\nstatement = '
                              f'"x >= 0"\ndomain = {{ x = "{spec}" }}\n')
        assert time.thread_time() - start < 2.0 and "claim 'a.l': domain of 'x'" in message
