"""Inputs the red team's round 8b found mis-handled: parameters named like the claims
language's names, constant undefined terms, targets that are not files, a target file name
that is not UTF-8.  Each bad one is one line and exit 2, before anything is written."""

import json
import os
from pathlib import Path

import pytest

from dpproof import runner
from dpproof.cli import main
from dpproof.evidence import Evidence, Report, Verdict, assess


def _claims(tmp_path, statement, domain="{ x = [0, 1] }", name="c.toml"):
    path = tmp_path / name
    path.write_text(f'[[claim]]\nid = "k.a"\nsource = "s"\nstatement = "{statement}"\n'
                    f'domain = {domain}\n')
    return str(path)


@pytest.mark.parametrize("name, says", [
    ("pi", "parameter name 'pi' is the constant pi of the claims language"),
    ("exp", "parameter name 'exp' is a function of the claims language"),
    ("renyi", "parameter name 'renyi' is a function of the claims language"),
    ("and", "parameter name 'and' is a keyword of the claims language"),
    ("E", "parameter name 'E' is a constant of sympy (e)"),
])
def test_a_parameter_named_like_the_language_is_refused(name, says, tmp_path, capsys):
    target = _claims(tmp_path, f"{name} <= 7/2", f"{{ {name} = [3, 4] }}")
    assert main(["list", target]) == 2
    err = capsys.readouterr().err
    assert says in err and f"(e.g. {name}_)" in err and err.count("\n") == 1


@pytest.mark.parametrize("statement, term", [
    ("x <= 1/0", "1/0"), ("x <= log(0)", "log(0)"), ("x <= sqrt(-1)", "sqrt(-1)"),
    ("x + 0^(-1) <= 2", "0^(-1)"), ("x <= log(-1) + 1", "log(-1)"),
])
def test_a_constant_undefined_term_is_refused_where_it_is_written(statement, term, tmp_path,
                                                                  capsys):
    target = _claims(tmp_path, statement)
    assert main(["verify", target, "--out", str(tmp_path / "out"), "--no-pdf"]) == 2
    err = capsys.readouterr().err
    assert f"'{term}' is undefined" in err and err.count("\n") == 1
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("statement", ["x <= (-8)^(1/3) + 3", "x <= 0^0", "x/x <= 1",
                                       "x <= log(2)", "x*sqrt(2) <= 2"])
def test_defined_constants_still_parse(statement, tmp_path, capsys):
    assert main(["list", _claims(tmp_path, statement)]) == 0


def test_a_target_that_is_not_a_file_says_what_it_is(tmp_path, capsys):
    (tmp_path / "adir.toml").mkdir()
    os.mkfifo(tmp_path / "pipe.toml")
    os.symlink("loop.toml", tmp_path / "loop.toml")
    os.symlink("nothing", tmp_path / "dangling.toml")
    for name, says in [("adir", "is a folder, not a file"), ("pipe", "is a named pipe, not "
                       "a file"), ("loop", "is a symbolic link loop, not a file"),
                       ("dangling", "is a symbolic link to nothing"),
                       ("missing", "does not exist")]:
        target = str(tmp_path / f"{name}.toml")
        for argv in (["list", target], ["verify", target, "--out", str(tmp_path / "o")]):
            assert main(argv) == 2
            err = capsys.readouterr().err
            assert err == f"dpproof: error: claims file {target!r} {says}\n", err
    assert not (tmp_path / "o").exists()


def test_a_target_file_name_that_is_not_utf8_gets_its_report(tmp_path, monkeypatch):
    monkeypatch.setenv("DPPROOF_CACHE_DIR", str(tmp_path / "cache"))

    def verify(claims, config=None, **kwargs):   # the claims as loaded, decided at once
        return Report(tuple(assess(c, [Evidence("fake", Verdict.PROVED, "fake",
                                                scope="whole domain",
                                                data={"cross_examination": "fake sweep"})])
                            for c in runner.flatten(claims)), {"seed": 0}, "0", False)
    monkeypatch.setattr(runner, "verify", verify)
    folder = os.fsencode(tmp_path)
    target = os.fsdecode(folder + b"/\xff.toml")
    Path(target).write_text(Path(_claims(tmp_path, "x <= 2")).read_text())
    out = tmp_path / "out"
    assert main(["verify", target, "--out", str(out), "--quiet", "--no-pdf"]) == 0
    data = json.loads((out / "report.json").read_bytes().decode("utf-8"))
    assert [c["verdict"] for c in data["claims"]] == ["PROVED"]
    assert "\ufffd.toml" in (out / "report.md").read_text(encoding="utf-8")
