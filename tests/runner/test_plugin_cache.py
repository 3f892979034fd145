"""The pytest plugin shares the result cache: a second session re-decides nothing."""

import textwrap

CLAIMS_TOML = textwrap.dedent("""
    [[claim]]
    id = "mylib.log1p_below"
    source = "mylib 1.2, log1p bound"
    statement = "log(1 + x) <= x"
    domain = { x = [0, 4] }
    """)


def test_second_session_reads_the_cache(pytester, plugin_args, monkeypatch):
    monkeypatch.setenv("DPPROOF_CACHE_DIR", str(pytester.path / "cache"))
    pytester.makefile(".claims.toml", mylib=CLAIMS_TOML)
    first = pytester.runpytest(*plugin_args, "--dpproof-report", "r1")
    first.assert_outcomes(passed=1)
    assert list((pytester.path / "cache").rglob("*.pickle"))
    second = pytester.runpytest(*plugin_args, "--dpproof-report", "r2")
    second.assert_outcomes(passed=1)
    import json
    r1 = json.loads((pytester.path / "r1" / "report.json").read_text())["claims"][0]
    r2 = json.loads((pytester.path / "r2" / "report.json").read_text())["claims"][0]
    assert (r1["cached"], r2["cached"]) == (False, True)
    assert r1["verdict"] == r2["verdict"] == "PROVED"
    none = pytester.runpytest(*plugin_args, "--dpproof-no-cache", "--dpproof-report", "r3")
    none.assert_outcomes(passed=1)
    assert json.loads((pytester.path / "r3" / "report.json").read_text())["claims"][0][
        "cached"] is False
