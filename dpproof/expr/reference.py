"""The function reference of claims files: for every name of ``dpproof.expr.vocabulary``, its
arguments, meaning, where it is defined and an example claim (issue 31).

``DOCS`` is plain data (this module imports nothing heavy, so ``dpproof functions`` answers
at once); ``vocabulary.Entry.doc`` carries the entry of each name, and
``tests/unit/test_reference.py`` fails on a vocabulary name without a complete entry, on an
argument list whose length is not an arity of the function, and on an example that the real
claims-file loader rejects.  ``docs/functions.md`` is ``reference_pages.markdown()`` (a
test compares them; ``python docs/gen_reference.py`` regenerates it).

The entries themselves are data in ``dpproof.expr.reference_docs`` (and
``reference_docs_acct``).
"""

from __future__ import annotations

import difflib

from .reference_docs import DOCS as _CORE, Doc
from .reference_docs_acct import MORE

DOCS = {**_CORE, **MORE}


#: the sections of the reference, in order
TOPICS = {
    "elementary": "Elementary functions",
    "normal": "The standard normal and Dawson's integral",
    "laws": "Distributions (arguments of divergences only)",
    "divergences": "Divergences and privacy-loss quantities of two laws",
    "moments": "Moments",
    "product": "The normal product law (azize23, Algorithm 1)",
    "conversions": "Conversions and certified inverses",
    "composition": "Composition and subsampling",
    "bounded_range": "Bounded-range composition (cesar_rogers21)",
    "mechanisms": "Mechanisms",
    "isotonic": "Isotonic regression and truncated Gaussians (cesar_rogers21)",
}


def doc(name: str) -> Doc | None:
    return DOCS.get(name)


def suggest(name: str, names=None, n: int = 3) -> list[str]:
    """The names closest to ``name`` (difflib), for a "did you mean"."""
    pool = list(DOCS if names is None else names)
    return difflib.get_close_matches(name, pool, n=n, cutoff=0.6)


def did_you_mean(name: str, names=None) -> str:
    """" (did you mean 'gauss_delta'?)" or "" (for an unknown name)."""
    close = suggest(name, names)
    return f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""


KIND_TEXT = {
    "elementary": "elementary (sympy's own function; exact symbolic rules)",
    "special": "special function (an exact formula, lowered to every arithmetic)",
    "distribution": "distribution (a law: an argument of divergences, never a number)",
    "oracle": "oracle (computed from its definition; a certified arb ball)",
    "printed": "printed formula (as a source prints it; checked against an oracle)",
}


def claim_toml(name: str, d: Doc | None = None) -> str:
    """The example of ``name`` as a claims-file entry."""
    d = d or DOCS[name]
    lines = ["[[claim]]", f'id = "example.{name}"',
             f'source = "dpproof function reference: {name}"',
             f"statement = {_toml_string(d.example)}", f"domain = {d.on}"]
    if d.integers:
        lines.append("integers = [" + ", ".join(f'"{i}"' for i in d.integers) + "]")
    return "\n".join(lines) + "\n"


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def line(name: str) -> str:
    """One line: the signature and the meaning's first sentence."""
    d = DOCS[name]
    return f"{d.signature(name):<44} {_first_sentence(d.meaning)}"


def _first_sentence(text: str) -> str:
    head = text.split(". ")[0].split(": ")[0].split(" (")[0].split("; ")[0]
    return head.rstrip(".") + "."


def listing() -> str:
    """Every name, one line each, by topic (``dpproof functions``)."""
    out = []
    for topic, title in TOPICS.items():
        out.append(f"{title}:")
        out += ["  " + line(n) for n, d in DOCS.items() if d.topic == topic]
        out.append("")
    out.append("dpproof functions NAME prints one entry in full.")
    return "\n".join(out)
