"""dpproof: checks the theorems of differential privacy.

Claims (``dpproof.claims``) are frozen data over sympy; engines decide them; the runner
aggregates the evidence under the soundness rules of DESIGN.md; writers render the report.
"""

__version__ = "0.1.0"
