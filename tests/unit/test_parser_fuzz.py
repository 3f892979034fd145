"""The parser is total and cheap (issue 10, item 6): a hypothesis fuzzer.

Statements come from a grammar that mixes valid tokens (parameters, every callable name, with
right and wrong arities), huge numbers (``784 ** 67e127``, ``1e999999999``, 5000 digits),
non-ASCII digits, deep nesting and random junk.  Every input must either parse or raise the
one documented ``ExprSyntaxError`` (with a line and a column), in under ``LIMIT_S`` seconds,
and nothing may be executed.  ``benchmarks/fuzz_parser.py`` runs the same property on 10^5
examples.
"""

from __future__ import annotations

import gc
import time
from pathlib import Path

import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dpproof.expr.functions import ELEMENTARY_ARITY, arg_kinds
from dpproof.expr.parser import ExprSyntaxError, allowed_functions, parse_statement

LIMIT_S = 2.0   # a pathological (backtracking, exponential) parse, not a slow machine
PARAMS = {"x": sympy.Symbol("x", positive=True), "eps": sympy.Symbol("eps", real=True),
          "n": sympy.Symbol("n", integer=True, nonnegative=True)}
SENTINEL = Path("/tmp/dpproof_fuzz_pwned")

_FUNCS = allowed_functions()


def _arities(name: str) -> list[int]:
    if name in ELEMENTARY_ARITY:
        a = ELEMENTARY_ARITY[name]
        return [2, 3] if a is None else [a]
    return sorted(int(a) for a in _FUNCS[name].nargs)[:3]


_HUGE = ["784 ** 67e127", "1e999999999", "9" * 5000, "1e-1000", "2^(10^10)", "10^1000",
         "(10^999+7)^(1/3)", "2^2^2^2^2", "binomial(10^999, 10^998)", "0.1e-999999999999",
         "1" + "0" * 1001, "(1/2)^3000", "sqrt(10^999)", "exp(10^999)", "exp(10^6*log(2))",
         "exp(1)^(10^6*log(2))", "sqrt(10^99+7)*sqrt(10^99+9)", "(10^99+7)^(1/3)",
         "max(Phi(1), Q(1), 1/2)", "binomial(1/2, 10^6)", "log(0)", "0^0", "1/0",
         "exp(3*exp(3*exp(10^10)))", "exp(exp(exp(exp(exp(1)))))", "2^(pi*10^200)",
         "exp(10^999)", "exp(1)^(10^6*log(2))", "(10^999)^pi"]
_UNICODE = ["\u0663", "\uff15", "\u00b2", "\u2083", "\u216b", "\u07c3", "x\u0663", "\u00e9",
            "\u200b", "\ufeff", "\u00a0"]
_JUNK = ["__import__('os').system('touch /tmp/dpproof_fuzz_pwned')", "x.__class__", "x[0]",
         "lambda: 1", "'s'", "\"s\"", ";", "@", "\\", "#", "$", "{}", "..", "=", "!=", "&&"]
_OPS = ["+", "-", "*", "/", "^", "**"]
_RELS = ["<=", "<", "==", ">=", ">"]

numbers = st.one_of(
    st.integers(0, 10 ** 6).map(str),
    st.from_regex(r"\A[0-9]{1,6}(\.[0-9]{0,4})?([eE][+-]?[0-9]{1,12})?\Z"),
    st.sampled_from(["0.16", ".5", "1.", "0", "2", "1e-3", "67e127", "3"]),
)
_names = st.sampled_from(["x", "eps", "n", "pi"])
atoms = st.one_of(_names, numbers, _names, numbers,
                  st.sampled_from(_HUGE + _UNICODE + ["y", "Phi", "E", "I", "oo"]))


def _compose(children):
    name = st.sampled_from(sorted(_FUNCS))
    right_call = name.flatmap(lambda f: st.sampled_from(_arities(f)).flatmap(
        lambda k: st.lists(children, min_size=k, max_size=k).map(
            lambda args: f"{f}({', '.join(args)})")))
    any_call = st.tuples(name, st.lists(children, max_size=4)).map(
        lambda t: f"{t[0]}({', '.join(t[1])})")
    dist = st.sampled_from(["Normal(0, 1)", "Normal(x, 2)", "Laplace(0, 1)", "Bernoulli(1/3)"])
    divergence = st.tuples(st.sampled_from(["renyi", "hockey_stick", "kl", "tv", "bad_mass"]),
                           dist, dist, children).map(lambda t: f"{t[0]}({t[1]}, {t[2]}, {t[3]})")
    return st.one_of(
        st.tuples(children, st.sampled_from(_OPS), children).map(" ".join),
        children.map(lambda c: f"({c})"),
        children.map(lambda c: f"-{c}"),
        right_call, any_call, divergence, dist,
    )


def _compose_clean(children):
    """Only well-formed calls and operators: statements that mostly parse."""
    numeric = sorted(f for f in _FUNCS if "d" not in "".join(
        arg_kinds(f, a) for a in _arities(f)) and not getattr(_FUNCS[f], "opaque", False))
    call = st.sampled_from(numeric).flatmap(lambda f: st.sampled_from(_arities(f)).flatmap(
        lambda k: st.lists(children, min_size=k, max_size=k).map(
            lambda args: f"{f}({', '.join(args)})")))
    return st.one_of(st.tuples(children, st.sampled_from(_OPS), children).map(" ".join),
                     children.map(lambda c: f"({c})"), children.map(lambda c: f"-{c}"), call)


expressions = st.one_of(st.recursive(atoms, _compose, max_leaves=12),
                        st.recursive(st.one_of(_names, numbers), _compose_clean, max_leaves=12))
relations = st.tuples(expressions, st.sampled_from(_RELS), expressions).map(" ".join)
nested = st.tuples(st.integers(1, 4000), st.sampled_from(["(", "-", "exp(", "2^", "max(x, "]),
                   expressions).map(
    lambda t: t[1] * t[0] + t[2] + (")" * t[0] if "(" in t[1] else "") + " >= 0")


@st.composite
def mangled(draw):
    """A statement with junk spliced in or a piece cut out."""
    text = draw(relations)
    i = draw(st.integers(0, len(text)))
    junk = draw(st.one_of(st.sampled_from(_JUNK + _UNICODE + _RELS + ["and", "=>", "(", ")"]),
                          st.text(max_size=4)))
    return text[:i] + junk + text[i + draw(st.integers(0, 3)):]


statements = st.one_of(
    relations,
    st.tuples(relations, relations, relations).map(lambda t: f"{t[0]} and {t[1]} => {t[2]}"),
    nested, mangled(), st.text(max_size=40),
    st.sampled_from(["", " ", "\n", "\t\n ", "x >= 1 and", "=>", "and"]),
    st.tuples(relations, st.sampled_from(["\n", "\n\n  ", "\r\n"]), relations).map("".join),
)


def check_one(text: str) -> tuple[str, float]:
    """Parse ``text``: ('parsed' | 'rejected', seconds); anything else fails the property.

    The time is the CPU time of the parsing thread, with the garbage collector paused, so
    that neither a machine loaded by other work nor a collection of the fuzzer's own heap
    fails the test; the parser itself has no threads or processes.
    """
    gc.disable()
    start = time.thread_time()
    try:
        parse_statement(text, PARAMS, line=3, column=5)
        outcome = "parsed"
    except ExprSyntaxError as exc:
        assert exc.line >= 3 and exc.column >= 1, (text, exc)
        assert "\n" not in exc.message, (text, exc.message)
        outcome = "rejected"
    finally:
        seconds = time.thread_time() - start
        gc.enable()
    assert seconds < LIMIT_S, f"{seconds:.2f} s to parse {text[:200]!r}"
    return outcome, seconds


@settings(max_examples=300, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(statements)
def test_every_input_parses_or_fails_with_the_documented_error_quickly(text):
    check_one(text)
    assert not SENTINEL.exists()


def test_fuzz_corpus_contains_both_outcomes():
    """The grammar is not degenerate: known inputs of each family parse or are rejected."""
    assert check_one("renyi(Normal(0, 1), Normal(x, 2), 2) <= x^2")[0] == "parsed"
    assert check_one("max(x, Phi(1)) >= Phi(1)")[0] == "parsed"
    for text in ["784 ** 67e127 >= x", "x <= 1e999999999", "x >= \u0663", "renyi(1, 2, 3) > 0",
                 "(" * 3000 + "x" + ")" * 3000 + " >= 0", "", "x >= 1 and", "9" * 5000 + " > x"]:
        assert check_one(text)[0] == "rejected", text
