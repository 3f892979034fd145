"""report.json: the schema of docs/design.md, exact values, and load's schema check."""

import json as stdjson

import pytest

from dpproof.writers.json import SchemaError, load, render
from tests.writers.sample import small_report


@pytest.fixture(scope="module")
def data():
    return stdjson.loads(render(small_report()))


def test_top_level_contract(data):
    assert data["schema"] == 1 and data["dpproof_version"] == "0.1.0"
    assert data["partial"] is False
    assert data["settings"]["engines"] == ["symbolic", "interval"]
    assert [c["id"] for c in data["claims"]][:2] == ["demo22.identity", "demo22.log_above"]


def test_every_claim_and_evidence_has_the_contract_keys(data):
    for c in data["claims"]:
        assert list(c)[:9] == ["id", "source", "locator", "statement", "verdict", "scope",
                               "witness", "evidence", "seconds"]
        for e in c["evidence"]:
            assert list(e)[:4] == ["engine", "verdict", "detail", "seconds"]


def test_refuted_claim_values(data):
    c = {c["id"]: c for c in data["claims"]}["demo22.log_above"]
    assert c["verdict"] == "REFUTED" and c["witness"] == {"x": "2.5"}
    assert c["source"] == "demo22" and c["locator"] == "Theorem 3"
    assert c["statement"] == "x <= log(x + 1)"
    assert c["violation"] == "[-0.7472 +/- 1.3e-12]"
    assert c["repair"].startswith("certified to hold nowhere")
    assert c["domain"] == {"x": "[1, 4]"}
    interval = c["evidence"][1]
    assert interval["engine"] == "interval" and interval["witness"] == {"x": "2.5"}
    assert interval["data"] == {"boxes_visited": 9, "tightest_margin": None, "ratio": "1/3",
                                "exact": "7/2"}


def test_non_refuted_witness_is_null_and_verdicts_are_upper_case_words(data):
    verdicts = {c["id"]: c["verdict"] for c in data["claims"]}
    assert verdicts == {"demo22.identity": "PROVED", "demo22.log_above": "REFUTED",
                        "demo22.hyp_bound": "SUPPORTED", "demo22.asymptotic": "NOT_CHECKABLE",
                        "odd.under_score-id": "CERTIFIED", "demo22.broken": "ERROR",
                        "demo22.hard": "INCONCLUSIVE"}
    assert all(c["witness"] is None for c in data["claims"] if c["verdict"] != "REFUTED")


def test_non_finite_floats_become_strings_so_the_text_is_strict_json(data):
    text = render(small_report())
    stdjson.loads(text, parse_constant=lambda name: pytest.fail(f"non-JSON constant {name}"))
    c = {c["id"]: c for c in data["claims"]}["demo22.hyp_bound"]
    assert c["evidence"][0]["data"]["inf"] == "inf"


def test_load_round_trips():
    text = render(small_report())
    assert load(text) == stdjson.loads(text)


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.pop("schema"), "report: missing key 'schema'"),
    (lambda d: d.update(schema=2), "'schema' is 2"),
    (lambda d: d.update(partial="no"), "report.partial: expected bool"),
    (lambda d: d["claims"][1].pop("verdict"), "claims[1]: missing key 'verdict'"),
    (lambda d: d["claims"][0].update(verdict="TRUE"), "claims[0].verdict: 'TRUE' is not"),
    (lambda d: d["claims"][1].update(witness={"x": 2.5}), "claims[1].witness.x: expected a "
                                                           "decimal string"),
    (lambda d: d["claims"][1]["evidence"][0].pop("engine"),
     "claims[1].evidence[0]: missing key 'engine'"),
    (lambda d: d["claims"][0].update(seconds=True), "claims[0].seconds: got boolean"),
    (lambda d: d.update(claims={}), "report.claims: expected list"),
])
def test_load_names_the_bad_key(mutate, message):
    data = stdjson.loads(render(small_report()))
    mutate(data)
    with pytest.raises(SchemaError) as info:
        load(stdjson.dumps(data))
    assert message in str(info.value)


def test_load_rejects_text_that_is_not_json():
    with pytest.raises(SchemaError, match="not valid JSON"):
        load("{schema: 1")
