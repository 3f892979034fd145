"""Shared helpers for the test suite."""

from dpproof.claims import Claim, Domain, Interval, Kind, Source
from dpproof.expr import parse_statement

TEST_SOURCE = Source("test", "tests", "conformance suite")


def make_claim(cid: str, text: str, kind: Kind = Kind.INEQUALITY, **ranges: Interval) -> Claim:
    """A claim parsed from the claims-file language over the given parameter ranges."""
    domain = Domain(tuple(ranges.items()))
    return Claim(cid, TEST_SOURCE, parse_statement(text, domain.symbols()), domain, kind)
