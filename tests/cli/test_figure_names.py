"""Every refuted claim gets its own region map: file names are unique per claim id (ids that
read alike, ``c.x`` and ``c_x``), bounded in length (an id of 300+ characters), and never
make folders (a ``/`` in an id)."""

import json
import warnings

from dpproof.cli import main
from dpproof.figures import region_name

LONG = "a." + "x" * 320 + "/y"
IDS = ["c.x", "c_x", "c/x", LONG]


def test_region_maps_have_one_file_per_claim(tmp_path, monkeypatch):
    monkeypatch.setenv("DPPROOF_CACHE_DIR", str(tmp_path / "cache"))
    claims = tmp_path / "alike.toml"
    claims.write_text("".join(f'[[claim]]\nid = "{cid}"\nsource = "s"\n'
                              f'statement = "x <= 1/{i + 2}"\ndomain = {{ x = [0, 1] }}\n\n'
                              for i, cid in enumerate(IDS)))
    out = tmp_path / "out"
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        assert main(["verify", str(claims), "--out", str(out), "--quiet", "--no-pdf",
                     "--no-cache"]) == 0
    assert not [w for w in said if "not drawn" in str(w.message)]
    data = json.loads((out / "report.json").read_text())
    assert [c["verdict"] for c in data["claims"]] == ["REFUTED"] * 4
    regions = {f["claims"][0]: f["path"] for f in data["settings"]["figures"]
               if f["title"].startswith("Where")}
    assert sorted(regions) == sorted(IDS)
    assert len(set(regions.values())) == 4
    for cid, path in regions.items():
        assert path == f"figures/{region_name(cid)}.png" and (out / path).is_file()
        assert len(path) < 100
    assert not [p for p in (out / "figures").iterdir() if p.is_dir()]
    markdown = (out / "report.md").read_text()
    assert all(f"]({path})" in markdown for path in regions.values())
