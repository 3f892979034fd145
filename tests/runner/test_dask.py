"""The Dask backend: a local scheduler and two worker processes give the verdicts of the
local supervised pool, claim by claim."""

from pathlib import Path

import pytest

from dpproof.engines.base import Config
from dpproof.cluster import DaskExecutor
from dpproof.loader import load_target
from dpproof.runner import verify

distributed = pytest.importorskip("distributed")

BASICS = str(Path(__file__).resolve().parents[2] / "examples" / "basics.toml")


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as c:
        yield c


def test_dask_gives_the_verdicts_of_the_local_run(cluster):
    claims = load_target(BASICS)
    config = Config(search_examples=60)
    local = verify(claims, config, jobs=2)
    remote = verify(claims, config, executor=DaskExecutor(cluster.scheduler_address))
    differ = [(a.id, a.verdict.value, a.scope, b.verdict.value, b.scope, b.evidence)
              for a, b in zip(local.assessments, remote.assessments)
              if (a.id, a.verdict, a.witness) != (b.id, b.verdict, b.witness)]
    assert not differ, differ       # (id, local verdict and scope, Dask's, Dask's evidence)
    assert len(remote.assessments) == len(local.assessments)
    assert {a.verdict.value for a in remote.assessments} >= {"PROVED", "CERTIFIED", "REFUTED"}


def test_a_claim_killed_on_a_dask_worker_is_error_and_the_rest_decided(cluster, monkeypatch,
                                                                        tmp_path):
    from dpproof import cluster as dask_cluster
    from dpproof import execution
    from tests.runner import faults

    monkeypatch.setitem(__import__("dpproof.engines.base", fromlist=["ENGINES"]).ENGINES,
                        faults.NAME, faults.__name__)
    with distributed.Client(cluster.scheduler_address) as client:
        client.run(faults.register)     # the test-only engine, on every worker
        client.run(dask_cluster.reset_warm_pools)   # pools forked before it cannot see it
    monkeypatch.setattr(execution, "WALL_PER_CPU", 1)   # 4 wall seconds
    config = Config(engines=("fault", "interval"), timeout=1, engine_timeout=1, backstop=4)
    report = verify([faults.claim("stuck"), faults.true_claim(0)], config,
                    executor=DaskExecutor(cluster.scheduler_address))
    assert report.by_id("ok.c0").verdict.value == "CERTIFIED"
    stuck = report.by_id("fault.c0.stuck")
    assert stuck.verdict.value == "INCONCLUSIVE" and "wall-clock backstop" in stuck.scope


def test_cli_scheduler_option_runs_the_claims_on_the_cluster(cluster, tmp_path, capsys,
                                                              monkeypatch):
    import json

    from dpproof.cli import main

    monkeypatch.setenv("DPPROOF_CACHE_DIR", str(tmp_path / "cache"))
    out = tmp_path / "out"
    assert main(["verify", BASICS, "--scheduler", cluster.scheduler_address, "--out", str(out),
                 "--quiet", "--no-pdf"]) == 0
    verdicts = {c["id"]: c["verdict"] for c in json.loads((out / "report.json").read_text())[
        "claims"]}
    assert verdicts["basics.gaussian_tail_mills_wrong"] == "REFUTED"
    assert verdicts["basics.rr_odds"] == "PROVED"


def test_an_unreachable_scheduler_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch):
    from dpproof import cluster as dask_cluster
    from dpproof.cli import main

    monkeypatch.setattr(dask_cluster.DaskExecutor, "__init__",
                        lambda self, address: setattr(self, "address", address)
                        or setattr(self, "connect_timeout", 2.0))
    code = main(["verify", BASICS, "--scheduler", "tcp://127.0.0.1:9", "--out",
                 str(tmp_path / "o"), "--quiet", "--no-pdf", "--no-cache"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert "cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'" in err


def _pool_and_worker_pid():
    import os

    from dpproof import cluster as dask_cluster
    pool = dask_cluster.warm_pool(None)
    return id(pool), os.getpid(), pool.schedule(os.getpid).result(timeout=60)


def test_a_dask_worker_keeps_one_warm_pool_across_claims(cluster):
    """Start-up (imports, warm-up) is paid once per Dask worker: its claims run in one pebble
    pool, each in a fresh fork of the warmed-up Dask worker (``CLAIMS_PER_WORKER``)."""
    with distributed.Client(cluster.scheduler_address) as client:
        worker = next(iter(client.scheduler_info()["workers"]))
        got = [client.submit(_pool_and_worker_pid, pure=False, workers=[worker]).result(60)
               for _ in range(3)]
    assert len({(pool, parent) for pool, parent, _ in got}) == 1, got
    assert len({child for _, _, child in got}) == 3, got
