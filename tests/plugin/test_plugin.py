"""The pytest plugin: claims files and *_claims.py modules become tests with the right outcome."""

import re
import textwrap

CLAIMS_TOML = textwrap.dedent("""
    [[claim]]
    id = "mylib.log1p_below"
    source = "mylib 1.2, log1p bound"
    statement = "log(1 + x) <= x"
    domain = { x = [0, 4] }

    [[claim]]
    id = "mylib.log1p_above"
    source = "mylib 1.2, a bound with the wrong direction"
    statement = "x <= log(1 + x)"
    domain = { x = [1, 4] }
    """)

CITED_TOML = textwrap.dedent("""
    [[claim]]
    id = "mylib.asymptotic"
    source = "mylib 1.2, asymptotic remark"
    kind = "cited"
    reason = "asymptotic statement"
    statement = "x <= x"
    """)

CLAIMS_PY = textwrap.dedent("""
    import sympy
    from dpproof.claims import Claim, Domain, Interval, Source, Statement

    x = sympy.Symbol("x", positive=True)
    SRC = Source("pymod", "pymod_claims.py", "Lemma 1")
    CLAIMS = (
        Claim("pymod.exp_above_line", SRC, Statement(sympy.exp(x), ">=", 1 + x),
              Domain.of(x=Interval.closed(0, 3))),
        Claim("pymod.exp_below_line", SRC, Statement(sympy.exp(x), "<=", 1 + x),
              Domain.of(x=Interval.closed(1, 3))),
    )
    """)


def test_claims_file_gives_one_pass_and_one_failure_with_the_witness(pytester, plugin_args):
    pytester.makefile(".claims.toml", mylib=CLAIMS_TOML)
    result = pytester.runpytest(*plugin_args, "-v", "--dpproof-timeout", "60")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*mylib.claims.toml::mylib.log1p_below PASSED*",
                                 "*mylib.claims.toml::mylib.log1p_above FAILED*"])
    out = result.stdout.str()
    assert "dpproof: mylib.log1p_above is REFUTED" in out
    assert "witness:   x = " in out
    assert "certified violation (margin at the witness): [-" in out
    assert "dpproof: 2 claims:" in out


def test_python_claims_module_is_collected(pytester, plugin_args):
    pytester.makepyfile(pymod_claims=CLAIMS_PY)
    result = pytester.runpytest(*plugin_args, "-v")
    result.assert_outcomes(passed=1, failed=1)
    assert "pymod.exp_below_line is REFUTED" in result.stdout.str()


def test_cited_claim_is_skipped(pytester, plugin_args):
    pytester.makefile(".claims.toml", cited=CITED_TOML.replace('statement = "x <= x"\n', ""))
    result = pytester.runpytest(*plugin_args, "-rs")
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines(["*NOT_CHECKABLE: asymptotic statement*"])


def test_inconclusive_warns_and_fails_only_when_strict(pytester, plugin_args):
    pytester.makefile(".claims.toml", mylib=CLAIMS_TOML.split("[[claim]]")[1].join(
        ["[[claim]]", ""]))
    tiny = ["--dpproof-timeout", "0.0001"]
    lenient = pytester.runpytest(*plugin_args, *tiny)
    lenient.assert_outcomes(passed=1, warnings=1)
    assert "INCONCLUSIVE" in lenient.stdout.str()
    strict = pytester.runpytest(*plugin_args, *tiny, "--dpproof-strict")
    strict.assert_outcomes(failed=1)
    assert "mylib.log1p_below is INCONCLUSIVE" in strict.stdout.str()


def test_bad_claims_file_is_a_collection_error_naming_the_line(pytester, plugin_args):
    pytester.makefile(".claims.toml", bad=textwrap.dedent("""
        [[claim]]
        id = "bad.eval"
        source = "s"
        statement = "x <= __import__('os')"
        domain = { x = [0, 1] }
        """))
    result = pytester.runpytest(*plugin_args)
    result.assert_outcomes(errors=1)
    out = result.stdout.str()
    assert "dpproof could not load bad.claims.toml" in out
    assert re.search(r"bad\.claims\.toml:\d+:\d+: claim 'bad\.eval'", out)
    assert "Traceback" not in out


def test_report_option_writes_the_report(pytester, plugin_args):
    pytester.makefile(".claims.toml", mylib=CLAIMS_TOML)
    out = pytester.path / "rep"
    pytester.runpytest(*plugin_args, "--dpproof-report", str(out))
    from dpproof.writers.json import load
    data = load((out / "report.json").read_text())
    assert {c["id"]: c["verdict"] for c in data["claims"]} == {
        "mylib.log1p_below": "PROVED", "mylib.log1p_above": "REFUTED"}
    assert (out / "report.md").exists() and not (out / "report.pdf").exists()
