"""A claim that runs long is not silent: the local pool reports the running claims as it
polls them, and the command line prints ``  ... still deciding ID (30 s)`` on stderr every
30 wall seconds of a claim (display only), unless --quiet."""

import pytest

from dpproof import cli
from dpproof.engines.base import ENGINES, Config
from dpproof.execution import LocalExecutor
from dpproof.runner import verify
from tests.runner import faults


def test_the_heartbeat_says_each_running_claim_once_per_period(capsys):
    beat = cli._Heartbeat(every=30)
    for running in ({"a.slow": 5.0}, {"a.slow": 31.0, "b.fast": 2.0}, {"a.slow": 59.0},
                    {"a.slow": 95.0, "b.fast": 30.5}):
        beat(running)
    assert capsys.readouterr().err.splitlines() == [
        "  ... still deciding a.slow (30 s)", "  ... still deciding a.slow (90 s)",
        "  ... still deciding b.fast (30 s)"]


@pytest.fixture
def fault_engine():
    saved = dict(ENGINES)
    faults.register(first=True)
    yield faults
    ENGINES.clear()
    ENGINES.update(saved)


def test_the_pool_reports_the_claims_it_is_running(fault_engine):
    """The watch sees the sleeping claim running (then interrupts the run)."""
    seen = []

    def watch(running):
        seen.append(dict(running))
        if "fault.c1.sleep" in running:
            raise KeyboardInterrupt
    report = verify([fault_engine.claim("sleep", 1)], Config(engines=tuple(ENGINES)),
                    executor=LocalExecutor(1, watch=watch))
    assert report.partial
    assert any("fault.c1.sleep" in r and r["fault.c1.sleep"] >= 0 for r in seen)


def test_quiet_runs_have_no_heartbeat(monkeypatch, tmp_path):
    made = []
    real = LocalExecutor.__init__

    def init(self, *a, **k):
        made.append(k.get("watch"))
        real(self, *a, **k)
    monkeypatch.setattr(LocalExecutor, "__init__", init)
    monkeypatch.setenv("DPPROOF_CACHE_DIR", str(tmp_path / "cache"))
    claims = tmp_path / "c.toml"
    claims.write_text('[[claim]]\nid = "k.a"\nsource = "s"\nstatement = "x <= 2"\n'
                      'domain = { x = [0, 1] }\n')
    for quiet in (["--quiet"], []):
        assert cli.main(["verify", str(claims), "--out", str(tmp_path / "o"), "--no-pdf",
                         "--no-cache", *quiet]) == 0
    assert made[0] is None and isinstance(made[1], cli._Heartbeat)
