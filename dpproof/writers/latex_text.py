"""LaTeX text: escaping, breakable typewriter text and prose, and formulas typeset from sympy
that break across lines instead of shrinking (``display``, ``breakable``)."""

from __future__ import annotations

import re
import unicodedata

import sympy

from ..claims import Claim, Statement
from . import reading

_SPECIAL = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
            "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
            "^": r"\textasciicircum{}", "<": r"\textless{}", ">": r"\textgreater{}",
            "|": r"\textbar{}", "[": "{[}", "]": "{]}"}   # [ after \\ would be an argument
_UNICODE = {"≈": r"$\approx$", "≤": r"$\le$", "≥": r"$\ge$", "≠": r"$\ne$", "±": r"$\pm$",
            "×": r"$\times$", "·": r"$\cdot$", "∞": r"$\infty$", "→": r"$\to$",
            "⇒": r"$\Rightarrow$", "∈": r"$\in$", "√": r"$\surd$", "–": "--", "—": "---",
            "‘": "`", "’": "'", "“": "``", "”": "''", "…": r"\dots{}", "\u00a0": "~",
            "ß": r"\ss{}", "ø": r"\o{}", "Ø": r"\O{}", "æ": r"\ae{}", "Æ": r"\AE{}",
            "ł": r"\l{}", "Ł": r"\L{}", "ı": r"\i{}", "§": r"\S{}", "°": r"$^\circ$"}
_ACCENTS = {"\u0301": "'", "\u0300": "`", "\u0302": "^", "\u0308": '"', "\u0303": "~",
            "\u0327": "c", "\u030c": "v", "\u030a": "r", "\u0304": "=", "\u0306": "u",
            "\u030b": "H", "\u0328": "k"}
_GREEK = {unicodedata.lookup(f"GREEK SMALL LETTER {n}"): "\\" + n.lower() for n in
          ("ALPHA", "BETA", "GAMMA", "DELTA", "EPSILON", "ZETA", "ETA", "THETA", "IOTA",
           "KAPPA", "LAMDA", "MU", "NU", "XI", "PI", "RHO", "SIGMA", "TAU", "UPSILON", "PHI",
           "CHI", "PSI", "OMEGA")}
_GREEK["λ"] = r"\lambda"
_REL = {"<=": r"\le", "<": "<", "==": "=", ">=": r"\ge", ">": ">"}

LONG_MATH = 110      # sympy.latex characters beyond which a formula is measured (dpmath)


def escape(text: object) -> str:
    """Text safe in LaTeX: specials escaped, Unicode mapped, whitespace runs one space."""
    return "".join(_char(ch) for ch in " ".join(str(text).split()))


def _char(ch: str) -> str:
    if ch in _SPECIAL:
        return _SPECIAL[ch]
    if ch.isascii():
        return ch
    if ch in _UNICODE:
        return _UNICODE[ch]
    if ch in _GREEK:
        return f"${_GREEK[ch]}$"
    base, *marks = unicodedata.normalize("NFD", ch)
    if base.isascii() and marks and all(m in _ACCENTS for m in marks):
        out = base if base not in "ij" else "\\" + base
        for m in marks:
            out = f"\\{_ACCENTS[m]}{{{out}}}"
        return out
    return r"\textsuperscript{?}"   # never a character LaTeX cannot typeset


def tt(text: object) -> str:
    """Escaped typewriter text that may break after ``. _ , / =`` and inside long runs
    (ids, witnesses, numbers).

    Underscores are the typewriter font's own glyph (slot 95 in OT1 and T1 typewriter
    fonts), so that ids survive copy and paste from the PDF.
    """
    words = " ".join(str(text).split()).split(" ")
    out = " ".join(r"\allowbreak{}".join(escape(p) for p in _pieces(w)) for w in words)
    return r"\texttt{" + out.replace(r"\_", r"{\char95}") + "}"   # a real, copyable _


_BREAK_AFTER = re.compile(r"(?<=[/(,=._*])|(?<=\+)(?!/)")   # not inside "+/-"
LONG_TOKEN = 16      # characters of a word beyond which it may break after / ( , = . _ + *
LONG_RUN = 24        # characters of a run with none of those after which it may break anyway


def _pieces(word: str) -> list[str]:
    """A long word cut where a line may break: after ``/ ( , = . _ + *`` and every
    LONG_RUN characters of a run without them (a 300-digit number)."""
    out = []
    for piece in _BREAK_AFTER.split(word):
        out += [piece[k:k + LONG_RUN] for k in range(0, len(piece), LONG_RUN)] or [""]
    return out


def wrap(text: object) -> str:
    """``escape`` for prose in narrow columns: a long word (a formula, an id, a number) may
    break (``_pieces``) so that nothing runs off the page."""
    words = " ".join(str(text).split()).split(" ")
    return " ".join(r"\allowbreak{}".join(escape(p) for p in _pieces(w))
                    if len(w) > LONG_TOKEN else escape(w) for w in words)


def expr_tex(expr) -> str:
    """sympy.latex of an expression (plain-text fallback if sympy cannot print it)."""
    try:
        return sympy.latex(expr)
    except Exception:  # pragma: no cover - a printer gap must not lose the report
        return r"\text{" + escape(sympy.sstr(expr)) + "}"


def relation_tex(st: Statement) -> str:
    return f"{expr_tex(st.lhs)} {_REL[st.rel]} {expr_tex(st.rhs)}"


def display(math: str) -> str:
    """Display math when it fits the line, else the same formula as inline math that may
    break after its operators, commas and (for long fractions) its division signs: never
    shrunk to an unreadable size, never off the page (``\\dpmath`` measures it)."""
    if len(math) <= LONG_MATH:
        return rf"\[ {math} \]"
    return rf"\dpmath{{{math}}}{{{breakable(math)}}}"


_DELIMS = re.compile(r"\\(?:left|right|middle)\s*(\\[A-Za-z]+|\\[{}|]|[()\[\]|./])")


def breakable(math: str) -> str:
    """``math`` for inline use across lines: ``\\left``, ``\\middle`` and ``\\right``
    dropped (they make one unbreakable box), long fractions written ``(a)/(b)``, a break
    allowed after commas."""
    math = _DELIMS.sub(lambda m: "" if m.group(1) == "." else m.group(1), math)
    return _unbrace(_flatten_fracs(math)).replace(", ", r",\allowbreak ")


#: what may stand before a brace group that only wraps a function's parenthesised
#: arguments (``\\log{(x)}``, ``\\operatorname{erfc}{(x)}``, ``\\operatorname{a}_{b}{(x)}``)
_CALL = re.compile(r"(?:\\[A-Za-z]+|\\operatorname\{(?:[^{}]|\{[^{}]*\})*\}(?:_\{[^{}]*\})?|\|)$")
_NOT_CALLS = ("\\frac", "\\dfrac", "\\sqrt", "\\binom", "\\mathrm", "\\text",
              "\\mathcal", "\\mathbb", "\\operatorname", "\\mathbf")


def _unbrace(math: str) -> str:
    """Drop the braces sympy puts around a function's arguments and inside ``|...|``, so
    that a line may break inside them (a brace group is one unbreakable box)."""
    out, i = [], 0
    while True:
        k = math.find("{", i)
        if k < 0:
            return "".join(out) + math[i:]
        end = _group(math, k)
        inner = math[k + 1:end - 1]
        call = _CALL.search(math[:k])
        wraps = (inner.startswith("(") and inner.rstrip().endswith(")")) or (
            math[k - 1:k] == "|" and math[end:end + 1] == "|")
        if call and wraps and call.group() not in _NOT_CALLS and _balanced(inner):
            out.append(math[i:k] + _unbrace(inner))
        else:
            out.append(math[i:k + 1] + _unbrace(inner) + "}")
        i = end


def _balanced(inner: str) -> bool:
    depth = 0
    for ch in inner:
        depth += (ch == "(") - (ch == ")")
        if depth < 0:
            return False
    return depth == 0


def _group(text: str, i: int) -> int:
    """The index after the brace group opening at ``text[i] == '{'``."""
    depth = 0
    for j in range(i, len(text)):
        depth += (text[j] == "{") - (text[j] == "}")
        if depth == 0:
            return j + 1
    return len(text)


def _flatten_fracs(math: str, longest: int = 40) -> str:
    out, i = [], 0
    while True:
        k = math.find(r"\frac{", i)
        if k < 0:
            return "".join(out) + math[i:]
        a_end = _group(math, k + 5)
        if a_end >= len(math) or math[a_end] != "{":
            out.append(math[i:a_end])
            i = a_end
            continue
        b_end = _group(math, a_end)
        num, den = math[k + 6:a_end - 1], math[a_end + 1:b_end - 1]
        out.append(math[i:k])
        if len(num) + len(den) > longest:
            out.append(f"({_flatten_fracs(num)})/({_flatten_fracs(den)})")
        else:
            out.append(math[k:b_end])
        i = b_end


def says_tex(claim: Claim) -> str:
    """A statement inline: as written (typewriter) from a claims file, else its formula."""
    if claim.statement is None:
        return r"\emph{no statement}"
    written, parsed = reading.written_statement(claim)
    if parsed:
        return tt(written)
    st = claim.statement
    hyps = "".join(f"${breakable(relation_tex(h))}$, " for h in st.hypotheses)
    return (f"if {hyps}then " if hyps else "") + f"${breakable(relation_tex(st))}$"
