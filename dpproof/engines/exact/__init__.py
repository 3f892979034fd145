"""The exact engine (``symbolic``): proofs with sympy, each step sound by construction (docs/engines.md)."""
