"""``dpproof cache clear`` removes what dpproof wrote into the cache folder and nothing else:
$DPPROOF_CACHE_DIR may be a shared folder (``~/.cache``, a project folder)."""

from pathlib import Path

from dpproof.cli import main

BASICS = str(Path(__file__).resolve().parents[2] / "examples" / "basics.toml")


def _run(tmp_path, cache, capsys):
    out = tmp_path / "out"
    argv = ["verify", BASICS, "--only", "basics.rr_odds", "--out", str(out), "--quiet",
            "--no-pdf"]
    assert main(argv) == 0
    assert list(cache.glob("??/*.pickle")) and (cache / "runs").is_dir()
    capsys.readouterr()


def test_cache_clear_leaves_the_users_files(tmp_path, monkeypatch, capsys):
    cache = tmp_path / "shared"
    monkeypatch.setenv("DPPROOF_CACHE_DIR", str(cache))
    mine = {"notes.txt": "mine", "important/thesis.tex": "mine", "figures/mine.png": "mine",
            "runs/mine/meta.pickle": "mine", "ab/keep.pickle": "mine",
            "declarations/index.json": "mine"}
    _run(tmp_path, cache, capsys)
    assert main(["list", BASICS]) == 0   # a declarations entry
    assert list((cache / "declarations").glob("*.json"))
    for rel, text in mine.items():
        (cache / rel).parent.mkdir(parents=True, exist_ok=True)
        (cache / rel).write_text(text)
    capsys.readouterr()
    assert main(["cache", "clear"]) == 0
    said = capsys.readouterr().out
    assert "removed 1 cached results" in said and "did not write are left" in said
    left = sorted(str(p.relative_to(cache)) for p in cache.rglob("*") if p.is_file())
    assert left == sorted(mine)
    assert all((cache / rel).read_text() == text for rel, text in mine.items())


def test_cache_clear_removes_a_folder_holding_only_what_dpproof_wrote(tmp_path, monkeypatch,
                                                                      capsys):
    cache = tmp_path / "cache"
    monkeypatch.setenv("DPPROOF_CACHE_DIR", str(cache))
    _run(tmp_path, cache, capsys)
    assert main(["cache", "clear"]) == 0
    assert "removed 1 cached results" in capsys.readouterr().out
    assert not cache.exists()
