"""sympy's polynomial hashes made free of memory addresses (dpproof/sympy_hashes.py): equal
objects still hash equal, and a hash is the same number in every process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import sympy
from sympy.polys.orderings import ProductOrder, grlex, lex
from sympy.polys.rings import ring

import dpproof.expr  # noqa: F401  (installs the hashes)
from dpproof import sympy_hashes

ROOT = Path(__file__).resolve().parents[2]
x, y = sympy.symbols("x y")

_PROBE = """
import dpproof.expr, sympy
from sympy.polys.rings import ring
from sympy.polys.orderings import lex, grlex
x, y = sympy.symbols("x y")
R, X, Y = ring("x,y", sympy.QQ, lex)
print([hash(o) for o in (lex, grlex, sympy.RR, sympy.CC, sympy.GF(7), R, X * Y + 1,
       sympy.QQ.algebraic_field(sympy.sqrt(2)), sympy.QQ.frac_field(x), sympy.QQ[y],
       sympy.Poly(x**2 + y, x, domain=sympy.QQ[y]), sympy.Poly(x + 1.5, x),
       sympy.Poly(x**2 + sympy.sqrt(2), x, extension=True))])
"""


def _hashes() -> str:
    done = subprocess.run([sys.executable, "-c", _PROBE], cwd=ROOT, capture_output=True,
                          text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"})
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_every_patched_class_defines_the_hash_it_is_given():
    sympy_hashes.install()
    for cls, h in sympy_hashes.PATCHES:
        assert vars(cls)["__hash__"] is h


def test_equal_domains_orders_rings_and_polys_hash_equal():
    pairs = [(lex, type(lex)()), (grlex, type(grlex)()),
             (sympy.RealField(80), sympy.RealField(80)), (sympy.GF(7), sympy.GF(7)),
             (sympy.QQ.algebraic_field(sympy.sqrt(2)), sympy.QQ.algebraic_field(sympy.sqrt(2))),
             (ProductOrder((lex, lambda m: m[:1]), (grlex, lambda m: m[1:])),) * 2,
             (ring("x,y", sympy.QQ, lex)[1] + 1, ring("x,y", sympy.QQ, lex)[1] + 1),
             (sympy.Poly(x**2 + y, x, domain=sympy.QQ[y]),
              sympy.Poly(x**2 + y, x, domain=sympy.QQ[y]))]
    for a, b in pairs:
        assert a == b and hash(a) == hash(b), (a, b)
    # unequal objects may collide, but these do not
    assert hash(sympy.RealField(80)) != hash(sympy.RealField(53))
    assert hash(lex) != hash(grlex)


def test_the_hashes_are_the_same_in_two_processes():
    first, second = _hashes(), _hashes()
    assert first == second and first.count(",") == 12
