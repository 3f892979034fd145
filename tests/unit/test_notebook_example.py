"""The notebook example (examples/api.ipynb) runs, and shows what its text says."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_api_notebook_executes(tmp_path, monkeypatch):
    monkeypatch.setenv("DPPROOF_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("PYTHONPATH", str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    nb = nbformat.read(ROOT / "examples" / "api.ipynb", as_version=4)
    nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    texts = [o.get("data", {}).get("text/plain", "") for o in outputs]
    assert texts[0].startswith(("('PROVED'", "('CERTIFIED'"))
    assert texts[1].startswith("('REFUTED', {'x': '")
    assert "REFUTED" in outputs[2]["data"]["text/markdown"]
    lower, upper = map(float, texts[3].strip("()").split(","))
    assert lower <= 4.377178 <= upper      # the exact epsilon of one Gaussian with mu = 1
