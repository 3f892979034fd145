"""Shared helpers for the oracle tests: closed forms evaluated at high precision in arb."""

import pytest
from flint import arb, ctx, fmpq


def q(a, b=1):
    """Exact rational as an arb ball."""
    return arb(fmpq(a, b))


def hi(f):
    """Evaluate f() at 400 bits: a near-exact reference ball for 'inside' checks."""
    with ctx.workprec(400):
        return f()


def inside(ref, enc):
    return enc.contains(ref)


def rel_rad(x):
    return x.rad() / abs(x.mid())


@pytest.fixture(autouse=True)
def prec128():
    with ctx.workprec(128):
        yield
