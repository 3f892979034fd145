"""--only, list and show build only the library modules that may hold the ids they select
(dpproof.sources.library_candidates); a library module declares only ids under its name."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dpproof import loader, sections
from dpproof.sources import library_candidates, library_modules

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ["theorems.adp_notes", "theorems.azize23", "theorems.cesar_rogers21",
           "theorems.osgt22", "theorems.wasserman"]


def test_the_candidates_of_a_glob_are_the_modules_its_literal_start_allows():
    assert library_modules() == SOURCES
    assert library_candidates(None) == SOURCES
    assert library_candidates(["wasserman.laplace.sd"]) == ["theorems.wasserman"]
    assert library_candidates(["osgt22.*", "azize23.alg1*"]) == ["theorems.azize23",
                                                                "theorems.osgt22"]
    assert library_candidates(["a*"]) == ["theorems.adp_notes", "theorems.azize23"]
    assert library_candidates(["wasserman"]) == ["theorems.wasserman"]  # no dot: still M
    assert library_candidates(["*.instances"]) == SOURCES
    assert library_candidates(["?sgt22.*"]) == SOURCES
    assert library_candidates(["nothing.here"]) == []


def _imported(args, tmp_path, depth: int = 1):
    """Run the CLI in a fresh process; its exit code, output and the theorem modules it
    imported: the sources (``theorems.P``, depth 1) or their sections (``theorems.P.M``,
    depth 2)."""
    code = ("import sys\nfrom dpproof.cli import main\ncode = main(sys.argv[1:])\n"
            f"print('IMPORTED', sorted(m for m in sys.modules if m.count('.') == {depth} and "
            "m.startswith('theorems.')))\nsys.exit(code)")
    env = {**os.environ, "DPPROOF_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=600)
    out, _, imported = done.stdout.rpartition("IMPORTED ")
    return done.returncode, out, eval(imported)   # noqa: S307 - our own printed list


def test_list_show_and_only_build_only_the_module_of_the_id(tmp_path):
    code, out, imported = _imported(["list", "--only", "wasserman.laplace.sd*"], tmp_path)
    assert code == 0 and imported == ["theorems.wasserman"]
    assert [line.split()[0] for line in out.splitlines()] == [
        "wasserman.laplace.sd", "wasserman.laplace.sd.repaired", "wasserman.laplace.sd.intended",
        "wasserman.laplace.sd.intended.instances"]
    code, out, imported = _imported(["show", "wasserman.laplace.sd.repaired"], tmp_path)
    assert code == 0 and imported == []          # the index written by list answers
    assert ("statement: Integral(w**2*exp(-Abs(w)/lambda_)/(2*lambda_), (w, -oo, oo)) == "
            "2*lambda_**2") in out
    assert "id:        wasserman.laplace.sd.repaired" in out
    code, out, imported = _imported(["verify", "--only", "wasserman.laplace.sd.repaired",
                                     "--no-pdf", "--quiet", "--out", "o"], tmp_path)
    assert code == 0 and imported == ["theorems.wasserman"]
    data = json.loads((tmp_path / "o" / "report.json").read_text())
    assert [(c["id"], c["verdict"]) for c in data["claims"]] == [
        ("wasserman.laplace.sd.repaired", "PROVED")]
    code, out, imported = _imported(["verify", "--only", "nothing.here", "--no-pdf",
                                     "--out", "o2"], tmp_path)
    assert code == 2 and imported == [] and not (tmp_path / "o2" / "report.json").exists()


def test_a_library_module_declaring_another_modules_id_is_refused(tmp_path, monkeypatch):
    (tmp_path / "mylib_x.py").write_text(
        "from dpproof.claims import Claim, Domain, Interval, Source\n"
        "from dpproof.expr import parse_statement\n"
        "D = Domain.of(x=Interval(0, 1))\n"
        "CLAIMS = (Claim('mylib_x.a', Source('k', 'f', 'l'), parse_statement('x <= 2', "
        "D.symbols()), D), Claim('other.b', Source('k', 'f', 'l'), "
        "parse_statement('x <= 3', D.symbols()), D))\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(loader, "library_modules", lambda: ["mylib_x"])
    with pytest.raises(loader.TargetError, match="library module 'mylib_x' declares claim id "
                       "'other.b'; its ids must start with 'mylib_x.'"):
        loader.load_target("mylib_x")


def test_the_sections_of_a_glob_are_those_its_literal_start_allows():
    assert sections.selected("theorems.adp_notes", ["adp_notes.name_and_shame.dp.instances"]) \
        == ["name_and_shame"]
    assert sections.selected("theorems.adp_notes", ["adp_notes.g*"]) == ["gaussian",
                                                                         "properties"]
    assert sections.selected("theorems.osgt22", ["osgt22.gauss.rdp*"]) == ["rdp"]
    assert sections.selected("theorems.osgt22", ["osgt22.gauss.*"]) == ["basics", "rdp"]
    assert sections.selected("theorems.adp_notes", ["adp_notes.*"]) is None   # every one
    assert sections.selected("theorems.adp_notes", None) is None
    assert sections.selected("theorems.azize23", ["azize23.alg2.*"]) == ["alg2", "repairs"]
    assert sections.selected("theorems.azize23", ["azize23.alg2.monotone"]) == ["alg2"]
    assert sections.selected("theorems.cesar_rogers21", ["cesar_rogers21.eq4"]) is None


def _built(args, tmp_path):
    """``_imported`` at the depth of the theorem packages' sections (``theorems.P.M``)."""
    return _imported(args, tmp_path, depth=2)


def test_only_show_and_list_build_only_the_section_of_the_id(tmp_path):
    code, out, built = _built(["show", "wasserman.ks.rates"], tmp_path)
    assert code == 0 and built == ["theorems.wasserman.common", "theorems.wasserman.mechanisms"]
    assert "id:        wasserman.ks.rates" in out
    code, out, built = _built(["verify", "--only", "adp_notes.name_and_shame.dp.instances",
                               "--no-pdf", "--quiet", "--out", "o"], tmp_path)
    assert code == 0 and built == ["theorems.adp_notes.common",
                                   "theorems.adp_notes.name_and_shame"]
    data = json.loads((tmp_path / "o" / "report.json").read_text())
    assert [(c["id"], c["verdict"]) for c in data["claims"]] == [
        ("adp_notes.name_and_shame.dp.instances", "PROVED")]
    # the section's index verify stored answers; the other sections are built, in order
    code, out, built = _built(["show", "adp_notes.name_and_shame.union"], tmp_path)
    assert code == 0 and built == []
    code, out, built = _built(["list", "--only", "adp_notes.*"], tmp_path)
    assert code == 0 and "theorems.adp_notes.name_and_shame" not in built
    assert "theorems.adp_notes.gaussian" in built
    ids = [line.split()[0] for line in out.splitlines()]
    from theorems.adp_notes import CLAIMS
    assert ids == [c.id for c in loader.every_claim(CLAIMS)]   # the order of the whole build


def test_a_section_declaring_an_id_outside_its_prefixes_is_refused(tmp_path, monkeypatch):
    pkg = tmp_path / "mylib_s"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(
        "from dpproof.sections import lazy\n"
        "SECTIONS = {'a': ('mylib_s.a.',), 'b': ('mylib_s.b.',)}\n"
        "__getattr__ = lazy(__name__, {'catalogue': 'common'})\n")
    (pkg / "common.py").write_text(
        "from dpproof.claims import Catalogue, Claim, Domain, Interval, Source\n"
        "from dpproof.expr import parse_statement\n"
        "catalogue = Catalogue(__package__)\n"
        "D = Domain.of(x=Interval(0, 1))\n"
        "def mk(cid):\n"
        "    return catalogue.declare(Claim(cid, Source('k', 'f', 'l'), "
        "parse_statement('x <= 2', D.symbols()), D))\n")
    (pkg / "a.py").write_text("from .common import mk\nmk('mylib_s.a.one')\n")
    (pkg / "b.py").write_text("from .common import mk\nmk('mylib_s.b.one')\nmk('mylib_s.a.two')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert [c.id for c in loader.load_target("mylib_s", ["mylib_s.a.*"])] == ["mylib_s.a.one"]
    assert "mylib_s.b" not in sys.modules
    with pytest.raises(ValueError, match="section mylib_s.b declares claim id 'mylib_s.a.two'"):
        loader.load_target("mylib_s")


def test_an_id_no_section_can_hold_builds_no_section(tmp_path):
    code, out, built = _built(["show", "adp_notes.no_such_claim"], tmp_path)
    assert code == 2 and built == []
    code, out, built = _built(["verify", "--only", "adp_notes.no_such_claim", "--no-pdf",
                               "--out", "o"], tmp_path)
    assert code == 2 and built == [] and not (tmp_path / "o" / "report.json").exists()
