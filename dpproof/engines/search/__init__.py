"""The counterexample search (``search``): hypothesis, corners, local optimisation, re-certified in arb."""
