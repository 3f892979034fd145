"""dpproof: checks the theorems of differential privacy.

Claims (``dpproof.claims``) are frozen data over sympy; engines decide them; the runner
aggregates the evidence under the soundness rules of docs/design.md; writers render the report.
Importing the package registers the notebook display of claims, assessments and reports
(``dpproof.notebook.register``), so ``claims`` and ``evidence`` import no writer, and
installs a faster path of sympy's multivariate factorisation with the same answers.
"""

__version__ = "0.1.0"

from . import notebook  # noqa: E402,F401  (registers _repr_markdown_ / _repr_latex_)
from . import sympy_factor  # noqa: E402

sympy_factor.install()   # an exact shortcut in sympy's factorisation (see the module)
