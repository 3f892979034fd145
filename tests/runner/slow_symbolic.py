"""A stand-in for the symbolic engine that needs 1 s of its budget to prove what it proves
(test-only): one work-second of counted calls under counted budgets (the default), one second
of sleep under ``budget="seconds"``.

It proves ``log(1 + x) <= x`` (true on x >= 0: the tangent line of a concave function) and
nothing else; used to test the runner's quick-then-full symbolic budget.
"""

import time

import sympy

from dpproof.engines.base import UNITS_PER_SECOND
from dpproof.evidence import Evidence, Verdict

NAME = "symbolic"
SECONDS = 1.0
x = sympy.Symbol("x")


def supports(claim) -> bool:
    return claim.statement is not None


def _unit():
    return None


def check(claim, config) -> Evidence:
    t0 = time.perf_counter()
    if config.budget == "work":
        for _ in range(int(SECONDS * UNITS_PER_SECOND)):
            _unit()
    else:
        time.sleep(SECONDS)
    st = claim.statement
    names = {s.name for s in st.free_symbols}
    if names == {"x"} and sympy.srepr(st.lhs).startswith("log") and st.rel == "<=":
        return Evidence(NAME, Verdict.PROVED, "log(1 + x) <= x: concave, tangent at 0",
                        time.perf_counter() - t0, scope="whole domain (exact)")
    return Evidence(NAME, Verdict.INCONCLUSIVE, "no proof found", time.perf_counter() - t0)
