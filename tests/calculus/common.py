"""Shared pieces of the calculus tests: a source, a config, decide a proof."""

from dpproof.calculus import Context, Proof
from dpproof.checking import check_claim
from dpproof.claims import Claim, Source
from dpproof.engines.base import Config

SRC = Source("test", "tests/calculus", "calculus")
CONFIG = Config(timeout=90, engine_timeout=30)


def ctx(cid):
    return Context(cid, SRC)


def decide(cid, step, sweeps=()):
    """The assessment of a claim proved by ``step`` (premises through check_claim)."""
    return check_claim(Claim(cid, SRC, None, proof=Proof(step, sweeps)), CONFIG)


def premise_verdicts(a):
    """{premise id: verdict} from the proof tree of an assessment."""
    out = {}

    def walk(node):
        for p in node["premises"]:
            out[p["id"]] = p["verdict"]
        for c in node["children"]:
            walk(c)
    walk(a.evidence[0].data["proof"])
    return out
